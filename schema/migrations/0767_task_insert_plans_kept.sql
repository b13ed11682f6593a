-- A task's insert without per-call planning (issue 26: a 5,000-row Todoist
-- import in under 10 s; docs/notes/issue-26l.md).
--
-- Measured per inserted task (EXPLAIN ANALYZE's time per trigger and
-- pg_stat_xact_user_functions with track_functions = all, 200 tasks into one
-- project as the user): 43% of an INSERT's time was the "Created task" entry,
-- and most of that was planning, not work. log_activity and
-- activity_counts_add were SQL functions with SET search_path, which
-- PostgreSQL (before 18) neither inlines nor keeps a plan for: called from a
-- PL/pgSQL trigger, each call parsed and planned its INSERT afresh — the
-- entry's insert and its two or three counter upserts, per task. As PL/pgSQL
-- they keep their plans for the session. Same statements, same rows.
--
-- tasks_before_write (0751's) built the array of every project the caller
-- can reach to ask whether one project is in it, and looked the owner's plan
-- up twice per insert (once per cap) and the project's owner twice when
-- capped. It now asks about that one project (can_access_project: the same
-- two ways in as accessible_project_ids — owned and not binned, or a member
-- of a project not binned) and looks each up once. The caps, their order,
-- locks, counts and messages are 0751's.

CREATE OR REPLACE FUNCTION private.log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text,
                                                p_description text, p_entity_name text, p_metadata jsonb DEFAULT '{}')
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata)
  SELECT p_user_id, p_task_id, p_project_id, p_type, left(p_description, 1000), left(p_entity_name, 500),
         coalesce(p_metadata, '{}') || '{"source": "trigger"}'
  WHERE p_user_id IS NOT NULL AND EXISTS (SELECT FROM auth.users WHERE id = p_user_id);
END
$$;

CREATE OR REPLACE FUNCTION private.activity_counts_add(p_row public.activity_logs, p_delta integer)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO private.activity_counts AS c (scope, scope_id, activity_type, n)
  SELECT s.scope, s.scope_id, p_row.activity_type, p_delta FROM (VALUES
    ('project', p_row.project_id),
    ('actor', p_row.user_id),
    ('task_owner', CASE WHEN p_row.task_owner_id <> p_row.user_id THEN p_row.task_owner_id END)) s (scope, scope_id)
  WHERE s.scope_id IS NOT NULL AND NOT p_row.is_deleted
  ON CONFLICT (scope, scope_id, activity_type) DO UPDATE SET n = c.n + EXCLUDED.n;
END
$$;

-- Whether the caller reaches the project: the caller owns it or is one of
-- its members, and it is not in the bin — membership in
-- accessible_project_ids(), for one project.
CREATE FUNCTION private.can_access_project(p_project_id uuid) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN EXISTS (
    SELECT FROM public.projects p
    WHERE p.id = p_project_id AND NOT p.is_deleted
      AND (p.user_id = auth.uid()
           OR EXISTS (SELECT FROM public.project_members m WHERE m.project_id = p.id AND m.user_id = auth.uid())));
END
$$;
REVOKE ALL ON FUNCTION private.can_access_project(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.can_access_project(uuid) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.tasks_before_write() RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_end             boolean := private.is_end_user();
  v_insert          boolean := TG_OP = 'INSERT';
  v_parent          record;
  v_found           record;
  v_name            text;
  v_project_written boolean;
  v_list_written    boolean;
  v_entering        boolean;
  v_plan            text;     -- NEW.user_id's plan, looked up once
  v_owner           uuid;     -- the project's owner, looked up once
BEGIN
  IF NOT v_insert AND v_end THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Task owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    NEW.created_at := OLD.created_at;
    IF NEW.is_deleted AND NOT OLD.is_deleted AND OLD.user_id IS DISTINCT FROM auth.uid()
       AND coalesce(private.project_role(OLD.project_id), '') NOT IN ('owner', 'admin') THEN
      RAISE EXCEPTION 'Only the project owner or an admin can delete tasks of other members' USING ERRCODE = '42501';
    END IF;
  END IF;

  IF NEW.title IS NULL OR btrim(NEW.title) = '' THEN
    RAISE EXCEPTION 'Task title required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.title) > 500 THEN
    RAISE EXCEPTION 'Task title must be at most 500 characters' USING ERRCODE = '23514';
  END IF;

  IF v_insert OR NEW.recurrence IS DISTINCT FROM OLD.recurrence THEN
    PERFORM private.check_recurrence(NEW.recurrence);
  END IF;

  -- Which of project_id and list (the project's name) the client wrote;
  -- the other one follows.
  v_project_written := CASE WHEN v_insert THEN NEW.project_id IS NOT NULL
                            ELSE NEW.project_id IS DISTINCT FROM OLD.project_id END;
  v_list_written := CASE WHEN v_insert THEN NEW.project_id IS NULL
                         ELSE NEW.list IS DISTINCT FROM OLD.list END;

  -- A restored task whose project went to the bin meanwhile goes to the Inbox.
  IF NOT v_insert AND OLD.is_deleted AND NOT NEW.is_deleted AND NEW.project_id IS NOT NULL
     AND private.project_name_of(NEW.project_id) IS NULL THEN
    NEW.project_id := NULL;
    NEW.list := NULL;
    v_project_written := false;
    v_list_written := false;
  END IF;

  -- Subtasks: one level deep, in their parent's project.
  IF NEW.parent_id IS NOT NULL AND (v_insert OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) THEN
    IF NEW.parent_id = NEW.id THEN
      RAISE EXCEPTION 'A task cannot be its own parent' USING ERRCODE = '23514';
    END IF;
    SELECT * INTO v_parent FROM private.parent_task(NEW.parent_id, v_end);
    IF NOT FOUND OR v_parent.is_deleted THEN
      RAISE EXCEPTION 'Parent task not found' USING ERRCODE = '23503';
    END IF;
    IF v_parent.parent_id IS NOT NULL THEN
      RAISE EXCEPTION 'A subtask cannot have subtasks' USING ERRCODE = '23514';
    END IF;
    IF NOT v_insert AND private.has_subtasks(NEW.id) THEN
      RAISE EXCEPTION 'A task with subtasks cannot become a subtask' USING ERRCODE = '23514';
    END IF;
    NEW.project_id := v_parent.project_id;
    NEW.list := NULL;
    v_project_written := true;
    v_list_written := false;
  END IF;

  IF v_project_written THEN
    IF NEW.project_id IS NOT NULL THEN
      v_name := private.project_name_of(NEW.project_id);
      IF v_name IS NULL OR (v_end AND NOT private.can_access_project(NEW.project_id)) THEN
        RAISE EXCEPTION 'Project not found' USING ERRCODE = '23503';
      END IF;
      NEW.list := v_name;
    ELSIF NOT (v_list_written AND btrim(coalesce(NEW.list, '')) <> '') THEN
      NEW.list := CASE WHEN v_list_written THEN NEW.list END;
    END IF;
  END IF;
  IF v_list_written AND NOT (v_project_written AND NEW.project_id IS NOT NULL) THEN
    IF btrim(coalesce(NEW.list, '')) = '' THEN
      NEW.project_id := NULL;                       -- the Inbox
    ELSE
      v_name := CASE WHEN NEW.project_id IS NOT NULL THEN private.project_name_of(NEW.project_id) END;
      IF v_name IS NOT NULL AND lower(btrim(NEW.list)) = lower(v_name) THEN
        NEW.list := v_name;                         -- same project, spelled differently
      ELSE
        SELECT * INTO v_found FROM private.project_by_name(CASE WHEN v_end THEN auth.uid() ELSE NEW.user_id END, NEW.list);
        IF FOUND THEN
          NEW.project_id := v_found.id;
          NEW.list := v_found.name;
        ELSE
          NEW.project_id := NULL;                   -- a name without a project: Inbox
        END IF;
      END IF;
    END IF;
  END IF;

  -- completed_at follows is_completed.
  IF NEW.is_completed THEN
    IF v_insert THEN
      NEW.completed_at := coalesce(NEW.completed_at, now());
    ELSIF NOT OLD.is_completed THEN
      NEW.completed_at := now();
    ELSE
      NEW.completed_at := coalesce(NEW.completed_at, OLD.completed_at, now());
    END IF;
  ELSE
    NEW.completed_at := NULL;
  END IF;

  IF v_insert AND NEW.sort_order IS NULL THEN
    NEW.sort_order := private.next_task_sort_order(NEW.user_id);
  END IF;

  -- Caps (000 §9, 001 §1), checked when a task joins the counted set:
  -- created, restored, moved into a project or under a parent, or given
  -- more reminders. A downgrade never blocks editing what exists.
  IF NOT NEW.is_deleted THEN
    v_entering := v_insert OR OLD.is_deleted;
    IF v_entering THEN
      v_plan := private.user_plan(NEW.user_id);
    END IF;
    IF v_entering AND private.plan_limit(v_plan, 'tasks_total') IS NOT NULL THEN
      PERFORM private.lock_counter('tasks:' || NEW.user_id);
      PERFORM private.assert_within_cap(NEW.user_id, 'tasks_total', private.count_live_tasks(NEW.user_id));
    END IF;
    IF NEW.project_id IS NOT NULL AND (v_entering OR NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
      v_owner := private.project_owner(NEW.project_id);
      IF private.plan_limit(CASE WHEN v_owner = NEW.user_id AND v_plan IS NOT NULL THEN v_plan
                                 ELSE private.user_plan(v_owner) END, 'tasks_per_project') IS NOT NULL THEN
        PERFORM private.lock_counter('project_tasks:' || NEW.project_id);
        PERFORM private.assert_within_cap(v_owner, 'tasks_per_project',
                                          private.count_live_project_tasks(NEW.project_id, NEW.id));
      END IF;
    END IF;
    IF NEW.parent_id IS NOT NULL AND (v_entering OR NEW.parent_id IS DISTINCT FROM OLD.parent_id)
       AND private.plan_limit(private.user_plan((SELECT p.user_id FROM private.parent_task(NEW.parent_id, false) p)),
                              'subtasks_per_task') IS NOT NULL THEN
      PERFORM private.lock_counter('subtasks:' || NEW.parent_id);
      PERFORM private.assert_within_cap(
        (SELECT p.user_id FROM private.parent_task(NEW.parent_id, false) p), 'subtasks_per_task',
        private.count_live_subtasks(NEW.parent_id));
    END IF;
    IF cardinality(NEW.reminders) > 0
       AND (v_insert OR cardinality(NEW.reminders) > cardinality(OLD.reminders)) THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'reminders_per_task', 0, cardinality(NEW.reminders));
    END IF;
  END IF;
  RETURN NEW;
END
$$;

