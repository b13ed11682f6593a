-- GoTrue stores the nil instance id; confirmed users get
-- email_confirmed_at now.
INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, is_anonymous, invited_at)
VALUES ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $9, nullif($2, ''), nullif($3, ''),
        CASE WHEN $4::boolean THEN now() END, $5, $6, $7,
        CASE WHEN $8::boolean THEN now() END)
