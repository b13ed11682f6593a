-- How long a timed task lasts (issue 26, "Calendar and board": the week
-- view draws a timed task as tall as it lasts, and dragging its bottom edge
-- changes that).
--
-- tasks.duration_minutes is null (the default: the app draws 30 minutes,
-- the calendar feed writes 30 minutes) or a whole number of minutes from 5
-- to 1440 (a day). It is the user's own column, written by the same update
-- policy as due_time; a task without a time may keep one (the calendar
-- keeps it so that moving the task back into the time grid restores its
-- length). The realtime publication carries the whole tasks table, so the
-- column rides it without a change.

ALTER TABLE public.tasks
  ADD COLUMN duration_minutes integer
    CONSTRAINT tasks_duration_minutes_range CHECK (duration_minutes BETWEEN 5 AND 1440);

COMMENT ON COLUMN public.tasks.duration_minutes IS
  'Minutes a timed task lasts, 5–1440; null means the default length (30 minutes).';

-- The views the app reads gain the column at their ends (CREATE OR REPLACE
-- VIEW may only append).
CREATE OR REPLACE VIEW public.tasks_with_project WITH (security_invoker = true) AS
SELECT t.id, t.user_id, t.title, t.notes, t.due_date, t.due_time, t.priority, t.tags, t.list, t.location,
       t.reminders, t.recurrence, t.is_completed, t.completed_at, t.is_starred, t.is_deleted, t.sort_order,
       t.importance, t.urgency, t.parent_id, t.project_id, t.assigned_to, t.team_id, t.created_at, t.updated_at,
       p.name AS project_name,
       p.color AS project_color,
       p.icon_name AS project_icon_name,
       p.icon_color AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared AS project_is_shared,
       p.user_id AS project_owner_id,
       t.board_column,
       t.duration_minutes
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
WHERE t.user_id = (SELECT auth.uid()) OR (SELECT auth.role()) = 'service_role';

CREATE OR REPLACE VIEW public.user_accessible_tasks_with_project WITH (security_invoker = true) AS
SELECT t.id, t.user_id, t.title, t.notes, t.due_date, t.due_time, t.priority, t.tags, t.list, t.location,
       t.reminders, t.recurrence, t.is_completed, t.completed_at, t.is_starred, t.is_deleted, t.sort_order,
       t.importance, t.urgency, t.parent_id, t.project_id, t.assigned_to, t.team_id, t.created_at, t.updated_at,
       p.name AS project_name,
       p.color AS project_color,
       p.icon_name AS project_icon_name,
       p.icon_color AS project_icon_color,
       p.icon_weight AS project_icon_weight,
       p.is_shared AS project_is_shared,
       p.user_id AS project_owner_id,
       (t.user_id = (SELECT auth.uid())) AS is_owner,
       m.role AS user_role,
       t.board_column,
       t.duration_minutes
FROM public.tasks t
LEFT JOIN public.projects p ON p.id = t.project_id AND NOT p.is_deleted
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid());
