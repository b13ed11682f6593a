-- Tasks (001 §3, §4, §5): every field of the spec, subtasks through
-- parent_id, soft delete, and the server side of its rules.
--
-- Priority is stored on one scale, 0 none, 1 low, 2 medium, 3 high,
-- 4 urgent (docs/decisions.md has the mapping of the spec's numberings).
-- A task lives in a project through project_id; `list` keeps the project's
-- name as the spec's payloads carry it, and the trigger keeps both in step
-- whichever of the two a client writes.

CREATE TABLE public.tasks (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  title        text NOT NULL,
  notes        text CHECK (length(notes) <= 100000),
  -- A calendar day ('yyyy-MM-dd'); due_time is the full instant (ISO).
  due_date     date,
  due_time     timestamptz,
  priority     smallint NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 4),
  -- One string, comma and space separated (001 §3).
  tags         text CHECK (length(tags) <= 2000),
  -- The project's name; empty or NULL means Inbox.
  list         text CHECK (length(list) <= 200),
  location     text CHECK (length(location) <= 500),
  -- Minutes before the due time (0 = at due time; up to a year).
  reminders    integer[] NOT NULL DEFAULT '{}'
               CONSTRAINT tasks_reminders_valid CHECK (array_position(reminders, NULL) IS NULL
                                                       AND 0 <= ALL (reminders) AND 525600 >= ALL (reminders)),
  -- JSON text: {"type": daily|weekly|monthly|yearly|custom, "interval": 1..30, ...}.
  recurrence   text CHECK (length(recurrence) <= 2000),
  is_completed boolean NOT NULL DEFAULT false,
  completed_at timestamptz,
  is_starred   boolean NOT NULL DEFAULT false,
  is_deleted   boolean NOT NULL DEFAULT false,
  -- Filled with the owner's highest + 1 when not given (trigger).
  sort_order   integer NOT NULL,
  importance   smallint NOT NULL DEFAULT 0 CHECK (importance BETWEEN 0 AND 3),
  urgency      smallint NOT NULL DEFAULT 0 CHECK (urgency BETWEEN 0 AND 3),
  parent_id    uuid REFERENCES public.tasks (id) ON DELETE CASCADE,
  project_id   uuid REFERENCES public.projects (id) ON DELETE SET NULL,
  assigned_to  uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  -- Teams belong to spec 002 (migrations 0200+ add the foreign key).
  team_id      uuid,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tasks_completed_at_matches CHECK (is_completed = (completed_at IS NOT NULL)),
  CONSTRAINT tasks_not_own_parent CHECK (parent_id <> id)
);
-- Own tasks in order (the task list, highest sort_order, the caps).
CREATE INDEX tasks_user_sort_idx ON public.tasks (user_id, sort_order);
-- Tasks of shared projects (the second arm of the read policy).
CREATE INDEX tasks_project_idx ON public.tasks (project_id) WHERE project_id IS NOT NULL;
CREATE INDEX tasks_parent_idx ON public.tasks (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX tasks_assigned_to_idx ON public.tasks (assigned_to) WHERE assigned_to IS NOT NULL;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Lookups for the trigger, blind to RLS (a member's task in a shared
-- project is counted and checked like the owner's).
CREATE FUNCTION private.count_live_tasks(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.tasks WHERE user_id = p_user_id AND NOT is_deleted
$$;

CREATE FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.tasks WHERE project_id = p_project_id AND NOT is_deleted AND id <> p_except
$$;

CREATE FUNCTION private.count_live_subtasks(p_parent_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.tasks WHERE parent_id = p_parent_id AND NOT is_deleted
$$;

CREATE FUNCTION private.next_task_sort_order(p_user_id uuid) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(max(sort_order), 0) + 1 FROM public.tasks WHERE user_id = p_user_id
$$;

-- The parent of a subtask. With p_as_end_user only a parent the caller
-- may see (their own task or one of a project they belong to) is found.
CREATE FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean)
RETURNS TABLE (user_id uuid, project_id uuid, parent_id uuid, is_deleted boolean)
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT t.user_id, t.project_id, t.parent_id, t.is_deleted FROM public.tasks t
  WHERE t.id = p_parent_id
    AND (NOT p_as_end_user
         OR t.user_id = auth.uid()
         OR t.project_id = ANY (private.accessible_project_ids()))
$$;

CREATE FUNCTION private.has_subtasks(p_task_id uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.tasks WHERE parent_id = p_task_id)
$$;

-- The live project a name designates for a user: their own first, then
-- one they joined (names are unique per owner, not across owners).
CREATE FUNCTION private.project_by_name(p_user_id uuid, p_name text)
RETURNS TABLE (id uuid, name text)
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT p.id, p.name FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = p_user_id
  WHERE NOT p.is_deleted
    AND lower(p.name) = lower(btrim(p_name))
    AND (p.user_id = p_user_id OR m.user_id IS NOT NULL)
  ORDER BY (p.user_id = p_user_id) DESC, p.created_at
  LIMIT 1
$$;

CREATE FUNCTION private.project_name_of(p_project_id uuid) RETURNS text
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT p.name FROM public.projects p WHERE p.id = p_project_id AND NOT p.is_deleted
$$;

-- Recurrence as stored on a task: a JSON object whose type is daily,
-- weekly, monthly, yearly (or custom, as quick add produces) and whose
-- interval, when given, is 1 to 30 (001 §3, §5). Raises 23514.
CREATE FUNCTION private.check_recurrence(p_recurrence text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  v jsonb;
  v_interval jsonb;
BEGIN
  IF p_recurrence IS NULL OR btrim(p_recurrence) IN ('', 'null') THEN
    RETURN;
  END IF;
  BEGIN
    v := p_recurrence::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514', DETAIL = 'Recurrence must be JSON.';
  END;
  IF jsonb_typeof(v) <> 'object' THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514', DETAIL = 'Recurrence must be a JSON object.';
  END IF;
  IF coalesce(v ->> 'type', '') NOT IN ('daily', 'weekly', 'monthly', 'yearly', 'custom') THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514',
      DETAIL = 'Recurrence type must be daily, weekly, monthly, yearly or custom.';
  END IF;
  v_interval := v -> 'interval';
  IF v_interval IS NOT NULL AND jsonb_typeof(v_interval) <> 'null' AND NOT (
       jsonb_typeof(v_interval) = 'number'
       AND (v_interval #>> '{}')::numeric = trunc((v_interval #>> '{}')::numeric)
       AND (v_interval #>> '{}')::numeric BETWEEN 1 AND 30) THEN
    RAISE EXCEPTION 'Invalid recurrence' USING ERRCODE = '23514',
      DETAIL = 'Recurrence interval must be between 1 and 30.';
  END IF;
END
$$;

GRANT EXECUTE ON FUNCTION private.count_live_tasks(uuid), private.count_live_project_tasks(uuid, uuid),
  private.count_live_subtasks(uuid), private.next_task_sort_order(uuid), private.parent_task(uuid, boolean),
  private.has_subtasks(uuid), private.project_by_name(uuid, text), private.project_name_of(uuid),
  private.check_recurrence(text)
  TO anon, authenticated, service_role;

CREATE FUNCTION private.tasks_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
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
    IF v_entering THEN
      PERFORM private.lock_counter('tasks:' || NEW.user_id);
      PERFORM private.assert_within_cap(NEW.user_id, 'tasks_total', private.count_live_tasks(NEW.user_id));
    END IF;
    IF NEW.project_id IS NOT NULL AND (v_entering OR NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
      PERFORM private.lock_counter('project_tasks:' || NEW.project_id);
      PERFORM private.assert_within_cap(private.project_owner(NEW.project_id), 'tasks_per_project',
                                        private.count_live_project_tasks(NEW.project_id, NEW.id));
    END IF;
    IF NEW.parent_id IS NOT NULL AND (v_entering OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) THEN
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

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_before_write();

-- Subtasks follow their parent: into the bin and into another project.
CREATE FUNCTION private.tasks_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.tasks SET is_deleted = true WHERE parent_id = NEW.id AND NOT is_deleted;
  END IF;
  IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
    UPDATE public.tasks SET project_id = NEW.project_id
    WHERE parent_id = NEW.id AND project_id IS DISTINCT FROM NEW.project_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_update AFTER UPDATE OF is_deleted, project_id ON public.tasks
  FOR EACH ROW WHEN (OLD.parent_id IS NULL)
  EXECUTE FUNCTION private.tasks_after_update();

-- A renamed project renames the list of its tasks; a deleted project takes
-- its tasks to the bin with it (soft delete, like the project).
CREATE FUNCTION private.projects_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name AND NOT NEW.is_deleted THEN
    UPDATE public.tasks SET list = NEW.name WHERE project_id = NEW.id AND list IS DISTINCT FROM NEW.name;
  END IF;
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.tasks SET is_deleted = true WHERE project_id = NEW.id AND NOT is_deleted;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_update AFTER UPDATE OF name, is_deleted ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.projects_after_update();

-- Row-level security: own tasks, and every task of a project one belongs
-- to (any role reads, writes and creates there; the trigger above keeps
-- deleting other members' tasks to the owner and admins).
ALTER TABLE public.tasks ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.tasks FROM anon, authenticated;

CREATE POLICY "read own and project tasks" ON public.tasks
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]));
CREATE POLICY "create own tasks" ON public.tasks
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "edit own and project tasks" ON public.tasks
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]));
CREATE POLICY "delete own tasks, managers delete project tasks" ON public.tasks
  FOR DELETE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.managed_project_ids())::uuid[]));
