-- import_chunk writes a chunk's tasks in one INSERT and its comments in
-- another (issue 26: a 5,000-row import in under 10 s; docs/notes/issue-26n.md).
--
-- 0768's loop still ran one INSERT per task and per comment. Profiled (perf
-- on the backend, pg_stat_statements), a single-row INSERT into tasks spent
-- more in starting and ending the statement than in the row: the executor's
-- start, the table's thirteen CHECK constraints read back from their stored
-- form, the insert policies' sub-selects, and for a comment the RETURNING
-- that ran the read policy (can_access_task) a second time. One statement
-- per kind pays that once per chunk.
--
-- What each row goes through is unchanged: every task and comment is still
-- inserted as the caller, so the insert policies, every row trigger (the
-- caps with their per-row count and lock, project access, validation, the
-- "Created task" and "Added a comment" entries) and the foreign keys apply
-- to each row. Rows of one statement see the rows the statement inserted
-- before them (a row trigger's queries do, PostgreSQL's rule), so a cap is
-- still crossed by the row that crosses it, and a subtask finds a parent
-- made earlier in the same chunk — the rows go in in the chunk's order,
-- parents first (a row may refer to earlier rows only).
--
-- The loop now only reads the rows: it checks each one's key, kind and
-- references in order, with the same errors as before, creates projects
-- (rare; a task names one by its row), and gives each task and comment its
-- id ahead (the caller may choose a new row's id; only an update keeps the
-- old one). Tasks take the owner's next places in one step — the next free
-- sort order once, then one more per task in the chunk's order, the values
-- the trigger gave them one by one.
--
-- Errors: a reference to a row not imported yet is still raised at its row.
-- A row a trigger refuses (a cap, an empty title) now fails once the chunk's
-- references are read, so when one chunk holds both kinds of mistake the
-- reference is the one reported; either way the chunk keeps nothing.
--
-- The batch's items the chunk names are read with a plan made for this
-- chunk (EXECUTE): the plan PL/pgSQL kept from the first chunks, when the
-- batch was a few rows, scanned every item of the batch and compared each
-- with every key — 8 ms a chunk by the end of a 5,000-row import.

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
  v_project uuid;
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
  -- What the chunk inserts, in its order: tasks (row, id, project, parent)
  -- and comments (row, id, task).
  v_tasks         jsonb[] := '{}';
  v_task_ids      uuid[] := '{}';
  v_task_projects uuid[] := '{}';
  v_task_parents  uuid[] := '{}';
  v_comments      jsonb[] := '{}';
  v_comment_ids   uuid[] := '{}';
  v_comment_tasks uuid[] := '{}';
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

  -- Probed by key (the primary key), with a plan made for this chunk's keys.
  EXECUTE 'SELECT coalesce(array_agg(i.row_key), ''{}''), coalesce(array_agg(i.kind), ''{}''), coalesce(array_agg(i.target_id), ''{}'')
             FROM public.import_batch_items i
            WHERE i.batch_id = $1 AND i.row_key = ANY ($2)'
     INTO v_keys, v_kinds, v_ids
    USING p_batch_id, ARRAY(SELECT DISTINCT r.value ->> f.name
                              FROM jsonb_array_elements(p_rows) r, unnest(ARRAY['key', 'project', 'parent', 'task']) f (name)
                             WHERE jsonb_typeof(r.value) = 'object' AND r.value ->> f.name IS NOT NULL);
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
      v_project := NULL;
      v_parent := NULL;
      IF v_row ->> 'project' IS NOT NULL THEN
        v_at := array_position(v_keys, v_row ->> 'project');
        IF v_at IS NULL OR v_kinds[v_at] <> 'project' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names project row %s.', v_key, v_row ->> 'project');
        END IF;
        v_project := v_ids[v_at];
      END IF;
      IF v_row ->> 'parent' IS NOT NULL THEN
        v_at := array_position(v_keys, v_row ->> 'parent');
        IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names parent row %s.', v_key, v_row ->> 'parent');
        END IF;
        v_parent := v_ids[v_at];
      END IF;
      v_target := extensions.gen_random_uuid();
      v_tasks := array_append(v_tasks, v_row);
      v_task_ids := array_append(v_task_ids, v_target);
      v_task_projects := array_append(v_task_projects, v_project);
      v_task_parents := array_append(v_task_parents, v_parent);

    ELSE
      v_at := array_position(v_keys, v_row ->> 'task');
      IF v_at IS NULL OR v_kinds[v_at] <> 'task' THEN
        RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
          DETAIL = format('Row %s comments on task row %s.', v_key, v_row ->> 'task');
      END IF;
      v_target := extensions.gen_random_uuid();
      v_comments := array_append(v_comments, v_row);
      v_comment_ids := array_append(v_comment_ids, v_target);
      v_comment_tasks := array_append(v_comment_tasks, v_ids[v_at]);
    END IF;

    v_keys := array_append(v_keys, v_key);
    v_kinds := array_append(v_kinds, v_kind);
    v_ids := array_append(v_ids, v_target);
    v_made := array_append(v_made, v_created);
    v_new := v_new + 1;
  END LOOP;

  IF cardinality(v_tasks) > 0 THEN
    INSERT INTO public.tasks (id, title, notes, due_date, due_time, priority, tags, project_id, parent_id,
                              reminders, recurrence, is_completed, completed_at, sort_order)
    SELECT t.id, t.r ->> 'title', t.r ->> 'notes', (t.r ->> 'due_date')::date, (t.r ->> 'due_time')::timestamptz,
           coalesce((t.r ->> 'priority')::smallint, 0), t.r ->> 'tags', t.project, t.parent,
           coalesce((SELECT array_agg(m::integer) FROM jsonb_array_elements_text(t.r -> 'reminders') m), '{}'),
           t.r ->> 'recurrence', coalesce((t.r ->> 'is_completed')::boolean, false),
           (t.r ->> 'completed_at')::timestamptz,
           s.first + t.n::integer - 1
      FROM unnest(v_tasks, v_task_ids, v_task_projects, v_task_parents) WITH ORDINALITY AS t (r, id, project, parent, n),
           (SELECT private.next_task_sort_order(v_uid) AS first) s
     ORDER BY t.n;
  END IF;
  IF cardinality(v_comments) > 0 THEN
    INSERT INTO public.task_comments (id, task_id, content)
    SELECT c.id, c.task, c.r ->> 'content'
      FROM unnest(v_comments, v_comment_ids, v_comment_tasks) WITH ORDINALITY AS c (r, id, task, n)
     ORDER BY c.n;
  END IF;

  INSERT INTO public.import_batch_items (batch_id, row_key, kind, target_id, created)
  SELECT p_batch_id, k, t, id, c
    FROM unnest(v_keys[v_old + 1:], v_kinds[v_old + 1:], v_ids[v_old + 1:], v_made) AS n (k, t, id, c);

  SELECT count(*) INTO v_done FROM public.import_batch_items i WHERE i.batch_id = p_batch_id;
  UPDATE public.import_batches b SET status = 'done' WHERE b.id = p_batch_id AND v_done >= b.total_rows;
  RETURN jsonb_build_object('created', v_new, 'skipped', v_skipped, 'done', v_done);
END
$$;
