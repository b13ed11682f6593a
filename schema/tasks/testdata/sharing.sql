-- A small world for access tests, loaded as the superuser.
--
-- Accounts (ids end in a1..a5; labels in isolation_test.go):
--   owner    owns project "Shared" (b1) and project "Private" (b2)
--   admin    admin of "Shared"
--   member   member of "Shared"
--   stranger owns project "Elsewhere" (b3), shares nothing with the others
--   invitee  has an open e-mail invitation to "Shared"
-- Every per-user table holds one row (or the trigger's rows) for owner and
-- for stranger, so a leak between them shows.

INSERT INTO auth.users (id, email, email_confirmed_at, raw_user_meta_data) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'owner@example.com',    now(), '{"full_name": "Olive Owner"}'),
  ('00000000-0000-4000-8000-0000000000a2', 'admin@example.com',    now(), '{"full_name": "Adam Admin"}'),
  ('00000000-0000-4000-8000-0000000000a3', 'member@example.com',   now(), '{"full_name": "Mia Member"}'),
  ('00000000-0000-4000-8000-0000000000a4', 'stranger@example.com', now(), '{"full_name": "Stan Stranger"}'),
  ('00000000-0000-4000-8000-0000000000a5', 'invitee@example.com',  now(), '{"full_name": "Ivy Invitee"}');

INSERT INTO public.projects (id, user_id, name) VALUES
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', 'Shared'),
  ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000a1', 'Private'),
  ('00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-0000000000a4', 'Elsewhere');

INSERT INTO public.project_members (project_id, user_id, role) VALUES
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a2', 'admin'),
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a3', 'member');

INSERT INTO public.project_invites (id, project_id, email, invited_by, is_link, token) VALUES
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', 'invitee@example.com',
   '00000000-0000-4000-8000-0000000000a1', false, 'token-shared-email'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000b1', NULL,
   '00000000-0000-4000-8000-0000000000a1', true, 'token-shared-link'),
  ('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-0000000000b3', 'someone@example.com',
   '00000000-0000-4000-8000-0000000000a4', false, 'token-elsewhere-email');

INSERT INTO public.tasks (user_id, title, project_id, list) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'owner inbox',    NULL, NULL),
  ('00000000-0000-4000-8000-0000000000a1', 'owner shared',   '00000000-0000-4000-8000-0000000000b1', NULL),
  ('00000000-0000-4000-8000-0000000000a1', 'owner private',  '00000000-0000-4000-8000-0000000000b2', NULL),
  ('00000000-0000-4000-8000-0000000000a2', 'admin inbox',    NULL, NULL),
  ('00000000-0000-4000-8000-0000000000a3', 'member shared',  '00000000-0000-4000-8000-0000000000b1', NULL),
  ('00000000-0000-4000-8000-0000000000a4', 'stranger task',  '00000000-0000-4000-8000-0000000000b3', NULL);

INSERT INTO public.user_preferences (user_id, preference_key, preference_value) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'privacy', '{"gpc":false}'),
  ('00000000-0000-4000-8000-0000000000a4', 'privacy', '{"gpc":true}');

INSERT INTO public.pomodoro_settings (user_id) VALUES
  ('00000000-0000-4000-8000-0000000000a1'), ('00000000-0000-4000-8000-0000000000a4');

INSERT INTO public.pomodoro_sessions (user_id, type, duration_minutes) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'work', 25),
  ('00000000-0000-4000-8000-0000000000a4', 'work', 25);

INSERT INTO public.pomodoro_stats (user_id, date, completed_sessions, total_sessions) VALUES
  ('00000000-0000-4000-8000-0000000000a1', current_date, 1, 1),
  ('00000000-0000-4000-8000-0000000000a4', current_date, 2, 2);

INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'active', 'pro_monthly'),
  ('00000000-0000-4000-8000-0000000000a4', 'canceled', 'pro_monthly');

INSERT INTO public.team_subscriptions (team_id, status, plan_id) VALUES
  ('00000000-0000-4000-8000-0000000000d1', 'active', 'team_monthly');

INSERT INTO public.integration_connections (user_id, provider_key, config) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'slack', '{"webhook_url": "https://hooks.example/owner"}'),
  ('00000000-0000-4000-8000-0000000000a4', 'slack', '{"webhook_url": "https://hooks.example/stranger"}');

INSERT INTO public.integration_audit_logs (user_id, provider_key, action) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'slack', 'notify_task_created'),
  ('00000000-0000-4000-8000-0000000000a4', 'slack', 'notify_task_created');

INSERT INTO public.smart_lists (user_id, name, filters_data) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'Owner Filter', '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":false}]}'),
  ('00000000-0000-4000-8000-0000000000a4', 'Stranger Filter', '{"logic":"AND","conditions":[{"field":"completed","operator":"equals","value":false}]}');

INSERT INTO public.global_tags (user_id, name) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'work'),
  ('00000000-0000-4000-8000-0000000000a4', 'work');
