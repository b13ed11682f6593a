-- A session's level and methods, newest first, for the access token.
SELECT s.aal,
       coalesce((SELECT jsonb_agg(jsonb_build_object('method', c.authentication_method,
                   'timestamp', floor(extract(epoch FROM c.updated_at))::bigint) ORDER BY c.updated_at DESC)
                   FROM auth.mfa_amr_claims c WHERE c.session_id = s.id), '[]')
  FROM auth.sessions s
 WHERE s.id = $1
