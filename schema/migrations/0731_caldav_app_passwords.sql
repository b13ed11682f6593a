-- Calendar sync, part two: CalDAV (issue 26; 000 §9 "calendar sync": Pro
-- and Team).
--
-- Calendar apps (Thunderbird, Apple Reminders, DAVx5/jtx) sign in to
-- /calendar/v1/dav/ with HTTP Basic: the user's e-mail address and an app
-- password the user made in Settings → Integrations → Calendar sync. The
-- password is shown once; only its SHA-256 is kept. A fast hash is enough:
-- the server generates 128 random bits, so there is nothing to guess that a
-- slow hash would protect (docs/decisions.md), and every CalDAV request
-- checks it.
--
-- caldav_objects keeps, per task a calendar app wrote, what tasks cannot
-- hold: the app's resource name and UID (so its href and UID stay its own)
-- and the iCalendar properties Daybase does not map (kept raw and written
-- back, as RFC 4791 asks of a server).

CREATE TABLE public.app_passwords (
  id            uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id       uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  password_hash text NOT NULL UNIQUE CHECK (password_hash ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX app_passwords_user_id ON public.app_passwords (user_id);
ALTER TABLE public.app_passwords ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.app_passwords FROM anon, authenticated;
-- The hash is never readable by the app: only the columns the list shows.
GRANT SELECT (id, user_id, name, created_at, last_used_at) ON public.app_passwords TO authenticated;
GRANT DELETE ON public.app_passwords TO authenticated;
GRANT ALL ON public.app_passwords TO service_role;

CREATE POLICY "read own app passwords" ON public.app_passwords
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY "revoke own app passwords" ON public.app_passwords
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY data_access_allowed ON public.app_passwords AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.app_passwords
  FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'id');

-- The normal form of an app password as typed: groups may be separated by
-- dashes or spaces, letters in either case.
CREATE FUNCTION private.app_password_hash(p_password text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT encode(extensions.digest(lower(regexp_replace(p_password, '[\s-]', '', 'g')), 'sha256'), 'hex')
$$;
REVOKE ALL ON FUNCTION private.app_password_hash(text) FROM PUBLIC;

-- Makes an app password named p_name for the caller and returns it in
-- clear, the only time it is ever shown.
CREATE FUNCTION public.create_app_password(p_name text)
RETURNS TABLE (id uuid, name text, password text, created_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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
REVOKE ALL ON FUNCTION public.create_app_password(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.create_app_password(text) TO authenticated, service_role;

-- The user an e-mail address and app password sign in as, whether their
-- plan includes calendar sync, and their time zone; no row when either is
-- wrong. Stamps last_used_at (at most once a minute). Only the server calls
-- it.
CREATE FUNCTION private.app_password_owner(p_email text, p_password text)
RETURNS TABLE (user_id uuid, allowed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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
REVOKE ALL ON FUNCTION private.app_password_owner(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.app_password_owner(text, text) TO service_role;

CREATE TABLE public.caldav_objects (
  task_id    uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (name ~ '^[^/]{1,200}\.ics$'),
  uid        text NOT NULL CHECK (length(uid) BETWEEN 1 AND 500),
  extra      jsonb NOT NULL DEFAULT '{}' CHECK (length(extra::text) <= 100000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, user_id),
  UNIQUE (user_id, name)
);
ALTER TABLE public.caldav_objects ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.caldav_objects FROM anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.caldav_objects TO authenticated;
GRANT ALL ON public.caldav_objects TO service_role;

-- A calendar app writes as its user, and only beside a task that user can
-- see (RLS of tasks decides, through the subquery).
CREATE POLICY "own caldav objects" ON public.caldav_objects FOR ALL TO authenticated
  USING (user_id = (SELECT auth.uid()))
  WITH CHECK (user_id = (SELECT auth.uid()) AND EXISTS (SELECT 1 FROM public.tasks t WHERE t.id = task_id));
CREATE POLICY data_access_allowed ON public.caldav_objects AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));

CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.caldav_objects
  FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('|', 'updated_at');
