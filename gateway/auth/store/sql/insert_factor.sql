INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
VALUES ($1, nullif($2, ''), $3, 'unverified', nullif($4, ''))
RETURNING id::text
