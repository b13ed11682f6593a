-- The newest flow of the user for the method gets its code issued.
UPDATE auth.flow_state SET auth_code_issued_at = now(), updated_at = now()
 WHERE id = (SELECT id FROM auth.flow_state
              WHERE user_id = $1 AND authentication_method = $2 AND code_challenge IS NOT NULL
              ORDER BY created_at DESC LIMIT 1)
RETURNING auth_code
