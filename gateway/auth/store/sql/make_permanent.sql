-- An anonymous user who links an identity becomes a permanent one.
UPDATE auth.users SET is_anonymous = false, updated_at = now() WHERE id = $1 AND is_anonymous
