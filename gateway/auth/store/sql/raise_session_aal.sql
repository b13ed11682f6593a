UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, updated_at = now() WHERE id = $1
