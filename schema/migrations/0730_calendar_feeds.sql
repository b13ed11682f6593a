-- Calendar sync, part one: a private iCalendar feed per user (issue 26;
-- 000 §9 "calendar sync": no on Free, yes on Pro and Team).
--
-- The feed is a secret URL: /calendar/v1/feed/<token>.ics. Calendar apps
-- cannot send an apikey or a bearer token, so the token in the path is the
-- credential. The owner reads it back (the settings screen copies it), may
-- regenerate it (the old URL stops working at once) and revoke it. The
-- server (gateway/calsync) looks the token up with calendar_feed_owner and
-- then reads the tasks as the owner, through the owner's row-level
-- security, so the feed never shows what the app would not.

CREATE TABLE public.calendar_feeds (
  user_id    uuid PRIMARY KEY DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  token      text NOT NULL UNIQUE CHECK (token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.calendar_feeds ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.calendar_feeds FROM anon, authenticated;
GRANT SELECT ON public.calendar_feeds TO authenticated;
GRANT ALL ON public.calendar_feeds TO service_role;

CREATE POLICY "read own calendar feed" ON public.calendar_feeds
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY data_access_allowed ON public.calendar_feeds AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));

-- Refuses calendar sync to a Free plan with the message the app shows.
CREATE FUNCTION private.assert_calendar_sync(p_user_id uuid) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF private.user_plan(p_user_id) NOT IN ('pro', 'team') THEN
    RAISE EXCEPTION 'Calendar sync is part of the Pro and Team plans'
      USING ERRCODE = 'P0001', HINT = 'Upgrade the plan to sync your tasks with a calendar.';
  END IF;
END
$$;
REVOKE ALL ON FUNCTION private.assert_calendar_sync(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assert_calendar_sync(uuid) TO authenticated, service_role;

-- Makes a new secret for the caller's feed (the first one, or one that
-- replaces the old, which stops working) and returns the row.
CREATE FUNCTION public.regenerate_calendar_feed() RETURNS public.calendar_feeds
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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

-- Turns the caller's feed off: its URL answers 404 from now on.
CREATE FUNCTION public.revoke_calendar_feed() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM auth.assert_data_access();
  DELETE FROM public.calendar_feeds WHERE user_id = auth.uid();
END
$$;

REVOKE ALL ON FUNCTION public.regenerate_calendar_feed(), public.revoke_calendar_feed() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.regenerate_calendar_feed(), public.revoke_calendar_feed() TO authenticated, service_role;

-- The owner of a feed token and whether their plan includes calendar sync;
-- no row for an unknown or revoked token. Only the server calls it.
CREATE FUNCTION private.calendar_feed_owner(p_token text, OUT user_id uuid, OUT allowed boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT f.user_id, private.user_plan(f.user_id) IN ('pro', 'team')
  FROM public.calendar_feeds f WHERE f.token = p_token
$$;
REVOKE ALL ON FUNCTION private.calendar_feed_owner(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.calendar_feed_owner(text) TO service_role;

-- created_at is the server's (0622), whoever writes the row.
CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.calendar_feeds
  FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|');
