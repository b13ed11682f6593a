-- Images in notes (issue 20: the notes editor inserts images).
--
-- 002 stores journal images in the bucket 'journal-images' under
-- {entryId}/{timestamp}.{extension}; for notes it names no bucket. Notes
-- get the same arrangement in a bucket of their own, 'note-images', under
-- {noteId}/{timestamp}.{extension}, and the note's markdown holds the
-- image's public URL (![alt](url)), so export and other readers see it.
--
-- * Public, like journal-images: a note shared by link shows its images to
--   every recipient through the public URL, which holds the note's id and
--   a millisecond time (not guessable by someone without the note).
-- * Uploads go below a note the caller owns, or one shared with them for
--   editing (a 'Can edit' recipient may add images to the note they edit).
-- * The storage server applies the file rules of 002 §5 to it as to
--   journal-images (storage.DefaultRules): images only by the MIME list
--   below, plan size limits, signatures, names and the per-user rates.
-- * Objects are deleted by whoever uploaded them.

INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types) VALUES
  ('note-images', 'note-images', true, 104857600, ARRAY['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'])
ON CONFLICT (id) DO NOTHING;

-- Whether the caller may add images to the note named by p_folder (the
-- note's id): owner of the live note, or a recipient of a live 'edit' link
-- to it or to its folder. SECURITY DEFINER with explicit checks, as
-- storage.owns_journal_folder (0310).
CREATE FUNCTION storage.can_edit_note_folder(p_folder text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid  uuid := auth.uid();
  v_note uuid;
BEGIN
  IF v_uid IS NULL OR p_folder IS NULL OR p_folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN false;
  END IF;
  v_note := p_folder::uuid;
  RETURN private.note_owner(v_note) = v_uid OR v_note = ANY (private.shared_note_ids(true));
END
$$;
REVOKE ALL ON FUNCTION storage.can_edit_note_folder(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION storage.can_edit_note_folder(text) TO authenticated, service_role;

CREATE POLICY "note-images: read own" ON storage.objects
  FOR SELECT TO authenticated
  USING (bucket_id = 'note-images'
         AND (owner_id = (SELECT auth.uid())::text
              OR storage.can_edit_note_folder((storage.foldername(name))[1])));

CREATE POLICY "note-images: upload to an editable note" ON storage.objects
  FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'note-images'
              AND pg_catalog.array_length(storage.foldername(name), 1) = 1
              AND storage.can_edit_note_folder((storage.foldername(name))[1]));

CREATE POLICY "note-images: update own" ON storage.objects
  FOR UPDATE TO authenticated
  USING (bucket_id = 'note-images' AND owner_id = (SELECT auth.uid())::text)
  WITH CHECK (bucket_id = 'note-images'
              AND pg_catalog.array_length(storage.foldername(name), 1) = 1
              AND storage.can_edit_note_folder((storage.foldername(name))[1]));

CREATE POLICY "note-images: delete own" ON storage.objects
  FOR DELETE TO authenticated
  USING (bucket_id = 'note-images' AND owner_id = (SELECT auth.uid())::text);
