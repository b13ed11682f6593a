-- Smart filters (smart_lists, 001 §3, §5, §9) and global tags (001 §3).

CREATE TABLE public.smart_lists (
  id              uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id         uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  name            text NOT NULL,
  -- lower(btrim(name)), kept by the trigger; duplicates are refused on it.
  name_normalized text NOT NULL,
  description     text,
  -- JSON text: {"conditions": [{"field", "operator", "value"}...], "logic": "AND"|"OR"}.
  filters_data    text NOT NULL,
  color           text NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'),
  icon_name       text NOT NULL DEFAULT 'list' CHECK (length(icon_name) BETWEEN 1 AND 64),
  sort_option     text NOT NULL DEFAULT 'created_at' CHECK (length(sort_option) BETWEEN 1 AND 64),
  sort_order      integer NOT NULL DEFAULT 999,
  is_enabled      boolean NOT NULL DEFAULT true,
  is_deleted      boolean NOT NULL DEFAULT false,
  hide_when_empty boolean NOT NULL DEFAULT false,
  -- Set on the seven built-in filters only (ensure_default_smart_lists).
  system_key      text CHECK (system_key IN ('inbox', 'all', 'today', 'upcoming', 'anytime', 'someday', 'logbook')),
  device_id       text CHECK (length(device_id) <= 200),
  last_synced_at  timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- The server refuses what the app's duplicate cleanup (001 §4) collapses.
CREATE UNIQUE INDEX smart_lists_user_name_key ON public.smart_lists (user_id, name_normalized) WHERE NOT is_deleted;
-- Deleted built-ins count too, so ensure_default_smart_lists never brings
-- back a filter the user deleted.
CREATE UNIQUE INDEX smart_lists_user_system_key ON public.smart_lists (user_id, system_key) WHERE system_key IS NOT NULL;
CREATE INDEX smart_lists_user_sort_idx ON public.smart_lists (user_id, sort_order);

-- Creations per user for the rate limit (10 per 5 minutes, 001 §5). Kept
-- apart from smart_lists so deleting filters does not reset the count.
CREATE TABLE private.smart_list_creations (
  user_id    uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX smart_list_creations_user_idx ON private.smart_list_creations (user_id, created_at);

CREATE TABLE public.global_tags (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  name        text NOT NULL,
  color       text CHECK (length(color) <= 32),
  user_id     uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  is_deleted  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- Tags match case-insensitively (001 §5).
CREATE UNIQUE INDEX global_tags_user_name_key ON public.global_tags (user_id, lower(name)) WHERE NOT is_deleted;
CREATE INDEX global_tags_user_usage_idx ON public.global_tags (user_id, usage_count DESC);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.smart_lists
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.global_tags
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- The validation of 001 §5. The message is the toast title the app shows
-- ('Invalid Name', 'Invalid Description', 'Invalid Filter Criteria'); the
-- detail is the sentence under it. SQLSTATE 23514 (check violation).
CREATE FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  v_data      jsonb;
  v_logic     jsonb;
  v_cond      jsonb;
  v_field     text;
  v_operator  text;
  v_value     jsonb;
  v_text      text;
  v_kind      text;
  v_max       integer;
  v_operators text[];
BEGIN
  IF p_name IS NULL OR btrim(p_name) = '' THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name is required';
  END IF;
  IF length(btrim(p_name)) > 100 THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name must be less than 100 characters';
  END IF;
  IF btrim(p_name) !~ '^[[:alnum:] _().,-]+$' THEN
    RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'Filter name contains invalid characters';
  END IF;
  IF length(p_description) > 500 THEN
    RAISE EXCEPTION 'Invalid Description' USING ERRCODE = '23514', DETAIL = 'Description must be less than 500 characters';
  END IF;

  IF p_filters_data IS NULL OR btrim(p_filters_data) = '' THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Filter criteria is required';
  END IF;
  BEGIN
    v_data := p_filters_data::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter data format';
  END;
  IF jsonb_typeof(v_data) <> 'object' OR jsonb_typeof(v_data -> 'conditions') IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter structure';
  END IF;
  v_logic := v_data -> 'logic';
  IF v_logic IS NOT NULL AND v_logic NOT IN ('"AND"'::jsonb, '"OR"'::jsonb) THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Invalid filter logic';
  END IF;
  IF jsonb_array_length(v_data -> 'conditions') = 0 THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'At least one condition is required';
  END IF;
  IF jsonb_array_length(v_data -> 'conditions') > 10 THEN
    RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Maximum 10 conditions allowed';
  END IF;

  FOR v_cond IN SELECT c FROM jsonb_array_elements(v_data -> 'conditions') c LOOP
    IF jsonb_typeof(v_cond) <> 'object'
       OR jsonb_typeof(v_cond -> 'field') IS DISTINCT FROM 'string' OR btrim(v_cond ->> 'field') = ''
       OR jsonb_typeof(v_cond -> 'operator') IS DISTINCT FROM 'string' OR btrim(v_cond ->> 'operator') = '' THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'All conditions must have field and operator';
    END IF;
    v_field := v_cond ->> 'field';
    v_operator := v_cond ->> 'operator';
    v_value := v_cond -> 'value';

    -- Fields and the operators offered for each (001 §3).
    v_kind := CASE
      WHEN v_field IN ('title', 'notes', 'tags') THEN 'text'
      WHEN v_field IN ('completed', 'is_starred', 'has_attachments', 'has_notes', 'has_reminders', 'has_subtasks') THEN 'boolean'
      WHEN v_field IN ('priority', 'importance', 'urgency') THEN 'level'
      WHEN v_field IN ('due_date', 'created_at', 'completed_at') THEN 'date'
      WHEN v_field = 'project_id' THEN 'project'
      WHEN v_field = 'recurrence' THEN 'recurrence'
    END;
    IF v_kind IS NULL THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = format('Unknown filter field: %s', v_field);
    END IF;
    v_operators := CASE v_kind
      WHEN 'text'       THEN ARRAY['contains', 'not_contains', 'starts_with', 'ends_with', 'equals', 'not_equals', 'is_empty', 'is_not_empty']
      WHEN 'boolean'    THEN ARRAY['equals', 'not_equals']
      WHEN 'level'      THEN ARRAY['equals', 'not_equals', 'greater_than', 'less_than']
      WHEN 'date'       THEN ARRAY['is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty', 'greater_than', 'less_than']
      WHEN 'project'    THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
      WHEN 'recurrence' THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
    END;
    IF NOT v_operator = ANY (v_operators) THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Operator %s is not allowed for field %s', v_operator, v_field);
    END IF;

    CONTINUE WHEN v_operator IN ('is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty');

    IF v_value IS NULL OR jsonb_typeof(v_value) = 'null'
       OR (jsonb_typeof(v_value) = 'string' AND btrim(v_value #>> '{}') = '') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514', DETAIL = 'Condition value is required';
    END IF;
    IF jsonb_typeof(v_value) NOT IN ('string', 'number', 'boolean') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be a single value', v_field);
    END IF;
    v_text := btrim(v_value #>> '{}');
    IF length(v_text) > 500 THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be at most 500 characters', v_field);
    END IF;

    IF v_kind = 'boolean' AND lower(v_text) NOT IN ('true', 'false', 'yes', 'no') THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be Yes or No', v_field);
    END IF;
    IF v_kind = 'level' THEN
      -- Priority is stored 0 none .. 4 urgent; importance and urgency 0 .. 3.
      v_max := CASE WHEN v_field = 'priority' THEN 4 ELSE 3 END;
      IF v_text !~ '^[0-9]+$' OR v_text::numeric > v_max THEN
        RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
          DETAIL = format('Condition value for %s must be a whole number from 0 to %s', v_field, v_max);
      END IF;
    END IF;
    IF v_kind = 'date' AND v_text !~* '^now([+-][0-9]{1,4}[hdwmy])?$' THEN
      BEGIN
        PERFORM v_text::timestamptz;
      EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
          DETAIL = format('Condition value for %s must be a date or a relative date such as now-3d', v_field);
      END;
    END IF;
  END LOOP;
END
$$;

-- The names of the built-in filters; custom filters may not take them.
CREATE FUNCTION private.reserved_smart_list_names() RETURNS text[]
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT ARRAY['inbox', 'all', 'today', 'upcoming', 'anytime', 'someday', 'logbook']
$$;

CREATE FUNCTION private.smart_list_name_taken(p_user_id uuid, p_name_normalized text, p_except uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.smart_lists
                 WHERE user_id = p_user_id AND name_normalized = p_name_normalized AND NOT is_deleted AND id <> p_except)
$$;

CREATE FUNCTION private.count_live_custom_smart_lists(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.smart_lists WHERE user_id = p_user_id AND system_key IS NULL AND NOT is_deleted
$$;

-- Records one creation, refusing the eleventh within five minutes.
CREATE FUNCTION private.note_smart_list_creation(p_user_id uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  DELETE FROM private.smart_list_creations
  WHERE user_id = p_user_id AND created_at < clock_timestamp() - interval '5 minutes';
  IF (SELECT count(*) FROM private.smart_list_creations WHERE user_id = p_user_id) >= 10 THEN
    RAISE EXCEPTION 'Too many filters created recently. Please wait before creating more.' USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO private.smart_list_creations (user_id) VALUES (p_user_id);
END
$$;

CREATE FUNCTION private.count_live_tags(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.global_tags WHERE user_id = p_user_id AND NOT is_deleted
$$;

CREATE FUNCTION private.tag_name_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.global_tags
                 WHERE user_id = p_user_id AND lower(name) = lower(p_name) AND NOT is_deleted AND id <> p_except)
$$;

GRANT EXECUTE ON FUNCTION private.validate_smart_filter(text, text, text), private.reserved_smart_list_names(),
  private.smart_list_name_taken(uuid, text, uuid), private.count_live_custom_smart_lists(uuid),
  private.note_smart_list_creation(uuid), private.count_live_tags(uuid), private.tag_name_taken(uuid, text, uuid)
  TO anon, authenticated, service_role;

CREATE FUNCTION private.smart_lists_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end      boolean := private.is_end_user();
  v_insert   boolean := TG_OP = 'INSERT';
  v_entering boolean;
BEGIN
  IF v_end THEN
    IF v_insert AND NEW.system_key IS NOT NULL THEN
      RAISE EXCEPTION 'Built-in filters are created by the server' USING ERRCODE = '42501';
    END IF;
    IF NOT v_insert THEN
      IF NEW.system_key IS DISTINCT FROM OLD.system_key THEN
        RAISE EXCEPTION 'The built-in key of a filter cannot be changed' USING ERRCODE = '42501';
      END IF;
      IF OLD.system_key IS NOT NULL
         AND (NEW.name IS DISTINCT FROM OLD.name OR NEW.filters_data IS DISTINCT FROM OLD.filters_data) THEN
        RAISE EXCEPTION 'Built-in filters cannot be renamed or redefined' USING ERRCODE = '42501';
      END IF;
      NEW.created_at := OLD.created_at;
    END IF;
  END IF;

  NEW.name := btrim(NEW.name);
  IF v_insert OR NEW.name IS DISTINCT FROM OLD.name OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.filters_data IS DISTINCT FROM OLD.filters_data THEN
    PERFORM private.validate_smart_filter(NEW.name, NEW.description, NEW.filters_data);
  END IF;
  NEW.name_normalized := lower(NEW.name);

  v_entering := NOT NEW.is_deleted AND (v_insert OR OLD.is_deleted);
  IF NOT NEW.is_deleted AND (v_entering OR NEW.name_normalized <> OLD.name_normalized) THEN
    IF NEW.system_key IS NULL AND NEW.name_normalized = ANY (private.reserved_smart_list_names()) THEN
      RAISE EXCEPTION 'Invalid Name' USING ERRCODE = '23514', DETAIL = 'This name is reserved for a built-in filter';
    END IF;
    PERFORM private.lock_counter('smart_lists:' || NEW.user_id);
    IF private.smart_list_name_taken(NEW.user_id, NEW.name_normalized, NEW.id) THEN
      RAISE EXCEPTION 'A filter with this name already exists' USING ERRCODE = '23505';
    END IF;
  END IF;
  IF v_entering AND NEW.system_key IS NULL THEN
    PERFORM private.assert_within_cap(NEW.user_id, 'smart_filters', private.count_live_custom_smart_lists(NEW.user_id));
  END IF;
  IF v_insert AND v_end AND NEW.system_key IS NULL THEN
    PERFORM private.note_smart_list_creation(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.smart_lists
  FOR EACH ROW EXECUTE FUNCTION private.smart_lists_before_write();

CREATE FUNCTION private.global_tags_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_entering boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND private.is_end_user() THEN
    NEW.created_at := OLD.created_at;
  END IF;
  NEW.name := btrim(NEW.name);
  IF NEW.name IS NULL OR NEW.name = '' THEN
    RAISE EXCEPTION 'Tag name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 50 THEN
    RAISE EXCEPTION 'Tag name must be at most 50 characters' USING ERRCODE = '23514';
  END IF;
  v_entering := NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted);
  IF NOT NEW.is_deleted AND (v_entering OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('tags:' || NEW.user_id);
    IF private.tag_name_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A tag with this name already exists' USING ERRCODE = '23505';
    END IF;
    IF v_entering THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'tags_total', private.count_live_tags(NEW.user_id));
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.global_tags
  FOR EACH ROW EXECUTE FUNCTION private.global_tags_before_write();

ALTER TABLE public.smart_lists ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.global_tags ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.smart_lists, public.global_tags FROM anon, authenticated;

CREATE POLICY "own smart lists" ON public.smart_lists
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "own tags" ON public.global_tags
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
