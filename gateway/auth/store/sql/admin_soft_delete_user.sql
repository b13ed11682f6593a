-- The row stays for references; sign-in methods, sessions and factors go,
-- and the address is free for a new account.
WITH i AS (DELETE FROM auth.identities WHERE user_id = $1),
     s AS (DELETE FROM auth.sessions WHERE user_id = $1),
     f AS (DELETE FROM auth.mfa_factors WHERE user_id = $1)
UPDATE auth.users SET deleted_at = now(), encrypted_password = NULL, updated_at = now() WHERE id = $1
