-- Board columns stored with the project (issue 26, "Calendar and board").
--
-- A project's board has the columns its people define: projects.board_columns
-- holds them in order as [{"id", "name", "wip_limit"}], and a task names the
-- column it sits in by tasks.board_column (its id). A task whose column is
-- null (or a project without columns) sits in the board's leading "No
-- column" lane. Within a column cards keep the tasks' own sort_order, so the
-- list and the board show one order (docs/decisions.md, "Board").
--
-- Columns live in a jsonb array rather than a table of their own: they are
-- few (at most 20), always read and written together with the project, and
-- ride its row through RLS, realtime and the existing update policy —
-- whoever may edit the project may edit its columns, nobody else.

ALTER TABLE public.projects
  ADD COLUMN board_columns jsonb NOT NULL DEFAULT '[]'::jsonb;

ALTER TABLE public.tasks
  ADD COLUMN board_column text CONSTRAINT tasks_board_column_length CHECK (length(board_column) BETWEEN 1 AND 64);

-- Whether a value is a valid list of board columns: an array of at most 20
-- objects with exactly id (1–64 chars, unique), name (1–60 chars, not blank)
-- and wip_limit (null or 1–999).
CREATE FUNCTION private.valid_board_columns(p_columns jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT jsonb_typeof(p_columns) = 'array'
     AND jsonb_array_length(p_columns) <= 20
     AND coalesce((
       SELECT bool_and(
                jsonb_typeof(c) = 'object'
            AND (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(c) k) <@ ARRAY['id', 'name', 'wip_limit']
            AND jsonb_typeof(c -> 'id') = 'string'
            AND length(c ->> 'id') BETWEEN 1 AND 64
            AND jsonb_typeof(c -> 'name') = 'string'
            AND btrim(c ->> 'name') <> ''
            AND length(c ->> 'name') <= 60
            AND (c -> 'wip_limit' IS NULL OR jsonb_typeof(c -> 'wip_limit') = 'null'
                 OR (jsonb_typeof(c -> 'wip_limit') = 'number'
                     AND (c ->> 'wip_limit') ~ '^[0-9]+$'
                     AND (c ->> 'wip_limit')::numeric BETWEEN 1 AND 999)))
          AND count(DISTINCT c ->> 'id') = count(*)
       FROM jsonb_array_elements(p_columns) c), true)
$$;

GRANT EXECUTE ON FUNCTION private.valid_board_columns(jsonb) TO authenticated, service_role;

ALTER TABLE public.projects
  ADD CONSTRAINT projects_board_columns_valid CHECK (private.valid_board_columns(board_columns));

-- A task's column is one of its project's columns. Moving a task to another
-- project (or out of one) takes it out of its column unless the same write
-- names a column of the new project.
CREATE FUNCTION private.tasks_board_column_rules() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id
     AND NEW.board_column IS NOT DISTINCT FROM OLD.board_column THEN
    NEW.board_column := NULL;
  END IF;
  IF NEW.board_column IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM public.projects p
    WHERE p.id = NEW.project_id
      AND p.board_columns @> jsonb_build_array(jsonb_build_object('id', NEW.board_column))
  ) THEN
    RAISE EXCEPTION 'board_column "%" is not a column of the task''s project', NEW.board_column
      USING ERRCODE = '23514', HINT = 'Pick one of the ids in the project''s board_columns, or null.';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER board_column_rules BEFORE INSERT OR UPDATE OF board_column, project_id ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION private.tasks_board_column_rules();

-- Deleting a column moves its cards to "No column". Definer: the cards of a
-- shared project may belong to other members, and the one who removed the
-- column was allowed to (the projects update policy let the write through).
CREATE FUNCTION private.projects_board_columns_removed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.tasks t SET board_column = NULL
  WHERE t.project_id = NEW.id
    AND t.board_column IS NOT NULL
    AND NOT NEW.board_columns @> jsonb_build_array(jsonb_build_object('id', t.board_column));
  RETURN NULL;
END
$$;

REVOKE EXECUTE ON FUNCTION private.projects_board_columns_removed() FROM PUBLIC;

CREATE TRIGGER board_columns_removed AFTER UPDATE OF board_columns ON public.projects
  FOR EACH ROW WHEN (OLD.board_columns IS DISTINCT FROM NEW.board_columns)
  EXECUTE FUNCTION private.projects_board_columns_removed();

CREATE INDEX tasks_project_board_column_idx ON public.tasks (project_id, board_column) WHERE board_column IS NOT NULL;

-- The views the app reads gain the new columns at their ends (CREATE OR
-- REPLACE VIEW may only append).
CREATE OR REPLACE VIEW public.user_accessible_projects WITH (security_invoker = true) AS
SELECT p.id, p.user_id, p.owner_id, p.name, p.overview, p.color, p.icon_name, p.icon_color, p.icon_weight,
       p.sort_order, p.is_favorite, p.is_shared, p.is_deleted, p.created_at, p.updated_at,
       (p.user_id = (SELECT auth.uid())) AS is_owner,
       coalesce(m.role, CASE WHEN p.user_id = (SELECT auth.uid()) THEN 'owner' END) AS user_role,
       p.is_archived,
       p.archived_at,
       p.board_columns
FROM public.projects p
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid())
WHERE NOT p.is_deleted;

CREATE OR REPLACE VIEW public.tasks_with_project WITH (security_invoker = true) AS
SELECT t.id, t.user_id, t.title, t.notes, t.due_date, t.due_time, t.priority, t.tags, t.list, t.location,
       t.reminders, t.recurrence, t.is_completed, t.completed_at, t.is_starred, t.is_deleted, t.sort_order,
       t.importance, t.urgency, t.parent_id, t.project_id, t.assigned_to, t.team_id, t.created_at, t.updated_at,
       p.name AS project_name,
       p.color AS project_color,
       p.icon_name AS project_icon_name,
       p.icon_color AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared AS project_is_shared,
       p.user_id AS project_owner_id,
       t.board_column
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
WHERE t.user_id = (SELECT auth.uid()) OR (SELECT auth.role()) = 'service_role';

CREATE OR REPLACE VIEW public.user_accessible_tasks_with_project WITH (security_invoker = true) AS
SELECT t.id, t.user_id, t.title, t.notes, t.due_date, t.due_time, t.priority, t.tags, t.list, t.location,
       t.reminders, t.recurrence, t.is_completed, t.completed_at, t.is_starred, t.is_deleted, t.sort_order,
       t.importance, t.urgency, t.parent_id, t.project_id, t.assigned_to, t.team_id, t.created_at, t.updated_at,
       p.name AS project_name,
       p.color AS project_color,
       p.icon_name AS project_icon_name,
       p.icon_color AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared AS project_is_shared,
       p.user_id AS project_owner_id,
       (t.user_id = (SELECT auth.uid())) AS is_owner,
       m.role AS user_role,
       t.board_column
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid());

-- RPC move_board_task {p_task_id, p_fields, p_order}: one drop on a board,
-- in one transaction. p_fields is what the drop writes on the card (a
-- project board's board_column; a "by priority" board's priority; a "by
-- due" board's due_date, due_time and reminders); p_order lists the ids of
-- the destination column's cards, the moved one included, top to bottom:
-- they trade their sort_order values among themselves so that sorting by
-- sort_order gives that order, and no task outside the column moves.
-- SECURITY INVOKER: RLS and the tasks triggers apply as for a PATCH.
-- Errors: 'Task not found' (P0002); 'Unknown board field: …', 'The order
-- must list the moved task', 'The order lists a task twice' and 'At most 500 cards can be ordered at once'
-- (22023).
CREATE FUNCTION public.move_board_task(p_task_id uuid, p_fields jsonb DEFAULT '{}'::jsonb, p_order uuid[] DEFAULT NULL)
RETURNS SETOF public.tasks
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_bad    text;
  v_fields CONSTANT text[] := ARRAY['board_column', 'priority', 'due_date', 'due_time', 'reminders'];
  v_values integer[];
  v_prev   integer;
  v_i      integer;
BEGIN
  PERFORM auth.assert_data_access();
  IF auth.uid() IS NULL AND NOT private.is_service_caller() THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  p_fields := coalesce(p_fields, '{}'::jsonb);
  IF jsonb_typeof(p_fields) <> 'object' THEN
    RAISE EXCEPTION 'Fields must be a JSON object' USING ERRCODE = '22023';
  END IF;
  SELECT k INTO v_bad FROM jsonb_object_keys(p_fields) k WHERE NOT k = ANY (v_fields) LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'Unknown board field: %', v_bad USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_order) > 500 THEN
    RAISE EXCEPTION 'At most 500 cards can be ordered at once' USING ERRCODE = '22023';
  END IF;
  IF p_order IS NOT NULL AND NOT p_task_id = ANY (p_order) THEN
    RAISE EXCEPTION 'The order must list the moved task' USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_order) <> cardinality(ARRAY(SELECT DISTINCT unnest(p_order))) THEN
    RAISE EXCEPTION 'The order lists a task twice' USING ERRCODE = '22023';
  END IF;

  UPDATE public.tasks t SET
    board_column = CASE WHEN p_fields ? 'board_column' THEN p_fields ->> 'board_column' ELSE t.board_column END,
    priority     = CASE WHEN p_fields ? 'priority'     THEN (p_fields ->> 'priority')::smallint ELSE t.priority END,
    due_date     = CASE WHEN p_fields ? 'due_date'     THEN (p_fields ->> 'due_date')::date ELSE t.due_date END,
    due_time     = CASE WHEN p_fields ? 'due_time'     THEN (p_fields ->> 'due_time')::timestamptz ELSE t.due_time END,
    reminders    = CASE WHEN p_fields ? 'reminders'
                        THEN coalesce(ARRAY(SELECT jsonb_array_elements_text(p_fields -> 'reminders')::integer), '{}')
                        ELSE t.reminders END
  WHERE t.id = p_task_id AND NOT t.is_deleted;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002';
  END IF;

  IF p_order IS NOT NULL THEN
    -- The cards' own values, ascending, made strictly increasing.
    SELECT array_agg(s ORDER BY s) INTO v_values
    FROM (SELECT t.sort_order AS s FROM public.tasks t WHERE t.id = ANY (p_order) AND NOT t.is_deleted) x;
    IF coalesce(cardinality(v_values), 0) <> cardinality(p_order) THEN
      RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0002';
    END IF;
    v_prev := NULL;
    FOR v_i IN 1 .. cardinality(v_values) LOOP
      IF v_prev IS NOT NULL AND v_values[v_i] <= v_prev THEN
        v_values[v_i] := v_prev + 1;
      END IF;
      v_prev := v_values[v_i];
    END LOOP;
    UPDATE public.tasks t SET sort_order = v_values[o.n]
    FROM unnest(p_order) WITH ORDINALITY AS o(id, n)
    WHERE t.id = o.id AND t.sort_order IS DISTINCT FROM v_values[o.n];
  END IF;

  RETURN QUERY SELECT t.* FROM public.tasks t
    WHERE t.id = p_task_id OR t.id = ANY (coalesce(p_order, '{}'))
    ORDER BY array_position(coalesce(p_order, ARRAY[p_task_id]), t.id);
END
$$;

REVOKE EXECUTE ON FUNCTION public.move_board_task(uuid, jsonb, uuid[]) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.move_board_task(uuid, jsonb, uuid[]) TO authenticated, service_role;
