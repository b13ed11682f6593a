-- Task comments with @mentions (002 §3 "Comments", §4, §5, §7).
--
-- Both flavours of 002 §3 live in one table: the team flavour's is_deleted
-- and the personal flavour's is_marked_deleted are kept equal (setting
-- either soft-deletes the comment). Everyone who reaches the task reads
-- and writes its comments; authors edit their own; authors and the task's
-- managers delete (softly).
--
-- Mentions: the text form is @[Display Name](user-id). The server reads
-- them from the content and merges them with the client's `mentions`
-- list; each mentioned person who can see the task (and is not the
-- author) gets one notification per comment, also when an edit adds them.

CREATE TABLE public.task_comments (
  id                uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  task_id           uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  user_id           uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  content           text NOT NULL CONSTRAINT task_comments_content_valid CHECK (btrim(content) <> '' AND length(content) <= 10000),
  mentions          uuid[] NOT NULL DEFAULT '{}' CONSTRAINT task_comments_mentions_valid
                      CHECK (array_position(mentions, NULL) IS NULL AND cardinality(mentions) <= 50),
  team_id           uuid REFERENCES public.teams (id) ON DELETE SET NULL,
  is_deleted        boolean NOT NULL DEFAULT false,
  is_marked_deleted boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT task_comments_deleted_flags_match CHECK (is_deleted = is_marked_deleted)
);
-- The thread of a task in order, and its count.
CREATE INDEX task_comments_task_created_idx ON public.task_comments (task_id, created_at) WHERE NOT is_deleted;

-- The user ids of @[name](id) mentions in a text, in order, once each.
CREATE FUNCTION private.mentioned_user_ids(p_content text) RETURNS uuid[]
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT coalesce(array_agg(id ORDER BY first), '{}') FROM (
    SELECT m[1]::uuid AS id, min(n) AS first
    FROM regexp_matches(coalesce(p_content, ''),
           '@\[[^\]\n]*\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)', 'g')
         WITH ORDINALITY AS r(m, n)
    GROUP BY 1
  ) s
$$;

GRANT EXECUTE ON FUNCTION private.mentioned_user_ids(text) TO authenticated, service_role;

CREATE FUNCTION private.task_comments_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end     boolean := private.is_end_user();
  v_deleted boolean;
BEGIN
  IF NEW.content IS NULL OR btrim(NEW.content) = '' THEN
    RAISE EXCEPTION 'Comment cannot be empty' USING ERRCODE = '23514';
  END IF;
  NEW.content := btrim(private.clean_body(NEW.content));
  IF length(NEW.content) > 10000 THEN
    RAISE EXCEPTION 'Comment must be at most 10,000 characters' USING ERRCODE = '23514';
  END IF;

  IF TG_OP = 'INSERT' THEN
    v_deleted := NEW.is_deleted OR NEW.is_marked_deleted;
    IF v_end THEN
      NEW.created_at := now();
      NEW.updated_at := NEW.created_at;
      IF NOT private.can_access_task(NEW.task_id) THEN
        RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
      END IF;
    END IF;
  ELSE
    IF NEW.task_id IS DISTINCT FROM OLD.task_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'A comment cannot move to another task or author' USING ERRCODE = '42501';
    END IF;
    -- Whichever flag the client set (and either way, un-deleting needs both).
    v_deleted := CASE WHEN NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN NEW.is_deleted
                      ELSE NEW.is_marked_deleted END;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
      IF OLD.user_id IS DISTINCT FROM auth.uid() THEN
        IF NEW.content IS DISTINCT FROM OLD.content OR NEW.mentions IS DISTINCT FROM OLD.mentions
           OR NEW.team_id IS DISTINCT FROM OLD.team_id THEN
          RAISE EXCEPTION 'Only the author can edit a comment' USING ERRCODE = '42501';
        END IF;
        IF v_deleted IS DISTINCT FROM OLD.is_deleted AND NOT private.can_manage_task(OLD.task_id) THEN
          RAISE EXCEPTION 'Only the author or the task''s owner or admins can delete a comment' USING ERRCODE = '42501';
        END IF;
      END IF;
    END IF;
  END IF;
  NEW.is_deleted := v_deleted;
  NEW.is_marked_deleted := v_deleted;

  IF NEW.team_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.team_id IS DISTINCT FROM OLD.team_id)
     AND v_end AND private.team_role_of(NEW.team_id, auth.uid()) IS NULL THEN
    RAISE EXCEPTION 'You are not a member of this team' USING ERRCODE = '42501';
  END IF;

  -- The client's list and the mentions written in the text, once each.
  NEW.mentions := ARRAY(SELECT DISTINCT x FROM unnest(coalesce(NEW.mentions, '{}') || private.mentioned_user_ids(NEW.content)) x
                        WHERE x IS NOT NULL ORDER BY 1);
  IF cardinality(NEW.mentions) > 50 THEN
    RAISE EXCEPTION 'A comment can mention at most 50 people' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.task_comments
  FOR EACH ROW EXECUTE FUNCTION private.task_comments_before_write();

-- Mentioned people who can see the task are told (new mentions only on
-- edits; never the author; nothing for deleted comments).
CREATE FUNCTION private.task_comments_notify_mentions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_title  text := private.task_title(NEW.task_id);
  v_author text := coalesce(private.user_label(NEW.user_id), 'Someone');
  v_who    uuid;
BEGIN
  IF NEW.is_deleted THEN
    RETURN NULL;
  END IF;
  FOR v_who IN
    SELECT m FROM unnest(NEW.mentions) m
    WHERE m IS DISTINCT FROM NEW.user_id
      AND (TG_OP = 'INSERT' OR NOT m = ANY (OLD.mentions) OR OLD.is_deleted)
      AND private.task_access(m, NEW.task_id)
  LOOP
    PERFORM private.notify(v_who, NEW.user_id, 'comment', 'You were mentioned in a comment',
      format('%s mentioned you on "%s": %s', v_author, v_title,
             left(regexp_replace(NEW.content, '@\[([^\]\n]*)\]\([0-9a-fA-F-]{36}\)', '@\1', 'g'), 150)),
      NEW.task_id, 'task',
      jsonb_build_object('actionUrl', '/app/tasks?taskId=' || NEW.task_id, 'task_title', v_title,
                         'comment_id', NEW.id, 'team_id', NEW.team_id));
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER notify_mentions AFTER INSERT OR UPDATE OF content, mentions, is_deleted ON public.task_comments
  FOR EACH ROW EXECUTE FUNCTION private.task_comments_notify_mentions();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.task_comments
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Row-level security: by access to the task; the author writes in their
-- own name. No hard deletes (soft delete only).
ALTER TABLE public.task_comments ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, DELETE ON public.task_comments FROM anon, authenticated;

CREATE POLICY "read comments of reachable tasks" ON public.task_comments
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id));
CREATE POLICY "comment on reachable tasks" ON public.task_comments
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()) AND private.can_access_task(task_id));
CREATE POLICY "authors and managers change comments" ON public.task_comments
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id))
  WITH CHECK (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id));
