-- Realtime for spec 002 (002 §4, §7): the tables whose changes the app
-- listens to join supabase_realtime (created in 0112).
--
-- notifications: "a realtime subscription on inserts for the user"
-- (filter to_user_id=eq.{id}); task_comments: the open thread; the team
-- tables: the team screens; task_attachments: the attachments panel.
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
  FOREACH v_table IN ARRAY ARRAY['notifications', 'task_comments', 'task_attachments', 'teams', 'team_members',
                                 'team_invitations', 'team_activity_log', 'task_assignments'] LOOP
    IF NOT EXISTS (SELECT FROM pg_publication_tables
                   WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = v_table) THEN
      EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', v_table);
    END IF;
  END LOOP;
END
$$;

-- REPLICA IDENTITY FULL where the old row matters: the realtime service
-- checks every UPDATE and DELETE against the subscriber's policies on the
-- old row, and channels filter on columns other than the key.
-- notifications: deleted and marked read per to_user_id.
ALTER TABLE public.notifications REPLICA IDENTITY FULL;
-- task_comments: filtered by task_id; soft deletes must reach the thread.
ALTER TABLE public.task_comments REPLICA IDENTITY FULL;
-- task_attachments: filtered by task_id.
ALTER TABLE public.task_attachments REPLICA IDENTITY FULL;
-- teams: a deleted team must reach its members (old owner_id, id).
ALTER TABLE public.teams REPLICA IDENTITY FULL;
-- team_members: filtered by team_id; a removed member hears it by user_id.
ALTER TABLE public.team_members REPLICA IDENTITY FULL;
-- team_invitations: withdrawn (deleted) invitations, by team_id and email.
ALTER TABLE public.team_invitations REPLICA IDENTITY FULL;
-- team_activity_log and task_assignments are insert-only; their rows go
-- away only with their team or task, and the default identity suffices.
