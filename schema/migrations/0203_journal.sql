-- The journal (002 §2 "Journal", §3, §5, §7): journals (journal_folders),
-- dated entries with a mood, their images, the Free plan's monthly cap
-- (000 §9) and the statistics the journal screen shows.

CREATE TABLE public.journal_folders (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name       text NOT NULL,
  -- JSON text holding the icon and a colour class (002 §3), e.g.
  -- {"icon":"book","color":"blue"}; the icon, when given, is one of 002 §2's.
  color      text NOT NULL DEFAULT '{"icon":"book","color":"blue"}',
  sort_order integer NOT NULL DEFAULT 0,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT journal_folders_name_valid CHECK (btrim(name) <> '' AND length(name) <= 100),
  CONSTRAINT journal_folders_color_length CHECK (length(color) <= 500)
);
CREATE INDEX journal_folders_user_sort_idx ON public.journal_folders (user_id, sort_order);

CREATE TABLE public.journal_entries (
  id         uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  title      text NOT NULL DEFAULT '' CONSTRAINT journal_entries_title_length CHECK (length(title) <= 500),
  content    text NOT NULL DEFAULT '' CONSTRAINT journal_entries_content_length CHECK (length(content) <= 50000),
  -- The entry's calendar day (yyyy-MM-dd).
  date       date NOT NULL DEFAULT current_date,
  -- 1 (worst) to 5 (best), or empty.
  mood       smallint CONSTRAINT journal_entries_mood_range CHECK (mood BETWEEN 1 AND 5),
  -- The id of its journal; NULL when in none.
  folder     uuid REFERENCES public.journal_folders (id) ON DELETE SET NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Reads by month and the streak: a user's live entries by day.
CREATE INDEX journal_entries_user_date_idx ON public.journal_entries (user_id, date DESC) WHERE NOT is_deleted;
-- Recent content: newest change first.
CREATE INDEX journal_entries_user_updated_idx ON public.journal_entries (user_id, updated_at DESC) WHERE NOT is_deleted;
-- The monthly cap counts entries created this month.
CREATE INDEX journal_entries_user_created_idx ON public.journal_entries (user_id, created_at) WHERE NOT is_deleted;
CREATE INDEX journal_entries_folder_idx ON public.journal_entries (folder) WHERE folder IS NOT NULL;

CREATE TABLE public.journal_images (
  id               uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  journal_entry_id uuid NOT NULL REFERENCES public.journal_entries (id) ON DELETE CASCADE,
  -- The entry's owner, filled by the trigger.
  user_id          uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  -- The public URL of {entryId}/{timestamp}.{extension} in journal-images.
  image_url        text NOT NULL CONSTRAINT journal_images_url_valid CHECK (btrim(image_url) <> '' AND length(image_url) <= 2048),
  image_order      integer NOT NULL DEFAULT 0 CONSTRAINT journal_images_order_valid CHECK (image_order >= 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_images_entry_idx ON public.journal_images (journal_entry_id, image_order);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.journal_folders
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.journal_entries
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- The monthly cap of 000 §9 (Pro and Team: unlimited).
INSERT INTO private.plan_limits (plan, limit_key, max_value) VALUES
  ('free', 'journal_monthly', 30), ('pro', 'journal_monthly', NULL), ('team', 'journal_monthly', NULL);
INSERT INTO private.plan_limit_messages (limit_key, message, noun) VALUES
  ('journal_monthly', 'Journal limit reached for %s plan this month', 'journal entries this month');

-- Live entries a user created in the current calendar month (UTC).
CREATE FUNCTION private.count_journal_entries_this_month(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.journal_entries
  WHERE user_id = p_user_id AND NOT is_deleted
    AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

CREATE FUNCTION private.journal_folder_owner(p_folder uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT f.user_id FROM public.journal_folders f WHERE f.id = p_folder AND NOT f.is_deleted
$$;

CREATE FUNCTION private.journal_entry_owner(p_entry uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT e.user_id FROM public.journal_entries e WHERE e.id = p_entry
$$;

-- The icons of 002 §2 (briefcase is labelled Work).
CREATE FUNCTION private.check_journal_color(p_color text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  v jsonb;
BEGIN
  BEGIN
    v := p_color::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514',
      DETAIL = 'color must be JSON text holding the icon and the colour, e.g. {"icon":"book","color":"blue"}.';
  END;
  IF jsonb_typeof(v) <> 'object' THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514', DETAIL = 'color must be a JSON object.';
  END IF;
  IF v ? 'icon' AND coalesce(v ->> 'icon', '') NOT IN
       ('book', 'star', 'target', 'brain', 'quote', 'hash', 'heart', 'briefcase', 'coffee', 'feather') THEN
    RAISE EXCEPTION 'Invalid journal appearance' USING ERRCODE = '23514',
      DETAIL = 'icon must be one of book, star, target, brain, quote, hash, heart, briefcase, coffee, feather.';
  END IF;
END
$$;

-- Words of a text: runs of non-space characters.
CREATE FUNCTION private.word_count(p_text text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN p_text IS NULL OR btrim(p_text) = '' THEN 0
              ELSE coalesce(array_length(regexp_split_to_array(btrim(p_text), '\s+'), 1), 0) END
$$;

GRANT EXECUTE ON FUNCTION private.count_journal_entries_this_month(uuid), private.journal_folder_owner(uuid),
  private.journal_entry_owner(uuid), private.check_journal_color(text), private.word_count(text)
  TO authenticated, service_role;

CREATE FUNCTION private.journal_folders_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Journal name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Journal name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'INSERT' OR NEW.color IS DISTINCT FROM OLD.color THEN
    PERFORM private.check_journal_color(NEW.color);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Journal owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_folders
  FOR EACH ROW EXECUTE FUNCTION private.journal_folders_before_write();

-- A deleted journal keeps its entries: they leave the journal.
CREATE FUNCTION private.journal_folders_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.journal_entries SET folder = NULL WHERE folder = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_update AFTER UPDATE OF is_deleted ON public.journal_folders
  FOR EACH ROW WHEN (NEW.is_deleted AND NOT OLD.is_deleted)
  EXECUTE FUNCTION private.journal_folders_after_update();

CREATE FUNCTION private.journal_entries_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
BEGIN
  IF NOT v_insert THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Journal entry owner cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF v_end THEN
    NEW.created_at := now();
  END IF;

  IF NEW.date IS NULL THEN
    RAISE EXCEPTION 'Entry date is required' USING ERRCODE = '23514';
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
  IF NEW.mood IS NOT NULL AND NEW.mood NOT BETWEEN 1 AND 5 THEN
    RAISE EXCEPTION 'Mood must be between 1 and 5' USING ERRCODE = '23514';
  END IF;
  IF NEW.folder IS NOT NULL AND (v_insert OR NEW.folder IS DISTINCT FROM OLD.folder)
     AND private.journal_folder_owner(NEW.folder) IS DISTINCT FROM NEW.user_id THEN
    RAISE EXCEPTION 'Journal not found' USING ERRCODE = '23503';
  END IF;

  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted) THEN
    PERFORM private.lock_counter('journal_entries:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'journal_monthly', private.count_journal_entries_this_month(NEW.user_id));
  END IF;
  IF v_insert AND v_end THEN
    PERFORM private.count_content_creation(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_entries
  FOR EACH ROW EXECUTE FUNCTION private.journal_entries_before_write();

-- journal_images belong to the owner of their entry.
CREATE FUNCTION private.journal_images_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_owner uuid := private.journal_entry_owner(NEW.journal_entry_id);
BEGIN
  IF v_owner IS NULL OR (private.is_end_user() AND v_owner IS DISTINCT FROM auth.uid()) THEN
    RAISE EXCEPTION 'Journal entry not found' USING ERRCODE = '23503';
  END IF;
  NEW.user_id := v_owner;
  IF TG_OP = 'UPDATE' AND private.is_end_user() THEN
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.journal_images
  FOR EACH ROW EXECUTE FUNCTION private.journal_images_before_write();

-- Journal statistics (002 §2, §7): entries this month, total words,
-- average mood and current streak over the user's live entries.
-- p_today is the user's calendar day (the app knows the time zone; the
-- server's date when omitted). The streak counts consecutive days with at
-- least one entry ending today, or yesterday when today has none yet.
-- "This month" is p_today's month by entry date.
CREATE FUNCTION public.get_journal_statistics(p_user_id uuid DEFAULT NULL, p_today date DEFAULT NULL)
RETURNS TABLE (
  entries_this_month integer,
  total_entries      integer,
  total_words        bigint,
  average_mood       numeric,
  current_streak     integer,
  longest_streak     integer
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user  uuid := private.acting_user(p_user_id);
  v_today date := coalesce(p_today, current_date);
BEGIN
  RETURN QUERY
  WITH e AS (
    SELECT j.date, j.mood, j.content FROM public.journal_entries j
    WHERE j.user_id = v_user AND NOT j.is_deleted
  ), days AS (
    SELECT DISTINCT d.date FROM e d WHERE d.date <= v_today
  ), runs AS (
    -- Consecutive days share date - row_number.
    SELECT min(g.date) AS first_day, max(g.date) AS last_day, count(*)::integer AS len
    FROM (SELECT x.date, x.date - (row_number() OVER (ORDER BY x.date))::integer AS grp FROM days x) g
    GROUP BY g.grp
  )
  SELECT
    (SELECT count(*) FROM e WHERE date_trunc('month', e.date) = date_trunc('month', v_today))::integer,
    (SELECT count(*) FROM e)::integer,
    (SELECT coalesce(sum(private.word_count(e.content)), 0) FROM e)::bigint,
    (SELECT round(avg(e.mood), 2) FROM e WHERE e.mood IS NOT NULL),
    coalesce((SELECT r.len FROM runs r WHERE r.last_day >= v_today - 1 ORDER BY r.last_day DESC LIMIT 1), 0),
    coalesce((SELECT max(r.len) FROM runs r), 0);
END
$$;

REVOKE EXECUTE ON FUNCTION public.get_journal_statistics(uuid, date) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.get_journal_statistics(uuid, date) TO authenticated, service_role;

-- Row-level security: a user's own journals, entries and images. Journals
-- and entries are soft-deleted; images are deleted (002 §7). Reading
-- entries linked to a task one can see is added in 0207.
ALTER TABLE public.journal_folders ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.journal_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.journal_images ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.journal_folders, public.journal_entries, public.journal_images
  FROM anon, authenticated;
REVOKE DELETE ON public.journal_folders, public.journal_entries FROM anon, authenticated;

CREATE POLICY "own journals" ON public.journal_folders
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "read own journal entries" ON public.journal_entries
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY "create own journal entries" ON public.journal_entries
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "edit own journal entries" ON public.journal_entries
  FOR UPDATE TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "own journal images" ON public.journal_images
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
