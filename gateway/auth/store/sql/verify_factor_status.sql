UPDATE auth.mfa_factors SET status = 'verified', updated_at = now() WHERE id = $1
