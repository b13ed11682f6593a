-- Demo data for `daybase seed --demo`: a demo account with realistic
-- projects and tasks, and a teammate it shares a project with.
--
-- Sections start with "-- step: <name>"; schema/seed runs them in order in
-- one transaction. "accounts" is idempotent on its own; the content steps
-- run only when already_seeded says the demo account has no projects yet,
-- so running the seed twice changes nothing. Everything stays inside the
-- Free plan's caps, as a real free account would.
--
-- The ids travel between steps in transaction-local settings
-- (seed.demo_id, seed.sam_id).

-- step: accounts
INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
SELECT a.email, extensions.crypt('daybase-demo', extensions.gen_salt('bf', 10)), now(),
       '{"provider": "email", "providers": ["email"]}', a.meta::jsonb
FROM (VALUES
  ('demo@daybase.local', '{"full_name": "Dana Demo", "avatar_color": "#3b82f6"}'),
  ('sam@daybase.local',  '{"full_name": "Sam Rivera", "avatar_color": "#10b981"}')
) AS a (email, meta)
WHERE NOT EXISTS (SELECT FROM auth.users u WHERE lower(u.email) = a.email AND u.deleted_at IS NULL);

INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
SELECT u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now()
FROM auth.users u
WHERE u.email IN ('demo@daybase.local', 'sam@daybase.local') AND u.deleted_at IS NULL
ON CONFLICT (provider_id, provider) DO NOTHING;

SELECT set_config('seed.demo_id', (SELECT id::text FROM auth.users WHERE email = 'demo@daybase.local' AND deleted_at IS NULL), true),
       set_config('seed.sam_id', (SELECT id::text FROM auth.users WHERE email = 'sam@daybase.local' AND deleted_at IS NULL), true);

-- step: already_seeded
SELECT EXISTS (SELECT FROM public.projects WHERE user_id = current_setting('seed.demo_id')::uuid);

-- step: projects
INSERT INTO public.projects (user_id, name, overview, color, icon_name, icon_color, is_favorite)
SELECT current_setting('seed.demo_id')::uuid, p.name, p.overview, p.color, p.icon, p.color, p.favorite
FROM (VALUES
  (1, 'Website Relaunch', 'New marketing site and blog, built with the design agency.' || chr(10) || 'Due: ' || to_char(current_date + 21, 'YYYY-MM-DD'),
   '#8b5cf6', 'Globe', true),
  (2, 'Personal', 'Errands, health and everything in between.', '#10b981', 'User', true),
  (3, 'Home Renovation', 'Kitchen first, then the guest room.', '#f59e0b', 'House', false),
  (4, 'Learning Go', 'Work through the tour, then build a small CLI.', '#3b82f6', 'BookOpen', false)
) AS p (n, name, overview, color, icon, favorite)
ORDER BY p.n;

-- Sam joined the relaunch project through an invitation and is its admin;
-- another invitation is still open.
INSERT INTO public.project_invites (project_id, email, invited_by, accepted_at, accepted_by)
SELECT id, 'sam@daybase.local', user_id, now(), current_setting('seed.sam_id')::uuid
FROM public.projects WHERE user_id = current_setting('seed.demo_id')::uuid AND name = 'Website Relaunch';
INSERT INTO public.project_members (project_id, user_id, role)
SELECT id, current_setting('seed.sam_id')::uuid, 'admin'
FROM public.projects WHERE user_id = current_setting('seed.demo_id')::uuid AND name = 'Website Relaunch';
INSERT INTO public.project_invites (project_id, email, invited_by)
SELECT id, 'alex@daybase.local', user_id
FROM public.projects WHERE user_id = current_setting('seed.demo_id')::uuid AND name = 'Website Relaunch';

-- step: tasks
-- Priority: 0 none, 1 low, 2 medium, 3 high, 4 urgent (docs/decisions.md).
INSERT INTO public.tasks (user_id, title, notes, list, due_date, due_time, priority, importance, urgency,
                          tags, reminders, recurrence, is_starred, is_completed)
SELECT current_setting('seed.demo_id')::uuid, t.title, t.notes, t.list, current_date + t.due,
       CASE WHEN t.at IS NOT NULL THEN (current_date + t.due + t.at::time) AT TIME ZONE 'UTC' END,
       t.priority, t.importance, t.urgency, t.tags, t.reminders::integer[], t.recurrence, t.starred, t.done
FROM (VALUES
  (1,  'Approve homepage wireframes', 'Check the hero copy against the brand guide.', 'Website Relaunch', 1, '10:00', 4, 3, 3, 'work, design', '{30}', NULL, true, false),
  (2,  'Write launch blog post', 'Outline: why we rebuilt, what is new, what is next.', 'Website Relaunch', 5, NULL, 3, 3, 1, 'work, writing', '{}', NULL, false, false),
  (3,  'Set up redirects from old URLs', NULL, 'Website Relaunch', 9, NULL, 2, 2, 1, 'work', '{}', NULL, false, false),
  (4,  'Pick stock photos for the about page', NULL, 'Website Relaunch', -2, NULL, 1, 1, 1, 'work, design', '{}', NULL, false, true),
  (5,  'Weekly sync with the agency', 'Agenda in the shared doc.', 'Website Relaunch', 2, '15:30', 2, 2, 2, 'work, meetings', '{15}', '{"type":"weekly","interval":1}', false, false),
  (6,  'Renew passport', 'Photos are in the desk drawer.', 'Personal', 14, NULL, 3, 3, 2, 'errands', '{1440}', NULL, true, false),
  (7,  'Book dentist appointment', NULL, 'Personal', 0, NULL, 2, 2, 3, 'health', '{}', NULL, false, false),
  (8,  'Morning run', '5 km, easy pace.', 'Personal', 0, '07:00', 1, 2, 1, 'health', '{0}', '{"type":"daily","interval":1}', false, false),
  (9,  'Call grandma', NULL, 'Personal', -1, NULL, 2, 3, 2, NULL, '{}', NULL, false, false),
  (10, 'Pay electricity bill', NULL, 'Personal', -3, NULL, 3, 2, 3, 'errands, bills', '{}', '{"type":"monthly","interval":1}', false, true),
  (11, 'Get three quotes for kitchen cabinets', NULL, 'Home Renovation', 10, NULL, 2, 3, 1, 'home', '{}', NULL, false, false),
  (12, 'Choose tiles for the backsplash', NULL, 'Home Renovation', 20, NULL, 1, 2, 0, 'home, design', '{}', NULL, false, false),
  (13, 'Measure the guest room', NULL, 'Home Renovation', NULL, NULL, 0, 1, 0, 'home', '{}', NULL, false, false),
  (14, 'Finish the Go tour', 'https://go.dev/tour', 'Learning Go', 7, NULL, 2, 3, 1, 'reading', '{}', NULL, true, false),
  (15, 'Read "Effective Go"', NULL, 'Learning Go', NULL, NULL, 1, 2, 0, 'reading', '{}', NULL, false, false),
  (16, 'Build a task tracker CLI with flag and encoding/json', NULL, 'Learning Go', 30, NULL, 1, 2, 0, NULL, '{}', NULL, false, false),
  (17, 'Water the plants', NULL, NULL, 0, NULL, 1, 1, 2, 'home', '{}', '{"type":"weekly","interval":1}', false, false),
  (18, 'Return library books', NULL, NULL, 3, NULL, 2, 1, 2, 'errands', '{}', NULL, false, false),
  (19, 'Ideas for the team offsite', 'Somewhere reachable by train.', NULL, NULL, NULL, 0, 1, 0, NULL, '{}', NULL, false, false)
) AS t (n, title, notes, list, due, at, priority, importance, urgency, tags, reminders, recurrence, starred, done)
ORDER BY t.n;

-- Subtasks of the blog post and the cabinet quotes.
INSERT INTO public.tasks (user_id, title, parent_id, is_completed)
SELECT current_setting('seed.demo_id')::uuid, s.title, p.id, s.done
FROM (VALUES
  ('Write launch blog post', 'Draft the outline', true),
  ('Write launch blog post', 'Ask Sam for screenshots', false),
  ('Write launch blog post', 'Proofread', false),
  ('Get three quotes for kitchen cabinets', 'Local carpenter', true),
  ('Get three quotes for kitchen cabinets', 'Flat-pack store', false),
  ('Get three quotes for kitchen cabinets', 'Custom workshop', false)
) AS s (parent, title, done)
JOIN public.tasks p ON p.user_id = current_setting('seed.demo_id')::uuid AND p.title = s.parent;

-- Sam's tasks in the shared project.
INSERT INTO public.tasks (user_id, title, list, due_date, priority, tags, assigned_to)
SELECT current_setting('seed.sam_id')::uuid, s.title, 'Website Relaunch', current_date + s.due, s.priority, 'work',
       CASE WHEN s.for_demo THEN current_setting('seed.demo_id')::uuid END
FROM (VALUES
  ('Export screenshots for the blog post', 4, 2, true),
  ('Review mobile navigation', 2, 3, false),
  ('Run accessibility audit', 6, 2, false)
) AS s (title, due, priority, for_demo);

-- step: filters_and_tags
SELECT public.ensure_default_smart_lists(current_setting('seed.demo_id')::uuid);

INSERT INTO public.smart_lists (user_id, name, description, filters_data, color, icon_name, sort_option, sort_order)
SELECT current_setting('seed.demo_id')::uuid, f.name, f.description, f.data, f.color, f.icon, f.sort_option, f.sort_order
FROM (VALUES
  ('High Priority', 'High and urgent open tasks',
   '{"logic":"AND","conditions":[{"field":"priority","operator":"greater_than","value":2},{"field":"completed","operator":"equals","value":false}]}',
   '#ef4444', 'flag', 'priority', 10),
  ('Due This Week', 'Open tasks due this week',
   '{"logic":"AND","conditions":[{"field":"due_date","operator":"is_this_week"},{"field":"completed","operator":"equals","value":false}]}',
   '#f59e0b', 'calendar', 'due_date', 11)
) AS f (name, description, data, color, icon, sort_option, sort_order);

INSERT INTO public.global_tags (user_id, name, color, usage_count)
SELECT current_setting('seed.demo_id')::uuid, g.name, g.color, g.uses
FROM (VALUES ('work', '#3b82f6', 9), ('design', '#8b5cf6', 3), ('errands', '#f59e0b', 3), ('health', '#10b981', 2),
             ('home', '#f97316', 4), ('reading', '#06b6d4', 2), ('writing', '#ec4899', 1), ('meetings', '#6b7280', 1),
             ('bills', '#ef4444', 1)) AS g (name, color, uses);

-- step: focus_and_preferences
INSERT INTO public.pomodoro_settings (user_id, device_id, daily_goal)
VALUES (current_setting('seed.demo_id')::uuid, 'demo-device', 6);

-- Yesterday's statistics (the days before lie outside the demo); today's
-- follow from the sessions below (a trigger keeps pomodoro_stats, 0701).
INSERT INTO public.pomodoro_stats (user_id, date, completed_sessions, total_sessions, total_focus_minutes,
                                   total_break_minutes, current_streak, longest_streak)
VALUES (current_setting('seed.demo_id')::uuid, current_date - 1, 6, 7, 150, 30, 3, 9);

INSERT INTO public.pomodoro_sessions (user_id, type, task_id, started_at, ended_at, duration_minutes, status, completed_cycles, device_id)
SELECT current_setting('seed.demo_id')::uuid, s.type,
       (SELECT id FROM public.tasks WHERE user_id = current_setting('seed.demo_id')::uuid AND title = 'Write launch blog post'),
       now() - s.ago, now() - s.ago + make_interval(mins => s.minutes), s.minutes, 'completed', s.cycles, 'demo-device'
FROM (VALUES ('work', interval '3 hours', 25, 1), ('short_break', interval '2 hours 35 minutes', 5, 1),
             ('work', interval '2 hours 30 minutes', 25, 2), ('short_break', interval '2 hours 5 minutes', 5, 2),
             ('work', interval '2 hours', 25, 3)) AS s (type, ago, minutes, cycles);

INSERT INTO public.user_preferences (user_id, preference_key, preference_value)
SELECT current_setting('seed.demo_id')::uuid, p.key, p.value
FROM (VALUES ('tasks.defaultProject', '"Personal"'), ('tasks.creation.defaultDateForTime', '"today"'),
             ('appearance.showDashboardBackground', 'true'), ('appearance.darkSidebarInLightMode', 'false'),
             ('privacy', '{"saleShareOptOut":false,"limitSensitiveUse":true,"gpc":false}')) AS p (key, value)
ON CONFLICT (user_id, preference_key) DO NOTHING;

-- step: notes_journal_team
-- Spec 002: folders and notes, a journal with a week of entries, a team
-- with Sam, a comment mentioning Sam and a note linked to a task.
INSERT INTO public.note_folders (user_id, name, color, sort_order)
VALUES (current_setting('seed.demo_id')::uuid, 'Work', 'indigo', 1),
       (current_setting('seed.demo_id')::uuid, 'Ideas', 'teal', 2);

INSERT INTO public.notes (user_id, title, content, folder, pinned)
SELECT current_setting('seed.demo_id')::uuid, n.title, n.content, n.folder, n.pinned
FROM (VALUES
  ('Launch checklist', E'- Final copy review\n- Redirects from the old blog\n- Analytics events', 'Work', true),
  ('Agency kickoff notes', E'Budget agreed. Weekly sync on Tuesdays.\nOpen question: who owns the CMS?', 'Work', false),
  ('Side project ideas', E'A CLI that turns markdown notes into flashcards.', 'Ideas', false),
  ('Groceries', E'Tomatoes, basil, coffee beans', NULL, false)
) AS n (title, content, folder, pinned);

INSERT INTO public.journal_folders (user_id, name, color, sort_order)
VALUES (current_setting('seed.demo_id')::uuid, 'Daily', '{"icon":"book","color":"blue"}', 1),
       (current_setting('seed.demo_id')::uuid, 'Work log', '{"icon":"briefcase","color":"purple"}', 2);

INSERT INTO public.journal_entries (user_id, title, content, date, mood, folder)
SELECT current_setting('seed.demo_id')::uuid, e.title, e.content, current_date - e.days_ago, e.mood,
       (SELECT id FROM public.journal_folders WHERE user_id = current_setting('seed.demo_id')::uuid AND name = e.journal)
FROM (VALUES
  ('Good start', 'Finished the homepage copy before lunch and went for a run.', 0, 4, 'Daily'),
  ('Slow day', 'Meetings all afternoon. Tomorrow: focus blocks.', 1, 2, 'Daily'),
  ('Design review', 'The agency''s second round is much closer. Sam liked the new hero.', 2, 4, 'Work log'),
  ('Weekend', 'Painted the kitchen shelf. Garden needs water.', 5, 5, 'Daily')
) AS e (title, content, days_ago, mood, journal);

INSERT INTO public.teams (name, description, owner_id)
VALUES ('Relaunch Crew', 'Everyone working on the website relaunch.', current_setting('seed.demo_id')::uuid);
-- Sam joined by invitation (accepted), as the app does it.
INSERT INTO public.team_invitations (team_id, email, role, invited_by, accepted_at, accepted_by)
SELECT id, 'sam@daybase.local', 'member', owner_id, now(), current_setting('seed.sam_id')::uuid
FROM public.teams WHERE owner_id = current_setting('seed.demo_id')::uuid AND name = 'Relaunch Crew';
INSERT INTO public.team_members (team_id, user_id, role, invited_by)
SELECT id, current_setting('seed.sam_id')::uuid, 'member', owner_id
FROM public.teams WHERE owner_id = current_setting('seed.demo_id')::uuid AND name = 'Relaunch Crew';

INSERT INTO public.task_comments (task_id, user_id, content)
SELECT t.id, current_setting('seed.demo_id')::uuid,
       'Draft is in the doc — @[Sam Rivera](' || current_setting('seed.sam_id') || ') can you review the intro?'
FROM public.tasks t WHERE t.user_id = current_setting('seed.demo_id')::uuid AND t.title = 'Write launch blog post';

INSERT INTO public.task_note_links (task_id, note_id, linked_by)
SELECT t.id, n.id, current_setting('seed.demo_id')::uuid
FROM public.tasks t, public.notes n
WHERE t.user_id = current_setting('seed.demo_id')::uuid AND t.title = 'Write launch blog post'
  AND n.user_id = t.user_id AND n.title = 'Launch checklist';
