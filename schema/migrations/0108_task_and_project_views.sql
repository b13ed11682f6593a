-- The read models of 001 §7: tasks with their project, and the projects a
-- user reaches with the user's standing in each.
--
-- security_invoker = true: the views are owned by the migrating superuser,
-- and without it they would read the tables with the owner's rights and
-- skip row-level security. With it, every row passes the caller's policies.

-- The caller's own tasks with their project (the narrower read the app
-- falls back to). service_role, which has no user, sees every task.
CREATE VIEW public.tasks_with_project WITH (security_invoker = true) AS
SELECT t.*,
       p.name        AS project_name,
       p.color       AS project_color,
       p.icon_name   AS project_icon_name,
       p.icon_color  AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared   AS project_is_shared,
       p.user_id     AS project_owner_id
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
WHERE t.user_id = (SELECT auth.uid()) OR (SELECT auth.role()) = 'service_role';

-- Own tasks plus every task of the projects the caller owns or joined.
-- is_owner: the task is the caller's; user_role: the caller's role in the
-- task's project (NULL for a task without a project).
CREATE VIEW public.user_accessible_tasks_with_project WITH (security_invoker = true) AS
SELECT t.*,
       p.name        AS project_name,
       p.color       AS project_color,
       p.icon_name   AS project_icon_name,
       p.icon_color  AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared   AS project_is_shared,
       p.user_id     AS project_owner_id,
       (t.user_id = (SELECT auth.uid())) AS is_owner,
       m.role        AS user_role
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid());

-- The view of user-accessible projects (001 §7; the spec does not name it,
-- docs/decisions.md): live projects the caller owns or joined, with
-- is_owner and user_role (owner, admin or member) derived.
CREATE VIEW public.user_accessible_projects WITH (security_invoker = true) AS
SELECT p.*,
       (p.user_id = (SELECT auth.uid())) AS is_owner,
       coalesce(m.role, CASE WHEN p.user_id = (SELECT auth.uid()) THEN 'owner' END) AS user_role
FROM public.projects p
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid())
WHERE NOT p.is_deleted;

REVOKE ALL ON public.tasks_with_project, public.user_accessible_tasks_with_project, public.user_accessible_projects
  FROM anon, authenticated;
GRANT SELECT ON public.tasks_with_project, public.user_accessible_tasks_with_project, public.user_accessible_projects
  TO anon, authenticated, service_role;
