-- Every session of the user but $2 (all of them when $2 is null).
DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid
