-- The people of a shared note, what is shared with me, and @mentions in
-- notes (issue 20; 002 §2 Share dialog, §3 mention form, §6).
--
-- 0214 lets a recipient read (and with 'Can edit' write) a note shared by
-- link, and the owner read and remove the recipient rows; the screens also
-- need names, which live in auth.users and user_profiles where nobody else
-- may read them. Three calls answer with display data for exactly those
-- people:
--
-- * get_note_people {p_note_id}: the owner and every recipient of a live
--   link to the note or to its folder, with their permission ('owner',
--   'edit' or 'view') — whom an editor of the note may @mention. For
--   anyone who can read the note through ownership or a link.
-- * get_share_recipients {p_share_id}: who opened one of the caller's
--   links, for the Share dialog (the owner removes them by deleting the
--   note_share_recipients row).
-- * get_shared_with_me: the live notes and folders shared with the caller,
--   for the sidebar's "Shared with me".
--
-- Mentions in a note's markdown use the spec's form for comments (002 §3:
-- @[display name](user id)). A person newly mentioned in a note who can
-- read it is notified (type 'comment', as for a mention in a comment; the
-- entity is the note), once per appearance of the mention; the author is
-- never told about themselves and people without access never.

-- The people who have a live note: owner first, then the recipients of
-- live links to it or to its live folder (with 'edit' if any of their
-- links allows editing).
CREATE FUNCTION private.note_people(p_note_id uuid)
RETURNS TABLE (user_id uuid, permission text, since timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  WITH n AS (SELECT n.id, n.user_id, n.folder, n.created_at FROM public.notes n WHERE n.id = p_note_id AND NOT n.is_deleted)
  SELECT n.user_id, 'owner', n.created_at FROM n
  UNION ALL
  SELECT r.user_id, CASE WHEN bool_or(s.permission = 'edit') THEN 'edit' ELSE 'view' END, min(r.created_at)
  FROM n
  JOIN public.note_shares s ON NOT s.is_deleted
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  JOIN public.note_share_recipients r ON r.share_id = s.id
  WHERE (s.note_id = n.id OR (f.id IS NOT NULL AND f.user_id = n.user_id AND lower(n.folder) = lower(f.name)))
    AND r.user_id <> n.user_id
  GROUP BY r.user_id
$$;

GRANT EXECUTE ON FUNCTION private.note_people(uuid) TO authenticated, service_role;

-- RPC get_note_people {p_note_id}: the note's people with their display
-- data, owner first, then by name. 404 for a note the caller cannot read
-- through ownership or a link (whether or not it exists).
CREATE FUNCTION public.get_note_people(p_note_id uuid)
RETURNS TABLE (user_id uuid, full_name text, email text, avatar_url text, permission text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid := private.acting_user(NULL);
BEGIN
  IF NOT EXISTS (SELECT FROM private.note_people(p_note_id) p WHERE p.user_id = v_uid) THEN
    RAISE EXCEPTION 'Note not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  SELECT p.user_id, coalesce(i.full_name, i.email), i.email, i.avatar_url, p.permission
  FROM private.note_people(p_note_id) p
  LEFT JOIN LATERAL private.user_identity(p.user_id) i ON true
  ORDER BY p.permission <> 'owner', lower(coalesce(i.full_name, i.email)), p.user_id;
END
$$;

-- RPC get_share_recipients {p_share_id}: who opened the caller's link,
-- first opened first. 404 for a link that is not the caller's.
CREATE FUNCTION public.get_share_recipients(p_share_id uuid)
RETURNS TABLE (user_id uuid, full_name text, email text, avatar_url text, opened_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid := private.acting_user(NULL);
BEGIN
  IF private.share_owner(p_share_id) IS DISTINCT FROM v_uid THEN
    RAISE EXCEPTION 'Share link not found' USING ERRCODE = 'PT404';
  END IF;
  RETURN QUERY
  SELECT r.user_id, coalesce(i.full_name, i.email), i.email, i.avatar_url, r.created_at
  FROM public.note_share_recipients r
  LEFT JOIN LATERAL private.user_identity(r.user_id) i ON true
  WHERE r.share_id = p_share_id
  ORDER BY r.created_at, r.user_id;
END
$$;

-- RPC get_shared_with_me: live notes and folders shared with the caller
-- through live links, newest first. For a folder, token is the link (its
-- page lists the folder's notes); a note opens at /app/notes/{id}.
CREATE FUNCTION public.get_shared_with_me()
RETURNS TABLE (share_id uuid, content_type text, content_id uuid, title text, permission text,
               owner_id uuid, owner_name text, shared_at timestamptz, token text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT s.id, s.content_type, coalesce(s.note_id, s.folder_id), coalesce(n.title, f.name), s.permission,
         s.user_id, private.user_label(s.user_id), r.created_at,
         CASE WHEN s.folder_id IS NOT NULL THEN s.token END
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted
  LEFT JOIN public.notes n ON n.id = s.note_id AND NOT n.is_deleted
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  WHERE r.user_id = auth.uid() AND (n.id IS NOT NULL OR f.id IS NOT NULL)
  ORDER BY r.created_at DESC, s.id
$$;

REVOKE EXECUTE ON FUNCTION public.get_note_people(uuid), public.get_share_recipients(uuid), public.get_shared_with_me()
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.get_note_people(uuid), public.get_share_recipients(uuid), public.get_shared_with_me()
  TO authenticated, service_role;

-- New mentions of people who have the note are notified.
CREATE FUNCTION private.notes_notify_mentions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_author uuid := coalesce(auth.uid(), NEW.user_id);
  v_before uuid[] := '{}';
  v_title  text := coalesce(nullif(NEW.title, ''), 'Untitled');
  v_who    uuid;
BEGIN
  -- Most saves hold no mention: skip the scans.
  IF NEW.is_deleted OR strpos(NEW.content, '@[') = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.content IS NOT DISTINCT FROM OLD.content THEN
      RETURN NULL;
    END IF;
    v_before := private.mentioned_user_ids(OLD.content);
  END IF;
  FOR v_who IN
    SELECT m FROM unnest(private.mentioned_user_ids(NEW.content)) m
    WHERE NOT m = ANY (v_before) AND m IS DISTINCT FROM v_author
      AND EXISTS (SELECT FROM private.note_people(NEW.id) p WHERE p.user_id = m)
  LOOP
    PERFORM private.notify(v_who, v_author, 'comment', 'You were mentioned in a note',
      format('%s mentioned you in "%s"', coalesce(private.user_label(v_author), 'Someone'), left(v_title, 150)),
      NEW.id, 'note', jsonb_build_object('actionUrl', '/app/notes/' || NEW.id, 'note_title', NEW.title));
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER notify_mentions AFTER INSERT OR UPDATE OF content ON public.notes
  FOR EACH ROW EXECUTE FUNCTION private.notes_notify_mentions();
