-- The app's buckets (002 §3, §7) and who may write to them.
--
-- Both are public: the app shows files through their public URLs, so reads
-- of the bytes need no policy. Writes do: a user uploads only below a
-- folder that is theirs and deletes only their own objects. The file rules
-- of 002 §5 (size per plan, types, signatures, names, rate limits) are
-- enforced by the storage server for these two buckets (storage/rules.go);
-- allowed_mime_types below is the MIME allow-list it checks, and
-- file_size_limit the largest plan's per-file limit (100 MB).

INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types) VALUES
  ('journal-images', 'journal-images', true, 104857600, ARRAY[
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml']),
  ('task-attachments', 'task-attachments', true, 104857600, ARRAY[
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml',
    'application/pdf',
    'text/plain',
    'text/markdown', 'text/x-markdown',
    'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip', 'application/x-zip-compressed',
    'application/vnd.rar', 'application/x-rar-compressed',
    'application/x-7z-compressed',
    'application/json',
    'text/javascript', 'application/javascript', 'application/typescript', 'text/typescript',
    'text/html', 'text/css',
    'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg',
    'video/mp4', 'video/webm', 'video/ogg'])
ON CONFLICT (id) DO NOTHING;

-- Whether the caller owns the journal entry a journal image is filed under
-- ({entryId}/{timestamp}.{ext}, 002 §3). The journal tables come from
-- another migration; until public.journal_entries exists the folder must be
-- the caller's own user id instead, so nobody can write to another user's
-- folder in the meantime. SECURITY DEFINER with an explicit user check, so
-- the answer does not depend on the journal tables' own policies.
CREATE FUNCTION storage.owns_journal_folder(p_folder text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid uuid := auth.uid();
  v_ok  boolean;
BEGIN
  IF v_uid IS NULL OR p_folder IS NULL THEN
    RETURN false;
  END IF;
  IF pg_catalog.to_regclass('public.journal_entries') IS NULL THEN
    RETURN p_folder = v_uid::text;
  END IF;
  EXECUTE 'SELECT EXISTS (SELECT 1 FROM public.journal_entries e WHERE e.id::text = $1 AND e.user_id = $2)'
    INTO v_ok USING p_folder, v_uid;
  RETURN v_ok;
END
$$;
REVOKE ALL ON FUNCTION storage.owns_journal_folder(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION storage.owns_journal_folder(text) TO authenticated, service_role;

-- task-attachments: {userId}/{taskId}/{random}.{ext} (002 §7).
CREATE POLICY "task-attachments: read own" ON storage.objects
  FOR SELECT TO authenticated
  USING (bucket_id = 'task-attachments'
         AND ((storage.foldername(name))[1] = (SELECT auth.uid())::text
              OR owner_id = (SELECT auth.uid())::text));

CREATE POLICY "task-attachments: upload below own folder" ON storage.objects
  FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'task-attachments'
              AND (storage.foldername(name))[1] = (SELECT auth.uid())::text);

CREATE POLICY "task-attachments: update own" ON storage.objects
  FOR UPDATE TO authenticated
  USING (bucket_id = 'task-attachments' AND owner_id = (SELECT auth.uid())::text)
  WITH CHECK (bucket_id = 'task-attachments'
              AND (storage.foldername(name))[1] = (SELECT auth.uid())::text);

CREATE POLICY "task-attachments: delete own" ON storage.objects
  FOR DELETE TO authenticated
  USING (bucket_id = 'task-attachments' AND owner_id = (SELECT auth.uid())::text);

-- journal-images: {entryId}/{timestamp}.{ext} (002 §3).
CREATE POLICY "journal-images: read own" ON storage.objects
  FOR SELECT TO authenticated
  USING (bucket_id = 'journal-images'
         AND (owner_id = (SELECT auth.uid())::text
              OR storage.owns_journal_folder((storage.foldername(name))[1])));

CREATE POLICY "journal-images: upload to own entry" ON storage.objects
  FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'journal-images'
              AND pg_catalog.array_length(storage.foldername(name), 1) = 1
              AND storage.owns_journal_folder((storage.foldername(name))[1]));

CREATE POLICY "journal-images: update own" ON storage.objects
  FOR UPDATE TO authenticated
  USING (bucket_id = 'journal-images' AND owner_id = (SELECT auth.uid())::text)
  WITH CHECK (bucket_id = 'journal-images'
              AND pg_catalog.array_length(storage.foldername(name), 1) = 1
              AND storage.owns_journal_folder((storage.foldername(name))[1]));

CREATE POLICY "journal-images: delete own" ON storage.objects
  FOR DELETE TO authenticated
  USING (bucket_id = 'journal-images' AND owner_id = (SELECT auth.uid())::text);
