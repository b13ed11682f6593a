-- RPC duplicate_project {p_project_id} (001 §2, §4; issue 18).
--
-- 001 §4: "Duplicating a project auto-suffixes the name with (Copy),
-- (Copy 2) and so on, up to 1000 tries and then a timestamp." The old app
-- did it in the client, one insert per try; here one call does it in one
-- transaction, so the copy and its tasks appear together or not at all and
-- two tabs duplicating at once cannot take the same name (the name is
-- chosen under the owner's projects lock, 0104).
--
-- What is copied (docs/decisions.md, "Duplicating projects"): the project's
-- overview, colour and icon (not its favorite, archive or sharing: the copy
-- is the caller's own, private project), and its open tasks with their
-- subtasks (done subtasks included), in their order. Completed and deleted
-- tasks, comments, attachments and members are not copied.
--
-- SECURITY INVOKER: the caller must see the project (owner or member); the
-- triggers of 0104 and 0105 apply the caps (projects, tasks in total, tasks
-- per project) with their own messages, which open the paywall.
-- Errors: 'Project not found' (P0002) for a project the caller cannot see.

-- The first free name of base + ' (Copy)', ' (Copy 2)', … for the user;
-- after 1000 tries a timestamp. The base is cut so the name fits in 100
-- characters.
CREATE FUNCTION private.copy_name(p_user_id uuid, p_base text) RETURNS text
LANGUAGE plpgsql SET search_path = '' AS $$
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

GRANT EXECUTE ON FUNCTION private.copy_name(uuid, text) TO authenticated, service_role;

CREATE FUNCTION public.duplicate_project(p_project_id uuid)
RETURNS public.projects
LANGUAGE plpgsql SET search_path = '' AS $$
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

REVOKE EXECUTE ON FUNCTION public.duplicate_project(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.duplicate_project(uuid) TO authenticated, service_role;
