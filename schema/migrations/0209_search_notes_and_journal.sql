-- search_user_content (0111) finds notes and journal entries too (002 §7
-- "Linked content": RPC search_user_content {p_search_term,
-- p_content_type, p_limit (20)}), by ranked full-text search.
--
-- Notes and entries can be long (50,000 characters), so a substring scan
-- would read every row; they are matched instead with a full-text index on
-- title (weight A) and content (weight B) under the 'simple' configuration
-- (no stemming, any language), each word of the term as a prefix. The rank
-- keeps 0111's scale so kinds mix fairly: 4 exact title, 3 title prefix,
-- 2 title contains, 1 elsewhere, plus the text-search rank (below 1) to
-- order matches within a step. Only the caller's own notes and entries
-- are searched (the attach dialog offers one's own content).
--
-- New kinds for p_content_type: 'note'/'notes' and 'journal'/'journals'/
-- 'journal_entry'/'journal_entries'; results carry content_type 'note' or
-- 'journal', as task_attachments_v does.

-- The document of a note or entry. IMMUTABLE so it can be indexed; the
-- queries below repeat the call exactly so the index applies.
CREATE FUNCTION private.content_document(p_title text, p_content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_content, '')), 'B')
$$;

CREATE INDEX notes_search_idx ON public.notes USING gin (private.content_document(title, content)) WHERE NOT is_deleted;
CREATE INDEX journal_entries_search_idx ON public.journal_entries USING gin (private.content_document(title, content))
  WHERE NOT is_deleted;

-- The term as a query: every word (letters and digits) as a prefix, all
-- required. NULL when the term has no word.
CREATE FUNCTION private.content_query(p_term text) RETURNS tsquery
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT to_tsquery('simple'::regconfig, string_agg(quote_literal(lower(w[1])) || ':*', ' & '))
  FROM regexp_matches(coalesce(p_term, ''), '([[:alnum:]]+)', 'g') AS w
$$;

CREATE FUNCTION private.search_notes(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH q AS (SELECT private.content_query(p_term) AS tsq)
  SELECT n.id, 'note', n.title, private.search_snippet(n.content, split_part(p_term, ' ', 1)),
         jsonb_build_object('folder', n.folder, 'pinned', n.pinned, 'is_shared', n.is_shared),
         n.created_at, n.updated_at,
         (private.search_rank(n.title, p_term)
          + least(ts_rank_cd(private.content_document(n.title, n.content), q.tsq), 0.99))::real
  FROM public.notes n, q
  WHERE n.user_id = (SELECT auth.uid()) AND NOT n.is_deleted
    AND private.content_document(n.title, n.content) @@ q.tsq
  ORDER BY 8 DESC, n.updated_at DESC
  LIMIT p_limit
$$;

CREATE FUNCTION private.search_journals(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH q AS (SELECT private.content_query(p_term) AS tsq)
  SELECT e.id, 'journal', e.title, private.search_snippet(e.content, split_part(p_term, ' ', 1)),
         jsonb_build_object('date', e.date, 'mood', e.mood, 'folder', e.folder),
         e.created_at, e.updated_at,
         (private.search_rank(e.title, p_term)
          + least(ts_rank_cd(private.content_document(e.title, e.content), q.tsq), 0.99))::real
  FROM public.journal_entries e, q
  WHERE e.user_id = (SELECT auth.uid()) AND NOT e.is_deleted
    AND private.content_document(e.title, e.content) @@ q.tsq
  ORDER BY 8 DESC, e.updated_at DESC
  LIMIT p_limit
$$;

GRANT EXECUTE ON FUNCTION private.content_document(text, text), private.content_query(text),
  private.search_notes(text, integer), private.search_journals(text, integer)
  TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.search_user_content(p_search_term text, p_content_type text DEFAULT 'all', p_limit integer DEFAULT 20)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH q AS (
    SELECT private.search_term(p_search_term) AS term,
           lower(coalesce(nullif(btrim(p_content_type), ''), 'all')) AS kind,
           least(greatest(coalesce(p_limit, 20), 1), 50) AS lim
  )
  SELECT r.* FROM q, LATERAL (
    SELECT * FROM private.search_tasks(q.term, q.lim) WHERE q.kind IN ('all', 'task', 'tasks')
    UNION ALL
    SELECT * FROM private.search_projects(q.term, q.lim) WHERE q.kind IN ('all', 'project', 'projects')
    UNION ALL
    SELECT * FROM private.search_tags(q.term, q.lim) WHERE q.kind IN ('all', 'tag', 'tags')
    UNION ALL
    SELECT * FROM private.search_notes(q.term, q.lim) WHERE q.kind IN ('all', 'note', 'notes')
    UNION ALL
    SELECT * FROM private.search_journals(q.term, q.lim)
    WHERE q.kind IN ('all', 'journal', 'journals', 'journal_entry', 'journal_entries')
  ) r
  WHERE q.term IS NOT NULL
  -- Equal ranks list by kind in the palette's order (Tasks, Projects,
  -- Tags, Notes, Journal), then the most recently changed.
  ORDER BY r.rank DESC, array_position(ARRAY['task', 'project', 'tag', 'note', 'journal'], r.content_type),
           r.updated_at DESC, r.id
  LIMIT (SELECT lim FROM q)
$$;
