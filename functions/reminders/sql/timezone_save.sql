INSERT INTO public.user_preferences (user_id, preference_key, preference_value)
VALUES (auth.uid(), 'timezone', $1)
ON CONFLICT (user_id, preference_key) DO UPDATE SET preference_value = EXCLUDED.preference_value, is_deleted = false
