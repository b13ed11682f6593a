-- The helpers the tasks triggers and policies call per row, in PL/pgSQL
-- (issue 26's 5,000-row import, issue 25's writes).
--
-- Each was a one-statement LANGUAGE sql function with a SET search_path
-- clause (and most SECURITY DEFINER), which PostgreSQL never inlines and,
-- before version 18, parses and plans again on every call: a profile of a
-- 5,000-row import put a quarter of the backend's time in fmgr_sql. A
-- PL/pgSQL body keeps its plan for the connection's life. Bodies,
-- volatility, rights, search_path and grants are unchanged (CREATE OR
-- REPLACE keeps the grants); the table-returning ones resolve names to
-- columns as the SQL bodies did.

CREATE OR REPLACE FUNCTION private.is_end_user() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT current_user IN ('anon', 'authenticated')
  );
END
$$;

CREATE OR REPLACE FUNCTION private.user_plan(p_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT CASE
           WHEN bool_or(s.plan_id ILIKE '%team%') THEN 'team'
           WHEN bool_or(s.plan_id NOT ILIKE '%free%') THEN 'pro'
           ELSE 'free'
         END
  FROM public.user_subscriptions s
  WHERE s.user_id = p_user_id
    AND s.status IN ('active', 'trialing', 'past_due')
  );
END
$$;

CREATE OR REPLACE FUNCTION private.plan_limit(p_plan text, p_limit_key text) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT l.max_value FROM private.plan_limits l
  WHERE l.plan = p_plan AND l.limit_key = p_limit_key
  );
END
$$;

CREATE OR REPLACE FUNCTION private.project_owner(p_project_id uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT p.user_id FROM public.projects p WHERE p.id = p_project_id
  );
END
$$;

CREATE OR REPLACE FUNCTION private.next_task_sort_order(p_user_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT coalesce(max(sort_order), 0) + 1 FROM public.tasks WHERE user_id = p_user_id
  );
END
$$;

CREATE OR REPLACE FUNCTION private.project_name_of(p_project_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT p.name FROM public.projects p WHERE p.id = p_project_id AND NOT p.is_deleted
  );
END
$$;

CREATE OR REPLACE FUNCTION private.parent_task(p_parent_id uuid, p_as_end_user boolean) RETURNS TABLE(user_id uuid, project_id uuid, parent_id uuid, is_deleted boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT t.user_id, t.project_id, t.parent_id, t.is_deleted FROM public.tasks t
  WHERE t.id = p_parent_id
    AND (NOT p_as_end_user
         OR t.user_id = auth.uid()
         OR t.project_id = ANY (private.accessible_project_ids()));
END
$$;

CREATE OR REPLACE FUNCTION private.lock_counter(p_key text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('daybase.cap:' || p_key, 0));
END
$$;

CREATE OR REPLACE FUNCTION private.count_live_tasks(p_user_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT count(*) FROM public.tasks WHERE user_id = p_user_id AND NOT is_deleted
  );
END
$$;

CREATE OR REPLACE FUNCTION private.count_live_project_tasks(p_project_id uuid, p_except uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT count(*) FROM public.tasks WHERE project_id = p_project_id AND NOT is_deleted AND id <> p_except
  );
END
$$;

CREATE OR REPLACE FUNCTION private.project_by_name(p_user_id uuid, p_name text) RETURNS TABLE(id uuid, name text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT p.id, p.name FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = p_user_id
  WHERE NOT p.is_deleted
    AND lower(p.name) = lower(btrim(p_name))
    AND (p.user_id = p_user_id OR m.user_id IS NOT NULL)
  ORDER BY (p.user_id = p_user_id) DESC, p.created_at
  LIMIT 1;
END
$$;

CREATE OR REPLACE FUNCTION private.is_service_caller() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
BEGIN
  RETURN (
  SELECT coalesce(auth.role() = 'service_role' AND auth.uid() IS NULL, false)
      OR current_setting('role') = 'none'
  );
END
$$;
