-- Notifications (002 §3 "Notification", §4, §7): in-app messages from one
-- user (or the server) to another, read by their recipient only.
--
-- The app reads them by to_user_id, newest first, 50 at a time; marks them
-- read singly or all at once; deletes them; and listens to inserts for the
-- user over realtime (0210). Server-side triggers (assignments, mentions,
-- invitations) write most of them through private.notify; a signed-in
-- user may also send one, in their own name, to someone they share a team
-- or a project with (the sender cannot read it back).

CREATE TABLE public.notifications (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  to_user_id   uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  -- NULL for notifications of the server (reminders, system messages).
  from_user_id uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  type         text NOT NULL CONSTRAINT notifications_type_valid CHECK (type IN (
                 'task_assigned', 'project_invite', 'comment', 'reminder', 'deadline', 'calendar', 'system')),
  title        text NOT NULL CONSTRAINT notifications_title_valid CHECK (btrim(title) <> '' AND length(title) <= 200),
  message      text NOT NULL DEFAULT '' CONSTRAINT notifications_message_length CHECK (length(message) <= 2000),
  entity_id    uuid,
  entity_type  text CONSTRAINT notifications_entity_type_length CHECK (length(entity_type) BETWEEN 1 AND 50),
  is_read      boolean NOT NULL DEFAULT false,
  read_at      timestamptz,
  -- {actionUrl, token, inviteId, task_title, due_date, due_time, priority, ...}
  metadata     jsonb NOT NULL DEFAULT '{}' CONSTRAINT notifications_metadata_object
                 CHECK (jsonb_typeof(metadata) = 'object' AND octet_length(metadata::text) <= 16384),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_read_at_matches CHECK (is_read = (read_at IS NOT NULL))
);
-- The dropdown and the page: a user's newest first; the unread badge.
CREATE INDEX notifications_to_user_created_idx ON public.notifications (to_user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON public.notifications (to_user_id) WHERE NOT is_read;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.notifications
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Whether two users share a live project (either one owning it or being
-- a member) — the condition for sending each other notifications. Teams
-- add their own arm in 0201 (private.share_workspace).
CREATE FUNCTION private.share_project(p_a uuid, p_b uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM public.project_members ma
    JOIN public.project_members mb ON mb.project_id = ma.project_id AND mb.user_id = p_b
    JOIN public.projects p ON p.id = ma.project_id AND NOT p.is_deleted
    WHERE ma.user_id = p_a)
$$;

-- Writes a notification past RLS for the server's own triggers. Returns
-- its id, or NULL when there is nobody to notify (no recipient, or the
-- recipient is the actor: nobody is told about their own action).
CREATE FUNCTION private.notify(
  p_to uuid, p_from uuid, p_type text, p_title text, p_message text,
  p_entity_id uuid, p_entity_type text, p_metadata jsonb DEFAULT '{}')
RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_id uuid;
BEGIN
  IF p_to IS NULL OR p_to IS NOT DISTINCT FROM p_from THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.notifications (to_user_id, from_user_id, type, title, message, entity_id, entity_type, metadata)
  VALUES (p_to, p_from, p_type, left(p_title, 200), left(coalesce(p_message, ''), 2000), p_entity_id, p_entity_type,
          coalesce(p_metadata, '{}'))
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;

-- Clients may change only the read state of a notification; read_at
-- follows is_read (the server's clock unless the client gives one).
CREATE FUNCTION private.notifications_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      NEW.created_at := now();
      NEW.updated_at := now();
      IF NEW.type = 'system' AND NEW.to_user_id IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Only the server sends system notifications to others' USING ERRCODE = '42501';
      END IF;
    END IF;
  ELSIF private.is_end_user() THEN
    NEW.id := OLD.id;
    NEW.to_user_id := OLD.to_user_id;
    NEW.from_user_id := OLD.from_user_id;
    NEW.type := OLD.type;
    NEW.title := OLD.title;
    NEW.message := OLD.message;
    NEW.entity_id := OLD.entity_id;
    NEW.entity_type := OLD.entity_type;
    NEW.metadata := OLD.metadata;
    NEW.created_at := OLD.created_at;
  END IF;
  IF NEW.is_read THEN
    NEW.read_at := coalesce(NEW.read_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.read_at END, now());
  ELSE
    NEW.read_at := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.notifications
  FOR EACH ROW EXECUTE FUNCTION private.notifications_before_write();

GRANT EXECUTE ON FUNCTION private.share_project(uuid, uuid), private.notify(uuid, uuid, text, text, text, uuid, text, jsonb)
  TO authenticated, service_role;

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.notifications FROM anon, authenticated;

CREATE POLICY "recipients read notifications" ON public.notifications
  FOR SELECT TO authenticated USING (to_user_id = (SELECT auth.uid()));
CREATE POLICY "recipients mark notifications read" ON public.notifications
  FOR UPDATE TO authenticated
  USING (to_user_id = (SELECT auth.uid())) WITH CHECK (to_user_id = (SELECT auth.uid()));
CREATE POLICY "recipients delete notifications" ON public.notifications
  FOR DELETE TO authenticated USING (to_user_id = (SELECT auth.uid()));
-- The insert policy (sender in their own name, to someone they work with)
-- is created in 0201 once teams exist.
