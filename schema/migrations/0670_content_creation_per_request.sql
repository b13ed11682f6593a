-- The creation rate limit counts requests, not rows (issue 20).
--
-- 002 §5 limits creating notes and journal entries to 10 a minute and 50
-- an hour. 0202/0203 counted each inserted row, so one request that
-- imports a folder of markdown files (an insert of many rows) was refused
-- after ten of them, although the limit exists to stop one-by-one
-- creation from scripts and runaway clients. Now:
--
-- * one INSERT statement by an end user counts as one creation, whatever
--   its row count: creating notes one by one is limited exactly as before
--   (one row a statement), and an import of 500 notes in one request
--   counts once;
-- * one statement creates at most 1,000 rows (413 otherwise: an import
--   sends larger folders in several requests, each counted);
-- * the plan caps still count rows (Free: 100 notes, 30 entries a month),
--   each row checked as before;
-- * the service side stays unlimited.
--
-- The count moves from the BEFORE ROW triggers to AFTER STATEMENT triggers
-- with a transition table; a refusal there rolls the whole statement back.
-- The row triggers are otherwise those of 0202 and 0203, except that a
-- plan without a cap no longer counts the user's rows for every row
-- inserted (an import of 500 notes into an account of 10,000 counted
-- 10,000 rows 500 times).

CREATE OR REPLACE FUNCTION private.notes_before_write() RETURNS trigger
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
  -- restored (the creation rate limit: private.count_content_statement).
  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted)
     AND private.plan_limit(private.user_plan(NEW.user_id), 'notes_total') IS NOT NULL THEN
    PERFORM private.lock_counter('notes:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'notes_total', private.count_live_notes(NEW.user_id));
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION private.journal_entries_before_write() RETURNS trigger
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

  IF NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted)
     AND private.plan_limit(private.user_plan(NEW.user_id), 'journal_monthly') IS NOT NULL THEN
    PERFORM private.lock_counter('journal_entries:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'journal_monthly', private.count_journal_entries_this_month(NEW.user_id));
  END IF;
  RETURN NEW;
END
$$;

-- AFTER INSERT FOR EACH STATEMENT on notes and journal_entries (new_rows:
-- the statement's rows): an end user's statement that created rows counts
-- as one creation (0202's private.count_content_creation, which raises the
-- spec's messages), and may create at most 1,000 rows. RLS has already
-- made every row the caller's own.
CREATE FUNCTION private.count_content_statement() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_rows bigint;
  v_user uuid;
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NULL;
  END IF;
  SELECT count(*), min(r.user_id::text)::uuid INTO v_rows, v_user FROM new_rows r;
  IF v_rows = 0 THEN
    RETURN NULL;
  END IF;
  IF v_rows > 1000 THEN
    RAISE EXCEPTION 'Too many items in one request' USING ERRCODE = 'PT413',
      DETAIL = format('This request creates %s %s; one request creates at most 1,000.', v_rows,
                      CASE TG_TABLE_NAME WHEN 'notes' THEN 'notes' ELSE 'journal entries' END),
      HINT = 'Send them in several requests.';
  END IF;
  PERFORM private.count_content_creation(v_user);
  RETURN NULL;
END
$$;

GRANT EXECUTE ON FUNCTION private.count_content_statement() TO authenticated, service_role;

CREATE TRIGGER count_creation AFTER INSERT ON public.notes
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION private.count_content_statement();
CREATE TRIGGER count_creation AFTER INSERT ON public.journal_entries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION private.count_content_statement();
