-- One SELECT policy on tasks, the caller's own and assigned rows decided
-- before any look-up (issue 25 §1, part h: a task read by id).
--
-- Reading tasks was two permissive policies, OR'd by PostgreSQL in the
-- order of their names:
--   "assignees and team members read tasks"
--       assigned_to = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[])
--   "read own and project tasks"
--       user_id = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.accessible_project_ids())::uuid[])
-- so for the owner's own, unassigned task the team look-up ran first: the
-- array argument of `= ANY` is evaluated even when team_id is NULL, and
-- private.active_team_ids() is a SECURITY DEFINER SQL function that
-- PostgreSQL 15 parses and plans again in every statement that calls it.
-- Each (SELECT auth.uid()) was also an InitPlan of its own.
--
-- The one policy below admits exactly the rows the two admitted (the OR of
-- their conditions; NULL and false both refuse a row), in an order that
-- decides the common rows cheapest: the caller's id compared with user_id,
-- then with assigned_to (each `=` stays an index condition, so PostgreSQL
-- makes each comparison's (SELECT auth.uid()) an InitPlan of its own, but
-- the second runs only for a row that is not the caller's), then the
-- project look-up only for a row that has a project, then the team look-up
-- only for a row that has a team. A row
-- that is neither the caller's nor assigned to them and has no project or
-- team is refused without either look-up (NULL = ANY (...) refused it too).
-- Writes keep their own policies.

DROP POLICY "assignees and team members read tasks" ON public.tasks;
DROP POLICY "read own and project tasks" ON public.tasks;

CREATE POLICY "read own, assigned, project and team tasks" ON public.tasks
  FOR SELECT TO authenticated
  USING ((SELECT auth.uid()) IN (user_id, assigned_to)
         OR (project_id IS NOT NULL AND project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]))
         OR (team_id IS NOT NULL AND team_id = ANY ((SELECT private.active_team_ids())::uuid[])));
