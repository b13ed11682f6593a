-- RPC duplicate_task {p_task_id} (001 §2; issue 18).
--
-- 001 §2 says the edit pane's Duplicate "only shows a toast and copies
-- nothing"; the spec README calls such placeholders defects. Duplicating
-- copies the task with its subtasks in one transaction (a half-made copy
-- never shows): same title, notes, dates, priority, tags, project,
-- location, reminders, recurrence, star, importance and urgency; the copy
-- is open, and each subtask keeps whether it was done (a checklist copied
-- keeps its progress). Comments, attachments and links stay with the
-- original (docs/decisions.md, "Duplicating tasks").
--
-- SECURITY INVOKER: the caller's row-level security and the tasks trigger
-- (0105: caps, project access, subtask rules) apply to the read and to every
-- insert. The copy belongs to the caller, also when the original is another
-- member's task of a shared project. It takes the original's sort_order,
-- and lists order ties by created_at, so it shows right below the original.
-- Errors: 'Task not found' (P0002, HTTP 404) for a task the caller cannot
-- see or that is deleted; a cap's own message (P0001) otherwise.

CREATE FUNCTION public.duplicate_task(p_task_id uuid)
RETURNS public.tasks
LANGUAGE plpgsql SET search_path = '' AS $$
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

REVOKE EXECUTE ON FUNCTION public.duplicate_task(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.duplicate_task(uuid) TO authenticated, service_role;
