-- The task list (001 §7, issue 6): private.accessible_project_ids() with a
-- plan kept per session.
--
-- The helper behind the read policies of projects, project_members, tasks
-- (and what hangs off them) already runs once per statement, as an
-- InitPlan (`(SELECT private.accessible_project_ids())` in each policy).
-- But a SQL-language function that cannot be inlined (SECURITY DEFINER,
-- SET search_path) has its body parsed, analysed and planned again at
-- every call: ~0.25 ms for this UNION, and the task list pays it twice
-- (the tasks policy, and the projects policy of the view's join) — a
-- fifth of the time the statement spends finding its 594 rows. PL/pgSQL
-- keeps the prepared plan for the life of the connection, so a call costs
-- the execution alone (~0.08 ms).
--
-- Same answer, same rights: the query is unchanged, still STABLE (the
-- caller's snapshot), SECURITY DEFINER with an empty search_path, same
-- owner and grants (CREATE OR REPLACE keeps them and every policy that
-- refers to it).
CREATE OR REPLACE FUNCTION private.accessible_project_ids() RETURNS uuid[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(id), '{}') FROM (
      SELECT p.id FROM public.projects p
      WHERE p.user_id = auth.uid() AND NOT p.is_deleted
      UNION
      SELECT m.project_id FROM public.project_members m
      JOIN public.projects p ON p.id = m.project_id
      WHERE m.user_id = auth.uid() AND NOT p.is_deleted
    ) s);
END
$$;
