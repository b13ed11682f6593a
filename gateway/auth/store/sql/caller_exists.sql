-- Whether a token's user and session still exist (GoTrue answers
-- user_not_found and session_not_found). A session ended by refresh-token
-- reuse detection or its timebox keeps its row with not_after in the past:
-- its access tokens are refused at once, as after sign-out (issue 17).
SELECT EXISTS (SELECT 1 FROM auth.users WHERE id = $1 AND deleted_at IS NULL),
       EXISTS (SELECT 1 FROM auth.sessions
                WHERE id = $2 AND user_id = $1 AND (not_after IS NULL OR not_after > now()))
