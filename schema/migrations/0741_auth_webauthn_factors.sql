-- Security keys as a second factor (issue 24): a 'webauthn' row of
-- auth.mfa_factors holds the credential its verification registered, and
-- a challenge of such a factor holds the ceremony's session data, as in
-- GoTrue (web_authn_credential, web_authn_aaguid, web_authn_session_data).
ALTER TABLE auth.mfa_factors
  ADD COLUMN web_authn_credential jsonb,
  ADD COLUMN web_authn_aaguid uuid;
ALTER TABLE auth.mfa_challenges
  ADD COLUMN web_authn_session_data jsonb;

-- disable_2fa also forgets the sessions' security-key claims.
CREATE OR REPLACE FUNCTION public.disable_2fa(p_password text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_uid  uuid := auth.uid();
  v_hash text;
BEGIN
  PERFORM auth.assert_data_access();
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
   WHERE c.session_id = s.id AND s.user_id = v_uid
     AND c.authentication_method IN ('totp', 'recovery', 'mfa/webauthn');
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
$function$
;
