-- Stored search documents for notes and journal entries (replaces the
-- expression indexes of 0209).
--
-- Measured with 10,000 notes and entries of one user (docs/benchmarks.md):
-- with the document only in an expression index, the planner reaches the
-- user's rows by user_id and recomputes to_tsvector for every one of them
-- to filter and rank (about 0.5 s per kind). Keeping the document stored
-- makes both the match and ts_rank_cd cheap. It lives in a private side
-- table rather than a column of notes, so `select=*` on the tables and the
-- generated client types stay as the spec has them.

DROP INDEX public.notes_search_idx;
DROP INDEX public.journal_entries_search_idx;

CREATE TABLE private.content_search (
  id      uuid PRIMARY KEY,          -- the note's or entry's id
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  kind    text NOT NULL CHECK (kind IN ('note', 'journal')),
  doc     tsvector NOT NULL
);
-- doc carries the owner as one more lexeme (u + the id's hex digits), so
-- the one GIN index finds "this user's documents holding these words" by
-- intersecting posting lists, however many documents others have.
CREATE INDEX content_search_doc_idx ON private.content_search USING gin (doc);

CREATE FUNCTION private.owner_lexeme(p_user_id uuid) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT 'u' || replace(p_user_id::text, '-', '')
$$;

-- Only live rows have a document; RLS keeps each user to their own even
-- though the table is not reachable through the API.
ALTER TABLE private.content_search ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON private.content_search FROM PUBLIC, anon, authenticated;
GRANT SELECT ON private.content_search TO authenticated, service_role;
CREATE POLICY "own documents" ON private.content_search
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));

CREATE FUNCTION private.sync_content_search() RETURNS trigger
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
    INSERT INTO private.content_search (id, user_id, kind, doc)
    VALUES (NEW.id, NEW.user_id, v_kind,
            private.content_document(NEW.title, NEW.content) || private.owner_lexeme(NEW.user_id)::tsvector)
    ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, user_id = EXCLUDED.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_content_search AFTER INSERT OR UPDATE OF title, content, is_deleted ON public.notes
  FOR EACH ROW EXECUTE FUNCTION private.sync_content_search();
CREATE TRIGGER sync_content_search AFTER INSERT OR UPDATE OF title, content, is_deleted ON public.journal_entries
  FOR EACH ROW EXECUTE FUNCTION private.sync_content_search();

INSERT INTO private.content_search (id, user_id, kind, doc)
SELECT id, user_id, 'note', private.content_document(title, content) || private.owner_lexeme(user_id)::tsvector
FROM public.notes WHERE NOT is_deleted
UNION ALL
SELECT id, user_id, 'journal', private.content_document(title, content) || private.owner_lexeme(user_id)::tsvector
FROM public.journal_entries WHERE NOT is_deleted;

GRANT EXECUTE ON FUNCTION private.owner_lexeme(uuid) TO authenticated, service_role;

-- The searches return the caller's own rows only, so they read past the
-- notes' policies (whose linked-content arm would otherwise run for every
-- hit) with an explicit owner check.

CREATE OR REPLACE FUNCTION private.search_notes(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  WITH top AS (
    -- The words and the owner as one query: one GIN lookup (a parameter,
    -- so the plan is the index whatever the term). Sub-selects make each
    -- query once, not once per row. SECURITY DEFINER matters here too:
    -- under RLS, @@ (not leakproof) could not be an index condition.
    SELECT n.id, (private.search_rank(n.title, p_term) + least(ts_rank_cd(s.doc, (SELECT private.content_query(p_term))), 0.99))::real AS rank
    FROM private.content_search s
    JOIN public.notes n ON n.id = s.id AND NOT n.is_deleted AND n.user_id = auth.uid()
    WHERE s.doc @@ (SELECT private.content_query(p_term) && private.owner_lexeme(auth.uid())::tsquery)
      AND s.kind = 'note'
    ORDER BY 2 DESC, n.updated_at DESC
    LIMIT p_limit
  )
  -- Snippets and metadata for the page only.
  SELECT n.id, 'note', n.title, private.search_snippet(n.content, split_part(p_term, ' ', 1)),
         jsonb_build_object('folder', n.folder, 'pinned', n.pinned, 'is_shared', n.is_shared),
         n.created_at, n.updated_at, t.rank
  FROM top t JOIN public.notes n ON n.id = t.id
  ORDER BY t.rank DESC, n.updated_at DESC
$$;

CREATE OR REPLACE FUNCTION private.search_journals(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  WITH top AS (
    SELECT e.id, (private.search_rank(e.title, p_term) + least(ts_rank_cd(s.doc, (SELECT private.content_query(p_term))), 0.99))::real AS rank
    FROM private.content_search s
    JOIN public.journal_entries e ON e.id = s.id AND NOT e.is_deleted AND e.user_id = auth.uid()
    WHERE s.doc @@ (SELECT private.content_query(p_term) && private.owner_lexeme(auth.uid())::tsquery)
      AND s.kind = 'journal'
    ORDER BY 2 DESC, e.updated_at DESC
    LIMIT p_limit
  )
  SELECT e.id, 'journal', e.title, private.search_snippet(e.content, split_part(p_term, ' ', 1)),
         jsonb_build_object('date', e.date, 'mood', e.mood, 'folder', e.folder),
         e.created_at, e.updated_at, t.rank
  FROM top t JOIN public.journal_entries e ON e.id = t.id
  ORDER BY t.rank DESC, e.updated_at DESC
$$;

-- Cheap policies first: permissive policies are OR-ed in name order, and
-- the linked-content arm calls a function per row.
ALTER POLICY "read notes linked to reachable tasks" ON public.notes
  RENAME TO "read shared: notes linked to reachable tasks";
ALTER POLICY "read journal entries linked to reachable tasks" ON public.journal_entries
  RENAME TO "read shared: journal entries linked to reachable tasks";
