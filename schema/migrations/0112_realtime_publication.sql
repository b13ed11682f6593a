-- Realtime (000 §7, 001 §7): the tables whose changes the app listens to
-- join the supabase_realtime publication, which the realtime service reads
-- through logical replication.
--
-- The publication is created here when missing; later migrations add their
-- tables with ALTER PUBLICATION supabase_realtime ADD TABLE. A publication
-- FOR ALL TABLES (an operator's choice) already carries them.
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
  FOREACH v_table IN ARRAY ARRAY['pomodoro_sessions', 'smart_lists', 'projects', 'project_members',
                                 'project_invites', 'tasks'] LOOP
    IF NOT EXISTS (SELECT FROM pg_publication_tables
                   WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = v_table) THEN
      EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', v_table);
    END IF;
  END LOOP;
END
$$;

-- REPLICA IDENTITY FULL: by default an UPDATE or DELETE carries only the
-- old primary key, but the app's channels filter on other columns and the
-- realtime service checks each change against the subscriber's RLS, which
-- needs the whole old row.
-- pomodoro_sessions: filtered by user_id; a deleted session must still say whose it was.
ALTER TABLE public.pomodoro_sessions REPLICA IDENTITY FULL;
-- smart_lists: per user_id; the cleanup of duplicates deletes and updates in batches.
ALTER TABLE public.smart_lists REPLICA IDENTITY FULL;
-- projects: members must hear that a project left their reach (old user_id, is_deleted).
ALTER TABLE public.projects REPLICA IDENTITY FULL;
-- project_members: a removed member's row is deleted; project_id and user_id
-- route the event to the project's screens and to the removed user.
ALTER TABLE public.project_members REPLICA IDENTITY FULL;
-- project_invites: cancelling deletes the row; project_id and email route it.
ALTER TABLE public.project_invites REPLICA IDENTITY FULL;
-- tasks: a task moved out of a project must reach the old project's
-- members, which needs the old project_id.
ALTER TABLE public.tasks REPLICA IDENTITY FULL;
