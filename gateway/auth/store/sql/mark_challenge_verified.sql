UPDATE auth.mfa_challenges SET verified_at = now() WHERE id = $1
