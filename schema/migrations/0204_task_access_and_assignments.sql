-- Who reaches a task, and task assignment (002 §3 "task_assignment", §4
-- "Task assignment", §7).
--
-- 001 gave tasks to their owner and to everyone in the task's project.
-- Spec 002 adds two ways in: the person a task is assigned to, and the
-- active members of the team a task belongs to (tasks.team_id). Comments,
-- attachments, links and activity of a task follow the same rule, through
-- private.task_access.
--
-- Assigning: any active member of a team assigns a task they can reach to
-- an active member of the same team; without a team, a task can be
-- assigned to its owner or to someone in its project. The assignment row
-- and the task's assigned_to/team_id are kept in step whichever the client
-- writes first, and the assignee is notified once, by the task's change.

-- Whether p_user_id reaches the task (any state, deleted included).
CREATE FUNCTION private.task_access(p_user_id uuid, p_task_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t
    WHERE t.id = p_task_id
      AND (t.user_id = p_user_id
           OR t.assigned_to = p_user_id
           OR (t.project_id IS NOT NULL AND private.project_role_of(t.project_id, p_user_id) IS NOT NULL)
           OR (t.team_id IS NOT NULL AND private.team_role_of(t.team_id, p_user_id) IS NOT NULL)))
$$;

-- The same for the current user; false without one.
CREATE FUNCTION private.can_access_task(p_task_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT auth.uid() IS NOT NULL AND private.task_access(auth.uid(), p_task_id)
$$;

-- Whether the current user manages the task: its owner, or the owner or
-- an admin of its project, or an admin of its team.
CREATE FUNCTION private.can_manage_task(p_task_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM public.tasks t
    WHERE t.id = p_task_id
      AND (t.user_id = auth.uid()
           OR coalesce(private.project_role_of(t.project_id, auth.uid()), '') IN ('owner', 'admin')
           OR private.team_role_of(t.team_id, auth.uid()) = 'admin'))
$$;

CREATE FUNCTION private.task_title(p_task_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT t.title FROM public.tasks t WHERE t.id = p_task_id
$$;

GRANT EXECUTE ON FUNCTION private.task_access(uuid, uuid), private.can_access_task(uuid),
  private.can_manage_task(uuid), private.task_title(uuid)
  TO authenticated, service_role;

-- Tasks: assignees and the team's active members read and edit them, as
-- project members do (0105's trigger still keeps deleting other people's
-- tasks to managers).
CREATE POLICY "assignees and team members read tasks" ON public.tasks
  FOR SELECT TO authenticated
  USING (assigned_to = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[]));
CREATE POLICY "assignees and team members edit tasks" ON public.tasks
  FOR UPDATE TO authenticated
  USING (assigned_to = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[]))
  WITH CHECK (assigned_to = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[])
              OR user_id = (SELECT auth.uid()));

-- The assignment rules on the task itself (BEFORE, after 0105's
-- before_write: trigger names fire in alphabetical order).
CREATE FUNCTION private.tasks_team_rules() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_insert boolean := TG_OP = 'INSERT';
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF NEW.team_id IS NOT NULL AND (v_insert OR NEW.team_id IS DISTINCT FROM OLD.team_id)
     AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
    RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
  END IF;
  IF NEW.assigned_to IS NOT NULL
     AND (v_insert OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to OR NEW.team_id IS DISTINCT FROM OLD.team_id) THEN
    IF NEW.team_id IS NOT NULL THEN
      IF private.team_role_of(NEW.team_id, NEW.assigned_to) IS NULL THEN
        RAISE EXCEPTION 'The assignee must be an active member of the team' USING ERRCODE = '23514';
      END IF;
    ELSIF NEW.assigned_to IS DISTINCT FROM NEW.user_id
          AND (NEW.project_id IS NULL OR private.project_role_of(NEW.project_id, NEW.assigned_to) IS NULL) THEN
      RAISE EXCEPTION 'A task can be assigned only to a member of its team or project' USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER team_rules BEFORE INSERT OR UPDATE OF team_id, assigned_to ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_team_rules();

-- The assignee hears of it: when assigned_to changes to someone other
-- than the person acting.
CREATE FUNCTION private.tasks_notify_assignee() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_actor uuid := auth.uid();
BEGIN
  IF NEW.assigned_to IS NULL OR NEW.is_deleted
     OR (TG_OP = 'UPDATE' AND NEW.assigned_to IS NOT DISTINCT FROM OLD.assigned_to) THEN
    RETURN NULL;
  END IF;
  PERFORM private.notify(NEW.assigned_to, coalesce(v_actor, NEW.user_id), 'task_assigned', 'Task assigned to you',
    format('%s assigned you "%s"', coalesce(private.user_label(coalesce(v_actor, NEW.user_id)), 'Someone'), NEW.title),
    NEW.id, 'task',
    jsonb_strip_nulls(jsonb_build_object(
      'actionUrl', '/app/tasks?taskId=' || NEW.id, 'task_title', NEW.title,
      'due_date', NEW.due_date, 'due_time', NEW.due_time, 'priority', NEW.priority, 'team_id', NEW.team_id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER notify_assignee AFTER INSERT OR UPDATE OF assigned_to ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_notify_assignee();

CREATE TABLE public.task_assignments (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  task_id     uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  assigned_to uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  assigned_by uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  team_id     uuid REFERENCES public.teams (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_assignments_task_idx ON public.task_assignments (task_id, created_at DESC);
CREATE INDEX task_assignments_assignee_idx ON public.task_assignments (assigned_to);
CREATE INDEX task_assignments_team_idx ON public.task_assignments (team_id) WHERE team_id IS NOT NULL;

-- Applies an assignment to its task past RLS (the caller was checked).
CREATE FUNCTION private.apply_assignment(p_task_id uuid, p_assigned_to uuid, p_team_id uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  UPDATE public.tasks SET assigned_to = p_assigned_to, team_id = coalesce(p_team_id, team_id)
  WHERE id = p_task_id
    AND (assigned_to IS DISTINCT FROM p_assigned_to OR (p_team_id IS NOT NULL AND team_id IS DISTINCT FROM p_team_id))
$$;

GRANT EXECUTE ON FUNCTION private.apply_assignment(uuid, uuid, uuid) TO authenticated, service_role;

CREATE FUNCTION private.task_assignments_before_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.assigned_by := auth.uid();
    NEW.created_at := now();
    IF NOT private.can_access_task(NEW.task_id) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
    END IF;
    IF NEW.team_id IS NOT NULL AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
      RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
    END IF;
  END IF;
  IF NEW.team_id IS NOT NULL AND private.team_role_of(NEW.team_id, NEW.assigned_to) IS NULL THEN
    RAISE EXCEPTION 'The assignee must be an active member of the team' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_insert BEFORE INSERT ON public.task_assignments
  FOR EACH ROW EXECUTE FUNCTION private.task_assignments_before_insert();

-- The task follows its newest assignment (so skipping the client's
-- second call still assigns), and the team's feed records it.
CREATE FUNCTION private.task_assignments_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM private.apply_assignment(NEW.task_id, NEW.assigned_to, NEW.team_id);
  IF NEW.team_id IS NOT NULL THEN
    PERFORM private.log_team_activity(NEW.team_id, coalesce(NEW.assigned_by, auth.uid()), 'task_assigned', 'task', NEW.task_id,
      jsonb_build_object('task_title', private.task_title(NEW.task_id), 'assigned_to', NEW.assigned_to,
                         'assignee_name', private.user_label(NEW.assigned_to)));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_insert AFTER INSERT ON public.task_assignments
  FOR EACH ROW EXECUTE FUNCTION private.task_assignments_after_insert();

-- Row-level security: assignments are read by whoever reaches the task
-- and written by the rules above; they are history (no edits), removed
-- only with their task or team.
ALTER TABLE public.task_assignments ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, UPDATE, DELETE ON public.task_assignments FROM anon, authenticated;

CREATE POLICY "read assignments of reachable tasks" ON public.task_assignments
  FOR SELECT TO authenticated
  USING (assigned_to = (SELECT auth.uid()) OR assigned_by = (SELECT auth.uid()) OR private.can_access_task(task_id));
CREATE POLICY "assign reachable tasks" ON public.task_assignments
  FOR INSERT TO authenticated WITH CHECK (assigned_by = (SELECT auth.uid()));
