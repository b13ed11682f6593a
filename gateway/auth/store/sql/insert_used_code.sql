-- A code's time step is recorded once per factor; no row inserted means a
-- replay. Steps older than the validity window are pruned.
WITH pruned AS (
  DELETE FROM auth.mfa_used_codes WHERE factor_id = $1 AND time_step < $2::bigint - 4
)
INSERT INTO auth.mfa_used_codes (factor_id, time_step) VALUES ($1, $2)
ON CONFLICT (factor_id, time_step) DO NOTHING
