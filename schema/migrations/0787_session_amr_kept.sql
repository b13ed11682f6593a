-- A session's amr kept on its row (issue 24, branch w/i24k).
--
-- Every refresh built the access token's amr from auth.mfa_amr_claims: a
-- sub-select (an index scan's start-up, a sort, jsonb_build_object per
-- method) in the child token's INSERT. The methods change only when a
-- session is started, passes a second factor or uses a backup code, so
-- auth.sessions.amr keeps them in the same form (newest first, whole-second
-- timestamps), written by a trigger on auth.mfa_amr_claims in the same
-- transaction; the refresh reads it with the session's UPDATE it already
-- makes. Lock order is unchanged: every writer of a claim (sign-in's new
-- session, MFA's Pass after raising the session, the backup-code grant
-- below, disable_2fa after updating the user's sessions) holds the
-- session's row already. The decisions, the writes and the answer's
-- columns are 0779's.

ALTER TABLE auth.sessions ADD COLUMN amr jsonb NOT NULL DEFAULT '[]';
COMMENT ON COLUMN auth.sessions.amr IS
  'The session''s methods for the access token''s amr claim, newest first; kept by a trigger on auth.mfa_amr_claims.';

CREATE FUNCTION auth.session_amr(p_session uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(ARRAY(SELECT jsonb_build_object('method', c.authentication_method,
                               'timestamp', floor(extract(epoch FROM c.updated_at))::bigint)
                          FROM auth.mfa_amr_claims c WHERE c.session_id = p_session
                         ORDER BY c.updated_at DESC))
$$;

UPDATE auth.sessions s SET amr = auth.session_amr(s.id)
 WHERE EXISTS (SELECT 1 FROM auth.mfa_amr_claims c WHERE c.session_id = s.id);

-- On INSERT OLD is NULL, on DELETE NEW is.
CREATE FUNCTION auth.session_amr_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth.sessions s SET amr = auth.session_amr(s.id)
   WHERE s.id = OLD.session_id OR s.id = NEW.session_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER session_amr_changed AFTER INSERT OR UPDATE OR DELETE ON auth.mfa_amr_claims
  FOR EACH ROW EXECUTE FUNCTION auth.session_amr_changed();

DROP FUNCTION auth.refresh_token_grant(text, text, interval);
CREATE FUNCTION auth.refresh_token_grant(p_token text, p_new_token text, p_reuse_interval interval)
RETURNS SETOF auth.refresh_grant_result
LANGUAGE plpgsql ROWS 1 AS $$
DECLARE
  r       auth.refresh_grant_result;
  t       auth.refresh_tokens%ROWTYPE;
  active  auth.refresh_tokens%ROWTYPE;
  fresh   boolean := true;
  expired boolean;
  granted boolean;
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
   WHERE s.id = t.session_id
     AND (s.not_after IS NULL OR s.not_after > now())
     AND NOT coalesce((SELECT u.banned_until > now() FROM auth.users u WHERE u.id = s.user_id), false)
  RETURNING s.aal, s.amr INTO v_aal, v_amr;
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
    -- The child, and whether a backup code accepted for this session
    -- (public.validate_backup_code) raises it to aal2 now, with the amr
    -- method "recovery".
    INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent)
    VALUES (p_new_token, t.user_id, t.session_id, t.token)
    RETURNING EXISTS (SELECT 1 FROM auth.mfa_recovery_grants g
                       WHERE g.session_id = t.session_id AND g.used_at IS NULL AND g.expires_at > now())
    INTO granted;
    IF granted THEN
      UPDATE auth.mfa_recovery_grants g SET used_at = now()
       WHERE g.session_id = t.session_id AND g.used_at IS NULL;
      UPDATE auth.sessions s SET aal = 'aal2' WHERE s.id = t.session_id;
      INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES (t.session_id, 'recovery')
      ON CONFLICT ON CONSTRAINT mfa_amr_claims_session_id_authentication_method_key
      DO UPDATE SET updated_at = now();
      v_aal := 'aal2';
      -- The claim's trigger wrote the session's amr with "recovery".
      SELECT s.amr INTO v_amr FROM auth.sessions s WHERE s.id = t.session_id;
    END IF;
  END IF;
  r := ROW(CASE WHEN v_token = p_new_token THEN 'issued' ELSE 'reused_active' END,
           v_token, t.session_id, t.user_id, v_aal, v_amr);
  RETURN NEXT r;
END
$$;

REVOKE ALL ON FUNCTION auth.refresh_token_grant(text, text, interval) FROM PUBLIC;
