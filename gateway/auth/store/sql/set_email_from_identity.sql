-- A user without an address takes the linked identity's verified one.
UPDATE auth.users SET email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
 WHERE id = $1 AND coalesce(email, '') = ''
