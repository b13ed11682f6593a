-- import_chunk books its rows once per chunk, not per row (issue 26: a
-- 5,000-row Todoist import in under 10 s; docs/notes/issue-26l.md).
--
-- 0750's loop ran, for each task row, up to four statements on
-- import_batch_items besides the task's own INSERT — whether the key was
-- imported already, the project's key, the parent's key, and the row's
-- item — each planned with the table's row-level security (the batch's
-- policy subquery and the data-access check). Now the chunk reads the
-- batch's items for the keys it names in one statement, keeps them and the
-- rows it creates in three arrays, and writes its items in one INSERT at
-- the end, still as the caller (the policies check every item).
--
-- Unchanged: parameters, result, errors and their order (a row whose
-- reference is unknown fails at that row), idempotence (a key the batch or
-- this chunk already holds is skipped, a key given twice counts once), and
-- every project, task and comment is still its own INSERT as the caller,
-- so the plan caps, RLS and every trigger apply row by row. Activity is
-- still each task's own trigger (0767).

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
  v_at      integer;
  v_new     integer := 0;
  v_skipped integer := 0;
  v_done    bigint;
  -- The rows this chunk can refer to: first the batch's items it names,
  -- then (from v_old + 1 on) the rows it creates.
  v_keys    text[];
  v_kinds   text[];
  v_ids     uuid[];
  v_made    boolean[] := '{}';
  v_old     integer;
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

  -- Probed by key (the primary key), not the whole batch: a late chunk of
  -- a big file reads its ~100 keys, not the thousands before them.
  SELECT coalesce(array_agg(i.row_key), '{}'), coalesce(array_agg(i.kind), '{}'), coalesce(array_agg(i.target_id), '{}')
    INTO v_keys, v_kinds, v_ids
    FROM public.import_batch_items i
   WHERE i.batch_id = p_batch_id
     AND i.row_key = ANY (ARRAY(SELECT DISTINCT r.value ->> f.name
                                  FROM jsonb_array_elements(p_rows) r, unnest(ARRAY['key', 'project', 'parent', 'task']) f (name)
                                 WHERE jsonb_typeof(r.value) = 'object' AND r.value ->> f.name IS NOT NULL));
  v_old := cardinality(v_keys);

  FOR v_row IN SELECT value FROM jsonb_array_elements(p_rows) LOOP
    v_key := v_row ->> 'key';
    v_kind := v_row ->> 'kind';
    IF v_key IS NULL OR v_kind IS NULL OR v_kind NOT IN ('project', 'task', 'comment') THEN
      RAISE EXCEPTION 'Import row needs a key and a kind (project, task or comment)' USING ERRCODE = '22023';
    END IF;
    IF v_key = ANY (v_keys) THEN
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
        v_at := array_position(v_keys, v_row ->> 'project');
        IF v_at IS NULL OR v_kinds[v_at] <> 'project' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names project row %s.', v_key, v_row ->> 'project');
        END IF;
        v_ref := v_ids[v_at];
      END IF;
      IF v_row ->> 'parent' IS NOT NULL THEN
        v_at := array_position(v_keys, v_row ->> 'parent');
        IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names parent row %s.', v_key, v_row ->> 'parent');
        END IF;
        v_parent := v_ids[v_at];
      END IF;
      INSERT INTO public.tasks (title, notes, due_date, due_time, priority, tags, project_id, parent_id,
                                reminders, recurrence, is_completed, completed_at)
      VALUES (v_row ->> 'title', v_row ->> 'notes', (v_row ->> 'due_date')::date, (v_row ->> 'due_time')::timestamptz,
              coalesce((v_row ->> 'priority')::smallint, 0), v_row ->> 'tags', v_ref, v_parent,
              coalesce((SELECT array_agg(r::integer) FROM jsonb_array_elements_text(v_row -> 'reminders') r), '{}'),
              v_row ->> 'recurrence', coalesce((v_row ->> 'is_completed')::boolean, false),
              (v_row ->> 'completed_at')::timestamptz)
      RETURNING id INTO v_target;

    ELSE
      v_at := array_position(v_keys, v_row ->> 'task');
      IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
        RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
          DETAIL = format('Row %s comments on task row %s.', v_key, v_row ->> 'task');
      END IF;
      INSERT INTO public.task_comments (task_id, content) VALUES (v_ids[v_at], v_row ->> 'content')
      RETURNING id INTO v_target;
    END IF;

    v_keys := v_keys || v_key;
    v_kinds := v_kinds || v_kind;
    v_ids := v_ids || v_target;
    v_made := v_made || v_created;
    v_new := v_new + 1;
  END LOOP;

  INSERT INTO public.import_batch_items (batch_id, row_key, kind, target_id, created)
  SELECT p_batch_id, k, t, id, c
    FROM unnest(v_keys[v_old + 1:], v_kinds[v_old + 1:], v_ids[v_old + 1:], v_made) AS n (k, t, id, c);

  SELECT count(*) INTO v_done FROM public.import_batch_items i WHERE i.batch_id = p_batch_id;
  UPDATE public.import_batches b SET status = 'done' WHERE b.id = p_batch_id AND v_done >= b.total_rows;
  RETURN jsonb_build_object('created', v_new, 'skipped', v_skipped, 'done', v_done);
END
$$;
