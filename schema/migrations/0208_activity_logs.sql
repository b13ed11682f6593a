-- The activity log (002 §3 "Activity log", §7): what happened to tasks,
-- written by triggers so the log is complete whichever client (or none)
-- made the change, and read through get_activity_logs.
--
-- Triggers on tasks, task_comments and task_attachments write one row per
-- kind of change (metadata.source = 'trigger'). The app also inserts its
-- own rows after a change (002 §7); such an insert, when the trigger
-- already logged the same change (same actor, task and type within 30 s),
-- refines that row's description instead of adding a second one, so the
-- log shows each change once.
--
-- Readers: the actor, everyone in the row's project, and everyone who
-- reaches the row's task. Rows are final: clients cannot edit or delete
-- them.

CREATE TABLE public.activity_logs (
  id                   uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id              uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  task_id              uuid REFERENCES public.tasks (id) ON DELETE SET NULL,
  project_id           uuid REFERENCES public.projects (id) ON DELETE SET NULL,
  activity_type        text NOT NULL CONSTRAINT activity_logs_type_valid CHECK (activity_type IN (
                         'task_created', 'task_updated', 'task_completed', 'task_deleted', 'task_assigned',
                         'task_unassigned', 'comment_added', 'attachment_added', 'attachment_removed',
                         'priority_changed', 'due_date_changed', 'project_changed', 'tags_changed',
                         'title_changed', 'notes_changed', 'status_changed')),
  activity_description text NOT NULL DEFAULT '' CONSTRAINT activity_logs_description_length CHECK (length(activity_description) <= 1000),
  entity_name          text CONSTRAINT activity_logs_entity_name_length CHECK (length(entity_name) <= 500),
  metadata             jsonb NOT NULL DEFAULT '{}' CONSTRAINT activity_logs_metadata_object
                         CHECK (jsonb_typeof(metadata) = 'object' AND octet_length(metadata::text) <= 16384),
  is_deleted           boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now()
);
-- The pages of get_activity_logs: a user's, a project's and a task's
-- newest first.
CREATE INDEX activity_logs_user_created_idx ON public.activity_logs (user_id, created_at DESC, id DESC) WHERE NOT is_deleted;
CREATE INDEX activity_logs_project_created_idx ON public.activity_logs (project_id, created_at DESC, id DESC)
  WHERE project_id IS NOT NULL AND NOT is_deleted;
CREATE INDEX activity_logs_task_created_idx ON public.activity_logs (task_id, created_at DESC)
  WHERE task_id IS NOT NULL AND NOT is_deleted;

-- Priority names on the stored scale (0 none .. 4 urgent).
CREATE FUNCTION private.priority_name(p smallint) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT (ARRAY['None', 'Low', 'Medium', 'High', 'Urgent'])[p + 1]
$$;

-- Writes one trigger row.
CREATE FUNCTION private.log_activity(p_user_id uuid, p_task_id uuid, p_project_id uuid, p_type text,
                                     p_description text, p_entity_name text, p_metadata jsonb DEFAULT '{}')
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata)
  SELECT p_user_id, p_task_id, p_project_id, p_type, left(p_description, 1000), left(p_entity_name, 500),
         coalesce(p_metadata, '{}') || '{"source": "trigger"}'
  WHERE p_user_id IS NOT NULL AND EXISTS (SELECT FROM auth.users WHERE id = p_user_id)
$$;

GRANT EXECUTE ON FUNCTION private.priority_name(smallint),
  private.log_activity(uuid, uuid, uuid, text, text, text, jsonb) TO authenticated, service_role;

-- Task changes. The actor is the signed-in user, else (service side) the
-- task's owner.
CREATE FUNCTION private.tasks_log_activity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_actor   uuid := coalesce(auth.uid(), NEW.user_id);
  v_logged  boolean := false;
  v_project text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_created',
                                 format('Created task "%s"', NEW.title), NEW.title);
    RETURN NULL;
  END IF;

  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_deleted',
                                 format('Deleted task "%s"', NEW.title), NEW.title);
    RETURN NULL;
  END IF;
  IF OLD.is_deleted AND NOT NEW.is_deleted THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'status_changed',
                                 format('Restored task "%s"', NEW.title), NEW.title,
                                 jsonb_build_object('old', 'deleted', 'new', 'restored'));
    v_logged := true;
  END IF;
  IF NEW.is_deleted THEN
    RETURN NULL;  -- changes to a task in the bin are not news
  END IF;

  IF NEW.is_completed AND NOT OLD.is_completed THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_completed',
                                 format('Completed task "%s"', NEW.title), NEW.title);
    v_logged := true;
  ELSIF OLD.is_completed AND NOT NEW.is_completed THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'status_changed',
                                 format('Reopened task "%s"', NEW.title), NEW.title,
                                 jsonb_build_object('old', 'completed', 'new', 'open'));
    v_logged := true;
  END IF;
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'title_changed',
                                 format('Renamed task from "%s" to "%s"', OLD.title, NEW.title), NEW.title,
                                 jsonb_build_object('old', OLD.title, 'new', NEW.title));
    v_logged := true;
  END IF;
  IF NEW.priority IS DISTINCT FROM OLD.priority THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'priority_changed',
                                 format('Changed priority from %s to %s', private.priority_name(OLD.priority),
                                        private.priority_name(NEW.priority)), NEW.title,
                                 jsonb_build_object('old', OLD.priority, 'new', NEW.priority));
    v_logged := true;
  END IF;
  IF NEW.due_date IS DISTINCT FROM OLD.due_date OR NEW.due_time IS DISTINCT FROM OLD.due_time THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'due_date_changed',
                                 CASE WHEN NEW.due_date IS NULL AND NEW.due_time IS NULL THEN 'Removed the due date'
                                      ELSE format('Changed due date to %s', coalesce(NEW.due_date::text, NEW.due_time::text)) END,
                                 NEW.title,
                                 jsonb_build_object('old', OLD.due_date, 'new', NEW.due_date,
                                                    'old_time', OLD.due_time, 'new_time', NEW.due_time));
    v_logged := true;
  END IF;
  IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
    v_project := private.project_name_of(NEW.project_id);
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'project_changed',
                                 CASE WHEN NEW.project_id IS NULL THEN 'Moved to Inbox'
                                      ELSE format('Moved to project "%s"', v_project) END,
                                 NEW.title,
                                 jsonb_build_object('old', OLD.project_id, 'new', NEW.project_id,
                                                    'old_name', OLD.list, 'new_name', v_project));
    v_logged := true;
  END IF;
  IF NEW.tags IS DISTINCT FROM OLD.tags THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'tags_changed',
                                 CASE WHEN coalesce(NEW.tags, '') = '' THEN 'Removed all tags'
                                      ELSE format('Changed tags to "%s"', NEW.tags) END, NEW.title,
                                 jsonb_build_object('old', OLD.tags, 'new', NEW.tags));
    v_logged := true;
  END IF;
  IF NEW.notes IS DISTINCT FROM OLD.notes THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'notes_changed', 'Updated the notes', NEW.title);
    v_logged := true;
  END IF;
  IF NEW.assigned_to IS DISTINCT FROM OLD.assigned_to THEN
    IF NEW.assigned_to IS NOT NULL THEN
      PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_assigned',
                                   format('Assigned to %s', coalesce(private.user_label(NEW.assigned_to), 'someone')), NEW.title,
                                   jsonb_build_object('assigned_to', NEW.assigned_to, 'previous', OLD.assigned_to,
                                                      'team_id', NEW.team_id));
    ELSE
      PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_unassigned',
                                   format('Unassigned %s', coalesce(private.user_label(OLD.assigned_to), 'someone')), NEW.title,
                                   jsonb_build_object('previous', OLD.assigned_to));
    END IF;
    v_logged := true;
  END IF;
  -- Anything else a person would call an edit (not ordering, starring or
  -- the server's own bookkeeping).
  IF NOT v_logged AND (NEW.location IS DISTINCT FROM OLD.location OR NEW.reminders IS DISTINCT FROM OLD.reminders
       OR NEW.recurrence IS DISTINCT FROM OLD.recurrence OR NEW.importance IS DISTINCT FROM OLD.importance
       OR NEW.urgency IS DISTINCT FROM OLD.urgency OR NEW.parent_id IS DISTINCT FROM OLD.parent_id
       OR NEW.team_id IS DISTINCT FROM OLD.team_id) THEN
    PERFORM private.log_activity(v_actor, NEW.id, NEW.project_id, 'task_updated',
                                 format('Updated task "%s"', NEW.title), NEW.title);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER log_activity AFTER INSERT OR UPDATE ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_log_activity();

CREATE FUNCTION private.task_comments_log_activity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_task public.tasks;
BEGIN
  IF NEW.is_deleted THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_task FROM public.tasks WHERE id = NEW.task_id;
  PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'comment_added',
                               'Added a comment', v_task.title,
                               jsonb_build_object('comment_id', NEW.id, 'preview', left(NEW.content, 100)));
  RETURN NULL;
END
$$;

CREATE TRIGGER log_activity AFTER INSERT ON public.task_comments
  FOR EACH ROW EXECUTE FUNCTION private.task_comments_log_activity();

CREATE FUNCTION private.task_attachments_log_activity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_task public.tasks;
BEGIN
  SELECT * INTO v_task FROM public.tasks WHERE id = NEW.task_id;
  IF TG_OP = 'INSERT' AND NOT NEW.is_marked_deleted THEN
    PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'attachment_added',
                                 format('Attached "%s"', NEW.filename), v_task.title,
                                 jsonb_build_object('attachment_id', NEW.id, 'filename', NEW.filename,
                                                    'file_size', NEW.file_size, 'mime_type', NEW.mime_type));
  ELSIF TG_OP = 'UPDATE' AND NEW.is_marked_deleted AND NOT OLD.is_marked_deleted THEN
    PERFORM private.log_activity(coalesce(auth.uid(), NEW.user_id), NEW.task_id, v_task.project_id, 'attachment_removed',
                                 format('Removed "%s"', NEW.filename), v_task.title,
                                 jsonb_build_object('attachment_id', NEW.id, 'filename', NEW.filename));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER log_activity AFTER INSERT OR UPDATE OF is_marked_deleted ON public.task_attachments
  FOR EACH ROW EXECUTE FUNCTION private.task_attachments_log_activity();

-- The trigger row a client's own insert describes again, if any.
CREATE FUNCTION private.logged_twin(p_user_id uuid, p_task_id uuid, p_type text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT a.id FROM public.activity_logs a
  WHERE a.user_id = p_user_id AND a.task_id IS NOT DISTINCT FROM p_task_id AND a.activity_type = p_type
    AND a.metadata ->> 'source' = 'trigger' AND NOT (a.metadata ? 'client')
    AND a.created_at > now() - interval '30 seconds'
  ORDER BY a.created_at DESC
  LIMIT 1
$$;

CREATE FUNCTION private.refine_logged_twin(p_id uuid, p_description text, p_entity_name text, p_metadata jsonb)
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  UPDATE public.activity_logs
  SET activity_description = coalesce(nullif(p_description, ''), activity_description),
      entity_name = coalesce(p_entity_name, entity_name),
      metadata = metadata || jsonb_build_object('client', coalesce(p_metadata, '{}'))
  WHERE id = p_id
$$;

GRANT EXECUTE ON FUNCTION private.logged_twin(uuid, uuid, text), private.refine_logged_twin(uuid, text, text, jsonb)
  TO authenticated, service_role;

-- Client inserts: in the caller's own name, about what they reach, at the
-- server's time; folded into the trigger's row of the same change.
CREATE FUNCTION private.activity_logs_before_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_twin uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  NEW.user_id := auth.uid();
  NEW.created_at := now();
  NEW.is_deleted := false;
  NEW.metadata := coalesce(NEW.metadata, '{}') - 'source';
  IF NEW.task_id IS NOT NULL THEN
    IF NOT private.can_access_task(NEW.task_id) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
    END IF;
  END IF;
  IF NEW.project_id IS NOT NULL AND NOT NEW.project_id = ANY (private.accessible_project_ids()) THEN
    RAISE EXCEPTION 'Project not found' USING ERRCODE = '23503';
  END IF;
  v_twin := private.logged_twin(NEW.user_id, NEW.task_id, NEW.activity_type);
  IF v_twin IS NOT NULL THEN
    PERFORM private.refine_logged_twin(v_twin, NEW.activity_description, NEW.entity_name, NEW.metadata);
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_insert BEFORE INSERT ON public.activity_logs
  FOR EACH ROW EXECUTE FUNCTION private.activity_logs_before_insert();

ALTER TABLE public.activity_logs ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, UPDATE, DELETE ON public.activity_logs FROM anon, authenticated;

CREATE POLICY "actors, project members and task people read activity" ON public.activity_logs
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid())
         OR project_id = ANY ((SELECT private.accessible_project_ids())::uuid[])
         OR (task_id IS NOT NULL AND private.can_access_task(task_id)));
CREATE POLICY "log own activity" ON public.activity_logs
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));

-- RPC get_activity_logs {p_user_id, p_project_id, p_activity_types,
-- p_limit, p_offset} (002 §7), newest first, in the read form of 002 §3.
--
-- p_user_id is the reader: the caller (service_role names anyone).
-- Without p_project_id the reader's own feed: what they did, and what
-- others did to tasks they own or are assigned. With p_project_id: the
-- project's activity, for anyone in the project. p_activity_types (NULL
-- or empty: all) filters by type; p_limit is 1..100 (50), p_offset >= 0.
-- total_count is the size of the whole filtered log (every row repeats
-- it); member_avatars holds up to 5 members of the row's project as
-- {user_id, name, avatar_url}.
CREATE FUNCTION public.get_activity_logs(
  p_user_id uuid DEFAULT NULL,
  p_project_id uuid DEFAULT NULL,
  p_activity_types text[] DEFAULT NULL,
  p_limit integer DEFAULT 50,
  p_offset integer DEFAULT 0)
RETURNS TABLE (
  id                   uuid,
  user_id              uuid,
  task_id              uuid,
  project_id           uuid,
  activity_type        text,
  activity_description text,
  entity_name          text,
  metadata             jsonb,
  created_at           timestamptz,
  actor_name           text,
  actor_avatar_url     text,
  project_name         text,
  member_avatars       jsonb,
  total_count          bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_reader uuid := private.acting_user(p_user_id);
  v_limit  integer := least(greatest(coalesce(p_limit, 50), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_types  text[] := CASE WHEN cardinality(p_activity_types) > 0 THEN p_activity_types END;
  v_total  bigint;
BEGIN
  IF p_project_id IS NOT NULL THEN
    IF private.project_role_of(p_project_id, v_reader) IS NULL THEN
      RAISE EXCEPTION 'You do not have access to this project' USING ERRCODE = '42501';
    END IF;
    SELECT count(*) INTO v_total FROM public.activity_logs a
    WHERE a.project_id = p_project_id AND NOT a.is_deleted
      AND (v_types IS NULL OR a.activity_type = ANY (v_types));
    RETURN QUERY
    WITH page AS (
      SELECT a.* FROM public.activity_logs a
      WHERE a.project_id = p_project_id AND NOT a.is_deleted
        AND (v_types IS NULL OR a.activity_type = ANY (v_types))
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT v_limit OFFSET v_offset
    )
    SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
           p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name, av.avatars, v_total
    FROM page p
    LEFT JOIN public.user_profiles up ON up.id = p.user_id
    LEFT JOIN public.projects pr ON pr.id = p.project_id
    LEFT JOIN LATERAL (SELECT private.project_member_avatars(p.project_id) AS avatars) av ON true
    ORDER BY p.created_at DESC, p.id DESC;
    RETURN;
  END IF;

  -- The reader's feed: own actions, plus others' actions on tasks the
  -- reader owns or is assigned.
  SELECT count(*) INTO v_total FROM (
    SELECT a.id FROM public.activity_logs a
    WHERE a.user_id = v_reader AND NOT a.is_deleted AND (v_types IS NULL OR a.activity_type = ANY (v_types))
    UNION
    SELECT a.id FROM public.tasks t
    JOIN public.activity_logs a ON a.task_id = t.id AND NOT a.is_deleted
    WHERE (t.user_id = v_reader OR t.assigned_to = v_reader) AND a.user_id <> v_reader
      AND (v_types IS NULL OR a.activity_type = ANY (v_types))
  ) s;
  RETURN QUERY
  WITH page AS (
    SELECT u.* FROM (
      (SELECT a.* FROM public.activity_logs a
       WHERE a.user_id = v_reader AND NOT a.is_deleted AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
      UNION
      (SELECT a.* FROM public.tasks t
       JOIN public.activity_logs a ON a.task_id = t.id AND NOT a.is_deleted
       WHERE (t.user_id = v_reader OR t.assigned_to = v_reader) AND a.user_id <> v_reader
         AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
    ) u
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT v_limit OFFSET v_offset
  )
  SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
         p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name,
         CASE WHEN p.project_id IS NULL THEN '[]'::jsonb ELSE private.project_member_avatars(p.project_id) END,
         v_total
  FROM page p
  LEFT JOIN public.user_profiles up ON up.id = p.user_id
  LEFT JOIN public.projects pr ON pr.id = p.project_id
  ORDER BY p.created_at DESC, p.id DESC;
END
$$;

-- Up to 5 members of a project (owner first) for the avatars row.
CREATE FUNCTION private.project_member_avatars(p_project_id uuid) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('user_id', s.user_id, 'name', s.name, 'avatar_url', s.avatar_url)
                            ORDER BY s.ord, s.created_at), '[]')
  FROM (
    SELECT m.user_id, coalesce(nullif(up.full_name, ''), m.user_name, m.user_email) AS name, up.avatar_url,
           CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END AS ord, m.created_at
    FROM public.project_members m
    LEFT JOIN public.user_profiles up ON up.id = m.user_id
    WHERE m.project_id = p_project_id
    ORDER BY 4, m.created_at
    LIMIT 5
  ) s
$$;

GRANT EXECUTE ON FUNCTION private.project_member_avatars(uuid) TO authenticated, service_role;

REVOKE EXECUTE ON FUNCTION public.get_activity_logs(uuid, uuid, text[], integer, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.get_activity_logs(uuid, uuid, text[], integer, integer) TO authenticated, service_role;
