SELECT coalesce((SELECT to_jsonb(p)::text FROM public.user_profiles p WHERE p.id = auth.uid()), 'null')
