-- RPC search_user_content {p_search_term, p_content_type, p_limit} (001 §7,
-- "Search palette"): what the signed-in user can read, matched by
-- substring, best matches first.
--
-- SECURITY INVOKER: row-level security decides what is found, so a search
-- never shows what the table would not.
--
-- The result shape is fixed (CREATE OR REPLACE cannot change it); what is
-- particular to a kind of content goes into `metadata`. Each kind has a
-- provider, private.search_<kind>(term, limit), returning that shape.
-- Adding notes and journals (spec 002) means writing private.search_notes
-- and private.search_journals and re-creating search_user_content with one
-- more UNION ALL arm each, as below.
--
-- p_content_type: 'all' (or NULL/empty) or one kind, singular or plural
-- ('task'/'tasks', 'project'/'projects', 'tag'/'tags'); a kind without a
-- provider finds nothing. The term is trimmed, cut to 200 characters and
-- stripped of markup characters; under 2 characters finds nothing.
-- p_limit defaults to 20 and is held between 1 and 50.

-- The term as the palette sends it: trimmed, markup characters removed,
-- at most 200 characters; NULL when under 2 characters.
CREATE FUNCTION private.search_term(p_search_term text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE WHEN length(t) >= 2 THEN t END
  FROM (SELECT left(btrim(regexp_replace(regexp_replace(coalesce(p_search_term, ''), '[<>{}`]', '', 'g'),
                                         '\s+', ' ', 'g')), 200) AS t) s
$$;

-- A LIKE pattern matching the term anywhere (its % _ \ taken literally).
CREATE FUNCTION private.search_pattern(p_term text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT '%' || regexp_replace(p_term, '([%_\\])', '\\\1', 'g') || '%'
$$;

-- About 160 characters of p_text around the first occurrence of p_term.
CREATE FUNCTION private.search_snippet(p_text text, p_term text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE
    WHEN p_text IS NULL OR p_text = '' THEN NULL
    WHEN strpos(lower(p_text), lower(p_term)) <= 60 THEN
      left(p_text, 160) || CASE WHEN length(p_text) > 160 THEN '…' ELSE '' END
    ELSE '…' || substr(p_text, strpos(lower(p_text), lower(p_term)) - 60, 160)
         || CASE WHEN length(p_text) > strpos(lower(p_text), lower(p_term)) + 99 THEN '…' ELSE '' END
  END
$$;

-- 4 exact title, 3 title prefix, 2 title contains, 1 elsewhere.
CREATE FUNCTION private.search_rank(p_title text, p_term text) RETURNS real
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE
    WHEN lower(p_title) = lower(p_term) THEN 4
    WHEN strpos(lower(p_title), lower(p_term)) = 1 THEN 3
    WHEN strpos(lower(p_title), lower(p_term)) > 0 THEN 2
    ELSE 1
  END::real
$$;

CREATE FUNCTION private.search_tasks(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT t.id, 'task', t.title, private.search_snippet(t.notes, p_term),
         jsonb_build_object('project_id', t.project_id, 'list', t.list, 'parent_id', t.parent_id,
                            'is_completed', t.is_completed, 'is_starred', t.is_starred,
                            'priority', t.priority, 'due_date', t.due_date, 'tags', t.tags),
         t.created_at, t.updated_at, private.search_rank(t.title, p_term)
  FROM public.tasks t
  WHERE NOT t.is_deleted
    AND (t.title ILIKE private.search_pattern(p_term)
         OR t.notes ILIKE private.search_pattern(p_term)
         OR t.tags ILIKE private.search_pattern(p_term))
  ORDER BY 8 DESC, t.updated_at DESC
  LIMIT p_limit
$$;

CREATE FUNCTION private.search_projects(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT p.id, 'project', p.name, private.search_snippet(p.overview, p_term),
         jsonb_build_object('color', p.color, 'icon_name', p.icon_name, 'icon_color', p.icon_color,
                            'icon_weight', p.icon_weight, 'is_shared', p.is_shared,
                            'is_owner', p.user_id = auth.uid()),
         p.created_at, p.updated_at, private.search_rank(p.name, p_term)
  FROM public.projects p
  WHERE NOT p.is_deleted
    AND (p.name ILIKE private.search_pattern(p_term) OR p.overview ILIKE private.search_pattern(p_term))
  ORDER BY 8 DESC, p.updated_at DESC
  LIMIT p_limit
$$;

CREATE FUNCTION private.search_tags(p_term text, p_limit integer)
RETURNS TABLE (id uuid, content_type text, title text, snippet text, metadata jsonb,
               created_at timestamptz, updated_at timestamptz, rank real)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT g.id, 'tag', g.name, NULL::text,
         jsonb_build_object('color', g.color, 'usage_count', g.usage_count),
         g.created_at, g.updated_at, private.search_rank(g.name, p_term)
  FROM public.global_tags g
  WHERE NOT g.is_deleted AND g.name ILIKE private.search_pattern(p_term)
  ORDER BY 8 DESC, g.usage_count DESC
  LIMIT p_limit
$$;

GRANT EXECUTE ON FUNCTION private.search_term(text), private.search_pattern(text),
  private.search_snippet(text, text), private.search_rank(text, text),
  private.search_tasks(text, integer), private.search_projects(text, integer), private.search_tags(text, integer)
  TO authenticated, service_role;

CREATE FUNCTION public.search_user_content(p_search_term text, p_content_type text DEFAULT 'all', p_limit integer DEFAULT 20)
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
  ) r
  WHERE q.term IS NOT NULL
  -- Equal ranks list by kind in the palette's order (Tasks, Projects,
  -- Tags; kinds added later after them), then the most recently changed.
  ORDER BY r.rank DESC, array_position(ARRAY['task', 'project', 'tag'], r.content_type), r.updated_at DESC, r.id
  LIMIT (SELECT lim FROM q)
$$;

REVOKE EXECUTE ON FUNCTION public.search_user_content(text, text, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.search_user_content(text, text, integer) TO authenticated, service_role;
