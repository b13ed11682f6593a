-- /app/activity updates live (issue 21): activity_logs joins
-- supabase_realtime. The app listens to INSERTs only and the realtime
-- service checks each row against the reader's SELECT policy (actor,
-- project member, task reader), so the default replica identity suffices:
-- rows are final and go away only with their user.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_publication WHERE pubname = 'supabase_realtime') THEN
    CREATE PUBLICATION supabase_realtime;
  END IF;
  IF (SELECT puballtables FROM pg_publication WHERE pubname = 'supabase_realtime') THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_publication_tables
                 WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = 'activity_logs') THEN
    ALTER PUBLICATION supabase_realtime ADD TABLE public.activity_logs;
  END IF;
END
$$;
