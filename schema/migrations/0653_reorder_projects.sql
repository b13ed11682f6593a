-- RPC reorder_projects {p_project_ids} (001 §3, §4; issue 18).
--
-- 001 §3: "Order is saved as a list of ids"; §4: only projects the user owns
-- can be reordered, one reorder at a time. One call saves the whole order
-- in one transaction (one request per drag or Alt+Arrow, never a
-- half-saved order): the projects get sort_order 1, 2, … in the list's
-- order. Projects the caller owns that the list leaves out keep their
-- sort_order (a list from a tab that missed a new project still saves).
--
-- SECURITY INVOKER: the caller's row-level security and 0104's trigger
-- apply. Errors: 'Only projects you own can be reordered' (42501) when the
-- list names a project the caller does not own (or that does not exist);
-- 'A project can appear only once in the order' (22023).

CREATE FUNCTION public.reorder_projects(p_project_ids uuid[])
RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_uid uuid := auth.uid();
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  IF p_project_ids IS NULL OR cardinality(p_project_ids) = 0 THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT x) FROM unnest(p_project_ids) x) <> cardinality(p_project_ids) THEN
    RAISE EXCEPTION 'A project can appear only once in the order' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT FROM unnest(p_project_ids) x
             WHERE NOT EXISTS (SELECT FROM public.projects p WHERE p.id = x AND p.user_id = v_uid AND NOT p.is_deleted)) THEN
    RAISE EXCEPTION 'Only projects you own can be reordered' USING ERRCODE = '42501';
  END IF;
  UPDATE public.projects p SET sort_order = o.position
  FROM unnest(p_project_ids) WITH ORDINALITY AS o (id, position)
  WHERE p.id = o.id AND p.sort_order IS DISTINCT FROM o.position::integer;
END
$$;

REVOKE EXECUTE ON FUNCTION public.reorder_projects(uuid[]) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.reorder_projects(uuid[]) TO authenticated, service_role;
