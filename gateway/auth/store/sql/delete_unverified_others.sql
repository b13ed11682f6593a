DELETE FROM auth.mfa_factors WHERE user_id = $1 AND id <> $2 AND status = 'unverified' AND factor_type = $3
