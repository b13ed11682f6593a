-- Stores a user's answer unless the user, an identity or a factor changed
-- since it was read (the triggers of 0786 bump version in that change's
-- transaction; a change still running makes this wait, then not match).
UPDATE auth.user_answers SET answer = $3 WHERE user_id = $1 AND version = $2
