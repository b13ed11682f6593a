-- Data for the user_accessible_tasks_with_project benchmark (docs/benchmarks.md).
--
-- The bench user owns 10 projects with 50 tasks each (500 tasks, the Free
-- plan's total); 3 of the projects are shared with 2 collaborators each,
-- who add 20 tasks apiece to them. Around them, 40 other users own 10
-- projects and 500 tasks each (20,000 tasks), so a plan that reads more
-- than its own rows shows. A task in 20 is in the bin, one in 3 is done.
--
-- Task triggers are off while loading (they would count the caps row by
-- row); the script fills what they would (sort_order, list, completed_at).

INSERT INTO auth.users (id, email, email_confirmed_at) VALUES
  ('00000000-0000-4000-8000-0000000000f1', 'bench@example.com', now());
INSERT INTO auth.users (email, email_confirmed_at)
SELECT 'collaborator' || g || '@example.com', now() FROM generate_series(1, 6) g;
INSERT INTO auth.users (email, email_confirmed_at)
SELECT 'noise' || g || '@example.com', now() FROM generate_series(1, 40) g;

INSERT INTO public.projects (user_id, name)
SELECT u.id, 'Project ' || g
FROM auth.users u, generate_series(1, 10) g
WHERE u.email = 'bench@example.com' OR u.email LIKE 'noise%';

-- Projects 1 to 3 of the bench user get two collaborators each.
INSERT INTO public.project_members (project_id, user_id, role)
SELECT p.id, c.id, CASE WHEN c.n % 2 = 0 THEN 'admin' ELSE 'member' END
FROM public.projects p
JOIN (SELECT id, row_number() OVER (ORDER BY email) AS n FROM auth.users WHERE email LIKE 'collaborator%') c
  ON (c.n + 1) / 2 = substr(p.name, 9)::int
WHERE p.user_id = '00000000-0000-4000-8000-0000000000f1' AND substr(p.name, 9)::int <= 3;

ALTER TABLE public.tasks DISABLE TRIGGER USER;

INSERT INTO public.tasks (user_id, title, notes, project_id, list, sort_order, priority, importance, urgency,
                          is_completed, completed_at, is_deleted, is_starred, due_date, tags, created_at, updated_at)
SELECT p.user_id, 'Task ' || g || ' of ' || p.name, CASE WHEN g % 4 = 0 THEN 'Notes for task ' || g END,
       p.id, p.name, (substr(p.name, 9)::int - 1) * 50 + g, g % 5, g % 4, (g + 1) % 4,
       g % 3 = 0, CASE WHEN g % 3 = 0 THEN now() - g * interval '1 hour' END, g % 20 = 0, g % 7 = 0,
       current_date + (g % 30) - 10, CASE WHEN g % 5 = 0 THEN 'work, errands' END,
       now() - g * interval '1 hour', now() - g * interval '1 minute'
FROM public.projects p, generate_series(1, 50) g;

INSERT INTO public.tasks (user_id, title, project_id, list, sort_order, is_completed, completed_at, is_deleted)
SELECT m.user_id, 'Collaborator task ' || g, m.project_id, p.name, 1000 + g, g % 3 = 0,
       CASE WHEN g % 3 = 0 THEN now() END, g % 20 = 0
FROM public.project_members m
JOIN public.projects p ON p.id = m.project_id
CROSS JOIN generate_series(1, 20) g
WHERE m.role <> 'owner';

ALTER TABLE public.tasks ENABLE TRIGGER USER;

ANALYZE;
