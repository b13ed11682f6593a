-- Task caps are counted only where the owner's plan has one (issue 26:
-- a 5,000-row import on Pro took minutes).
--
-- 0105's before-write trigger counted the owner's live tasks on every
-- insert, also when the plan has no tasks_total cap (Pro, Team), and threw
-- the count away: an import of n tasks read O(n²) rows, and a 250-row chunk
-- hit the statement timeout at row 2,000. Each cap check now first asks
-- whether the plan has that cap, as notes_before_write already did for
-- notes_total, and skips the count and its counter lock when it does not.
-- The rest of the function is 0105's, unchanged.

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
      IF v_name IS NULL OR (v_end AND NOT NEW.project_id = ANY (private.accessible_project_ids())) THEN
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
    IF v_entering AND private.plan_limit(private.user_plan(NEW.user_id), 'tasks_total') IS NOT NULL THEN
      PERFORM private.lock_counter('tasks:' || NEW.user_id);
      PERFORM private.assert_within_cap(NEW.user_id, 'tasks_total', private.count_live_tasks(NEW.user_id));
    END IF;
    IF NEW.project_id IS NOT NULL AND (v_entering OR NEW.project_id IS DISTINCT FROM OLD.project_id)
       AND private.plan_limit(private.user_plan(private.project_owner(NEW.project_id)), 'tasks_per_project') IS NOT NULL THEN
      PERFORM private.lock_counter('project_tasks:' || NEW.project_id);
      PERFORM private.assert_within_cap(private.project_owner(NEW.project_id), 'tasks_per_project',
                                        private.count_live_project_tasks(NEW.project_id, NEW.id));
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
