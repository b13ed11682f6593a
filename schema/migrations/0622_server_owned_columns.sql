-- Server-owned columns (issue 17, finding 6; docs/decisions.md "Security
-- (issue 17): accounts and data"). A client could choose created_at (and
-- similar) on insert and rewrite it on update, backdating rows in lists,
-- feeds and activity. For API users (anon, authenticated) the server now
-- decides, in every table of public that has such columns:
--
--   created_at, and the other "when it came to be" stamps uploaded_at
--   (task_attachments), joined_at (team_members), invited_at
--   (project_invites): now() on insert, unchanged on update;
--   updated_at: now() on insert and update;
--   id: the client may choose it on insert (supabase-js apps insert with
--   ids they made, for optimistic lists), but never change it.
--
-- tasks.completed_at keeps 0105's rule (docs/decisions.md, "Subtasks,
-- completion and timestamps"): the server stamps it when a task becomes
-- completed, an import may bring its own, and the user may correct it while
-- the task stays completed — it is the user's record, not an audit stamp.
--
-- Owner columns (user_id, owner_id, ...) that must equal auth.uid() are held
-- by the tables' row-level security policies (WITH CHECK), as the isolation
-- matrices test. The superuser and service_role (imports, seeds, jobs) keep
-- full control. The trigger is named to run after every other BEFORE trigger
-- of its table, so nothing undoes it; schema/datamodel2/server_columns_test.go
-- fails when a table added later lacks it.

CREATE FUNCTION private.server_owned_columns() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  -- TG_ARGV: the table's "when it came to be" columns, then '|', then
  -- 'updated_at' and/or 'id' when the table has them.
  v_patch jsonb := '{}';
  v_old   jsonb;
  v_tail  boolean := false;
  v_col   text;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    v_old := to_jsonb(OLD);
  END IF;
  FOREACH v_col IN ARRAY TG_ARGV LOOP
    IF v_col = '|' THEN
      v_tail := true;
    ELSIF v_tail AND v_col = 'updated_at' THEN
      v_patch := v_patch || jsonb_build_object('updated_at', now());
    ELSIF v_tail AND v_col = 'id' THEN
      IF TG_OP = 'UPDATE' THEN
        v_patch := v_patch || jsonb_build_object('id', v_old -> 'id');
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
      v_patch := v_patch || jsonb_build_object(v_col, now());
    ELSE
      v_patch := v_patch || jsonb_build_object(v_col, v_old -> v_col);
    END IF;
  END LOOP;
  NEW := jsonb_populate_record(NEW, v_patch);
  RETURN NEW;
END
$$;

DO $$
DECLARE
  t    record;
  args text;
BEGIN
  FOR t IN
    SELECT c.oid::regclass AS rel,
           array_agg(a.attname::text ORDER BY a.attnum)
             FILTER (WHERE a.attname IN ('created_at', 'uploaded_at', 'joined_at', 'invited_at')) AS born,
           bool_or(a.attname = 'updated_at') AS has_updated,
           bool_or(a.attname = 'id') AS has_id
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
     GROUP BY c.oid
    HAVING bool_or(a.attname IN ('created_at', 'uploaded_at', 'joined_at', 'invited_at', 'updated_at'))
     ORDER BY 1
  LOOP
    args := array_to_string(coalesce(t.born, '{}')
              || ARRAY['|']
              || CASE WHEN t.has_updated THEN ARRAY['updated_at'] ELSE '{}' END
              || CASE WHEN t.has_id THEN ARRAY['id'] ELSE '{}' END, ''', ''');
    EXECUTE format('CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON %s '
                   'FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns(''%s'')', t.rel, args);
  END LOOP;
END
$$;
