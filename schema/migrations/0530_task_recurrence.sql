-- Recurrence on the server (001 §3, §5; issue 10): completing a recurring
-- task creates its next occurrence in the same transaction, so every
-- client (and a completion through /rest/v1 alone) gets it, once.
--
-- tasks.recurrence (JSON text) as daybase reads it:
--   type        daily | weekly | monthly | yearly | custom
--   interval    1..30 (default 1): every N days, weeks, months, years
--   daysOfWeek  [0..6], 0 = Sunday (weekly: these days every N weeks;
--               monthly with weekOfMonth: that weekday); custom with
--               daysOfWeek is weekly, custom without is daily
--   weekOfMonth 1..5, or -1 for the last (monthly: "2nd Tuesday")
--   endDate     'yyyy-MM-dd': no occurrence after it
--   from        'due' (default): the next date follows the due date, moved
--               past today when the task was completed late; 'completion':
--               it follows the day the task was completed
--   anchorDay   monthly: the day of month to keep (set from the first due
--               date, so 31 Jan -> 28 Feb -> 31 Mar)
-- Dates are the owner's calendar days in their time zone
-- (jobs.user_time_zone); due_time keeps its local wall-clock time.

-- Which occurrence a completed task spawned. The primary key is the
-- guard against a second occurrence (two clients completing at once are
-- already serialised by the row lock; complete, undo, complete again is
-- not). next_task_id is NULL when the series ended.
CREATE TABLE jobs.task_occurrences (
  task_id      uuid PRIMARY KEY REFERENCES public.tasks (id) ON DELETE CASCADE,
  next_task_id uuid REFERENCES public.tasks (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The first date of the series after p_base.
CREATE FUNCTION jobs.next_occurrence(p_rec jsonb, p_base date) RETURNS date
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
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
$$;

CREATE FUNCTION jobs.tasks_recur() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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

CREATE TRIGGER recur AFTER UPDATE OF is_completed ON public.tasks
  FOR EACH ROW WHEN (OLD.is_completed IS DISTINCT FROM NEW.is_completed)
  EXECUTE FUNCTION jobs.tasks_recur();
REVOKE ALL ON FUNCTION jobs.tasks_recur() FROM PUBLIC;
