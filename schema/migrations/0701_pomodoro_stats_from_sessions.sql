-- Focus statistics are kept by the server (issue 22; 000 §3 pomodoro_stats,
-- §4 "Completing a work session increments the cycle count and today's
-- completed count", "A celebration fires when ... the streak rises").
--
-- 0106 left pomodoro_stats to the app. With two devices open both see a
-- session end, and a read-add-upsert from each double counts or loses a
-- count; a day boundary also needs the user's time zone. Now a trigger
-- records every session as it ends, in the same transaction, and users
-- only read the table:
--
-- * the day is the calendar day of ended_at in the user's time zone
--   (jobs.user_time_zone: the "timezone" preference, else the sign-up
--   metadata, else UTC);
-- * a work session that ends counts in total_sessions; a completed one
--   also in completed_sessions; total_focus_minutes adds its focused time
--   (the whole duration when completed, the minutes actually focused when
--   cancelled); breaks add to total_break_minutes the same way;
-- * a day with at least one completed work session continues the streak:
--   its current_streak is the previous day's plus one (or 1), set by the
--   day's first completed work session; longest_streak is the best so far.
--
-- A session that ends while paused has its running pause folded into
-- paused_duration_seconds (unless the client already did), so that
-- ended_at - started_at - paused_duration_seconds is always the time
-- focused. Ending sessions of past days out of order does not rewrite the
-- streaks of the days after them.

CREATE OR REPLACE FUNCTION private.pomodoro_sessions_before_write() RETURNS trigger
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

-- Adds one ended session to its day's statistics.
CREATE FUNCTION private.pomodoro_sessions_record_stats() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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
REVOKE ALL ON FUNCTION private.pomodoro_sessions_record_stats() FROM PUBLIC;

CREATE TRIGGER record_stats AFTER INSERT OR UPDATE OF status ON public.pomodoro_sessions
  FOR EACH ROW EXECUTE FUNCTION private.pomodoro_sessions_record_stats();

-- Users read their statistics; only the trigger writes them.
DROP POLICY "own pomodoro stats" ON public.pomodoro_stats;
CREATE POLICY "read own pomodoro stats" ON public.pomodoro_stats
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
REVOKE INSERT, UPDATE, DELETE ON public.pomodoro_stats FROM anon, authenticated;
