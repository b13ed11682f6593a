-- RPC get_task_people {p_task_id}: the people who can see a task, for the
-- comment thread's @mention picker (002 §5 "the @ picker shows people who
-- can see the task"; issue 21). A project member cannot read the team's
-- member list and a team member cannot read the project's, so the picker
-- needs one answer that unites them: the task's owner and assignee, its
-- project's owner and members, and its team's active members — each
-- checked with private.task_access, the same rule that decides who is
-- notified of a mention (0205). The caller is included (the app leaves
-- them out of its own suggestions). 404 for a task the caller cannot see,
-- whether or not it exists.
CREATE FUNCTION public.get_task_people(p_task_id uuid)
RETURNS TABLE (user_id uuid, full_name text, email text, avatar_url text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  -- Reads past row-level security: the assured-session rule of 0620.
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
  IF v_uid IS NULL OR NOT private.task_access(v_uid, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  WITH candidates AS (
    SELECT t.user_id AS id FROM public.tasks t WHERE t.id = p_task_id
    UNION SELECT t.assigned_to FROM public.tasks t WHERE t.id = p_task_id AND t.assigned_to IS NOT NULL
    UNION SELECT p.user_id FROM public.tasks t JOIN public.projects p ON p.id = t.project_id WHERE t.id = p_task_id
    UNION SELECT m.user_id FROM public.tasks t JOIN public.project_members m ON m.project_id = t.project_id WHERE t.id = p_task_id
    UNION SELECT m.user_id FROM public.tasks t JOIN public.team_members m ON m.team_id = t.team_id
          WHERE t.id = p_task_id AND m.status = 'active'
  )
  SELECT c.id, coalesce(i.full_name, i.email), i.email, i.avatar_url
  FROM candidates c
  LEFT JOIN LATERAL private.user_identity(c.id) i ON true
  WHERE private.task_access(c.id, p_task_id)
  ORDER BY lower(coalesce(i.full_name, i.email)), c.id;
END
$$;

REVOKE ALL ON FUNCTION public.get_task_people(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.get_task_people(uuid) TO authenticated, service_role;
