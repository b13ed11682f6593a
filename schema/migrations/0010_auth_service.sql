-- What the /auth/v1 service (gateway/auth) needs beyond 0002_auth.sql:
-- OAuth round trips in flow_state, recovery grants from backup codes, the
-- refresh-token grant as one function, and auth.mfa_satisfied() for
-- policies.

-- An OAuth sign-in without PKCE (supabase-js's default implicit flow) still
-- keeps its state server-side, so code_challenge may be absent; redirect_to
-- is where /callback sends the browser.
ALTER TABLE auth.flow_state
  ALTER COLUMN code_challenge DROP NOT NULL,
  ALTER COLUMN code_challenge_method DROP NOT NULL,
  ADD COLUMN redirect_to text;
CREATE INDEX flow_state_user_method_idx ON auth.flow_state (user_id, authentication_method, created_at DESC);
CREATE INDEX flow_state_created_idx ON auth.flow_state (created_at);

-- Every refresh revokes one token and inserts another. Revoking must not
-- touch an indexed column, so the row can be updated in place (HOT) and no
-- index grows: the session index no longer includes "revoked" (the active
-- token is the newest unrevoked one, found walking (session_id, id)
-- backwards), nothing looks tokens up by parent, and pages keep room for
-- the in-place update.
DROP INDEX auth.refresh_tokens_session_idx;
DROP INDEX auth.refresh_tokens_parent_idx;
CREATE INDEX refresh_tokens_session_id_idx ON auth.refresh_tokens (session_id, id);
ALTER TABLE auth.refresh_tokens SET (fillfactor = 80);

-- A backup code accepted by public.validate_backup_code() records a grant
-- for the caller's session; the next refresh of that session consumes it
-- and raises the session to aal2 with the amr method "recovery". Grants
-- are single-use and short-lived.
CREATE TABLE auth.mfa_recovery_grants (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX mfa_recovery_grants_open_idx ON auth.mfa_recovery_grants (session_id) WHERE used_at IS NULL;

-- The refresh_token grant with rotation and reuse detection, as GoTrue's
-- RefreshTokenGrant (reference §1.6), in one call so a refresh is one round
-- trip. The presented token's row is locked FOR UPDATE, so concurrent
-- refreshes of one token run one after the other: the first rotates, the
-- second finds the token revoked and gets the first one's child back.
--
-- outcome is one of:
--   issued          a new child of p_token (p_new_token) was stored
--   reused_active   p_token is the parent of the session's active token,
--                   which is returned (the client lost the last answer)
--   not_found       no such token
--   already_used    revoked and past the reuse interval: every token of
--                   the session is now revoked and the session ended
--                   (a revoked token of an ended session answers this too)
--   session_expired the session's not_after has passed
--   user_banned     the user is banned
CREATE FUNCTION auth.refresh_token_grant(p_token text, p_new_token text, p_reuse_interval interval)
RETURNS TABLE (outcome text, issued_token text, session_id uuid, user_id uuid, aal text, amr jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  t       auth.refresh_tokens%ROWTYPE;
  active  auth.refresh_tokens%ROWTYPE;
  fresh   boolean := true;
  expired boolean;
  v_aal   text;
  v_amr   jsonb;
  v_token text := p_new_token;
BEGIN
  -- The common case first: the presented token is the live one. The
  -- UPDATE takes the row lock and revokes it in one step.
  UPDATE auth.refresh_tokens rt SET revoked = true, updated_at = now()
   WHERE rt.token = p_token AND NOT rt.revoked
  RETURNING * INTO t;
  IF NOT FOUND THEN
    fresh := false;
    SELECT * INTO t FROM auth.refresh_tokens rt WHERE rt.token = p_token FOR UPDATE;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::uuid, NULL::uuid, NULL::text, NULL::jsonb;
      RETURN;
    END IF;
  END IF;

  -- The session must be live and its user not banned; the same statement
  -- stamps the refresh.
  UPDATE auth.sessions s SET refreshed_at = now(), updated_at = now()
    FROM auth.users u
   WHERE s.id = t.session_id AND u.id = s.user_id
     AND (s.not_after IS NULL OR s.not_after > now())
     AND (u.banned_until IS NULL OR u.banned_until <= now())
  RETURNING s.aal INTO v_aal;
  IF NOT FOUND THEN
    SELECT coalesce(s.not_after <= now(), false) INTO expired FROM auth.sessions s WHERE s.id = t.session_id;
    RETURN QUERY SELECT CASE WHEN NOT expired THEN 'user_banned'
                             WHEN fresh THEN 'session_expired' ELSE 'already_used' END,
                        NULL::text, t.session_id, t.user_id, NULL::text, NULL::jsonb;
    RETURN;
  END IF;

  IF NOT fresh THEN
    SELECT * INTO active FROM auth.refresh_tokens rt
     WHERE rt.session_id = t.session_id AND NOT rt.revoked
     ORDER BY rt.id DESC LIMIT 1;
    IF FOUND AND active.parent = t.token THEN
      v_token := active.token;
    ELSIF now() > t.updated_at + p_reuse_interval THEN
      -- Reuse detected: the session is over. Ending it (not_after) keeps
      -- the tokens just revoked here from counting as recently revoked.
      UPDATE auth.refresh_tokens rt SET revoked = true, updated_at = now()
       WHERE rt.session_id = t.session_id AND NOT rt.revoked;
      UPDATE auth.sessions s SET not_after = now(), updated_at = now() WHERE s.id = t.session_id;
      RETURN QUERY SELECT 'already_used'::text, NULL::text, t.session_id, t.user_id, NULL::text, NULL::jsonb;
      RETURN;
    END IF;
    -- Otherwise a revoked token within the reuse interval gets a child.
  END IF;

  IF v_token = p_new_token THEN
    INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent)
    VALUES (p_new_token, t.user_id, t.session_id, t.token);

    -- A backup code accepted for this session (public.validate_backup_code)
    -- raises it to aal2 now, with the amr method "recovery".
    IF EXISTS (SELECT 1 FROM auth.mfa_recovery_grants g
                WHERE g.session_id = t.session_id AND g.used_at IS NULL AND g.expires_at > now()) THEN
      UPDATE auth.mfa_recovery_grants g SET used_at = now()
       WHERE g.session_id = t.session_id AND g.used_at IS NULL;
      UPDATE auth.sessions s SET aal = 'aal2' WHERE s.id = t.session_id;
      INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES (t.session_id, 'recovery')
      ON CONFLICT ON CONSTRAINT mfa_amr_claims_session_id_authentication_method_key
      DO UPDATE SET updated_at = now();
      v_aal := 'aal2';
    END IF;
  END IF;

  -- The session's methods, newest first, for the access token's amr.
  SELECT coalesce(jsonb_agg(jsonb_build_object('method', c.authentication_method,
           'timestamp', floor(extract(epoch FROM c.updated_at))::bigint) ORDER BY c.updated_at DESC), '[]')
    INTO v_amr
    FROM auth.mfa_amr_claims c WHERE c.session_id = t.session_id;

  RETURN QUERY SELECT CASE WHEN v_token = p_new_token THEN 'issued' ELSE 'reused_active' END,
                      v_token, t.session_id, t.user_id, v_aal, v_amr;
END
$$;

-- True when the caller's session meets the user's second-factor setting:
-- the JWT says aal2, or the user has no verified factor. Policies use it to
-- keep aal1 sessions of two-factor users away from sensitive rows, e.g.
--   CREATE POLICY ... USING (user_id = auth.uid() AND auth.mfa_satisfied())
CREATE FUNCTION auth.mfa_satisfied() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      OR NOT EXISTS (
        SELECT 1 FROM auth.mfa_factors f
         WHERE f.user_id = auth.uid() AND f.status = 'verified'
      )
$$;
REVOKE ALL ON FUNCTION auth.mfa_satisfied() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.mfa_satisfied() TO anon, authenticated, service_role;
REVOKE ALL ON FUNCTION auth.refresh_token_grant(text, text, interval) FROM PUBLIC;
