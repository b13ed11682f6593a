-- Smart filters gain an assignee condition (issue 26, the filter language's
-- `assigned to: me`): field assigned_to, operators equals / not_equals
-- (value 'me', resolved to whoever reads the filter, or a user id) and
-- is_empty / is_not_empty. The rest of 0107's validation is unchanged.

CREATE OR REPLACE FUNCTION private.validate_smart_filter(p_name text, p_description text, p_filters_data text) RETURNS void
LANGUAGE plpgsql STABLE
SET search_path = ''
AS $_$
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
      WHEN v_field = 'assigned_to' THEN 'assignee'
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
      WHEN 'assignee'   THEN ARRAY['equals', 'not_equals', 'is_empty', 'is_not_empty']
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
    -- 'me' is whoever reads the filter; anyone else by user id.
    IF v_kind = 'assignee' AND lower(v_text) <> 'me'
       AND v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      RAISE EXCEPTION 'Invalid Filter Criteria' USING ERRCODE = '23514',
        DETAIL = format('Condition value for %s must be me or a user id', v_field);
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
$_$;
