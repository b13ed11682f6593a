DELETE FROM auth.mfa_factors WHERE id = $1
