-- Stamps the *_sent_at column GoTrue shows for the token type.
UPDATE auth.users
   SET confirmation_sent_at     = CASE WHEN $2 = 'confirmation_token' THEN now() ELSE confirmation_sent_at END,
       recovery_sent_at         = CASE WHEN $2 = 'recovery_token' THEN now() ELSE recovery_sent_at END,
       email_change_sent_at     = CASE WHEN $2 LIKE 'email_change_token_%' THEN now() ELSE email_change_sent_at END,
       reauthentication_sent_at = CASE WHEN $2 = 'reauthentication_token' THEN now() ELSE reauthentication_sent_at END
 WHERE id = $1
