-- Importers (issue 26, settings → Import): a file from Todoist, TickTick or
-- any CSV becomes projects, tasks and comments in one batch that can be
-- resumed and undone (docs/decisions.md, "Importers (issue 26)").
--
-- The app parses the file and sends its rows in chunks to import_chunk.
-- Each row carries a key unique in its batch (the file's row number, or
-- the tool's own id); import_batch_items remembers what each key created,
-- so a chunk sent twice — a reload mid-import, a retry after a timeout —
-- creates nothing twice. undo_import removes exactly what the batch
-- created: a project that already existed (matched by name) is used, not
-- created, and stays.
--
-- Both RPCs run as the caller (SECURITY INVOKER): the tasks and projects
-- triggers apply the plan caps (000 §9) and every other rule to each row,
-- and a chunk that would pass a cap fails whole with the cap's own message.

CREATE TABLE public.import_batches (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  source     text NOT NULL CHECK (source IN ('todoist', 'ticktick', 'csv')),
  file_name  text NOT NULL CHECK (btrim(file_name) <> '' AND length(file_name) <= 255),
  -- Rows the app will send (projects, tasks and comments), for progress.
  total_rows integer NOT NULL CHECK (total_rows BETWEEN 0 AND 100000),
  status     text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'undone')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_batches_user_idx ON public.import_batches (user_id, created_at DESC);

CREATE TABLE public.import_batch_items (
  batch_id  uuid NOT NULL REFERENCES public.import_batches (id) ON DELETE CASCADE,
  row_key   text NOT NULL CHECK (btrim(row_key) <> '' AND length(row_key) <= 200),
  kind      text NOT NULL CHECK (kind IN ('project', 'task', 'comment')),
  target_id uuid NOT NULL,
  -- false: an existing project of that name took the row; undo keeps it.
  created   boolean NOT NULL DEFAULT true,
  PRIMARY KEY (batch_id, row_key)
);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.import_batches
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.import_batches
  FOR EACH ROW EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');

ALTER TABLE public.import_batches ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.import_batch_items ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON public.import_batches, public.import_batch_items FROM anon, authenticated;
GRANT SELECT, INSERT, DELETE ON public.import_batches TO authenticated;
GRANT UPDATE (status) ON public.import_batches TO authenticated;
GRANT SELECT, INSERT ON public.import_batch_items TO authenticated;
GRANT ALL ON public.import_batches, public.import_batch_items TO service_role;

CREATE POLICY "own import batches" ON public.import_batches
  FOR ALL TO authenticated
  USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "items of own import batches" ON public.import_batch_items
  FOR ALL TO authenticated
  USING (batch_id IN (SELECT b.id FROM public.import_batches b WHERE b.user_id = (SELECT auth.uid())))
  WITH CHECK (batch_id IN (SELECT b.id FROM public.import_batches b
                            WHERE b.user_id = (SELECT auth.uid()) AND b.status = 'running'));
CREATE POLICY data_access_allowed ON public.import_batches AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));
CREATE POLICY data_access_allowed ON public.import_batch_items AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()));

-- RPC import_chunk {p_batch_id, p_rows}: p_rows is a JSON array, in file
-- order, of
--   {"key", "kind": "project", "name", "color"?}
--   {"key", "kind": "task", "title", "project"?: key, "parent"?: key,
--    "notes"?, "due_date"?, "due_time"?, "priority"?, "tags"?, "reminders"?,
--    "recurrence"?, "is_completed"?, "completed_at"?}
--   {"key", "kind": "comment", "task": key, "content"}
-- A row whose key the batch already holds is skipped. Returns
-- {"created": n, "skipped": n, "done": rows the batch holds}; the batch
-- is marked done once it holds total_rows.
-- Errors: 'Import not found' (P0002) for a batch not the caller's or not
-- running; 'Import row refers to a row not imported yet' (22023) for a
-- reference to an unknown key; a cap's or a column's own error otherwise.
CREATE FUNCTION public.import_chunk(p_batch_id uuid, p_rows jsonb)
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

  FOR v_row IN SELECT value FROM jsonb_array_elements(p_rows) LOOP
    v_key := v_row ->> 'key';
    v_kind := v_row ->> 'kind';
    IF v_key IS NULL OR v_kind IS NULL OR v_kind NOT IN ('project', 'task', 'comment') THEN
      RAISE EXCEPTION 'Import row needs a key and a kind (project, task or comment)' USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT FROM public.import_batch_items i WHERE i.batch_id = p_batch_id AND i.row_key = v_key) THEN
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
        SELECT i.target_id INTO v_ref FROM public.import_batch_items i
         WHERE i.batch_id = p_batch_id AND i.row_key = v_row ->> 'project' AND i.kind = 'project';
        IF NOT FOUND THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names project row %s.', v_key, v_row ->> 'project');
        END IF;
      END IF;
      IF v_row ->> 'parent' IS NOT NULL THEN
        SELECT i.target_id INTO v_parent FROM public.import_batch_items i
         WHERE i.batch_id = p_batch_id AND i.row_key = v_row ->> 'parent' AND i.kind = 'task';
        IF NOT FOUND THEN
          RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
            DETAIL = format('Row %s names parent row %s.', v_key, v_row ->> 'parent');
        END IF;
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
      SELECT i.target_id INTO v_ref FROM public.import_batch_items i
       WHERE i.batch_id = p_batch_id AND i.row_key = v_row ->> 'task' AND i.kind = 'task';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Import row refers to a row not imported yet' USING ERRCODE = '22023',
          DETAIL = format('Row %s comments on task row %s.', v_key, v_row ->> 'task');
      END IF;
      INSERT INTO public.task_comments (task_id, content) VALUES (v_ref, v_row ->> 'content')
      RETURNING id INTO v_target;
    END IF;

    INSERT INTO public.import_batch_items (batch_id, row_key, kind, target_id, created)
    VALUES (p_batch_id, v_key, v_kind, v_target, v_created);
    v_new := v_new + 1;
  END LOOP;

  SELECT count(*) INTO v_done FROM public.import_batch_items i WHERE i.batch_id = p_batch_id;
  UPDATE public.import_batches b SET status = 'done' WHERE b.id = p_batch_id AND v_done >= b.total_rows;
  RETURN jsonb_build_object('created', v_new, 'skipped', v_skipped, 'done', v_done);
END
$$;

-- RPC undo_import {p_batch_id}: removes what the batch created (comments,
-- then tasks, then projects it made) and marks it undone. Tasks and
-- projects are deleted for good, not binned: they never existed before the
-- import. Returns {"tasks": n, "projects": n, "comments": n}.
CREATE FUNCTION public.undo_import(p_batch_id uuid)
RETURNS jsonb
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_uid      uuid := auth.uid();
  v_tasks    integer;
  v_projects integer;
  v_comments integer;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  PERFORM FROM public.import_batches b
   WHERE b.id = p_batch_id AND b.user_id = v_uid AND b.status <> 'undone' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Import not found' USING ERRCODE = 'P0002';
  END IF;

  -- Comments go with their tasks (ON DELETE CASCADE); count them first.
  SELECT count(*) INTO v_comments FROM public.import_batch_items i
   WHERE i.batch_id = p_batch_id AND i.kind = 'comment'
     AND EXISTS (SELECT FROM public.task_comments c WHERE c.id = i.target_id);
  -- Subtasks first keeps the parent triggers quiet; both are the batch's.
  WITH gone AS (
    DELETE FROM public.tasks t USING public.import_batch_items i
     WHERE i.batch_id = p_batch_id AND i.kind = 'task' AND i.target_id = t.id AND t.user_id = v_uid
    RETURNING t.id)
  SELECT count(*) INTO v_tasks FROM gone;
  WITH gone AS (
    DELETE FROM public.projects p USING public.import_batch_items i
     WHERE i.batch_id = p_batch_id AND i.kind = 'project' AND i.created AND i.target_id = p.id AND p.user_id = v_uid
    RETURNING p.id)
  SELECT count(*) INTO v_projects FROM gone;

  UPDATE public.import_batches SET status = 'undone' WHERE id = p_batch_id;
  RETURN jsonb_build_object('tasks', v_tasks, 'projects', v_projects, 'comments', v_comments);
END
$$;

REVOKE EXECUTE ON FUNCTION public.import_chunk(uuid, jsonb), public.undo_import(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.import_chunk(uuid, jsonb), public.undo_import(uuid) TO authenticated, service_role;
