-- The spec's two-factor tables and RPCs (000 §3, §4 "Two-factor", §7):
-- user_2fa_settings, user_2fa_backup_codes, an event log, and the functions
-- log_2fa_event, generate_backup_codes, validate_backup_code and
-- disable_2fa, called by the app through /rest/v1/rpc.
--
-- The factors themselves live in auth.mfa_factors and are managed through
-- /auth/v1/factors; these tables are the app's view of the setting.
-- Backup codes are shown once and stored only as bcrypt hashes, in a table
-- the API roles cannot read (auth.user_2fa_backup_code_hashes).

CREATE TABLE public.user_2fa_settings (
  user_id                 uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  is_enabled              boolean NOT NULL DEFAULT false,
  backup_codes_generated  boolean NOT NULL DEFAULT false,
  trusted_devices_enabled boolean NOT NULL DEFAULT false,
  recovery_email          text,
  is_deleted              boolean NOT NULL DEFAULT false,
  needs_sync              boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.user_2fa_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_2fa_settings_select ON public.user_2fa_settings
  FOR SELECT TO authenticated USING (user_id = auth.uid());
CREATE POLICY user_2fa_settings_insert ON public.user_2fa_settings
  FOR INSERT TO authenticated WITH CHECK (user_id = auth.uid());
-- Changing the setting of an account with a verified factor needs an aal2
-- session, so a stolen password alone cannot switch two-factor off.
CREATE POLICY user_2fa_settings_update ON public.user_2fa_settings
  FOR UPDATE TO authenticated
  USING (user_id = auth.uid())
  WITH CHECK (user_id = auth.uid() AND auth.mfa_satisfied());

CREATE TABLE public.user_2fa_backup_codes (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  used_at    timestamptz,
  is_deleted boolean NOT NULL DEFAULT false,
  needs_sync boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_2fa_backup_codes_user_idx ON public.user_2fa_backup_codes (user_id) WHERE NOT is_deleted;
ALTER TABLE public.user_2fa_backup_codes ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_2fa_backup_codes_select ON public.user_2fa_backup_codes
  FOR SELECT TO authenticated USING (user_id = auth.uid());
-- Only the bookkeeping columns are writable; codes are made and used by
-- the functions below.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.user_2fa_backup_codes FROM anon, authenticated;
GRANT UPDATE (is_deleted, needs_sync, updated_at) ON public.user_2fa_backup_codes TO authenticated;
CREATE POLICY user_2fa_backup_codes_update ON public.user_2fa_backup_codes
  FOR UPDATE TO authenticated
  USING (user_id = auth.uid())
  WITH CHECK (user_id = auth.uid() AND auth.mfa_satisfied());

CREATE TABLE auth.user_2fa_backup_code_hashes (
  code_id   uuid PRIMARY KEY REFERENCES public.user_2fa_backup_codes (id) ON DELETE CASCADE,
  code_hash text NOT NULL
);

CREATE TABLE public.user_2fa_events (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  event_type   text NOT NULL,
  factor_id    text,
  challenge_id text,
  success      boolean,
  metadata     jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_2fa_events_user_idx ON public.user_2fa_events (user_id, event_type, created_at);
ALTER TABLE public.user_2fa_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_2fa_events_select ON public.user_2fa_events
  FOR SELECT TO authenticated USING (user_id = auth.uid());
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.user_2fa_events FROM anon, authenticated;

-- log_2fa_event records one event of the caller's two-factor flow.
CREATE FUNCTION public.log_2fa_event(
  event_type   text,
  factor_id    text DEFAULT NULL,
  challenge_id text DEFAULT NULL,
  success      boolean DEFAULT NULL,
  metadata     jsonb DEFAULT '{}'
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid uuid := auth.uid();
BEGIN
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'log_2fa_event needs a signed-in user' USING ERRCODE = '42501';
  END IF;
  IF log_2fa_event.event_type IS NULL OR length(log_2fa_event.event_type) > 100 THEN
    RAISE EXCEPTION 'event_type is required (at most 100 characters)' USING ERRCODE = '22023';
  END IF;
  INSERT INTO public.user_2fa_events (user_id, event_type, factor_id, challenge_id, success, metadata)
  VALUES (v_uid, log_2fa_event.event_type, log_2fa_event.factor_id, log_2fa_event.challenge_id,
          log_2fa_event.success, coalesce(log_2fa_event.metadata, '{}'));
END
$$;

-- generate_backup_codes replaces the caller's backup codes with ten new
-- ones, returned once as 'xxxx-xxxx'. Only the caller's own account, and
-- when it has a verified factor only from an aal2 session (else an aal1
-- session could mint codes that bypass the second factor).
CREATE FUNCTION public.generate_backup_codes(p_user_id uuid) RETURNS text[]
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  -- 31 symbols without look-alikes (0/o, 1/l/i): 8 of them are 39.6 bits.
  alphabet constant text := 'abcdefghjkmnpqrstuvwxyz23456789';
  v_uid    uuid := auth.uid();
  v_codes  text[] := '{}';
  v_code   text;
  v_id     uuid;
  v_bytes  bytea;
  b        int;
BEGIN
  IF v_uid IS NULL OR p_user_id IS DISTINCT FROM v_uid THEN
    RAISE EXCEPTION 'backup codes can only be generated for your own account' USING ERRCODE = '42501';
  END IF;
  IF NOT auth.mfa_satisfied() THEN
    RAISE EXCEPTION 'generating backup codes needs a session verified with your second factor (aal2)'
      USING ERRCODE = '42501';
  END IF;
  DELETE FROM auth.user_2fa_backup_code_hashes h
   USING public.user_2fa_backup_codes c
   WHERE h.code_id = c.id AND c.user_id = v_uid;
  UPDATE public.user_2fa_backup_codes SET is_deleted = true, updated_at = now()
   WHERE user_id = v_uid AND NOT is_deleted;
  FOR i IN 1..10 LOOP
    v_code := '';
    -- Rejection sampling keeps every symbol equally likely: bytes >= 248
    -- (8 * 31) are skipped.
    WHILE length(v_code) < 8 LOOP
      v_bytes := extensions.gen_random_bytes(16);
      FOR j IN 0..15 LOOP
        b := get_byte(v_bytes, j);
        IF b < 248 AND length(v_code) < 8 THEN
          v_code := v_code || substr(alphabet, (b % 31) + 1, 1);
        END IF;
      END LOOP;
    END LOOP;
    INSERT INTO public.user_2fa_backup_codes (user_id) VALUES (v_uid) RETURNING id INTO v_id;
    INSERT INTO auth.user_2fa_backup_code_hashes (code_id, code_hash)
    VALUES (v_id, extensions.crypt(v_code, extensions.gen_salt('bf', 8)));
    v_codes := v_codes || (substr(v_code, 1, 4) || '-' || substr(v_code, 5, 4));
  END LOOP;
  INSERT INTO public.user_2fa_settings (user_id, backup_codes_generated)
  VALUES (v_uid, true)
  ON CONFLICT (user_id) DO UPDATE SET backup_codes_generated = true, updated_at = now();
  INSERT INTO public.user_2fa_events (user_id, event_type, success)
  VALUES (v_uid, 'backup_codes_generated', true);
  RETURN v_codes;
END
$$;

-- validate_backup_code checks one of the caller's unused backup codes
-- (spaces and dashes ignored, case-insensitive) and uses it up. A valid
-- code records a recovery grant for the caller's session: the next token
-- refresh (supabase.auth.refreshSession()) raises that session to aal2 with
-- the amr method "recovery" (auth.refresh_token_grant). More than ten
-- failures within 15 minutes make it answer false without checking.
CREATE FUNCTION public.validate_backup_code(p_backup_code text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid     uuid := auth.uid();
  v_session uuid;
  v_code    text := lower(regexp_replace(coalesce(p_backup_code, ''), '[[:space:]-]', '', 'g'));
  v_fails   int;
  rec       record;
BEGIN
  IF v_uid IS NULL THEN
    RETURN false;
  END IF;
  SELECT count(*) INTO v_fails FROM public.user_2fa_events e
   WHERE e.user_id = v_uid AND e.event_type = 'backup_code_failed'
     AND e.created_at > now() - interval '15 minutes';
  IF v_fails >= 10 THEN
    INSERT INTO public.user_2fa_events (user_id, event_type, success, metadata)
    VALUES (v_uid, 'backup_code_throttled', false, '{}');
    RETURN false;
  END IF;
  IF v_code ~ '^[a-z0-9]{8}$' THEN
    FOR rec IN
      SELECT c.id, h.code_hash
        FROM public.user_2fa_backup_codes c
        JOIN auth.user_2fa_backup_code_hashes h ON h.code_id = c.id
       WHERE c.user_id = v_uid AND c.used_at IS NULL AND NOT c.is_deleted
         FOR UPDATE OF c
    LOOP
      IF extensions.crypt(v_code, rec.code_hash) = rec.code_hash THEN
        UPDATE public.user_2fa_backup_codes SET used_at = now(), updated_at = now() WHERE id = rec.id;
        DELETE FROM auth.user_2fa_backup_code_hashes WHERE code_id = rec.id;
        v_session := nullif(auth.jwt() ->> 'session_id', '')::uuid;
        IF v_session IS NOT NULL AND EXISTS (
          SELECT 1 FROM auth.sessions s WHERE s.id = v_session AND s.user_id = v_uid
        ) THEN
          INSERT INTO auth.mfa_recovery_grants (user_id, session_id, expires_at)
          VALUES (v_uid, v_session, now() + interval '5 minutes');
        END IF;
        INSERT INTO public.user_2fa_events (user_id, event_type, success)
        VALUES (v_uid, 'backup_code_used', true);
        RETURN true;
      END IF;
    END LOOP;
  END IF;
  INSERT INTO public.user_2fa_events (user_id, event_type, success)
  VALUES (v_uid, 'backup_code_failed', false);
  RETURN false;
END
$$;

-- disable_2fa switches two-factor off for the caller (000 §4 "Two-factor"
-- step 4): every factor is removed, sessions drop to aal1, backup codes
-- are deleted and the setting is marked disabled and deleted. It needs an
-- aal2 session when a verified factor exists — the password alone never
-- suffices — and, when p_password is given, that password re-checked.
CREATE FUNCTION public.disable_2fa(p_password text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid  uuid := auth.uid();
  v_hash text;
BEGIN
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'disable_2fa needs a signed-in user' USING ERRCODE = '42501';
  END IF;
  IF NOT auth.mfa_satisfied() THEN
    RAISE EXCEPTION 'disabling two-factor needs a session verified with your second factor (aal2)'
      USING ERRCODE = '42501';
  END IF;
  IF p_password IS NOT NULL THEN
    SELECT encrypted_password INTO v_hash FROM auth.users WHERE id = v_uid;
    IF v_hash IS NULL OR v_hash = '' OR extensions.crypt(p_password, v_hash) <> v_hash THEN
      INSERT INTO public.user_2fa_events (user_id, event_type, success)
      VALUES (v_uid, 'disable_password_failed', false);
      RAISE EXCEPTION 'invalid password' USING ERRCODE = '28P01';
    END IF;
  END IF;
  UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL, updated_at = now() WHERE user_id = v_uid;
  DELETE FROM auth.mfa_amr_claims c USING auth.sessions s
   WHERE c.session_id = s.id AND s.user_id = v_uid AND c.authentication_method IN ('totp', 'recovery');
  DELETE FROM auth.mfa_factors WHERE user_id = v_uid;
  DELETE FROM auth.user_2fa_backup_code_hashes h
   USING public.user_2fa_backup_codes c
   WHERE h.code_id = c.id AND c.user_id = v_uid;
  UPDATE public.user_2fa_backup_codes SET is_deleted = true, updated_at = now()
   WHERE user_id = v_uid AND NOT is_deleted;
  INSERT INTO public.user_2fa_settings (user_id, is_enabled, is_deleted)
  VALUES (v_uid, false, true)
  ON CONFLICT (user_id) DO UPDATE SET is_enabled = false, is_deleted = true,
    backup_codes_generated = false, updated_at = now();
  INSERT INTO public.user_2fa_events (user_id, event_type, success)
  VALUES (v_uid, '2fa_disabled', true);
END
$$;

REVOKE ALL ON FUNCTION public.log_2fa_event(text, text, text, boolean, jsonb),
  public.generate_backup_codes(uuid), public.validate_backup_code(text), public.disable_2fa(text)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.log_2fa_event(text, text, text, boolean, jsonb),
  public.generate_backup_codes(uuid), public.validate_backup_code(text), public.disable_2fa(text)
  TO authenticated, service_role;
