-- The admin SQL console's audit table (0710) joins the rule of 0620: every
-- table in public carries the restrictive data_access_allowed policy, so a
-- later grant to an API role could never skip the second factor. Today only
-- service_role (which bypasses row-level security) may read the table; the
-- policy changes nothing for it and keeps the structural test's promise.
CREATE POLICY data_access_allowed ON public.admin_sql_audit AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));
