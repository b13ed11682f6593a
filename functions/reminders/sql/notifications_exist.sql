SELECT to_regclass('public.notifications') IS NOT NULL
