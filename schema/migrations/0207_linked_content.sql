-- Notes and journal entries linked to tasks (002 §3 "Linked content", §4,
-- §7): the link tables, the read view task_attachments_v, the link RPCs
-- and the recent-content read of the attach dialog.
--
-- A user links their own live notes and entries to tasks they reach; the
-- link is then read by everyone who reaches the task, and so is the linked
-- note or entry (read-only): linking shares it with the task's people.
-- Unlinking deletes the link row (002 §4); the linker or a manager of the
-- task may unlink.

CREATE TABLE public.task_note_links (
  id        uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  task_id   uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  note_id   uuid NOT NULL REFERENCES public.notes (id) ON DELETE CASCADE,
  linked_by uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT task_note_links_task_id_note_id_key UNIQUE (task_id, note_id)
);
CREATE INDEX task_note_links_note_idx ON public.task_note_links (note_id);

CREATE TABLE public.task_journal_links (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  task_id    uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  -- A journal entry (the spec's parameter is p_journal_id).
  journal_id uuid NOT NULL REFERENCES public.journal_entries (id) ON DELETE CASCADE,
  linked_by  uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  linked_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT task_journal_links_task_id_journal_id_key UNIQUE (task_id, journal_id)
);
CREATE INDEX task_journal_links_journal_idx ON public.task_journal_links (journal_id);

-- Whether the current user reaches a task the note (entry) is linked to.
CREATE FUNCTION private.note_linked_to_reachable_task(p_note_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.task_note_links l
                 WHERE l.note_id = p_note_id AND private.can_access_task(l.task_id))
$$;

CREATE FUNCTION private.journal_linked_to_reachable_task(p_entry_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.task_journal_links l
                 WHERE l.journal_id = p_entry_id AND private.can_access_task(l.task_id))
$$;

CREATE FUNCTION private.note_owner(p_note_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT n.user_id FROM public.notes n WHERE n.id = p_note_id AND NOT n.is_deleted
$$;

CREATE FUNCTION private.live_journal_entry_owner(p_entry_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT e.user_id FROM public.journal_entries e WHERE e.id = p_entry_id AND NOT e.is_deleted
$$;

GRANT EXECUTE ON FUNCTION private.note_linked_to_reachable_task(uuid), private.journal_linked_to_reachable_task(uuid),
  private.note_owner(uuid), private.live_journal_entry_owner(uuid)
  TO authenticated, service_role;

-- Direct inserts follow the same rules as the RPCs.
CREATE FUNCTION private.task_links_before_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_owner uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  NEW.linked_by := auth.uid();
  NEW.linked_at := now();
  IF NOT private.can_access_task(NEW.task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
  END IF;
  IF TG_TABLE_NAME = 'task_note_links' THEN
    v_owner := private.note_owner(NEW.note_id);
    IF v_owner IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Note not found' USING ERRCODE = '23503';
    END IF;
  ELSE
    v_owner := private.live_journal_entry_owner(NEW.journal_id);
    IF v_owner IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = '23503';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_insert BEFORE INSERT ON public.task_note_links
  FOR EACH ROW EXECUTE FUNCTION private.task_links_before_insert();
CREATE TRIGGER before_insert BEFORE INSERT ON public.task_journal_links
  FOR EACH ROW EXECUTE FUNCTION private.task_links_before_insert();

ALTER TABLE public.task_note_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.task_journal_links ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, UPDATE ON public.task_note_links, public.task_journal_links FROM anon, authenticated;

CREATE POLICY "read links of reachable tasks" ON public.task_note_links
  FOR SELECT TO authenticated USING (linked_by = (SELECT auth.uid()) OR private.can_access_task(task_id));
CREATE POLICY "link own notes" ON public.task_note_links
  FOR INSERT TO authenticated WITH CHECK (linked_by = (SELECT auth.uid()));
CREATE POLICY "linkers and managers unlink" ON public.task_note_links
  FOR DELETE TO authenticated USING (linked_by = (SELECT auth.uid()) OR private.can_manage_task(task_id));

CREATE POLICY "read links of reachable tasks" ON public.task_journal_links
  FOR SELECT TO authenticated USING (linked_by = (SELECT auth.uid()) OR private.can_access_task(task_id));
CREATE POLICY "link own journal entries" ON public.task_journal_links
  FOR INSERT TO authenticated WITH CHECK (linked_by = (SELECT auth.uid()));
CREATE POLICY "linkers and managers unlink" ON public.task_journal_links
  FOR DELETE TO authenticated USING (linked_by = (SELECT auth.uid()) OR private.can_manage_task(task_id));

-- Linked notes and entries are readable by the task's people.
CREATE POLICY "read notes linked to reachable tasks" ON public.notes
  FOR SELECT TO authenticated USING (private.note_linked_to_reachable_task(id));
CREATE POLICY "read journal entries linked to reachable tasks" ON public.journal_entries
  FOR SELECT TO authenticated USING (private.journal_linked_to_reachable_task(id));

-- Linked content of a task (002 §3): one row per live linked note or
-- entry, read by task_id ordered by linked_at descending. The caller's
-- RLS applies to every table underneath.
CREATE VIEW public.task_attachments_v WITH (security_invoker = true) AS
SELECT l.id, l.task_id, n.id AS content_id, 'note'::text AS content_type, n.title,
       n.content AS content_markdown, n.updated_at, n.user_id AS author_id, l.linked_at, l.linked_by
FROM public.task_note_links l
JOIN public.notes n ON n.id = l.note_id AND NOT n.is_deleted
UNION ALL
SELECT l.id, l.task_id, e.id, 'journal'::text, e.title,
       e.content, e.updated_at, e.user_id, l.linked_at, l.linked_by
FROM public.task_journal_links l
JOIN public.journal_entries e ON e.id = l.journal_id AND NOT e.is_deleted;

REVOKE ALL ON public.task_attachments_v FROM anon, authenticated;
GRANT SELECT ON public.task_attachments_v TO authenticated, service_role;

-- RPC create_task_note_link {p_task_id, p_note_id}: links one of the
-- caller's live notes to a task they reach. Idempotent: linking again
-- returns the existing link.
CREATE FUNCTION public.create_task_note_link(p_task_id uuid, p_note_id uuid)
RETURNS public.task_note_links
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user uuid := private.acting_user(NULL);
  v_link public.task_note_links;
BEGIN
  IF NOT private.task_access(v_user, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0001';
  END IF;
  IF private.note_owner(p_note_id) IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'Note not found' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO public.task_note_links (task_id, note_id, linked_by)
  VALUES (p_task_id, p_note_id, v_user)
  ON CONFLICT (task_id, note_id) DO NOTHING
  RETURNING * INTO v_link;
  IF v_link.id IS NULL THEN
    SELECT * INTO v_link FROM public.task_note_links l WHERE l.task_id = p_task_id AND l.note_id = p_note_id;
  END IF;
  RETURN v_link;
END
$$;

-- RPC create_task_journal_link {p_task_id, p_journal_id}: the same for a
-- journal entry.
CREATE FUNCTION public.create_task_journal_link(p_task_id uuid, p_journal_id uuid)
RETURNS public.task_journal_links
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user uuid := private.acting_user(NULL);
  v_link public.task_journal_links;
BEGIN
  IF NOT private.task_access(v_user, p_task_id) THEN
    RAISE EXCEPTION 'Task not found' USING ERRCODE = 'P0001';
  END IF;
  IF private.live_journal_entry_owner(p_journal_id) IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO public.task_journal_links (task_id, journal_id, linked_by)
  VALUES (p_task_id, p_journal_id, v_user)
  ON CONFLICT (task_id, journal_id) DO NOTHING
  RETURNING * INTO v_link;
  IF v_link.id IS NULL THEN
    SELECT * INTO v_link FROM public.task_journal_links l WHERE l.task_id = p_task_id AND l.journal_id = p_journal_id;
  END IF;
  RETURN v_link;
END
$$;

-- Recent content of the attach dialog (002 §7, §9): the caller's live
-- notes and journal entries, most recently changed first, half of p_limit
-- (20) from each kind; when one kind has fewer, the other fills the rest.
CREATE FUNCTION public.get_recent_content(p_limit integer DEFAULT 20)
RETURNS TABLE (id uuid, content_type text, title text, content text, updated_at timestamptz)
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH q AS (SELECT least(greatest(coalesce(p_limit, 20), 1), 100) AS lim),
  n AS (
    SELECT x.id, 'note'::text AS content_type, x.title, x.content, x.updated_at,
           row_number() OVER (ORDER BY x.updated_at DESC, x.id) AS rn
    FROM public.notes x
    WHERE x.user_id = (SELECT auth.uid()) AND NOT x.is_deleted
    ORDER BY x.updated_at DESC, x.id
    LIMIT (SELECT lim FROM q)
  ),
  j AS (
    SELECT x.id, 'journal'::text, x.title, x.content, x.updated_at,
           row_number() OVER (ORDER BY x.updated_at DESC, x.id) AS rn
    FROM public.journal_entries x
    WHERE x.user_id = (SELECT auth.uid()) AND NOT x.is_deleted
    ORDER BY x.updated_at DESC, x.id
    LIMIT (SELECT lim FROM q)
  ),
  picked AS (
    SELECT a.*, a.rn <= ((SELECT lim FROM q) + 1) / 2 AS in_half FROM n a
    UNION ALL
    SELECT b.*, b.rn <= (SELECT lim FROM q) / 2 FROM j b
    ORDER BY in_half DESC, updated_at DESC, id
    LIMIT (SELECT lim FROM q)
  )
  SELECT p.id, p.content_type, p.title, p.content, p.updated_at FROM picked p
  ORDER BY p.updated_at DESC, p.id
$$;

REVOKE EXECUTE ON FUNCTION public.create_task_note_link(uuid, uuid), public.create_task_journal_link(uuid, uuid),
  public.get_recent_content(integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.create_task_note_link(uuid, uuid), public.create_task_journal_link(uuid, uuid),
  public.get_recent_content(integer) TO authenticated, service_role;
