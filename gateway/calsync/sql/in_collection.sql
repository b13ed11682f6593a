-- Tasks of a collection ($1): a project's tasks, or the inbox of the
-- user's own and assigned tasks in no project.
NOT t.is_deleted AND CASE WHEN $1 = 'inbox'
THEN t.project_id IS NULL AND (t.assigned_to = auth.uid() OR (t.assigned_to IS NULL AND t.user_id = auth.uid()))
ELSE t.project_id::text = $1 END
