-- Sharing a note or a folder by link (002 §2 "Share" dialog, §6, §9).
--
-- 002 gives the choice 'Can view' / 'Can edit', the link form
-- {origin}/app/shared/{folder or note}/{64 hexadecimal characters chosen at
-- random}, and says sharing by e-mail is simulated locally and makes no
-- call; rules beyond that are not shown (docs/decisions.md "Note and folder
-- sharing"). Here:
--
-- * note_shares: one live link per note or folder, made by its owner, with
--   permission 'view' or 'edit' and a token chosen by the server. The owner
--   changes the permission or revokes the link (is_deleted, final); the
--   note's or folder's is_shared follows whether a live link exists.
-- * A signed-in user who opens the link calls open_share_link(p_token) and
--   becomes a recipient (note_share_recipients). Recipients then read the
--   shared note, or the folder and its live notes, with the ordinary table
--   calls; with 'edit' they may also change the notes' title and content
--   (not their folder, pin, sharing or deletion, which stay the owner's).
-- * Revoking the link or lowering it to 'view' takes effect at once; the
--   owner may remove a recipient and a recipient may leave.

CREATE TABLE public.note_shares (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  note_id      uuid REFERENCES public.notes (id) ON DELETE CASCADE,
  folder_id    uuid REFERENCES public.note_folders (id) ON DELETE CASCADE,
  -- 'note' or 'folder': the {folder or note} segment of the link.
  content_type text GENERATED ALWAYS AS (CASE WHEN note_id IS NOT NULL THEN 'note' ELSE 'folder' END) STORED,
  permission   text NOT NULL DEFAULT 'view' CONSTRAINT note_shares_permission_valid CHECK (permission IN ('view', 'edit')),
  token        text NOT NULL UNIQUE DEFAULT encode(extensions.gen_random_bytes(32), 'hex')
                 CONSTRAINT note_shares_token_valid CHECK (token ~ '^[0-9a-f]{64}$'),
  is_deleted   boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT note_shares_one_target CHECK (num_nonnulls(note_id, folder_id) = 1)
);
CREATE UNIQUE INDEX note_shares_live_note_key ON public.note_shares (note_id) WHERE NOT is_deleted AND note_id IS NOT NULL;
CREATE UNIQUE INDEX note_shares_live_folder_key ON public.note_shares (folder_id) WHERE NOT is_deleted AND folder_id IS NOT NULL;
CREATE INDEX note_shares_user_idx ON public.note_shares (user_id);

CREATE TABLE public.note_share_recipients (
  share_id   uuid NOT NULL REFERENCES public.note_shares (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (share_id, user_id)
);
CREATE INDEX note_share_recipients_user_idx ON public.note_share_recipients (user_id);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.note_shares
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Owner of a live folder, NULL when none.
CREATE FUNCTION private.live_note_folder_owner(p_folder_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT f.user_id FROM public.note_folders f WHERE f.id = p_folder_id AND NOT f.is_deleted
$$;

-- Live notes shared with the current user through a live link (with
-- p_edit, only links that allow editing): the note itself, or the live
-- notes of a shared live folder.
CREATE FUNCTION private.shared_note_ids(p_edit boolean) RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(DISTINCT n.id), '{}')
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted AND (NOT p_edit OR s.permission = 'edit')
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  JOIN public.notes n ON NOT n.is_deleted AND (
         n.id = s.note_id
      OR (f.id IS NOT NULL AND n.user_id = f.user_id AND lower(n.folder) = lower(f.name)))
  WHERE r.user_id = auth.uid()
$$;

-- Live folders shared with the current user through a live link.
CREATE FUNCTION private.shared_folder_ids() RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(f.id), '{}')
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted
  JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  WHERE r.user_id = auth.uid()
$$;

CREATE FUNCTION private.share_owner(p_share_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT s.user_id FROM public.note_shares s WHERE s.id = p_share_id
$$;

-- The note's or folder's is_shared: whether it has a live link.
CREATE FUNCTION private.note_shares_sync_flag() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.note_id IS NOT NULL THEN
    UPDATE public.notes n SET is_shared = EXISTS (
      SELECT FROM public.note_shares s WHERE s.note_id = n.id AND NOT s.is_deleted)
    WHERE n.id = NEW.note_id;
  ELSE
    UPDATE public.note_folders f SET is_shared = EXISTS (
      SELECT FROM public.note_shares s WHERE s.folder_id = f.id AND NOT s.is_deleted)
    WHERE f.id = NEW.folder_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION private.note_shares_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      -- The server picks the secret and the time.
      NEW.token := encode(extensions.gen_random_bytes(32), 'hex');
      NEW.created_at := now();
      NEW.is_deleted := false;
    END IF;
    IF NEW.note_id IS NOT NULL AND private.note_owner(NEW.note_id) IS DISTINCT FROM NEW.user_id THEN
      RAISE EXCEPTION 'Note not found' USING ERRCODE = '23503';
    END IF;
    IF NEW.folder_id IS NOT NULL AND private.live_note_folder_owner(NEW.folder_id) IS DISTINCT FROM NEW.user_id THEN
      RAISE EXCEPTION 'Folder not found' USING ERRCODE = '23503';
    END IF;
    IF EXISTS (SELECT FROM public.note_shares s WHERE NOT s.is_deleted
                 AND (s.note_id = NEW.note_id OR s.folder_id = NEW.folder_id)) THEN
      RAISE EXCEPTION 'This item already has a share link' USING ERRCODE = '23505',
        HINT = 'Change the permission of the existing link, or revoke it first.';
    END IF;
    RETURN NEW;
  END IF;
  -- Updates: only the permission changes, and a revoked link stays revoked.
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.note_id IS DISTINCT FROM OLD.note_id
     OR NEW.folder_id IS DISTINCT FROM OLD.folder_id OR NEW.token IS DISTINCT FROM OLD.token THEN
    RAISE EXCEPTION 'Only the permission of a share link can change' USING ERRCODE = '42501';
  END IF;
  IF OLD.is_deleted AND NOT NEW.is_deleted THEN
    RAISE EXCEPTION 'A revoked share link cannot be restored' USING ERRCODE = '42501';
  END IF;
  NEW.created_at := OLD.created_at;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.note_shares
  FOR EACH ROW EXECUTE FUNCTION private.note_shares_before_write();
CREATE TRIGGER sync_is_shared AFTER INSERT OR UPDATE OF is_deleted ON public.note_shares
  FOR EACH ROW EXECUTE FUNCTION private.note_shares_sync_flag();

-- Someone other than the owner (a recipient with 'edit') changes only the
-- title and content of a note; moving, pinning, sharing and deleting stay
-- the owner's.
CREATE FUNCTION private.notes_shared_edit() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF private.is_end_user() AND OLD.user_id IS DISTINCT FROM auth.uid()
     AND (NEW.folder IS DISTINCT FROM OLD.folder OR NEW.pinned IS DISTINCT FROM OLD.pinned
          OR NEW.is_shared IS DISTINCT FROM OLD.is_shared OR NEW.is_deleted IS DISTINCT FROM OLD.is_deleted) THEN
    RAISE EXCEPTION 'Only the owner can move, pin, share or delete this note' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;

-- "a_": before before_write of 0202, on the values the client sent.
CREATE TRIGGER a_shared_edit BEFORE UPDATE ON public.notes
  FOR EACH ROW EXECUTE FUNCTION private.notes_shared_edit();

-- RPC open_share_link {p_token}: the page /app/shared/{type}/{token}.
-- Makes the caller a recipient and returns what the link opens; the owner
-- opening their own link just gets the answer.
CREATE FUNCTION public.open_share_link(p_token text)
RETURNS TABLE (share_id uuid, content_type text, content_id uuid, permission text, owner_id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_user  uuid := private.acting_user(NULL);
  v_share public.note_shares;
BEGIN
  SELECT s.* INTO v_share FROM public.note_shares s
  WHERE s.token = lower(btrim(coalesce(p_token, ''))) AND NOT s.is_deleted
    AND CASE WHEN s.note_id IS NOT NULL THEN private.note_owner(s.note_id) IS NOT NULL
             ELSE private.live_note_folder_owner(s.folder_id) IS NOT NULL END;
  IF v_share.id IS NULL THEN
    RAISE EXCEPTION 'Invalid or expired share link' USING ERRCODE = 'P0001';
  END IF;
  IF v_share.user_id IS DISTINCT FROM v_user THEN
    INSERT INTO public.note_share_recipients (share_id, user_id) VALUES (v_share.id, v_user)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT v_share.id, v_share.content_type, coalesce(v_share.note_id, v_share.folder_id),
                      v_share.permission, v_share.user_id;
END
$$;

GRANT EXECUTE ON FUNCTION private.live_note_folder_owner(uuid), private.shared_note_ids(boolean),
  private.shared_folder_ids(), private.share_owner(uuid), private.note_shares_sync_flag(),
  private.notes_shared_edit() TO authenticated, service_role;
REVOKE EXECUTE ON FUNCTION public.open_share_link(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.open_share_link(text) TO authenticated, service_role;

ALTER TABLE public.note_shares ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.note_share_recipients ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, DELETE ON public.note_shares FROM anon, authenticated;
REVOKE TRUNCATE, REFERENCES, TRIGGER, INSERT, UPDATE ON public.note_share_recipients FROM anon, authenticated;

-- Links are the owner's: read, create, change the permission, revoke.
CREATE POLICY "owners manage share links" ON public.note_shares
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
-- Recipients: the owner sees who opened their links and may remove them;
-- a recipient sees and removes (leaves) their own.
CREATE POLICY "owners and recipients read recipients" ON public.note_share_recipients
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR private.share_owner(share_id) = (SELECT auth.uid()));
CREATE POLICY "owners and recipients remove recipients" ON public.note_share_recipients
  FOR DELETE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR private.share_owner(share_id) = (SELECT auth.uid()));

-- Shared notes and folders, read (and with 'edit', written) by recipients.
-- Sub-selects: the id lists are computed once per statement.
CREATE POLICY "read shared: notes shared by link" ON public.notes
  FOR SELECT TO authenticated USING (id = ANY ((SELECT private.shared_note_ids(false))::uuid[]));
CREATE POLICY "edit shared: notes shared by link for editing" ON public.notes
  FOR UPDATE TO authenticated
  USING (id = ANY ((SELECT private.shared_note_ids(true))::uuid[]))
  WITH CHECK (id = ANY ((SELECT private.shared_note_ids(true))::uuid[]));
CREATE POLICY "read shared: folders shared by link" ON public.note_folders
  FOR SELECT TO authenticated USING (id = ANY ((SELECT private.shared_folder_ids())::uuid[]));
