-- Locks the user (serialising enrolments), drops the user's factors that
-- were never verified within $2, and lists the rest.
WITH locked AS (
  SELECT id FROM auth.users WHERE id = $1 FOR UPDATE
), expired AS (
  DELETE FROM auth.mfa_factors f USING locked
   WHERE f.user_id = locked.id AND f.status = 'unverified' AND f.created_at < now() - $2::interval
  RETURNING f.id
)
SELECT coalesce(jsonb_agg(jsonb_build_object(
         'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
         'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
         'last_challenged_at', f.last_challenged_at, 'phone', coalesce(f.phone, ''))), '[]')
  FROM auth.mfa_factors f
 WHERE f.user_id = (SELECT id FROM locked) AND f.id NOT IN (SELECT id FROM expired)
