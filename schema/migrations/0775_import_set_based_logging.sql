-- A 5,000-row import in under 10 s (issue 26; docs/benchmarks.md, "Import
-- per chunk, not per row").
--
-- Profiled with track_functions (0750/0751, 5 chunks of ~114 rows), a third
-- of the server's time went to the activity log: every imported task fired
-- tasks_log_activity → log_activity (a SQL function, planned on each call)
-- → an activity_logs insert whose count_rows trigger upserted two or three
-- counters through another SQL function. import_chunk itself spent three
-- more statements per row on import_batch_items (the key's EXISTS, the
-- reference's lookup, the item's insert), each with its RLS initplans.
--
-- Now:
-- * activity_logs keeps its counts with statement-level triggers over the
--   transition tables: one grouped upsert per statement, in key order, for
--   every writer, not only imports;
-- * import_chunk reads the batch's keys this chunk names once, keeps them in
--   a map, and writes its items in one insert at the end;
-- * while import_chunk runs, the tasks it inserts skip the per-row
--   "Created task" entry (a trigger WHEN on the transaction-local
--   daybase.importing) and it logs them in one insert instead, with the
--   same rows log_activity wrote.
-- Each task is still one INSERT as the caller: the plan caps, RLS and every
-- other task rule hold row by row exactly as before.

-- Activity counts per statement.
CREATE FUNCTION private.activity_logs_count_rows() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO private.activity_counts AS c (scope, scope_id, activity_type, n)
    SELECT s.scope, s.scope_id, r.activity_type, -count(*)
      FROM old_rows r
      CROSS JOIN LATERAL (VALUES ('project', r.project_id), ('actor', r.user_id),
        ('task_owner', CASE WHEN r.task_owner_id <> r.user_id THEN r.task_owner_id END)) s (scope, scope_id)
     WHERE s.scope_id IS NOT NULL AND NOT r.is_deleted
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (scope, scope_id, activity_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO private.activity_counts AS c (scope, scope_id, activity_type, n)
    SELECT s.scope, s.scope_id, r.activity_type, count(*)
      FROM new_rows r
      CROSS JOIN LATERAL (VALUES ('project', r.project_id), ('actor', r.user_id),
        ('task_owner', CASE WHEN r.task_owner_id <> r.user_id THEN r.task_owner_id END)) s (scope, scope_id)
     WHERE s.scope_id IS NOT NULL AND NOT r.is_deleted
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (scope, scope_id, activity_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER count_rows ON public.activity_logs;
CREATE TRIGGER count_inserted AFTER INSERT ON public.activity_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.activity_logs_count_rows();
CREATE TRIGGER count_updated AFTER UPDATE ON public.activity_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.activity_logs_count_rows();
CREATE TRIGGER count_deleted AFTER DELETE ON public.activity_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.activity_logs_count_rows();
DROP FUNCTION private.activity_logs_count();
DROP FUNCTION private.activity_counts_add(public.activity_logs, integer);

-- "Created task" per row, unless import_chunk logs the batch's tasks itself.
-- Same function, same position in the trigger order (log_activity…).
DROP TRIGGER log_activity ON public.tasks;
CREATE TRIGGER log_activity AFTER UPDATE ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_log_activity();
CREATE TRIGGER log_activity_created AFTER INSERT ON public.tasks
  FOR EACH ROW WHEN (current_setting('daybase.importing', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION private.tasks_log_activity();

-- The "Created task" entries of tasks an import inserted, in one insert:
-- the rows 0208's log_activity writes for them. Only the caller's own
-- tasks, and only once per task.
CREATE FUNCTION private.log_imported_tasks(p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM auth.assert_data_access();
  INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata)
  SELECT t.user_id, t.id, t.project_id, 'task_created', left(format('Created task "%s"', t.title), 1000), left(t.title, 500),
         '{"source": "trigger"}'
    FROM public.tasks t
   WHERE t.id = ANY (p_ids) AND t.user_id = auth.uid()
     AND NOT EXISTS (SELECT FROM public.activity_logs a
                      WHERE a.task_id = t.id AND a.activity_type = 'task_created' AND NOT a.is_deleted)
   ORDER BY array_position(p_ids, t.id);
END
$$;
REVOKE ALL ON FUNCTION private.log_imported_tasks(uuid[]) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION private.log_imported_tasks(uuid[]) TO authenticated, service_role;

-- 0750's import_chunk, with its item bookkeeping per chunk. Same
-- parameters, result, errors and idempotence.
CREATE OR REPLACE FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb)
RETURNS jsonb
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_uid     uuid := auth.uid();
  v_row     jsonb;
  v_key     text;
  v_kind    text;
  v_target  uuid;
  v_created boolean;
  v_ref     uuid;
  v_parent  uuid;
  v_new     integer := 0;
  v_skipped integer := 0;
  v_done    bigint;
  -- key → {"id", "kind"}: the batch's rows this chunk names or points at,
  -- then the rows it creates.
  v_known   jsonb;
  v_items   jsonb := '{}';
  v_tasks   uuid[] := '{}';
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  -- One chunk of a batch at a time: a second tab waits, then skips.
  PERFORM FROM public.import_batches b
   WHERE b.id = p_batch_id AND b.user_id = v_uid AND b.status = 'running' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Import not found' USING ERRCODE = 'P0002';
  END IF;
  IF jsonb_typeof(p_rows) IS DISTINCT FROM 'array' OR jsonb_array_length(p_rows) > 1000 THEN
    RAISE EXCEPTION 'Import chunk must be an array of at most 1000 rows' USING ERRCODE = '22023';
  END IF;

  SELECT coalesce(jsonb_object_agg(i.row_key, jsonb_build_object('id', i.target_id, 'kind', i.kind)), '{}')
    INTO v_known
    FROM public.import_batch_items i
   WHERE i.batch_id = p_batch_id
     AND i.row_key IN (SELECT r.value ->> f.name
                         FROM jsonb_array_elements(p_rows) r,
                              unnest(ARRAY['key', 'project', 'parent', 'task']) f (name)
                        WHERE jsonb_typeof(r.value) = 'object' AND r.value ->> f.name IS NOT NULL);

  PERFORM set_config('daybase.importing', 'on', true);
  FOR v_row IN SELECT value FROM jsonb_array_elements(p_rows) LOOP
    v_key := v_row ->> 'key';
    v_kind := v_row ->> 'kind';
    IF v_key IS NULL OR v_kind IS NULL OR v_kind NOT IN ('project', 'task', 'comment') THEN
      RAISE EXCEPTION 'Import row needs a key and a kind (project, task or comment)' USING ERRCODE = '22023';
    END IF;
    IF v_known ? v_key THEN
      v_skipped := v_skipped + 1;
      CONTINUE;
    END IF;
    v_created := true;

    IF v_kind = 'project' THEN
      SELECT p.id INTO v_target FROM public.projects p
       WHERE p.user_id = v_uid AND NOT p.is_deleted AND lower(p.name) = lower(btrim(v_row ->> 'name'));
      IF FOUND THEN
        v_created := false;
      ELSE
        INSERT INTO public.projects (name, color)
        VALUES (btrim(v_row ->> 'name'), coalesce(v_row ->> 'color', '#3b82f6'))
        RETURNING id INTO v_target;
      END IF;

    ELSIF v_kind = 'task' THEN
      v_ref := NULL;
      v_parent := NULL;
      IF v_row ->> 'project' IS NOT NULL THEN
        IF v_known -> (v_row ->> 'project') ->> 'kind' IS DISTINCT FROM 'project' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names project row %s.', v_key, v_row ->> 'project');
        END IF;
        v_ref := (v_known -> (v_row ->> 'project') ->> 'id')::uuid;
      END IF;
      IF v_row ->> 'parent' IS NOT NULL THEN
        IF v_known -> (v_row ->> 'parent') ->> 'kind' IS DISTINCT FROM 'task' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names parent row %s.', v_key, v_row ->> 'parent');
        END IF;
        v_parent := (v_known -> (v_row ->> 'parent') ->> 'id')::uuid;
      END IF;
      INSERT INTO public.tasks (title, notes, due_date, due_time, priority, tags, project_id, parent_id,
                                reminders, recurrence, is_completed, completed_at)
      VALUES (v_row ->> 'title', v_row ->> 'notes', (v_row ->> 'due_date')::date, (v_row ->> 'due_time')::timestamptz,
              coalesce((v_row ->> 'priority')::smallint, 0), v_row ->> 'tags', v_ref, v_parent,
              coalesce((SELECT array_agg(r::integer) FROM jsonb_array_elements_text(v_row -> 'reminders') r), '{}'),
              v_row ->> 'recurrence', coalesce((v_row ->> 'is_completed')::boolean, false),
              (v_row ->> 'completed_at')::timestamptz)
      RETURNING id INTO v_target;
      v_tasks := v_tasks || v_target;

    ELSE
      IF v_known -> (v_row ->> 'task') ->> 'kind' IS DISTINCT FROM 'task' THEN
        RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
          DETAIL = format('Row %s comments on task row %s.', v_key, v_row ->> 'task');
      END IF;
      v_ref := (v_known -> (v_row ->> 'task') ->> 'id')::uuid;
      INSERT INTO public.task_comments (task_id, content) VALUES (v_ref, v_row ->> 'content')
      RETURNING id INTO v_target;
    END IF;

    v_known := v_known || jsonb_build_object(v_key, jsonb_build_object('id', v_target, 'kind', v_kind));
    v_items := v_items || jsonb_build_object(v_key, jsonb_build_object('id', v_target, 'kind', v_kind, 'created', v_created));
    v_new := v_new + 1;
  END LOOP;
  PERFORM set_config('daybase.importing', '', true);

  PERFORM private.log_imported_tasks(v_tasks);
  INSERT INTO public.import_batch_items (batch_id, row_key, kind, target_id, created)
  SELECT p_batch_id, e.key, e.value ->> 'kind', (e.value ->> 'id')::uuid, (e.value ->> 'created')::boolean
    FROM jsonb_each(v_items) e;

  SELECT count(*) INTO v_done FROM public.import_batch_items i WHERE i.batch_id = p_batch_id;
  UPDATE public.import_batches b SET status = 'done' WHERE b.id = p_batch_id AND v_done >= b.total_rows;
  RETURN jsonb_build_object('created', v_new, 'skipped', v_skipped, 'done', v_done);
END
$$;
