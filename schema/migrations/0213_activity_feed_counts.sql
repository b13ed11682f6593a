-- get_activity_logs at 100,000 rows (docs/benchmarks.md): counted totals
-- and an index for "others' actions on my tasks".
--
-- 0208 counted total_count by reading every matching row (about 60 ms for
-- a project of 100,000 rows) and found others' actions on the reader's
-- tasks through a join over the whole log (hundreds of ms). Rows are final
-- (clients cannot update or delete them), so their counts per scope and
-- type are kept as they are written, and each row remembers the owner of
-- its task (task_owner_id, fixed: a task's owner never changes).

ALTER TABLE public.activity_logs ADD COLUMN task_owner_id uuid;
UPDATE public.activity_logs a SET task_owner_id = t.user_id FROM public.tasks t WHERE t.id = a.task_id;

-- The reader's feed, second arm: others' actions on tasks the reader owns.
CREATE INDEX activity_logs_task_owner_created_idx ON public.activity_logs (task_owner_id, created_at DESC, id DESC)
  WHERE NOT is_deleted AND task_owner_id IS NOT NULL AND task_owner_id <> user_id;

-- Live rows per scope ('project', 'actor', 'task_owner' for others'
-- actions on the owner's tasks) and type.
CREATE TABLE private.activity_counts (
  scope         text NOT NULL,
  scope_id      uuid NOT NULL,
  activity_type text NOT NULL,
  n             bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, scope_id, activity_type)
);
REVOKE ALL ON private.activity_counts FROM PUBLIC, anon, authenticated;

INSERT INTO private.activity_counts (scope, scope_id, activity_type, n)
SELECT s.scope, s.scope_id, s.activity_type, count(*) FROM (
  SELECT 'project' AS scope, project_id AS scope_id, activity_type FROM public.activity_logs
  WHERE NOT is_deleted AND project_id IS NOT NULL
  UNION ALL
  SELECT 'actor', user_id, activity_type FROM public.activity_logs WHERE NOT is_deleted
  UNION ALL
  SELECT 'task_owner', task_owner_id, activity_type FROM public.activity_logs
  WHERE NOT is_deleted AND task_owner_id IS NOT NULL AND task_owner_id <> user_id
) s GROUP BY 1, 2, 3;

CREATE FUNCTION private.activity_logs_set_task_owner() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.task_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.task_id IS DISTINCT FROM OLD.task_id) THEN
    NEW.task_owner_id := (SELECT t.user_id FROM public.tasks t WHERE t.id = NEW.task_id);
  ELSIF TG_OP = 'UPDATE' THEN
    NEW.task_owner_id := OLD.task_owner_id;  -- kept when the task goes (task_id set null)
  END IF;
  RETURN NEW;
END
$$;

-- "z": after before_insert of 0208, which may fold the row away.
CREATE TRIGGER z_set_task_owner BEFORE INSERT OR UPDATE OF task_id ON public.activity_logs
  FOR EACH ROW EXECUTE FUNCTION private.activity_logs_set_task_owner();

CREATE FUNCTION private.activity_counts_add(p_row public.activity_logs, p_delta integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO private.activity_counts AS c (scope, scope_id, activity_type, n)
  SELECT s.scope, s.scope_id, p_row.activity_type, p_delta FROM (VALUES
    ('project', p_row.project_id),
    ('actor', p_row.user_id),
    ('task_owner', CASE WHEN p_row.task_owner_id <> p_row.user_id THEN p_row.task_owner_id END)) s (scope, scope_id)
  WHERE s.scope_id IS NOT NULL AND NOT p_row.is_deleted
  ON CONFLICT (scope, scope_id, activity_type) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

CREATE FUNCTION private.activity_logs_count() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM private.activity_counts_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM private.activity_counts_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER count_rows AFTER INSERT OR UPDATE OR DELETE ON public.activity_logs
  FOR EACH ROW EXECUTE FUNCTION private.activity_logs_count();

CREATE FUNCTION private.activity_total(p_scope text, p_scope_id uuid, p_types text[]) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(sum(c.n), 0)::bigint FROM private.activity_counts c
  WHERE c.scope = p_scope AND c.scope_id = p_scope_id AND (p_types IS NULL OR c.activity_type = ANY (p_types))
$$;

GRANT EXECUTE ON FUNCTION private.activity_logs_set_task_owner(), private.activity_counts_add(public.activity_logs, integer),
  private.activity_logs_count(), private.activity_total(text, uuid, text[])
  TO authenticated, service_role;

-- Same contract as 0208. The reader's feed is now their own actions plus
-- others' actions on tasks they own (tasks assigned to them show their
-- log in the task's dialog, and in the project's).
CREATE OR REPLACE FUNCTION public.get_activity_logs(
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
    v_total := private.activity_total('project', p_project_id, v_types);
    RETURN QUERY
    WITH page AS (
      SELECT a.* FROM public.activity_logs a
      WHERE a.project_id = p_project_id AND NOT a.is_deleted
        AND (v_types IS NULL OR a.activity_type = ANY (v_types))
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT v_limit OFFSET v_offset
    ), avatars AS (SELECT private.project_member_avatars(p_project_id) AS j)
    SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
           p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name, av.j, v_total
    FROM page p
    CROSS JOIN avatars av
    LEFT JOIN public.user_profiles up ON up.id = p.user_id
    LEFT JOIN public.projects pr ON pr.id = p.project_id
    ORDER BY p.created_at DESC, p.id DESC;
    RETURN;
  END IF;

  v_total := private.activity_total('actor', v_reader, v_types) + private.activity_total('task_owner', v_reader, v_types);
  RETURN QUERY
  WITH page AS (
    SELECT u.* FROM (
      (SELECT a.* FROM public.activity_logs a
       WHERE a.user_id = v_reader AND NOT a.is_deleted AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
      UNION ALL
      (SELECT a.* FROM public.activity_logs a
       WHERE a.task_owner_id = v_reader AND a.task_owner_id <> a.user_id AND NOT a.is_deleted
         AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
    ) u
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT v_limit OFFSET v_offset
  ), projects AS (
    SELECT DISTINCT p.project_id FROM page p WHERE p.project_id IS NOT NULL
  ), avatars AS (
    SELECT x.project_id, private.project_member_avatars(x.project_id) AS j FROM projects x
  )
  SELECT p.id, p.user_id, p.task_id, p.project_id, p.activity_type, p.activity_description, p.entity_name,
         p.metadata, p.created_at, private.user_label(p.user_id), up.avatar_url, pr.name,
         coalesce(av.j, '[]'::jsonb), v_total
  FROM page p
  LEFT JOIN avatars av ON av.project_id = p.project_id
  LEFT JOIN public.user_profiles up ON up.id = p.user_id
  LEFT JOIN public.projects pr ON pr.id = p.project_id
  ORDER BY p.created_at DESC, p.id DESC;
END
$$;
