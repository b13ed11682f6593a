-- Plan history (000 §9 "history": Free 0 months, Pro 12, Team 24)
-- applied to the activity log read (docs/decisions.md "Activity history by
-- plan").
--
-- "N months of history" is read as: the current calendar month (UTC) plus
-- the N full months before it. Free (0) sees this month's activity, Pro
-- this month and the 12 before, Team 24. The window is the reader's plan
-- (the caller's; service_role naming p_user_id gets that user's). Rows are
-- kept whatever the plan, so upgrading shows older activity again.
-- total_count counts the window: the kept totals of 0213 minus the rows
-- older than the window, counted on the same indexes (usually none or few).

INSERT INTO private.plan_limits (plan, limit_key, max_value) VALUES
  ('free', 'history_months', 0), ('pro', 'history_months', 12), ('team', 'history_months', 24);

-- The oldest time a user's activity log read reaches ('-infinity' when
-- the plan has no limit).
CREATE FUNCTION private.activity_history_since(p_user_id uuid) RETURNS timestamptz
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(
    (date_trunc('month', now() AT TIME ZONE 'UTC')
       - make_interval(months => private.plan_limit(coalesce(private.user_plan(p_user_id), 'free'), 'history_months')))
      AT TIME ZONE 'UTC',
    '-infinity'::timestamptz)
$$;

-- Live rows of a scope (as private.activity_counts keeps them) created
-- before p_since, each on its scope's index.
CREATE FUNCTION private.activity_before(p_scope text, p_scope_id uuid, p_types text[], p_since timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_n bigint := 0;
BEGIN
  IF p_since = '-infinity'::timestamptz THEN
    RETURN 0;
  ELSIF p_scope = 'project' THEN
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.project_id = p_scope_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  ELSIF p_scope = 'actor' THEN
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.user_id = p_scope_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  ELSE
    SELECT count(*) INTO v_n FROM public.activity_logs a
    WHERE a.task_owner_id = p_scope_id AND a.task_owner_id <> a.user_id AND NOT a.is_deleted AND a.created_at < p_since
      AND (p_types IS NULL OR a.activity_type = ANY (p_types));
  END IF;
  RETURN v_n;
END
$$;

GRANT EXECUTE ON FUNCTION private.activity_history_since(uuid), private.activity_before(text, uuid, text[], timestamptz)
  TO authenticated, service_role;

-- Same contract as 0213, within the reader's history window.
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
  v_since  timestamptz := private.activity_history_since(v_reader);
BEGIN
  IF p_project_id IS NOT NULL THEN
    IF private.project_role_of(p_project_id, v_reader) IS NULL THEN
      RAISE EXCEPTION 'You do not have access to this project' USING ERRCODE = '42501';
    END IF;
    v_total := private.activity_total('project', p_project_id, v_types)
             - private.activity_before('project', p_project_id, v_types, v_since);
    RETURN QUERY
    WITH page AS (
      SELECT a.* FROM public.activity_logs a
      WHERE a.project_id = p_project_id AND NOT a.is_deleted AND a.created_at >= v_since
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

  v_total := private.activity_total('actor', v_reader, v_types) + private.activity_total('task_owner', v_reader, v_types)
           - private.activity_before('actor', v_reader, v_types, v_since)
           - private.activity_before('task_owner', v_reader, v_types, v_since);
  RETURN QUERY
  WITH page AS (
    SELECT u.* FROM (
      (SELECT a.* FROM public.activity_logs a
       WHERE a.user_id = v_reader AND NOT a.is_deleted AND a.created_at >= v_since AND (v_types IS NULL OR a.activity_type = ANY (v_types))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT v_limit + v_offset)
      UNION ALL
      (SELECT a.* FROM public.activity_logs a
       WHERE a.task_owner_id = v_reader AND a.task_owner_id <> a.user_id AND NOT a.is_deleted
         AND a.created_at >= v_since
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
