-- A small world for the access tests of spec 002, loaded as the superuser.
--
-- Accounts (ids end in a1..a6; labels in world_test.go):
--   owner    owns team "Team" (d1, so its admin) and project "Shared" (b1)
--   admin    admin of "Team"
--   member   member of "Team" and of project "Shared"
--   stranger owns team "Other" (d2) and shares nothing with the others
--   invitee  has an open invitation to "Team"
--   former   was a member of "Team" and was removed (status inactive)
-- Tasks: "private" (owner's, no project or team), "team" (owner's, in Team,
-- assigned to member), "shared" (owner's, in project Shared), "alien"
-- (stranger's). Every personal table holds rows of owner and stranger.

INSERT INTO auth.users (id, email, email_confirmed_at, raw_user_meta_data) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'owner@example.com',    now(), '{"full_name": "Olive Owner"}'),
  ('00000000-0000-4000-8000-0000000000a2', 'admin@example.com',    now(), '{"full_name": "Adam Admin"}'),
  ('00000000-0000-4000-8000-0000000000a3', 'member@example.com',   now(), '{"full_name": "Mia Member"}'),
  ('00000000-0000-4000-8000-0000000000a4', 'stranger@example.com', now(), '{"full_name": "Stan Stranger"}'),
  ('00000000-0000-4000-8000-0000000000a5', 'invitee@example.com',  now(), '{"full_name": "Ivy Invitee"}'),
  ('00000000-0000-4000-8000-0000000000a6', 'former@example.com',   now(), '{"full_name": "Fred Former"}');

INSERT INTO public.teams (id, name, owner_id) VALUES
  ('00000000-0000-4000-8000-0000000000d1', 'Team',  '00000000-0000-4000-8000-0000000000a1'),
  ('00000000-0000-4000-8000-0000000000d2', 'Other', '00000000-0000-4000-8000-0000000000a4');

INSERT INTO public.team_members (team_id, user_id, role, status) VALUES
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000a2', 'admin',  'active'),
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000a3', 'member', 'active'),
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000a6', 'member', 'active');
UPDATE public.team_members SET status = 'inactive' WHERE user_id = '00000000-0000-4000-8000-0000000000a6';

INSERT INTO public.team_invitations (id, team_id, email, role, invited_by, token) VALUES
  ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000d1', 'invitee@example.com', 'member',
   '00000000-0000-4000-8000-0000000000a1', 'token-team-invitee'),
  ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000d2', 'someone@example.com', 'member',
   '00000000-0000-4000-8000-0000000000a4', 'token-other-someone');
-- The server picks tokens for users; the fixture pins them for the tests.
UPDATE public.team_invitations SET token = 'token-team-invitee' WHERE id = '00000000-0000-4000-8000-0000000000e1';
UPDATE public.team_invitations SET token = 'token-other-someone' WHERE id = '00000000-0000-4000-8000-0000000000e2';

INSERT INTO public.team_activity_log (team_id, user_id, action) VALUES
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000a3', 'fixture'),
  ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000a4', 'fixture');

INSERT INTO public.team_subscriptions (team_id, status, plan_id) VALUES
  ('00000000-0000-4000-8000-0000000000d1', 'active', 'team_monthly');

INSERT INTO public.projects (id, user_id, name) VALUES
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', 'Shared');
INSERT INTO public.project_members (project_id, user_id, role) VALUES
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a3', 'member');

INSERT INTO public.tasks (id, user_id, title, project_id, team_id) VALUES
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 'private', NULL, NULL),
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a1', 'team', NULL, '00000000-0000-4000-8000-0000000000d1'),
  ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000a1', 'shared', '00000000-0000-4000-8000-0000000000b1', NULL),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000000a4', 'alien', NULL, NULL);

INSERT INTO public.task_assignments (task_id, assigned_to, assigned_by, team_id) VALUES
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a3',
   '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000d1'),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000000a4',
   '00000000-0000-4000-8000-0000000000a4', NULL);

INSERT INTO public.task_comments (task_id, user_id, content) VALUES
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 'on private'),
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a3', 'on team'),
  ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000a1', 'on shared'),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000000a4', 'on alien');

INSERT INTO public.task_attachments (task_id, user_id, filename, file_size, mime_type, local_path) VALUES
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a1', 'private.pdf', 1000, 'application/pdf', NULL),
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000a2', 'team.pdf', 1000, 'application/pdf', NULL),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000000a4', 'alien.pdf', 1000, 'application/pdf', NULL);

INSERT INTO public.note_folders (user_id, name) VALUES
  ('00000000-0000-4000-8000-0000000000a1', 'Work'),
  ('00000000-0000-4000-8000-0000000000a4', 'Work');
INSERT INTO public.notes (id, user_id, title, content, folder) VALUES
  ('00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-0000000000a1', 'owner note', 'linked to the team task', 'Work'),
  ('00000000-0000-4000-8000-000000000102', '00000000-0000-4000-8000-0000000000a1', 'owner secret', 'not linked', NULL),
  ('00000000-0000-4000-8000-000000000103', '00000000-0000-4000-8000-0000000000a4', 'stranger note', 'linked to alien', 'Work');

INSERT INTO public.journal_folders (id, user_id, name) VALUES
  ('00000000-0000-4000-8000-000000000201', '00000000-0000-4000-8000-0000000000a1', 'Daily'),
  ('00000000-0000-4000-8000-000000000202', '00000000-0000-4000-8000-0000000000a4', 'Daily');
INSERT INTO public.journal_entries (id, user_id, title, content, date, mood, folder) VALUES
  ('00000000-0000-4000-8000-000000000211', '00000000-0000-4000-8000-0000000000a1', 'owner entry', 'linked to shared', current_date, 4,
   '00000000-0000-4000-8000-000000000201'),
  ('00000000-0000-4000-8000-000000000212', '00000000-0000-4000-8000-0000000000a4', 'stranger entry', 'dear diary', current_date, 2,
   '00000000-0000-4000-8000-000000000202');
INSERT INTO public.journal_images (journal_entry_id, image_url) VALUES
  ('00000000-0000-4000-8000-000000000211', 'https://example.com/owner.png'),
  ('00000000-0000-4000-8000-000000000212', 'https://example.com/stranger.png');

INSERT INTO public.task_note_links (task_id, note_id, linked_by) VALUES
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-0000000000a1'),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-000000000103', '00000000-0000-4000-8000-0000000000a4');
INSERT INTO public.task_journal_links (task_id, journal_id, linked_by) VALUES
  ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-000000000211', '00000000-0000-4000-8000-0000000000a1'),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-000000000212', '00000000-0000-4000-8000-0000000000a4');

INSERT INTO public.notifications (to_user_id, from_user_id, type, title) VALUES
  ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', 'comment', 'to owner'),
  ('00000000-0000-4000-8000-0000000000a4', NULL, 'system', 'to stranger');
