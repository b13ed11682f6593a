-- The "Created task" entries of one INSERT are written by one statement
-- (issue 26: a 5,000-row import in under 10 s; docs/notes/issue-26n.md).
--
-- Each new task's entry went through the row trigger log_activity:
-- PERFORM private.log_activity(...), a SECURITY DEFINER call with its own
-- search_path, and in it a one-row INSERT into activity_logs — a statement
-- started and ended per task, its CHECK constraints and foreign keys set up
-- again each time. After import_chunk's one INSERT of a chunk's tasks
-- (0784) that was a third of what was left. Now a statement trigger over the
-- statement's new rows writes the same entries in one INSERT: same columns
-- and values as log_activity gave them (actor = the caller, else the task's
-- owner; 'Created task "<title>"'; metadata {"source": "trigger"}; no entry
-- for an actor who is not a user), one per inserted task. The activity_logs
-- row triggers (owner of the task, counters) still run for each entry.
--
-- Updates keep the row trigger (its INSERT branch is no longer reached). An
-- INSERT … ON CONFLICT DO UPDATE logs the rows it inserted here and the rows
-- it updated there, as before.

CREATE FUNCTION private.tasks_log_created() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = ''
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
REVOKE ALL ON FUNCTION private.tasks_log_created() FROM PUBLIC;

DROP TRIGGER log_activity ON public.tasks;
CREATE TRIGGER log_activity AFTER UPDATE ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_log_activity();
CREATE TRIGGER log_created AFTER INSERT ON public.tasks
  REFERENCING NEW TABLE AS created
  FOR EACH STATEMENT EXECUTE FUNCTION private.tasks_log_created();
