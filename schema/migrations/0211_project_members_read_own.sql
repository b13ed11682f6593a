-- A member reads their own project_members row whatever the project's
-- state (0104's policy admits only rows of live projects the caller is
-- in). Without it the realtime service, which checks a DELETE against the
-- old row as the database is after the change, cannot tell a removed
-- member of their own removal, and a member of a project in the bin cannot
-- see their membership (docs/decisions.md, "RLS per subscriber").
CREATE POLICY "members read their own membership" ON public.project_members
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
