-- The Pomodoro focus timer (000 §3, §4, §9): settings, sessions, daily
-- statistics.

-- One row per user (the app upserts on user_id); device_id is the device
-- that saved last. Ranges and defaults of 000 §9.
CREATE TABLE public.pomodoro_settings (
  user_id                      uuid PRIMARY KEY DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  device_id                    text CHECK (length(device_id) <= 200),
  work_duration                integer NOT NULL DEFAULT 25 CONSTRAINT pomodoro_settings_work_duration_range CHECK (work_duration BETWEEN 1 AND 60),
  short_break_duration         integer NOT NULL DEFAULT 5 CONSTRAINT pomodoro_settings_short_break_range CHECK (short_break_duration BETWEEN 1 AND 30),
  long_break_duration          integer NOT NULL DEFAULT 15 CONSTRAINT pomodoro_settings_long_break_range CHECK (long_break_duration BETWEEN 1 AND 60),
  sessions_until_long_break    integer NOT NULL DEFAULT 4 CONSTRAINT pomodoro_settings_sessions_range CHECK (sessions_until_long_break BETWEEN 2 AND 10),
  auto_start_breaks            boolean NOT NULL DEFAULT false,
  auto_start_work              boolean NOT NULL DEFAULT false,
  show_timer_in_title          boolean NOT NULL DEFAULT true,
  daily_goal                   integer NOT NULL DEFAULT 8 CONSTRAINT pomodoro_settings_daily_goal_range CHECK (daily_goal BETWEEN 1 AND 50),
  enable_browser_notifications boolean NOT NULL DEFAULT true,
  created_at                   timestamptz NOT NULL DEFAULT now(),
  updated_at                   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.pomodoro_sessions (
  id                      uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id                 uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  type                    text NOT NULL DEFAULT 'work' CHECK (type IN ('work', 'short_break', 'long_break')),
  task_id                 uuid REFERENCES public.tasks (id) ON DELETE SET NULL,
  started_at              timestamptz NOT NULL DEFAULT now(),
  ended_at                timestamptz,
  duration_minutes        integer NOT NULL DEFAULT 25 CHECK (duration_minutes BETWEEN 1 AND 60),
  status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'completed', 'cancelled')),
  paused_duration_seconds integer NOT NULL DEFAULT 0 CHECK (paused_duration_seconds >= 0),
  -- When the current pause began (NULL unless paused): lets any device
  -- compute the remaining time of a paused session.
  paused_at               timestamptz,
  device_id               text CHECK (length(device_id) <= 200),
  completed_cycles        integer NOT NULL DEFAULT 0 CHECK (completed_cycles >= 0),
  is_deleted              boolean NOT NULL DEFAULT false,
  notes                   text CHECK (length(notes) <= 10000),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pomodoro_sessions_ended_after_start CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- Recent sessions, newest first (limit 10).
CREATE INDEX pomodoro_sessions_user_started_idx ON public.pomodoro_sessions (user_id, started_at DESC);
-- At most one running (active or paused) session per user; starting a new
-- one cancels the old (trigger below), this makes it hold under races.
CREATE UNIQUE INDEX pomodoro_sessions_one_running ON public.pomodoro_sessions (user_id)
  WHERE status IN ('active', 'paused') AND NOT is_deleted;

-- Per user and calendar day of the user (the app knows the time zone, so
-- it writes these); counters never go negative.
CREATE TABLE public.pomodoro_stats (
  id                  uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id             uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  date                date NOT NULL,
  completed_sessions  integer NOT NULL DEFAULT 0 CHECK (completed_sessions >= 0),
  total_sessions      integer NOT NULL DEFAULT 0 CHECK (total_sessions >= 0),
  total_focus_minutes integer NOT NULL DEFAULT 0 CHECK (total_focus_minutes >= 0),
  total_break_minutes integer NOT NULL DEFAULT 0 CHECK (total_break_minutes >= 0),
  current_streak      integer NOT NULL DEFAULT 0 CHECK (current_streak >= 0),
  longest_streak      integer NOT NULL DEFAULT 0 CHECK (longest_streak >= 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pomodoro_stats_user_id_date_key UNIQUE (user_id, date)
);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_settings
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_sessions
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.pomodoro_stats
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Whether the caller may see a task (to link a session to it).
CREATE FUNCTION private.can_see_task(p_task_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t WHERE t.id = p_task_id
      AND (t.user_id = auth.uid() OR t.project_id = ANY (private.accessible_project_ids())))
$$;

-- Cancels the user's running session (000 §4: "Starting a new session
-- cancels any existing active or paused one").
CREATE FUNCTION private.cancel_running_sessions(p_user_id uuid, p_except uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  UPDATE public.pomodoro_sessions
  SET status = 'cancelled', ended_at = greatest(now(), started_at), paused_at = NULL
  WHERE user_id = p_user_id AND id <> p_except AND status IN ('active', 'paused') AND NOT is_deleted
$$;

GRANT EXECUTE ON FUNCTION private.can_see_task(uuid), private.cancel_running_sessions(uuid, uuid)
  TO anon, authenticated, service_role;

-- Session status machine (000 §4): active <-> paused; active or paused ->
-- completed or cancelled; completed and cancelled are final.
CREATE FUNCTION private.pomodoro_sessions_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
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
      NEW.ended_at := coalesce(NEW.ended_at, now());
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

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.pomodoro_sessions
  FOR EACH ROW EXECUTE FUNCTION private.pomodoro_sessions_before_write();

ALTER TABLE public.pomodoro_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.pomodoro_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.pomodoro_stats ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.pomodoro_settings, public.pomodoro_sessions, public.pomodoro_stats
  FROM anon, authenticated;

CREATE POLICY "own pomodoro settings" ON public.pomodoro_settings
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "own pomodoro sessions" ON public.pomodoro_sessions
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "own pomodoro stats" ON public.pomodoro_stats
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
