-- RPC ensure_default_smart_lists {p_user_id} (001 §7): the seven built-in
-- filters of 001 §3 for a user, created once. Idempotent: a built-in that
-- exists (even deleted by the user) is left alone, so calling it at every
-- sign-in never duplicates nor resurrects anything.
--
-- What each built-in shows is not in the spec (docs/decisions.md); every
-- definition passes the same validation as a user's filter.

CREATE FUNCTION public.ensure_default_smart_lists(p_user_id uuid)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_created integer;
BEGIN
  IF NOT private.is_service_caller() THEN
    IF auth.uid() IS NULL THEN
      RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
    END IF;
    IF p_user_id IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Not authorized' USING ERRCODE = '42501',
        DETAIL = 'Built-in filters can only be ensured for the signed-in user.';
    END IF;
  END IF;
  IF NOT EXISTS (SELECT FROM auth.users u WHERE u.id = p_user_id) THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'P0001';
  END IF;

  -- Serialises concurrent calls (two tabs signing in) for this user.
  PERFORM private.lock_counter('smart_lists:' || p_user_id);

  INSERT INTO public.smart_lists (user_id, name, description, filters_data, icon_name, sort_option, sort_order, system_key)
  SELECT p_user_id, d.name, d.description, d.filters_data, d.icon_name, d.sort_option, d.sort_order, d.system_key
  FROM (VALUES
    ('inbox', 'Inbox', 'Open tasks without a project', 'list', 'created_at', 1,
     '{"logic":"AND","conditions":[{"field":"project_id","operator":"is_empty"},{"field":"completed","operator":"equals","value":false}]}'),
    ('all', 'All', 'Every open task', 'hash', 'created_at', 2,
     '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":false}]}'),
    ('today', 'Today', 'Open tasks due today', 'star', 'due_date', 3,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_today"},{"field":"completed","operator":"equals","value":false}]}'),
    ('upcoming', 'Upcoming', 'Open tasks due in the next 7 days', 'calendar', 'due_date', 4,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"greater_than","value":"now"},{"field":"due_date","operator":"less_than","value":"now+7d"},{"field":"completed","operator":"equals","value":false}]}'),
    ('anytime', 'Anytime', 'Open tasks without a due date', 'clock', 'created_at', 5,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_empty"},{"field":"completed","operator":"equals","value":false}]}'),
    ('someday', 'Someday', 'Open tasks without a due date or a priority', 'flag', 'created_at', 6,
     '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_empty"},{"field":"priority","operator":"equals","value":0},{"field":"completed","operator":"equals","value":false}]}'),
    ('logbook', 'Logbook', 'Completed tasks', 'check-circle', 'completed_at', 7,
     '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":true}]}')
  ) AS d (system_key, name, description, icon_name, sort_option, sort_order, filters_data)
  WHERE NOT EXISTS (SELECT FROM public.smart_lists s WHERE s.user_id = p_user_id AND s.system_key = d.system_key)
    -- A live filter of that name from before the names were reserved.
    AND NOT EXISTS (SELECT FROM public.smart_lists s
                    WHERE s.user_id = p_user_id AND s.name_normalized = lower(d.name) AND NOT s.is_deleted)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_created = ROW_COUNT;
  RETURN v_created;
END
$$;

REVOKE EXECUTE ON FUNCTION public.ensure_default_smart_lists(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.ensure_default_smart_lists(uuid) TO authenticated, service_role;
