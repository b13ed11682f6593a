-- Two-factor that protects data, and ended sessions that reach no data
-- (issue 17, findings 2 and 3; docs/decisions.md "Security (issue 17):
-- accounts and data").
--
-- A user with a verified factor who signs in with the password alone holds
-- an aal1 token. Until now only the app's dialog stood between that token
-- and the user's rows. From here every data path asks the database:
--
--   * auth.data_access_allowed() is true when the caller's session has not
--     ended (the token's session_id names a live auth.sessions row: not
--     signed out, not ended by refresh-token reuse, not past not_after) and
--     the session meets the user's second-factor setting (aal2, or no
--     verified factor), as the hosted service's MFA guide recommends.
--   * Every table in public, storage.objects and realtime.messages carries
--     the restrictive policy data_access_allowed, so reads of such a
--     session see nothing and writes fail, through /rest/v1, storage and
--     realtime (postgres_changes and private channels evaluate the same
--     policies). The helper is STABLE and written as (SELECT ...), so it
--     runs once per statement (an InitPlan), not once per row.
--   * The RPCs that bypass row-level security (SECURITY DEFINER, or reading
--     through definer helpers as search_user_content does) start with
--     PERFORM auth.assert_data_access(), which raises 42501. Only
--     log_2fa_event and validate_backup_code, the steps of the sign-in
--     challenge itself, stay open to an aal1 session.
--
-- schema/datamodel2/mfa_test.go fails when a table or RPC added later lacks
-- its part.

-- PL/pgSQL rather than SQL: a SQL function that cannot be inlined (this one
-- is SECURITY DEFINER) is planned again on every call, PL/pgSQL keeps the
-- plans of its two look-ups for the connection's life (docs/benchmarks.md,
-- "Issue 17").
CREATE FUNCTION auth.data_access_allowed() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_claims  jsonb := auth.jwt();
  v_session text := nullif(v_claims ->> 'session_id', '');
BEGIN
  -- A token of an ended session (signed out, reuse detected, timeboxed).
  IF v_session IS NOT NULL THEN
    IF v_session !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
       OR NOT EXISTS (SELECT 1 FROM auth.sessions s
                       WHERE s.id = v_session::uuid AND (s.not_after IS NULL OR s.not_after > now())) THEN
      RETURN false;
    END IF;
  END IF;
  IF v_claims ->> 'aal' = 'aal2' THEN
    RETURN true;
  END IF;
  RETURN NOT EXISTS (SELECT 1 FROM auth.mfa_factors f WHERE f.user_id = auth.uid() AND f.status = 'verified');
END
$$;
REVOKE ALL ON FUNCTION auth.data_access_allowed() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.data_access_allowed() TO anon, authenticated, service_role;

-- The same rule for functions that bypass row-level security: raises
-- 42501 with a message that says what to do.
CREATE FUNCTION auth.assert_data_access() RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
BEGIN
  IF NOT auth.data_access_allowed() THEN
    IF coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' AND NOT auth.mfa_satisfied() THEN
      RAISE EXCEPTION 'Verify your second factor first: this needs a session at aal2'
        USING ERRCODE = '42501', HINT = 'Complete the two-factor challenge (supabase.auth.mfa.challengeAndVerify).';
    END IF;
    RAISE EXCEPTION 'This session has ended; sign in again' USING ERRCODE = '42501';
  END IF;
END
$$;
REVOKE ALL ON FUNCTION auth.assert_data_access() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.assert_data_access() TO anon, authenticated, service_role;

-- The restrictive policy on every table that holds user data. Tables added
-- later add it in their own migration (the structural test names them):
--   CREATE POLICY data_access_allowed ON public.t AS RESTRICTIVE FOR ALL TO PUBLIC
--     USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT c.oid::regclass FROM pg_catalog.pg_class c
     WHERE (c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p'))
        OR c.oid IN ('storage.objects'::regclass, 'realtime.messages'::regclass)
     ORDER BY 1
  LOOP
    EXECUTE format('CREATE POLICY data_access_allowed ON %s AS RESTRICTIVE FOR ALL TO PUBLIC '
                   'USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()))', t);
  END LOOP;
END
$$;

-- The RPCs, as they stand after the earlier migrations, with the check as
-- their first statement (the bodies are otherwise unchanged).
CREATE OR REPLACE FUNCTION public.accept_project_invite(p_invite_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user    uuid := auth.uid();
  v_invite  public.project_invites;
  v_project public.projects;
  v_role    text;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_user IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_invite FROM public.project_invites i
  WHERE i.token = btrim(coalesce(p_invite_token, ''))
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invitation not found' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.accepted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This invitation has already been used' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.expires_at <= now() THEN
    RAISE EXCEPTION 'This invitation has expired' USING ERRCODE = 'P0001';
  END IF;
  SELECT * INTO v_project FROM public.projects p WHERE p.id = v_invite.project_id;
  IF NOT FOUND OR v_project.is_deleted THEN
    RAISE EXCEPTION 'This project no longer exists' USING ERRCODE = 'P0001';
  END IF;
  IF NOT v_invite.is_link AND v_invite.email IS DISTINCT FROM private.current_user_email() THEN
    RAISE EXCEPTION 'This invitation was sent to a different email address' USING ERRCODE = '42501';
  END IF;

  v_role := private.project_role_of(v_project.id, v_user);
  IF v_role IS NOT NULL THEN
    RETURN jsonb_build_object('project_id', v_project.id, 'project_name', v_project.name,
                              'role', v_role, 'already_member', true);
  END IF;

  UPDATE public.project_invites SET accepted_at = now(), accepted_by = v_user
  WHERE project_invites.id = v_invite.id;
  INSERT INTO public.project_members (project_id, user_id, role)
  VALUES (v_project.id, v_user, 'member');
  RETURN jsonb_build_object('project_id', v_project.id, 'project_name', v_project.name,
                            'role', 'member', 'already_member', false);
END
$function$
;

CREATE OR REPLACE FUNCTION public.cancel_project_invite(p_invite_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_service boolean := private.is_service_caller();
  v_user    uuid := CASE WHEN v_service THEN NULL ELSE private.acting_user(NULL) END;
  v_invite  public.project_invites;
BEGIN
  PERFORM auth.assert_data_access();
  SELECT * INTO v_invite FROM public.project_invites i WHERE i.id = p_invite_id FOR UPDATE;
  IF NOT FOUND
     OR (NOT v_service
         AND v_invite.invited_by IS DISTINCT FROM v_user
         AND coalesce(private.project_role_of(v_invite.project_id, v_user), '') NOT IN ('owner', 'admin')) THEN
    RAISE EXCEPTION 'Invitation not found' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.accepted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This invitation has already been accepted' USING ERRCODE = 'P0001';
  END IF;
  DELETE FROM public.project_invites WHERE project_invites.id = p_invite_id;
END
$function$
;

CREATE OR REPLACE FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid)
 RETURNS project_invites
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user   uuid := private.acting_user(p_invited_by);
  v_email  text := lower(btrim(p_email));
  v_owner  uuid;
  v_invite public.project_invites;
BEGIN
  PERFORM auth.assert_data_access();
  IF coalesce(private.project_role_of(p_project_id, v_user), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can invite members' USING ERRCODE = '42501';
  END IF;
  IF NOT private.is_valid_email(v_email) THEN
    RAISE EXCEPTION 'Invalid email' USING ERRCODE = '22023';
  END IF;
  v_owner := private.project_owner(p_project_id);
  PERFORM private.lock_counter('collaborators:' || p_project_id);
  IF EXISTS (SELECT FROM public.project_members m JOIN auth.users u ON u.id = m.user_id
             WHERE m.project_id = p_project_id AND lower(u.email) = v_email) THEN
    RAISE EXCEPTION 'This person is already a member of this project' USING ERRCODE = '23505';
  END IF;

  SELECT * INTO v_invite FROM public.project_invites i
  WHERE i.project_id = p_project_id AND i.email = v_email AND i.accepted_at IS NULL
  FOR UPDATE;
  IF FOUND THEN
    IF v_invite.expires_at <= now() THEN
      PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(p_project_id));
    END IF;
    UPDATE public.project_invites
    SET invited_at = now(), invited_by = v_user, expires_at = now() + interval '7 days',
        token = encode(extensions.gen_random_bytes(24), 'hex')
    WHERE project_invites.id = v_invite.id
    RETURNING * INTO v_invite;
    RETURN v_invite;
  END IF;

  PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(p_project_id));
  INSERT INTO public.project_invites (project_id, email, invited_by, is_link)
  VALUES (p_project_id, v_email, v_user, false)
  RETURNING * INTO v_invite;
  RETURN v_invite;
END
$function$
;

CREATE OR REPLACE FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user  uuid := private.acting_user(p_invited_by);
  v_token text;
BEGIN
  PERFORM auth.assert_data_access();
  IF coalesce(private.project_role_of(p_project_id, v_user), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can invite members' USING ERRCODE = '42501';
  END IF;
  PERFORM private.lock_counter('collaborators:' || p_project_id);
  SELECT i.token INTO v_token FROM public.project_invites i
  WHERE i.project_id = p_project_id AND i.is_link AND i.accepted_at IS NULL AND i.expires_at > now()
  ORDER BY i.invited_at DESC
  LIMIT 1;
  IF v_token IS NOT NULL THEN
    RETURN v_token;
  END IF;
  PERFORM private.assert_within_cap(private.project_owner(p_project_id), 'collaborators_per_project',
                                    private.count_collaborators(p_project_id));
  INSERT INTO public.project_invites (project_id, email, invited_by, is_link)
  VALUES (p_project_id, NULL, v_user, true)
  RETURNING token INTO v_token;
  RETURN v_token;
END
$function$
;

CREATE OR REPLACE FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid)
 RETURNS task_journal_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user uuid := private.acting_user(NULL);
  v_link public.task_journal_links;
BEGIN
  PERFORM auth.assert_data_access();
  IF NOT private.task_access(v_user, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0001';
  END IF;
  IF private.live_journal_entry_owner(p_journal_id) IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO public.task_journal_links (task_id, journal_id, linked_by)
  VALUES (p_task_id, p_journal_id, v_user)
  ON CONFLICT (task_id, journal_id) DO NOTHING
  RETURNING * INTO v_link;
  IF v_link.id IS NULL THEN
    SELECT * INTO v_link FROM public.task_journal_links l WHERE l.task_id = p_task_id AND l.journal_id = p_journal_id;
  END IF;
  RETURN v_link;
END
$function$
;

CREATE OR REPLACE FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid)
 RETURNS task_note_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user uuid := private.acting_user(NULL);
  v_link public.task_note_links;
BEGIN
  PERFORM auth.assert_data_access();
  IF NOT private.task_access(v_user, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0001';
  END IF;
  IF private.note_owner(p_note_id) IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'Note not found' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO public.task_note_links (task_id, note_id, linked_by)
  VALUES (p_task_id, p_note_id, v_user)
  ON CONFLICT (task_id, note_id) DO NOTHING
  RETURNING * INTO v_link;
  IF v_link.id IS NULL THEN
    SELECT * INTO v_link FROM public.task_note_links l WHERE l.task_id = p_task_id AND l.note_id = p_note_id;
  END IF;
  RETURN v_link;
END
$function$
;

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
$function$
;

CREATE OR REPLACE FUNCTION public.ensure_default_smart_lists(p_user_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_created integer;
BEGIN
  PERFORM auth.assert_data_access();
  IF NOT private.is_service_caller() THEN
    IF auth.uid() IS NULL THEN
      RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
    END IF;
    IF p_user_id IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Not authorized' USING ERRCODE = '42501',
        DETAIL = 'Built-in filters can only be ensured for the signed-in user.';
    END IF;
  END IF;
  IF NOT EXISTS (SELECT FROM auth.users u WHERE u.id = p_user_id) THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'P0001';
  END IF;

  -- Serialises concurrent calls (two tabs signing in) for this user.
  PERFORM private.lock_counter('smart_lists:' || p_user_id);

  INSERT INTO public.smart_lists (user_id, name, description, filters_data, icon_name, sort_option, sort_order, system_key)
  SELECT p_user_id, d.name, d.description, d.filters_data, d.icon_name, d.sort_option, d.sort_order, d.system_key
  FROM (VALUES
    ('inbox', 'Inbox', 'Open tasks without a project', 'list', 'created_at', 1,
     '{"logic":"AND","conditions":[{"field":"project_id","operator":"is_empty"},{"field":"completed","operator":"equals","value":false}]}'),
    ('all', 'All', 'Every open task', 'hash', 'created_at', 2,
     '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":false}]}'),
    ('today', 'Today', 'Open tasks due today', 'star', 'due_date', 3,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_today"},{"field":"completed","operator":"equals","value":false}]}'),
    ('upcoming', 'Upcoming', 'Open tasks due in the next 7 days', 'calendar', 'due_date', 4,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"greater_than","value":"now"},{"field":"due_date","operator":"less_than","value":"now+7d"},{"field":"completed","operator":"equals","value":false}]}'),
    ('anytime', 'Anytime', 'Open tasks without a due date', 'clock', 'created_at', 5,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_empty"},{"field":"completed","operator":"equals","value":false}]}'),
    ('someday', 'Someday', 'Open tasks without a due date or a priority', 'flag', 'created_at', 6,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_empty"},{"field":"priority","operator":"equals","value":0},{"field":"completed","operator":"equals","value":false}]}'),
    ('logbook', 'Logbook', 'Completed tasks', 'check-circle', 'completed_at', 7,
     '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":true}]}')
  ) AS d (system_key, name, description, icon_name, sort_option, sort_order, filters_data)
  WHERE NOT EXISTS (SELECT FROM public.smart_lists s WHERE s.user_id = p_user_id AND s.system_key = d.system_key)
    -- A live filter of that name from before the names were reserved.
    AND NOT EXISTS (SELECT FROM public.smart_lists s
                    WHERE s.user_id = p_user_id AND s.name_normalized = lower(d.name) AND NOT s.is_deleted)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_created = ROW_COUNT;
  RETURN v_created;
END
$function$
;

CREATE OR REPLACE FUNCTION public.generate_backup_codes(p_user_id uuid)
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  PERFORM auth.assert_data_access();
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
$function$
;

CREATE OR REPLACE FUNCTION public.get_activity_logs(p_user_id uuid DEFAULT NULL::uuid, p_project_id uuid DEFAULT NULL::uuid, p_activity_types text[] DEFAULT NULL::text[], p_limit integer DEFAULT 50, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, user_id uuid, task_id uuid, project_id uuid, activity_type text, activity_description text, entity_name text, metadata jsonb, created_at timestamp with time zone, actor_name text, actor_avatar_url text, project_name text, member_avatars jsonb, total_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
DECLARE
  v_reader uuid := private.acting_user(p_user_id);
  v_limit  integer := least(greatest(coalesce(p_limit, 50), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_types  text[] := CASE WHEN cardinality(p_activity_types) > 0 THEN p_activity_types END;
  v_total  bigint;
  v_since  timestamptz := private.activity_history_since(v_reader);
BEGIN
  PERFORM auth.assert_data_access();
  IF p_project_id IS NOT NULL THEN
    IF private.project_role_of(p_project_id, v_reader) IS NULL THEN
      RAISE EXCEPTION 'You do not have access to this project' USING ERRCODE = '42501';
    END IF;
    v_total := private.activity_total('project', p_project_id, v_types)
             - private.activity_before('project', p_project_id, v_types, v_since);
    RETURN QUERY
    WITH page AS (
      SELECT a.* FROM public.activity_logs a
      WHERE a.project_id = p_project_id AND NOT a.is_deleted AND a.created_at >= v_since
        AND (v_types IS NULL OR a.activity_type = ANY (v_types))
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT v_limit OFFSET v_offset
    ), avatars AS (SELECT private.project_member_avatars(p_project_id) AS j)
    SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
           p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name, av.j, v_total
    FROM page p
    CROSS JOIN avatars av
    LEFT JOIN public.user_profiles up ON up.id = p.user_id
    LEFT JOIN public.projects pr ON pr.id = p.project_id
    ORDER BY p.created_at DESC, p.id DESC;
    RETURN;
  END IF;

  v_total := private.activity_total('actor', v_reader, v_types) + private.activity_total('task_owner', v_reader, v_types)
           - private.activity_before('actor', v_reader, v_types, v_since)
           - private.activity_before('task_owner', v_reader, v_types, v_since);
  RETURN QUERY
  WITH page AS (
    SELECT u.* FROM (
      (SELECT a.* FROM public.activity_logs a
       WHERE a.user_id = v_reader AND NOT a.is_deleted AND a.created_at >= v_since AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
      UNION ALL
      (SELECT a.* FROM public.activity_logs a
       WHERE a.task_owner_id = v_reader AND a.task_owner_id <> a.user_id AND NOT a.is_deleted
         AND a.created_at >= v_since
         AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
    ) u
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT v_limit OFFSET v_offset
  ), projects AS (
    SELECT DISTINCT p.project_id FROM page p WHERE p.project_id IS NOT NULL
  ), avatars AS (
    SELECT x.project_id, private.project_member_avatars(x.project_id) AS j FROM projects x
  )
  SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
         p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name,
         coalesce(av.j, '[]'::jsonb), v_total
  FROM page p
  LEFT JOIN avatars av ON av.project_id = p.project_id
  LEFT JOIN public.user_profiles up ON up.id = p.user_id
  LEFT JOIN public.projects pr ON pr.id = p.project_id
  ORDER BY p.created_at DESC, p.id DESC;
END
$function$
;

CREATE OR REPLACE FUNCTION public.get_all_project_members_with_invites(p_project_id uuid)
 RETURNS TABLE(id uuid, project_id uuid, user_id uuid, user_email text, user_name text, avatar_url text, role text, status text, invited_by uuid, invited_at timestamp with time zone, expires_at timestamp with time zone, joined_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
BEGIN
  PERFORM auth.assert_data_access();
  IF NOT private.is_service_caller()
     AND private.project_role_of(p_project_id, private.acting_user(NULL)) IS NULL THEN
    RAISE EXCEPTION 'You do not have access to this project' USING ERRCODE = '42501';
  END IF;
  RETURN QUERY
  SELECT * FROM (
    SELECT m.id, m.project_id, m.user_id, m.user_email, m.user_name, up.avatar_url, m.role,
           'active'::text AS status, NULL::uuid AS invited_by, NULL::timestamptz AS invited_at,
           NULL::timestamptz AS expires_at, m.created_at AS joined_at
    FROM public.project_members m
    LEFT JOIN public.user_profiles up ON up.id = m.user_id
    WHERE m.project_id = p_project_id
    UNION ALL
    SELECT i.id, i.project_id, NULL::uuid, i.email, NULL::text, NULL::text, 'member'::text,
           'pending'::text, i.invited_by, i.invited_at, i.expires_at, NULL::timestamptz
    FROM public.project_invites i
    WHERE i.project_id = p_project_id AND NOT i.is_link AND i.accepted_at IS NULL AND i.expires_at > now()
  ) r
  ORDER BY CASE r.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END,
           r.status, lower(coalesce(r.user_name, r.user_email)), r.id;
END
$function$
;

CREATE OR REPLACE FUNCTION public.get_journal_statistics(p_user_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date)
 RETURNS TABLE(entries_this_month integer, total_entries integer, total_words bigint, average_mood numeric, current_streak integer, longest_streak integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
DECLARE
  v_user  uuid := private.acting_user(p_user_id);
  v_today date := coalesce(p_today, current_date);
BEGIN
  PERFORM auth.assert_data_access();
  RETURN QUERY
  WITH e AS (
    SELECT j.date, j.mood, j.content FROM public.journal_entries j
    WHERE j.user_id = v_user AND NOT j.is_deleted
  ), days AS (
    SELECT DISTINCT d.date FROM e d WHERE d.date <= v_today
  ), runs AS (
    -- Consecutive days share date - row_number.
    SELECT min(g.date) AS first_day, max(g.date) AS last_day, count(*)::integer AS len
    FROM (SELECT x.date, x.date - (row_number() OVER (ORDER BY x.date))::integer AS grp FROM days x) g
    GROUP BY g.grp
  )
  SELECT
    (SELECT count(*) FROM e WHERE date_trunc('month', e.date) = date_trunc('month', v_today))::integer,
    (SELECT count(*) FROM e)::integer,
    (SELECT coalesce(sum(private.word_count(e.content)), 0) FROM e)::bigint,
    (SELECT round(avg(e.mood), 2) FROM e WHERE e.mood IS NOT NULL),
    coalesce((SELECT r.len FROM runs r WHERE r.last_day >= v_today - 1 ORDER BY r.last_day DESC LIMIT 1), 0),
    coalesce((SELECT max(r.len) FROM runs r), 0);
END
$function$
;

CREATE OR REPLACE FUNCTION public.get_project_invites_with_inviter(p_project_id uuid)
 RETURNS TABLE(id uuid, project_id uuid, email text, invited_at timestamp with time zone, invited_by uuid, expires_at timestamp with time zone, accepted_at timestamp with time zone, is_link boolean, token text, inviter_email text, inviter_name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
BEGIN
  PERFORM auth.assert_data_access();
  IF NOT private.is_service_caller()
     AND coalesce(private.project_role_of(p_project_id, private.acting_user(NULL)), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can see invitations' USING ERRCODE = '42501';
  END IF;
  RETURN QUERY
  SELECT i.id, i.project_id, i.email, i.invited_at, i.invited_by, i.expires_at, i.accepted_at, i.is_link, i.token,
         u.email::text, private.user_display_name(i.invited_by)
  FROM public.project_invites i
  LEFT JOIN auth.users u ON u.id = i.invited_by
  WHERE i.project_id = p_project_id AND i.accepted_at IS NULL AND i.expires_at > now()
  ORDER BY i.invited_at DESC, i.id;
END
$function$
;

CREATE OR REPLACE FUNCTION public.open_share_link(p_token text)
 RETURNS TABLE(share_id uuid, content_type text, content_id uuid, permission text, owner_id uuid)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
DECLARE
  v_user  uuid := private.acting_user(NULL);
  v_share public.note_shares;
BEGIN
  PERFORM auth.assert_data_access();
  SELECT s.* INTO v_share FROM public.note_shares s
  WHERE s.token = lower(btrim(coalesce(p_token, ''))) AND NOT s.is_deleted
    AND CASE WHEN s.note_id IS NOT NULL THEN private.note_owner(s.note_id) IS NOT NULL
             ELSE private.live_note_folder_owner(s.folder_id) IS NOT NULL END;
  IF v_share.id IS NULL THEN
    RAISE EXCEPTION 'Invalid or expired share link' USING ERRCODE = 'P0001';
  END IF;
  IF v_share.user_id IS DISTINCT FROM v_user THEN
    INSERT INTO public.note_share_recipients (share_id, user_id) VALUES (v_share.id, v_user)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT v_share.id, v_share.content_type, coalesce(v_share.note_id, v_share.folder_id),
                      v_share.permission, v_share.user_id;
END
$function$
;

CREATE OR REPLACE FUNCTION public.search_user_content(p_search_term text, p_content_type text DEFAULT 'all'::text, p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
DECLARE
  v_term text := private.search_term(p_search_term);
  v_kind text := lower(coalesce(nullif(btrim(p_content_type), ''), 'all'));
  v_lim integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  v_notes boolean := v_kind IN ('all', 'note', 'notes');
  v_journals boolean := v_kind IN ('all', 'journal', 'journals', 'journal_entry', 'journal_entries');
BEGIN
  PERFORM auth.assert_data_access();
  IF v_term IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT r.* FROM (
    SELECT * FROM private.search_tasks(v_term, v_lim) WHERE v_kind IN ('all', 'task', 'tasks')
    UNION ALL
    SELECT * FROM private.search_projects(v_term, v_lim) WHERE v_kind IN ('all', 'project', 'projects')
    UNION ALL
    SELECT * FROM private.search_tags(v_term, v_lim) WHERE v_kind IN ('all', 'tag', 'tags')
    UNION ALL
    SELECT * FROM private.search_note_content(v_term, v_lim, v_notes, v_journals) WHERE v_notes OR v_journals
  ) r
  -- Equal ranks list by kind in the palette's order (Tasks, Projects,
  -- Tags, Notes, Journal), then the most recently changed.
  ORDER BY r.rank DESC, array_position(ARRAY['task', 'project', 'tag', 'note', 'journal'], r.content_type),
           r.updated_at DESC, r.id
  LIMIT v_lim;
END
$function$
;
