-- The current schema, generated from schema/migrations by
-- 'go tool task gen:schema' (pg_dump --schema-only of the migrated
-- database). Do not edit: write a migration, then regenerate. The Go tests
-- (schema.TestSchemaFileIsCurrent) fail when this file is stale.
--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: auth; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA auth;


--
-- Name: daybase; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA daybase;


--
-- Name: extensions; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA extensions;


--
-- Name: jobs; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA jobs;


--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;


--
-- Name: realtime; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA realtime;


--
-- Name: storage; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA storage;


--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


--
-- Name: pgcrypto; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;


--
-- Name: EXTENSION pgcrypto; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';


--
-- Name: uuid-ossp; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;


--
-- Name: EXTENSION "uuid-ossp"; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION "uuid-ossp" IS 'generate universally unique identifiers (UUIDs)';


--
-- Name: aal_level; Type: DOMAIN; Schema: auth; Owner: -
--

CREATE DOMAIN auth.aal_level AS text
	CONSTRAINT aal_level_check CHECK ((VALUE = ANY (ARRAY['aal1'::text, 'aal2'::text, 'aal3'::text])));


--
-- Name: refresh_grant_result; Type: TYPE; Schema: auth; Owner: -
--

CREATE TYPE auth.refresh_grant_result AS (
	outcome text,
	issued_token text,
	session_id uuid,
	user_id uuid,
	aal text,
	amr jsonb
);


--
-- Name: assert_data_access(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.assert_data_access() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: data_access_allowed(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.data_access_allowed() RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(current_setting('daybase.data_access', true) = 'on'
                  AND current_setting('daybase.claims_split', true) = 'on', false)
         OR auth.data_access_looked_up()
$$;


--
-- Name: data_access_looked_up(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.data_access_looked_up() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (SELECT d.allowed FROM auth.data_access d);
END
$$;


--
-- Name: FUNCTION data_access_looked_up(); Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON FUNCTION auth.data_access_looked_up() IS 'Whether the caller''s session may reach data, looked up in auth.data_access (0620, 0696); auth.data_access_allowed() calls it when the gateway does not vouch (0766).';


--
-- Name: delete_sessions_refresh_tokens(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.delete_sessions_refresh_tokens() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  DELETE FROM auth.refresh_tokens rt USING gone g WHERE rt.session_id = g.id;
  RETURN NULL;
END
$$;


--
-- Name: email(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.email() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    auth.jwt() ->> 'email'
  )
$$;


--
-- Name: jwt(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.jwt() RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claims', true), ''),
    nullif(current_setting('request.jwt.claim', true), ''),
    '{}'
  )::jsonb
$$;


--
-- Name: mfa_satisfied(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.mfa_satisfied() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      OR NOT EXISTS (
        SELECT 1 FROM auth.mfa_factors f
         WHERE f.user_id = auth.uid() AND f.status = 'verified'
      )
$$;


--
-- Name: refresh_token_grant(text, text, interval); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.refresh_token_grant(p_token text, p_new_token text, p_reuse_interval interval) RETURNS SETOF auth.refresh_grant_result
    LANGUAGE plpgsql ROWS 1
    AS $$
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


--
-- Name: role(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.role() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    auth.jwt() ->> 'role'
  )
$$;


--
-- Name: session_amr(uuid); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.session_amr(p_session uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT to_jsonb(ARRAY(SELECT jsonb_build_object('method', c.authentication_method,
                               'timestamp', floor(extract(epoch FROM c.updated_at))::bigint)
                          FROM auth.mfa_amr_claims c WHERE c.session_id = p_session
                         ORDER BY c.updated_at DESC))
$$;


--
-- Name: session_amr_changed(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.session_amr_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE auth.sessions s SET amr = auth.session_amr(s.id)
   WHERE s.id = OLD.session_id OR s.id = NEW.session_id;
  RETURN NULL;
END
$$;


--
-- Name: uid(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.uid() RETURNS uuid
    LANGUAGE sql STABLE
    AS $$
  SELECT nullif(coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    CASE WHEN current_setting('daybase.claims_split', true) = 'on'
         THEN current_setting('daybase.sub', true)
         ELSE auth.jwt() ->> 'sub' END
  ), '')::uuid
$$;


--
-- Name: user_answer_row(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.user_answer_row() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO auth.user_answers (user_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;


--
-- Name: user_answer_stale(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.user_answer_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE auth.user_answers SET version = version + 1, answer = NULL WHERE user_id = NEW.id;
  ELSE
    UPDATE auth.user_answers SET version = version + 1, answer = NULL
     WHERE user_id = OLD.user_id OR user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: user_answers_all_stale(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.user_answers_all_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE auth.user_answers SET version = version + 1, answer = NULL WHERE answer IS NOT NULL;
  RETURN NULL;
END
$$;


--
-- Name: pgrst_ddl_watch(); Type: FUNCTION; Schema: extensions; Owner: -
--

CREATE FUNCTION extensions.pgrst_ddl_watch() RETURNS event_trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NOTIFY pgrst, 'reload schema';
END
$$;


--
-- Name: integration_connections_drop_secrets(); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.integration_connections_drop_secrets() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  DELETE FROM jobs.integration_secrets WHERE user_id = OLD.user_id AND provider_key = OLD.provider_key;
  RETURN NULL;
END
$$;


--
-- Name: integration_connections_keep_secrets(); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.integration_connections_keep_secrets() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_name text;
  v_value text;
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.provider_key IS DISTINCT FROM OLD.provider_key) THEN
    DELETE FROM jobs.integration_secrets WHERE user_id = OLD.user_id AND provider_key = OLD.provider_key;
  END IF;
  FOREACH v_name IN ARRAY ARRAY['token', 'webhook_url'] LOOP
    IF NEW.config ? v_name THEN
      v_value := CASE WHEN jsonb_typeof(NEW.config -> v_name) = 'string' THEN btrim(NEW.config ->> v_name) END;
      IF coalesce(v_value, '') = '' THEN
        DELETE FROM jobs.integration_secrets
        WHERE user_id = NEW.user_id AND provider_key = NEW.provider_key AND name = v_name;
      ELSE
        INSERT INTO jobs.integration_secrets (user_id, provider_key, name, value)
        VALUES (NEW.user_id, NEW.provider_key, v_name, v_value)
        ON CONFLICT (user_id, provider_key, name) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
      END IF;
      NEW.config := NEW.config - v_name;
    END IF;
    NEW.config := jsonb_set(NEW.config, ARRAY['has_' || v_name], to_jsonb(EXISTS (
      SELECT FROM jobs.integration_secrets s
      WHERE s.user_id = NEW.user_id AND s.provider_key = NEW.provider_key AND s.name = v_name)));
  END LOOP;
  RETURN NEW;
END
$$;


--
-- Name: next_occurrence(jsonb, date); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.next_occurrence(p_rec jsonb, p_base date) RETURNS date
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
DECLARE
  v_type   text := p_rec ->> 'type';
  v_int    integer := 1;
  v_days   integer[];
  v_wom    integer;
  v_anchor integer;
  v_month  date;
  v_next_m date;
  v_d      date;
  k        integer;
BEGIN
  IF jsonb_typeof(p_rec -> 'interval') = 'number' THEN
    v_int := greatest(1, least(30, (p_rec ->> 'interval')::numeric::integer));
  END IF;
  IF jsonb_typeof(p_rec -> 'daysOfWeek') = 'array' THEN
    SELECT array_agg(DISTINCT x::integer) INTO v_days
    FROM jsonb_array_elements_text(p_rec -> 'daysOfWeek') x WHERE x ~ '^[0-6]$';
  END IF;
  IF jsonb_typeof(p_rec -> 'weekOfMonth') = 'number' THEN
    v_wom := (p_rec ->> 'weekOfMonth')::numeric::integer;
  END IF;
  IF jsonb_typeof(p_rec -> 'anchorDay') = 'number' THEN
    v_anchor := greatest(1, least(31, (p_rec ->> 'anchorDay')::numeric::integer));
  END IF;
  IF v_type = 'custom' THEN
    v_type := CASE WHEN v_days IS NOT NULL THEN 'weekly' ELSE 'daily' END;
  END IF;
  CASE v_type
  WHEN 'daily' THEN
    RETURN p_base + v_int;
  WHEN 'weekly' THEN
    IF v_days IS NULL THEN
      RETURN p_base + 7 * v_int;
    END IF;
    -- The next listed weekday in a week that is a multiple of the
    -- interval away from the base's week (weeks start on Sunday).
    FOR k IN 1 .. 7 * v_int + 7 LOOP
      v_d := p_base + k;
      IF extract(dow FROM v_d)::integer = ANY (v_days)
         AND (((v_d - extract(dow FROM v_d)::integer) - (p_base - extract(dow FROM p_base)::integer)) / 7) % v_int = 0 THEN
        RETURN v_d;
      END IF;
    END LOOP;
    RETURN p_base + 7 * v_int;
  WHEN 'monthly' THEN
    v_month := (date_trunc('month', p_base) + make_interval(months => v_int))::date;
    v_next_m := (v_month + interval '1 month')::date;
    IF v_wom IS NOT NULL AND v_days IS NOT NULL THEN
      v_d := v_month + ((v_days[1] - extract(dow FROM v_month)::integer + 7) % 7);
      IF v_wom < 1 THEN
        v_d := v_d + 28;
      ELSE
        v_d := v_d + 7 * (least(v_wom, 5) - 1);
      END IF;
      WHILE v_d >= v_next_m LOOP
        v_d := v_d - 7;
      END LOOP;
      RETURN v_d;
    END IF;
    RETURN least(v_month + (coalesce(v_anchor, extract(day FROM p_base)::integer) - 1), v_next_m - 1);
  WHEN 'yearly' THEN
    RETURN (p_base + make_interval(years => v_int))::date;
  ELSE
    RETURN NULL;
  END CASE;
END
$_$;


--
-- Name: tasks_recur(); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.tasks_recur() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_rec      jsonb;
  v_tz       text;
  v_old_date date;
  v_base     date;
  v_today    date;
  v_next     date;
  v_end      date;
  v_time     timestamptz;
  v_new      uuid;
  i          integer := 0;
BEGIN
  IF OLD.is_completed AND NOT NEW.is_completed THEN
    -- Undo of a completion: the occurrence it spawned goes too, unless the
    -- user has already completed or deleted it.
    UPDATE public.tasks t SET is_deleted = true
    FROM jobs.task_occurrences o
    WHERE o.task_id = NEW.id AND t.id = o.next_task_id AND NOT t.is_completed AND NOT t.is_deleted;
    DELETE FROM jobs.task_occurrences WHERE task_id = NEW.id;
    RETURN NULL;
  END IF;
  IF NOT (NEW.is_completed AND NOT OLD.is_completed) OR NEW.is_deleted
     OR NEW.recurrence IS NULL OR btrim(NEW.recurrence) IN ('', 'null') THEN
    RETURN NULL;
  END IF;
  v_rec := NEW.recurrence::jsonb;  -- valid JSON: private.check_recurrence
  INSERT INTO jobs.task_occurrences (task_id) VALUES (NEW.id) ON CONFLICT (task_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  v_tz := jobs.user_time_zone(NEW.user_id);
  v_today := (now() AT TIME ZONE v_tz)::date;
  v_old_date := coalesce(NEW.due_date, (NEW.due_time AT TIME ZONE v_tz)::date);
  IF v_old_date IS NULL OR v_rec ->> 'from' = 'completion' THEN
    v_base := (coalesce(NEW.completed_at, now()) AT TIME ZONE v_tz)::date;
  ELSE
    v_base := v_old_date;
  END IF;
  IF v_rec ->> 'type' = 'monthly' AND NOT v_rec ? 'anchorDay' AND NOT v_rec ? 'weekOfMonth' THEN
    v_rec := v_rec || jsonb_build_object('anchorDay', extract(day FROM v_base)::integer);
  END IF;
  v_next := jobs.next_occurrence(v_rec, v_base);
  -- Completed late: the series resumes after today, not in the past.
  WHILE v_next IS NOT NULL AND v_next <= v_today AND i < 1000 LOOP
    v_next := jobs.next_occurrence(v_rec, v_next);
    i := i + 1;
  END LOOP;
  IF v_rec ->> 'endDate' ~ '^\d{4}-\d{2}-\d{2}' THEN
    v_end := left(v_rec ->> 'endDate', 10)::date;
  END IF;
  IF v_next IS NULL OR v_next > v_end THEN
    RETURN NULL;  -- the series is over
  END IF;
  IF NEW.due_time IS NOT NULL THEN
    v_time := ((NEW.due_time AT TIME ZONE v_tz) + (v_next - (NEW.due_time AT TIME ZONE v_tz)::date) * interval '1 day') AT TIME ZONE v_tz;
  END IF;
  BEGIN
    INSERT INTO public.tasks (user_id, title, notes, due_date, due_time, priority, tags, project_id, location,
                              reminders, recurrence, is_starred, importance, urgency, parent_id, assigned_to, team_id)
    VALUES (NEW.user_id, NEW.title, NEW.notes, v_next, v_time, NEW.priority, NEW.tags, NEW.project_id, NEW.location,
            NEW.reminders, v_rec::text, NEW.is_starred, NEW.importance, NEW.urgency, NEW.parent_id, NEW.assigned_to, NEW.team_id)
    RETURNING id INTO v_new;
  EXCEPTION WHEN others THEN
    -- A plan cap (or a parent gone meanwhile) must not undo the
    -- completion itself; the series stops here and the log says why.
    RAISE WARNING 'no next occurrence of task %: %', NEW.id, SQLERRM;
    RETURN NULL;
  END;
  UPDATE jobs.task_occurrences SET next_task_id = v_new WHERE task_id = NEW.id;
  RETURN NULL;
END
$$;


--
-- Name: tasks_reminders_changed(); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.tasks_reminders_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.is_completed OR NEW.is_deleted THEN
    DELETE FROM jobs.reminder_requests WHERE task_id = NEW.id;
    DELETE FROM jobs.task_reminders WHERE task_id = NEW.id AND status = 'pending';
  ELSIF NEW.due_date IS NOT NULL OR NEW.due_time IS NOT NULL
        OR (TG_OP = 'UPDATE' AND (OLD.due_date IS NOT NULL OR OLD.due_time IS NOT NULL)) THEN
    INSERT INTO jobs.reminder_requests (task_id) VALUES (NEW.id)
    ON CONFLICT (task_id) DO UPDATE SET requested_at = now();
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: user_time_zone(uuid); Type: FUNCTION; Schema: jobs; Owner: -
--

CREATE FUNCTION jobs.user_time_zone(p_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_tz text;
BEGIN
  SELECT coalesce(
           (SELECT CASE WHEN jsonb_typeof(p.preference_value::jsonb) = 'string' THEN p.preference_value::jsonb #>> '{}' END
            FROM public.user_preferences p
            WHERE p.user_id = p_user_id AND p.preference_key = 'timezone' AND NOT p.is_deleted),
           (SELECT nullif(u.raw_user_meta_data ->> 'timezone', '') FROM auth.users u WHERE u.id = p_user_id))
    INTO v_tz;
  IF v_tz IS NULL THEN
    RETURN 'UTC';
  END IF;
  BEGIN
    PERFORM now() AT TIME ZONE v_tz;
  EXCEPTION WHEN invalid_parameter_value THEN
    RETURN 'UTC';
  END;
  RETURN v_tz;
END
$$;


--
-- Name: accessible_project_ids(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.accessible_project_ids() RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(id), '{}') FROM (
      SELECT p.id FROM public.projects p
      WHERE p.user_id = auth.uid() AND NOT p.is_deleted
      UNION
      SELECT m.project_id FROM public.project_members m
      JOIN public.projects p ON p.id = m.project_id
      WHERE m.user_id = auth.uid() AND NOT p.is_deleted
    ) s);
END
$$;


--
-- Name: acting_user(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.acting_user(p_claimed uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
DECLARE
  v_uid uuid := auth.uid();
BEGIN
  IF private.is_service_caller() THEN
    IF p_claimed IS NULL THEN
      RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501', DETAIL = 'service_role must name the acting user.';
    END IF;
    RETURN p_claimed;
  END IF;
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  IF p_claimed IS NOT NULL AND p_claimed <> v_uid THEN
    RAISE EXCEPTION 'Not authorized' USING ERRCODE = '42501', DETAIL = 'Invitations are sent in the caller''s own name.';
  END IF;
  RETURN v_uid;
END
$$;


--
-- Name: active_team_ids(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.active_team_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(m.team_id), '{}') FROM public.team_members m
  WHERE m.user_id = auth.uid() AND m.status = 'active'
$$;


--
-- Name: activity_before(text, uuid, text[], timestamp with time zone); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_before(p_scope text, p_scope_id uuid, p_types text[], p_since timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_n bigint := 0;
BEGIN
  IF p_since = '-infinity'::timestamptz THEN
    RETURN 0;
  ELSIF p_scope = 'project' THEN
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.project_id = p_scope_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  ELSIF p_scope = 'actor' THEN
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.user_id = p_scope_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  ELSE
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.task_owner_id = p_scope_id AND a.task_owner_id <> a.user_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  END IF;
  RETURN v_n;
END
$$;


SET default_table_access_method = heap;

--
-- Name: activity_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activity_logs (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    task_id uuid,
    project_id uuid,
    activity_type text NOT NULL,
    activity_description text DEFAULT ''::text NOT NULL,
    entity_name text,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    task_owner_id uuid,
    CONSTRAINT activity_logs_description_length CHECK ((length(activity_description) <= 1000)),
    CONSTRAINT activity_logs_entity_name_length CHECK ((length(entity_name) <= 500)),
    CONSTRAINT activity_logs_metadata_object CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 16384))),
    CONSTRAINT activity_logs_type_valid CHECK ((activity_type = ANY (ARRAY['task_created'::text, 'task_updated'::text, 'task_completed'::text, 'task_deleted'::text, 'task_assigned'::text, 'task_unassigned'::text, 'comment_added'::text, 'attachment_added'::text, 'attachment_removed'::text, 'priority_changed'::text, 'due_date_changed'::text, 'project_changed'::text, 'tags_changed'::text, 'title_changed'::text, 'notes_changed'::text, 'status_changed'::text])))
);


--
-- Name: activity_counts_add(public.activity_logs, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_counts_add(p_row public.activity_logs, p_delta integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  INSERT INTO private.activity_counts AS c (scope, scope_id, activity_type, n)
  SELECT s.scope, s.scope_id, p_row.activity_type, p_delta FROM (VALUES
    ('project', p_row.project_id),
    ('actor', p_row.user_id),
    ('task_owner', CASE WHEN p_row.task_owner_id <> p_row.user_id THEN p_row.task_owner_id END)) s (scope, scope_id)
  WHERE s.scope_id IS NOT NULL AND NOT p_row.is_deleted
  ON CONFLICT (scope, scope_id, activity_type) DO UPDATE SET n = c.n + EXCLUDED.n;
END
$$;


--
-- Name: activity_history_since(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_history_since(p_user_id uuid) RETURNS timestamp with time zone
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(
    (date_trunc('month', now() AT TIME ZONE 'UTC')
       - make_interval(months => private.plan_limit(coalesce(private.user_plan(p_user_id), 'free'), 'history_months')))
      AT TIME ZONE 'UTC',
    '-infinity'::timestamptz)
$$;


--
-- Name: activity_logs_before_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_logs_before_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_twin uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  NEW.user_id := auth.uid();
  NEW.created_at := now();
  NEW.is_deleted := false;
  NEW.metadata := coalesce(NEW.metadata, '{}') - 'source';
  IF NEW.task_id IS NOT NULL THEN
    IF NOT private.can_access_task(NEW.task_id) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
    END IF;
  END IF;
  IF NEW.project_id IS NOT NULL AND NOT NEW.project_id = ANY (private.accessible_project_ids()) THEN
    RAISE EXCEPTION 'Project not found' USING ERRCODE = '23503';
  END IF;
  v_twin := private.logged_twin(NEW.user_id, NEW.task_id, NEW.activity_type);
  IF v_twin IS NOT NULL THEN
    PERFORM private.refine_logged_twin(v_twin, NEW.activity_description, NEW.entity_name, NEW.metadata);
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: activity_logs_count(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_logs_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM private.activity_counts_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM private.activity_counts_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: activity_logs_set_task_owner(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_logs_set_task_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.task_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.task_id IS DISTINCT FROM OLD.task_id) THEN
    NEW.task_owner_id := (SELECT t.user_id FROM public.tasks t WHERE t.id = NEW.task_id);
  ELSIF TG_OP = 'UPDATE' THEN
    NEW.task_owner_id := OLD.task_owner_id;  -- kept when the task goes (task_id set null)
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: activity_total(text, uuid, text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.activity_total(p_scope text, p_scope_id uuid, p_types text[]) RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(sum(c.n), 0)::bigint FROM private.activity_counts c
  WHERE c.scope = p_scope AND c.scope_id = p_scope_id AND (p_types IS NULL OR c.activity_type = ANY (p_types))
$$;


--
-- Name: app_password_hash(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.app_password_hash(p_password text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT encode(extensions.digest(lower(regexp_replace(p_password, '[\s-]', '', 'g')), 'sha256'), 'hex')
$$;


--
-- Name: app_password_owner(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.app_password_owner(p_email text, p_password text) RETURNS TABLE(user_id uuid, allowed boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT a.id, a.user_id INTO v_id, user_id
  FROM public.app_passwords a JOIN auth.users u ON u.id = a.user_id
  WHERE a.password_hash = private.app_password_hash(p_password)
    AND lower(u.email) = lower(btrim(p_email));
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  allowed := private.user_plan(user_id) IN ('pro', 'team');
  UPDATE public.app_passwords a SET last_used_at = now()
  WHERE a.id = v_id AND (a.last_used_at IS NULL OR a.last_used_at < now() - interval '1 minute');
  RETURN NEXT;
END
$$;


--
-- Name: apply_assignment(uuid, uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.apply_assignment(p_task_id uuid, p_assigned_to uuid, p_team_id uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  UPDATE public.tasks SET assigned_to = p_assigned_to, team_id = coalesce(p_team_id, team_id)
  WHERE id = p_task_id
    AND (assigned_to IS DISTINCT FROM p_assigned_to OR (p_team_id IS NOT NULL AND team_id IS DISTINCT FROM p_team_id))
$$;


--
-- Name: assert_calendar_sync(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_calendar_sync(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF private.user_plan(p_user_id) NOT IN ('pro', 'team') THEN
    RAISE EXCEPTION 'Calendar sync is part of the Pro and Team plans'
      USING ERRCODE = 'P0001', HINT = 'Upgrade the plan to sync your tasks with a calendar.';
  END IF;
END
$$;


--
-- Name: assert_team_seat(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_team_seat(p_team_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_seats integer;
BEGIN
  PERFORM private.lock_counter('team_members:' || p_team_id);
  SELECT max(s.seats) INTO v_seats FROM public.team_subscriptions s
  WHERE s.team_id = p_team_id AND s.status IN ('active', 'trialing', 'past_due');
  IF v_seats IS NOT NULL THEN
    IF private.count_team_seats(p_team_id, true) + 1 > v_seats THEN
      RAISE EXCEPTION USING
        ERRCODE = 'P0001',
        MESSAGE = 'Team member limit reached for Team plan',
        DETAIL  = format('This would make %s team members; the team''s subscription has %s seats.',
                         private.count_team_seats(p_team_id, true) + 1, v_seats),
        HINT    = 'Add seats to the team subscription for more.';
    END IF;
    RETURN;
  END IF;
  PERFORM private.assert_within_cap(private.team_owner(p_team_id), 'team_members',
                                    private.count_team_seats(p_team_id, false));
END
$$;


--
-- Name: assert_within_cap(uuid, text, bigint, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer DEFAULT 1) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_plan  text := private.user_plan(p_user_id);
  v_limit integer := private.plan_limit(v_plan, p_limit_key);
  v_msg   private.plan_limit_messages;
BEGIN
  IF v_limit IS NULL OR p_current + p_adding <= v_limit THEN
    RETURN;
  END IF;
  SELECT * INTO v_msg FROM private.plan_limit_messages m WHERE m.limit_key = p_limit_key;
  RAISE EXCEPTION USING
    ERRCODE = 'P0001',
    MESSAGE = format(v_msg.message, initcap(v_plan)),
    DETAIL  = format('This would make %s %s; the %s plan allows %s.', p_current + p_adding, v_msg.noun, initcap(v_plan), v_limit),
    HINT    = 'Upgrade the plan for more.';
END
$$;


--
-- Name: attachment_megabytes(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.attachment_megabytes(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(ceil(sum(file_size) / 1048576.0), 0)::bigint FROM public.task_attachments
  WHERE user_id = p_user_id AND NOT is_marked_deleted
$$;


--
-- Name: attachment_mime_types(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.attachment_mime_types() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT ARRAY[
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml',
    'application/pdf',
    'text/plain',
    'text/markdown', 'text/x-markdown',
    'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip', 'application/x-zip-compressed',
    'application/vnd.rar', 'application/x-rar-compressed',
    'application/x-7z-compressed',
    'application/json',
    'text/javascript', 'application/javascript', 'application/typescript', 'text/typescript',
    'text/html', 'text/css',
    'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg',
    'video/mp4', 'video/webm', 'video/ogg']
$$;


--
-- Name: calendar_feed_owner(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.calendar_feed_owner(p_token text, OUT user_id uuid, OUT allowed boolean) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT f.user_id, private.user_plan(f.user_id) IN ('pro', 'team')
  FROM public.calendar_feeds f WHERE f.token = p_token
$$;


--
-- Name: can_access_project(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.can_access_project(p_project_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN EXISTS (
    SELECT FROM public.projects p
    WHERE p.id = p_project_id AND NOT p.is_deleted
      AND (p.user_id = auth.uid()
           OR EXISTS (SELECT FROM public.project_members m WHERE m.project_id = p.id AND m.user_id = auth.uid())));
END
$$;


--
-- Name: can_access_task(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.can_access_task(p_task_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT auth.uid() IS NOT NULL AND private.task_access(auth.uid(), p_task_id)
$$;


--
-- Name: can_manage_task(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.can_manage_task(p_task_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t
    WHERE t.id = p_task_id
      AND (t.user_id = auth.uid()
           OR coalesce(private.project_role_of(t.project_id, auth.uid()), '') IN ('owner', 'admin')
           OR private.team_role_of(t.team_id, auth.uid()) = 'admin'))
$$;


--
-- Name: can_see_task(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.can_see_task(p_task_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t WHERE t.id = p_task_id
      AND (t.user_id = auth.uid() OR t.project_id = ANY (private.accessible_project_ids())))
$$;


--
-- Name: cancel_running_sessions(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.cancel_running_sessions(p_user_id uuid, p_except uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  UPDATE public.pomodoro_sessions
  SET status = 'cancelled', ended_at = greatest(now(), started_at), paused_at = NULL
  WHERE user_id = p_user_id AND id <> p_except AND status IN ('active', 'paused') AND NOT is_deleted
$$;


--
-- Name: check_attachment_file(uuid, text, text, bigint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_attachment_file(p_user_id uuid, p_filename text, p_mime_type text, p_size bigint) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
DECLARE
  v_ext   text;
  v_base  text;
  v_plan  text := private.user_plan(p_user_id);
  v_max   integer := private.plan_limit(v_plan, 'attachment_max_mb');
BEGIN
  IF p_filename IS NULL OR btrim(p_filename) = '' THEN
    RAISE EXCEPTION 'File name is required' USING ERRCODE = '23514';
  END IF;
  IF length(p_filename) > 255 THEN
    RAISE EXCEPTION 'File name "%" is longer than 255 characters', left(p_filename, 100) USING ERRCODE = '23514';
  END IF;
  IF strpos(p_filename, '/') > 0 OR strpos(p_filename, '\') > 0 THEN
    RAISE EXCEPTION 'File name "%" must not contain slashes', p_filename USING ERRCODE = '23514';
  END IF;
  IF strpos(p_filename, '..') > 0 THEN
    RAISE EXCEPTION 'File name "%" must not contain parent-path sequences', p_filename USING ERRCODE = '23514';
  END IF;
  IF p_filename ~ '[\x01-\x1F\x7F]' THEN
    RAISE EXCEPTION 'File name must not contain control characters' USING ERRCODE = '23514';
  END IF;
  v_base := upper(split_part(p_filename, '.', 1));
  IF v_base IN ('CON', 'PRN', 'AUX', 'NUL') OR v_base ~ '^(COM|LPT)[1-9]$' THEN
    RAISE EXCEPTION 'File name "%" is reserved by the system', p_filename USING ERRCODE = '23514';
  END IF;
  v_ext := CASE WHEN strpos(p_filename, '.') > 0 THEN lower(reverse(split_part(reverse(p_filename), '.', 1))) ELSE '' END;
  IF v_ext IN ('exe', 'bat', 'cmd', 'com', 'pif', 'scr', 'vbs', 'js', 'jar', 'msi', 'dll', 'app', 'deb', 'rpm',
               'dmg', 'pkg', 'run', 'sh', 'bash', 'zsh', 'fish', 'ps1', 'psm1', 'psd1', 'php', 'asp', 'aspx',
               'jsp', 'cgi', 'pl', 'py', 'rb') THEN
    RAISE EXCEPTION 'File type "%" is not allowed for security reasons', v_ext USING ERRCODE = '23514';
  END IF;
  IF NOT lower(btrim(split_part(coalesce(p_mime_type, ''), ';', 1))) = ANY (private.attachment_mime_types()) THEN
    RAISE EXCEPTION 'File type "%" is not supported', coalesce(p_mime_type, '') USING ERRCODE = '23514';
  END IF;
  IF p_size IS NULL OR p_size <= 0 THEN
    RAISE EXCEPTION 'File "%" is empty', p_filename USING ERRCODE = '23514';
  END IF;
  IF v_max IS NOT NULL AND p_size > v_max::bigint * 1024 * 1024 THEN
    RAISE EXCEPTION 'File "%" exceeds maximum size of %MB', p_filename, v_max USING ERRCODE = 'P0001',
      DETAIL = format('The %s plan allows files of up to %s MB.', initcap(v_plan), v_max),
      HINT = 'Upgrade the plan for more.';
  END IF;
END
$_$;


--
-- Name: check_journal_color(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_journal_color(p_color text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
DECLARE
  v jsonb;
BEGIN
  BEGIN
    v := p_color::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514',
      DETAIL = 'color must be JSON text holding the icon and the colour, e.g. {"icon":"book","color":"blue"}.';
  END;
  IF jsonb_typeof(v) <> 'object' THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514', DETAIL = 'color must be a JSON object.';
  END IF;
  IF v ? 'icon' AND coalesce(v ->> 'icon', '') NOT IN
       ('book', 'star', 'target', 'brain', 'quote', 'hash', 'heart', 'briefcase', 'coffee', 'feather') THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514',
      DETAIL = 'icon must be one of book, star, target, brain, quote, hash, heart, briefcase, coffee, feather.';
  END IF;
END
$$;


--
-- Name: check_recurrence(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.check_recurrence(p_recurrence text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
DECLARE
  v jsonb;
  v_interval jsonb;
BEGIN
  IF p_recurrence IS NULL OR btrim(p_recurrence) IN ('', 'null') THEN
    RETURN;
  END IF;
  BEGIN
    v := p_recurrence::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514', DETAIL = 'Recurrence must be JSON.';
  END;
  IF jsonb_typeof(v) <> 'object' THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514', DETAIL = 'Recurrence must be a JSON object.';
  END IF;
  IF coalesce(v ->> 'type', '') NOT IN ('daily', 'weekly', 'monthly', 'yearly', 'custom') THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514',
      DETAIL = 'Recurrence type must be daily, weekly, monthly, yearly or custom.';
  END IF;
  v_interval := v -> 'interval';
  IF v_interval IS NOT NULL AND jsonb_typeof(v_interval) <> 'null' AND NOT (
       jsonb_typeof(v_interval) = 'number'
       AND (v_interval #>> '{}')::numeric = trunc((v_interval #>> '{}')::numeric)
       AND (v_interval #>> '{}')::numeric BETWEEN 1 AND 30) THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514',
      DETAIL = 'Recurrence interval must be between 1 and 30.';
  END IF;
END
$$;


--
-- Name: clean_body(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.clean_body(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT regexp_replace(coalesce(p_text, ''), '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]', '', 'g')
$$;


--
-- Name: clean_title(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.clean_title(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT btrim(regexp_replace(regexp_replace(coalesce(p_text, ''), '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]', '', 'g'),
                              '\s+', ' ', 'g'))
$$;


--
-- Name: content_document(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.content_document(p_title text, p_content text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_content, '')), 'B')
$$;


--
-- Name: content_query(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.content_query(p_term text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT to_tsquery('simple'::regconfig, string_agg(quote_literal(lower(w[1])) || ':*', ' & '))
  FROM regexp_matches(coalesce(p_term, ''), '([[:alnum:]]+)', 'g') AS w
$$;


--
-- Name: copy_name(uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.copy_name(p_user_id uuid, p_base text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_suffix text;
  i        integer;
BEGIN
  FOR i IN 1 .. 1000 LOOP
    v_suffix := CASE WHEN i = 1 THEN ' (Copy)' ELSE format(' (Copy %s)', i) END;
    IF NOT private.project_name_taken(p_user_id, left(p_base, 100 - length(v_suffix)) || v_suffix,
                                      '00000000-0000-0000-0000-000000000000') THEN
      RETURN left(p_base, 100 - length(v_suffix)) || v_suffix;
    END IF;
  END LOOP;
  v_suffix := ' (Copy ' || to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') || ')';
  RETURN left(p_base, 100 - length(v_suffix)) || v_suffix;
END
$$;


--
-- Name: count_attachments_today(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_attachments_today(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.task_attachments
  WHERE user_id = p_user_id AND NOT is_marked_deleted
    AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;


--
-- Name: count_collaborators(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_collaborators(p_project_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT (SELECT count(*) FROM public.project_members
          WHERE project_id = p_project_id AND role <> 'owner')
       + (SELECT count(*) FROM public.project_invites
          WHERE project_id = p_project_id AND accepted_at IS NULL AND expires_at > now())
$$;


--
-- Name: count_content_creation(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_content_creation(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_minute bigint;
  v_hour   bigint;
BEGIN
  PERFORM private.lock_counter('content_creations:' || p_user_id);
  DELETE FROM private.content_creations WHERE user_id = p_user_id AND created_at < clock_timestamp() - interval '1 hour';
  SELECT count(*) FILTER (WHERE created_at > clock_timestamp() - interval '1 minute'), count(*)
  INTO v_minute, v_hour
  FROM private.content_creations WHERE user_id = p_user_id;
  IF v_minute >= 10 THEN
    RAISE EXCEPTION 'Rate limit exceeded: too many creations in the last minute. Please wait.' USING ERRCODE = 'P0001';
  END IF;
  IF v_hour >= 50 THEN
    RAISE EXCEPTION 'Rate limit exceeded: too many creations in the last hour. Please try again later.' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO private.content_creations (user_id) VALUES (p_user_id);
END
$$;


--
-- Name: count_content_statement(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_content_statement() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_rows bigint;
  v_user uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NULL;
  END IF;
  SELECT count(*), min(r.user_id::text)::uuid INTO v_rows, v_user FROM new_rows r;
  IF v_rows = 0 THEN
    RETURN NULL;
  END IF;
  IF v_rows > 1000 THEN
    RAISE EXCEPTION 'Too many items in one request' USING ERRCODE = 'PT413',
      DETAIL = format('This request creates %s %s; one request creates at most 1,000.', v_rows,
                      CASE TG_TABLE_NAME WHEN 'notes' THEN 'notes' ELSE 'journal entries' END),
      HINT = 'Send them in several requests.';
  END IF;
  PERFORM private.count_content_creation(v_user);
  RETURN NULL;
END
$$;


--
-- Name: count_journal_entries_this_month(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_journal_entries_this_month(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.journal_entries
  WHERE user_id = p_user_id AND NOT is_deleted
    AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;


--
-- Name: count_live_custom_smart_lists(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_custom_smart_lists(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.smart_lists WHERE user_id = p_user_id AND system_key IS NULL AND NOT is_deleted
$$;


--
-- Name: count_live_notes(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_notes(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.notes WHERE user_id = p_user_id AND NOT is_deleted
$$;


--
-- Name: count_live_project_tasks(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT count(*) FROM public.tasks WHERE project_id = p_project_id AND NOT is_deleted AND id <> p_except
  );
END
$$;


--
-- Name: count_live_projects(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_projects(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.projects WHERE user_id = p_user_id AND NOT is_deleted
$$;


--
-- Name: count_live_subtasks(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_subtasks(p_parent_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.tasks WHERE parent_id = p_parent_id AND NOT is_deleted
$$;


--
-- Name: count_live_tags(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_tags(p_user_id uuid) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT count(*) FROM public.global_tags WHERE user_id = p_user_id AND NOT is_deleted
$$;


--
-- Name: count_live_tasks(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_live_tasks(p_user_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT count(*) FROM public.tasks WHERE user_id = p_user_id AND NOT is_deleted
  );
END
$$;


--
-- Name: count_team_seats(uuid, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_team_seats(p_team_id uuid, p_with_owner boolean) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT (SELECT count(*) FROM public.team_members m
          WHERE m.team_id = p_team_id AND m.status = 'active'
            AND (p_with_owner OR m.user_id IS DISTINCT FROM private.team_owner(p_team_id)))
       + (SELECT count(*) FROM public.team_invitations i
          WHERE i.team_id = p_team_id AND i.joined_at IS NULL AND i.expires_at > now())
$$;


--
-- Name: create_profile_rows(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.create_profile_rows() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_meta jsonb := coalesce(NEW.raw_user_meta_data, '{}');
BEGIN
  INSERT INTO public.profiles (id) VALUES (NEW.id) ON CONFLICT (id) DO NOTHING;
  INSERT INTO public.user_profiles (id, email, full_name, avatar_url, avatar_color)
  VALUES (
    NEW.id,
    NEW.email,
    left(coalesce(nullif(v_meta ->> 'full_name', ''), nullif(v_meta ->> 'name', '')), 255),
    left(coalesce(nullif(v_meta ->> 'avatar_url', ''), nullif(v_meta ->> 'picture', '')), 2048),
    left(nullif(v_meta ->> 'avatar_color', ''), 32)
  )
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO public.user_notification_preferences (user_id, channel_type, enabled, priority_threshold)
  VALUES (NEW.id, 'in_app', true, 1), (NEW.id, 'browser', true, 1), (NEW.id, 'email', false, 1)
  ON CONFLICT (user_id, channel_type) DO NOTHING;
  RETURN NULL;
END
$$;


--
-- Name: current_user_email(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.current_user_email() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT lower(u.email) FROM auth.users u
  WHERE u.id = auth.uid() AND u.email_confirmed_at IS NOT NULL AND u.deleted_at IS NULL
$$;


--
-- Name: drop_open_team_invitation(uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.drop_open_team_invitation(p_team_id uuid, p_email text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  DELETE FROM public.team_invitations i
  WHERE i.team_id = p_team_id AND i.email = lower(p_email) AND i.joined_at IS NULL
$$;


--
-- Name: global_tags_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.global_tags_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_entering boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND private.is_end_user() THEN
    NEW.created_at := OLD.created_at;
  END IF;
  NEW.name := btrim(NEW.name);
  IF NEW.name IS NULL OR NEW.name = '' THEN
    RAISE EXCEPTION 'Tag name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 50 THEN
    RAISE EXCEPTION 'Tag name must be at most 50 characters' USING ERRCODE = '23514';
  END IF;
  v_entering := NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted);
  IF NOT NEW.is_deleted AND (v_entering OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('tags:' || NEW.user_id);
    IF private.tag_name_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A tag with this name already exists' USING ERRCODE = '23505';
    END IF;
    IF v_entering THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'tags_total', private.count_live_tags(NEW.user_id));
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: has_subtasks(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.has_subtasks(p_task_id uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.tasks WHERE parent_id = p_task_id)
$$;


--
-- Name: integration_connections_audit(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.integration_connections_audit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_row     public.integration_connections := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  v_changed text[];
BEGIN
  -- A deleted account takes its connections and its log with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM auth.users WHERE id = OLD.user_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO v_changed
    FROM (SELECT k FROM jsonb_object_keys(NEW.config || OLD.config) AS k
          WHERE NEW.config -> k IS DISTINCT FROM OLD.config -> k) c;
    IF NEW.status IS DISTINCT FROM OLD.status THEN
      v_changed := array_append(v_changed, 'status');
    END IF;
    IF cardinality(v_changed) = 0 THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO public.integration_audit_logs (user_id, provider_key, action, target_type, target_id, metadata)
  VALUES (v_row.user_id, v_row.provider_key,
          CASE TG_OP WHEN 'INSERT' THEN 'connect' WHEN 'UPDATE' THEN 'update' ELSE 'disconnect' END,
          'integration', v_row.id::text,
          CASE WHEN TG_OP = 'UPDATE' THEN jsonb_build_object('changed', to_jsonb(v_changed), 'status', NEW.status)
               ELSE jsonb_build_object('status', v_row.status) END);
  RETURN NULL;
END
$$;


--
-- Name: is_end_user(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_end_user() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT current_user IN ('anon', 'authenticated')
  );
END
$$;


--
-- Name: is_json(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_json(p_value text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM p_value::jsonb;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END
$$;


--
-- Name: is_service_caller(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_service_caller() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT coalesce(auth.role() = 'service_role' AND auth.uid() IS NULL, false)
      OR current_setting('role') = 'none'
  );
END
$$;


--
-- Name: is_valid_email(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_valid_email(p_email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  SELECT p_email IS NOT NULL
     AND length(p_email) <= 254
     AND p_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'
$_$;


--
-- Name: journal_entries_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entries_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
BEGIN
  IF NOT v_insert THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Journal entry owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF v_end THEN
    NEW.created_at := now();
  END IF;

  IF NEW.date IS NULL THEN
    RAISE EXCEPTION 'Entry date is required' USING ERRCODE = '23514';
  END IF;
  IF v_insert OR NEW.title IS DISTINCT FROM OLD.title THEN
    NEW.title := private.clean_title(NEW.title);
    IF length(NEW.title) > 500 THEN
      RAISE EXCEPTION 'Title must be at most 500 characters' USING ERRCODE = '23514';
    END IF;
  END IF;
  IF v_insert OR NEW.content IS DISTINCT FROM OLD.content THEN
    NEW.content := private.clean_body(NEW.content);
    IF length(NEW.content) > 50000 THEN
      RAISE EXCEPTION 'Content must be at most 50,000 characters' USING ERRCODE = '23514';
    END IF;
  END IF;
  IF NEW.mood IS NOT NULL AND NEW.mood NOT BETWEEN 1 AND 5 THEN
    RAISE EXCEPTION 'Mood must be between 1 and 5' USING ERRCODE = '23514';
  END IF;
  IF NEW.folder IS NOT NULL AND (v_insert OR NEW.folder IS DISTINCT FROM OLD.folder)
     AND private.journal_folder_owner(NEW.folder) IS DISTINCT FROM NEW.user_id THEN
    RAISE EXCEPTION 'Journal not found' USING ERRCODE = '23503';
  END IF;

  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted)
     AND private.plan_limit(private.user_plan(NEW.user_id), 'journal_monthly') IS NOT NULL THEN
    PERFORM private.lock_counter('journal_entries:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'journal_monthly', private.count_journal_entries_this_month(NEW.user_id));
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: journal_entry_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_entry_owner(p_entry uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT e.user_id FROM public.journal_entries e WHERE e.id = p_entry
$$;


--
-- Name: journal_folder_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_folder_owner(p_folder uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT f.user_id FROM public.journal_folders f WHERE f.id = p_folder AND NOT f.is_deleted
$$;


--
-- Name: journal_folders_after_update(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_folders_after_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  UPDATE public.journal_entries SET folder = NULL WHERE folder = NEW.id;
  RETURN NULL;
END
$$;


--
-- Name: journal_folders_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_folders_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Journal name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Journal name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'INSERT' OR NEW.color IS DISTINCT FROM OLD.color THEN
    PERFORM private.check_journal_color(NEW.color);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Journal owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: journal_images_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_images_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_owner uuid := private.journal_entry_owner(NEW.journal_entry_id);
BEGIN
  IF v_owner IS NULL OR (private.is_end_user() AND v_owner IS DISTINCT FROM auth.uid()) THEN
    RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = '23503';
  END IF;
  NEW.user_id := v_owner;
  IF TG_OP = 'UPDATE' AND private.is_end_user() THEN
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: journal_linked_to_reachable_task(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.journal_linked_to_reachable_task(p_entry_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.task_journal_links l
                 WHERE l.journal_id = p_entry_id AND private.can_access_task(l.task_id))
$$;


--
-- Name: live_journal_entry_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.live_journal_entry_owner(p_entry_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT e.user_id FROM public.journal_entries e WHERE e.id = p_entry_id AND NOT e.is_deleted
$$;


--
-- Name: live_note_folder_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.live_note_folder_owner(p_folder_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT f.user_id FROM public.note_folders f WHERE f.id = p_folder_id AND NOT f.is_deleted
$$;


--
-- Name: lock_counter(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.lock_counter(p_key text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('daybase.cap:' || p_key, 0));
END
$$;


--
-- Name: log_activity(uuid, uuid, uuid, text, text, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text, p_description text, p_entity_name text, p_metadata jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata)
  SELECT p_user_id, p_task_id, p_project_id, p_type, left(p_description, 1000), left(p_entity_name, 500),
         coalesce(p_metadata, '{}') || '{"source": "trigger"}'
  WHERE p_user_id IS NOT NULL AND EXISTS (SELECT FROM auth.users WHERE id = p_user_id);
END
$$;


--
-- Name: log_team_activity(uuid, uuid, text, text, uuid, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.log_team_activity(p_team_id uuid, p_user_id uuid, p_action text, p_entity_type text, p_entity_id uuid, p_metadata jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  INSERT INTO public.team_activity_log (team_id, user_id, action, entity_type, entity_id, metadata)
  SELECT p_team_id, p_user_id, p_action, p_entity_type, p_entity_id, coalesce(p_metadata, '{}')
  WHERE EXISTS (SELECT FROM public.teams WHERE id = p_team_id)
$$;


--
-- Name: logged_twin(uuid, uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.logged_twin(p_user_id uuid, p_task_id uuid, p_type text) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT a.id FROM public.activity_logs a
  WHERE a.user_id = p_user_id AND a.task_id IS NOT DISTINCT FROM p_task_id AND a.activity_type = p_type
    AND a.metadata ->> 'source' = 'trigger' AND NOT (a.metadata ? 'client')
    AND a.created_at > now() - interval '30 seconds'
  ORDER BY a.created_at DESC
  LIMIT 1
$$;


--
-- Name: managed_project_ids(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.managed_project_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(id), '{}') FROM (
    SELECT p.id FROM public.projects p
    WHERE p.user_id = auth.uid() AND NOT p.is_deleted
    UNION
    SELECT m.project_id FROM public.project_members m
    JOIN public.projects p ON p.id = m.project_id
    WHERE m.user_id = auth.uid() AND m.role IN ('owner', 'admin') AND NOT p.is_deleted
  ) s
$$;


--
-- Name: managed_team_ids(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.managed_team_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(m.team_id), '{}') FROM public.team_members m
  WHERE m.user_id = auth.uid() AND m.status = 'active' AND m.role = 'admin'
$$;


--
-- Name: mentioned_user_ids(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.mentioned_user_ids(p_content text) RETURNS uuid[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(id ORDER BY first), '{}') FROM (
    SELECT m[1]::uuid AS id, min(n) AS first
    FROM regexp_matches(coalesce(p_content, ''),
           '@\[[^\]\n]*\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)', 'g')
         WITH ORDINALITY AS r(m, n)
    GROUP BY 1
  ) s
$$;


--
-- Name: next_project_sort_order(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.next_project_sort_order(p_user_id uuid) RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(max(sort_order), 0) + 1 FROM public.projects WHERE user_id = p_user_id
$$;


--
-- Name: next_task_sort_order(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.next_task_sort_order(p_user_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN coalesce((SELECT t.sort_order FROM public.tasks t
                    WHERE t.user_id = p_user_id
                    ORDER BY t.sort_order DESC
                    LIMIT 1), 0) + 1;
END
$$;


--
-- Name: note_folder_name(uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_folder_name(p_user_id uuid, p_name text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT f.name FROM public.note_folders f
  WHERE f.user_id = p_user_id AND NOT f.is_deleted AND lower(f.name) = lower(btrim(p_name))
$$;


--
-- Name: note_folder_taken(uuid, text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_folder_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.note_folders f
                 WHERE f.user_id = p_user_id AND NOT f.is_deleted AND lower(f.name) = lower(p_name) AND f.id <> p_except)
$$;


--
-- Name: note_folders_after_update(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_folders_after_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.notes SET folder = NULL
    WHERE user_id = OLD.user_id AND lower(folder) = lower(OLD.name);
  ELSIF NOT NEW.is_deleted AND NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE public.notes SET folder = NEW.name
    WHERE user_id = NEW.user_id AND lower(folder) = lower(OLD.name);
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: note_folders_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_folders_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Folder name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Folder name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Folder owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;
  IF NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('note_folders:' || NEW.user_id);
    IF private.note_folder_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A folder with this name already exists' USING ERRCODE = '23505';
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: note_linked_to_reachable_task(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_linked_to_reachable_task(p_note_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.task_note_links l
                 WHERE l.note_id = p_note_id AND private.can_access_task(l.task_id))
$$;


--
-- Name: note_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_owner(p_note_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT n.user_id FROM public.notes n WHERE n.id = p_note_id AND NOT n.is_deleted
$$;


--
-- Name: note_people(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_people(p_note_id uuid) RETURNS TABLE(user_id uuid, permission text, since timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  WITH n AS (SELECT n.id, n.user_id, n.folder, n.created_at FROM public.notes n WHERE n.id = p_note_id AND NOT n.is_deleted)
  SELECT n.user_id, 'owner', n.created_at FROM n
  UNION ALL
  SELECT r.user_id, CASE WHEN bool_or(s.permission = 'edit') THEN 'edit' ELSE 'view' END, min(r.created_at)
  FROM n
  JOIN public.note_shares s ON NOT s.is_deleted
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  JOIN public.note_share_recipients r ON r.share_id = s.id
  WHERE (s.note_id = n.id OR (f.id IS NOT NULL AND f.user_id = n.user_id AND lower(n.folder) = lower(f.name)))
    AND r.user_id <> n.user_id
  GROUP BY r.user_id
$$;


--
-- Name: note_shares_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_shares_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      -- The server picks the secret and the time.
      NEW.token := encode(extensions.gen_random_bytes(32), 'hex');
      NEW.created_at := now();
      NEW.is_deleted := false;
    END IF;
    IF NEW.note_id IS NOT NULL AND private.note_owner(NEW.note_id) IS DISTINCT FROM NEW.user_id THEN
      RAISE EXCEPTION 'Note not found' USING ERRCODE = '23503';
    END IF;
    IF NEW.folder_id IS NOT NULL AND private.live_note_folder_owner(NEW.folder_id) IS DISTINCT FROM NEW.user_id THEN
      RAISE EXCEPTION 'Folder not found' USING ERRCODE = '23503';
    END IF;
    IF EXISTS (SELECT FROM public.note_shares s WHERE NOT s.is_deleted
                 AND (s.note_id = NEW.note_id OR s.folder_id = NEW.folder_id)) THEN
      RAISE EXCEPTION 'This item already has a share link' USING ERRCODE = '23505',
        HINT = 'Change the permission of the existing link, or revoke it first.';
    END IF;
    RETURN NEW;
  END IF;
  -- Updates: only the permission changes, and a revoked link stays revoked.
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.note_id IS DISTINCT FROM OLD.note_id
     OR NEW.folder_id IS DISTINCT FROM OLD.folder_id OR NEW.token IS DISTINCT FROM OLD.token THEN
    RAISE EXCEPTION 'Only the permission of a share link can change' USING ERRCODE = '42501';
  END IF;
  IF OLD.is_deleted AND NOT NEW.is_deleted THEN
    RAISE EXCEPTION 'A revoked share link cannot be restored' USING ERRCODE = '42501';
  END IF;
  NEW.created_at := OLD.created_at;
  RETURN NEW;
END
$$;


--
-- Name: note_shares_sync_flag(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_shares_sync_flag() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.note_id IS NOT NULL THEN
    UPDATE public.notes n SET is_shared = EXISTS (
      SELECT FROM public.note_shares s WHERE s.note_id = n.id AND NOT s.is_deleted)
    WHERE n.id = NEW.note_id;
  ELSE
    UPDATE public.note_folders f SET is_shared = EXISTS (
      SELECT FROM public.note_shares s WHERE s.folder_id = f.id AND NOT s.is_deleted)
    WHERE f.id = NEW.folder_id;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: note_smart_list_creation(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.note_smart_list_creation(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  DELETE FROM private.smart_list_creations
  WHERE user_id = p_user_id AND created_at < clock_timestamp() - interval '5 minutes';
  IF (SELECT count(*) FROM private.smart_list_creations WHERE user_id = p_user_id) >= 10 THEN
    RAISE EXCEPTION 'Too many filters created recently. Please wait before creating more.' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO private.smart_list_creations (user_id) VALUES (p_user_id);
END
$$;


--
-- Name: notes_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notes_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
  v_folder text;
BEGIN
  IF NOT v_insert THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Note owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF v_end THEN
    NEW.created_at := now();
  END IF;

  IF v_insert OR NEW.title IS DISTINCT FROM OLD.title THEN
    NEW.title := private.clean_title(NEW.title);
    IF length(NEW.title) > 500 THEN
      RAISE EXCEPTION 'Title must be at most 500 characters' USING ERRCODE = '23514';
    END IF;
  END IF;
  IF v_insert OR NEW.content IS DISTINCT FROM OLD.content THEN
    NEW.content := private.clean_body(NEW.content);
    IF length(NEW.content) > 50000 THEN
      RAISE EXCEPTION 'Content must be at most 50,000 characters' USING ERRCODE = '23514';
    END IF;
  END IF;

  IF v_insert OR NEW.folder IS DISTINCT FROM OLD.folder THEN
    IF btrim(coalesce(NEW.folder, '')) = '' THEN
      NEW.folder := NULL;
    ELSE
      v_folder := private.note_folder_name(NEW.user_id, NEW.folder);
      IF v_folder IS NULL THEN
        RAISE EXCEPTION 'Folder not found' USING ERRCODE = '23503',
          DETAIL = format('You have no folder named "%s".', btrim(NEW.folder));
      END IF;
      NEW.folder := v_folder;
    END IF;
  END IF;

  -- The Free cap counts live notes, checked when a note is created or
  -- restored (the creation rate limit: private.count_content_statement).
  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted)
     AND private.plan_limit(private.user_plan(NEW.user_id), 'notes_total') IS NOT NULL THEN
    PERFORM private.lock_counter('notes:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'notes_total', private.count_live_notes(NEW.user_id));
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: notes_notify_mentions(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notes_notify_mentions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_author uuid := coalesce(auth.uid(), NEW.user_id);
  v_before uuid[] := '{}';
  v_title  text := coalesce(nullif(NEW.title, ''), 'Untitled');
  v_who    uuid;
BEGIN
  -- Most saves hold no mention: skip the scans.
  IF NEW.is_deleted OR strpos(NEW.content, '@[') = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.content IS NOT DISTINCT FROM OLD.content THEN
      RETURN NULL;
    END IF;
    v_before := private.mentioned_user_ids(OLD.content);
  END IF;
  FOR v_who IN
    SELECT m FROM unnest(private.mentioned_user_ids(NEW.content)) m
    WHERE NOT m = ANY (v_before) AND m IS DISTINCT FROM v_author
      AND EXISTS (SELECT FROM private.note_people(NEW.id) p WHERE p.user_id = m)
  LOOP
    PERFORM private.notify(v_who, v_author, 'comment', 'You were mentioned in a note',
      format('%s mentioned you in "%s"', coalesce(private.user_label(v_author), 'Someone'), left(v_title, 150)),
      NEW.id, 'note', jsonb_build_object('actionUrl', '/app/notes/' || NEW.id, 'note_title', NEW.title));
  END LOOP;
  RETURN NULL;
END
$$;


--
-- Name: notes_shared_edit(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notes_shared_edit() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF private.is_end_user() AND OLD.user_id IS DISTINCT FROM auth.uid()
     AND (NEW.folder IS DISTINCT FROM OLD.folder OR NEW.pinned IS DISTINCT FROM OLD.pinned
          OR NEW.is_shared IS DISTINCT FROM OLD.is_shared OR NEW.is_deleted IS DISTINCT FROM OLD.is_deleted) THEN
    RAISE EXCEPTION 'Only the owner can move, pin, share or delete this note' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: notifications_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notifications_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      NEW.created_at := now();
      NEW.updated_at := now();
      IF NEW.type = 'system' AND NEW.to_user_id IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Only the server sends system notifications to others' USING ERRCODE = '42501';
      END IF;
    END IF;
  ELSIF private.is_end_user() THEN
    NEW.id := OLD.id;
    NEW.to_user_id := OLD.to_user_id;
    NEW.from_user_id := OLD.from_user_id;
    NEW.type := OLD.type;
    NEW.title := OLD.title;
    NEW.message := OLD.message;
    NEW.entity_id := OLD.entity_id;
    NEW.entity_type := OLD.entity_type;
    NEW.metadata := OLD.metadata;
    NEW.created_at := OLD.created_at;
  END IF;
  IF NEW.is_read THEN
    NEW.read_at := coalesce(NEW.read_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.read_at END, now());
  ELSE
    NEW.read_at := NULL;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: notify(uuid, uuid, text, text, text, uuid, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notify(p_to uuid, p_from uuid, p_type text, p_title text, p_message text, p_entity_id uuid, p_entity_type text, p_metadata jsonb DEFAULT '{}'::jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_id uuid;
BEGIN
  IF p_to IS NULL OR p_to IS NOT DISTINCT FROM p_from THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.notifications (to_user_id, from_user_id, type, title, message, entity_id, entity_type, metadata)
  VALUES (p_to, p_from, p_type, left(p_title, 200), left(coalesce(p_message, ''), 2000), p_entity_id, p_entity_type,
          coalesce(p_metadata, '{}'))
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;


--
-- Name: notify_data_access_change(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.notify_data_access_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('daybase_data_access', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('daybase_data_access', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: FUNCTION notify_data_access_change(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.notify_data_access_change() IS 'Tells the gateway''s data-access cache that a user''s sessions or factors changed (0697).';


--
-- Name: owner_lexeme(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.owner_lexeme(p_user_id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT 'u' || replace(p_user_id::text, '-', '')
$$;


--
-- Name: parent_task(uuid, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean) RETURNS TABLE(user_id uuid, project_id uuid, parent_id uuid, is_deleted boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT t.user_id, t.project_id, t.parent_id, t.is_deleted FROM public.tasks t
  WHERE t.id = p_parent_id
    AND (NOT p_as_end_user
         OR t.user_id = auth.uid()
         OR t.project_id = ANY (private.accessible_project_ids()));
END
$$;


--
-- Name: plan_limit(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.plan_limit(p_plan text, p_limit_key text) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT l.max_value FROM private.plan_limits l
  WHERE l.plan = p_plan AND l.limit_key = p_limit_key
  );
END
$$;


--
-- Name: pomodoro_sessions_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.pomodoro_sessions_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.task_id IS NOT NULL AND private.is_end_user()
     AND (TG_OP = 'INSERT' OR NEW.task_id IS DISTINCT FROM OLD.task_id)
     AND NOT private.can_see_task(NEW.task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
  END IF;

  IF TG_OP = 'INSERT' THEN
    IF NEW.status IN ('completed', 'cancelled') THEN
      NEW.ended_at := coalesce(NEW.ended_at, now());
    ELSIF NOT NEW.is_deleted AND (NOT private.is_end_user() OR NEW.user_id = auth.uid()) THEN
      PERFORM private.cancel_running_sessions(NEW.user_id, NEW.id);
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    IF OLD.status IN ('completed', 'cancelled')
       OR (OLD.status = 'active' AND NEW.status NOT IN ('paused', 'completed', 'cancelled'))
       OR (OLD.status = 'paused' AND NEW.status NOT IN ('active', 'completed', 'cancelled')) THEN
      RAISE EXCEPTION 'Invalid session status change from % to %', OLD.status, NEW.status USING ERRCODE = '23514';
    END IF;
    IF NEW.status IN ('completed', 'cancelled') THEN
      NEW.ended_at := coalesce(NEW.ended_at, greatest(now(), NEW.started_at));
      IF OLD.status = 'paused' AND OLD.paused_at IS NOT NULL
         AND NEW.paused_duration_seconds = OLD.paused_duration_seconds THEN
        NEW.paused_duration_seconds := OLD.paused_duration_seconds
          + greatest(0, round(extract(epoch FROM NEW.ended_at - OLD.paused_at)))::integer;
      END IF;
    END IF;
  END IF;

  IF NEW.status = 'paused' THEN
    NEW.paused_at := coalesce(NEW.paused_at, now());
  ELSE
    NEW.paused_at := NULL;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: pomodoro_sessions_record_stats(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.pomodoro_sessions_record_stats() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_day       date;
  v_minutes   integer;
  v_work      boolean := NEW.type = 'work';
  v_completed boolean := NEW.status = 'completed';
  v_before    integer;
  v_streak    integer;
  v_longest   integer;
BEGIN
  IF NEW.is_deleted OR NEW.status NOT IN ('completed', 'cancelled')
     OR (TG_OP = 'UPDATE' AND OLD.status IN ('completed', 'cancelled')) THEN
    RETURN NULL;
  END IF;
  v_day := (NEW.ended_at AT TIME ZONE jobs.user_time_zone(NEW.user_id))::date;
  v_minutes := CASE WHEN v_completed THEN NEW.duration_minutes
                    ELSE least(NEW.duration_minutes, greatest(0, floor(
                      (extract(epoch FROM NEW.ended_at - NEW.started_at) - NEW.paused_duration_seconds) / 60)))::integer END;

  INSERT INTO public.pomodoro_stats AS s (user_id, date) VALUES (NEW.user_id, v_day)
  ON CONFLICT (user_id, date) DO NOTHING;
  -- The row lock serialises sessions of the same day ending at once.
  SELECT completed_sessions INTO v_before FROM public.pomodoro_stats
  WHERE user_id = NEW.user_id AND date = v_day FOR UPDATE;

  IF v_work AND v_completed AND v_before = 0 THEN
    SELECT coalesce((SELECT current_streak FROM public.pomodoro_stats
                     WHERE user_id = NEW.user_id AND date = v_day - 1 AND completed_sessions > 0), 0) + 1
      INTO v_streak;
    SELECT greatest(v_streak, coalesce(max(longest_streak), 0)) INTO v_longest
    FROM public.pomodoro_stats WHERE user_id = NEW.user_id AND date < v_day;
  END IF;

  UPDATE public.pomodoro_stats SET
    completed_sessions  = completed_sessions + (v_work AND v_completed)::integer,
    total_sessions      = total_sessions + v_work::integer,
    total_focus_minutes = total_focus_minutes + CASE WHEN v_work THEN v_minutes ELSE 0 END,
    total_break_minutes = total_break_minutes + CASE WHEN v_work THEN 0 ELSE v_minutes END,
    current_streak      = coalesce(v_streak, current_streak),
    longest_streak      = greatest(longest_streak, coalesce(v_longest, 0))
  WHERE user_id = NEW.user_id AND date = v_day;
  RETURN NULL;
END
$$;


--
-- Name: priority_name(smallint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.priority_name(p smallint) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT (ARRAY['None', 'Low', 'Medium', 'High', 'Urgent'])[p + 1]
$$;


--
-- Name: project_by_name(uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_by_name(p_user_id uuid, p_name text) RETURNS TABLE(id uuid, name text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT p.id, p.name FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = p_user_id
  WHERE NOT p.is_deleted
    AND lower(p.name) = lower(btrim(p_name))
    AND (p.user_id = p_user_id OR m.user_id IS NOT NULL)
  ORDER BY (p.user_id = p_user_id) DESC, p.created_at
  LIMIT 1;
END
$$;


--
-- Name: project_member_avatars(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_member_avatars(p_project_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('user_id', s.user_id, 'name', s.name, 'avatar_url', s.avatar_url)
                            ORDER BY s.ord, s.created_at), '[]')
  FROM (
    SELECT m.user_id, coalesce(nullif(up.full_name, ''), m.user_name, m.user_email) AS name, up.avatar_url,
           CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END AS ord, m.created_at
    FROM public.project_members m
    LEFT JOIN public.user_profiles up ON up.id = m.user_id
    WHERE m.project_id = p_project_id
    ORDER BY 4, m.created_at
    LIMIT 5
  ) s
$$;


--
-- Name: project_members_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_members_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_owner  uuid;
  v_caller text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF private.is_end_user() THEN
      IF OLD.user_id = auth.uid() THEN
        RAISE EXCEPTION 'You cannot remove yourself from the project' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'owner' THEN
        RAISE EXCEPTION 'The project owner cannot be removed' USING ERRCODE = '42501';
      END IF;
      v_caller := private.project_role(OLD.project_id);
      IF v_caller IS NULL OR v_caller NOT IN ('owner', 'admin') THEN
        RAISE EXCEPTION 'Only the project owner or an admin can remove members' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'admin' AND v_caller <> 'owner' THEN
        RAISE EXCEPTION 'Only the project owner can remove an admin' USING ERRCODE = '42501';
      END IF;
    ELSIF OLD.role = 'owner'
      AND private.project_owner(OLD.project_id) = OLD.user_id
      AND EXISTS (SELECT FROM auth.users WHERE id = OLD.user_id) THEN
      -- Cascades (project or account deleted) pass: the parent row is
      -- already gone when they run.
      RAISE EXCEPTION 'The project owner cannot be removed' USING ERRCODE = '42501';
    END IF;
    RETURN OLD;
  END IF;

  v_owner := private.project_owner(NEW.project_id);
  NEW.user_email := private.user_email(NEW.user_id);
  NEW.user_name := private.user_display_name(NEW.user_id);

  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      RAISE EXCEPTION 'Members join a project by accepting an invitation' USING ERRCODE = '42501';
    END IF;
  ELSE
    IF NEW.project_id IS DISTINCT FROM OLD.project_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Only the role of a member can be changed' USING ERRCODE = '42501';
    END IF;
    NEW.created_at := OLD.created_at;
    IF private.is_end_user() AND NEW.role IS DISTINCT FROM OLD.role THEN
      IF OLD.user_id = auth.uid() THEN
        RAISE EXCEPTION 'You cannot change your own role' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'owner' THEN
        RAISE EXCEPTION 'The project owner''s role cannot be changed' USING ERRCODE = '42501';
      END IF;
      IF private.project_role(OLD.project_id) IS DISTINCT FROM 'owner' THEN
        RAISE EXCEPTION 'Only the project owner can change roles' USING ERRCODE = '42501';
      END IF;
    END IF;
  END IF;

  -- Exactly the project's owner holds the owner role (no transfer).
  IF (NEW.role = 'owner') IS DISTINCT FROM (NEW.user_id = v_owner) THEN
    RAISE EXCEPTION 'Only the project owner holds the owner role' USING ERRCODE = '23514';
  END IF;

  IF TG_OP = 'INSERT' AND NEW.role <> 'owner' THEN
    PERFORM private.lock_counter('collaborators:' || NEW.project_id);
    IF EXISTS (SELECT FROM public.project_members m WHERE m.project_id = NEW.project_id AND m.user_id = NEW.user_id) THEN
      RAISE EXCEPTION 'This person is already a member of this project' USING ERRCODE = '23505';
    END IF;
    PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(NEW.project_id));
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: project_members_sync_shared(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_members_sync_shared() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_project uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.project_id ELSE NEW.project_id END;
  v_shared  boolean;
BEGIN
  v_shared := EXISTS (SELECT FROM public.project_members WHERE project_id = v_project AND role <> 'owner');
  UPDATE public.projects SET is_shared = v_shared WHERE id = v_project AND is_shared IS DISTINCT FROM v_shared;
  RETURN NULL;
END
$$;


--
-- Name: project_name_of(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_name_of(p_project_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT p.name FROM public.projects p WHERE p.id = p_project_id AND NOT p.is_deleted
  );
END
$$;


--
-- Name: project_name_taken(uuid, text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_name_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM public.projects
    WHERE user_id = p_user_id AND lower(name) = lower(p_name) AND NOT is_deleted AND id <> p_except)
$$;


--
-- Name: project_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_owner(p_project_id uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT p.user_id FROM public.projects p WHERE p.id = p_project_id
  );
END
$$;


--
-- Name: project_role(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_role(p_project_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN p.user_id = auth.uid() THEN 'owner' ELSE m.role END
  FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = auth.uid()
  WHERE p.id = p_project_id AND NOT p.is_deleted
$$;


--
-- Name: project_role_of(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.project_role_of(p_project_id uuid, p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN p.user_id = p_user_id THEN 'owner' ELSE m.role END
  FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = p_user_id
  WHERE p.id = p_project_id AND NOT p.is_deleted
$$;


--
-- Name: projects_add_owner(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_add_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  INSERT INTO public.project_members (project_id, user_id, role)
  VALUES (NEW.id, NEW.user_id, 'owner');
  RETURN NULL;
END
$$;


--
-- Name: projects_after_update(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_after_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name AND NOT NEW.is_deleted THEN
    UPDATE public.tasks SET list = NEW.name WHERE project_id = NEW.id AND list IS DISTINCT FROM NEW.name;
  END IF;
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.tasks SET is_deleted = true WHERE project_id = NEW.id AND NOT is_deleted;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: projects_archive_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_archive_rules() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.is_archived IS DISTINCT FROM OLD.is_archived THEN
    IF private.is_end_user() AND OLD.user_id IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Only the project owner can archive this project' USING ERRCODE = '42501';
    END IF;
    NEW.archived_at := CASE WHEN NEW.is_archived THEN now() END;
  ELSIF private.is_end_user() THEN
    NEW.archived_at := OLD.archived_at;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: projects_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.is_shared := false;
  ELSIF NEW.user_id IS DISTINCT FROM OLD.user_id
     OR (NEW.owner_id IS DISTINCT FROM OLD.owner_id AND private.is_end_user()) THEN
    -- Not even for service_role: the owner's member row and the caps
    -- counted against the owner's plan would no longer match.
    RAISE EXCEPTION 'Project ownership cannot be changed' USING ERRCODE = '42501';
  ELSIF private.is_end_user() THEN
    IF OLD.user_id IS DISTINCT FROM auth.uid() THEN
      IF NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN
        RAISE EXCEPTION 'Only the project owner can delete this project' USING ERRCODE = '42501';
      END IF;
      IF NEW.sort_order IS DISTINCT FROM OLD.sort_order THEN
        RAISE EXCEPTION 'Only projects you own can be reordered' USING ERRCODE = '42501';
      END IF;
      IF NEW.is_favorite IS DISTINCT FROM OLD.is_favorite THEN
        RAISE EXCEPTION 'Only the project owner can change favorites' USING ERRCODE = '42501';
      END IF;
    END IF;
    NEW.is_shared := OLD.is_shared;
    NEW.created_at := OLD.created_at;
  END IF;
  NEW.owner_id := NEW.user_id;

  NEW.name := btrim(NEW.name);
  IF NEW.name IS NULL OR NEW.name = '' THEN
    RAISE EXCEPTION 'Project name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Project name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;

  IF NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('projects:' || NEW.user_id);
    IF private.project_name_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A project with this name already exists. Please try again.' USING ERRCODE = '23505';
    END IF;
    IF TG_OP = 'INSERT' OR OLD.is_deleted THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'projects', private.count_live_projects(NEW.user_id));
    END IF;
  END IF;

  IF TG_OP = 'INSERT' AND NEW.sort_order IS NULL THEN
    NEW.sort_order := private.next_project_sort_order(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: projects_board_columns_removed(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_board_columns_removed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  UPDATE public.tasks t SET board_column = NULL
  WHERE t.project_id = NEW.id
    AND t.board_column IS NOT NULL
    AND NOT NEW.board_columns @> jsonb_build_array(jsonb_build_object('id', t.board_column));
  RETURN NULL;
END
$$;


--
-- Name: projects_insert_unarchived(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.projects_insert_unarchived() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.is_archived := false;
    NEW.archived_at := NULL;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: refine_logged_twin(uuid, text, text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.refine_logged_twin(p_id uuid, p_description text, p_entity_name text, p_metadata jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  UPDATE public.activity_logs
  SET activity_description = coalesce(nullif(p_description, ''), activity_description),
      entity_name = coalesce(p_entity_name, entity_name),
      metadata = metadata || jsonb_build_object('client', coalesce(p_metadata, '{}'))
  WHERE id = p_id
$$;


--
-- Name: reserved_smart_list_names(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.reserved_smart_list_names() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT ARRAY['inbox', 'all', 'today', 'upcoming', 'anytime', 'someday', 'logbook']
$$;


--
-- Name: search_note_content(text, integer, boolean, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean) RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid := auth.uid();
  v_words tsquery := private.content_query(p_term);
  v_query tsquery := v_words && private.owner_lexeme(v_uid)::tsquery;
  v_term text := lower(p_term);
  v_first text := split_part(p_term, ' ', 1);
BEGIN
  IF v_query IS NULL OR NOT (p_notes OR p_journals) THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH m AS MATERIALIZED (
    SELECT s.id, s.kind,
           (CASE WHEN coalesce(strpos(lower(s.title), v_term), 0) = 0 THEN 1
                 WHEN lower(s.title) = v_term THEN 4
                 WHEN strpos(lower(s.title), v_term) = 1 THEN 3
                 ELSE 2 END::real
            + least(ts_rank_cd(s.doc, v_words), 0.99))::real AS rank
    FROM private.content_search s
    -- user_id too: someone else's text may hold the owner lexeme.
    WHERE s.doc @@ v_query AND s.user_id = v_uid
      AND s.kind IN (CASE WHEN p_notes THEN 'note' END, CASE WHEN p_journals THEN 'journal' END)
  ), top_notes AS (
    SELECT n.id, m.rank
    FROM m JOIN public.notes n ON n.id = m.id
    WHERE p_notes AND m.kind = 'note' AND NOT n.is_deleted AND n.user_id = v_uid
      AND m.rank >= coalesce((SELECT c.rank FROM m c WHERE c.kind = 'note'
                              ORDER BY c.rank DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1), 0)
    ORDER BY m.rank DESC, n.updated_at DESC, n.id
    LIMIT p_limit
  ), top_journals AS (
    SELECT e.id, m.rank
    FROM m JOIN public.journal_entries e ON e.id = m.id
    WHERE p_journals AND m.kind = 'journal' AND NOT e.is_deleted AND e.user_id = v_uid
      AND m.rank >= coalesce((SELECT c.rank FROM m c WHERE c.kind = 'journal'
                              ORDER BY c.rank DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1), 0)
    ORDER BY m.rank DESC, e.updated_at DESC, e.id
    LIMIT p_limit
  )
  SELECT n.id, 'note'::text, n.title, private.search_snippet(n.content, v_first),
         jsonb_build_object('folder', n.folder, 'pinned', n.pinned, 'is_shared', n.is_shared),
         n.created_at, n.updated_at, t.rank
  FROM top_notes t JOIN public.notes n ON n.id = t.id
  UNION ALL
  SELECT e.id, 'journal'::text, e.title, private.search_snippet(e.content, v_first),
         jsonb_build_object('date', e.date, 'mood', e.mood, 'folder', e.folder),
         e.created_at, e.updated_at, t.rank
  FROM top_journals t JOIN public.journal_entries e ON e.id = t.id;
END
$$;


--
-- Name: search_pattern(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_pattern(p_term text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT '%' || regexp_replace(p_term, '([%_\\])', '\\\1', 'g') || '%'
$$;


--
-- Name: search_projects(text, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_projects(p_term text, p_limit integer) RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
  v_uid uuid := auth.uid();
BEGIN
  RETURN QUERY
  SELECT p.id, 'project'::text, p.name, private.search_snippet(p.overview, p_term),
         jsonb_build_object('color', p.color, 'icon_name', p.icon_name, 'icon_color', p.icon_color,
                            'icon_weight', p.icon_weight, 'is_shared', p.is_shared,
                            'is_owner', p.user_id = v_uid),
         p.created_at, p.updated_at,
         CASE WHEN coalesce(strpos(lower(p.name), v_term), 0) = 0 THEN 1
              WHEN lower(p.name) = v_term THEN 4
              WHEN strpos(lower(p.name), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.projects p
  WHERE NOT p.is_deleted AND (p.name ILIKE v_pattern OR p.overview ILIKE v_pattern)
  ORDER BY 8 DESC, p.updated_at DESC, p.id
  LIMIT p_limit;
END
$$;


--
-- Name: search_rank(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_rank(p_title text, p_term text) RETURNS real
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT CASE
    WHEN lower(p_title) = lower(p_term) THEN 4
    WHEN strpos(lower(p_title), lower(p_term)) = 1 THEN 3
    WHEN strpos(lower(p_title), lower(p_term)) > 0 THEN 2
    ELSE 1
  END::real
$$;


--
-- Name: search_snippet(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_snippet(p_text text, p_term text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT CASE
    WHEN p_text IS NULL OR p_text = '' THEN NULL
    WHEN strpos(lower(p_text), lower(p_term)) <= 60 THEN
      left(p_text, 160) || CASE WHEN length(p_text) > 160 THEN '…' ELSE '' END
    ELSE '…' || substr(p_text, strpos(lower(p_text), lower(p_term)) - 60, 160)
         || CASE WHEN length(p_text) > strpos(lower(p_text), lower(p_term)) + 99 THEN '…' ELSE '' END
  END
$$;


--
-- Name: search_tags(text, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_tags(p_term text, p_limit integer) RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
BEGIN
  RETURN QUERY
  SELECT g.id, 'tag'::text, g.name, NULL::text,
         jsonb_build_object('color', g.color, 'usage_count', g.usage_count),
         g.created_at, g.updated_at,
         CASE WHEN coalesce(strpos(lower(g.name), v_term), 0) = 0 THEN 1
              WHEN lower(g.name) = v_term THEN 4
              WHEN strpos(lower(g.name), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.global_tags g
  WHERE NOT g.is_deleted AND g.name ILIKE v_pattern
  ORDER BY 8 DESC, g.usage_count DESC, g.id
  LIMIT p_limit;
END
$$;


--
-- Name: search_tasks(text, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_tasks(p_term text, p_limit integer) RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
BEGIN
  RETURN QUERY
  SELECT t.id, 'task'::text, t.title, private.search_snippet(t.notes, p_term),
         jsonb_build_object('project_id', t.project_id, 'list', t.list, 'parent_id', t.parent_id,
                            'is_completed', t.is_completed, 'is_starred', t.is_starred,
                            'priority', t.priority, 'due_date', t.due_date, 'tags', t.tags),
         t.created_at, t.updated_at,
         -- private.search_rank(t.title, p_term)
         CASE WHEN coalesce(strpos(lower(t.title), v_term), 0) = 0 THEN 1
              WHEN lower(t.title) = v_term THEN 4
              WHEN strpos(lower(t.title), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.tasks t
  WHERE NOT t.is_deleted
    AND (t.title ILIKE v_pattern OR t.notes ILIKE v_pattern OR t.tags ILIKE v_pattern)
  ORDER BY 8 DESC, t.updated_at DESC, t.id
  LIMIT p_limit;
END
$$;


--
-- Name: search_term(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.search_term(p_search_term text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN length(t) >= 2 THEN t END
  FROM (SELECT left(btrim(regexp_replace(regexp_replace(coalesce(p_search_term, ''), '[<>{}`]', '', 'g'),
                                         '\s+', ' ', 'g')), 200) AS t) s
$$;


--
-- Name: server_owned_columns(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.server_owned_columns() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  -- TG_ARGV: the table's "when it came to be" columns, then '|', then
  -- 'updated_at' and/or 'id' when the table has them.
  v_patch jsonb := '{}';
  v_old   jsonb;
  v_tail  boolean := false;
  v_col   text;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    v_old := to_jsonb(OLD);
  END IF;
  FOREACH v_col IN ARRAY TG_ARGV LOOP
    IF v_col = '|' THEN
      v_tail := true;
    ELSIF v_tail AND v_col = 'updated_at' THEN
      v_patch := v_patch || jsonb_build_object('updated_at', now());
    ELSIF v_tail AND v_col = 'id' THEN
      IF TG_OP = 'UPDATE' THEN
        v_patch := v_patch || jsonb_build_object('id', v_old -> 'id');
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
      v_patch := v_patch || jsonb_build_object(v_col, now());
    ELSE
      v_patch := v_patch || jsonb_build_object(v_col, v_old -> v_col);
    END IF;
  END LOOP;
  NEW := jsonb_populate_record(NEW, v_patch);
  RETURN NEW;
END
$$;


--
-- Name: set_updated_at(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;


--
-- Name: share_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.share_owner(p_share_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT s.user_id FROM public.note_shares s WHERE s.id = p_share_id
$$;


--
-- Name: share_project(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.share_project(p_a uuid, p_b uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM public.project_members ma
    JOIN public.project_members mb ON mb.project_id = ma.project_id AND mb.user_id = p_b
    JOIN public.projects p ON p.id = ma.project_id AND NOT p.is_deleted
    WHERE ma.user_id = p_a)
$$;


--
-- Name: share_workspace(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.share_workspace(p_a uuid, p_b uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
           SELECT FROM public.team_members ma
           JOIN public.team_members mb ON mb.team_id = ma.team_id AND mb.user_id = p_b AND mb.status = 'active'
           WHERE ma.user_id = p_a AND ma.status = 'active')
      OR private.share_project(p_a, p_b)
$$;


--
-- Name: shared_folder_ids(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.shared_folder_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(f.id), '{}')
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted
  JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  WHERE r.user_id = auth.uid()
$$;


--
-- Name: shared_note_ids(boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.shared_note_ids(p_edit boolean) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(array_agg(DISTINCT n.id), '{}')
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted AND (NOT p_edit OR s.permission = 'edit')
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  JOIN public.notes n ON NOT n.is_deleted AND (
         n.id = s.note_id
      OR (f.id IS NOT NULL AND n.user_id = f.user_id AND lower(n.folder) = lower(f.name)))
  WHERE r.user_id = auth.uid()
$$;


--
-- Name: smart_list_name_taken(uuid, text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.smart_lists
                 WHERE user_id = p_user_id AND name_normalized = p_name_normalized AND NOT is_deleted AND id <> p_except)
$$;


--
-- Name: smart_lists_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.smart_lists_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end      boolean := private.is_end_user();
  v_insert   boolean := TG_OP = 'INSERT';
  v_entering boolean;
BEGIN
  IF v_end THEN
    IF v_insert AND NEW.system_key IS NOT NULL THEN
      RAISE EXCEPTION 'Built-in filters are created by the server' USING ERRCODE = '42501';
    END IF;
    IF NOT v_insert THEN
      IF NEW.system_key IS DISTINCT FROM OLD.system_key THEN
        RAISE EXCEPTION 'The built-in key of a filter cannot be changed' USING ERRCODE = '42501';
      END IF;
      IF OLD.system_key IS NOT NULL
         AND (NEW.name IS DISTINCT FROM OLD.name OR NEW.filters_data IS DISTINCT FROM OLD.filters_data) THEN
        RAISE EXCEPTION 'Built-in filters cannot be renamed or redefined' USING ERRCODE = '42501';
      END IF;
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;

  NEW.name := btrim(NEW.name);
  IF v_insert OR NEW.name IS DISTINCT FROM OLD.name OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.filters_data IS DISTINCT FROM OLD.filters_data THEN
    PERFORM private.validate_smart_filter(NEW.name, NEW.description, NEW.filters_data);
  END IF;
  NEW.name_normalized := lower(NEW.name);

  v_entering := NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted);
  IF NOT NEW.is_deleted AND (v_entering OR NEW.name_normalized <> OLD.name_normalized) THEN
    IF NEW.system_key IS NULL AND NEW.name_normalized = ANY (private.reserved_smart_list_names()) THEN
      RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'This name is reserved for a built-in filter';
    END IF;
    PERFORM private.lock_counter('smart_lists:' || NEW.user_id);
    IF private.smart_list_name_taken(NEW.user_id, NEW.name_normalized, NEW.id) THEN
      RAISE EXCEPTION 'A filter with this name already exists' USING ERRCODE = '23505';
    END IF;
  END IF;
  IF v_entering AND NEW.system_key IS NULL THEN
    PERFORM private.assert_within_cap(NEW.user_id, 'smart_filters', private.count_live_custom_smart_lists(NEW.user_id));
  END IF;
  IF v_insert AND v_end AND NEW.system_key IS NULL THEN
    PERFORM private.note_smart_list_creation(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: sync_content_search(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_content_search() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_kind text := CASE TG_TABLE_NAME WHEN 'notes' THEN 'note' ELSE 'journal' END;
BEGIN
  IF TG_OP = 'UPDATE' AND NOT NEW.is_deleted AND NOT OLD.is_deleted
     AND NEW.title IS NOT DISTINCT FROM OLD.title AND NEW.content IS NOT DISTINCT FROM OLD.content THEN
    RETURN NULL;
  END IF;
  IF NEW.is_deleted THEN
    DELETE FROM private.content_search WHERE id = NEW.id;
  ELSE
    INSERT INTO private.content_search (id, user_id, kind, doc, title)
    VALUES (NEW.id, NEW.user_id, v_kind,
            private.content_document(NEW.title, NEW.content) || private.owner_lexeme(NEW.user_id)::tsvector, NEW.title)
    ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, user_id = EXCLUDED.user_id, title = EXCLUDED.title;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: sync_member_identity(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_member_identity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  UPDATE public.project_members
  SET user_email = NEW.email,
      user_name = private.user_display_name(NEW.id)
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;


--
-- Name: sync_profile_rows(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_profile_rows() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_name   text := left(coalesce(nullif(NEW.raw_user_meta_data ->> 'full_name', ''), nullif(NEW.raw_user_meta_data ->> 'name', '')), 255);
  v_old    text := left(coalesce(nullif(OLD.raw_user_meta_data ->> 'full_name', ''), nullif(OLD.raw_user_meta_data ->> 'name', '')), 255);
  v_avatar text := left(nullif(NEW.raw_user_meta_data ->> 'avatar_url', ''), 2048);
  v_old_av text := left(nullif(OLD.raw_user_meta_data ->> 'avatar_url', ''), 2048);
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    UPDATE public.user_profiles SET email = NEW.email WHERE id = NEW.id;
  END IF;
  IF v_name IS DISTINCT FROM v_old AND v_name IS NOT NULL THEN
    UPDATE public.user_profiles SET full_name = v_name WHERE id = NEW.id;
  END IF;
  IF v_avatar IS DISTINCT FROM v_old_av AND v_avatar IS NOT NULL THEN
    UPDATE public.user_profiles SET avatar_url = v_avatar WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: sync_team_member_identity(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_team_member_identity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_id uuid := NEW.id;
BEGIN
  UPDATE public.team_members m
  SET email = u.email,
      full_name = coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)),
      avatar_url = up.avatar_url
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = v_id AND m.user_id = v_id
    AND (m.email, m.full_name, m.avatar_url) IS DISTINCT FROM
        (u.email, coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)), up.avatar_url);
  RETURN NULL;
END
$$;


--
-- Name: tag_name_taken(uuid, text, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tag_name_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.global_tags
                 WHERE user_id = p_user_id AND lower(name) = lower(p_name) AND NOT is_deleted AND id <> p_except)
$$;


--
-- Name: team_invitations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.team_invitations (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    team_id uuid NOT NULL,
    email text NOT NULL,
    role text DEFAULT 'member'::text NOT NULL,
    invited_by uuid DEFAULT auth.uid(),
    token text DEFAULT encode(extensions.gen_random_bytes(32), 'hex'::text) NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '7 days'::interval) NOT NULL,
    accepted_at timestamp with time zone,
    accepted_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    joined_at timestamp with time zone,
    CONSTRAINT team_invitations_email_valid CHECK (((email = lower(email)) AND private.is_valid_email(email))),
    CONSTRAINT team_invitations_role_valid CHECK ((role = ANY (ARRAY['admin'::text, 'member'::text])))
);

ALTER TABLE ONLY public.team_invitations REPLICA IDENTITY FULL;


--
-- Name: COLUMN team_invitations.joined_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.team_invitations.joined_at IS 'When its addressee joined the team with it; set by the server. An invitation is used once this is set.';


--
-- Name: take_team_invitation(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.take_team_invitation(p_team_id uuid) RETURNS public.team_invitations
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_inv public.team_invitations;
BEGIN
  UPDATE public.team_invitations i
  SET accepted_at = coalesce(i.accepted_at, now()), accepted_by = coalesce(i.accepted_by, auth.uid()), joined_at = now()
  WHERE i.id = (SELECT j.id FROM public.team_invitations j
                WHERE j.team_id = p_team_id AND j.joined_at IS NULL AND j.expires_at > now()
                  AND j.email = private.current_user_email()
                  AND (j.accepted_at IS NULL OR j.accepted_by = auth.uid())
                -- One's own acceptance first, then the newest invitation.
                ORDER BY j.accepted_at IS NULL, j.created_at DESC
                LIMIT 1
                FOR UPDATE)
  RETURNING i.* INTO v_inv;
  RETURN v_inv;
END
$$;


--
-- Name: task_access(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_access(p_user_id uuid, p_task_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t
    WHERE t.id = p_task_id
      AND (t.user_id = p_user_id
           OR t.assigned_to = p_user_id
           OR (t.project_id IS NOT NULL AND private.project_role_of(t.project_id, p_user_id) IS NOT NULL)
           OR (t.team_id IS NOT NULL AND private.team_role_of(t.team_id, p_user_id) IS NOT NULL)))
$$;


--
-- Name: task_assignments_after_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_assignments_after_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM private.apply_assignment(NEW.task_id, NEW.assigned_to, NEW.team_id);
  IF NEW.team_id IS NOT NULL THEN
    PERFORM private.log_team_activity(NEW.team_id, coalesce(NEW.assigned_by, auth.uid()), 'task_assigned', 'task', NEW.task_id,
      jsonb_build_object('task_title', private.task_title(NEW.task_id), 'assigned_to', NEW.assigned_to,
                         'assignee_name', private.user_label(NEW.assigned_to)));
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: task_assignments_before_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_assignments_before_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.assigned_by := auth.uid();
    NEW.created_at := now();
    IF NOT private.can_access_task(NEW.task_id) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
    END IF;
    IF NEW.team_id IS NOT NULL AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
      RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
    END IF;
  END IF;
  IF NEW.team_id IS NOT NULL AND private.team_role_of(NEW.team_id, NEW.assigned_to) IS NULL THEN
    RAISE EXCEPTION 'The assignee must be an active member of the team' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: task_attachments_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_attachments_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
  v_mb     bigint;
BEGIN
  IF v_insert THEN
    IF v_end THEN
      NEW.created_at := now();
      NEW.is_marked_deleted := false;
      IF NOT private.can_access_task(NEW.task_id) THEN
        RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
      END IF;
    END IF;
  ELSE
    IF NEW.task_id IS DISTINCT FROM OLD.task_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'An attachment cannot move to another task or owner' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
      IF OLD.is_marked_deleted AND NOT NEW.is_marked_deleted THEN
        RAISE EXCEPTION 'Attachment not found' USING ERRCODE = 'P0001',
          DETAIL = 'A deleted attachment''s file is gone; upload it again.';
      END IF;
      IF OLD.user_id IS DISTINCT FROM auth.uid()
         AND (NEW.is_marked_deleted IS NOT DISTINCT FROM OLD.is_marked_deleted OR NOT private.can_manage_task(OLD.task_id)) THEN
        RAISE EXCEPTION 'Only the uploader or the task''s owner or admins can change an attachment' USING ERRCODE = '42501';
      END IF;
    END IF;
  END IF;

  IF v_insert OR NEW.filename IS DISTINCT FROM OLD.filename OR NEW.mime_type IS DISTINCT FROM OLD.mime_type
     OR NEW.file_size IS DISTINCT FROM OLD.file_size THEN
    PERFORM private.check_attachment_file(NEW.user_id, NEW.filename, NEW.mime_type, NEW.file_size);
  END IF;
  IF NEW.local_path IS NOT NULL AND (v_insert OR NEW.local_path IS DISTINCT FROM OLD.local_path) AND v_end
     AND NOT starts_with(NEW.local_path, NEW.user_id || '/' || NEW.task_id || '/') THEN
    RAISE EXCEPTION 'Attachment path must be below {userId}/{taskId}/' USING ERRCODE = '23514';
  END IF;

  IF v_insert AND NOT NEW.is_marked_deleted THEN
    PERFORM private.lock_counter('attachments:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'attachments_per_day', private.count_attachments_today(NEW.user_id));
    v_mb := ceil(NEW.file_size / 1048576.0)::bigint;
    PERFORM private.assert_within_cap(NEW.user_id, 'storage_total_mb', private.attachment_megabytes(NEW.user_id), v_mb::integer);
  END IF;

  -- The server's change stamp on every write.
  NEW.change_id := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  RETURN NEW;
END
$$;


--
-- Name: task_attachments_log_activity(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_attachments_log_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_task public.tasks;
BEGIN
  SELECT * INTO v_task FROM public.tasks WHERE id = NEW.task_id;
  IF TG_OP = 'INSERT' AND NOT NEW.is_marked_deleted THEN
    PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'attachment_added',
                                 format('Attached "%s"', NEW.filename), v_task.title,
                                 jsonb_build_object('attachment_id', NEW.id, 'filename', NEW.filename,
                                                    'file_size', NEW.file_size, 'mime_type', NEW.mime_type));
  ELSIF TG_OP = 'UPDATE' AND NEW.is_marked_deleted AND NOT OLD.is_marked_deleted THEN
    PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'attachment_removed',
                                 format('Removed "%s"', NEW.filename), v_task.title,
                                 jsonb_build_object('attachment_id', NEW.id, 'filename', NEW.filename));
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: task_comments_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_comments_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end     boolean := private.is_end_user();
  v_deleted boolean;
BEGIN
  IF NEW.content IS NULL OR btrim(NEW.content) = '' THEN
    RAISE EXCEPTION 'Comment cannot be empty' USING ERRCODE = '23514';
  END IF;
  NEW.content := btrim(private.clean_body(NEW.content));
  IF length(NEW.content) > 10000 THEN
    RAISE EXCEPTION 'Comment must be at most 10,000 characters' USING ERRCODE = '23514';
  END IF;

  IF TG_OP = 'INSERT' THEN
    v_deleted := NEW.is_deleted OR NEW.is_marked_deleted;
    IF v_end THEN
      NEW.created_at := now();
      NEW.updated_at := NEW.created_at;
      IF NOT private.can_access_task(NEW.task_id) THEN
        RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
      END IF;
    END IF;
  ELSE
    IF NEW.task_id IS DISTINCT FROM OLD.task_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'A comment cannot move to another task or author' USING ERRCODE = '42501';
    END IF;
    -- Whichever flag the client set (and either way, un-deleting needs both).
    v_deleted := CASE WHEN NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN NEW.is_deleted
                      ELSE NEW.is_marked_deleted END;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
      IF OLD.user_id IS DISTINCT FROM auth.uid() THEN
        IF NEW.content IS DISTINCT FROM OLD.content OR NEW.mentions IS DISTINCT FROM OLD.mentions
           OR NEW.team_id IS DISTINCT FROM OLD.team_id THEN
          RAISE EXCEPTION 'Only the author can edit a comment' USING ERRCODE = '42501';
        END IF;
        IF v_deleted IS DISTINCT FROM OLD.is_deleted AND NOT private.can_manage_task(OLD.task_id) THEN
          RAISE EXCEPTION 'Only the author or the task''s owner or admins can delete a comment' USING ERRCODE = '42501';
        END IF;
      END IF;
    END IF;
  END IF;
  NEW.is_deleted := v_deleted;
  NEW.is_marked_deleted := v_deleted;

  IF NEW.team_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.team_id IS DISTINCT FROM OLD.team_id)
     AND v_end AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
    RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
  END IF;

  -- The client's list and the mentions written in the text, once each.
  NEW.mentions := ARRAY(SELECT DISTINCT x FROM unnest(coalesce(NEW.mentions, '{}') || private.mentioned_user_ids(NEW.content)) x
                        WHERE x IS NOT NULL ORDER BY 1);
  IF cardinality(NEW.mentions) > 50 THEN
    RAISE EXCEPTION 'A comment can mention at most 50 people' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: task_comments_log_activity(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_comments_log_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_task public.tasks;
BEGIN
  IF NEW.is_deleted THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_task FROM public.tasks WHERE id = NEW.task_id;
  PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'comment_added',
                               'Added a comment', v_task.title,
                               jsonb_build_object('comment_id', NEW.id, 'preview', left(NEW.content, 100)));
  RETURN NULL;
END
$$;


--
-- Name: task_comments_notify_mentions(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_comments_notify_mentions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_title  text := private.task_title(NEW.task_id);
  v_author text := coalesce(private.user_label(NEW.user_id), 'Someone');
  v_who    uuid;
BEGIN
  IF NEW.is_deleted THEN
    RETURN NULL;
  END IF;
  FOR v_who IN
    SELECT m FROM unnest(NEW.mentions) m
    WHERE m IS DISTINCT FROM NEW.user_id
      AND (TG_OP = 'INSERT' OR NOT m = ANY (OLD.mentions) OR OLD.is_deleted)
      AND private.task_access(m, NEW.task_id)
  LOOP
    PERFORM private.notify(v_who, NEW.user_id, 'comment', 'You were mentioned in a comment',
      format('%s mentioned you on "%s": %s', v_author, v_title,
             left(regexp_replace(NEW.content, '@\[([^\]\n]*)\]\([0-9a-fA-F-]{36}\)', '@\1', 'g'), 150)),
      NEW.task_id, 'task',
      jsonb_build_object('actionUrl', '/app/tasks?taskId=' || NEW.task_id, 'task_title', v_title,
                         'comment_id', NEW.id, 'team_id', NEW.team_id));
  END LOOP;
  RETURN NULL;
END
$$;


--
-- Name: task_links_before_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_links_before_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_owner uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  NEW.linked_by := auth.uid();
  NEW.linked_at := now();
  IF NOT private.can_access_task(NEW.task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
  END IF;
  IF TG_TABLE_NAME = 'task_note_links' THEN
    v_owner := private.note_owner(NEW.note_id);
    IF v_owner IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Note not found' USING ERRCODE = '23503';
    END IF;
  ELSE
    v_owner := private.live_journal_entry_owner(NEW.journal_id);
    IF v_owner IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = '23503';
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: task_title(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.task_title(p_task_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT t.title FROM public.tasks t WHERE t.id = p_task_id
$$;


--
-- Name: tasks_after_update(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_after_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.tasks SET is_deleted = true WHERE parent_id = NEW.id AND NOT is_deleted;
  END IF;
  IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
    UPDATE public.tasks SET project_id = NEW.project_id
    WHERE parent_id = NEW.id AND project_id IS DISTINCT FROM NEW.project_id;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: tasks_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end             boolean := private.is_end_user();
  v_insert          boolean := TG_OP = 'INSERT';
  v_parent          record;
  v_found           record;
  v_name            text;
  v_project_written boolean;
  v_list_written    boolean;
  v_entering        boolean;
  v_plan            text;     -- NEW.user_id's plan, looked up once
  v_owner           uuid;     -- the project's owner, looked up once
BEGIN
  IF NOT v_insert AND v_end THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Task owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    NEW.created_at := OLD.created_at;
    IF NEW.is_deleted AND NOT OLD.is_deleted AND OLD.user_id IS DISTINCT FROM auth.uid()
       AND coalesce(private.project_role(OLD.project_id), '') NOT IN ('owner', 'admin') THEN
      RAISE EXCEPTION 'Only the project owner or an admin can delete tasks of other members' USING ERRCODE = '42501';
    END IF;
  END IF;

  IF NEW.title IS NULL OR btrim(NEW.title) = '' THEN
    RAISE EXCEPTION 'Task title required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.title) > 500 THEN
    RAISE EXCEPTION 'Task title must be at most 500 characters' USING ERRCODE = '23514';
  END IF;

  IF v_insert OR NEW.recurrence IS DISTINCT FROM OLD.recurrence THEN
    PERFORM private.check_recurrence(NEW.recurrence);
  END IF;

  -- Which of project_id and list (the project's name) the client wrote;
  -- the other one follows.
  v_project_written := CASE WHEN v_insert THEN NEW.project_id IS NOT NULL
                            ELSE NEW.project_id IS DISTINCT FROM OLD.project_id END;
  v_list_written := CASE WHEN v_insert THEN NEW.project_id IS NULL
                         ELSE NEW.list IS DISTINCT FROM OLD.list END;

  -- A restored task whose project went to the bin meanwhile goes to the Inbox.
  IF NOT v_insert AND OLD.is_deleted AND NOT NEW.is_deleted AND NEW.project_id IS NOT NULL
     AND private.project_name_of(NEW.project_id) IS NULL THEN
    NEW.project_id := NULL;
    NEW.list := NULL;
    v_project_written := false;
    v_list_written := false;
  END IF;

  -- Subtasks: one level deep, in their parent's project.
  IF NEW.parent_id IS NOT NULL AND (v_insert OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) THEN
    IF NEW.parent_id = NEW.id THEN
      RAISE EXCEPTION 'A task cannot be its own parent' USING ERRCODE = '23514';
    END IF;
    SELECT * INTO v_parent FROM private.parent_task(NEW.parent_id, v_end);
    IF NOT FOUND OR v_parent.is_deleted THEN
      RAISE EXCEPTION 'Parent task not found' USING ERRCODE = '23503';
    END IF;
    IF v_parent.parent_id IS NOT NULL THEN
      RAISE EXCEPTION 'A subtask cannot have subtasks' USING ERRCODE = '23514';
    END IF;
    IF NOT v_insert AND private.has_subtasks(NEW.id) THEN
      RAISE EXCEPTION 'A task with subtasks cannot become a subtask' USING ERRCODE = '23514';
    END IF;
    NEW.project_id := v_parent.project_id;
    NEW.list := NULL;
    v_project_written := true;
    v_list_written := false;
  END IF;

  IF v_project_written THEN
    IF NEW.project_id IS NOT NULL THEN
      v_name := private.project_name_of(NEW.project_id);
      IF v_name IS NULL OR (v_end AND NOT private.can_access_project(NEW.project_id)) THEN
        RAISE EXCEPTION 'Project not found' USING ERRCODE = '23503';
      END IF;
      NEW.list := v_name;
    ELSIF NOT (v_list_written AND btrim(coalesce(NEW.list, '')) <> '') THEN
      NEW.list := CASE WHEN v_list_written THEN NEW.list END;
    END IF;
  END IF;
  IF v_list_written AND NOT (v_project_written AND NEW.project_id IS NOT NULL) THEN
    IF btrim(coalesce(NEW.list, '')) = '' THEN
      NEW.project_id := NULL;                       -- the Inbox
    ELSE
      v_name := CASE WHEN NEW.project_id IS NOT NULL THEN private.project_name_of(NEW.project_id) END;
      IF v_name IS NOT NULL AND lower(btrim(NEW.list)) = lower(v_name) THEN
        NEW.list := v_name;                         -- same project, spelled differently
      ELSE
        SELECT * INTO v_found FROM private.project_by_name(CASE WHEN v_end THEN auth.uid() ELSE NEW.user_id END, NEW.list);
        IF FOUND THEN
          NEW.project_id := v_found.id;
          NEW.list := v_found.name;
        ELSE
          NEW.project_id := NULL;                   -- a name without a project: Inbox
        END IF;
      END IF;
    END IF;
  END IF;

  -- completed_at follows is_completed.
  IF NEW.is_completed THEN
    IF v_insert THEN
      NEW.completed_at := coalesce(NEW.completed_at, now());
    ELSIF NOT OLD.is_completed THEN
      NEW.completed_at := now();
    ELSE
      NEW.completed_at := coalesce(NEW.completed_at, OLD.completed_at, now());
    END IF;
  ELSE
    NEW.completed_at := NULL;
  END IF;

  IF v_insert AND NEW.sort_order IS NULL THEN
    NEW.sort_order := private.next_task_sort_order(NEW.user_id);
  END IF;

  -- Caps (000 §9, 001 §1), checked when a task joins the counted set:
  -- created, restored, moved into a project or under a parent, or given
  -- more reminders. A downgrade never blocks editing what exists.
  IF NOT NEW.is_deleted THEN
    v_entering := v_insert OR OLD.is_deleted;
    IF v_entering THEN
      v_plan := private.user_plan(NEW.user_id);
    END IF;
    IF v_entering AND private.plan_limit(v_plan, 'tasks_total') IS NOT NULL THEN
      PERFORM private.lock_counter('tasks:' || NEW.user_id);
      PERFORM private.assert_within_cap(NEW.user_id, 'tasks_total', private.count_live_tasks(NEW.user_id));
    END IF;
    IF NEW.project_id IS NOT NULL AND (v_entering OR NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
      v_owner := private.project_owner(NEW.project_id);
      IF private.plan_limit(CASE WHEN v_owner = NEW.user_id AND v_plan IS NOT NULL THEN v_plan
                                 ELSE private.user_plan(v_owner) END, 'tasks_per_project') IS NOT NULL THEN
        PERFORM private.lock_counter('project_tasks:' || NEW.project_id);
        PERFORM private.assert_within_cap(v_owner, 'tasks_per_project',
                                          private.count_live_project_tasks(NEW.project_id, NEW.id));
      END IF;
    END IF;
    IF NEW.parent_id IS NOT NULL AND (v_entering OR NEW.parent_id IS DISTINCT FROM OLD.parent_id)
       AND private.plan_limit(private.user_plan((SELECT p.user_id FROM private.parent_task(NEW.parent_id, false) p)),
                              'subtasks_per_task') IS NOT NULL THEN
      PERFORM private.lock_counter('subtasks:' || NEW.parent_id);
      PERFORM private.assert_within_cap(
        (SELECT p.user_id FROM private.parent_task(NEW.parent_id, false) p), 'subtasks_per_task',
        private.count_live_subtasks(NEW.parent_id));
    END IF;
    IF cardinality(NEW.reminders) > 0
       AND (v_insert OR cardinality(NEW.reminders) > cardinality(OLD.reminders)) THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'reminders_per_task', 0, cardinality(NEW.reminders));
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: tasks_board_column_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_board_column_rules() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id
     AND NEW.board_column IS NOT DISTINCT FROM OLD.board_column THEN
    NEW.board_column := NULL;
  END IF;
  IF NEW.board_column IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM public.projects p
    WHERE p.id = NEW.project_id
      AND p.board_columns @> jsonb_build_array(jsonb_build_object('id', NEW.board_column))
  ) THEN
    RAISE EXCEPTION 'board_column "%" is not a column of the task''s project', NEW.board_column
      USING ERRCODE = '23514', HINT = 'Pick one of the ids in the project''s board_columns, or null.';
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: tasks_log_activity(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_log_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_actor   uuid := coalesce(auth.uid(), NEW.user_id);
  v_logged  boolean := false;
  v_project text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_created',
                                 format('Created task "%s"', NEW.title), NEW.title);
    RETURN NULL;
  END IF;

  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_deleted',
                                 format('Deleted task "%s"', NEW.title), NEW.title);
    RETURN NULL;
  END IF;
  IF OLD.is_deleted AND NOT NEW.is_deleted THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'status_changed',
                                 format('Restored task "%s"', NEW.title), NEW.title,
                                 jsonb_build_object('old', 'deleted', 'new', 'restored'));
    v_logged := true;
  END IF;
  IF NEW.is_deleted THEN
    RETURN NULL;  -- changes to a task in the bin are not news
  END IF;

  IF NEW.is_completed AND NOT OLD.is_completed THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_completed',
                                 format('Completed task "%s"', NEW.title), NEW.title);
    v_logged := true;
  ELSIF OLD.is_completed AND NOT NEW.is_completed THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'status_changed',
                                 format('Reopened task "%s"', NEW.title), NEW.title,
                                 jsonb_build_object('old', 'completed', 'new', 'open'));
    v_logged := true;
  END IF;
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'title_changed',
                                 format('Renamed task from "%s" to "%s"', OLD.title, NEW.title), NEW.title,
                                 jsonb_build_object('old', OLD.title, 'new', NEW.title));
    v_logged := true;
  END IF;
  IF NEW.priority IS DISTINCT FROM OLD.priority THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'priority_changed',
                                 format('Changed priority from %s to %s', private.priority_name(OLD.priority),
                                        private.priority_name(NEW.priority)), NEW.title,
                                 jsonb_build_object('old', OLD.priority, 'new', NEW.priority));
    v_logged := true;
  END IF;
  IF NEW.due_date IS DISTINCT FROM OLD.due_date OR NEW.due_time IS DISTINCT FROM OLD.due_time THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'due_date_changed',
                                 CASE WHEN NEW.due_date IS NULL AND NEW.due_time IS NULL THEN 'Removed the due date'
                                      ELSE format('Changed due date to %s', coalesce(NEW.due_date::text, NEW.due_time::text)) END,
                                 NEW.title,
                                 jsonb_build_object('old', OLD.due_date, 'new', NEW.due_date,
                                                    'old_time', OLD.due_time, 'new_time', NEW.due_time));
    v_logged := true;
  END IF;
  IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
    v_project := private.project_name_of(NEW.project_id);
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'project_changed',
                                 CASE WHEN NEW.project_id IS NULL THEN 'Moved to Inbox'
                                      ELSE format('Moved to project "%s"', v_project) END,
                                 NEW.title,
                                 jsonb_build_object('old', OLD.project_id, 'new', NEW.project_id,
                                                    'old_name', OLD.list, 'new_name', v_project));
    v_logged := true;
  END IF;
  IF NEW.tags IS DISTINCT FROM OLD.tags THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'tags_changed',
                                 CASE WHEN coalesce(NEW.tags, '') = '' THEN 'Removed all tags'
                                      ELSE format('Changed tags to "%s"', NEW.tags) END, NEW.title,
                                 jsonb_build_object('old', OLD.tags, 'new', NEW.tags));
    v_logged := true;
  END IF;
  IF NEW.notes IS DISTINCT FROM OLD.notes THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'notes_changed', 'Updated the notes', NEW.title);
    v_logged := true;
  END IF;
  IF NEW.assigned_to IS DISTINCT FROM OLD.assigned_to THEN
    IF NEW.assigned_to IS NOT NULL THEN
      PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_assigned',
                                   format('Assigned to %s', coalesce(private.user_label(NEW.assigned_to), 'someone')), NEW.title,
                                   jsonb_build_object('assigned_to', NEW.assigned_to, 'previous', OLD.assigned_to,
                                                      'team_id', NEW.team_id));
    ELSE
      PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_unassigned',
                                   format('Unassigned %s', coalesce(private.user_label(OLD.assigned_to), 'someone')), NEW.title,
                                   jsonb_build_object('previous', OLD.assigned_to));
    END IF;
    v_logged := true;
  END IF;
  -- Anything else a person would call an edit (not ordering, starring or
  -- the server's own bookkeeping).
  IF NOT v_logged AND (NEW.location IS DISTINCT FROM OLD.location OR NEW.reminders IS DISTINCT FROM OLD.reminders
       OR NEW.recurrence IS DISTINCT FROM OLD.recurrence OR NEW.importance IS DISTINCT FROM OLD.importance
       OR NEW.urgency IS DISTINCT FROM OLD.urgency OR NEW.parent_id IS DISTINCT FROM OLD.parent_id
       OR NEW.team_id IS DISTINCT FROM OLD.team_id) THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_updated',
                                 format('Updated task "%s"', NEW.title), NEW.title);
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: tasks_log_created(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_log_created() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata)
  SELECT a.actor, c.id, c.project_id, 'task_created', left(format('Created task "%s"', c.title), 1000), left(c.title, 500),
         '{"source": "trigger"}'
    FROM created c CROSS JOIN LATERAL (SELECT coalesce(auth.uid(), c.user_id) AS actor) a
   WHERE EXISTS (SELECT FROM auth.users u WHERE u.id = a.actor);
  RETURN NULL;
END
$$;


--
-- Name: tasks_notify_assignee(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_notify_assignee() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_actor uuid := auth.uid();
BEGIN
  IF NEW.assigned_to IS NULL OR NEW.is_deleted
     OR (TG_OP = 'UPDATE' AND NEW.assigned_to IS NOT DISTINCT FROM OLD.assigned_to) THEN
    RETURN NULL;
  END IF;
  PERFORM private.notify(NEW.assigned_to, coalesce(v_actor, NEW.user_id), 'task_assigned', 'Task assigned to you',
    format('%s assigned you "%s"', coalesce(private.user_label(coalesce(v_actor, NEW.user_id)), 'Someone'), NEW.title),
    NEW.id, 'task',
    jsonb_strip_nulls(jsonb_build_object(
      'actionUrl', '/app/tasks?taskId=' || NEW.id, 'task_title', NEW.title,
      'due_date', NEW.due_date, 'due_time', NEW.due_time, 'priority', NEW.priority, 'team_id', NEW.team_id)));
  RETURN NULL;
END
$$;


--
-- Name: tasks_restore_subtasks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_restore_subtasks() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  UPDATE public.tasks SET is_deleted = false
  WHERE parent_id = NEW.id AND is_deleted AND updated_at = OLD.updated_at;
  RETURN NULL;
END
$$;


--
-- Name: tasks_team_rules(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.tasks_team_rules() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_insert boolean := TG_OP = 'INSERT';
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF NEW.team_id IS NOT NULL AND (v_insert OR NEW.team_id IS DISTINCT FROM OLD.team_id)
     AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
    RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
  END IF;
  IF NEW.assigned_to IS NOT NULL
     AND (v_insert OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to OR NEW.team_id IS DISTINCT FROM OLD.team_id) THEN
    IF NEW.team_id IS NOT NULL THEN
      IF private.team_role_of(NEW.team_id, NEW.assigned_to) IS NULL THEN
        RAISE EXCEPTION 'The assignee must be an active member of the team' USING ERRCODE = '23514';
      END IF;
    ELSIF NEW.assigned_to IS DISTINCT FROM NEW.user_id
          AND (NEW.project_id IS NULL OR private.project_role_of(NEW.project_id, NEW.assigned_to) IS NULL) THEN
      RAISE EXCEPTION 'A task can be assigned only to a member of its team or project' USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: team_activity_log_before_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_activity_log_before_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.user_id := auth.uid();
    NEW.created_at := now();
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: team_has_member_email(uuid, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_has_member_email(p_team_id uuid, p_email text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT EXISTS (SELECT FROM public.team_members m JOIN auth.users u ON u.id = m.user_id
                 WHERE m.team_id = p_team_id AND m.status = 'active' AND lower(u.email) = lower(p_email))
$$;


--
-- Name: team_invitations_after_insert(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_invitations_after_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_team public.teams;
  v_to   uuid;
BEGIN
  SELECT * INTO v_team FROM public.teams WHERE id = NEW.team_id;
  SELECT u.id INTO v_to FROM auth.users u
  WHERE lower(u.email) = NEW.email AND u.email_confirmed_at IS NOT NULL AND u.deleted_at IS NULL
  LIMIT 1;
  PERFORM private.notify(v_to, NEW.invited_by, 'system', 'Team invitation',
    format('%s invited you to join the team "%s"', coalesce(private.user_label(NEW.invited_by), 'Someone'), v_team.name),
    NEW.team_id, 'team_invitation',
    jsonb_build_object('kind', 'team_invite', 'actionUrl', '/teams/join/' || NEW.token, 'token', NEW.token,
                       'inviteId', NEW.id, 'team_id', NEW.team_id, 'team_name', v_team.name, 'role', NEW.role));
  PERFORM private.log_team_activity(NEW.team_id, NEW.invited_by, 'member_invited', 'team_invitation', NEW.id,
                                    jsonb_build_object('email', NEW.email, 'role', NEW.role));
  RETURN NULL;
END
$$;


--
-- Name: team_invitations_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_invitations_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_caller text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.email := lower(btrim(NEW.email));
    IF NOT private.is_valid_email(NEW.email) THEN
      RAISE EXCEPTION 'Invalid email' USING ERRCODE = '22023';
    END IF;
    IF v_end THEN
      v_caller := private.team_role_of(NEW.team_id, auth.uid());
      IF v_caller IS DISTINCT FROM 'admin' THEN
        RAISE EXCEPTION 'Only the team owner or an admin can invite members' USING ERRCODE = '42501';
      END IF;
      IF NEW.role = 'admin' AND private.team_owner(NEW.team_id) IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Only the team owner can invite admins' USING ERRCODE = '42501';
      END IF;
      NEW.invited_by := auth.uid();
      NEW.token := encode(extensions.gen_random_bytes(32), 'hex');
      NEW.expires_at := now() + interval '7 days';
      NEW.accepted_at := NULL;
      NEW.accepted_by := NULL;
      NEW.joined_at := NULL;
      NEW.created_at := now();
    END IF;
    IF private.team_has_member_email(NEW.team_id, NEW.email) THEN
      RAISE EXCEPTION 'This person is already a member of this team' USING ERRCODE = '23505';
    END IF;
    -- Inviting an address again replaces its pending invitation (new token,
    -- new expiry); the replaced one gives its seat back first.
    PERFORM private.drop_open_team_invitation(NEW.team_id, NEW.email);
    IF NEW.joined_at IS NULL THEN
      PERFORM private.assert_team_seat(NEW.team_id);
    END IF;
    RETURN NEW;
  END IF;

  -- UPDATE
  IF v_end THEN
    IF OLD.accepted_at IS NOT NULL THEN
      -- Already accepted, by joining or by this same call made earlier:
      -- marking it again is a no-op.
      RETURN OLD;
    END IF;
    IF NEW.accepted_at IS NULL THEN
      RAISE EXCEPTION 'Invitations cannot be edited; cancel and invite again' USING ERRCODE = '42501';
    END IF;
    IF OLD.email IS DISTINCT FROM private.current_user_email() OR OLD.expires_at <= now() THEN
      RAISE EXCEPTION 'Invalid or expired invitation' USING ERRCODE = 'P0001';
    END IF;
    -- Accepted, not yet used: the member row that follows uses it.
    NEW := OLD;
    NEW.accepted_at := now();
    NEW.accepted_by := auth.uid();
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: team_members_after_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_members_after_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_actor uuid := coalesce(auth.uid(), NEW.user_id);
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.user_id IS DISTINCT FROM private.team_owner(NEW.team_id) THEN
      PERFORM private.log_team_activity(NEW.team_id, NEW.user_id, 'member_joined', 'team_member', NEW.user_id,
                                        jsonb_build_object('role', NEW.role, 'name', coalesce(NEW.full_name, NEW.email)));
    END IF;
  ELSIF NEW.status = 'inactive' AND OLD.status = 'active' THEN
    -- Whoever leaves a team leaves its tasks: assignments there end, so
    -- the team's work is no longer within their reach.
    UPDATE public.tasks SET assigned_to = NULL
    WHERE team_id = NEW.team_id AND assigned_to = NEW.user_id;
    PERFORM private.log_team_activity(NEW.team_id, v_actor,
                                      CASE WHEN v_actor = NEW.user_id THEN 'member_left' ELSE 'member_removed' END,
                                      'team_member', NEW.user_id,
                                      jsonb_build_object('name', coalesce(NEW.full_name, NEW.email)));
  ELSIF NEW.role IS DISTINCT FROM OLD.role THEN
    PERFORM private.log_team_activity(NEW.team_id, v_actor, 'role_changed', 'team_member', NEW.user_id,
                                      jsonb_build_object('name', coalesce(NEW.full_name, NEW.email),
                                                         'old_role', OLD.role, 'new_role', NEW.role));
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: team_members_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_members_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_owner  uuid := private.team_owner(NEW.team_id);
  v_caller text;
  v_inv    public.team_invitations;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF v_owner IS NULL THEN
      RAISE EXCEPTION 'Team not found' USING ERRCODE = '23503';
    END IF;
    IF v_end THEN
      IF auth.uid() IS NULL THEN
        RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
      END IF;
      IF NEW.user_id IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Members join a team by accepting an invitation' USING ERRCODE = '42501';
      END IF;
      IF private.team_role_of(NEW.team_id, NEW.user_id) IS NOT NULL THEN
        RAISE EXCEPTION 'You are already a member of this team' USING ERRCODE = '23505';
      END IF;
      v_inv := private.take_team_invitation(NEW.team_id);
      IF v_inv.id IS NULL THEN
        RAISE EXCEPTION 'Invalid or expired invitation' USING ERRCODE = 'P0001';
      END IF;
      -- The invitation decides; the client's values do not.
      NEW.role := v_inv.role;
      NEW.invited_by := v_inv.invited_by;
      NEW.status := 'active';
      NEW.joined_at := now();
      NEW.created_at := now();
    ELSIF NEW.status = 'active' AND NEW.user_id IS DISTINCT FROM v_owner THEN
      -- Direct inserts by the service side still respect the cap (an
      -- accepted invitation already held its seat).
      PERFORM private.assert_team_seat(NEW.team_id);
    END IF;
    IF NEW.user_id = v_owner AND NEW.role <> 'admin' THEN
      RAISE EXCEPTION 'The team owner is an admin' USING ERRCODE = '23514';
    END IF;
  ELSE
    IF NEW.team_id IS DISTINCT FROM OLD.team_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Only the role and status of a member can be changed' USING ERRCODE = '42501';
    END IF;
    IF OLD.user_id = v_owner AND (NEW.role <> 'admin' OR NEW.status <> 'active') THEN
      IF NEW.status <> 'active' THEN
        RAISE EXCEPTION 'The team owner cannot be removed' USING ERRCODE = '42501';
      END IF;
      RAISE EXCEPTION 'The team owner''s role cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.invited_by := OLD.invited_by;
      NEW.joined_at := OLD.joined_at;
      NEW.created_at := OLD.created_at;
      v_caller := private.team_role_of(OLD.team_id, auth.uid());
      IF NEW.status = 'active' AND OLD.status = 'inactive' THEN
        RAISE EXCEPTION 'Members rejoin a team by accepting an invitation' USING ERRCODE = '42501';
      END IF;
      IF OLD.status = 'inactive' AND NEW.role IS DISTINCT FROM OLD.role THEN
        RAISE EXCEPTION 'This person is no longer a member of this team' USING ERRCODE = '42501';
      END IF;
      IF NEW.role IS DISTINCT FROM OLD.role THEN
        IF OLD.user_id = auth.uid() THEN
          RAISE EXCEPTION 'You cannot change your own role' USING ERRCODE = '42501';
        END IF;
        IF v_owner IS DISTINCT FROM auth.uid() THEN
          RAISE EXCEPTION 'Only the team owner can change roles' USING ERRCODE = '42501';
        END IF;
      END IF;
      IF NEW.status = 'inactive' AND OLD.status = 'active' AND OLD.user_id IS DISTINCT FROM auth.uid() THEN
        IF v_caller IS DISTINCT FROM 'admin' THEN
          RAISE EXCEPTION 'Only the team owner or an admin can remove members' USING ERRCODE = '42501';
        END IF;
        IF OLD.role = 'admin' AND v_owner IS DISTINCT FROM auth.uid() THEN
          RAISE EXCEPTION 'Only the team owner can remove an admin' USING ERRCODE = '42501';
        END IF;
      END IF;
    END IF;
  END IF;
  -- Display data follows the account, whatever the client sent.
  SELECT i.email, i.full_name, i.avatar_url INTO NEW.email, NEW.full_name, NEW.avatar_url
  FROM private.user_identity(NEW.user_id) i;
  RETURN NEW;
END
$$;


--
-- Name: team_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_owner(p_team_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT t.owner_id FROM public.teams t WHERE t.id = p_team_id
$$;


--
-- Name: team_role_of(uuid, uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.team_role_of(p_team_id uuid, p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT m.role FROM public.team_members m
  WHERE m.team_id = p_team_id AND m.user_id = p_user_id AND m.status = 'active'
$$;


--
-- Name: teams_add_owner(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.teams_add_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  INSERT INTO public.team_members (team_id, user_id, role, status, invited_by)
  VALUES (NEW.id, NEW.owner_id, 'admin', 'active', NULL);
  PERFORM private.log_team_activity(NEW.id, NEW.owner_id, 'team_created', 'team', NEW.id,
                                    jsonb_build_object('name', NEW.name));
  RETURN NULL;
END
$$;


--
-- Name: teams_after_delete(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.teams_after_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  DELETE FROM public.team_subscriptions WHERE team_id = OLD.id;
  RETURN NULL;
END
$$;


--
-- Name: teams_before_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.teams_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  -- private.clean_title comes with the notes (0202).
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Team name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Team name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.description) > 1000 THEN
    RAISE EXCEPTION 'Team description must be at most 1000 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
      RAISE EXCEPTION 'Team ownership cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF private.is_end_user() THEN
    NEW.created_at := now();
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: user_display_name(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_display_name(p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(nullif(u.raw_user_meta_data ->> 'full_name', ''), nullif(u.raw_user_meta_data ->> 'name', ''))
  FROM auth.users u WHERE u.id = p_user_id
$$;


--
-- Name: user_email(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_email(p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT u.email FROM auth.users u WHERE u.id = p_user_id
$$;


--
-- Name: user_identity(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_identity(p_user_id uuid) RETURNS TABLE(email text, full_name text, avatar_url text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT u.email::text, coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)), up.avatar_url
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = p_user_id
$$;


--
-- Name: user_label(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_label(p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT coalesce(nullif(up.full_name, ''), private.user_display_name(u.id), u.email::text)
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = p_user_id
$$;


--
-- Name: user_plan(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_plan(p_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT CASE
           WHEN bool_or(s.plan_id ILIKE '%team%') THEN 'team'
           WHEN bool_or(s.plan_id NOT ILIKE '%free%') THEN 'pro'
           ELSE 'free'
         END
  FROM public.user_subscriptions s
  WHERE s.user_id = p_user_id
    AND s.status IN ('active', 'trialing', 'past_due')
  );
END
$$;


--
-- Name: user_profiles_server_fields(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.user_profiles_server_fields() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.email := private.user_email(NEW.id);
    NEW.storage_used := 0;
    NEW.storage_limit := 16106127360;
  ELSE
    NEW.id := OLD.id;
    NEW.email := OLD.email;
    NEW.storage_used := OLD.storage_used;
    NEW.storage_limit := OLD.storage_limit;
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END
$$;


--
-- Name: valid_board_columns(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.valid_board_columns(p_columns jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  SELECT jsonb_typeof(p_columns) = 'array'
     AND jsonb_array_length(p_columns) <= 20
     AND coalesce((
       SELECT bool_and(
                jsonb_typeof(c) = 'object'
            AND (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(c) k) <@ ARRAY['id', 'name', 'wip_limit']
            AND jsonb_typeof(c -> 'id') = 'string'
            AND length(c ->> 'id') BETWEEN 1 AND 64
            AND jsonb_typeof(c -> 'name') = 'string'
            AND btrim(c ->> 'name') <> ''
            AND length(c ->> 'name') <= 60
            AND (c -> 'wip_limit' IS NULL OR jsonb_typeof(c -> 'wip_limit') = 'null'
                 OR (jsonb_typeof(c -> 'wip_limit') = 'number'
                     AND (c ->> 'wip_limit') ~ '^[0-9]+$'
                     AND (c ->> 'wip_limit')::numeric BETWEEN 1 AND 999)))
          AND count(DISTINCT c ->> 'id') = count(*)
       FROM jsonb_array_elements(p_columns) c), true)
$_$;


--
-- Name: validate_smart_filter(text, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
DECLARE
  v_data      jsonb;
  v_logic     jsonb;
  v_cond      jsonb;
  v_field     text;
  v_operator  text;
  v_value     jsonb;
  v_text      text;
  v_kind      text;
  v_max       integer;
  v_operators text[];
BEGIN
  IF p_name IS NULL OR btrim(p_name) = '' THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name is required';
  END IF;
  IF length(btrim(p_name)) > 100 THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name must be less than 100 characters';
  END IF;
  IF btrim(p_name) !~ '^[[:alnum:] _().,-]+$' THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name contains invalid characters';
  END IF;
  IF length(p_description) > 500 THEN
    RAISE EXCEPTION 'Invalid Description' USING ERRCODE = '23514', DETAIL = 'Description must be less than 500 characters';
  END IF;

  IF p_filters_data IS NULL OR btrim(p_filters_data) = '' THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Filter criteria is required';
  END IF;
  BEGIN
    v_data := p_filters_data::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter data format';
  END;
  IF jsonb_typeof(v_data) <> 'object' OR jsonb_typeof(v_data -> 'conditions') IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter structure';
  END IF;
  v_logic := v_data -> 'logic';
  IF v_logic IS NOT NULL AND v_logic NOT IN ('"AND"'::jsonb, '"OR"'::jsonb) THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter logic';
  END IF;
  IF jsonb_array_length(v_data -> 'conditions') = 0 THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'At least one condition is required';
  END IF;
  IF jsonb_array_length(v_data -> 'conditions') > 10 THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Maximum 10 conditions allowed';
  END IF;

  FOR v_cond IN SELECT c FROM jsonb_array_elements(v_data -> 'conditions') c LOOP
    IF jsonb_typeof(v_cond) <> 'object'
       OR jsonb_typeof(v_cond -> 'field') IS DISTINCT FROM 'string' OR btrim(v_cond ->> 'field') = ''
       OR jsonb_typeof(v_cond -> 'operator') IS DISTINCT FROM 'string' OR btrim(v_cond ->> 'operator') = '' THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'All conditions must have field and operator';
    END IF;
    v_field := v_cond ->> 'field';
    v_operator := v_cond ->> 'operator';
    v_value := v_cond -> 'value';

    -- Fields and the operators offered for each (001 §3).
    v_kind := CASE
      WHEN v_field IN ('title', 'notes', 'tags') THEN 'text'
      WHEN v_field IN ('completed', 'is_starred', 'has_attachments', 'has_notes', 'has_reminders', 'has_subtasks') THEN 'boolean'
      WHEN v_field IN ('priority', 'importance', 'urgency') THEN 'level'
      WHEN v_field IN ('due_date', 'created_at', 'completed_at') THEN 'date'
      WHEN v_field = 'project_id' THEN 'project'
      WHEN v_field = 'recurrence' THEN 'recurrence'
      WHEN v_field = 'assigned_to' THEN 'assignee'
    END;
    IF v_kind IS NULL THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = format('Unknown filter field: %s', v_field);
    END IF;
    v_operators := CASE v_kind
      WHEN 'text'       THEN ARRAY['contains', 'not_contains', 'starts_with', 'ends_with', 'equals', 'not_equals', 'is_empty', 'is_not_empty']
      WHEN 'boolean'    THEN ARRAY['equals', 'not_equals']
      WHEN 'level'      THEN ARRAY['equals', 'not_equals', 'greater_than', 'less_than']
      WHEN 'date'       THEN ARRAY['is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty', 'greater_than', 'less_than']
      WHEN 'project'    THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
      WHEN 'recurrence' THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
      WHEN 'assignee'   THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
    END;
    IF NOT v_operator = ANY (v_operators) THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Operator %s is not allowed for field %s', v_operator, v_field);
    END IF;

    CONTINUE WHEN v_operator IN ('is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty');

    IF v_value IS NULL OR jsonb_typeof(v_value) = 'null'
       OR (jsonb_typeof(v_value) = 'string' AND btrim(v_value #>> '{}') = '') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Condition value is required';
    END IF;
    IF jsonb_typeof(v_value) NOT IN ('string', 'number', 'boolean') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be a single value', v_field);
    END IF;
    v_text := btrim(v_value #>> '{}');
    IF length(v_text) > 500 THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be at most 500 characters', v_field);
    END IF;

    IF v_kind = 'boolean' AND lower(v_text) NOT IN ('true', 'false', 'yes', 'no') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be Yes or No', v_field);
    END IF;
    IF v_kind = 'level' THEN
      -- Priority is stored 0 none .. 4 urgent; importance and urgency 0 .. 3.
      v_max := CASE WHEN v_field = 'priority' THEN 4 ELSE 3 END;
      IF v_text !~ '^[0-9]+$' OR v_text::numeric > v_max THEN
        RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
          DETAIL = format('Condition value for %s must be a whole number from 0 to %s', v_field, v_max);
      END IF;
    END IF;
    -- 'me' is whoever reads the filter; anyone else by user id.
    IF v_kind = 'assignee' AND lower(v_text) <> 'me'
       AND v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be me or a user id', v_field);
    END IF;
    IF v_kind = 'date' AND v_text !~* '^now([+-][0-9]{1,4}[hdwmy])?$' THEN
      BEGIN
        PERFORM v_text::timestamptz;
      EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
          DETAIL = format('Condition value for %s must be a date or a relative date such as now-3d', v_field);
      END;
    END IF;
  END LOOP;
END
$_$;


--
-- Name: word_count(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.word_count(p_text text) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN p_text IS NULL OR btrim(p_text) = '' THEN 0
              ELSE coalesce(array_length(regexp_split_to_array(btrim(p_text), '\s+'), 1), 0) END
$$;


--
-- Name: accept_project_invite(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accept_project_invite(p_invite_token text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tasks (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    title text NOT NULL,
    notes text,
    due_date date,
    due_time timestamp with time zone,
    priority smallint DEFAULT 0 NOT NULL,
    tags text,
    list text,
    location text,
    reminders integer[] DEFAULT '{}'::integer[] NOT NULL,
    recurrence text,
    is_completed boolean DEFAULT false NOT NULL,
    completed_at timestamp with time zone,
    is_starred boolean DEFAULT false NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    sort_order integer NOT NULL,
    importance smallint DEFAULT 0 NOT NULL,
    urgency smallint DEFAULT 0 NOT NULL,
    parent_id uuid,
    project_id uuid,
    assigned_to uuid,
    team_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    board_column text,
    duration_minutes integer,
    CONSTRAINT tasks_board_column_length CHECK (((length(board_column) >= 1) AND (length(board_column) <= 64))),
    CONSTRAINT tasks_completed_at_matches CHECK ((is_completed = (completed_at IS NOT NULL))),
    CONSTRAINT tasks_duration_minutes_range CHECK (((duration_minutes >= 5) AND (duration_minutes <= 1440))),
    CONSTRAINT tasks_importance_check CHECK (((importance >= 0) AND (importance <= 3))),
    CONSTRAINT tasks_list_check CHECK ((length(list) <= 200)),
    CONSTRAINT tasks_location_check CHECK ((length(location) <= 500)),
    CONSTRAINT tasks_not_own_parent CHECK ((parent_id <> id)),
    CONSTRAINT tasks_notes_check CHECK ((length(notes) <= 100000)),
    CONSTRAINT tasks_priority_check CHECK (((priority >= 0) AND (priority <= 4))),
    CONSTRAINT tasks_recurrence_check CHECK ((length(recurrence) <= 2000)),
    CONSTRAINT tasks_reminders_valid CHECK (((array_position(reminders, NULL::integer) IS NULL) AND (0 <= ALL (reminders)) AND (525600 >= ALL (reminders)))),
    CONSTRAINT tasks_tags_check CHECK ((length(tags) <= 2000)),
    CONSTRAINT tasks_urgency_check CHECK (((urgency >= 0) AND (urgency <= 3)))
);

ALTER TABLE ONLY public.tasks REPLICA IDENTITY FULL;


--
-- Name: COLUMN tasks.duration_minutes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.tasks.duration_minutes IS 'Minutes a timed task lasts, 5–1440; null means the default length (30 minutes).';


--
-- Name: bulk_update_tasks(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bulk_update_tasks(p_changes jsonb) RETURNS SETOF public.tasks
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  c        jsonb;
  v_id     uuid;
  v_row    public.tasks;
  v_bad    text;
  v_fields CONSTANT text[] := ARRAY['id', 'is_completed', 'is_deleted', 'is_starred', 'priority', 'importance',
                                    'urgency', 'due_date', 'due_time', 'tags', 'list', 'project_id', 'reminders'];
BEGIN
  PERFORM auth.assert_data_access();
  IF auth.uid() IS NULL AND NOT private.is_service_caller() THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  IF p_changes IS NULL OR jsonb_typeof(p_changes) <> 'array' THEN
    RAISE EXCEPTION 'Changes must be a JSON array' USING ERRCODE = '22023';
  END IF;
  IF jsonb_array_length(p_changes) > 500 THEN
    RAISE EXCEPTION 'At most 500 tasks can be changed at once' USING ERRCODE = '22023';
  END IF;

  FOR c IN SELECT e FROM jsonb_array_elements(p_changes) e LOOP
    IF jsonb_typeof(c) <> 'object' OR jsonb_typeof(c -> 'id') IS DISTINCT FROM 'string' THEN
      RAISE EXCEPTION 'Each change needs the id of its task' USING ERRCODE = '22023';
    END IF;
    SELECT k INTO v_bad FROM jsonb_object_keys(c) k WHERE NOT k = ANY (v_fields) LIMIT 1;
    IF v_bad IS NOT NULL THEN
      RAISE EXCEPTION 'Unknown task field: %', v_bad USING ERRCODE = '22023';
    END IF;
    v_id := (c ->> 'id')::uuid;

    UPDATE public.tasks t SET
      is_completed = CASE WHEN c ? 'is_completed' THEN (c ->> 'is_completed')::boolean ELSE t.is_completed END,
      is_deleted   = CASE WHEN c ? 'is_deleted'   THEN (c ->> 'is_deleted')::boolean   ELSE t.is_deleted END,
      is_starred   = CASE WHEN c ? 'is_starred'   THEN (c ->> 'is_starred')::boolean   ELSE t.is_starred END,
      priority     = CASE WHEN c ? 'priority'     THEN (c ->> 'priority')::smallint    ELSE t.priority END,
      importance   = CASE WHEN c ? 'importance'   THEN (c ->> 'importance')::smallint  ELSE t.importance END,
      urgency      = CASE WHEN c ? 'urgency'      THEN (c ->> 'urgency')::smallint     ELSE t.urgency END,
      due_date     = CASE WHEN c ? 'due_date'     THEN (c ->> 'due_date')::date        ELSE t.due_date END,
      due_time     = CASE WHEN c ? 'due_time'     THEN (c ->> 'due_time')::timestamptz ELSE t.due_time END,
      tags         = CASE WHEN c ? 'tags'         THEN c ->> 'tags'                    ELSE t.tags END,
      list         = CASE WHEN c ? 'list'         THEN c ->> 'list'                    ELSE t.list END,
      project_id   = CASE WHEN c ? 'project_id'   THEN (c ->> 'project_id')::uuid      ELSE t.project_id END,
      reminders    = CASE WHEN NOT c ? 'reminders' THEN t.reminders
                          WHEN jsonb_typeof(c -> 'reminders') = 'array' THEN
                            coalesce((SELECT array_agg(x::integer) FROM jsonb_array_elements_text(c -> 'reminders') x), '{}')
                          ELSE '{}' END
    WHERE t.id = v_id
    RETURNING t.* INTO v_row;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002', DETAIL = format('No task %s is visible to you.', v_id);
    END IF;
    RETURN NEXT v_row;
  END LOOP;
END
$$;


--
-- Name: cancel_project_invite(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.cancel_project_invite(p_invite_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: create_app_password(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_app_password(p_name text) RETURNS TABLE(id uuid, name text, password text, created_at timestamp with time zone)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_uid uuid := auth.uid();
  v_secret text := encode(extensions.gen_random_bytes(16), 'hex');
  v_password text;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Sign in to use calendar sync' USING ERRCODE = '42501';
  END IF;
  PERFORM private.assert_calendar_sync(v_uid);
  IF length(btrim(coalesce(p_name, ''))) NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'Name the app password (up to 100 characters)' USING ERRCODE = '22023';
  END IF;
  IF (SELECT count(*) FROM public.app_passwords a WHERE a.user_id = v_uid) >= 20 THEN
    RAISE EXCEPTION 'You can have up to 20 app passwords; revoke one you no longer use'
      USING ERRCODE = 'P0001';
  END IF;
  v_password := substr(v_secret, 1, 8) || '-' || substr(v_secret, 9, 8) || '-'
             || substr(v_secret, 17, 8) || '-' || substr(v_secret, 25, 8);
  RETURN QUERY
  INSERT INTO public.app_passwords AS a (user_id, name, password_hash)
  VALUES (v_uid, btrim(p_name), private.app_password_hash(v_password))
  RETURNING a.id, a.name, v_password, a.created_at;
END
$$;


--
-- Name: project_invites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.project_invites (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    project_id uuid NOT NULL,
    email text,
    invited_at timestamp with time zone DEFAULT now() NOT NULL,
    invited_by uuid NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '7 days'::interval) NOT NULL,
    accepted_at timestamp with time zone,
    accepted_by uuid,
    is_link boolean DEFAULT false NOT NULL,
    token text DEFAULT encode(extensions.gen_random_bytes(24), 'hex'::text) NOT NULL,
    CONSTRAINT project_invites_email_valid CHECK (((email IS NULL) OR ((email = lower(email)) AND private.is_valid_email(email)))),
    CONSTRAINT project_invites_link_has_no_email CHECK ((is_link = (email IS NULL)))
);

ALTER TABLE ONLY public.project_invites REPLICA IDENTITY FULL;


--
-- Name: create_project_invite(uuid, text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid) RETURNS public.project_invites
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: create_project_invite_link(uuid, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: task_journal_links; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_journal_links (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    journal_id uuid NOT NULL,
    linked_by uuid DEFAULT auth.uid(),
    linked_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: create_task_journal_link(uuid, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid) RETURNS public.task_journal_links
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: task_note_links; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_note_links (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    note_id uuid NOT NULL,
    linked_by uuid DEFAULT auth.uid(),
    linked_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: create_task_note_link(uuid, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid) RETURNS public.task_note_links
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: disable_2fa(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.disable_2fa(p_password text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: projects; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projects (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    owner_id uuid,
    name text NOT NULL,
    overview text,
    color text DEFAULT '#3b82f6'::text NOT NULL,
    icon_name text DEFAULT 'Folder'::text NOT NULL,
    icon_color text,
    icon_weight text DEFAULT 'duotone'::text NOT NULL,
    sort_order integer NOT NULL,
    is_favorite boolean DEFAULT false NOT NULL,
    is_shared boolean DEFAULT false NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    is_archived boolean DEFAULT false NOT NULL,
    archived_at timestamp with time zone,
    board_columns jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT projects_board_columns_valid CHECK (private.valid_board_columns(board_columns)),
    CONSTRAINT projects_color_check CHECK ((color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'::text)),
    CONSTRAINT projects_icon_color_check CHECK ((icon_color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'::text)),
    CONSTRAINT projects_icon_name_check CHECK (((length(icon_name) >= 1) AND (length(icon_name) <= 64))),
    CONSTRAINT projects_icon_weight_check CHECK ((icon_weight = ANY (ARRAY['thin'::text, 'light'::text, 'regular'::text, 'bold'::text, 'fill'::text, 'duotone'::text]))),
    CONSTRAINT projects_name_not_blank CHECK (((btrim(name) <> ''::text) AND (length(name) <= 100))),
    CONSTRAINT projects_overview_check CHECK ((length(overview) <= 10000))
);

ALTER TABLE ONLY public.projects REPLICA IDENTITY FULL;


--
-- Name: duplicate_project(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.duplicate_project(p_project_id uuid) RETURNS public.projects
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_uid     uuid := auth.uid();
  v_project public.projects;
  v_copy    public.projects;
  v_task    record;
  v_new     uuid;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_project FROM public.projects p WHERE p.id = p_project_id AND NOT p.is_deleted;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Project not found' USING ERRCODE = 'P0002';
  END IF;

  PERFORM private.lock_counter('projects:' || v_uid);
  INSERT INTO public.projects (user_id, name, overview, color, icon_name, icon_color, icon_weight)
  VALUES (v_uid, private.copy_name(v_uid, v_project.name), v_project.overview, v_project.color,
          v_project.icon_name, v_project.icon_color, v_project.icon_weight)
  RETURNING * INTO v_copy;

  FOR v_task IN
    SELECT t.* FROM public.tasks t
    WHERE t.project_id = v_project.id AND t.parent_id IS NULL AND NOT t.is_deleted AND NOT t.is_completed
    ORDER BY t.sort_order, t.created_at, t.id
  LOOP
    INSERT INTO public.tasks (user_id, title, notes, due_date, due_time, priority, tags, project_id, location,
                              reminders, recurrence, is_starred, importance, urgency)
    VALUES (v_uid, v_task.title, v_task.notes, v_task.due_date, v_task.due_time, v_task.priority, v_task.tags,
            v_copy.id, v_task.location, v_task.reminders, v_task.recurrence, v_task.is_starred,
            v_task.importance, v_task.urgency)
    RETURNING id INTO v_new;
    INSERT INTO public.tasks (user_id, title, notes, due_date, due_time, priority, tags, location, reminders,
                              recurrence, is_completed, is_starred, importance, urgency, parent_id)
    SELECT v_uid, s.title, s.notes, s.due_date, s.due_time, s.priority, s.tags, s.location, s.reminders,
           s.recurrence, s.is_completed, s.is_starred, s.importance, s.urgency, v_new
    FROM public.tasks s
    WHERE s.parent_id = v_task.id AND NOT s.is_deleted
    ORDER BY s.sort_order, s.created_at, s.id;
  END LOOP;

  RETURN v_copy;
END
$$;


--
-- Name: duplicate_task(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.duplicate_task(p_task_id uuid) RETURNS public.tasks
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_uid  uuid := auth.uid();
  v_task public.tasks;
  v_copy public.tasks;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_task FROM public.tasks t WHERE t.id = p_task_id AND NOT t.is_deleted;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002';
  END IF;

  INSERT INTO public.tasks (user_id, title, notes, due_date, due_time, priority, tags, project_id, location,
                            reminders, recurrence, is_starred, sort_order, importance, urgency, parent_id)
  VALUES (v_uid, v_task.title, v_task.notes, v_task.due_date, v_task.due_time, v_task.priority, v_task.tags,
          v_task.project_id, v_task.location, v_task.reminders, v_task.recurrence, v_task.is_starred,
          v_task.sort_order, v_task.importance, v_task.urgency, v_task.parent_id)
  RETURNING * INTO v_copy;

  INSERT INTO public.tasks (user_id, title, notes, due_date, due_time, priority, tags, location, reminders,
                            recurrence, is_completed, is_starred, sort_order, importance, urgency, parent_id)
  SELECT v_uid, s.title, s.notes, s.due_date, s.due_time, s.priority, s.tags, s.location, s.reminders,
         s.recurrence, s.is_completed, s.is_starred, s.sort_order, s.importance, s.urgency, v_copy.id
  FROM public.tasks s
  WHERE s.parent_id = v_task.id AND NOT s.is_deleted
  ORDER BY s.sort_order, s.created_at;

  RETURN v_copy;
END
$$;


--
-- Name: ensure_default_smart_lists(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ensure_default_smart_lists(p_user_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: generate_backup_codes(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.generate_backup_codes(p_user_id uuid) RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: get_activity_logs(uuid, uuid, text[], integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_activity_logs(p_user_id uuid DEFAULT NULL::uuid, p_project_id uuid DEFAULT NULL::uuid, p_activity_types text[] DEFAULT NULL::text[], p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS TABLE(id uuid, user_id uuid, task_id uuid, project_id uuid, activity_type text, activity_description text, entity_name text, metadata jsonb, created_at timestamp with time zone, actor_name text, actor_avatar_url text, project_name text, member_avatars jsonb, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: get_all_project_members_with_invites(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_all_project_members_with_invites(p_project_id uuid) RETURNS TABLE(id uuid, project_id uuid, user_id uuid, user_email text, user_name text, avatar_url text, role text, status text, invited_by uuid, invited_at timestamp with time zone, expires_at timestamp with time zone, joined_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: get_journal_statistics(uuid, date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_journal_statistics(p_user_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date) RETURNS TABLE(entries_this_month integer, total_entries integer, total_words bigint, average_mood numeric, current_streak integer, longest_streak integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: get_note_people(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_note_people(p_note_id uuid) RETURNS TABLE(user_id uuid, full_name text, email text, avatar_url text, permission text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
  IF NOT EXISTS (SELECT FROM private.note_people(p_note_id) p WHERE p.user_id = v_uid) THEN
    RAISE EXCEPTION 'Note not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  SELECT p.user_id, coalesce(i.full_name, i.email), i.email, i.avatar_url, p.permission
  FROM private.note_people(p_note_id) p
  LEFT JOIN LATERAL private.user_identity(p.user_id) i ON true
  ORDER BY p.permission <> 'owner', lower(coalesce(i.full_name, i.email)), p.user_id;
END
$$;


--
-- Name: get_project_invite(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_project_invite(p_invite_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_uid     uuid := auth.uid();
  v_invite  public.project_invites;
  v_project public.projects;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_invite FROM public.project_invites i WHERE i.token = btrim(coalesce(p_invite_token, ''));
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_project FROM public.projects p WHERE p.id = v_invite.project_id;
  IF v_project.is_deleted THEN
    RETURN jsonb_build_object('status', 'deleted');
  END IF;
  -- Used: by anyone, unless the caller is in the project (they used it, or
  -- joined another way) and is just being shown the way in.
  IF v_invite.accepted_at IS NOT NULL AND private.project_role_of(v_project.id, v_uid) IS NULL THEN
    RETURN jsonb_build_object('status', 'used');
  END IF;
  IF v_invite.accepted_at IS NULL AND v_invite.expires_at <= now() THEN
    RETURN jsonb_build_object('status', 'expired');
  END IF;
  RETURN jsonb_build_object(
    'status', 'open',
    'project_id', v_project.id,
    'project_name', v_project.name,
    'project_color', v_project.color,
    'project_icon_name', v_project.icon_name,
    'inviter_name', private.user_display_name(v_invite.invited_by),
    'expires_at', v_invite.expires_at,
    'is_link', v_invite.is_link,
    'already_member', private.project_role_of(v_project.id, v_uid) IS NOT NULL,
    'wrong_recipient', NOT v_invite.is_link AND v_invite.email IS DISTINCT FROM private.current_user_email());
END
$$;


--
-- Name: get_project_invites_with_inviter(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_project_invites_with_inviter(p_project_id uuid) RETURNS TABLE(id uuid, project_id uuid, email text, invited_at timestamp with time zone, invited_by uuid, expires_at timestamp with time zone, accepted_at timestamp with time zone, is_link boolean, token text, inviter_email text, inviter_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: get_recent_content(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_recent_content(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, content_type text, title text, content text, updated_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  WITH q AS (SELECT least(greatest(coalesce(p_limit, 20), 1), 100) AS lim),
  n AS (
    SELECT x.id, 'note'::text AS content_type, x.title, x.content, x.updated_at,
           row_number() OVER (ORDER BY x.updated_at DESC, x.id) AS rn
    FROM public.notes x
    WHERE x.user_id = (SELECT auth.uid()) AND NOT x.is_deleted
    ORDER BY x.updated_at DESC, x.id
    LIMIT (SELECT lim FROM q)
  ),
  j AS (
    SELECT x.id, 'journal'::text, x.title, x.content, x.updated_at,
           row_number() OVER (ORDER BY x.updated_at DESC, x.id) AS rn
    FROM public.journal_entries x
    WHERE x.user_id = (SELECT auth.uid()) AND NOT x.is_deleted
    ORDER BY x.updated_at DESC, x.id
    LIMIT (SELECT lim FROM q)
  ),
  picked AS (
    SELECT a.*, a.rn <= ((SELECT lim FROM q) + 1) / 2 AS in_half FROM n a
    UNION ALL
    SELECT b.*, b.rn <= (SELECT lim FROM q) / 2 FROM j b
    ORDER BY in_half DESC, updated_at DESC, id
    LIMIT (SELECT lim FROM q)
  )
  SELECT p.id, p.content_type, p.title, p.content, p.updated_at FROM picked p
  ORDER BY p.updated_at DESC, p.id
$$;


--
-- Name: get_share_recipients(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_share_recipients(p_share_id uuid) RETURNS TABLE(user_id uuid, full_name text, email text, avatar_url text, opened_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
  IF private.share_owner(p_share_id) IS DISTINCT FROM v_uid THEN
    RAISE EXCEPTION 'Share link not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  SELECT r.user_id, coalesce(i.full_name, i.email), i.email, i.avatar_url, r.created_at
  FROM public.note_share_recipients r
  LEFT JOIN LATERAL private.user_identity(r.user_id) i ON true
  WHERE r.share_id = p_share_id
  ORDER BY r.created_at, r.user_id;
END
$$;


--
-- Name: get_shared_with_me(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_shared_with_me() RETURNS TABLE(share_id uuid, content_type text, content_id uuid, title text, permission text, owner_id uuid, owner_name text, shared_at timestamp with time zone, token text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
BEGIN
  PERFORM auth.assert_data_access();
  RETURN QUERY
  SELECT s.id, s.content_type, coalesce(s.note_id, s.folder_id), coalesce(n.title, f.name), s.permission,
         s.user_id, private.user_label(s.user_id), r.created_at,
         CASE WHEN s.folder_id IS NOT NULL THEN s.token END
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted
  LEFT JOIN public.notes n ON n.id = s.note_id AND NOT n.is_deleted
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  WHERE r.user_id = auth.uid() AND (n.id IS NOT NULL OR f.id IS NOT NULL)
  ORDER BY r.created_at DESC, s.id;
END
$$;


--
-- Name: get_task_people(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_task_people(p_task_id uuid) RETURNS TABLE(user_id uuid, full_name text, email text, avatar_url text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  -- Reads past row-level security: the assured-session rule of 0620.
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
  IF v_uid IS NULL OR NOT private.task_access(v_uid, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  WITH candidates AS (
    SELECT t.user_id AS id FROM public.tasks t WHERE t.id = p_task_id
    UNION SELECT t.assigned_to FROM public.tasks t WHERE t.id = p_task_id AND t.assigned_to IS NOT NULL
    UNION SELECT p.user_id FROM public.tasks t JOIN public.projects p ON p.id = t.project_id WHERE t.id = p_task_id
    UNION SELECT m.user_id FROM public.tasks t JOIN public.project_members m ON m.project_id = t.project_id WHERE t.id = p_task_id
    UNION SELECT m.user_id FROM public.tasks t JOIN public.team_members m ON m.team_id = t.team_id
          WHERE t.id = p_task_id AND m.status = 'active'
  )
  SELECT c.id, coalesce(i.full_name, i.email), i.email, i.avatar_url
  FROM candidates c
  LEFT JOIN LATERAL private.user_identity(c.id) i ON true
  WHERE private.task_access(c.id, p_task_id)
  ORDER BY lower(coalesce(i.full_name, i.email)), c.id;
END
$$;


--
-- Name: import_chunk(uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
DECLARE
  v_uid     uuid := auth.uid();
  v_row     jsonb;
  v_key     text;
  v_kind    text;
  v_target  uuid;
  v_created boolean;
  v_project uuid;
  v_parent  uuid;
  v_at      integer;
  v_new     integer := 0;
  v_skipped integer := 0;
  v_done    bigint;
  -- The rows this chunk can refer to: first the batch's items it names,
  -- then (from v_old + 1 on) the rows it creates.
  v_keys    text[];
  v_kinds   text[];
  v_ids     uuid[];
  v_made    boolean[] := '{}';
  v_old     integer;
  -- What the chunk inserts, in its order: tasks (row, id, project, parent)
  -- and comments (row, id, task).
  v_tasks         jsonb[] := '{}';
  v_task_ids      uuid[] := '{}';
  v_task_projects uuid[] := '{}';
  v_task_parents  uuid[] := '{}';
  v_comments      jsonb[] := '{}';
  v_comment_ids   uuid[] := '{}';
  v_comment_tasks uuid[] := '{}';
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  -- One chunk of a batch at a time: a second tab waits, then skips.
  PERFORM FROM public.import_batches b
   WHERE b.id = p_batch_id AND b.user_id = v_uid AND b.status = 'running' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Import not found' USING ERRCODE = 'P0002';
  END IF;
  IF jsonb_typeof(p_rows) IS DISTINCT FROM 'array' OR jsonb_array_length(p_rows) > 1000 THEN
    RAISE EXCEPTION 'Import chunk must be an array of at most 1000 rows' USING ERRCODE = '22023';
  END IF;

  -- Probed by key (the primary key), with a plan made for this chunk's keys.
  EXECUTE 'SELECT coalesce(array_agg(i.row_key), ''{}''), coalesce(array_agg(i.kind), ''{}''), coalesce(array_agg(i.target_id), ''{}'')
             FROM public.import_batch_items i
            WHERE i.batch_id = $1 AND i.row_key = ANY ($2)'
     INTO v_keys, v_kinds, v_ids
    USING p_batch_id, ARRAY(SELECT DISTINCT r.value ->> f.name
                              FROM jsonb_array_elements(p_rows) r, unnest(ARRAY['key', 'project', 'parent', 'task']) f (name)
                             WHERE jsonb_typeof(r.value) = 'object' AND r.value ->> f.name IS NOT NULL);
  v_old := cardinality(v_keys);

  FOR v_row IN SELECT value FROM jsonb_array_elements(p_rows) LOOP
    v_key := v_row ->> 'key';
    v_kind := v_row ->> 'kind';
    IF v_key IS NULL OR v_kind IS NULL OR v_kind NOT IN ('project', 'task', 'comment') THEN
      RAISE EXCEPTION 'Import row needs a key and a kind (project, task or comment)' USING ERRCODE = '22023';
    END IF;
    IF v_key = ANY (v_keys) THEN
      v_skipped := v_skipped + 1;
      CONTINUE;
    END IF;
    v_created := true;

    IF v_kind = 'project' THEN
      SELECT p.id INTO v_target FROM public.projects p
       WHERE p.user_id = v_uid AND NOT p.is_deleted AND lower(p.name) = lower(btrim(v_row ->> 'name'));
      IF FOUND THEN
        v_created := false;
      ELSE
        INSERT INTO public.projects (name, color)
        VALUES (btrim(v_row ->> 'name'), coalesce(v_row ->> 'color', '#3b82f6'))
        RETURNING id INTO v_target;
      END IF;

    ELSIF v_kind = 'task' THEN
      v_project := NULL;
      v_parent := NULL;
      IF v_row ->> 'project' IS NOT NULL THEN
        v_at := array_position(v_keys, v_row ->> 'project');
        IF v_at IS NULL OR v_kinds[v_at] <> 'project' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names project row %s.', v_key, v_row ->> 'project');
        END IF;
        v_project := v_ids[v_at];
      END IF;
      IF v_row ->> 'parent' IS NOT NULL THEN
        v_at := array_position(v_keys, v_row ->> 'parent');
        IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names parent row %s.', v_key, v_row ->> 'parent');
        END IF;
        v_parent := v_ids[v_at];
      END IF;
      v_target := extensions.gen_random_uuid();
      v_tasks := array_append(v_tasks, v_row);
      v_task_ids := array_append(v_task_ids, v_target);
      v_task_projects := array_append(v_task_projects, v_project);
      v_task_parents := array_append(v_task_parents, v_parent);

    ELSE
      v_at := array_position(v_keys, v_row ->> 'task');
      IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
        RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
          DETAIL = format('Row %s comments on task row %s.', v_key, v_row ->> 'task');
      END IF;
      v_target := extensions.gen_random_uuid();
      v_comments := array_append(v_comments, v_row);
      v_comment_ids := array_append(v_comment_ids, v_target);
      v_comment_tasks := array_append(v_comment_tasks, v_ids[v_at]);
    END IF;

    v_keys := array_append(v_keys, v_key);
    v_kinds := array_append(v_kinds, v_kind);
    v_ids := array_append(v_ids, v_target);
    v_made := array_append(v_made, v_created);
    v_new := v_new + 1;
  END LOOP;

  IF cardinality(v_tasks) > 0 THEN
    INSERT INTO public.tasks (id, title, notes, due_date, due_time, priority, tags, project_id, parent_id,
                              reminders, recurrence, is_completed, completed_at, sort_order)
    SELECT t.id, t.r ->> 'title', t.r ->> 'notes', (t.r ->> 'due_date')::date, (t.r ->> 'due_time')::timestamptz,
           coalesce((t.r ->> 'priority')::smallint, 0), t.r ->> 'tags', t.project, t.parent,
           coalesce((SELECT array_agg(m::integer) FROM jsonb_array_elements_text(t.r -> 'reminders') m), '{}'),
           t.r ->> 'recurrence', coalesce((t.r ->> 'is_completed')::boolean, false),
           (t.r ->> 'completed_at')::timestamptz,
           s.first + t.n::integer - 1
      FROM unnest(v_tasks, v_task_ids, v_task_projects, v_task_parents) WITH ORDINALITY AS t (r, id, project, parent, n),
           (SELECT private.next_task_sort_order(v_uid) AS first) s
     ORDER BY t.n;
  END IF;
  IF cardinality(v_comments) > 0 THEN
    INSERT INTO public.task_comments (id, task_id, content)
    SELECT c.id, c.task, c.r ->> 'content'
      FROM unnest(v_comments, v_comment_ids, v_comment_tasks) WITH ORDINALITY AS c (r, id, task, n)
     ORDER BY c.n;
  END IF;

  INSERT INTO public.import_batch_items (batch_id, row_key, kind, target_id, created)
  SELECT p_batch_id, k, t, id, c
    FROM unnest(v_keys[v_old + 1:], v_kinds[v_old + 1:], v_ids[v_old + 1:], v_made) AS n (k, t, id, c);

  SELECT count(*) INTO v_done FROM public.import_batch_items i WHERE i.batch_id = p_batch_id;
  UPDATE public.import_batches b SET status = 'done' WHERE b.id = p_batch_id AND v_done >= b.total_rows;
  RETURN jsonb_build_object('created', v_new, 'skipped', v_skipped, 'done', v_done);
END
$_$;


--
-- Name: log_2fa_event(text, text, text, boolean, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.log_2fa_event(event_type text, factor_id text DEFAULT NULL::text, challenge_id text DEFAULT NULL::text, success boolean DEFAULT NULL::boolean, metadata jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: move_board_task(uuid, jsonb, uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.move_board_task(p_task_id uuid, p_fields jsonb DEFAULT '{}'::jsonb, p_order uuid[] DEFAULT NULL::uuid[]) RETURNS SETOF public.tasks
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_bad    text;
  v_fields CONSTANT text[] := ARRAY['board_column', 'priority', 'due_date', 'due_time', 'reminders'];
  v_values integer[];
  v_prev   integer;
  v_i      integer;
BEGIN
  PERFORM auth.assert_data_access();
  IF auth.uid() IS NULL AND NOT private.is_service_caller() THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  p_fields := coalesce(p_fields, '{}'::jsonb);
  IF jsonb_typeof(p_fields) <> 'object' THEN
    RAISE EXCEPTION 'Fields must be a JSON object' USING ERRCODE = '22023';
  END IF;
  SELECT k INTO v_bad FROM jsonb_object_keys(p_fields) k WHERE NOT k = ANY (v_fields) LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'Unknown board field: %', v_bad USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_order) > 500 THEN
    RAISE EXCEPTION 'At most 500 cards can be ordered at once' USING ERRCODE = '22023';
  END IF;
  IF p_order IS NOT NULL AND NOT p_task_id = ANY (p_order) THEN
    RAISE EXCEPTION 'The order must list the moved task' USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_order) <> cardinality(ARRAY(SELECT DISTINCT unnest(p_order))) THEN
    RAISE EXCEPTION 'The order lists a task twice' USING ERRCODE = '22023';
  END IF;

  UPDATE public.tasks t SET
    board_column = CASE WHEN p_fields ? 'board_column' THEN p_fields ->> 'board_column' ELSE t.board_column END,
    priority     = CASE WHEN p_fields ? 'priority'     THEN (p_fields ->> 'priority')::smallint ELSE t.priority END,
    due_date     = CASE WHEN p_fields ? 'due_date'     THEN (p_fields ->> 'due_date')::date ELSE t.due_date END,
    due_time     = CASE WHEN p_fields ? 'due_time'     THEN (p_fields ->> 'due_time')::timestamptz ELSE t.due_time END,
    reminders    = CASE WHEN p_fields ? 'reminders'
                        THEN coalesce(ARRAY(SELECT jsonb_array_elements_text(p_fields -> 'reminders')::integer), '{}')
                        ELSE t.reminders END
  WHERE t.id = p_task_id AND NOT t.is_deleted;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002';
  END IF;

  IF p_order IS NOT NULL THEN
    -- The cards' own values, ascending, made strictly increasing.
    SELECT array_agg(s ORDER BY s) INTO v_values
    FROM (SELECT t.sort_order AS s FROM public.tasks t WHERE t.id = ANY (p_order) AND NOT t.is_deleted) x;
    IF coalesce(cardinality(v_values), 0) <> cardinality(p_order) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002';
    END IF;
    v_prev := NULL;
    FOR v_i IN 1 .. cardinality(v_values) LOOP
      IF v_prev IS NOT NULL AND v_values[v_i] <= v_prev THEN
        v_values[v_i] := v_prev + 1;
      END IF;
      v_prev := v_values[v_i];
    END LOOP;
    UPDATE public.tasks t SET sort_order = v_values[o.n]
    FROM unnest(p_order) WITH ORDINALITY AS o(id, n)
    WHERE t.id = o.id AND t.sort_order IS DISTINCT FROM v_values[o.n];
  END IF;

  RETURN QUERY SELECT t.* FROM public.tasks t
    WHERE t.id = p_task_id OR t.id = ANY (coalesce(p_order, '{}'))
    ORDER BY array_position(coalesce(p_order, ARRAY[p_task_id]), t.id);
END
$$;


--
-- Name: open_share_link(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.open_share_link(p_token text) RETURNS TABLE(share_id uuid, content_type text, content_id uuid, permission text, owner_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: calendar_feeds; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calendar_feeds (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT calendar_feeds_token_check CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);


--
-- Name: regenerate_calendar_feed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.regenerate_calendar_feed() RETURNS public.calendar_feeds
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  v_uid uuid := auth.uid();
  v_row public.calendar_feeds;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Sign in to use calendar sync' USING ERRCODE = '42501';
  END IF;
  PERFORM private.assert_calendar_sync(v_uid);
  INSERT INTO public.calendar_feeds AS f (user_id, token)
  VALUES (v_uid, encode(extensions.gen_random_bytes(32), 'hex'))
  ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = now()
  RETURNING * INTO v_row;
  RETURN v_row;
END
$$;


--
-- Name: reorder_projects(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.reorder_projects(p_project_ids uuid[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_uid uuid := auth.uid();
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  IF p_project_ids IS NULL OR cardinality(p_project_ids) = 0 THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT x) FROM unnest(p_project_ids) x) <> cardinality(p_project_ids) THEN
    RAISE EXCEPTION 'A project can appear only once in the order' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT FROM unnest(p_project_ids) x
             WHERE NOT EXISTS (SELECT FROM public.projects p WHERE p.id = x AND p.user_id = v_uid AND NOT p.is_deleted)) THEN
    RAISE EXCEPTION 'Only projects you own can be reordered' USING ERRCODE = '42501';
  END IF;
  UPDATE public.projects p SET sort_order = o.position
  FROM unnest(p_project_ids) WITH ORDINALITY AS o (id, position)
  WHERE p.id = o.id AND p.sort_order IS DISTINCT FROM o.position::integer;
END
$$;


--
-- Name: revoke_calendar_feed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.revoke_calendar_feed() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM auth.assert_data_access();
  DELETE FROM public.calendar_feeds WHERE user_id = auth.uid();
END
$$;


--
-- Name: search_user_content(text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_user_content(p_search_term text, p_content_type text DEFAULT 'all'::text, p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, content_type text, title text, snippet text, metadata jsonb, created_at timestamp with time zone, updated_at timestamp with time zone, rank real)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: undo_import(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.undo_import(p_batch_id uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  v_uid      uuid := auth.uid();
  v_tasks    integer;
  v_projects integer;
  v_comments integer;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  PERFORM FROM public.import_batches b
   WHERE b.id = p_batch_id AND b.user_id = v_uid AND b.status <> 'undone' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Import not found' USING ERRCODE = 'P0002';
  END IF;

  -- Comments go with their tasks (ON DELETE CASCADE); count them first.
  SELECT count(*) INTO v_comments FROM public.import_batch_items i
   WHERE i.batch_id = p_batch_id AND i.kind = 'comment'
     AND EXISTS (SELECT FROM public.task_comments c WHERE c.id = i.target_id);
  -- Subtasks first keeps the parent triggers quiet; both are the batch's.
  WITH gone AS (
    DELETE FROM public.tasks t USING public.import_batch_items i
     WHERE i.batch_id = p_batch_id AND i.kind = 'task' AND i.target_id = t.id AND t.user_id = v_uid
    RETURNING t.id)
  SELECT count(*) INTO v_tasks FROM gone;
  WITH gone AS (
    DELETE FROM public.projects p USING public.import_batch_items i
     WHERE i.batch_id = p_batch_id AND i.kind = 'project' AND i.created AND i.target_id = p.id AND p.user_id = v_uid
    RETURNING p.id)
  SELECT count(*) INTO v_projects FROM gone;

  UPDATE public.import_batches SET status = 'undone' WHERE id = p_batch_id;
  RETURN jsonb_build_object('tasks', v_tasks, 'projects', v_projects, 'comments', v_comments);
END
$$;


--
-- Name: validate_backup_code(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.validate_backup_code(p_backup_code text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;


--
-- Name: topic(); Type: FUNCTION; Schema: realtime; Owner: -
--

CREATE FUNCTION realtime.topic() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT nullif(current_setting('realtime.topic', true), '')
$$;


--
-- Name: can_edit_note_folder(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.can_edit_note_folder(p_folder text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
DECLARE
  v_uid  uuid := auth.uid();
  v_note uuid;
BEGIN
  IF v_uid IS NULL OR p_folder IS NULL OR p_folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN false;
  END IF;
  v_note := p_folder::uuid;
  RETURN private.note_owner(v_note) = v_uid OR v_note = ANY (private.shared_note_ids(true));
END
$_$;


--
-- Name: can_see_attachment_task(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.can_see_attachment_task(p_name text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
DECLARE
  v_folder text := (storage.foldername(p_name))[2];
BEGIN
  IF v_folder IS NULL OR v_folder !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN false;
  END IF;
  RETURN private.can_access_task(v_folder::uuid);
END
$_$;


--
-- Name: extension(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.extension(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN pg_catalog.strpos(f, '.') > 0
              THEN pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(f), '.', 1))
              ELSE '' END
  FROM (SELECT storage.filename(name) AS f) s
$$;


--
-- Name: filename(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.filename(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  SELECT t[pg_catalog.array_length(t, 1)]
  FROM (SELECT pg_catalog.string_to_array(name, '/') AS t) s
$$;


--
-- Name: foldername(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.foldername(name text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  SELECT t[1:pg_catalog.array_length(t, 1) - 1]
  FROM (SELECT pg_catalog.string_to_array(name, '/') AS t) s
$$;


--
-- Name: owns_journal_folder(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.owns_journal_folder(p_folder text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
DECLARE
  v_uid uuid := auth.uid();
  v_ok  boolean;
BEGIN
  IF v_uid IS NULL OR p_folder IS NULL THEN
    RETURN false;
  END IF;
  IF pg_catalog.to_regclass('public.journal_entries') IS NULL THEN
    RETURN p_folder = v_uid::text;
  END IF;
  EXECUTE 'SELECT EXISTS (SELECT 1 FROM public.journal_entries e WHERE e.id::text = $1 AND e.user_id = $2)'
    INTO v_ok USING p_folder, v_uid;
  RETURN v_ok;
END
$_$;


--
-- Name: set_updated_at(); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;


--
-- Name: sync_storage_used(); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.sync_storage_used() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
DECLARE
  v_owners uuid[];
BEGIN
  IF pg_catalog.to_regclass('public.user_profiles') IS NULL OR NOT EXISTS (
       SELECT 1 FROM pg_catalog.pg_attribute a
       WHERE a.attrelid = 'public.user_profiles'::regclass AND a.attname = 'storage_used' AND NOT a.attisdropped) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT pg_catalog.array_agg(DISTINCT n.owner) INTO v_owners FROM new_rows n WHERE n.owner IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT pg_catalog.array_agg(DISTINCT o.owner) INTO v_owners FROM old_rows o WHERE o.owner IS NOT NULL;
  ELSE
    SELECT pg_catalog.array_agg(DISTINCT x.owner) INTO v_owners FROM (
      SELECT n.owner FROM new_rows n UNION SELECT o.owner FROM old_rows o) x
    WHERE x.owner IS NOT NULL;
  END IF;
  IF v_owners IS NULL THEN
    RETURN NULL;
  END IF;
  -- Two transactions changing one owner's objects must not both compute a
  -- total that misses the other's row: the second waits here for the first
  -- to commit, and the EXECUTE below then takes a snapshot that includes
  -- it (a volatile function's statements each get a fresh snapshot).
  -- array_agg(DISTINCT) is sorted, so the locks are always taken in one
  -- order and cannot deadlock.
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('daybase.storage_used:' || u::text, 0))
  FROM pg_catalog.unnest(v_owners) AS u;
  EXECUTE $q$
    UPDATE public.user_profiles p
    SET storage_used = coalesce((
      SELECT sum(coalesce((o.metadata ->> 'size')::bigint, 0))
      FROM storage.objects o WHERE o.owner = p.id), 0)
    WHERE p.id = ANY ($1)
  $q$ USING v_owners;
  RETURN NULL;
END
$_$;


--
-- Name: user_plan(uuid); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.user_plan(p_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
DECLARE
  v_plan text;
BEGIN
  IF p_user_id IS NULL OR pg_catalog.to_regprocedure('private.user_plan(uuid)') IS NULL THEN
    RETURN 'free';
  END IF;
  EXECUTE 'SELECT private.user_plan($1)' INTO v_plan USING p_user_id;
  RETURN coalesce(v_plan, 'free');
END
$_$;


--
-- Name: audit_log_entries; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.audit_log_entries (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    ip_address text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: mfa_factors; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_factors (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    friendly_name text,
    factor_type text NOT NULL,
    status text DEFAULT 'unverified'::text NOT NULL,
    secret text,
    phone text,
    last_challenged_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    web_authn_credential jsonb,
    web_authn_aaguid uuid,
    CONSTRAINT mfa_factors_factor_type_check CHECK ((factor_type = ANY (ARRAY['totp'::text, 'phone'::text, 'webauthn'::text]))),
    CONSTRAINT mfa_factors_status_check CHECK ((status = ANY (ARRAY['unverified'::text, 'verified'::text])))
);


--
-- Name: sessions; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.sessions (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    aal auth.aal_level DEFAULT 'aal1'::text NOT NULL,
    factor_id uuid,
    not_after timestamp with time zone,
    refreshed_at timestamp with time zone,
    user_agent text,
    ip inet,
    tag text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    amr jsonb DEFAULT '[]'::jsonb NOT NULL
);


--
-- Name: COLUMN sessions.amr; Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON COLUMN auth.sessions.amr IS 'The session''s methods for the access token''s amr claim, newest first; kept by a trigger on auth.mfa_amr_claims.';


--
-- Name: data_access; Type: VIEW; Schema: auth; Owner: -
--

CREATE VIEW auth.data_access WITH (security_barrier='true') AS
 SELECT (
        CASE
            WHEN (c.sid IS NULL) THEN true
            WHEN (c.sid !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'::text) THEN false
            ELSE (EXISTS ( SELECT 1
               FROM auth.sessions s
              WHERE ((s.id = (c.sid)::uuid) AND ((s.not_after IS NULL) OR (s.not_after > now())))))
        END AND ((NOT (c.aal IS DISTINCT FROM 'aal2'::text)) OR (NOT (EXISTS ( SELECT 1
           FROM auth.mfa_factors f
          WHERE ((f.user_id = auth.uid()) AND (f.status = 'verified'::text))))))) AS allowed
   FROM ( SELECT
                CASE
                    WHEN (current_setting('daybase.claims_split'::text, true) = 'on'::text) THEN NULLIF(current_setting('daybase.session_id'::text, true), ''::text)
                    ELSE NULLIF((auth.jwt() ->> 'session_id'::text), ''::text)
                END AS sid,
                CASE
                    WHEN (current_setting('daybase.claims_split'::text, true) = 'on'::text) THEN NULLIF(current_setting('daybase.aal'::text, true), ''::text)
                    ELSE (auth.jwt() ->> 'aal'::text)
                END AS aal) c;


--
-- Name: VIEW data_access; Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON VIEW auth.data_access IS 'Whether the caller''s session may reach data: not ended, and at aal2 when the user has a verified factor (0620, 0696).';


--
-- Name: flow_state; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.flow_state (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid,
    auth_code text NOT NULL,
    code_challenge_method text,
    code_challenge text,
    provider_type text NOT NULL,
    provider_access_token text,
    provider_refresh_token text,
    authentication_method text NOT NULL,
    auth_code_issued_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    redirect_to text,
    linking_target_id uuid,
    CONSTRAINT flow_state_code_challenge_method_check CHECK ((code_challenge_method = ANY (ARRAY['s256'::text, 'plain'::text])))
);


--
-- Name: identities; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.identities (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    provider_id text NOT NULL,
    user_id uuid NOT NULL,
    identity_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    provider text NOT NULL,
    email text GENERATED ALWAYS AS (lower((identity_data ->> 'email'::text))) STORED,
    last_sign_in_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: mfa_amr_claims; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_amr_claims (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    session_id uuid NOT NULL,
    authentication_method text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: mfa_challenges; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_challenges (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    factor_id uuid NOT NULL,
    ip_address inet,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    verified_at timestamp with time zone,
    web_authn_session_data jsonb
);


--
-- Name: mfa_recovery_grants; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_recovery_grants (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    session_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);


--
-- Name: mfa_used_codes; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_used_codes (
    factor_id uuid NOT NULL,
    time_step bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: one_time_tokens; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.one_time_tokens (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token_type text NOT NULL,
    token_hash text NOT NULL,
    relates_to text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    failed_attempts integer DEFAULT 0 NOT NULL
);


--
-- Name: outbox; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.outbox (
    id bigint NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: auth; Owner: -
--

CREATE SEQUENCE auth.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: auth; Owner: -
--

ALTER SEQUENCE auth.outbox_id_seq OWNED BY auth.outbox.id;


--
-- Name: refresh_tokens; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.refresh_tokens (
    id bigint NOT NULL,
    token text NOT NULL,
    user_id uuid NOT NULL,
    session_id uuid NOT NULL,
    parent text,
    revoked boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
)
WITH (fillfactor='80');


--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE; Schema: auth; Owner: -
--

CREATE SEQUENCE auth.refresh_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: auth; Owner: -
--

ALTER SEQUENCE auth.refresh_tokens_id_seq OWNED BY auth.refresh_tokens.id;


--
-- Name: user_2fa_backup_code_hashes; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.user_2fa_backup_code_hashes (
    code_id uuid NOT NULL,
    code_hash text NOT NULL
);


--
-- Name: user_answers; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.user_answers (
    user_id uuid NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    answer bytea
);


--
-- Name: TABLE user_answers; Type: COMMENT; Schema: auth; Owner: -
--

COMMENT ON TABLE auth.user_answers IS 'Per user: the token answer''s user part as the auth service last encoded it (NULL: changed since); kept by triggers on auth.users, auth.identities, auth.mfa_factors.';


--
-- Name: users; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.users (
    instance_id uuid,
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    aud text DEFAULT 'authenticated'::text NOT NULL,
    role text DEFAULT 'authenticated'::text NOT NULL,
    email text,
    encrypted_password text,
    email_confirmed_at timestamp with time zone,
    invited_at timestamp with time zone,
    confirmation_token text,
    confirmation_sent_at timestamp with time zone,
    recovery_token text,
    recovery_sent_at timestamp with time zone,
    email_change_token_new text,
    email_change text,
    email_change_sent_at timestamp with time zone,
    email_change_token_current text,
    email_change_confirm_status smallint DEFAULT 0 NOT NULL,
    reauthentication_token text,
    reauthentication_sent_at timestamp with time zone,
    last_sign_in_at timestamp with time zone,
    raw_app_meta_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    raw_user_meta_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    is_super_admin boolean,
    phone text,
    phone_confirmed_at timestamp with time zone,
    confirmed_at timestamp with time zone GENERATED ALWAYS AS (LEAST(email_confirmed_at, phone_confirmed_at)) STORED,
    banned_until timestamp with time zone,
    is_sso_user boolean DEFAULT false NOT NULL,
    is_anonymous boolean DEFAULT false NOT NULL,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: webauthn_challenges; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.webauthn_challenges (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid,
    kind text NOT NULL,
    session_data jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT webauthn_challenges_check CHECK (((kind = 'authentication'::text) OR (user_id IS NOT NULL))),
    CONSTRAINT webauthn_challenges_kind_check CHECK ((kind = ANY (ARRAY['registration'::text, 'authentication'::text])))
);


--
-- Name: webauthn_credentials; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.webauthn_credentials (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    credential_id bytea NOT NULL,
    credential jsonb NOT NULL,
    friendly_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    CONSTRAINT webauthn_credentials_friendly_name_check CHECK ((char_length(friendly_name) <= 120))
);


--
-- Name: schema_migrations; Type: TABLE; Schema: daybase; Owner: -
--

CREATE TABLE daybase.schema_migrations (
    version text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: billing_sessions; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.billing_sessions (
    id text NOT NULL,
    kind text NOT NULL,
    user_id uuid NOT NULL,
    team_id uuid,
    price text,
    seats integer,
    customer_email text,
    success_url text,
    cancel_url text,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '1 day'::interval) NOT NULL,
    CONSTRAINT billing_sessions_id_check CHECK ((length(id) >= 32)),
    CONSTRAINT billing_sessions_kind_check CHECK ((kind = ANY (ARRAY['checkout'::text, 'portal'::text]))),
    CONSTRAINT billing_sessions_seats_check CHECK (((seats >= 1) AND (seats <= 1000))),
    CONSTRAINT billing_sessions_status_check CHECK ((status = ANY (ARRAY['open'::text, 'completed'::text, 'canceled'::text])))
);


--
-- Name: integration_secrets; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.integration_secrets (
    user_id uuid NOT NULL,
    provider_key text NOT NULL,
    name text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT integration_secrets_name_check CHECK ((name = ANY (ARRAY['token'::text, 'webhook_url'::text]))),
    CONSTRAINT integration_secrets_value_check CHECK (((length(value) >= 1) AND (length(value) <= 4096)))
);


--
-- Name: reminder_requests; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.reminder_requests (
    task_id uuid NOT NULL,
    requested_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: stripe_events; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: task_occurrences; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.task_occurrences (
    task_id uuid NOT NULL,
    next_task_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: task_reminders; Type: TABLE; Schema: jobs; Owner: -
--

CREATE TABLE jobs.task_reminders (
    id bigint NOT NULL,
    task_id uuid NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    offset_minutes integer DEFAULT 0 NOT NULL,
    task_due_at timestamp with time zone NOT NULL,
    fire_at timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    late boolean DEFAULT false NOT NULL,
    handled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT task_reminders_kind_check CHECK ((kind = ANY (ARRAY['advance'::text, 'due'::text, 'overdue'::text]))),
    CONSTRAINT task_reminders_offset_minutes_check CHECK ((offset_minutes >= 0)),
    CONSTRAINT task_reminders_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'delivered'::text, 'superseded'::text, 'dropped'::text])))
);


--
-- Name: task_reminders_id_seq; Type: SEQUENCE; Schema: jobs; Owner: -
--

CREATE SEQUENCE jobs.task_reminders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: task_reminders_id_seq; Type: SEQUENCE OWNED BY; Schema: jobs; Owner: -
--

ALTER SEQUENCE jobs.task_reminders_id_seq OWNED BY jobs.task_reminders.id;


--
-- Name: activity_counts; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.activity_counts (
    scope text NOT NULL,
    scope_id uuid NOT NULL,
    activity_type text NOT NULL,
    n bigint DEFAULT 0 NOT NULL
);


--
-- Name: content_creations; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.content_creations (
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);


--
-- Name: content_search; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.content_search (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    doc tsvector NOT NULL,
    title text NOT NULL,
    CONSTRAINT content_search_kind_check CHECK ((kind = ANY (ARRAY['note'::text, 'journal'::text])))
);


--
-- Name: plan_limit_messages; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.plan_limit_messages (
    limit_key text NOT NULL,
    message text NOT NULL,
    noun text NOT NULL
);


--
-- Name: plan_limits; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.plan_limits (
    plan text NOT NULL,
    limit_key text NOT NULL,
    max_value integer,
    CONSTRAINT plan_limits_max_value_check CHECK ((max_value >= 0)),
    CONSTRAINT plan_limits_plan_check CHECK ((plan = ANY (ARRAY['free'::text, 'pro'::text, 'team'::text])))
);


--
-- Name: smart_list_creations; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.smart_list_creations (
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);


--
-- Name: admin_sql_audit; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_sql_audit (
    id bigint NOT NULL,
    run_id uuid NOT NULL,
    statement_index integer NOT NULL,
    user_id uuid NOT NULL,
    email text NOT NULL,
    statement text NOT NULL,
    read_only boolean NOT NULL,
    status text DEFAULT 'running'::text NOT NULL,
    committed boolean DEFAULT false NOT NULL,
    command text,
    row_count bigint,
    error_code text,
    error_message text,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    duration_ms double precision,
    CONSTRAINT admin_sql_audit_statement_index_check CHECK ((statement_index >= 1)),
    CONSTRAINT admin_sql_audit_status_check CHECK ((status = ANY (ARRAY['running'::text, 'ok'::text, 'error'::text, 'not_run'::text])))
);


--
-- Name: admin_sql_audit_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.admin_sql_audit ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.admin_sql_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: app_passwords; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.app_passwords (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    CONSTRAINT app_passwords_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100))),
    CONSTRAINT app_passwords_password_hash_check CHECK ((password_hash ~ '^[0-9a-f]{64}$'::text))
);


--
-- Name: caldav_objects; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.caldav_objects (
    task_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    uid text NOT NULL,
    extra jsonb DEFAULT '{}'::jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT caldav_objects_extra_check CHECK ((length((extra)::text) <= 100000)),
    CONSTRAINT caldav_objects_name_check CHECK ((name ~ '^[^/]{1,200}\.ics$'::text)),
    CONSTRAINT caldav_objects_uid_check CHECK (((length(uid) >= 1) AND (length(uid) <= 500)))
);


--
-- Name: global_tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.global_tags (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    name text NOT NULL,
    color text,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    usage_count integer DEFAULT 0 NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT global_tags_color_check CHECK ((length(color) <= 32)),
    CONSTRAINT global_tags_usage_count_check CHECK ((usage_count >= 0))
);


--
-- Name: import_batch_items; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.import_batch_items (
    batch_id uuid NOT NULL,
    row_key text NOT NULL,
    kind text NOT NULL,
    target_id uuid NOT NULL,
    created boolean DEFAULT true NOT NULL,
    CONSTRAINT import_batch_items_kind_check CHECK ((kind = ANY (ARRAY['project'::text, 'task'::text, 'comment'::text]))),
    CONSTRAINT import_batch_items_row_key_check CHECK (((btrim(row_key) <> ''::text) AND (length(row_key) <= 200)))
);


--
-- Name: import_batches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.import_batches (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    source text NOT NULL,
    file_name text NOT NULL,
    total_rows integer NOT NULL,
    status text DEFAULT 'running'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT import_batches_file_name_check CHECK (((btrim(file_name) <> ''::text) AND (length(file_name) <= 255))),
    CONSTRAINT import_batches_source_check CHECK ((source = ANY (ARRAY['todoist'::text, 'ticktick'::text, 'csv'::text]))),
    CONSTRAINT import_batches_status_check CHECK ((status = ANY (ARRAY['running'::text, 'done'::text, 'undone'::text]))),
    CONSTRAINT import_batches_total_rows_check CHECK (((total_rows >= 0) AND (total_rows <= 100000)))
);


--
-- Name: integration_audit_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.integration_audit_logs (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    provider_key text NOT NULL,
    action text NOT NULL,
    target_type text,
    target_id text,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    request_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT integration_audit_logs_action_check CHECK (((length(action) >= 1) AND (length(action) <= 100))),
    CONSTRAINT integration_audit_logs_provider_key_check CHECK (((length(provider_key) >= 1) AND (length(provider_key) <= 50))),
    CONSTRAINT integration_audit_logs_request_id_check CHECK ((length(request_id) <= 200)),
    CONSTRAINT integration_audit_logs_target_id_check CHECK ((length(target_id) <= 200)),
    CONSTRAINT integration_audit_logs_target_type_check CHECK ((length(target_type) <= 100))
);


--
-- Name: integration_connections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.integration_connections (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    provider_key text NOT NULL,
    status text DEFAULT 'connected'::text NOT NULL,
    config jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT integration_connections_config_check CHECK ((jsonb_typeof(config) = 'object'::text)),
    CONSTRAINT integration_connections_provider_key_check CHECK ((provider_key ~ '^[a-z0-9_-]{1,50}$'::text)),
    CONSTRAINT integration_connections_status_check CHECK ((status = ANY (ARRAY['connected'::text, 'disconnected'::text, 'error'::text])))
);


--
-- Name: journal_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entries (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    title text DEFAULT ''::text NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    date date DEFAULT CURRENT_DATE NOT NULL,
    mood smallint,
    folder uuid,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT journal_entries_content_length CHECK ((length(content) <= 50000)),
    CONSTRAINT journal_entries_mood_range CHECK (((mood >= 1) AND (mood <= 5))),
    CONSTRAINT journal_entries_title_length CHECK ((length(title) <= 500))
);


--
-- Name: journal_entries_with_preview; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.journal_entries_with_preview WITH (security_invoker='true') AS
 SELECT e.id,
    e.user_id,
    e.title,
    "left"(e.content, 300) AS preview,
    e.date,
    e.mood,
    e.folder,
    e.is_deleted,
    e.created_at,
    e.updated_at
   FROM public.journal_entries e;


--
-- Name: journal_folders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_folders (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    color text DEFAULT '{"icon":"book","color":"blue"}'::text NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT journal_folders_color_length CHECK ((length(color) <= 500)),
    CONSTRAINT journal_folders_name_valid CHECK (((btrim(name) <> ''::text) AND (length(name) <= 100)))
);


--
-- Name: journal_images; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_images (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    journal_entry_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    image_url text NOT NULL,
    image_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT journal_images_order_valid CHECK ((image_order >= 0)),
    CONSTRAINT journal_images_url_valid CHECK (((btrim(image_url) <> ''::text) AND (length(image_url) <= 2048)))
);


--
-- Name: note_folders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.note_folders (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    color text DEFAULT 'indigo'::text NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    is_shared boolean DEFAULT false NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT note_folders_color_valid CHECK ((color ~ '^([a-z]{3,20}|#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))$'::text)),
    CONSTRAINT note_folders_name_valid CHECK (((btrim(name) <> ''::text) AND (length(name) <= 100)))
);


--
-- Name: note_share_recipients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.note_share_recipients (
    share_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: note_shares; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.note_shares (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    note_id uuid,
    folder_id uuid,
    content_type text GENERATED ALWAYS AS (
CASE
    WHEN (note_id IS NOT NULL) THEN 'note'::text
    ELSE 'folder'::text
END) STORED,
    permission text DEFAULT 'view'::text NOT NULL,
    token text DEFAULT encode(extensions.gen_random_bytes(32), 'hex'::text) NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT note_shares_one_target CHECK ((num_nonnulls(note_id, folder_id) = 1)),
    CONSTRAINT note_shares_permission_valid CHECK ((permission = ANY (ARRAY['view'::text, 'edit'::text]))),
    CONSTRAINT note_shares_token_valid CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);


--
-- Name: notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notes (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    title text DEFAULT ''::text NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    folder text,
    pinned boolean DEFAULT false NOT NULL,
    is_shared boolean DEFAULT false NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notes_content_length CHECK ((length(content) <= 50000)),
    CONSTRAINT notes_folder_length CHECK ((length(folder) <= 100)),
    CONSTRAINT notes_title_length CHECK ((length(title) <= 500))
);


--
-- Name: notes_with_preview; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.notes_with_preview WITH (security_invoker='true') AS
 SELECT n.id,
    n.user_id,
    n.title,
    "left"(n.content, 300) AS preview,
    n.folder,
    n.pinned,
    n.is_shared,
    n.is_deleted,
    n.created_at,
    n.updated_at
   FROM public.notes n;


--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    to_user_id uuid NOT NULL,
    from_user_id uuid DEFAULT auth.uid(),
    type text NOT NULL,
    title text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    entity_id uuid,
    entity_type text,
    is_read boolean DEFAULT false NOT NULL,
    read_at timestamp with time zone,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_entity_type_length CHECK (((length(entity_type) >= 1) AND (length(entity_type) <= 50))),
    CONSTRAINT notifications_message_length CHECK ((length(message) <= 2000)),
    CONSTRAINT notifications_metadata_object CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 16384))),
    CONSTRAINT notifications_read_at_matches CHECK ((is_read = (read_at IS NOT NULL))),
    CONSTRAINT notifications_title_valid CHECK (((btrim(title) <> ''::text) AND (length(title) <= 200))),
    CONSTRAINT notifications_type_valid CHECK ((type = ANY (ARRAY['task_assigned'::text, 'project_invite'::text, 'comment'::text, 'reminder'::text, 'deadline'::text, 'calendar'::text, 'system'::text])))
);

ALTER TABLE ONLY public.notifications REPLICA IDENTITY FULL;


--
-- Name: pomodoro_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pomodoro_sessions (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    type text DEFAULT 'work'::text NOT NULL,
    task_id uuid,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    ended_at timestamp with time zone,
    duration_minutes integer DEFAULT 25 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    paused_duration_seconds integer DEFAULT 0 NOT NULL,
    paused_at timestamp with time zone,
    device_id text,
    completed_cycles integer DEFAULT 0 NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT pomodoro_sessions_completed_cycles_check CHECK ((completed_cycles >= 0)),
    CONSTRAINT pomodoro_sessions_device_id_check CHECK ((length(device_id) <= 200)),
    CONSTRAINT pomodoro_sessions_duration_minutes_check CHECK (((duration_minutes >= 1) AND (duration_minutes <= 60))),
    CONSTRAINT pomodoro_sessions_ended_after_start CHECK (((ended_at IS NULL) OR (ended_at >= started_at))),
    CONSTRAINT pomodoro_sessions_notes_check CHECK ((length(notes) <= 10000)),
    CONSTRAINT pomodoro_sessions_paused_duration_seconds_check CHECK ((paused_duration_seconds >= 0)),
    CONSTRAINT pomodoro_sessions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'paused'::text, 'completed'::text, 'cancelled'::text]))),
    CONSTRAINT pomodoro_sessions_type_check CHECK ((type = ANY (ARRAY['work'::text, 'short_break'::text, 'long_break'::text])))
);

ALTER TABLE ONLY public.pomodoro_sessions REPLICA IDENTITY FULL;


--
-- Name: pomodoro_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pomodoro_settings (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    device_id text DEFAULT ''::text NOT NULL,
    work_duration integer DEFAULT 25 NOT NULL,
    short_break_duration integer DEFAULT 5 NOT NULL,
    long_break_duration integer DEFAULT 15 NOT NULL,
    sessions_until_long_break integer DEFAULT 4 NOT NULL,
    auto_start_breaks boolean DEFAULT false NOT NULL,
    auto_start_work boolean DEFAULT false NOT NULL,
    show_timer_in_title boolean DEFAULT true NOT NULL,
    daily_goal integer DEFAULT 8 NOT NULL,
    enable_browser_notifications boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT pomodoro_settings_daily_goal_range CHECK (((daily_goal >= 1) AND (daily_goal <= 50))),
    CONSTRAINT pomodoro_settings_device_id_check CHECK ((length(device_id) <= 200)),
    CONSTRAINT pomodoro_settings_long_break_range CHECK (((long_break_duration >= 1) AND (long_break_duration <= 60))),
    CONSTRAINT pomodoro_settings_sessions_range CHECK (((sessions_until_long_break >= 2) AND (sessions_until_long_break <= 10))),
    CONSTRAINT pomodoro_settings_short_break_range CHECK (((short_break_duration >= 1) AND (short_break_duration <= 30))),
    CONSTRAINT pomodoro_settings_work_duration_range CHECK (((work_duration >= 1) AND (work_duration <= 60)))
);


--
-- Name: pomodoro_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pomodoro_stats (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    date date NOT NULL,
    completed_sessions integer DEFAULT 0 NOT NULL,
    total_sessions integer DEFAULT 0 NOT NULL,
    total_focus_minutes integer DEFAULT 0 NOT NULL,
    total_break_minutes integer DEFAULT 0 NOT NULL,
    current_streak integer DEFAULT 0 NOT NULL,
    longest_streak integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT pomodoro_stats_completed_sessions_check CHECK ((completed_sessions >= 0)),
    CONSTRAINT pomodoro_stats_current_streak_check CHECK ((current_streak >= 0)),
    CONSTRAINT pomodoro_stats_longest_streak_check CHECK ((longest_streak >= 0)),
    CONSTRAINT pomodoro_stats_total_break_minutes_check CHECK ((total_break_minutes >= 0)),
    CONSTRAINT pomodoro_stats_total_focus_minutes_check CHECK ((total_focus_minutes >= 0)),
    CONSTRAINT pomodoro_stats_total_sessions_check CHECK ((total_sessions >= 0))
);


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.profiles (
    id uuid DEFAULT auth.uid() NOT NULL,
    main_focus text DEFAULT 'personal_organization'::text NOT NULL,
    notifications_enabled boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_main_focus_check CHECK (((length(main_focus) >= 1) AND (length(main_focus) <= 100)))
);


--
-- Name: project_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.project_members (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    project_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text DEFAULT 'member'::text NOT NULL,
    user_email text,
    user_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT project_members_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'admin'::text, 'member'::text])))
);

ALTER TABLE ONLY public.project_members REPLICA IDENTITY FULL;


--
-- Name: smart_lists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.smart_lists (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    name text NOT NULL,
    name_normalized text NOT NULL,
    description text,
    filters_data text NOT NULL,
    color text DEFAULT '#3b82f6'::text NOT NULL,
    icon_name text DEFAULT 'list'::text NOT NULL,
    sort_option text DEFAULT 'created_at'::text NOT NULL,
    sort_order integer DEFAULT 999 NOT NULL,
    is_enabled boolean DEFAULT true NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    hide_when_empty boolean DEFAULT false NOT NULL,
    system_key text,
    device_id text,
    last_synced_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT smart_lists_color_check CHECK ((color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'::text)),
    CONSTRAINT smart_lists_device_id_check CHECK ((length(device_id) <= 200)),
    CONSTRAINT smart_lists_icon_name_check CHECK (((length(icon_name) >= 1) AND (length(icon_name) <= 64))),
    CONSTRAINT smart_lists_sort_option_check CHECK (((length(sort_option) >= 1) AND (length(sort_option) <= 64))),
    CONSTRAINT smart_lists_system_key_check CHECK ((system_key = ANY (ARRAY['inbox'::text, 'all'::text, 'today'::text, 'upcoming'::text, 'anytime'::text, 'someday'::text, 'logbook'::text])))
);

ALTER TABLE ONLY public.smart_lists REPLICA IDENTITY FULL;


--
-- Name: support_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.support_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    email text NOT NULL,
    message text NOT NULL,
    topic text DEFAULT '2fa_recovery'::text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    mailed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT support_requests_email_check CHECK (((length(email) >= 3) AND (length(email) <= 320))),
    CONSTRAINT support_requests_message_check CHECK (((length(message) >= 1) AND (length(message) <= 5000))),
    CONSTRAINT support_requests_status_check CHECK ((status = ANY (ARRAY['open'::text, 'resolved'::text, 'rejected'::text]))),
    CONSTRAINT support_requests_topic_check CHECK ((topic = ANY (ARRAY['2fa_recovery'::text, 'other'::text])))
);


--
-- Name: task_assignments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_assignments (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    assigned_to uuid NOT NULL,
    assigned_by uuid DEFAULT auth.uid(),
    team_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: task_attachments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_attachments (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    filename text NOT NULL,
    file_size bigint NOT NULL,
    mime_type text NOT NULL,
    remote_path text,
    local_path text,
    is_uploaded boolean DEFAULT true NOT NULL,
    uploaded_at timestamp with time zone DEFAULT now(),
    change_id bigint DEFAULT ((EXTRACT(epoch FROM clock_timestamp()) * (1000)::numeric))::bigint NOT NULL,
    needs_sync boolean DEFAULT false NOT NULL,
    is_locally_deleted boolean DEFAULT false NOT NULL,
    is_marked_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT task_attachments_file_size_positive CHECK ((file_size > 0)),
    CONSTRAINT task_attachments_filename_length CHECK (((length(filename) >= 1) AND (length(filename) <= 255))),
    CONSTRAINT task_attachments_local_path_length CHECK ((length(local_path) <= 1024)),
    CONSTRAINT task_attachments_mime_type_length CHECK (((length(mime_type) >= 1) AND (length(mime_type) <= 255))),
    CONSTRAINT task_attachments_remote_path_length CHECK ((length(remote_path) <= 2048))
);

ALTER TABLE ONLY public.task_attachments REPLICA IDENTITY FULL;


--
-- Name: task_attachments_v; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.task_attachments_v WITH (security_invoker='true') AS
 SELECT l.id,
    l.task_id,
    n.id AS content_id,
    'note'::text AS content_type,
    n.title,
    n.content AS content_markdown,
    n.updated_at,
    n.user_id AS author_id,
    l.linked_at,
    l.linked_by
   FROM (public.task_note_links l
     JOIN public.notes n ON (((n.id = l.note_id) AND (NOT n.is_deleted))))
UNION ALL
 SELECT l.id,
    l.task_id,
    e.id AS content_id,
    'journal'::text AS content_type,
    e.title,
    e.content AS content_markdown,
    e.updated_at,
    e.user_id AS author_id,
    l.linked_at,
    l.linked_by
   FROM (public.task_journal_links l
     JOIN public.journal_entries e ON (((e.id = l.journal_id) AND (NOT e.is_deleted))));


--
-- Name: task_comments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_comments (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    content text NOT NULL,
    mentions uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    team_id uuid,
    is_deleted boolean DEFAULT false NOT NULL,
    is_marked_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT task_comments_content_valid CHECK (((btrim(content) <> ''::text) AND (length(content) <= 10000))),
    CONSTRAINT task_comments_deleted_flags_match CHECK ((is_deleted = is_marked_deleted)),
    CONSTRAINT task_comments_mentions_valid CHECK (((array_position(mentions, NULL::uuid) IS NULL) AND (cardinality(mentions) <= 50)))
);

ALTER TABLE ONLY public.task_comments REPLICA IDENTITY FULL;


--
-- Name: tasks_with_project; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.tasks_with_project WITH (security_invoker='true') AS
 SELECT t.id,
    t.user_id,
    t.title,
    t.notes,
    t.due_date,
    t.due_time,
    t.priority,
    t.tags,
    t.list,
    t.location,
    t.reminders,
    t.recurrence,
    t.is_completed,
    t.completed_at,
    t.is_starred,
    t.is_deleted,
    t.sort_order,
    t.importance,
    t.urgency,
    t.parent_id,
    t.project_id,
    t.assigned_to,
    t.team_id,
    t.created_at,
    t.updated_at,
    p.name AS project_name,
    p.color AS project_color,
    p.icon_name AS project_icon_name,
    p.icon_color AS project_icon_color,
    p.icon_weight AS project_icon_weight,
    p.is_shared AS project_is_shared,
    p.user_id AS project_owner_id,
    t.board_column,
    t.duration_minutes
   FROM (public.tasks t
     LEFT JOIN public.projects p ON (((p.id = t.project_id) AND (NOT p.is_deleted))))
  WHERE ((t.user_id = ( SELECT auth.uid() AS uid)) OR (( SELECT auth.role() AS role) = 'service_role'::text));


--
-- Name: team_activity_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.team_activity_log (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    team_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid(),
    action text NOT NULL,
    entity_type text,
    entity_id uuid,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT team_activity_log_action_valid CHECK (((btrim(action) <> ''::text) AND (length(action) <= 100))),
    CONSTRAINT team_activity_log_entity_type_length CHECK (((length(entity_type) >= 1) AND (length(entity_type) <= 50))),
    CONSTRAINT team_activity_log_metadata_object CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 16384)))
);


--
-- Name: team_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.team_members (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    team_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text DEFAULT 'member'::text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    invited_by uuid,
    email text,
    full_name text,
    avatar_url text,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT team_members_role_valid CHECK ((role = ANY (ARRAY['admin'::text, 'member'::text]))),
    CONSTRAINT team_members_status_valid CHECK ((status = ANY (ARRAY['active'::text, 'inactive'::text])))
);

ALTER TABLE ONLY public.team_members REPLICA IDENTITY FULL;


--
-- Name: team_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.team_subscriptions (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    team_id uuid NOT NULL,
    status text NOT NULL,
    plan_id text NOT NULL,
    price_id text,
    customer_id text,
    subscription_id text,
    seats integer DEFAULT 5 NOT NULL,
    current_period_start timestamp with time zone,
    current_period_end timestamp with time zone,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT team_subscriptions_seats_check CHECK ((seats >= 1)),
    CONSTRAINT team_subscriptions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'trialing'::text, 'past_due'::text, 'canceled'::text, 'incomplete'::text, 'incomplete_expired'::text, 'unpaid'::text, 'paused'::text])))
);


--
-- Name: teams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.teams (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    name text NOT NULL,
    description text,
    owner_id uuid DEFAULT auth.uid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT teams_description_length CHECK ((length(description) <= 1000)),
    CONSTRAINT teams_name_valid CHECK (((btrim(name) <> ''::text) AND (length(name) <= 100)))
);

ALTER TABLE ONLY public.teams REPLICA IDENTITY FULL;


--
-- Name: user_2fa_backup_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_2fa_backup_codes (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    used_at timestamp with time zone,
    is_deleted boolean DEFAULT false NOT NULL,
    needs_sync boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: user_2fa_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_2fa_events (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    event_type text NOT NULL,
    factor_id text,
    challenge_id text,
    success boolean,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: user_2fa_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_2fa_settings (
    user_id uuid NOT NULL,
    is_enabled boolean DEFAULT false NOT NULL,
    backup_codes_generated boolean DEFAULT false NOT NULL,
    trusted_devices_enabled boolean DEFAULT false NOT NULL,
    recovery_email text,
    is_deleted boolean DEFAULT false NOT NULL,
    needs_sync boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: user_accessible_projects; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.user_accessible_projects WITH (security_invoker='true') AS
 SELECT p.id,
    p.user_id,
    p.owner_id,
    p.name,
    p.overview,
    p.color,
    p.icon_name,
    p.icon_color,
    p.icon_weight,
    p.sort_order,
    p.is_favorite,
    p.is_shared,
    p.is_deleted,
    p.created_at,
    p.updated_at,
    (p.user_id = ( SELECT auth.uid() AS uid)) AS is_owner,
    COALESCE(m.role,
        CASE
            WHEN (p.user_id = ( SELECT auth.uid() AS uid)) THEN 'owner'::text
            ELSE NULL::text
        END) AS user_role,
    p.is_archived,
    p.archived_at,
    p.board_columns
   FROM (public.projects p
     LEFT JOIN public.project_members m ON (((m.project_id = p.id) AND (m.user_id = ( SELECT auth.uid() AS uid)))))
  WHERE (NOT p.is_deleted);


--
-- Name: user_accessible_tasks_with_project; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.user_accessible_tasks_with_project WITH (security_invoker='true') AS
 SELECT t.id,
    t.user_id,
    t.title,
    t.notes,
    t.due_date,
    t.due_time,
    t.priority,
    t.tags,
    t.list,
    t.location,
    t.reminders,
    t.recurrence,
    t.is_completed,
    t.completed_at,
    t.is_starred,
    t.is_deleted,
    t.sort_order,
    t.importance,
    t.urgency,
    t.parent_id,
    t.project_id,
    t.assigned_to,
    t.team_id,
    t.created_at,
    t.updated_at,
    p.name AS project_name,
    p.color AS project_color,
    p.icon_name AS project_icon_name,
    p.icon_color AS project_icon_color,
    p.icon_weight AS project_icon_weight,
    p.is_shared AS project_is_shared,
    p.user_id AS project_owner_id,
    (t.user_id = ( SELECT auth.uid() AS uid)) AS is_owner,
    m.role AS user_role,
    t.board_column,
    t.duration_minutes
   FROM ((public.tasks t
     LEFT JOIN public.projects p ON (((p.id = t.project_id) AND (NOT p.is_deleted))))
     LEFT JOIN public.project_members m ON (((m.project_id = p.id) AND (m.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: user_notification_preferences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_notification_preferences (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    channel_type text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    priority_threshold smallint DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_notification_preferences_channel_type_check CHECK ((channel_type = ANY (ARRAY['in_app'::text, 'browser'::text, 'email'::text]))),
    CONSTRAINT user_notification_preferences_priority_threshold_check CHECK (((priority_threshold >= 0) AND (priority_threshold <= 4)))
);


--
-- Name: user_preferences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_preferences (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    preference_key text NOT NULL,
    preference_value text,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_preferences_key_length CHECK (((length(preference_key) >= 1) AND (length(preference_key) <= 200))),
    CONSTRAINT user_preferences_value_is_json CHECK (((preference_value IS NULL) OR private.is_json(preference_value))),
    CONSTRAINT user_preferences_value_size CHECK ((octet_length(preference_value) <= 65536))
);


--
-- Name: user_profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_profiles (
    id uuid DEFAULT auth.uid() NOT NULL,
    email text,
    full_name text,
    avatar_url text,
    avatar_color text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    push_notifications boolean DEFAULT true NOT NULL,
    email_notifications boolean DEFAULT false NOT NULL,
    task_reminders boolean DEFAULT true NOT NULL,
    compact_mode boolean DEFAULT false NOT NULL,
    data_sharing boolean DEFAULT false NOT NULL,
    auto_sync boolean DEFAULT true NOT NULL,
    storage_used bigint DEFAULT 0 NOT NULL,
    storage_limit bigint DEFAULT '16106127360'::bigint NOT NULL,
    CONSTRAINT user_profiles_avatar_color_check CHECK ((length(avatar_color) <= 32)),
    CONSTRAINT user_profiles_avatar_url_check CHECK ((length(avatar_url) <= 2048)),
    CONSTRAINT user_profiles_full_name_check CHECK ((length(full_name) <= 255)),
    CONSTRAINT user_profiles_storage_limit_check CHECK ((storage_limit >= 0)),
    CONSTRAINT user_profiles_storage_used_check CHECK ((storage_used >= 0))
);


--
-- Name: user_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_subscriptions (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    status text NOT NULL,
    plan_id text NOT NULL,
    price_id text,
    customer_id text,
    subscription_id text,
    current_period_start timestamp with time zone,
    current_period_end timestamp with time zone,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_subscriptions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'trialing'::text, 'past_due'::text, 'canceled'::text, 'incomplete'::text, 'incomplete_expired'::text, 'unpaid'::text, 'paused'::text])))
);


--
-- Name: bus_spill; Type: TABLE; Schema: realtime; Owner: -
--

CREATE UNLOGGED TABLE realtime.bus_spill (
    id bigint NOT NULL,
    payload text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: bus_spill_id_seq; Type: SEQUENCE; Schema: realtime; Owner: -
--

CREATE UNLOGGED SEQUENCE realtime.bus_spill_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: bus_spill_id_seq; Type: SEQUENCE OWNED BY; Schema: realtime; Owner: -
--

ALTER SEQUENCE realtime.bus_spill_id_seq OWNED BY realtime.bus_spill.id;


--
-- Name: messages; Type: TABLE; Schema: realtime; Owner: -
--

CREATE TABLE realtime.messages (
    id uuid DEFAULT extensions.gen_random_uuid() NOT NULL,
    topic text NOT NULL,
    extension text NOT NULL,
    payload jsonb,
    event text,
    private boolean DEFAULT false,
    updated_at timestamp without time zone DEFAULT now() NOT NULL,
    inserted_at timestamp without time zone DEFAULT now() NOT NULL
);


--
-- Name: buckets; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.buckets (
    id text NOT NULL,
    name text NOT NULL,
    owner uuid,
    owner_id text,
    public boolean DEFAULT false NOT NULL,
    file_size_limit bigint,
    allowed_mime_types text[],
    type text DEFAULT 'STANDARD'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT buckets_file_size_limit_check CHECK (((file_size_limit IS NULL) OR (file_size_limit > 0))),
    CONSTRAINT buckets_id_check CHECK (((id <> ''::text) AND (id <> ALL (ARRAY['.'::text, '..'::text])) AND (strpos(id, '/'::text) = 0) AND (length(id) <= 100))),
    CONSTRAINT buckets_type_check CHECK ((type = 'STANDARD'::text))
);


--
-- Name: objects; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.objects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bucket_id text NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    owner uuid,
    owner_id text,
    metadata jsonb,
    user_metadata jsonb,
    version text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    last_accessed_at timestamp with time zone DEFAULT now() NOT NULL,
    path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/'::text)) STORED
);


--
-- Name: upload_events; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.upload_events (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    bytes bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT upload_events_bytes_check CHECK ((bytes >= 0))
);


--
-- Name: upload_events_id_seq; Type: SEQUENCE; Schema: storage; Owner: -
--

ALTER TABLE storage.upload_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME storage.upload_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: outbox id; Type: DEFAULT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.outbox ALTER COLUMN id SET DEFAULT nextval('auth.outbox_id_seq'::regclass);


--
-- Name: refresh_tokens id; Type: DEFAULT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens ALTER COLUMN id SET DEFAULT nextval('auth.refresh_tokens_id_seq'::regclass);


--
-- Name: task_reminders id; Type: DEFAULT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_reminders ALTER COLUMN id SET DEFAULT nextval('jobs.task_reminders_id_seq'::regclass);


--
-- Name: bus_spill id; Type: DEFAULT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.bus_spill ALTER COLUMN id SET DEFAULT nextval('realtime.bus_spill_id_seq'::regclass);


--
-- Name: audit_log_entries audit_log_entries_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.audit_log_entries
    ADD CONSTRAINT audit_log_entries_pkey PRIMARY KEY (id);


--
-- Name: flow_state flow_state_auth_code_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_auth_code_key UNIQUE (auth_code);


--
-- Name: flow_state flow_state_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_pkey PRIMARY KEY (id);


--
-- Name: identities identities_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_pkey PRIMARY KEY (id);


--
-- Name: identities identities_provider_id_provider_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_provider_id_provider_key UNIQUE (provider_id, provider);


--
-- Name: mfa_amr_claims mfa_amr_claims_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_pkey PRIMARY KEY (id);


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_authentication_method_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_authentication_method_key UNIQUE (session_id, authentication_method);


--
-- Name: mfa_challenges mfa_challenges_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_pkey PRIMARY KEY (id);


--
-- Name: mfa_factors mfa_factors_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_pkey PRIMARY KEY (id);


--
-- Name: mfa_recovery_grants mfa_recovery_grants_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_recovery_grants
    ADD CONSTRAINT mfa_recovery_grants_pkey PRIMARY KEY (id);


--
-- Name: mfa_used_codes mfa_used_codes_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_used_codes
    ADD CONSTRAINT mfa_used_codes_pkey PRIMARY KEY (factor_id, time_step);


--
-- Name: one_time_tokens one_time_tokens_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.one_time_tokens
    ADD CONSTRAINT one_time_tokens_pkey PRIMARY KEY (id);


--
-- Name: one_time_tokens one_time_tokens_user_id_token_type_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.one_time_tokens
    ADD CONSTRAINT one_time_tokens_user_id_token_type_key UNIQUE (user_id, token_type);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: user_2fa_backup_code_hashes user_2fa_backup_code_hashes_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.user_2fa_backup_code_hashes
    ADD CONSTRAINT user_2fa_backup_code_hashes_pkey PRIMARY KEY (code_id);


--
-- Name: user_answers user_answers_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.user_answers
    ADD CONSTRAINT user_answers_pkey PRIMARY KEY (user_id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: webauthn_challenges webauthn_challenges_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.webauthn_challenges
    ADD CONSTRAINT webauthn_challenges_pkey PRIMARY KEY (id);


--
-- Name: webauthn_credentials webauthn_credentials_credential_id_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.webauthn_credentials
    ADD CONSTRAINT webauthn_credentials_credential_id_key UNIQUE (credential_id);


--
-- Name: webauthn_credentials webauthn_credentials_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.webauthn_credentials
    ADD CONSTRAINT webauthn_credentials_pkey PRIMARY KEY (id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: daybase; Owner: -
--

ALTER TABLE ONLY daybase.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: billing_sessions billing_sessions_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.billing_sessions
    ADD CONSTRAINT billing_sessions_pkey PRIMARY KEY (id);


--
-- Name: integration_secrets integration_secrets_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.integration_secrets
    ADD CONSTRAINT integration_secrets_pkey PRIMARY KEY (user_id, provider_key, name);


--
-- Name: reminder_requests reminder_requests_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.reminder_requests
    ADD CONSTRAINT reminder_requests_pkey PRIMARY KEY (task_id);


--
-- Name: stripe_events stripe_events_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);


--
-- Name: task_occurrences task_occurrences_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_occurrences
    ADD CONSTRAINT task_occurrences_pkey PRIMARY KEY (task_id);


--
-- Name: task_reminders task_reminders_once; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_reminders
    ADD CONSTRAINT task_reminders_once UNIQUE (task_id, user_id, kind, offset_minutes, fire_at);


--
-- Name: task_reminders task_reminders_pkey; Type: CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_reminders
    ADD CONSTRAINT task_reminders_pkey PRIMARY KEY (id);


--
-- Name: activity_counts activity_counts_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.activity_counts
    ADD CONSTRAINT activity_counts_pkey PRIMARY KEY (scope, scope_id, activity_type);


--
-- Name: content_search content_search_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.content_search
    ADD CONSTRAINT content_search_pkey PRIMARY KEY (id);


--
-- Name: plan_limit_messages plan_limit_messages_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.plan_limit_messages
    ADD CONSTRAINT plan_limit_messages_pkey PRIMARY KEY (limit_key);


--
-- Name: plan_limits plan_limits_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.plan_limits
    ADD CONSTRAINT plan_limits_pkey PRIMARY KEY (plan, limit_key);


--
-- Name: activity_logs activity_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_logs
    ADD CONSTRAINT activity_logs_pkey PRIMARY KEY (id);


--
-- Name: admin_sql_audit admin_sql_audit_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_sql_audit
    ADD CONSTRAINT admin_sql_audit_pkey PRIMARY KEY (id);


--
-- Name: admin_sql_audit admin_sql_audit_run_id_statement_index_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_sql_audit
    ADD CONSTRAINT admin_sql_audit_run_id_statement_index_key UNIQUE (run_id, statement_index);


--
-- Name: app_passwords app_passwords_password_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_passwords
    ADD CONSTRAINT app_passwords_password_hash_key UNIQUE (password_hash);


--
-- Name: app_passwords app_passwords_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_passwords
    ADD CONSTRAINT app_passwords_pkey PRIMARY KEY (id);


--
-- Name: caldav_objects caldav_objects_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.caldav_objects
    ADD CONSTRAINT caldav_objects_pkey PRIMARY KEY (task_id, user_id);


--
-- Name: caldav_objects caldav_objects_user_id_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.caldav_objects
    ADD CONSTRAINT caldav_objects_user_id_name_key UNIQUE (user_id, name);


--
-- Name: calendar_feeds calendar_feeds_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_pkey PRIMARY KEY (user_id);


--
-- Name: calendar_feeds calendar_feeds_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_token_key UNIQUE (token);


--
-- Name: global_tags global_tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.global_tags
    ADD CONSTRAINT global_tags_pkey PRIMARY KEY (id);


--
-- Name: import_batch_items import_batch_items_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.import_batch_items
    ADD CONSTRAINT import_batch_items_pkey PRIMARY KEY (batch_id, row_key);


--
-- Name: import_batches import_batches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.import_batches
    ADD CONSTRAINT import_batches_pkey PRIMARY KEY (id);


--
-- Name: integration_audit_logs integration_audit_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.integration_audit_logs
    ADD CONSTRAINT integration_audit_logs_pkey PRIMARY KEY (id);


--
-- Name: integration_connections integration_connections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.integration_connections
    ADD CONSTRAINT integration_connections_pkey PRIMARY KEY (id);


--
-- Name: integration_connections integration_connections_user_id_provider_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.integration_connections
    ADD CONSTRAINT integration_connections_user_id_provider_key_key UNIQUE (user_id, provider_key);


--
-- Name: journal_entries journal_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_pkey PRIMARY KEY (id);


--
-- Name: journal_folders journal_folders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_folders
    ADD CONSTRAINT journal_folders_pkey PRIMARY KEY (id);


--
-- Name: journal_images journal_images_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_images
    ADD CONSTRAINT journal_images_pkey PRIMARY KEY (id);


--
-- Name: note_folders note_folders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_folders
    ADD CONSTRAINT note_folders_pkey PRIMARY KEY (id);


--
-- Name: note_share_recipients note_share_recipients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_share_recipients
    ADD CONSTRAINT note_share_recipients_pkey PRIMARY KEY (share_id, user_id);


--
-- Name: note_shares note_shares_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_shares
    ADD CONSTRAINT note_shares_pkey PRIMARY KEY (id);


--
-- Name: note_shares note_shares_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_shares
    ADD CONSTRAINT note_shares_token_key UNIQUE (token);


--
-- Name: notes notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_pkey PRIMARY KEY (id);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: pomodoro_sessions pomodoro_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_sessions
    ADD CONSTRAINT pomodoro_sessions_pkey PRIMARY KEY (id);


--
-- Name: pomodoro_settings pomodoro_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_settings
    ADD CONSTRAINT pomodoro_settings_pkey PRIMARY KEY (user_id, device_id);


--
-- Name: pomodoro_stats pomodoro_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_stats
    ADD CONSTRAINT pomodoro_stats_pkey PRIMARY KEY (id);


--
-- Name: pomodoro_stats pomodoro_stats_user_id_date_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_stats
    ADD CONSTRAINT pomodoro_stats_user_id_date_key UNIQUE (user_id, date);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: project_invites project_invites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_invites
    ADD CONSTRAINT project_invites_pkey PRIMARY KEY (id);


--
-- Name: project_invites project_invites_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_invites
    ADD CONSTRAINT project_invites_token_key UNIQUE (token);


--
-- Name: project_members project_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_pkey PRIMARY KEY (id);


--
-- Name: project_members project_members_project_id_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_project_id_user_id_key UNIQUE (project_id, user_id);


--
-- Name: projects projects_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);


--
-- Name: smart_lists smart_lists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.smart_lists
    ADD CONSTRAINT smart_lists_pkey PRIMARY KEY (id);


--
-- Name: support_requests support_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.support_requests
    ADD CONSTRAINT support_requests_pkey PRIMARY KEY (id);


--
-- Name: task_assignments task_assignments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_assignments
    ADD CONSTRAINT task_assignments_pkey PRIMARY KEY (id);


--
-- Name: task_attachments task_attachments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_attachments
    ADD CONSTRAINT task_attachments_pkey PRIMARY KEY (id);


--
-- Name: task_comments task_comments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_comments
    ADD CONSTRAINT task_comments_pkey PRIMARY KEY (id);


--
-- Name: task_journal_links task_journal_links_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_journal_links
    ADD CONSTRAINT task_journal_links_pkey PRIMARY KEY (id);


--
-- Name: task_journal_links task_journal_links_task_id_journal_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_journal_links
    ADD CONSTRAINT task_journal_links_task_id_journal_id_key UNIQUE (task_id, journal_id);


--
-- Name: task_note_links task_note_links_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_note_links
    ADD CONSTRAINT task_note_links_pkey PRIMARY KEY (id);


--
-- Name: task_note_links task_note_links_task_id_note_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_note_links
    ADD CONSTRAINT task_note_links_task_id_note_id_key UNIQUE (task_id, note_id);


--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);


--
-- Name: team_activity_log team_activity_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_activity_log
    ADD CONSTRAINT team_activity_log_pkey PRIMARY KEY (id);


--
-- Name: team_invitations team_invitations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_invitations
    ADD CONSTRAINT team_invitations_pkey PRIMARY KEY (id);


--
-- Name: team_invitations team_invitations_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_invitations
    ADD CONSTRAINT team_invitations_token_key UNIQUE (token);


--
-- Name: team_members team_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_pkey PRIMARY KEY (id);


--
-- Name: team_subscriptions team_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_subscriptions
    ADD CONSTRAINT team_subscriptions_pkey PRIMARY KEY (id);


--
-- Name: team_subscriptions team_subscriptions_subscription_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_subscriptions
    ADD CONSTRAINT team_subscriptions_subscription_id_key UNIQUE (subscription_id);


--
-- Name: teams teams_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teams
    ADD CONSTRAINT teams_pkey PRIMARY KEY (id);


--
-- Name: user_2fa_backup_codes user_2fa_backup_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_backup_codes
    ADD CONSTRAINT user_2fa_backup_codes_pkey PRIMARY KEY (id);


--
-- Name: user_2fa_events user_2fa_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_events
    ADD CONSTRAINT user_2fa_events_pkey PRIMARY KEY (id);


--
-- Name: user_2fa_settings user_2fa_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_settings
    ADD CONSTRAINT user_2fa_settings_pkey PRIMARY KEY (user_id);


--
-- Name: user_notification_preferences user_notification_preferences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_notification_preferences
    ADD CONSTRAINT user_notification_preferences_pkey PRIMARY KEY (id);


--
-- Name: user_notification_preferences user_notification_preferences_user_id_channel_type_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_notification_preferences
    ADD CONSTRAINT user_notification_preferences_user_id_channel_type_key UNIQUE (user_id, channel_type);


--
-- Name: user_preferences user_preferences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_preferences
    ADD CONSTRAINT user_preferences_pkey PRIMARY KEY (id);


--
-- Name: user_preferences user_preferences_user_id_preference_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_preferences
    ADD CONSTRAINT user_preferences_user_id_preference_key_key UNIQUE (user_id, preference_key);


--
-- Name: user_profiles user_profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_profiles
    ADD CONSTRAINT user_profiles_pkey PRIMARY KEY (id);


--
-- Name: user_subscriptions user_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_pkey PRIMARY KEY (id);


--
-- Name: user_subscriptions user_subscriptions_subscription_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_subscription_id_key UNIQUE (subscription_id);


--
-- Name: bus_spill bus_spill_pkey; Type: CONSTRAINT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.bus_spill
    ADD CONSTRAINT bus_spill_pkey PRIMARY KEY (id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: buckets buckets_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.buckets
    ADD CONSTRAINT buckets_pkey PRIMARY KEY (id);


--
-- Name: objects objects_bucket_id_name_key; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_bucket_id_name_key UNIQUE (bucket_id, name);


--
-- Name: objects objects_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_pkey PRIMARY KEY (id);


--
-- Name: upload_events upload_events_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.upload_events
    ADD CONSTRAINT upload_events_pkey PRIMARY KEY (id);


--
-- Name: audit_log_entries_created_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX audit_log_entries_created_idx ON auth.audit_log_entries USING btree (created_at);


--
-- Name: flow_state_created_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX flow_state_created_idx ON auth.flow_state USING btree (created_at);


--
-- Name: flow_state_user_method_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX flow_state_user_method_idx ON auth.flow_state USING btree (user_id, authentication_method, created_at DESC);


--
-- Name: identities_email_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX identities_email_idx ON auth.identities USING btree (email);


--
-- Name: identities_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX identities_user_id_idx ON auth.identities USING btree (user_id);


--
-- Name: mfa_challenges_factor_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_challenges_factor_idx ON auth.mfa_challenges USING btree (factor_id, created_at);


--
-- Name: mfa_factors_user_friendly_name_key; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX mfa_factors_user_friendly_name_key ON auth.mfa_factors USING btree (user_id, friendly_name) WHERE ((friendly_name IS NOT NULL) AND (friendly_name <> ''::text));


--
-- Name: mfa_factors_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_factors_user_id_idx ON auth.mfa_factors USING btree (user_id);


--
-- Name: mfa_recovery_grants_open_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_recovery_grants_open_idx ON auth.mfa_recovery_grants USING btree (session_id) WHERE (used_at IS NULL);


--
-- Name: one_time_tokens_hash_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX one_time_tokens_hash_idx ON auth.one_time_tokens USING btree (token_hash);


--
-- Name: one_time_tokens_relates_to_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX one_time_tokens_relates_to_idx ON auth.one_time_tokens USING btree (relates_to) WHERE (relates_to <> ''::text);


--
-- Name: refresh_tokens_session_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX refresh_tokens_session_id_idx ON auth.refresh_tokens USING btree (session_id, id);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX sessions_user_id_idx ON auth.sessions USING btree (user_id, created_at);


--
-- Name: users_confirmation_token_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_confirmation_token_idx ON auth.users USING btree (confirmation_token) WHERE (confirmation_token IS NOT NULL);


--
-- Name: users_email_key; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX users_email_key ON auth.users USING btree (lower(email)) WHERE ((email IS NOT NULL) AND (deleted_at IS NULL));


--
-- Name: users_phone_key; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX users_phone_key ON auth.users USING btree (phone) WHERE ((phone IS NOT NULL) AND (phone <> ''::text));


--
-- Name: users_recovery_token_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_recovery_token_idx ON auth.users USING btree (recovery_token) WHERE (recovery_token IS NOT NULL);


--
-- Name: webauthn_challenges_expires_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX webauthn_challenges_expires_idx ON auth.webauthn_challenges USING btree (expires_at);


--
-- Name: webauthn_credentials_user_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX webauthn_credentials_user_idx ON auth.webauthn_credentials USING btree (user_id, created_at);


--
-- Name: task_reminders_pending_idx; Type: INDEX; Schema: jobs; Owner: -
--

CREATE INDEX task_reminders_pending_idx ON jobs.task_reminders USING btree (fire_at) WHERE (status = 'pending'::text);


--
-- Name: task_reminders_task_idx; Type: INDEX; Schema: jobs; Owner: -
--

CREATE INDEX task_reminders_task_idx ON jobs.task_reminders USING btree (task_id, status);


--
-- Name: content_creations_user_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX content_creations_user_idx ON private.content_creations USING btree (user_id, created_at);


--
-- Name: content_search_doc_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX content_search_doc_idx ON private.content_search USING gin (doc);


--
-- Name: smart_list_creations_user_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX smart_list_creations_user_idx ON private.smart_list_creations USING btree (user_id, created_at);


--
-- Name: activity_logs_project_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_logs_project_created_idx ON public.activity_logs USING btree (project_id, created_at DESC, id DESC) WHERE ((project_id IS NOT NULL) AND (NOT is_deleted));


--
-- Name: activity_logs_task_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_logs_task_created_idx ON public.activity_logs USING btree (task_id, created_at DESC) WHERE ((task_id IS NOT NULL) AND (NOT is_deleted));


--
-- Name: activity_logs_task_owner_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_logs_task_owner_created_idx ON public.activity_logs USING btree (task_owner_id, created_at DESC, id DESC) WHERE ((NOT is_deleted) AND (task_owner_id IS NOT NULL) AND (task_owner_id <> user_id));


--
-- Name: activity_logs_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_logs_user_created_idx ON public.activity_logs USING btree (user_id, created_at DESC, id DESC) WHERE (NOT is_deleted);


--
-- Name: admin_sql_audit_started_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX admin_sql_audit_started_idx ON public.admin_sql_audit USING btree (started_at DESC);


--
-- Name: admin_sql_audit_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX admin_sql_audit_user_idx ON public.admin_sql_audit USING btree (user_id, started_at DESC);


--
-- Name: app_passwords_user_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX app_passwords_user_id ON public.app_passwords USING btree (user_id);


--
-- Name: global_tags_user_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX global_tags_user_name_key ON public.global_tags USING btree (user_id, lower(name)) WHERE (NOT is_deleted);


--
-- Name: global_tags_user_usage_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX global_tags_user_usage_idx ON public.global_tags USING btree (user_id, usage_count DESC);


--
-- Name: import_batches_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX import_batches_user_idx ON public.import_batches USING btree (user_id, created_at DESC);


--
-- Name: integration_audit_logs_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX integration_audit_logs_user_idx ON public.integration_audit_logs USING btree (user_id, created_at DESC);


--
-- Name: journal_entries_folder_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_folder_idx ON public.journal_entries USING btree (folder) WHERE (folder IS NOT NULL);


--
-- Name: journal_entries_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_user_created_idx ON public.journal_entries USING btree (user_id, created_at) WHERE (NOT is_deleted);


--
-- Name: journal_entries_user_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_user_date_idx ON public.journal_entries USING btree (user_id, date DESC) WHERE (NOT is_deleted);


--
-- Name: journal_entries_user_updated_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_user_updated_idx ON public.journal_entries USING btree (user_id, updated_at DESC) WHERE (NOT is_deleted);


--
-- Name: journal_folders_user_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_folders_user_sort_idx ON public.journal_folders USING btree (user_id, sort_order);


--
-- Name: journal_images_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_images_entry_idx ON public.journal_images USING btree (journal_entry_id, image_order);


--
-- Name: note_folders_user_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX note_folders_user_name_key ON public.note_folders USING btree (user_id, lower(name)) WHERE (NOT is_deleted);


--
-- Name: note_folders_user_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX note_folders_user_sort_idx ON public.note_folders USING btree (user_id, sort_order);


--
-- Name: note_share_recipients_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX note_share_recipients_user_idx ON public.note_share_recipients USING btree (user_id);


--
-- Name: note_shares_live_folder_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX note_shares_live_folder_key ON public.note_shares USING btree (folder_id) WHERE ((NOT is_deleted) AND (folder_id IS NOT NULL));


--
-- Name: note_shares_live_note_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX note_shares_live_note_key ON public.note_shares USING btree (note_id) WHERE ((NOT is_deleted) AND (note_id IS NOT NULL));


--
-- Name: note_shares_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX note_shares_user_idx ON public.note_shares USING btree (user_id);


--
-- Name: notes_user_folder_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_user_folder_idx ON public.notes USING btree (user_id, lower(folder)) WHERE (NOT is_deleted);


--
-- Name: notes_user_updated_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notes_user_updated_idx ON public.notes USING btree (user_id, updated_at DESC) WHERE (NOT is_deleted);


--
-- Name: notifications_to_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_to_user_created_idx ON public.notifications USING btree (to_user_id, created_at DESC);


--
-- Name: notifications_unread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_unread_idx ON public.notifications USING btree (to_user_id) WHERE (NOT is_read);


--
-- Name: pomodoro_sessions_one_running; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX pomodoro_sessions_one_running ON public.pomodoro_sessions USING btree (user_id) WHERE ((status = ANY (ARRAY['active'::text, 'paused'::text])) AND (NOT is_deleted));


--
-- Name: pomodoro_sessions_user_started_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pomodoro_sessions_user_started_idx ON public.pomodoro_sessions USING btree (user_id, started_at DESC);


--
-- Name: project_invites_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX project_invites_email_idx ON public.project_invites USING btree (email) WHERE (accepted_at IS NULL);


--
-- Name: project_invites_pending_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX project_invites_pending_email_key ON public.project_invites USING btree (project_id, email) WHERE ((accepted_at IS NULL) AND (email IS NOT NULL));


--
-- Name: project_invites_project_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX project_invites_project_idx ON public.project_invites USING btree (project_id);


--
-- Name: project_members_one_owner; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX project_members_one_owner ON public.project_members USING btree (project_id) WHERE (role = 'owner'::text);


--
-- Name: project_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX project_members_user_idx ON public.project_members USING btree (user_id, project_id);


--
-- Name: projects_owner_archived_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX projects_owner_archived_idx ON public.projects USING btree (user_id) WHERE (is_archived AND (NOT is_deleted));


--
-- Name: projects_owner_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX projects_owner_name_key ON public.projects USING btree (user_id, lower(name)) WHERE (NOT is_deleted);


--
-- Name: projects_owner_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX projects_owner_sort_idx ON public.projects USING btree (user_id, sort_order);


--
-- Name: smart_lists_user_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX smart_lists_user_name_key ON public.smart_lists USING btree (user_id, name_normalized) WHERE (NOT is_deleted);


--
-- Name: smart_lists_user_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX smart_lists_user_sort_idx ON public.smart_lists USING btree (user_id, sort_order);


--
-- Name: smart_lists_user_system_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX smart_lists_user_system_key ON public.smart_lists USING btree (user_id, system_key) WHERE (system_key IS NOT NULL);


--
-- Name: support_requests_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX support_requests_user_created_idx ON public.support_requests USING btree (user_id, created_at DESC);


--
-- Name: task_assignments_assignee_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_assignments_assignee_idx ON public.task_assignments USING btree (assigned_to);


--
-- Name: task_assignments_task_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_assignments_task_idx ON public.task_assignments USING btree (task_id, created_at DESC);


--
-- Name: task_assignments_team_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_assignments_team_idx ON public.task_assignments USING btree (team_id) WHERE (team_id IS NOT NULL);


--
-- Name: task_attachments_task_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_attachments_task_created_idx ON public.task_attachments USING btree (task_id, created_at DESC) WHERE (NOT is_marked_deleted);


--
-- Name: task_attachments_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_attachments_user_created_idx ON public.task_attachments USING btree (user_id, created_at) WHERE (NOT is_marked_deleted);


--
-- Name: task_comments_task_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_comments_task_created_idx ON public.task_comments USING btree (task_id, created_at) WHERE (NOT is_deleted);


--
-- Name: task_journal_links_journal_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_journal_links_journal_idx ON public.task_journal_links USING btree (journal_id);


--
-- Name: task_note_links_note_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_note_links_note_idx ON public.task_note_links USING btree (note_id);


--
-- Name: tasks_assigned_to_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_assigned_to_idx ON public.tasks USING btree (assigned_to) WHERE (assigned_to IS NOT NULL);


--
-- Name: tasks_parent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_parent_idx ON public.tasks USING btree (parent_id) WHERE (parent_id IS NOT NULL);


--
-- Name: tasks_project_board_column_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_project_board_column_idx ON public.tasks USING btree (project_id, board_column) WHERE (board_column IS NOT NULL);


--
-- Name: tasks_project_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_project_idx ON public.tasks USING btree (project_id) WHERE (project_id IS NOT NULL);


--
-- Name: tasks_team_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_team_idx ON public.tasks USING btree (team_id) WHERE (team_id IS NOT NULL);


--
-- Name: tasks_user_sort_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_user_sort_idx ON public.tasks USING btree (user_id, sort_order);


--
-- Name: team_activity_log_team_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX team_activity_log_team_created_idx ON public.team_activity_log USING btree (team_id, created_at DESC);


--
-- Name: team_invitations_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX team_invitations_email_idx ON public.team_invitations USING btree (email) WHERE (accepted_at IS NULL);


--
-- Name: team_invitations_open_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX team_invitations_open_email_key ON public.team_invitations USING btree (team_id, email) WHERE (accepted_at IS NULL);


--
-- Name: team_invitations_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX team_invitations_pending_idx ON public.team_invitations USING btree (team_id, email) WHERE (joined_at IS NULL);


--
-- Name: team_members_active_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX team_members_active_key ON public.team_members USING btree (team_id, user_id) WHERE (status = 'active'::text);


--
-- Name: team_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX team_members_user_idx ON public.team_members USING btree (user_id, team_id) WHERE (status = 'active'::text);


--
-- Name: team_subscriptions_team_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX team_subscriptions_team_idx ON public.team_subscriptions USING btree (team_id, status);


--
-- Name: teams_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX teams_owner_idx ON public.teams USING btree (owner_id);


--
-- Name: user_2fa_backup_codes_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_2fa_backup_codes_user_idx ON public.user_2fa_backup_codes USING btree (user_id) WHERE (NOT is_deleted);


--
-- Name: user_2fa_events_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_2fa_events_user_idx ON public.user_2fa_events USING btree (user_id, event_type, created_at);


--
-- Name: user_subscriptions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_subscriptions_user_idx ON public.user_subscriptions USING btree (user_id, status);


--
-- Name: buckets_name_key; Type: INDEX; Schema: storage; Owner: -
--

CREATE UNIQUE INDEX buckets_name_key ON storage.buckets USING btree (name);


--
-- Name: objects_owner_idx; Type: INDEX; Schema: storage; Owner: -
--

CREATE INDEX objects_owner_idx ON storage.objects USING btree (owner) WHERE (owner IS NOT NULL);


--
-- Name: upload_events_user_time_idx; Type: INDEX; Schema: storage; Owner: -
--

CREATE INDEX upload_events_user_time_idx ON storage.upload_events USING btree (user_id, created_at);


--
-- Name: users create_profile_rows; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER create_profile_rows AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.create_profile_rows();


--
-- Name: sessions delete_refresh_tokens; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER delete_refresh_tokens AFTER DELETE ON auth.sessions REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION auth.delete_sessions_refresh_tokens();


--
-- Name: mfa_factors notify_data_access_change; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER notify_data_access_change AFTER INSERT OR DELETE OR UPDATE ON auth.mfa_factors FOR EACH ROW EXECUTE FUNCTION private.notify_data_access_change();


--
-- Name: sessions notify_data_access_change; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER notify_data_access_change AFTER DELETE OR UPDATE OF not_after, user_id ON auth.sessions FOR EACH ROW EXECUTE FUNCTION private.notify_data_access_change();


--
-- Name: mfa_amr_claims session_amr_changed; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER session_amr_changed AFTER INSERT OR DELETE OR UPDATE ON auth.mfa_amr_claims FOR EACH ROW EXECUTE FUNCTION auth.session_amr_changed();


--
-- Name: users sync_member_identity; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER sync_member_identity AFTER UPDATE OF email, raw_user_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_member_identity();


--
-- Name: users sync_profile_rows; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER sync_profile_rows AFTER UPDATE OF email, raw_user_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_profile_rows();


--
-- Name: users sync_team_member_identity; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER sync_team_member_identity AFTER UPDATE OF email, raw_user_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_team_member_identity();


--
-- Name: users user_answer_row; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answer_row AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION auth.user_answer_row();


--
-- Name: identities user_answer_stale; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answer_stale AFTER INSERT OR DELETE OR UPDATE ON auth.identities FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();


--
-- Name: mfa_factors user_answer_stale; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answer_stale AFTER INSERT OR DELETE OR UPDATE ON auth.mfa_factors FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();


--
-- Name: users user_answer_stale; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answer_stale AFTER UPDATE ON auth.users FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();


--
-- Name: identities user_answers_all_stale; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answers_all_stale AFTER TRUNCATE ON auth.identities FOR EACH STATEMENT EXECUTE FUNCTION auth.user_answers_all_stale();


--
-- Name: mfa_factors user_answers_all_stale; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER user_answers_all_stale AFTER TRUNCATE ON auth.mfa_factors FOR EACH STATEMENT EXECUTE FUNCTION auth.user_answers_all_stale();


--
-- Name: notes a_shared_edit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER a_shared_edit BEFORE UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION private.notes_shared_edit();


--
-- Name: projects add_owner; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER add_owner AFTER INSERT ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_add_owner();


--
-- Name: teams add_owner; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER add_owner AFTER INSERT ON public.teams FOR EACH ROW EXECUTE FUNCTION private.teams_add_owner();


--
-- Name: teams after_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_delete AFTER DELETE ON public.teams FOR EACH ROW EXECUTE FUNCTION private.teams_after_delete();


--
-- Name: task_assignments after_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_insert AFTER INSERT ON public.task_assignments FOR EACH ROW EXECUTE FUNCTION private.task_assignments_after_insert();


--
-- Name: team_invitations after_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_insert AFTER INSERT ON public.team_invitations FOR EACH ROW EXECUTE FUNCTION private.team_invitations_after_insert();


--
-- Name: journal_folders after_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_update AFTER UPDATE OF is_deleted ON public.journal_folders FOR EACH ROW WHEN ((new.is_deleted AND (NOT old.is_deleted))) EXECUTE FUNCTION private.journal_folders_after_update();


--
-- Name: note_folders after_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_update AFTER UPDATE OF name, is_deleted ON public.note_folders FOR EACH ROW EXECUTE FUNCTION private.note_folders_after_update();


--
-- Name: projects after_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_update AFTER UPDATE OF name, is_deleted ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_after_update();


--
-- Name: tasks after_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_update AFTER UPDATE OF is_deleted, project_id ON public.tasks FOR EACH ROW WHEN ((old.parent_id IS NULL)) EXECUTE FUNCTION private.tasks_after_update();


--
-- Name: team_members after_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER after_write AFTER INSERT OR UPDATE OF role, status ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.team_members_after_write();


--
-- Name: projects archive_on_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER archive_on_insert BEFORE INSERT ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_insert_unarchived();


--
-- Name: projects archive_rules; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER archive_rules BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_archive_rules();


--
-- Name: integration_connections audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit AFTER INSERT OR DELETE OR UPDATE ON public.integration_connections FOR EACH ROW EXECUTE FUNCTION private.integration_connections_audit();


--
-- Name: activity_logs before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_insert BEFORE INSERT ON public.activity_logs FOR EACH ROW EXECUTE FUNCTION private.activity_logs_before_insert();


--
-- Name: task_assignments before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_insert BEFORE INSERT ON public.task_assignments FOR EACH ROW EXECUTE FUNCTION private.task_assignments_before_insert();


--
-- Name: task_journal_links before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_insert BEFORE INSERT ON public.task_journal_links FOR EACH ROW EXECUTE FUNCTION private.task_links_before_insert();


--
-- Name: task_note_links before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_insert BEFORE INSERT ON public.task_note_links FOR EACH ROW EXECUTE FUNCTION private.task_links_before_insert();


--
-- Name: team_activity_log before_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_insert BEFORE INSERT ON public.team_activity_log FOR EACH ROW EXECUTE FUNCTION private.team_activity_log_before_insert();


--
-- Name: global_tags before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.global_tags FOR EACH ROW EXECUTE FUNCTION private.global_tags_before_write();


--
-- Name: journal_entries before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.journal_entries_before_write();


--
-- Name: journal_folders before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_folders FOR EACH ROW EXECUTE FUNCTION private.journal_folders_before_write();


--
-- Name: journal_images before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_images FOR EACH ROW EXECUTE FUNCTION private.journal_images_before_write();


--
-- Name: note_folders before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.note_folders FOR EACH ROW EXECUTE FUNCTION private.note_folders_before_write();


--
-- Name: note_shares before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.note_shares FOR EACH ROW EXECUTE FUNCTION private.note_shares_before_write();


--
-- Name: notes before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION private.notes_before_write();


--
-- Name: notifications before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.notifications_before_write();


--
-- Name: pomodoro_sessions before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.pomodoro_sessions FOR EACH ROW EXECUTE FUNCTION private.pomodoro_sessions_before_write();


--
-- Name: project_members before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR DELETE OR UPDATE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.project_members_before_write();


--
-- Name: projects before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_before_write();


--
-- Name: smart_lists before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.smart_lists FOR EACH ROW EXECUTE FUNCTION private.smart_lists_before_write();


--
-- Name: task_attachments before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.task_attachments FOR EACH ROW EXECUTE FUNCTION private.task_attachments_before_write();


--
-- Name: task_comments before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.task_comments FOR EACH ROW EXECUTE FUNCTION private.task_comments_before_write();


--
-- Name: tasks before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.tasks_before_write();


--
-- Name: team_invitations before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.team_invitations FOR EACH ROW EXECUTE FUNCTION private.team_invitations_before_write();


--
-- Name: team_members before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.team_members_before_write();


--
-- Name: teams before_write; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.teams FOR EACH ROW EXECUTE FUNCTION private.teams_before_write();


--
-- Name: tasks board_column_rules; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER board_column_rules BEFORE INSERT OR UPDATE OF board_column, project_id ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.tasks_board_column_rules();


--
-- Name: projects board_columns_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER board_columns_removed AFTER UPDATE OF board_columns ON public.projects FOR EACH ROW WHEN ((old.board_columns IS DISTINCT FROM new.board_columns)) EXECUTE FUNCTION private.projects_board_columns_removed();


--
-- Name: journal_entries count_creation; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER count_creation AFTER INSERT ON public.journal_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.count_content_statement();


--
-- Name: notes count_creation; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER count_creation AFTER INSERT ON public.notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.count_content_statement();


--
-- Name: activity_logs count_rows; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER count_rows AFTER INSERT OR DELETE OR UPDATE ON public.activity_logs FOR EACH ROW EXECUTE FUNCTION private.activity_logs_count();


--
-- Name: integration_connections drop_secrets; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER drop_secrets AFTER DELETE ON public.integration_connections FOR EACH ROW EXECUTE FUNCTION jobs.integration_connections_drop_secrets();


--
-- Name: integration_connections keep_secrets; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER keep_secrets BEFORE INSERT OR UPDATE ON public.integration_connections FOR EACH ROW EXECUTE FUNCTION jobs.integration_connections_keep_secrets();


--
-- Name: task_attachments log_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_activity AFTER INSERT OR UPDATE OF is_marked_deleted ON public.task_attachments FOR EACH ROW EXECUTE FUNCTION private.task_attachments_log_activity();


--
-- Name: task_comments log_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_activity AFTER INSERT ON public.task_comments FOR EACH ROW EXECUTE FUNCTION private.task_comments_log_activity();


--
-- Name: tasks log_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_activity AFTER UPDATE ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.tasks_log_activity();


--
-- Name: tasks log_created; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_created AFTER INSERT ON public.tasks REFERENCING NEW TABLE AS created FOR EACH STATEMENT EXECUTE FUNCTION private.tasks_log_created();


--
-- Name: tasks notify_assignee; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notify_assignee AFTER INSERT OR UPDATE OF assigned_to ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.tasks_notify_assignee();


--
-- Name: notes notify_mentions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notify_mentions AFTER INSERT OR UPDATE OF content ON public.notes FOR EACH ROW EXECUTE FUNCTION private.notes_notify_mentions();


--
-- Name: task_comments notify_mentions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notify_mentions AFTER INSERT OR UPDATE OF content, mentions, is_deleted ON public.task_comments FOR EACH ROW EXECUTE FUNCTION private.task_comments_notify_mentions();


--
-- Name: pomodoro_sessions record_stats; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER record_stats AFTER INSERT OR UPDATE OF status ON public.pomodoro_sessions FOR EACH ROW EXECUTE FUNCTION private.pomodoro_sessions_record_stats();


--
-- Name: tasks recur; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER recur AFTER UPDATE OF is_completed ON public.tasks FOR EACH ROW WHEN ((old.is_completed IS DISTINCT FROM new.is_completed)) EXECUTE FUNCTION jobs.tasks_recur();


--
-- Name: tasks reminder_jobs; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reminder_jobs AFTER INSERT OR UPDATE OF due_date, due_time, reminders, is_completed, is_deleted, assigned_to, user_id ON public.tasks FOR EACH ROW EXECUTE FUNCTION jobs.tasks_reminders_changed();


--
-- Name: tasks restore_subtasks; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restore_subtasks AFTER UPDATE OF is_deleted ON public.tasks FOR EACH ROW WHEN ((old.is_deleted AND (NOT new.is_deleted) AND (old.parent_id IS NULL))) EXECUTE FUNCTION private.tasks_restore_subtasks();


--
-- Name: user_profiles server_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER server_fields BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION private.user_profiles_server_fields();


--
-- Name: global_tags set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.global_tags FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: import_batches set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.import_batches FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: integration_connections set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.integration_connections FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: journal_entries set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: journal_folders set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.journal_folders FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: note_folders set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.note_folders FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: note_shares set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.note_shares FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: notes set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: notifications set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: pomodoro_sessions set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_sessions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: pomodoro_settings set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_settings FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: pomodoro_stats set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_stats FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: profiles set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: project_members set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: projects set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: smart_lists set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.smart_lists FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: task_attachments set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.task_attachments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: task_comments set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.task_comments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: tasks set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: team_invitations set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_invitations FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: team_members set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: team_subscriptions set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_subscriptions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: teams set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.teams FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: user_notification_preferences set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_notification_preferences FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: user_preferences set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_preferences FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: user_profiles set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: user_subscriptions set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_subscriptions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();


--
-- Name: journal_entries sync_content_search; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_content_search AFTER INSERT OR UPDATE OF title, content, is_deleted ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.sync_content_search();


--
-- Name: notes sync_content_search; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_content_search AFTER INSERT OR UPDATE OF title, content, is_deleted ON public.notes FOR EACH ROW EXECUTE FUNCTION private.sync_content_search();


--
-- Name: note_shares sync_is_shared; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_is_shared AFTER INSERT OR UPDATE OF is_deleted ON public.note_shares FOR EACH ROW EXECUTE FUNCTION private.note_shares_sync_flag();


--
-- Name: project_members sync_shared; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_shared AFTER INSERT OR DELETE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.project_members_sync_shared();


--
-- Name: user_profiles sync_team_member_identity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_team_member_identity AFTER UPDATE OF full_name, avatar_url ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION private.sync_team_member_identity();


--
-- Name: tasks team_rules; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER team_rules BEFORE INSERT OR UPDATE OF team_id, assigned_to ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.tasks_team_rules();


--
-- Name: activity_logs z_set_task_owner; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER z_set_task_owner BEFORE INSERT OR UPDATE OF task_id ON public.activity_logs FOR EACH ROW EXECUTE FUNCTION private.activity_logs_set_task_owner();


--
-- Name: activity_logs zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.activity_logs FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: app_passwords zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.app_passwords FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: caldav_objects zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.caldav_objects FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('|', 'updated_at');


--
-- Name: calendar_feeds zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.calendar_feeds FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|');


--
-- Name: global_tags zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.global_tags FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: import_batches zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.import_batches FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: integration_audit_logs zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.integration_audit_logs FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: integration_connections zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.integration_connections FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: journal_entries zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: journal_folders zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.journal_folders FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: journal_images zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.journal_images FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: note_folders zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.note_folders FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: note_share_recipients zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.note_share_recipients FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|');


--
-- Name: note_shares zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.note_shares FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: notes zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: notifications zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: pomodoro_sessions zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.pomodoro_sessions FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: pomodoro_settings zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.pomodoro_settings FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at');


--
-- Name: pomodoro_stats zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.pomodoro_stats FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: profiles zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: project_invites zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.project_invites FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('invited_at', '|', 'id');


--
-- Name: project_members zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: projects zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: smart_lists zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.smart_lists FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: support_requests zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.support_requests FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: task_assignments zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.task_assignments FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: task_attachments zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.task_attachments FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('uploaded_at', 'created_at', '|', 'updated_at', 'id');


--
-- Name: task_comments zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.task_comments FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: tasks zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.tasks FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: team_activity_log zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.team_activity_log FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: team_invitations zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.team_invitations FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: team_members zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('joined_at', 'created_at', '|', 'updated_at', 'id');


--
-- Name: team_subscriptions zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.team_subscriptions FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: teams zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.teams FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: user_2fa_backup_codes zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_2fa_backup_codes FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: user_2fa_events zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_2fa_events FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');


--
-- Name: user_2fa_settings zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_2fa_settings FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at');


--
-- Name: user_notification_preferences zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_notification_preferences FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: user_preferences zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_preferences FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: user_profiles zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: user_subscriptions zz_server_owned_columns; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.user_subscriptions FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');


--
-- Name: buckets set_updated_at; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON storage.buckets FOR EACH ROW EXECUTE FUNCTION storage.set_updated_at();


--
-- Name: objects set_updated_at; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER set_updated_at BEFORE UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION storage.set_updated_at();


--
-- Name: objects sync_storage_used_delete; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER sync_storage_used_delete AFTER DELETE ON storage.objects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();


--
-- Name: objects sync_storage_used_insert; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER sync_storage_used_insert AFTER INSERT ON storage.objects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();


--
-- Name: objects sync_storage_used_update; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER sync_storage_used_update AFTER UPDATE ON storage.objects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();


--
-- Name: flow_state flow_state_linking_target_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_linking_target_id_fkey FOREIGN KEY (linking_target_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: flow_state flow_state_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: identities identities_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: mfa_challenges mfa_challenges_factor_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE CASCADE;


--
-- Name: mfa_factors mfa_factors_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: mfa_recovery_grants mfa_recovery_grants_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_recovery_grants
    ADD CONSTRAINT mfa_recovery_grants_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: mfa_recovery_grants mfa_recovery_grants_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_recovery_grants
    ADD CONSTRAINT mfa_recovery_grants_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: mfa_used_codes mfa_used_codes_factor_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_used_codes
    ADD CONSTRAINT mfa_used_codes_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE CASCADE;


--
-- Name: one_time_tokens one_time_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.one_time_tokens
    ADD CONSTRAINT one_time_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_2fa_backup_code_hashes user_2fa_backup_code_hashes_code_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.user_2fa_backup_code_hashes
    ADD CONSTRAINT user_2fa_backup_code_hashes_code_id_fkey FOREIGN KEY (code_id) REFERENCES public.user_2fa_backup_codes(id) ON DELETE CASCADE;


--
-- Name: user_answers user_answers_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.user_answers
    ADD CONSTRAINT user_answers_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: webauthn_challenges webauthn_challenges_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.webauthn_challenges
    ADD CONSTRAINT webauthn_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: webauthn_credentials webauthn_credentials_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.webauthn_credentials
    ADD CONSTRAINT webauthn_credentials_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: billing_sessions billing_sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.billing_sessions
    ADD CONSTRAINT billing_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: integration_secrets integration_secrets_user_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.integration_secrets
    ADD CONSTRAINT integration_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: reminder_requests reminder_requests_task_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.reminder_requests
    ADD CONSTRAINT reminder_requests_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_occurrences task_occurrences_next_task_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_occurrences
    ADD CONSTRAINT task_occurrences_next_task_id_fkey FOREIGN KEY (next_task_id) REFERENCES public.tasks(id) ON DELETE SET NULL;


--
-- Name: task_occurrences task_occurrences_task_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_occurrences
    ADD CONSTRAINT task_occurrences_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_reminders task_reminders_task_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_reminders
    ADD CONSTRAINT task_reminders_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_reminders task_reminders_user_id_fkey; Type: FK CONSTRAINT; Schema: jobs; Owner: -
--

ALTER TABLE ONLY jobs.task_reminders
    ADD CONSTRAINT task_reminders_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: content_creations content_creations_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.content_creations
    ADD CONSTRAINT content_creations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: content_search content_search_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.content_search
    ADD CONSTRAINT content_search_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: smart_list_creations smart_list_creations_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.smart_list_creations
    ADD CONSTRAINT smart_list_creations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: activity_logs activity_logs_project_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_logs
    ADD CONSTRAINT activity_logs_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE SET NULL;


--
-- Name: activity_logs activity_logs_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_logs
    ADD CONSTRAINT activity_logs_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE SET NULL;


--
-- Name: activity_logs activity_logs_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_logs
    ADD CONSTRAINT activity_logs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: app_passwords app_passwords_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_passwords
    ADD CONSTRAINT app_passwords_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: caldav_objects caldav_objects_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.caldav_objects
    ADD CONSTRAINT caldav_objects_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: caldav_objects caldav_objects_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.caldav_objects
    ADD CONSTRAINT caldav_objects_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: calendar_feeds calendar_feeds_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: global_tags global_tags_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.global_tags
    ADD CONSTRAINT global_tags_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: import_batch_items import_batch_items_batch_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.import_batch_items
    ADD CONSTRAINT import_batch_items_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES public.import_batches(id) ON DELETE CASCADE;


--
-- Name: import_batches import_batches_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.import_batches
    ADD CONSTRAINT import_batches_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: integration_audit_logs integration_audit_logs_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.integration_audit_logs
    ADD CONSTRAINT integration_audit_logs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: integration_connections integration_connections_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.integration_connections
    ADD CONSTRAINT integration_connections_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: journal_entries journal_entries_folder_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_folder_fkey FOREIGN KEY (folder) REFERENCES public.journal_folders(id) ON DELETE SET NULL;


--
-- Name: journal_entries journal_entries_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: journal_folders journal_folders_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_folders
    ADD CONSTRAINT journal_folders_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: journal_images journal_images_journal_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_images
    ADD CONSTRAINT journal_images_journal_entry_id_fkey FOREIGN KEY (journal_entry_id) REFERENCES public.journal_entries(id) ON DELETE CASCADE;


--
-- Name: journal_images journal_images_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_images
    ADD CONSTRAINT journal_images_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: note_folders note_folders_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_folders
    ADD CONSTRAINT note_folders_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: note_share_recipients note_share_recipients_share_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_share_recipients
    ADD CONSTRAINT note_share_recipients_share_id_fkey FOREIGN KEY (share_id) REFERENCES public.note_shares(id) ON DELETE CASCADE;


--
-- Name: note_share_recipients note_share_recipients_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_share_recipients
    ADD CONSTRAINT note_share_recipients_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: note_shares note_shares_folder_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_shares
    ADD CONSTRAINT note_shares_folder_id_fkey FOREIGN KEY (folder_id) REFERENCES public.note_folders(id) ON DELETE CASCADE;


--
-- Name: note_shares note_shares_note_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_shares
    ADD CONSTRAINT note_shares_note_id_fkey FOREIGN KEY (note_id) REFERENCES public.notes(id) ON DELETE CASCADE;


--
-- Name: note_shares note_shares_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.note_shares
    ADD CONSTRAINT note_shares_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notes notes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_from_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_from_user_id_fkey FOREIGN KEY (from_user_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: notifications notifications_to_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_to_user_id_fkey FOREIGN KEY (to_user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: pomodoro_sessions pomodoro_sessions_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_sessions
    ADD CONSTRAINT pomodoro_sessions_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE SET NULL;


--
-- Name: pomodoro_sessions pomodoro_sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_sessions
    ADD CONSTRAINT pomodoro_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: pomodoro_settings pomodoro_settings_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_settings
    ADD CONSTRAINT pomodoro_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: pomodoro_stats pomodoro_stats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pomodoro_stats
    ADD CONSTRAINT pomodoro_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profiles profiles_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: project_invites project_invites_accepted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_invites
    ADD CONSTRAINT project_invites_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: project_invites project_invites_invited_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_invites
    ADD CONSTRAINT project_invites_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: project_invites project_invites_project_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_invites
    ADD CONSTRAINT project_invites_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;


--
-- Name: project_members project_members_project_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;


--
-- Name: project_members project_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: projects projects_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: smart_lists smart_lists_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.smart_lists
    ADD CONSTRAINT smart_lists_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: support_requests support_requests_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.support_requests
    ADD CONSTRAINT support_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: task_assignments task_assignments_assigned_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_assignments
    ADD CONSTRAINT task_assignments_assigned_by_fkey FOREIGN KEY (assigned_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: task_assignments task_assignments_assigned_to_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_assignments
    ADD CONSTRAINT task_assignments_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: task_assignments task_assignments_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_assignments
    ADD CONSTRAINT task_assignments_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_assignments task_assignments_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_assignments
    ADD CONSTRAINT task_assignments_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE CASCADE;


--
-- Name: task_attachments task_attachments_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_attachments
    ADD CONSTRAINT task_attachments_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_attachments task_attachments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_attachments
    ADD CONSTRAINT task_attachments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: task_comments task_comments_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_comments
    ADD CONSTRAINT task_comments_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_comments task_comments_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_comments
    ADD CONSTRAINT task_comments_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE SET NULL;


--
-- Name: task_comments task_comments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_comments
    ADD CONSTRAINT task_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: task_journal_links task_journal_links_journal_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_journal_links
    ADD CONSTRAINT task_journal_links_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES public.journal_entries(id) ON DELETE CASCADE;


--
-- Name: task_journal_links task_journal_links_linked_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_journal_links
    ADD CONSTRAINT task_journal_links_linked_by_fkey FOREIGN KEY (linked_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: task_journal_links task_journal_links_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_journal_links
    ADD CONSTRAINT task_journal_links_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: task_note_links task_note_links_linked_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_note_links
    ADD CONSTRAINT task_note_links_linked_by_fkey FOREIGN KEY (linked_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: task_note_links task_note_links_note_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_note_links
    ADD CONSTRAINT task_note_links_note_id_fkey FOREIGN KEY (note_id) REFERENCES public.notes(id) ON DELETE CASCADE;


--
-- Name: task_note_links task_note_links_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_note_links
    ADD CONSTRAINT task_note_links_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: tasks tasks_assigned_to_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: tasks tasks_parent_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.tasks(id) ON DELETE CASCADE;


--
-- Name: tasks tasks_project_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE SET NULL;


--
-- Name: tasks tasks_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE SET NULL;


--
-- Name: tasks tasks_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: team_activity_log team_activity_log_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_activity_log
    ADD CONSTRAINT team_activity_log_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE CASCADE;


--
-- Name: team_activity_log team_activity_log_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_activity_log
    ADD CONSTRAINT team_activity_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: team_invitations team_invitations_accepted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_invitations
    ADD CONSTRAINT team_invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: team_invitations team_invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_invitations
    ADD CONSTRAINT team_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: team_invitations team_invitations_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_invitations
    ADD CONSTRAINT team_invitations_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE CASCADE;


--
-- Name: team_members team_members_invited_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: team_members team_members_team_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id) ON DELETE CASCADE;


--
-- Name: team_members team_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: teams teams_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teams
    ADD CONSTRAINT teams_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_2fa_backup_codes user_2fa_backup_codes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_backup_codes
    ADD CONSTRAINT user_2fa_backup_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_2fa_events user_2fa_events_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_events
    ADD CONSTRAINT user_2fa_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_2fa_settings user_2fa_settings_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_2fa_settings
    ADD CONSTRAINT user_2fa_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_notification_preferences user_notification_preferences_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_notification_preferences
    ADD CONSTRAINT user_notification_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_preferences user_preferences_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_preferences
    ADD CONSTRAINT user_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_profiles user_profiles_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_profiles
    ADD CONSTRAINT user_profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_subscriptions user_subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: objects objects_bucket_id_fkey; Type: FK CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_bucket_id_fkey FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id);


--
-- Name: content_search; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.content_search ENABLE ROW LEVEL SECURITY;

--
-- Name: content_search own documents; Type: POLICY; Schema: private; Owner: -
--

CREATE POLICY "own documents" ON private.content_search FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: activity_logs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activity_logs ENABLE ROW LEVEL SECURITY;

--
-- Name: activity_logs actors, project members and task people read activity; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "actors, project members and task people read activity" ON public.activity_logs FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[])) OR ((task_id IS NOT NULL) AND private.can_access_task(task_id))));


--
-- Name: admin_sql_audit; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.admin_sql_audit ENABLE ROW LEVEL SECURITY;

--
-- Name: teams admins edit teams; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "admins edit teams" ON public.teams FOR UPDATE TO authenticated USING ((id = ANY (( SELECT private.managed_team_ids() AS managed_team_ids)::uuid[]))) WITH CHECK ((id = ANY (( SELECT private.managed_team_ids() AS managed_team_ids)::uuid[])));


--
-- Name: team_invitations admins invite; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "admins invite" ON public.team_invitations FOR INSERT TO authenticated WITH CHECK ((team_id = ANY (( SELECT private.managed_team_ids() AS managed_team_ids)::uuid[])));


--
-- Name: team_invitations admins, inviters and invitees read invitations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "admins, inviters and invitees read invitations" ON public.team_invitations FOR SELECT TO authenticated USING (((invited_by = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.managed_team_ids() AS managed_team_ids)::uuid[])) OR (email = ( SELECT private.current_user_email() AS current_user_email))));


--
-- Name: team_invitations admins, inviters and invitees withdraw pending invitations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "admins, inviters and invitees withdraw pending invitations" ON public.team_invitations FOR DELETE TO authenticated USING (((joined_at IS NULL) AND ((invited_by = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.managed_team_ids() AS managed_team_ids)::uuid[])) OR (email = ( SELECT private.current_user_email() AS current_user_email)))));


--
-- Name: app_passwords; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.app_passwords ENABLE ROW LEVEL SECURITY;

--
-- Name: integration_audit_logs append own audit log; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "append own audit log" ON public.integration_audit_logs FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: task_assignments assign reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "assign reachable tasks" ON public.task_assignments FOR INSERT TO authenticated WITH CHECK ((assigned_by = ( SELECT auth.uid() AS uid)));


--
-- Name: tasks assignees and team members edit tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "assignees and team members edit tasks" ON public.tasks FOR UPDATE TO authenticated USING (((assigned_to = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])))) WITH CHECK (((assigned_to = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid))));


--
-- Name: task_attachments attach to reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "attach to reachable tasks" ON public.task_attachments FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_access_task(task_id)));


--
-- Name: task_comments authors and managers change comments; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authors and managers change comments" ON public.task_comments FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: caldav_objects; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.caldav_objects ENABLE ROW LEVEL SECURITY;

--
-- Name: calendar_feeds; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.calendar_feeds ENABLE ROW LEVEL SECURITY;

--
-- Name: task_comments comment on reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "comment on reachable tasks" ON public.task_comments FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_access_task(task_id)));


--
-- Name: journal_entries create own journal entries; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own journal entries" ON public.journal_entries FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notes create own notes; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own notes" ON public.notes FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles create own profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own profile" ON public.profiles FOR INSERT TO authenticated WITH CHECK ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: projects create own projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own projects" ON public.projects FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: tasks create own tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own tasks" ON public.tasks FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: teams create own teams; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own teams" ON public.teams FOR INSERT TO authenticated WITH CHECK ((owner_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_profiles create own user profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "create own user profile" ON public.user_profiles FOR INSERT TO authenticated WITH CHECK ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: activity_logs data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.activity_logs AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: admin_sql_audit data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.admin_sql_audit AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: app_passwords data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.app_passwords AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: caldav_objects data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.caldav_objects AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: calendar_feeds data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.calendar_feeds AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: global_tags data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.global_tags AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: import_batch_items data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.import_batch_items AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: import_batches data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.import_batches AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: integration_audit_logs data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.integration_audit_logs AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: integration_connections data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.integration_connections AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: journal_entries data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.journal_entries AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: journal_folders data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.journal_folders AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: journal_images data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.journal_images AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: note_folders data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.note_folders AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: note_share_recipients data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.note_share_recipients AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: note_shares data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.note_shares AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: notes data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.notes AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: notifications data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.notifications AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: pomodoro_sessions data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.pomodoro_sessions AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: pomodoro_settings data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.pomodoro_settings AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: pomodoro_stats data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.pomodoro_stats AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: profiles data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.profiles AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: project_invites data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.project_invites AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: project_members data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.project_members AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: projects data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.projects AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: smart_lists data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.smart_lists AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: support_requests data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.support_requests AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: task_assignments data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.task_assignments AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: task_attachments data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.task_attachments AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: task_comments data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.task_comments AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: task_journal_links data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.task_journal_links AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: task_note_links data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.task_note_links AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: tasks data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.tasks AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: team_activity_log data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.team_activity_log AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: team_invitations data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.team_invitations AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: team_members data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.team_members AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: team_subscriptions data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.team_subscriptions AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: teams data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.teams AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_2fa_backup_codes data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_2fa_backup_codes AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_2fa_events data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_2fa_events AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_2fa_settings data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_2fa_settings AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_notification_preferences data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_notification_preferences AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_preferences data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_preferences AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_profiles data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_profiles AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: user_subscriptions data_access_allowed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY data_access_allowed ON public.user_subscriptions AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: tasks delete own tasks, managers delete project tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "delete own tasks, managers delete project tasks" ON public.tasks FOR DELETE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.managed_project_ids() AS managed_project_ids)::uuid[]))));


--
-- Name: tasks edit own and project tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "edit own and project tasks" ON public.tasks FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[])))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[]))));


--
-- Name: journal_entries edit own journal entries; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "edit own journal entries" ON public.journal_entries FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notes edit own notes; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "edit own notes" ON public.notes FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notes edit shared: notes shared by link for editing; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "edit shared: notes shared by link for editing" ON public.notes FOR UPDATE TO authenticated USING ((id = ANY (( SELECT private.shared_note_ids(true) AS shared_note_ids)::uuid[]))) WITH CHECK ((id = ANY (( SELECT private.shared_note_ids(true) AS shared_note_ids)::uuid[])));


--
-- Name: global_tags; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.global_tags ENABLE ROW LEVEL SECURITY;

--
-- Name: import_batch_items; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.import_batch_items ENABLE ROW LEVEL SECURITY;

--
-- Name: import_batches; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.import_batches ENABLE ROW LEVEL SECURITY;

--
-- Name: integration_audit_logs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.integration_audit_logs ENABLE ROW LEVEL SECURITY;

--
-- Name: integration_connections; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.integration_connections ENABLE ROW LEVEL SECURITY;

--
-- Name: team_invitations invitees accept invitations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "invitees accept invitations" ON public.team_invitations FOR UPDATE TO authenticated USING ((email = ( SELECT private.current_user_email() AS current_user_email))) WITH CHECK ((email = ( SELECT private.current_user_email() AS current_user_email)));


--
-- Name: project_invites inviters and managers delete invites; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "inviters and managers delete invites" ON public.project_invites FOR DELETE TO authenticated USING (((invited_by = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.managed_project_ids() AS managed_project_ids)::uuid[]))));


--
-- Name: project_invites inviters, managers and invitees read invites; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "inviters, managers and invitees read invites" ON public.project_invites FOR SELECT TO authenticated USING (((invited_by = ( SELECT auth.uid() AS uid)) OR (project_id = ANY (( SELECT private.managed_project_ids() AS managed_project_ids)::uuid[])) OR (email = ( SELECT private.current_user_email() AS current_user_email))));


--
-- Name: import_batch_items items of own import batches; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "items of own import batches" ON public.import_batch_items TO authenticated USING ((batch_id IN ( SELECT b.id
   FROM public.import_batches b
  WHERE (b.user_id = ( SELECT auth.uid() AS uid))))) WITH CHECK ((batch_id IN ( SELECT b.id
   FROM public.import_batches b
  WHERE ((b.user_id = ( SELECT auth.uid() AS uid)) AND (b.status = 'running'::text)))));


--
-- Name: team_members join by invitation; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "join by invitation" ON public.team_members FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: journal_entries; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_folders; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_folders ENABLE ROW LEVEL SECURITY;

--
-- Name: journal_images; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.journal_images ENABLE ROW LEVEL SECURITY;

--
-- Name: task_journal_links link own journal entries; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "link own journal entries" ON public.task_journal_links FOR INSERT TO authenticated WITH CHECK ((linked_by = ( SELECT auth.uid() AS uid)));


--
-- Name: task_note_links link own notes; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "link own notes" ON public.task_note_links FOR INSERT TO authenticated WITH CHECK ((linked_by = ( SELECT auth.uid() AS uid)));


--
-- Name: task_journal_links linkers and managers unlink; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "linkers and managers unlink" ON public.task_journal_links FOR DELETE TO authenticated USING (((linked_by = ( SELECT auth.uid() AS uid)) OR private.can_manage_task(task_id)));


--
-- Name: task_note_links linkers and managers unlink; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "linkers and managers unlink" ON public.task_note_links FOR DELETE TO authenticated USING (((linked_by = ( SELECT auth.uid() AS uid)) OR private.can_manage_task(task_id)));


--
-- Name: activity_logs log own activity; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "log own activity" ON public.activity_logs FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: project_members members change members by role; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members change members by role" ON public.project_members FOR UPDATE TO authenticated USING ((project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[]))) WITH CHECK ((project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[])));


--
-- Name: team_members members change members by role; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members change members by role" ON public.team_members FOR UPDATE TO authenticated USING ((team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[]))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[]))));


--
-- Name: project_members members read members; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read members" ON public.project_members FOR SELECT TO authenticated USING ((project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[])));


--
-- Name: team_members members read members; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read members" ON public.team_members FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[]))));


--
-- Name: team_subscriptions members read team subscriptions; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read team subscriptions" ON public.team_subscriptions FOR SELECT TO authenticated USING ((team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])));


--
-- Name: team_activity_log members read the feed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read the feed" ON public.team_activity_log FOR SELECT TO authenticated USING ((team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])));


--
-- Name: project_members members read their own membership; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read their own membership" ON public.project_members FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: teams members read their teams; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members read their teams" ON public.teams FOR SELECT TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[]))));


--
-- Name: project_members members remove members by role; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members remove members by role" ON public.project_members FOR DELETE TO authenticated USING ((project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[])));


--
-- Name: team_activity_log members write the feed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "members write the feed" ON public.team_activity_log FOR INSERT TO authenticated WITH CHECK ((team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])));


--
-- Name: note_folders; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.note_folders ENABLE ROW LEVEL SECURITY;

--
-- Name: note_share_recipients; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.note_share_recipients ENABLE ROW LEVEL SECURITY;

--
-- Name: note_shares; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.note_shares ENABLE ROW LEVEL SECURITY;

--
-- Name: notes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;

--
-- Name: notifications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: caldav_objects own caldav objects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own caldav objects" ON public.caldav_objects TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.tasks t
  WHERE (t.id = caldav_objects.task_id)))));


--
-- Name: integration_connections own connections; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own connections" ON public.integration_connections TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: import_batches own import batches; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own import batches" ON public.import_batches TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: journal_images own journal images; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own journal images" ON public.journal_images TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: journal_folders own journals; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own journals" ON public.journal_folders TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: note_folders own note folders; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own note folders" ON public.note_folders TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_notification_preferences own notification preferences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own notification preferences" ON public.user_notification_preferences TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: pomodoro_sessions own pomodoro sessions; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own pomodoro sessions" ON public.pomodoro_sessions TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: pomodoro_settings own pomodoro settings; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own pomodoro settings" ON public.pomodoro_settings TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_preferences own preferences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own preferences" ON public.user_preferences TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: smart_lists own smart lists; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own smart lists" ON public.smart_lists TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: global_tags own tags; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "own tags" ON public.global_tags TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: projects owner and admins edit projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owner and admins edit projects" ON public.projects FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.managed_project_ids() AS managed_project_ids)::uuid[])))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.managed_project_ids() AS managed_project_ids)::uuid[]))));


--
-- Name: projects owner deletes projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owner deletes projects" ON public.projects FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: teams owner deletes teams; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owner deletes teams" ON public.teams FOR DELETE TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));


--
-- Name: note_share_recipients owners and recipients read recipients; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owners and recipients read recipients" ON public.note_share_recipients FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (private.share_owner(share_id) = ( SELECT auth.uid() AS uid))));


--
-- Name: note_share_recipients owners and recipients remove recipients; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owners and recipients remove recipients" ON public.note_share_recipients FOR DELETE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (private.share_owner(share_id) = ( SELECT auth.uid() AS uid))));


--
-- Name: note_shares owners manage share links; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "owners manage share links" ON public.note_shares TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: pomodoro_sessions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.pomodoro_sessions ENABLE ROW LEVEL SECURITY;

--
-- Name: pomodoro_settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.pomodoro_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: pomodoro_stats; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.pomodoro_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: project_invites; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.project_invites ENABLE ROW LEVEL SECURITY;

--
-- Name: project_members; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.project_members ENABLE ROW LEVEL SECURITY;

--
-- Name: projects; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.projects ENABLE ROW LEVEL SECURITY;

--
-- Name: task_assignments read assignments of reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read assignments of reachable tasks" ON public.task_assignments FOR SELECT TO authenticated USING (((assigned_to = ( SELECT auth.uid() AS uid)) OR (assigned_by = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: task_attachments read attachments of reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read attachments of reachable tasks" ON public.task_attachments FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: task_comments read comments of reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read comments of reachable tasks" ON public.task_comments FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: task_journal_links read links of reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read links of reachable tasks" ON public.task_journal_links FOR SELECT TO authenticated USING (((linked_by = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: task_note_links read links of reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read links of reachable tasks" ON public.task_note_links FOR SELECT TO authenticated USING (((linked_by = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: projects read own and joined projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own and joined projects" ON public.projects FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[]))));


--
-- Name: app_passwords read own app passwords; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own app passwords" ON public.app_passwords FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: integration_audit_logs read own audit log; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own audit log" ON public.integration_audit_logs FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: calendar_feeds read own calendar feed; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own calendar feed" ON public.calendar_feeds FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: journal_entries read own journal entries; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own journal entries" ON public.journal_entries FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notes read own notes; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own notes" ON public.notes FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: pomodoro_stats read own pomodoro stats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own pomodoro stats" ON public.pomodoro_stats FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles read own profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own profile" ON public.profiles FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_subscriptions read own subscriptions; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own subscriptions" ON public.user_subscriptions FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_profiles read own user profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own user profile" ON public.user_profiles FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: tasks read own, assigned, project and team tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read own, assigned, project and team tasks" ON public.tasks FOR SELECT TO authenticated USING ((((( SELECT auth.uid() AS uid) = user_id) OR (( SELECT auth.uid() AS uid) = assigned_to)) OR ((project_id IS NOT NULL) AND (project_id = ANY (( SELECT private.accessible_project_ids() AS accessible_project_ids)::uuid[]))) OR ((team_id IS NOT NULL) AND (team_id = ANY (( SELECT private.active_team_ids() AS active_team_ids)::uuid[])))));


--
-- Name: note_folders read shared: folders shared by link; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read shared: folders shared by link" ON public.note_folders FOR SELECT TO authenticated USING ((id = ANY (( SELECT private.shared_folder_ids() AS shared_folder_ids)::uuid[])));


--
-- Name: journal_entries read shared: journal entries linked to reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read shared: journal entries linked to reachable tasks" ON public.journal_entries FOR SELECT TO authenticated USING (private.journal_linked_to_reachable_task(id));


--
-- Name: notes read shared: notes linked to reachable tasks; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read shared: notes linked to reachable tasks" ON public.notes FOR SELECT TO authenticated USING (private.note_linked_to_reachable_task(id));


--
-- Name: notes read shared: notes shared by link; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "read shared: notes shared by link" ON public.notes FOR SELECT TO authenticated USING ((id = ANY (( SELECT private.shared_note_ids(false) AS shared_note_ids)::uuid[])));


--
-- Name: notifications recipients delete notifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "recipients delete notifications" ON public.notifications FOR DELETE TO authenticated USING ((to_user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notifications recipients mark notifications read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "recipients mark notifications read" ON public.notifications FOR UPDATE TO authenticated USING ((to_user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((to_user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: notifications recipients read notifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "recipients read notifications" ON public.notifications FOR SELECT TO authenticated USING ((to_user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: app_passwords revoke own app passwords; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "revoke own app passwords" ON public.app_passwords FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: smart_lists; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.smart_lists ENABLE ROW LEVEL SECURITY;

--
-- Name: support_requests; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.support_requests ENABLE ROW LEVEL SECURITY;

--
-- Name: task_assignments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.task_assignments ENABLE ROW LEVEL SECURITY;

--
-- Name: task_attachments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.task_attachments ENABLE ROW LEVEL SECURITY;

--
-- Name: task_comments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.task_comments ENABLE ROW LEVEL SECURITY;

--
-- Name: task_journal_links; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.task_journal_links ENABLE ROW LEVEL SECURITY;

--
-- Name: task_note_links; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.task_note_links ENABLE ROW LEVEL SECURITY;

--
-- Name: tasks; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tasks ENABLE ROW LEVEL SECURITY;

--
-- Name: team_activity_log; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.team_activity_log ENABLE ROW LEVEL SECURITY;

--
-- Name: team_invitations; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.team_invitations ENABLE ROW LEVEL SECURITY;

--
-- Name: team_members; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.team_members ENABLE ROW LEVEL SECURITY;

--
-- Name: team_subscriptions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.team_subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: teams; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.teams ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles update own profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "update own profile" ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_profiles update own user profile; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "update own user profile" ON public.user_profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));


--
-- Name: task_attachments uploaders and managers change attachments; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "uploaders and managers change attachments" ON public.task_attachments FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR private.can_access_task(task_id)));


--
-- Name: user_2fa_backup_codes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_2fa_backup_codes ENABLE ROW LEVEL SECURITY;

--
-- Name: user_2fa_backup_codes user_2fa_backup_codes_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_backup_codes_select ON public.user_2fa_backup_codes FOR SELECT TO authenticated USING ((user_id = auth.uid()));


--
-- Name: user_2fa_backup_codes user_2fa_backup_codes_update; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_backup_codes_update ON public.user_2fa_backup_codes FOR UPDATE TO authenticated USING ((user_id = auth.uid())) WITH CHECK (((user_id = auth.uid()) AND auth.mfa_satisfied()));


--
-- Name: user_2fa_events; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_2fa_events ENABLE ROW LEVEL SECURITY;

--
-- Name: user_2fa_events user_2fa_events_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_events_select ON public.user_2fa_events FOR SELECT TO authenticated USING ((user_id = auth.uid()));


--
-- Name: user_2fa_settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_2fa_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: user_2fa_settings user_2fa_settings_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_settings_insert ON public.user_2fa_settings FOR INSERT TO authenticated WITH CHECK ((user_id = auth.uid()));


--
-- Name: user_2fa_settings user_2fa_settings_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_settings_select ON public.user_2fa_settings FOR SELECT TO authenticated USING ((user_id = auth.uid()));


--
-- Name: user_2fa_settings user_2fa_settings_update; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY user_2fa_settings_update ON public.user_2fa_settings FOR UPDATE TO authenticated USING ((user_id = auth.uid())) WITH CHECK (((user_id = auth.uid()) AND auth.mfa_satisfied()));


--
-- Name: user_notification_preferences; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_notification_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: user_preferences; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: user_profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: user_subscriptions; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: notifications users notify people they work with; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "users notify people they work with" ON public.notifications FOR INSERT TO authenticated WITH CHECK (((from_user_id = ( SELECT auth.uid() AS uid)) AND ((to_user_id = ( SELECT auth.uid() AS uid)) OR private.share_workspace(( SELECT auth.uid() AS uid), to_user_id))));


--
-- Name: messages data_access_allowed; Type: POLICY; Schema: realtime; Owner: -
--

CREATE POLICY data_access_allowed ON realtime.messages AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: messages; Type: ROW SECURITY; Schema: realtime; Owner: -
--

ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: buckets; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;

--
-- Name: objects data_access_allowed; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY data_access_allowed ON storage.objects AS RESTRICTIVE USING (( SELECT auth.data_access_allowed() AS data_access_allowed)) WITH CHECK (( SELECT auth.data_access_allowed() AS data_access_allowed));


--
-- Name: objects journal-images: delete own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "journal-images: delete own" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'journal-images'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: objects journal-images: read own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "journal-images: read own" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'journal-images'::text) AND ((owner_id = (( SELECT auth.uid() AS uid))::text) OR storage.owns_journal_folder((storage.foldername(name))[1]))));


--
-- Name: objects journal-images: update own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "journal-images: update own" ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'journal-images'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text))) WITH CHECK (((bucket_id = 'journal-images'::text) AND (array_length(storage.foldername(name), 1) = 1) AND storage.owns_journal_folder((storage.foldername(name))[1])));


--
-- Name: objects journal-images: upload to own entry; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "journal-images: upload to own entry" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'journal-images'::text) AND (array_length(storage.foldername(name), 1) = 1) AND storage.owns_journal_folder((storage.foldername(name))[1])));


--
-- Name: objects note-images: delete own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "note-images: delete own" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'note-images'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: objects note-images: read own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "note-images: read own" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'note-images'::text) AND ((owner_id = (( SELECT auth.uid() AS uid))::text) OR storage.can_edit_note_folder((storage.foldername(name))[1]))));


--
-- Name: objects note-images: update own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "note-images: update own" ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'note-images'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text))) WITH CHECK (((bucket_id = 'note-images'::text) AND (array_length(storage.foldername(name), 1) = 1) AND storage.can_edit_note_folder((storage.foldername(name))[1])));


--
-- Name: objects note-images: upload to an editable note; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "note-images: upload to an editable note" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'note-images'::text) AND (array_length(storage.foldername(name), 1) = 1) AND storage.can_edit_note_folder((storage.foldername(name))[1])));


--
-- Name: objects; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;

--
-- Name: objects task-attachments: delete own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "task-attachments: delete own" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'task-attachments'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: objects task-attachments: read own and the files of visible tasks; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "task-attachments: read own and the files of visible tasks" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'task-attachments'::text) AND (((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) OR (owner_id = (( SELECT auth.uid() AS uid))::text) OR storage.can_see_attachment_task(name))));


--
-- Name: objects task-attachments: update own; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "task-attachments: update own" ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'task-attachments'::text) AND (owner_id = (( SELECT auth.uid() AS uid))::text))) WITH CHECK (((bucket_id = 'task-attachments'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: objects task-attachments: upload below own folder; Type: POLICY; Schema: storage; Owner: -
--

CREATE POLICY "task-attachments: upload below own folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'task-attachments'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: upload_events; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.upload_events ENABLE ROW LEVEL SECURITY;

--
-- Name: supabase_realtime; Type: PUBLICATION; Schema: -; Owner: -
--

CREATE PUBLICATION supabase_realtime WITH (publish = 'insert, update, delete, truncate');


--
-- Name: supabase_realtime activity_logs; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.activity_logs;


--
-- Name: supabase_realtime note_folders; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.note_folders;


--
-- Name: supabase_realtime notes; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.notes;


--
-- Name: supabase_realtime notifications; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.notifications;


--
-- Name: supabase_realtime pomodoro_sessions; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.pomodoro_sessions;


--
-- Name: supabase_realtime project_invites; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.project_invites;


--
-- Name: supabase_realtime project_members; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.project_members;


--
-- Name: supabase_realtime projects; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.projects;


--
-- Name: supabase_realtime smart_lists; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.smart_lists;


--
-- Name: supabase_realtime task_assignments; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.task_assignments;


--
-- Name: supabase_realtime task_attachments; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.task_attachments;


--
-- Name: supabase_realtime task_comments; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.task_comments;


--
-- Name: supabase_realtime tasks; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.tasks;


--
-- Name: supabase_realtime team_activity_log; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.team_activity_log;


--
-- Name: supabase_realtime team_invitations; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.team_invitations;


--
-- Name: supabase_realtime team_members; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.team_members;


--
-- Name: supabase_realtime teams; Type: PUBLICATION TABLE; Schema: public; Owner: -
--

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.teams;


--
-- Name: SCHEMA auth; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA auth TO anon;
GRANT USAGE ON SCHEMA auth TO authenticated;
GRANT ALL ON SCHEMA auth TO service_role;


--
-- Name: SCHEMA extensions; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA extensions TO anon;
GRANT USAGE ON SCHEMA extensions TO authenticated;
GRANT USAGE ON SCHEMA extensions TO service_role;


--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;


--
-- Name: SCHEMA realtime; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA realtime TO anon;
GRANT USAGE ON SCHEMA realtime TO authenticated;
GRANT ALL ON SCHEMA realtime TO service_role;


--
-- Name: SCHEMA storage; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA storage TO anon;
GRANT USAGE ON SCHEMA storage TO authenticated;
GRANT ALL ON SCHEMA storage TO service_role;


--
-- Name: FUNCTION assert_data_access(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.assert_data_access() FROM PUBLIC;
GRANT ALL ON FUNCTION auth.assert_data_access() TO anon;
GRANT ALL ON FUNCTION auth.assert_data_access() TO authenticated;
GRANT ALL ON FUNCTION auth.assert_data_access() TO service_role;


--
-- Name: FUNCTION data_access_allowed(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.data_access_allowed() FROM PUBLIC;
GRANT ALL ON FUNCTION auth.data_access_allowed() TO anon;
GRANT ALL ON FUNCTION auth.data_access_allowed() TO authenticated;
GRANT ALL ON FUNCTION auth.data_access_allowed() TO service_role;


--
-- Name: FUNCTION data_access_looked_up(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.data_access_looked_up() FROM PUBLIC;
GRANT ALL ON FUNCTION auth.data_access_looked_up() TO anon;
GRANT ALL ON FUNCTION auth.data_access_looked_up() TO authenticated;
GRANT ALL ON FUNCTION auth.data_access_looked_up() TO service_role;


--
-- Name: FUNCTION delete_sessions_refresh_tokens(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.delete_sessions_refresh_tokens() FROM PUBLIC;


--
-- Name: FUNCTION email(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.email() TO anon;
GRANT ALL ON FUNCTION auth.email() TO authenticated;
GRANT ALL ON FUNCTION auth.email() TO service_role;


--
-- Name: FUNCTION jwt(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.jwt() TO anon;
GRANT ALL ON FUNCTION auth.jwt() TO authenticated;
GRANT ALL ON FUNCTION auth.jwt() TO service_role;


--
-- Name: FUNCTION mfa_satisfied(); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.mfa_satisfied() FROM PUBLIC;
GRANT ALL ON FUNCTION auth.mfa_satisfied() TO anon;
GRANT ALL ON FUNCTION auth.mfa_satisfied() TO authenticated;
GRANT ALL ON FUNCTION auth.mfa_satisfied() TO service_role;


--
-- Name: FUNCTION refresh_token_grant(p_token text, p_new_token text, p_reuse_interval interval); Type: ACL; Schema: auth; Owner: -
--

REVOKE ALL ON FUNCTION auth.refresh_token_grant(p_token text, p_new_token text, p_reuse_interval interval) FROM PUBLIC;


--
-- Name: FUNCTION role(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.role() TO anon;
GRANT ALL ON FUNCTION auth.role() TO authenticated;
GRANT ALL ON FUNCTION auth.role() TO service_role;


--
-- Name: FUNCTION uid(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.uid() TO anon;
GRANT ALL ON FUNCTION auth.uid() TO authenticated;
GRANT ALL ON FUNCTION auth.uid() TO service_role;


--
-- Name: FUNCTION integration_connections_drop_secrets(); Type: ACL; Schema: jobs; Owner: -
--

REVOKE ALL ON FUNCTION jobs.integration_connections_drop_secrets() FROM PUBLIC;


--
-- Name: FUNCTION integration_connections_keep_secrets(); Type: ACL; Schema: jobs; Owner: -
--

REVOKE ALL ON FUNCTION jobs.integration_connections_keep_secrets() FROM PUBLIC;


--
-- Name: FUNCTION tasks_recur(); Type: ACL; Schema: jobs; Owner: -
--

REVOKE ALL ON FUNCTION jobs.tasks_recur() FROM PUBLIC;


--
-- Name: FUNCTION tasks_reminders_changed(); Type: ACL; Schema: jobs; Owner: -
--

REVOKE ALL ON FUNCTION jobs.tasks_reminders_changed() FROM PUBLIC;


--
-- Name: FUNCTION user_time_zone(p_user_id uuid); Type: ACL; Schema: jobs; Owner: -
--

REVOKE ALL ON FUNCTION jobs.user_time_zone(p_user_id uuid) FROM PUBLIC;


--
-- Name: FUNCTION accessible_project_ids(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.accessible_project_ids() TO anon;
GRANT ALL ON FUNCTION private.accessible_project_ids() TO authenticated;
GRANT ALL ON FUNCTION private.accessible_project_ids() TO service_role;


--
-- Name: FUNCTION acting_user(p_claimed uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.acting_user(p_claimed uuid) TO authenticated;
GRANT ALL ON FUNCTION private.acting_user(p_claimed uuid) TO service_role;


--
-- Name: FUNCTION active_team_ids(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.active_team_ids() TO authenticated;
GRANT ALL ON FUNCTION private.active_team_ids() TO service_role;


--
-- Name: FUNCTION activity_before(p_scope text, p_scope_id uuid, p_types text[], p_since timestamp with time zone); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_before(p_scope text, p_scope_id uuid, p_types text[], p_since timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION private.activity_before(p_scope text, p_scope_id uuid, p_types text[], p_since timestamp with time zone) TO service_role;


--
-- Name: TABLE activity_logs; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.activity_logs TO anon;
GRANT SELECT,INSERT ON TABLE public.activity_logs TO authenticated;
GRANT ALL ON TABLE public.activity_logs TO service_role;


--
-- Name: FUNCTION activity_counts_add(p_row public.activity_logs, p_delta integer); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_counts_add(p_row public.activity_logs, p_delta integer) TO authenticated;
GRANT ALL ON FUNCTION private.activity_counts_add(p_row public.activity_logs, p_delta integer) TO service_role;


--
-- Name: FUNCTION activity_history_since(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_history_since(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.activity_history_since(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION activity_logs_count(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_logs_count() TO authenticated;
GRANT ALL ON FUNCTION private.activity_logs_count() TO service_role;


--
-- Name: FUNCTION activity_logs_set_task_owner(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_logs_set_task_owner() TO authenticated;
GRANT ALL ON FUNCTION private.activity_logs_set_task_owner() TO service_role;


--
-- Name: FUNCTION activity_total(p_scope text, p_scope_id uuid, p_types text[]); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.activity_total(p_scope text, p_scope_id uuid, p_types text[]) TO authenticated;
GRANT ALL ON FUNCTION private.activity_total(p_scope text, p_scope_id uuid, p_types text[]) TO service_role;


--
-- Name: FUNCTION app_password_hash(p_password text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.app_password_hash(p_password text) FROM PUBLIC;


--
-- Name: FUNCTION app_password_owner(p_email text, p_password text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.app_password_owner(p_email text, p_password text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.app_password_owner(p_email text, p_password text) TO service_role;


--
-- Name: FUNCTION apply_assignment(p_task_id uuid, p_assigned_to uuid, p_team_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.apply_assignment(p_task_id uuid, p_assigned_to uuid, p_team_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.apply_assignment(p_task_id uuid, p_assigned_to uuid, p_team_id uuid) TO service_role;


--
-- Name: FUNCTION assert_calendar_sync(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.assert_calendar_sync(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.assert_calendar_sync(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.assert_calendar_sync(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION assert_team_seat(p_team_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.assert_team_seat(p_team_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.assert_team_seat(p_team_id uuid) TO service_role;


--
-- Name: FUNCTION assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer) TO anon;
GRANT ALL ON FUNCTION private.assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer) TO authenticated;
GRANT ALL ON FUNCTION private.assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer) TO service_role;


--
-- Name: FUNCTION attachment_megabytes(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.attachment_megabytes(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.attachment_megabytes(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION attachment_mime_types(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.attachment_mime_types() TO authenticated;
GRANT ALL ON FUNCTION private.attachment_mime_types() TO service_role;


--
-- Name: FUNCTION calendar_feed_owner(p_token text, OUT user_id uuid, OUT allowed boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.calendar_feed_owner(p_token text, OUT user_id uuid, OUT allowed boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.calendar_feed_owner(p_token text, OUT user_id uuid, OUT allowed boolean) TO service_role;


--
-- Name: FUNCTION can_access_project(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.can_access_project(p_project_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.can_access_project(p_project_id uuid) TO anon;
GRANT ALL ON FUNCTION private.can_access_project(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.can_access_project(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION can_access_task(p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.can_access_task(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.can_access_task(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION can_manage_task(p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.can_manage_task(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.can_manage_task(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION can_see_task(p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.can_see_task(p_task_id uuid) TO anon;
GRANT ALL ON FUNCTION private.can_see_task(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.can_see_task(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION cancel_running_sessions(p_user_id uuid, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.cancel_running_sessions(p_user_id uuid, p_except uuid) TO anon;
GRANT ALL ON FUNCTION private.cancel_running_sessions(p_user_id uuid, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.cancel_running_sessions(p_user_id uuid, p_except uuid) TO service_role;


--
-- Name: FUNCTION check_attachment_file(p_user_id uuid, p_filename text, p_mime_type text, p_size bigint); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.check_attachment_file(p_user_id uuid, p_filename text, p_mime_type text, p_size bigint) TO authenticated;
GRANT ALL ON FUNCTION private.check_attachment_file(p_user_id uuid, p_filename text, p_mime_type text, p_size bigint) TO service_role;


--
-- Name: FUNCTION check_journal_color(p_color text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.check_journal_color(p_color text) TO authenticated;
GRANT ALL ON FUNCTION private.check_journal_color(p_color text) TO service_role;


--
-- Name: FUNCTION check_recurrence(p_recurrence text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.check_recurrence(p_recurrence text) TO anon;
GRANT ALL ON FUNCTION private.check_recurrence(p_recurrence text) TO authenticated;
GRANT ALL ON FUNCTION private.check_recurrence(p_recurrence text) TO service_role;


--
-- Name: FUNCTION clean_body(p_text text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.clean_body(p_text text) TO authenticated;
GRANT ALL ON FUNCTION private.clean_body(p_text text) TO service_role;


--
-- Name: FUNCTION clean_title(p_text text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.clean_title(p_text text) TO authenticated;
GRANT ALL ON FUNCTION private.clean_title(p_text text) TO service_role;


--
-- Name: FUNCTION content_document(p_title text, p_content text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.content_document(p_title text, p_content text) TO authenticated;
GRANT ALL ON FUNCTION private.content_document(p_title text, p_content text) TO service_role;


--
-- Name: FUNCTION content_query(p_term text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.content_query(p_term text) TO authenticated;
GRANT ALL ON FUNCTION private.content_query(p_term text) TO service_role;


--
-- Name: FUNCTION copy_name(p_user_id uuid, p_base text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.copy_name(p_user_id uuid, p_base text) TO authenticated;
GRANT ALL ON FUNCTION private.copy_name(p_user_id uuid, p_base text) TO service_role;


--
-- Name: FUNCTION count_attachments_today(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_attachments_today(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_attachments_today(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_collaborators(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_collaborators(p_project_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_collaborators(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_collaborators(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION count_content_creation(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_content_creation(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_content_creation(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_content_statement(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_content_statement() TO authenticated;
GRANT ALL ON FUNCTION private.count_content_statement() TO service_role;


--
-- Name: FUNCTION count_journal_entries_this_month(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_journal_entries_this_month(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_journal_entries_this_month(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_custom_smart_lists(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_custom_smart_lists(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_custom_smart_lists(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_custom_smart_lists(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_notes(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_notes(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_notes(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_project_tasks(p_project_id uuid, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) TO service_role;


--
-- Name: FUNCTION count_live_projects(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_projects(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_projects(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_projects(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_subtasks(p_parent_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_subtasks(p_parent_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_subtasks(p_parent_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_subtasks(p_parent_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_tags(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_tags(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_tags(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_tags(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_live_tasks(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_live_tasks(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.count_live_tasks(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.count_live_tasks(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION count_team_seats(p_team_id uuid, p_with_owner boolean); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.count_team_seats(p_team_id uuid, p_with_owner boolean) TO authenticated;
GRANT ALL ON FUNCTION private.count_team_seats(p_team_id uuid, p_with_owner boolean) TO service_role;


--
-- Name: FUNCTION current_user_email(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.current_user_email() TO anon;
GRANT ALL ON FUNCTION private.current_user_email() TO authenticated;
GRANT ALL ON FUNCTION private.current_user_email() TO service_role;


--
-- Name: FUNCTION drop_open_team_invitation(p_team_id uuid, p_email text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.drop_open_team_invitation(p_team_id uuid, p_email text) TO authenticated;
GRANT ALL ON FUNCTION private.drop_open_team_invitation(p_team_id uuid, p_email text) TO service_role;


--
-- Name: FUNCTION has_subtasks(p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.has_subtasks(p_task_id uuid) TO anon;
GRANT ALL ON FUNCTION private.has_subtasks(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.has_subtasks(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION integration_connections_audit(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.integration_connections_audit() FROM PUBLIC;


--
-- Name: FUNCTION is_end_user(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.is_end_user() TO anon;
GRANT ALL ON FUNCTION private.is_end_user() TO authenticated;
GRANT ALL ON FUNCTION private.is_end_user() TO service_role;


--
-- Name: FUNCTION is_json(p_value text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.is_json(p_value text) TO anon;
GRANT ALL ON FUNCTION private.is_json(p_value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_json(p_value text) TO service_role;


--
-- Name: FUNCTION is_service_caller(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.is_service_caller() TO authenticated;
GRANT ALL ON FUNCTION private.is_service_caller() TO service_role;


--
-- Name: FUNCTION is_valid_email(p_email text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.is_valid_email(p_email text) TO anon;
GRANT ALL ON FUNCTION private.is_valid_email(p_email text) TO authenticated;
GRANT ALL ON FUNCTION private.is_valid_email(p_email text) TO service_role;


--
-- Name: FUNCTION journal_entry_owner(p_entry uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.journal_entry_owner(p_entry uuid) TO authenticated;
GRANT ALL ON FUNCTION private.journal_entry_owner(p_entry uuid) TO service_role;


--
-- Name: FUNCTION journal_folder_owner(p_folder uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.journal_folder_owner(p_folder uuid) TO authenticated;
GRANT ALL ON FUNCTION private.journal_folder_owner(p_folder uuid) TO service_role;


--
-- Name: FUNCTION journal_linked_to_reachable_task(p_entry_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.journal_linked_to_reachable_task(p_entry_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.journal_linked_to_reachable_task(p_entry_id uuid) TO service_role;


--
-- Name: FUNCTION live_journal_entry_owner(p_entry_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.live_journal_entry_owner(p_entry_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.live_journal_entry_owner(p_entry_id uuid) TO service_role;


--
-- Name: FUNCTION live_note_folder_owner(p_folder_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.live_note_folder_owner(p_folder_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.live_note_folder_owner(p_folder_id uuid) TO service_role;


--
-- Name: FUNCTION lock_counter(p_key text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.lock_counter(p_key text) TO anon;
GRANT ALL ON FUNCTION private.lock_counter(p_key text) TO authenticated;
GRANT ALL ON FUNCTION private.lock_counter(p_key text) TO service_role;


--
-- Name: FUNCTION log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text, p_description text, p_entity_name text, p_metadata jsonb); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text, p_description text, p_entity_name text, p_metadata jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text, p_description text, p_entity_name text, p_metadata jsonb) TO service_role;


--
-- Name: FUNCTION log_team_activity(p_team_id uuid, p_user_id uuid, p_action text, p_entity_type text, p_entity_id uuid, p_metadata jsonb); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.log_team_activity(p_team_id uuid, p_user_id uuid, p_action text, p_entity_type text, p_entity_id uuid, p_metadata jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.log_team_activity(p_team_id uuid, p_user_id uuid, p_action text, p_entity_type text, p_entity_id uuid, p_metadata jsonb) TO service_role;


--
-- Name: FUNCTION logged_twin(p_user_id uuid, p_task_id uuid, p_type text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.logged_twin(p_user_id uuid, p_task_id uuid, p_type text) TO authenticated;
GRANT ALL ON FUNCTION private.logged_twin(p_user_id uuid, p_task_id uuid, p_type text) TO service_role;


--
-- Name: FUNCTION managed_project_ids(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.managed_project_ids() TO anon;
GRANT ALL ON FUNCTION private.managed_project_ids() TO authenticated;
GRANT ALL ON FUNCTION private.managed_project_ids() TO service_role;


--
-- Name: FUNCTION managed_team_ids(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.managed_team_ids() TO authenticated;
GRANT ALL ON FUNCTION private.managed_team_ids() TO service_role;


--
-- Name: FUNCTION mentioned_user_ids(p_content text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.mentioned_user_ids(p_content text) TO authenticated;
GRANT ALL ON FUNCTION private.mentioned_user_ids(p_content text) TO service_role;


--
-- Name: FUNCTION next_project_sort_order(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.next_project_sort_order(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.next_project_sort_order(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.next_project_sort_order(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION next_task_sort_order(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.next_task_sort_order(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.next_task_sort_order(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.next_task_sort_order(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION note_folder_name(p_user_id uuid, p_name text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_folder_name(p_user_id uuid, p_name text) TO authenticated;
GRANT ALL ON FUNCTION private.note_folder_name(p_user_id uuid, p_name text) TO service_role;


--
-- Name: FUNCTION note_folder_taken(p_user_id uuid, p_name text, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_folder_taken(p_user_id uuid, p_name text, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.note_folder_taken(p_user_id uuid, p_name text, p_except uuid) TO service_role;


--
-- Name: FUNCTION note_linked_to_reachable_task(p_note_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_linked_to_reachable_task(p_note_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.note_linked_to_reachable_task(p_note_id uuid) TO service_role;


--
-- Name: FUNCTION note_owner(p_note_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_owner(p_note_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.note_owner(p_note_id uuid) TO service_role;


--
-- Name: FUNCTION note_people(p_note_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_people(p_note_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.note_people(p_note_id uuid) TO service_role;


--
-- Name: FUNCTION note_shares_sync_flag(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_shares_sync_flag() TO authenticated;
GRANT ALL ON FUNCTION private.note_shares_sync_flag() TO service_role;


--
-- Name: FUNCTION note_smart_list_creation(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.note_smart_list_creation(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.note_smart_list_creation(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.note_smart_list_creation(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION notes_shared_edit(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.notes_shared_edit() TO authenticated;
GRANT ALL ON FUNCTION private.notes_shared_edit() TO service_role;


--
-- Name: FUNCTION notify(p_to uuid, p_from uuid, p_type text, p_title text, p_message text, p_entity_id uuid, p_entity_type text, p_metadata jsonb); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.notify(p_to uuid, p_from uuid, p_type text, p_title text, p_message text, p_entity_id uuid, p_entity_type text, p_metadata jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.notify(p_to uuid, p_from uuid, p_type text, p_title text, p_message text, p_entity_id uuid, p_entity_type text, p_metadata jsonb) TO service_role;


--
-- Name: FUNCTION owner_lexeme(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.owner_lexeme(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.owner_lexeme(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION parent_task(p_parent_id uuid, p_as_end_user boolean); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean) TO anon;
GRANT ALL ON FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean) TO authenticated;
GRANT ALL ON FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean) TO service_role;


--
-- Name: FUNCTION plan_limit(p_plan text, p_limit_key text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.plan_limit(p_plan text, p_limit_key text) TO anon;
GRANT ALL ON FUNCTION private.plan_limit(p_plan text, p_limit_key text) TO authenticated;
GRANT ALL ON FUNCTION private.plan_limit(p_plan text, p_limit_key text) TO service_role;


--
-- Name: FUNCTION pomodoro_sessions_record_stats(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.pomodoro_sessions_record_stats() FROM PUBLIC;


--
-- Name: FUNCTION priority_name(p smallint); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.priority_name(p smallint) TO authenticated;
GRANT ALL ON FUNCTION private.priority_name(p smallint) TO service_role;


--
-- Name: FUNCTION project_by_name(p_user_id uuid, p_name text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_by_name(p_user_id uuid, p_name text) TO anon;
GRANT ALL ON FUNCTION private.project_by_name(p_user_id uuid, p_name text) TO authenticated;
GRANT ALL ON FUNCTION private.project_by_name(p_user_id uuid, p_name text) TO service_role;


--
-- Name: FUNCTION project_member_avatars(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_member_avatars(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_member_avatars(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION project_name_of(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_name_of(p_project_id uuid) TO anon;
GRANT ALL ON FUNCTION private.project_name_of(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_name_of(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION project_name_taken(p_user_id uuid, p_name text, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_name_taken(p_user_id uuid, p_name text, p_except uuid) TO anon;
GRANT ALL ON FUNCTION private.project_name_taken(p_user_id uuid, p_name text, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_name_taken(p_user_id uuid, p_name text, p_except uuid) TO service_role;


--
-- Name: FUNCTION project_owner(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_owner(p_project_id uuid) TO anon;
GRANT ALL ON FUNCTION private.project_owner(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_owner(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION project_role(p_project_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_role(p_project_id uuid) TO anon;
GRANT ALL ON FUNCTION private.project_role(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_role(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION project_role_of(p_project_id uuid, p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.project_role_of(p_project_id uuid, p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.project_role_of(p_project_id uuid, p_user_id uuid) TO service_role;


--
-- Name: FUNCTION projects_board_columns_removed(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.projects_board_columns_removed() FROM PUBLIC;


--
-- Name: FUNCTION refine_logged_twin(p_id uuid, p_description text, p_entity_name text, p_metadata jsonb); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.refine_logged_twin(p_id uuid, p_description text, p_entity_name text, p_metadata jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.refine_logged_twin(p_id uuid, p_description text, p_entity_name text, p_metadata jsonb) TO service_role;


--
-- Name: FUNCTION reserved_smart_list_names(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.reserved_smart_list_names() TO anon;
GRANT ALL ON FUNCTION private.reserved_smart_list_names() TO authenticated;
GRANT ALL ON FUNCTION private.reserved_smart_list_names() TO service_role;


--
-- Name: FUNCTION search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean) TO authenticated;
GRANT ALL ON FUNCTION private.search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean) TO service_role;


--
-- Name: FUNCTION search_pattern(p_term text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_pattern(p_term text) TO authenticated;
GRANT ALL ON FUNCTION private.search_pattern(p_term text) TO service_role;


--
-- Name: FUNCTION search_projects(p_term text, p_limit integer); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_projects(p_term text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION private.search_projects(p_term text, p_limit integer) TO service_role;


--
-- Name: FUNCTION search_rank(p_title text, p_term text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_rank(p_title text, p_term text) TO authenticated;
GRANT ALL ON FUNCTION private.search_rank(p_title text, p_term text) TO service_role;


--
-- Name: FUNCTION search_snippet(p_text text, p_term text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_snippet(p_text text, p_term text) TO authenticated;
GRANT ALL ON FUNCTION private.search_snippet(p_text text, p_term text) TO service_role;


--
-- Name: FUNCTION search_tags(p_term text, p_limit integer); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_tags(p_term text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION private.search_tags(p_term text, p_limit integer) TO service_role;


--
-- Name: FUNCTION search_tasks(p_term text, p_limit integer); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_tasks(p_term text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION private.search_tasks(p_term text, p_limit integer) TO service_role;


--
-- Name: FUNCTION search_term(p_search_term text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.search_term(p_search_term text) TO authenticated;
GRANT ALL ON FUNCTION private.search_term(p_search_term text) TO service_role;


--
-- Name: FUNCTION set_updated_at(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.set_updated_at() TO anon;
GRANT ALL ON FUNCTION private.set_updated_at() TO authenticated;
GRANT ALL ON FUNCTION private.set_updated_at() TO service_role;


--
-- Name: FUNCTION share_owner(p_share_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.share_owner(p_share_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.share_owner(p_share_id uuid) TO service_role;


--
-- Name: FUNCTION share_project(p_a uuid, p_b uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.share_project(p_a uuid, p_b uuid) TO authenticated;
GRANT ALL ON FUNCTION private.share_project(p_a uuid, p_b uuid) TO service_role;


--
-- Name: FUNCTION share_workspace(p_a uuid, p_b uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.share_workspace(p_a uuid, p_b uuid) TO authenticated;
GRANT ALL ON FUNCTION private.share_workspace(p_a uuid, p_b uuid) TO service_role;


--
-- Name: FUNCTION shared_folder_ids(); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.shared_folder_ids() TO authenticated;
GRANT ALL ON FUNCTION private.shared_folder_ids() TO service_role;


--
-- Name: FUNCTION shared_note_ids(p_edit boolean); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.shared_note_ids(p_edit boolean) TO authenticated;
GRANT ALL ON FUNCTION private.shared_note_ids(p_edit boolean) TO service_role;


--
-- Name: FUNCTION smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid) TO anon;
GRANT ALL ON FUNCTION private.smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid) TO service_role;


--
-- Name: FUNCTION tag_name_taken(p_user_id uuid, p_name text, p_except uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.tag_name_taken(p_user_id uuid, p_name text, p_except uuid) TO anon;
GRANT ALL ON FUNCTION private.tag_name_taken(p_user_id uuid, p_name text, p_except uuid) TO authenticated;
GRANT ALL ON FUNCTION private.tag_name_taken(p_user_id uuid, p_name text, p_except uuid) TO service_role;


--
-- Name: TABLE team_invitations; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.team_invitations TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.team_invitations TO authenticated;
GRANT ALL ON TABLE public.team_invitations TO service_role;


--
-- Name: FUNCTION take_team_invitation(p_team_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.take_team_invitation(p_team_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.take_team_invitation(p_team_id uuid) TO service_role;


--
-- Name: FUNCTION task_access(p_user_id uuid, p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.task_access(p_user_id uuid, p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.task_access(p_user_id uuid, p_task_id uuid) TO service_role;


--
-- Name: FUNCTION task_title(p_task_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.task_title(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.task_title(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION tasks_log_created(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.tasks_log_created() FROM PUBLIC;


--
-- Name: FUNCTION team_has_member_email(p_team_id uuid, p_email text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.team_has_member_email(p_team_id uuid, p_email text) TO authenticated;
GRANT ALL ON FUNCTION private.team_has_member_email(p_team_id uuid, p_email text) TO service_role;


--
-- Name: FUNCTION team_owner(p_team_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.team_owner(p_team_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.team_owner(p_team_id uuid) TO service_role;


--
-- Name: FUNCTION team_role_of(p_team_id uuid, p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.team_role_of(p_team_id uuid, p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.team_role_of(p_team_id uuid, p_user_id uuid) TO service_role;


--
-- Name: FUNCTION user_display_name(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.user_display_name(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.user_display_name(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION user_email(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.user_email(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.user_email(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION user_identity(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.user_identity(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.user_identity(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION user_label(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.user_label(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.user_label(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION user_plan(p_user_id uuid); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.user_plan(p_user_id uuid) TO anon;
GRANT ALL ON FUNCTION private.user_plan(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.user_plan(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION valid_board_columns(p_columns jsonb); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.valid_board_columns(p_columns jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.valid_board_columns(p_columns jsonb) TO service_role;


--
-- Name: FUNCTION validate_smart_filter(p_name text, p_description text, p_filters_data text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) TO anon;
GRANT ALL ON FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) TO authenticated;
GRANT ALL ON FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) TO service_role;


--
-- Name: FUNCTION word_count(p_text text); Type: ACL; Schema: private; Owner: -
--

GRANT ALL ON FUNCTION private.word_count(p_text text) TO authenticated;
GRANT ALL ON FUNCTION private.word_count(p_text text) TO service_role;


--
-- Name: FUNCTION accept_project_invite(p_invite_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.accept_project_invite(p_invite_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accept_project_invite(p_invite_token text) TO authenticated;
GRANT ALL ON FUNCTION public.accept_project_invite(p_invite_token text) TO service_role;


--
-- Name: TABLE tasks; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.tasks TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.tasks TO authenticated;
GRANT ALL ON TABLE public.tasks TO service_role;


--
-- Name: FUNCTION bulk_update_tasks(p_changes jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bulk_update_tasks(p_changes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.bulk_update_tasks(p_changes jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.bulk_update_tasks(p_changes jsonb) TO service_role;


--
-- Name: FUNCTION cancel_project_invite(p_invite_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.cancel_project_invite(p_invite_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_project_invite(p_invite_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_project_invite(p_invite_id uuid) TO service_role;


--
-- Name: FUNCTION create_app_password(p_name text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_app_password(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_app_password(p_name text) TO authenticated;
GRANT ALL ON FUNCTION public.create_app_password(p_name text) TO service_role;


--
-- Name: TABLE project_invites; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.project_invites TO anon;
GRANT SELECT,DELETE ON TABLE public.project_invites TO authenticated;
GRANT ALL ON TABLE public.project_invites TO service_role;


--
-- Name: FUNCTION create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid) TO service_role;


--
-- Name: FUNCTION create_project_invite_link(p_project_id uuid, p_invited_by uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid) TO service_role;


--
-- Name: TABLE task_journal_links; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE ON TABLE public.task_journal_links TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.task_journal_links TO authenticated;
GRANT ALL ON TABLE public.task_journal_links TO service_role;


--
-- Name: FUNCTION create_task_journal_link(p_task_id uuid, p_journal_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid) TO service_role;


--
-- Name: TABLE task_note_links; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE ON TABLE public.task_note_links TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.task_note_links TO authenticated;
GRANT ALL ON TABLE public.task_note_links TO service_role;


--
-- Name: FUNCTION create_task_note_link(p_task_id uuid, p_note_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid) TO service_role;


--
-- Name: FUNCTION disable_2fa(p_password text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.disable_2fa(p_password text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.disable_2fa(p_password text) TO authenticated;
GRANT ALL ON FUNCTION public.disable_2fa(p_password text) TO service_role;


--
-- Name: TABLE projects; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.projects TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.projects TO authenticated;
GRANT ALL ON TABLE public.projects TO service_role;


--
-- Name: FUNCTION duplicate_project(p_project_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.duplicate_project(p_project_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.duplicate_project(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.duplicate_project(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION duplicate_task(p_task_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.duplicate_task(p_task_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.duplicate_task(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.duplicate_task(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION ensure_default_smart_lists(p_user_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.ensure_default_smart_lists(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.ensure_default_smart_lists(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.ensure_default_smart_lists(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION generate_backup_codes(p_user_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.generate_backup_codes(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.generate_backup_codes(p_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.generate_backup_codes(p_user_id uuid) TO service_role;


--
-- Name: FUNCTION get_activity_logs(p_user_id uuid, p_project_id uuid, p_activity_types text[], p_limit integer, p_offset integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_activity_logs(p_user_id uuid, p_project_id uuid, p_activity_types text[], p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_activity_logs(p_user_id uuid, p_project_id uuid, p_activity_types text[], p_limit integer, p_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_activity_logs(p_user_id uuid, p_project_id uuid, p_activity_types text[], p_limit integer, p_offset integer) TO service_role;


--
-- Name: FUNCTION get_all_project_members_with_invites(p_project_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_all_project_members_with_invites(p_project_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_all_project_members_with_invites(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_all_project_members_with_invites(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION get_journal_statistics(p_user_id uuid, p_today date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_journal_statistics(p_user_id uuid, p_today date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_journal_statistics(p_user_id uuid, p_today date) TO authenticated;
GRANT ALL ON FUNCTION public.get_journal_statistics(p_user_id uuid, p_today date) TO service_role;


--
-- Name: FUNCTION get_note_people(p_note_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_note_people(p_note_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_note_people(p_note_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_note_people(p_note_id uuid) TO service_role;


--
-- Name: FUNCTION get_project_invite(p_invite_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_project_invite(p_invite_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_project_invite(p_invite_token text) TO authenticated;
GRANT ALL ON FUNCTION public.get_project_invite(p_invite_token text) TO service_role;


--
-- Name: FUNCTION get_project_invites_with_inviter(p_project_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_project_invites_with_inviter(p_project_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_project_invites_with_inviter(p_project_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_project_invites_with_inviter(p_project_id uuid) TO service_role;


--
-- Name: FUNCTION get_recent_content(p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_recent_content(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_recent_content(p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_recent_content(p_limit integer) TO service_role;


--
-- Name: FUNCTION get_share_recipients(p_share_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_share_recipients(p_share_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_share_recipients(p_share_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_share_recipients(p_share_id uuid) TO service_role;


--
-- Name: FUNCTION get_shared_with_me(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_shared_with_me() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_shared_with_me() TO authenticated;
GRANT ALL ON FUNCTION public.get_shared_with_me() TO service_role;


--
-- Name: FUNCTION get_task_people(p_task_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_task_people(p_task_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_task_people(p_task_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_task_people(p_task_id uuid) TO service_role;


--
-- Name: FUNCTION import_chunk(p_batch_id uuid, p_rows jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb) TO service_role;


--
-- Name: FUNCTION log_2fa_event(event_type text, factor_id text, challenge_id text, success boolean, metadata jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.log_2fa_event(event_type text, factor_id text, challenge_id text, success boolean, metadata jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.log_2fa_event(event_type text, factor_id text, challenge_id text, success boolean, metadata jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.log_2fa_event(event_type text, factor_id text, challenge_id text, success boolean, metadata jsonb) TO service_role;


--
-- Name: FUNCTION move_board_task(p_task_id uuid, p_fields jsonb, p_order uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.move_board_task(p_task_id uuid, p_fields jsonb, p_order uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.move_board_task(p_task_id uuid, p_fields jsonb, p_order uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.move_board_task(p_task_id uuid, p_fields jsonb, p_order uuid[]) TO service_role;


--
-- Name: FUNCTION open_share_link(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.open_share_link(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.open_share_link(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.open_share_link(p_token text) TO service_role;


--
-- Name: TABLE calendar_feeds; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.calendar_feeds TO service_role;
GRANT SELECT ON TABLE public.calendar_feeds TO authenticated;


--
-- Name: FUNCTION regenerate_calendar_feed(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.regenerate_calendar_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.regenerate_calendar_feed() TO authenticated;
GRANT ALL ON FUNCTION public.regenerate_calendar_feed() TO service_role;


--
-- Name: FUNCTION reorder_projects(p_project_ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.reorder_projects(p_project_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reorder_projects(p_project_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.reorder_projects(p_project_ids uuid[]) TO service_role;


--
-- Name: FUNCTION revoke_calendar_feed(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.revoke_calendar_feed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.revoke_calendar_feed() TO authenticated;
GRANT ALL ON FUNCTION public.revoke_calendar_feed() TO service_role;


--
-- Name: FUNCTION search_user_content(p_search_term text, p_content_type text, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.search_user_content(p_search_term text, p_content_type text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_user_content(p_search_term text, p_content_type text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.search_user_content(p_search_term text, p_content_type text, p_limit integer) TO service_role;


--
-- Name: FUNCTION undo_import(p_batch_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.undo_import(p_batch_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.undo_import(p_batch_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.undo_import(p_batch_id uuid) TO service_role;


--
-- Name: FUNCTION validate_backup_code(p_backup_code text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.validate_backup_code(p_backup_code text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.validate_backup_code(p_backup_code text) TO authenticated;
GRANT ALL ON FUNCTION public.validate_backup_code(p_backup_code text) TO service_role;


--
-- Name: FUNCTION topic(); Type: ACL; Schema: realtime; Owner: -
--

GRANT ALL ON FUNCTION realtime.topic() TO anon;
GRANT ALL ON FUNCTION realtime.topic() TO authenticated;
GRANT ALL ON FUNCTION realtime.topic() TO service_role;


--
-- Name: FUNCTION can_edit_note_folder(p_folder text); Type: ACL; Schema: storage; Owner: -
--

REVOKE ALL ON FUNCTION storage.can_edit_note_folder(p_folder text) FROM PUBLIC;
GRANT ALL ON FUNCTION storage.can_edit_note_folder(p_folder text) TO authenticated;
GRANT ALL ON FUNCTION storage.can_edit_note_folder(p_folder text) TO service_role;


--
-- Name: FUNCTION can_see_attachment_task(p_name text); Type: ACL; Schema: storage; Owner: -
--

REVOKE ALL ON FUNCTION storage.can_see_attachment_task(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION storage.can_see_attachment_task(p_name text) TO authenticated;
GRANT ALL ON FUNCTION storage.can_see_attachment_task(p_name text) TO service_role;


--
-- Name: FUNCTION extension(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.extension(name text) TO anon;
GRANT ALL ON FUNCTION storage.extension(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.extension(name text) TO service_role;


--
-- Name: FUNCTION filename(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.filename(name text) TO anon;
GRANT ALL ON FUNCTION storage.filename(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.filename(name text) TO service_role;


--
-- Name: FUNCTION foldername(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.foldername(name text) TO anon;
GRANT ALL ON FUNCTION storage.foldername(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.foldername(name text) TO service_role;


--
-- Name: FUNCTION owns_journal_folder(p_folder text); Type: ACL; Schema: storage; Owner: -
--

REVOKE ALL ON FUNCTION storage.owns_journal_folder(p_folder text) FROM PUBLIC;
GRANT ALL ON FUNCTION storage.owns_journal_folder(p_folder text) TO authenticated;
GRANT ALL ON FUNCTION storage.owns_journal_folder(p_folder text) TO service_role;


--
-- Name: FUNCTION user_plan(p_user_id uuid); Type: ACL; Schema: storage; Owner: -
--

REVOKE ALL ON FUNCTION storage.user_plan(p_user_id uuid) FROM PUBLIC;


--
-- Name: TABLE data_access; Type: ACL; Schema: auth; Owner: -
--

GRANT SELECT ON TABLE auth.data_access TO PUBLIC;


--
-- Name: TABLE users; Type: ACL; Schema: auth; Owner: -
--

GRANT SELECT ON TABLE auth.users TO service_role;


--
-- Name: TABLE content_search; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT ON TABLE private.content_search TO authenticated;
GRANT SELECT ON TABLE private.content_search TO service_role;


--
-- Name: TABLE admin_sql_audit; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.admin_sql_audit TO service_role;


--
-- Name: SEQUENCE admin_sql_audit_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.admin_sql_audit_id_seq TO anon;
GRANT ALL ON SEQUENCE public.admin_sql_audit_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.admin_sql_audit_id_seq TO service_role;


--
-- Name: TABLE app_passwords; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.app_passwords TO service_role;
GRANT DELETE ON TABLE public.app_passwords TO authenticated;


--
-- Name: COLUMN app_passwords.id; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(id) ON TABLE public.app_passwords TO authenticated;


--
-- Name: COLUMN app_passwords.user_id; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(user_id) ON TABLE public.app_passwords TO authenticated;


--
-- Name: COLUMN app_passwords.name; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(name) ON TABLE public.app_passwords TO authenticated;


--
-- Name: COLUMN app_passwords.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(created_at) ON TABLE public.app_passwords TO authenticated;


--
-- Name: COLUMN app_passwords.last_used_at; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(last_used_at) ON TABLE public.app_passwords TO authenticated;


--
-- Name: TABLE caldav_objects; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.caldav_objects TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.caldav_objects TO authenticated;


--
-- Name: TABLE global_tags; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.global_tags TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.global_tags TO authenticated;
GRANT ALL ON TABLE public.global_tags TO service_role;


--
-- Name: TABLE import_batch_items; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.import_batch_items TO service_role;
GRANT SELECT,INSERT ON TABLE public.import_batch_items TO authenticated;


--
-- Name: TABLE import_batches; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.import_batches TO service_role;
GRANT SELECT,INSERT,DELETE ON TABLE public.import_batches TO authenticated;


--
-- Name: COLUMN import_batches.status; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(status) ON TABLE public.import_batches TO authenticated;


--
-- Name: TABLE integration_audit_logs; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.integration_audit_logs TO anon;
GRANT SELECT,INSERT ON TABLE public.integration_audit_logs TO authenticated;
GRANT ALL ON TABLE public.integration_audit_logs TO service_role;


--
-- Name: TABLE integration_connections; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.integration_connections TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.integration_connections TO authenticated;
GRANT ALL ON TABLE public.integration_connections TO service_role;


--
-- Name: TABLE journal_entries; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.journal_entries TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.journal_entries TO authenticated;
GRANT ALL ON TABLE public.journal_entries TO service_role;


--
-- Name: TABLE journal_entries_with_preview; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.journal_entries_with_preview TO service_role;
GRANT SELECT ON TABLE public.journal_entries_with_preview TO authenticated;


--
-- Name: TABLE journal_folders; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.journal_folders TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.journal_folders TO authenticated;
GRANT ALL ON TABLE public.journal_folders TO service_role;


--
-- Name: TABLE journal_images; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.journal_images TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.journal_images TO authenticated;
GRANT ALL ON TABLE public.journal_images TO service_role;


--
-- Name: TABLE note_folders; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.note_folders TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.note_folders TO authenticated;
GRANT ALL ON TABLE public.note_folders TO service_role;


--
-- Name: TABLE note_share_recipients; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.note_share_recipients TO anon;
GRANT SELECT,DELETE ON TABLE public.note_share_recipients TO authenticated;
GRANT ALL ON TABLE public.note_share_recipients TO service_role;


--
-- Name: TABLE note_shares; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.note_shares TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.note_shares TO authenticated;
GRANT ALL ON TABLE public.note_shares TO service_role;


--
-- Name: TABLE notes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.notes TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.notes TO authenticated;
GRANT ALL ON TABLE public.notes TO service_role;


--
-- Name: TABLE notes_with_preview; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.notes_with_preview TO service_role;
GRANT SELECT ON TABLE public.notes_with_preview TO authenticated;


--
-- Name: TABLE notifications; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notifications TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.notifications TO authenticated;
GRANT ALL ON TABLE public.notifications TO service_role;


--
-- Name: TABLE pomodoro_sessions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.pomodoro_sessions TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.pomodoro_sessions TO authenticated;
GRANT ALL ON TABLE public.pomodoro_sessions TO service_role;


--
-- Name: TABLE pomodoro_settings; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.pomodoro_settings TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.pomodoro_settings TO authenticated;
GRANT ALL ON TABLE public.pomodoro_settings TO service_role;


--
-- Name: TABLE pomodoro_stats; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.pomodoro_stats TO anon;
GRANT SELECT ON TABLE public.pomodoro_stats TO authenticated;
GRANT ALL ON TABLE public.pomodoro_stats TO service_role;


--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.profiles TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.profiles TO authenticated;
GRANT ALL ON TABLE public.profiles TO service_role;


--
-- Name: TABLE project_members; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.project_members TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.project_members TO authenticated;
GRANT ALL ON TABLE public.project_members TO service_role;


--
-- Name: TABLE smart_lists; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.smart_lists TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.smart_lists TO authenticated;
GRANT ALL ON TABLE public.smart_lists TO service_role;


--
-- Name: TABLE support_requests; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.support_requests TO service_role;


--
-- Name: TABLE task_assignments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.task_assignments TO anon;
GRANT SELECT,INSERT ON TABLE public.task_assignments TO authenticated;
GRANT ALL ON TABLE public.task_assignments TO service_role;


--
-- Name: TABLE task_attachments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.task_attachments TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.task_attachments TO authenticated;
GRANT ALL ON TABLE public.task_attachments TO service_role;


--
-- Name: TABLE task_attachments_v; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.task_attachments_v TO service_role;
GRANT SELECT ON TABLE public.task_attachments_v TO authenticated;


--
-- Name: TABLE task_comments; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.task_comments TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.task_comments TO authenticated;
GRANT ALL ON TABLE public.task_comments TO service_role;


--
-- Name: TABLE tasks_with_project; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.tasks_with_project TO service_role;
GRANT SELECT ON TABLE public.tasks_with_project TO anon;
GRANT SELECT ON TABLE public.tasks_with_project TO authenticated;


--
-- Name: TABLE team_activity_log; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT ON TABLE public.team_activity_log TO anon;
GRANT SELECT,INSERT ON TABLE public.team_activity_log TO authenticated;
GRANT ALL ON TABLE public.team_activity_log TO service_role;


--
-- Name: TABLE team_members; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.team_members TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.team_members TO authenticated;
GRANT ALL ON TABLE public.team_members TO service_role;


--
-- Name: TABLE team_subscriptions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.team_subscriptions TO anon;
GRANT SELECT ON TABLE public.team_subscriptions TO authenticated;
GRANT ALL ON TABLE public.team_subscriptions TO service_role;


--
-- Name: TABLE teams; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.teams TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.teams TO authenticated;
GRANT ALL ON TABLE public.teams TO service_role;


--
-- Name: TABLE user_2fa_backup_codes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.user_2fa_backup_codes TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.user_2fa_backup_codes TO authenticated;
GRANT ALL ON TABLE public.user_2fa_backup_codes TO service_role;


--
-- Name: COLUMN user_2fa_backup_codes.is_deleted; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(is_deleted) ON TABLE public.user_2fa_backup_codes TO authenticated;


--
-- Name: COLUMN user_2fa_backup_codes.needs_sync; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(needs_sync) ON TABLE public.user_2fa_backup_codes TO authenticated;


--
-- Name: COLUMN user_2fa_backup_codes.updated_at; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(updated_at) ON TABLE public.user_2fa_backup_codes TO authenticated;


--
-- Name: TABLE user_2fa_events; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.user_2fa_events TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.user_2fa_events TO authenticated;
GRANT ALL ON TABLE public.user_2fa_events TO service_role;


--
-- Name: TABLE user_2fa_settings; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.user_2fa_settings TO anon;
GRANT ALL ON TABLE public.user_2fa_settings TO authenticated;
GRANT ALL ON TABLE public.user_2fa_settings TO service_role;


--
-- Name: TABLE user_accessible_projects; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.user_accessible_projects TO service_role;
GRANT SELECT ON TABLE public.user_accessible_projects TO anon;
GRANT SELECT ON TABLE public.user_accessible_projects TO authenticated;


--
-- Name: TABLE user_accessible_tasks_with_project; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.user_accessible_tasks_with_project TO service_role;
GRANT SELECT ON TABLE public.user_accessible_tasks_with_project TO anon;
GRANT SELECT ON TABLE public.user_accessible_tasks_with_project TO authenticated;


--
-- Name: TABLE user_notification_preferences; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_notification_preferences TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_notification_preferences TO authenticated;
GRANT ALL ON TABLE public.user_notification_preferences TO service_role;


--
-- Name: TABLE user_preferences; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_preferences TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_preferences TO authenticated;
GRANT ALL ON TABLE public.user_preferences TO service_role;


--
-- Name: TABLE user_profiles; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.user_profiles TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE public.user_profiles TO authenticated;
GRANT ALL ON TABLE public.user_profiles TO service_role;


--
-- Name: TABLE user_subscriptions; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.user_subscriptions TO anon;
GRANT SELECT ON TABLE public.user_subscriptions TO authenticated;
GRANT ALL ON TABLE public.user_subscriptions TO service_role;


--
-- Name: TABLE messages; Type: ACL; Schema: realtime; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO authenticated;
GRANT ALL ON TABLE realtime.messages TO service_role;


--
-- Name: TABLE buckets; Type: ACL; Schema: storage; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO service_role;


--
-- Name: TABLE objects; Type: ACL; Schema: storage; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO service_role;


--
-- Name: pgrst_ddl_watch; Type: EVENT TRIGGER; Schema: -; Owner: -
--

CREATE EVENT TRIGGER pgrst_ddl_watch ON ddl_command_end
   EXECUTE FUNCTION extensions.pgrst_ddl_watch();


--
-- Name: pgrst_drop_watch; Type: EVENT TRIGGER; Schema: -; Owner: -
--

CREATE EVENT TRIGGER pgrst_drop_watch ON sql_drop
   EXECUTE FUNCTION extensions.pgrst_ddl_watch();


--
-- PostgreSQL database dump complete
--


