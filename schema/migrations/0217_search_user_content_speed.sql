-- search_user_content, kind 'all', faster (issue 7: the goal is < 20 ms; figures in
-- docs/benchmarks.md "Data model II"). Same results: same rank, same
-- order, same row shape, same rights.
--
-- Measured with 10,000 notes and entries and 2,000 tasks of one user, the
-- time went into per-row calls of SQL helpers, not into the index:
--
-- * A SQL function with SET search_path is never inlined: each call runs
--   the SQL-function executor and saves and restores the setting, ~5 µs.
--   search_tasks called private.search_pattern(p_term) three times per
--   task (6,000 calls for 2,000 tasks, ~10-20 ms), and every arm called
--   private.search_rank once per match (~1,500 per kind for a common
--   word). The pattern is now computed once, and the rank's steps are
--   written out in the queries: the same values as private.search_rank,
--   on the term lower-cased once, testing first the common case (the
--   title does not hold the term: 1) so most rows take one lower().
-- * The notes' and entries' arms compared n.user_id with auth.uid() per
--   match (a claims lookup and a JSON parse each); now once per call.
-- * Every match of a note or entry was joined to its row (an index probe)
--   for its title. The title is now kept in private.content_search next to
--   the document, and only the matches that can still be on the page are
--   joined (for updated_at, the tie-break, and the owner and liveness
--   check).
-- * With 'all', notes and journals each ran the same GIN lookup (it finds
--   both kinds) and kept half: private.search_note_content runs it once
--   and ranks each kind from it.
-- * Each call planned the six SQL bodies again; PL/pgSQL keeps the plans
--   for the life of the connection (as 0216 did for
--   accessible_project_ids).
--
-- Rights are unchanged: search_user_content and the task, project and tag
-- arms stay SECURITY INVOKER (row-level security decides what they find);
-- the notes' and entries' arm stays SECURITY DEFINER with the explicit
-- owner check of 0212 (own content only, and @@ usable as an index
-- condition). Within an arm, ties of rank and updated_at now fall back to
-- the id, as the final order already did, so the page is deterministic.

CREATE OR REPLACE FUNCTION private.search_tasks(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
BEGIN
  RETURN QUERY
  SELECT t.id, 'task'::text, t.title, private.search_snippet(t.notes, p_term),
         jsonb_build_object('project_id', t.project_id, 'list', t.list, 'parent_id', t.parent_id,
                            'is_completed', t.is_completed, 'is_starred', t.is_starred,
                            'priority', t.priority, 'due_date', t.due_date, 'tags', t.tags),
         t.created_at, t.updated_at,
         -- private.search_rank(t.title, p_term)
         CASE WHEN coalesce(strpos(lower(t.title), v_term), 0) = 0 THEN 1
              WHEN lower(t.title) = v_term THEN 4
              WHEN strpos(lower(t.title), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.tasks t
  WHERE NOT t.is_deleted
    AND (t.title ILIKE v_pattern OR t.notes ILIKE v_pattern OR t.tags ILIKE v_pattern)
  ORDER BY 8 DESC, t.updated_at DESC, t.id
  LIMIT p_limit;
END
$$;

CREATE OR REPLACE FUNCTION private.search_projects(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
  v_uid uuid := auth.uid();
BEGIN
  RETURN QUERY
  SELECT p.id, 'project'::text, p.name, private.search_snippet(p.overview, p_term),
         jsonb_build_object('color', p.color, 'icon_name', p.icon_name, 'icon_color', p.icon_color,
                            'icon_weight', p.icon_weight, 'is_shared', p.is_shared,
                            'is_owner', p.user_id = v_uid),
         p.created_at, p.updated_at,
         CASE WHEN coalesce(strpos(lower(p.name), v_term), 0) = 0 THEN 1
              WHEN lower(p.name) = v_term THEN 4
              WHEN strpos(lower(p.name), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.projects p
  WHERE NOT p.is_deleted AND (p.name ILIKE v_pattern OR p.overview ILIKE v_pattern)
  ORDER BY 8 DESC, p.updated_at DESC, p.id
  LIMIT p_limit;
END
$$;

CREATE OR REPLACE FUNCTION private.search_tags(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_pattern text := private.search_pattern(p_term);
  v_term text := lower(p_term);
BEGIN
  RETURN QUERY
  SELECT g.id, 'tag'::text, g.name, NULL::text,
         jsonb_build_object('color', g.color, 'usage_count', g.usage_count),
         g.created_at, g.updated_at,
         CASE WHEN coalesce(strpos(lower(g.name), v_term), 0) = 0 THEN 1
              WHEN lower(g.name) = v_term THEN 4
              WHEN strpos(lower(g.name), v_term) = 1 THEN 3
              ELSE 2 END::real
  FROM public.global_tags g
  WHERE NOT g.is_deleted AND g.name ILIKE v_pattern
  ORDER BY 8 DESC, g.usage_count DESC, g.id
  LIMIT p_limit;
END
$$;

-- The title next to the document (kept by the same trigger, which already
-- runs when the title changes), so a match is ranked from
-- private.content_search alone.
ALTER TABLE private.content_search ADD COLUMN title text;
UPDATE private.content_search s SET title = n.title FROM public.notes n WHERE n.id = s.id AND s.kind = 'note';
UPDATE private.content_search s SET title = e.title FROM public.journal_entries e WHERE e.id = s.id AND s.kind = 'journal';
DELETE FROM private.content_search WHERE title IS NULL;  -- none: every document has its row
ALTER TABLE private.content_search ALTER COLUMN title SET NOT NULL;

CREATE OR REPLACE FUNCTION private.sync_content_search() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_kind text := CASE TG_TABLE_NAME WHEN 'notes' THEN 'note' ELSE 'journal' END;
BEGIN
  IF TG_OP = 'UPDATE' AND NOT NEW.is_deleted AND NOT OLD.is_deleted
     AND NEW.title IS NOT DISTINCT FROM OLD.title AND NEW.content IS NOT DISTINCT FROM OLD.content THEN
    RETURN NULL;
  END IF;
  IF NEW.is_deleted THEN
    DELETE FROM private.content_search WHERE id = NEW.id;
  ELSE
    INSERT INTO private.content_search (id, user_id, kind, doc, title)
    VALUES (NEW.id, NEW.user_id, v_kind,
            private.content_document(NEW.title, NEW.content) || private.owner_lexeme(NEW.user_id)::tsvector, NEW.title)
    ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, user_id = EXCLUDED.user_id, title = EXCLUDED.title;
  END IF;
  RETURN NULL;
END
$$;

-- The caller's own notes (p_notes) and journal entries (p_journals)
-- matching p_term: the best p_limit of each kind, ranked as 0209/0212 did
-- (the title step of private.search_rank plus ts_rank_cd, capped at 0.99;
-- ties by updated_at, newest first). One GIN lookup of the words and the
-- owner lexeme (0212) finds both kinds, and ranks them from the stored
-- title and document. Only the matches that can still be on the page (a
-- rank at least the p_limit-th best of their kind; ties need updated_at)
-- are joined to their table, which checks owner and liveness as 0212 did;
-- snippets and metadata are made for the returned rows only.
CREATE FUNCTION private.search_note_content(p_term text, p_limit integer, p_notes boolean, p_journals boolean)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid := auth.uid();
  v_words tsquery := private.content_query(p_term);
  v_query tsquery := v_words && private.owner_lexeme(v_uid)::tsquery;
  v_term text := lower(p_term);
  v_first text := split_part(p_term, ' ', 1);
BEGIN
  IF v_query IS NULL OR NOT (p_notes OR p_journals) THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH m AS MATERIALIZED (
    SELECT s.id, s.kind,
           (CASE WHEN coalesce(strpos(lower(s.title), v_term), 0) = 0 THEN 1
                 WHEN lower(s.title) = v_term THEN 4
                 WHEN strpos(lower(s.title), v_term) = 1 THEN 3
                 ELSE 2 END::real
            + least(ts_rank_cd(s.doc, v_words), 0.99))::real AS rank
    FROM private.content_search s
    -- user_id too: someone else's text may hold the owner lexeme.
    WHERE s.doc @@ v_query AND s.user_id = v_uid
      AND s.kind IN (CASE WHEN p_notes THEN 'note' END, CASE WHEN p_journals THEN 'journal' END)
  ), top_notes AS (
    SELECT n.id, m.rank
    FROM m JOIN public.notes n ON n.id = m.id
    WHERE p_notes AND m.kind = 'note' AND NOT n.is_deleted AND n.user_id = v_uid
      AND m.rank >= coalesce((SELECT c.rank FROM m c WHERE c.kind = 'note'
                              ORDER BY c.rank DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1), 0)
    ORDER BY m.rank DESC, n.updated_at DESC, n.id
    LIMIT p_limit
  ), top_journals AS (
    SELECT e.id, m.rank
    FROM m JOIN public.journal_entries e ON e.id = m.id
    WHERE p_journals AND m.kind = 'journal' AND NOT e.is_deleted AND e.user_id = v_uid
      AND m.rank >= coalesce((SELECT c.rank FROM m c WHERE c.kind = 'journal'
                              ORDER BY c.rank DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1), 0)
    ORDER BY m.rank DESC, e.updated_at DESC, e.id
    LIMIT p_limit
  )
  SELECT n.id, 'note'::text, n.title, private.search_snippet(n.content, v_first),
         jsonb_build_object('folder', n.folder, 'pinned', n.pinned, 'is_shared', n.is_shared),
         n.created_at, n.updated_at, t.rank
  FROM top_notes t JOIN public.notes n ON n.id = t.id
  UNION ALL
  SELECT e.id, 'journal'::text, e.title, private.search_snippet(e.content, v_first),
         jsonb_build_object('date', e.date, 'mood', e.mood, 'folder', e.folder),
         e.created_at, e.updated_at, t.rank
  FROM top_journals t JOIN public.journal_entries e ON e.id = t.id;
END
$$;

REVOKE EXECUTE ON FUNCTION private.search_note_content(text, integer, boolean, boolean) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION private.search_note_content(text, integer, boolean, boolean) TO authenticated, service_role;

-- Replaced by private.search_note_content.
DROP FUNCTION private.search_notes(text, integer);
DROP FUNCTION private.search_journals(text, integer);

CREATE OR REPLACE FUNCTION public.search_user_content(p_search_term text, p_content_type text DEFAULT 'all', p_limit integer DEFAULT 20)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_term text := private.search_term(p_search_term);
  v_kind text := lower(coalesce(nullif(btrim(p_content_type), ''), 'all'));
  v_lim integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  v_notes boolean := v_kind IN ('all', 'note', 'notes');
  v_journals boolean := v_kind IN ('all', 'journal', 'journals', 'journal_entry', 'journal_entries');
BEGIN
  IF v_term IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT r.* FROM (
    SELECT * FROM private.search_tasks(v_term, v_lim) WHERE v_kind IN ('all', 'task', 'tasks')
    UNION ALL
    SELECT * FROM private.search_projects(v_term, v_lim) WHERE v_kind IN ('all', 'project', 'projects')
    UNION ALL
    SELECT * FROM private.search_tags(v_term, v_lim) WHERE v_kind IN ('all', 'tag', 'tags')
    UNION ALL
    SELECT * FROM private.search_note_content(v_term, v_lim, v_notes, v_journals) WHERE v_notes OR v_journals
  ) r
  -- Equal ranks list by kind in the palette's order (Tasks, Projects,
  -- Tags, Notes, Journal), then the most recently changed.
  ORDER BY r.rank DESC, array_position(ARRAY['task', 'project', 'tag', 'note', 'journal'], r.content_type),
           r.updated_at DESC, r.id
  LIMIT v_lim;
END
$$;
