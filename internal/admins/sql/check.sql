-- What the database says of the caller now, whatever its token says: an
-- admin, not deleted or banned, the token's session still signed in, and
-- whether a verified factor asks for aal2. No row: no such user.
SELECT coalesce(u.email, ''),
       coalesce(u.raw_app_meta_data -> 'daybase_admin' = 'true'::jsonb, false)
         AND u.deleted_at IS NULL
         AND (u.banned_until IS NULL OR u.banned_until <= now()) AS admin,
       EXISTS (SELECT FROM auth.sessions s
                WHERE s.id::text = $2 AND s.user_id = u.id AND (s.not_after IS NULL OR s.not_after > now())) AS session_live,
       EXISTS (SELECT FROM auth.mfa_factors f
                WHERE f.user_id = u.id AND f.status = 'verified') AS has_factor
  FROM auth.users u
 WHERE u.id = $1
