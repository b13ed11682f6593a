-- Notes and note folders join the realtime publication (issue 20).
--
-- The editor of a shared note listens for changes to that note (filter
-- id=eq.{noteId}) so that an edit made elsewhere — by the owner on another
-- device or by a recipient with 'Can edit' — shows up with a banner
-- instead of being overwritten; the notes screens listen to the user's
-- folders (filter user_id=eq.{id}). Each subscriber gets a change only if
-- its own policies let it read the row (realtime/rls), so a recipient
-- hears about a shared note and nothing else. Notes and folders are never
-- deleted (soft deletion is an UPDATE), so the default replica identity
-- is enough.
DO $$
DECLARE
  v_table text;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_publication WHERE pubname = 'supabase_realtime') THEN
    CREATE PUBLICATION supabase_realtime;
  END IF;
  IF (SELECT puballtables FROM pg_publication WHERE pubname = 'supabase_realtime') THEN
    RETURN;
  END IF;
  FOREACH v_table IN ARRAY ARRAY['notes', 'note_folders'] LOOP
    IF NOT EXISTS (SELECT FROM pg_publication_tables
                   WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = v_table) THEN
      EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', v_table);
    END IF;
  END LOOP;
END
$$;
