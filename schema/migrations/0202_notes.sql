-- Notes and note folders (002 §2 "Notes", §3, §5, §7), the Free plan's
-- note cap (000 §9) and the creation rate limit shared with the journal.
--
-- A note names its folder by the folder's name (002 §3: "folder (the
-- folder name; empty means Uncategorized)"). Folder names are therefore
-- unique per user (case-insensitively, among live folders); a note's
-- folder must be one of its owner's live folders and is stored with that
-- folder's spelling; renaming a folder renames it on its notes; deleting a
-- folder moves its notes to Uncategorized. Blank means Uncategorized and
-- is stored as NULL.

CREATE TABLE public.note_folders (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name       text NOT NULL,
  -- A named colour of the edit dialog (indigo by default) or a hex colour.
  color      text NOT NULL DEFAULT 'indigo' CONSTRAINT note_folders_color_valid
               CHECK (color ~ '^([a-z]{3,20}|#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))$'),
  sort_order integer NOT NULL DEFAULT 0,
  is_shared  boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT note_folders_name_valid CHECK (btrim(name) <> '' AND length(name) <= 100)
);
CREATE UNIQUE INDEX note_folders_user_name_key ON public.note_folders (user_id, lower(name)) WHERE NOT is_deleted;
CREATE INDEX note_folders_user_sort_idx ON public.note_folders (user_id, sort_order);

CREATE TABLE public.notes (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  -- May be empty ("Untitled"); control characters removed, whitespace
  -- collapsed (002 §5).
  title      text NOT NULL DEFAULT '' CONSTRAINT notes_title_length CHECK (length(title) <= 500),
  content    text NOT NULL DEFAULT '' CONSTRAINT notes_content_length CHECK (length(content) <= 50000),
  folder     text CONSTRAINT notes_folder_length CHECK (length(folder) <= 100),
  pinned     boolean NOT NULL DEFAULT false,
  is_shared  boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Lists and recent content: a user's live notes, newest change first.
CREATE INDEX notes_user_updated_idx ON public.notes (user_id, updated_at DESC) WHERE NOT is_deleted;
CREATE INDEX notes_user_folder_idx ON public.notes (user_id, lower(folder)) WHERE NOT is_deleted;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.note_folders
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.notes
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Caps of 000 §9 that spec 002 enforces (Pro and Team: unlimited).
INSERT INTO private.plan_limits (plan, limit_key, max_value) VALUES
  ('free', 'notes_total', 100), ('pro', 'notes_total', NULL), ('team', 'notes_total', NULL);
INSERT INTO private.plan_limit_messages (limit_key, message, noun) VALUES
  ('notes_total', 'Note limit reached for %s plan', 'notes');

-- Text as 002 §5 cleans titles: control characters removed, runs of
-- whitespace made one space, trimmed.
CREATE FUNCTION private.clean_title(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT btrim(regexp_replace(regexp_replace(coalesce(p_text, ''), '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]', '', 'g'),
                              '\s+', ' ', 'g'))
$$;

-- Body text: control characters other than tab, line feed and carriage
-- return removed (NUL cannot reach a text value at all).
CREATE FUNCTION private.clean_body(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT regexp_replace(coalesce(p_text, ''), '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]', '', 'g')
$$;

-- Notes and journal entries created per user, for the creation rate limit
-- (002 §5: 10 a minute, 50 an hour). Kept apart from the content so
-- deleting does not give creations back.
CREATE TABLE private.content_creations (
  user_id    uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX content_creations_user_idx ON private.content_creations (user_id, created_at);

-- Counts one creation of a note or journal entry by an end user and
-- raises the spec's messages past 10 a minute or 50 an hour. Rows older
-- than an hour are dropped as the user's next creation is counted.
CREATE FUNCTION private.count_content_creation(p_user_id uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_minute bigint;
  v_hour   bigint;
BEGIN
  PERFORM private.lock_counter('content_creations:' || p_user_id);
  DELETE FROM private.content_creations WHERE user_id = p_user_id AND created_at < clock_timestamp() - interval '1 hour';
  SELECT count(*) FILTER (WHERE created_at > clock_timestamp() - interval '1 minute'), count(*)
  INTO v_minute, v_hour
  FROM private.content_creations WHERE user_id = p_user_id;
  IF v_minute >= 10 THEN
    RAISE EXCEPTION 'Rate limit exceeded: too many creations in the last minute. Please wait.' USING ERRCODE = 'P0001';
  END IF;
  IF v_hour >= 50 THEN
    RAISE EXCEPTION 'Rate limit exceeded: too many creations in the last hour. Please try again later.' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO private.content_creations (user_id) VALUES (p_user_id);
END
$$;

-- Counters and lookups for the triggers, blind to RLS.
CREATE FUNCTION private.count_live_notes(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.notes WHERE user_id = p_user_id AND NOT is_deleted
$$;

-- The spelling of a user's live folder with this name, NULL when none.
CREATE FUNCTION private.note_folder_name(p_user_id uuid, p_name text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT f.name FROM public.note_folders f
  WHERE f.user_id = p_user_id AND NOT f.is_deleted AND lower(f.name) = lower(btrim(p_name))
$$;

CREATE FUNCTION private.note_folder_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.note_folders f
                 WHERE f.user_id = p_user_id AND NOT f.is_deleted AND lower(f.name) = lower(p_name) AND f.id <> p_except)
$$;

GRANT EXECUTE ON FUNCTION private.clean_title(text), private.clean_body(text), private.count_content_creation(uuid),
  private.count_live_notes(uuid), private.note_folder_name(uuid, text), private.note_folder_taken(uuid, text, uuid)
  TO authenticated, service_role;

CREATE FUNCTION private.note_folders_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Folder name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Folder name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Folder owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;
  IF NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('note_folders:' || NEW.user_id);
    IF private.note_folder_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A folder with this name already exists' USING ERRCODE = '23505';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.note_folders
  FOR EACH ROW EXECUTE FUNCTION private.note_folders_before_write();

-- A renamed folder renames its notes' folder; a deleted one sends its
-- notes to Uncategorized.
CREATE FUNCTION private.note_folders_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.is_deleted AND NOT OLD.is_deleted THEN
    UPDATE public.notes SET folder = NULL
    WHERE user_id = OLD.user_id AND lower(folder) = lower(OLD.name);
  ELSIF NOT NEW.is_deleted AND NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE public.notes SET folder = NEW.name
    WHERE user_id = NEW.user_id AND lower(folder) = lower(OLD.name);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_update AFTER UPDATE OF name, is_deleted ON public.note_folders
  FOR EACH ROW EXECUTE FUNCTION private.note_folders_after_update();

CREATE FUNCTION private.notes_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
  v_folder text;
BEGIN
  IF NOT v_insert THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Note owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF v_end THEN
    NEW.created_at := now();
  END IF;

  IF v_insert OR NEW.title IS DISTINCT FROM OLD.title THEN
    NEW.title := private.clean_title(NEW.title);
    IF length(NEW.title) > 500 THEN
      RAISE EXCEPTION 'Title must be at most 500 characters' USING ERRCODE = '23514';
    END IF;
  END IF;
  IF v_insert OR NEW.content IS DISTINCT FROM OLD.content THEN
    NEW.content := private.clean_body(NEW.content);
    IF length(NEW.content) > 50000 THEN
      RAISE EXCEPTION 'Content must be at most 50,000 characters' USING ERRCODE = '23514';
    END IF;
  END IF;

  IF v_insert OR NEW.folder IS DISTINCT FROM OLD.folder THEN
    IF btrim(coalesce(NEW.folder, '')) = '' THEN
      NEW.folder := NULL;
    ELSE
      v_folder := private.note_folder_name(NEW.user_id, NEW.folder);
      IF v_folder IS NULL THEN
        RAISE EXCEPTION 'Folder not found' USING ERRCODE = '23503',
          DETAIL = format('You have no folder named "%s".', btrim(NEW.folder));
      END IF;
      NEW.folder := v_folder;
    END IF;
  END IF;

  -- The Free cap counts live notes, checked when a note is created or
  -- restored; the rate limit counts what end users create.
  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted) THEN
    PERFORM private.lock_counter('notes:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'notes_total', private.count_live_notes(NEW.user_id));
  END IF;
  IF v_insert AND v_end THEN
    PERFORM private.count_content_creation(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.notes
  FOR EACH ROW EXECUTE FUNCTION private.notes_before_write();

-- Row-level security: a user's own notes and folders. Deletion is soft
-- (is_deleted); rows are removed only with the account. Reading notes
-- that are linked to a task one can see is added in 0207.
ALTER TABLE public.note_folders ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, DELETE ON public.note_folders, public.notes FROM anon, authenticated;

CREATE POLICY "own note folders" ON public.note_folders
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "read own notes" ON public.notes
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY "create own notes" ON public.notes
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "edit own notes" ON public.notes
  FOR UPDATE TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
