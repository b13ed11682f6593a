-- Data for the benchmarks of spec 002, loaded as the superuser with
-- triggers off (session_replication_role = replica) so it loads in
-- seconds; the figures measure reads only.
--
--   bench (…f1, Pro): 5,000 notes and 5,000 journal entries of about 60
--     words each, a project "Bench" with 2,000 tasks and 100,000 activity
--     rows over a year (90,000 by bench, 10,000 by a collaborator)
--   20 other users with 1,000 notes and 1,000 entries each
SET session_replication_role = replica;

INSERT INTO auth.users (id, email, email_confirmed_at, raw_user_meta_data)
SELECT ('00000000-0000-4000-8000-0000000000' || lpad(to_hex(240 + g), 2, '0'))::uuid,
       'bench' || g || '@example.com', now(), jsonb_build_object('full_name', 'Bench ' || g)
FROM generate_series(1, 15) g;
INSERT INTO auth.users (id, email, email_confirmed_at, raw_user_meta_data)
SELECT gen_random_uuid(), 'other' || g || '@example.com', now(), '{}' FROM generate_series(1, 20) g;
INSERT INTO public.user_profiles (id, email, full_name)
SELECT id, email, raw_user_meta_data->>'full_name' FROM auth.users;
INSERT INTO public.user_subscriptions (user_id, status, plan_id)
SELECT id, 'active', 'pro_monthly' FROM auth.users;

-- 114 common words (1..114) and a long tail of 1,800 rarer ones.
CREATE TEMP TABLE vocab (i int PRIMARY KEY, w text NOT NULL);
INSERT INTO vocab
SELECT row_number() OVER (), w FROM (
  SELECT unnest(string_to_array(
    'meeting notes project plan review budget garden travel family health book idea design team client '
    'launch roadmap sprint retro feedback draft outline chapter recipe dinner workout run yoga sleep mood '
    'coffee morning evening weekend holiday trip flight hotel museum city river mountain forest beach sunset '
    'goal habit focus energy stress calm gratitude reflection lesson mistake progress milestone deadline '
    'invoice contract proposal hiring interview onboarding training mentor career promotion salary office '
    'remote home kitchen garage repair paint shelf plant flower tomato basil harvest rain snow winter spring '
    'summer autumn music concert guitar piano song movie series podcast article research paper thesis data '
    'model experiment result analysis chart report summary quarter revenue growth churn metric dashboard', ' ')) AS w
  UNION ALL SELECT 'word' || g FROM generate_series(1, 1800) g
) s;
ANALYZE vocab;

-- 60 words: 40 common ones and 20 from the long tail.
CREATE FUNCTION pg_temp.text_of(seed int) RETURNS text LANGUAGE sql AS $$
  SELECT string_agg(v.w, ' ' ORDER BY g.i)
  FROM generate_series(1, 60) g(i)
  JOIN vocab v ON v.i = CASE WHEN g.i <= 40 THEN 1 + (abs(hashint4(seed * 100 + g.i)) % 114)
                             ELSE 115 + (abs(hashint4(seed * 100 + g.i)) % 1800) END
$$;

INSERT INTO public.notes (user_id, title, content, updated_at, created_at)
SELECT '00000000-0000-4000-8000-0000000000f1', initcap(split_part(pg_temp.text_of(g), ' ', 3)) || ' ' || g,
       pg_temp.text_of(g), now() - g * interval '1 hour', now() - g * interval '1 hour'
FROM generate_series(1, 5000) g;
INSERT INTO public.journal_entries (user_id, title, content, date, mood, updated_at, created_at)
SELECT '00000000-0000-4000-8000-0000000000f1', 'Day ' || g, pg_temp.text_of(100000 + g),
       current_date - (g / 3), 1 + g % 5, now() - g * interval '1 hour', now() - g * interval '1 hour'
FROM generate_series(1, 5000) g;
INSERT INTO public.notes (user_id, title, content)
SELECT u.id, 'Other ' || g, pg_temp.text_of(200000 + g)
FROM (SELECT id, row_number() OVER () AS n FROM auth.users WHERE email LIKE 'other%') u, generate_series(1, 1000) g;
INSERT INTO public.journal_entries (user_id, title, content, date)
SELECT u.id, 'Other day ' || g, pg_temp.text_of(300000 + g), current_date - g % 365
FROM (SELECT id FROM auth.users WHERE email LIKE 'other%') u, generate_series(1, 1000) g;

INSERT INTO public.projects (id, user_id, owner_id, name, sort_order) VALUES
  ('00000000-0000-4000-8000-0000000000b9', '00000000-0000-4000-8000-0000000000f1',
   '00000000-0000-4000-8000-0000000000f1', 'Bench', 1);
INSERT INTO public.project_members (project_id, user_id, role)
SELECT '00000000-0000-4000-8000-0000000000b9', id, CASE WHEN id = '00000000-0000-4000-8000-0000000000f1' THEN 'owner' ELSE 'member' END
FROM auth.users WHERE email LIKE 'bench%' AND email <> 'bench15@example.com';
INSERT INTO public.tasks (id, user_id, title, project_id, list, sort_order)
SELECT ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, '00000000-0000-4000-8000-0000000000f1',
       'Task ' || g, '00000000-0000-4000-8000-0000000000b9', 'Bench', g
FROM generate_series(1, 2000) g;
INSERT INTO public.activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, created_at)
SELECT CASE WHEN g % 10 = 0 THEN '00000000-0000-4000-8000-0000000000f2'::uuid ELSE '00000000-0000-4000-8000-0000000000f1'::uuid END,
       ('00000000-0000-4000-9000-' || lpad((1 + g % 2000)::text, 12, '0'))::uuid,
       '00000000-0000-4000-8000-0000000000b9',
       (ARRAY['task_created', 'task_updated', 'task_completed', 'priority_changed', 'comment_added', 'title_changed'])[1 + g % 6],
       'Did something ' || g, 'Task ' || (1 + g % 2000), now() - g * interval '5 minutes'
FROM generate_series(1, 100000) g;

-- What the sync_content_search trigger (0212, 0217) would have written.
INSERT INTO private.content_search (id, user_id, kind, doc, title)
SELECT id, user_id, 'note', private.content_document(title, content) || private.owner_lexeme(user_id)::tsvector, title FROM public.notes
UNION ALL
SELECT id, user_id, 'journal', private.content_document(title, content) || private.owner_lexeme(user_id)::tsvector, title FROM public.journal_entries;

-- What the activity triggers (0213) would have kept.
UPDATE public.activity_logs a SET task_owner_id = t.user_id FROM public.tasks t WHERE t.id = a.task_id;
DELETE FROM private.activity_counts;
INSERT INTO private.activity_counts (scope, scope_id, activity_type, n)
SELECT s.scope, s.scope_id, s.activity_type, count(*) FROM (
  SELECT 'project' AS scope, project_id AS scope_id, activity_type FROM public.activity_logs WHERE project_id IS NOT NULL
  UNION ALL
  SELECT 'actor', user_id, activity_type FROM public.activity_logs
  UNION ALL
  SELECT 'task_owner', task_owner_id, activity_type FROM public.activity_logs
  WHERE task_owner_id IS NOT NULL AND task_owner_id <> user_id
) s GROUP BY 1, 2, 3;

SET session_replication_role = DEFAULT;
ANALYZE;
