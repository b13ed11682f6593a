-- The note people RPCs of 0672 under the assured-session rule of 0620
-- (issue 20, after issue 17 merged). They read past row-level security
-- (SECURITY DEFINER), so like every such RPC they start with
-- PERFORM auth.assert_data_access(): an aal1 session of a two-factor user,
-- or a session that has ended, gets 42501 instead of names and e-mails.
-- Bodies are otherwise those of 0672; get_shared_with_me becomes PL/pgSQL
-- to run the check first.

CREATE OR REPLACE FUNCTION public.get_note_people(p_note_id uuid)
RETURNS TABLE (user_id uuid, full_name text, email text, avatar_url text, permission text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
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

CREATE OR REPLACE FUNCTION public.get_share_recipients(p_share_id uuid)
RETURNS TABLE (user_id uuid, full_name text, email text, avatar_url text, opened_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  v_uid uuid;
BEGIN
  PERFORM auth.assert_data_access();
  v_uid := private.acting_user(NULL);
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

CREATE OR REPLACE FUNCTION public.get_shared_with_me()
RETURNS TABLE (share_id uuid, content_type text, content_id uuid, title text, permission text,
               owner_id uuid, owner_name text, shared_at timestamptz, token text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
#variable_conflict use_column
BEGIN
  PERFORM auth.assert_data_access();
  RETURN QUERY
  SELECT s.id, s.content_type, coalesce(s.note_id, s.folder_id), coalesce(n.title, f.name), s.permission,
         s.user_id, private.user_label(s.user_id), r.created_at,
         CASE WHEN s.folder_id IS NOT NULL THEN s.token END
  FROM public.note_share_recipients r
  JOIN public.note_shares s ON s.id = r.share_id AND NOT s.is_deleted
  LEFT JOIN public.notes n ON n.id = s.note_id AND NOT n.is_deleted
  LEFT JOIN public.note_folders f ON f.id = s.folder_id AND NOT f.is_deleted
  WHERE r.user_id = auth.uid() AND (n.id IS NOT NULL OR f.id IS NOT NULL)
  ORDER BY r.created_at DESC, s.id;
END
$$;
