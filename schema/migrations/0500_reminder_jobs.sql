-- Task reminders as scheduled jobs (001 §7 schedule-task-notifications,
-- issue 10): the due-time queue the scheduler claims with
-- FOR UPDATE SKIP LOCKED, and the requests that make it recompute a task.
--
-- The jobs schema belongs to the server (the scheduler and the functions
-- connect as the admin role); API roles have no USAGE on it, so nothing
-- here is reachable through /rest/v1.

CREATE SCHEMA jobs;
REVOKE ALL ON SCHEMA jobs FROM PUBLIC;

-- One reminder of one task for one recipient. Pending rows are the queue;
-- delivered, superseded and dropped rows stay (pruned after 30 days) so a
-- recomputation for the same moment never delivers twice: the unique key
-- makes re-inserting an already handled reminder a no-op.
CREATE TABLE jobs.task_reminders (
  id              bigserial PRIMARY KEY,
  task_id         uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  user_id         uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('advance', 'due', 'overdue')),
  -- advance: minutes before the due moment; 0 for due and overdue.
  offset_minutes  integer NOT NULL DEFAULT 0 CHECK (offset_minutes >= 0),
  -- The task's due moment the reminder was computed from.
  task_due_at     timestamptz NOT NULL,
  fire_at         timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'delivered', 'superseded', 'dropped')),
  -- Delivered more than the scheduler's lateness bound after fire_at
  -- (the server was down): sent once, flagged late.
  late            boolean NOT NULL DEFAULT false,
  handled_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT task_reminders_once UNIQUE (task_id, user_id, kind, offset_minutes, fire_at)
);
-- The queue: only pending rows, in firing order.
CREATE INDEX task_reminders_pending_idx ON jobs.task_reminders (fire_at) WHERE status = 'pending';
CREATE INDEX task_reminders_task_idx ON jobs.task_reminders (task_id, status);

-- Tasks whose reminders must be recomputed (their due moment, reminders,
-- assignee or state changed). The scheduler drains it every few seconds,
-- so reminders follow a task even when no client called
-- schedule-task-notifications (a new recurring occurrence, a REST write).
CREATE TABLE jobs.reminder_requests (
  task_id      uuid PRIMARY KEY REFERENCES public.tasks (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now()
);

-- A completed or deleted task has no reminders: its pending jobs go at
-- once, in the writer's transaction. Anything else with (or losing) a due
-- moment asks for a recomputation.
CREATE FUNCTION jobs.tasks_reminders_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.is_completed OR NEW.is_deleted THEN
    DELETE FROM jobs.task_reminders WHERE task_id = NEW.id AND status = 'pending';
    DELETE FROM jobs.reminder_requests WHERE task_id = NEW.id;
  ELSIF NEW.due_date IS NOT NULL OR NEW.due_time IS NOT NULL
        OR (TG_OP = 'UPDATE' AND (OLD.due_date IS NOT NULL OR OLD.due_time IS NOT NULL)) THEN
    INSERT INTO jobs.reminder_requests (task_id) VALUES (NEW.id)
    ON CONFLICT (task_id) DO UPDATE SET requested_at = now();
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER reminder_jobs
  AFTER INSERT OR UPDATE OF due_date, due_time, reminders, is_completed, is_deleted, assigned_to, user_id
  ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION jobs.tasks_reminders_changed();

-- The IANA time zone of a user: the "timezone" preference (JSON text, as
-- the app stores preferences), else the sign-up metadata's timezone, else
-- UTC. A name PostgreSQL does not know counts as absent (checked by using
-- it: pg_timezone_names reads the whole zone database on every call).
CREATE FUNCTION jobs.user_time_zone(p_user_id uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
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
REVOKE ALL ON FUNCTION jobs.user_time_zone(uuid), jobs.tasks_reminders_changed() FROM PUBLIC;
