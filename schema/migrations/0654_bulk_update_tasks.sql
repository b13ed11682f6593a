-- RPC bulk_update_tasks {p_changes} (000 §9 "bulk operations" on; issue 18).
--
-- The task list's bulk actions (complete, move to a project, set priority,
-- set the due date, add a tag, delete) and the Undo of each are one request
-- each, applied in one transaction: all the selected tasks change, or none
-- does. A change is per task because the undo of most actions (and adding
-- a tag to tasks that have different tags) gives each task its own values,
-- which a PATCH with one body for every row cannot say.
--
-- p_changes is a JSON array of objects: "id" (the task) and any of the
-- fields below, with the value to write (null clears). Other fields are
-- refused, so this cannot become a way around the columns' own rules.
-- SECURITY INVOKER: the caller's row-level security and the tasks triggers
-- (0105: caps, project access, completed_at; 0530: recurrence; 0500:
-- reminder jobs) apply to every row, as for a PATCH. The rows come back as
-- written, in the order given.
-- Errors: 'Task not found' (P0002) when a task is not visible or does not
-- exist; 'Unknown task field: …' and 'At most 500 tasks can be changed at
-- once' (22023); bad values fail with PostgreSQL's own cast errors (22P02).

CREATE FUNCTION public.bulk_update_tasks(p_changes jsonb)
RETURNS SETOF public.tasks
LANGUAGE plpgsql SET search_path = '' AS $$
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

REVOKE EXECUTE ON FUNCTION public.bulk_update_tasks(jsonb) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.bulk_update_tasks(jsonb) TO authenticated, service_role;
