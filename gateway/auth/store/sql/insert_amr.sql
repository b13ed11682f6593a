INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1, $2)
ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = now()
