-- Restoring a task restores the subtasks that went with it (issue 18).
--
-- 0105 sends a task's subtasks to the bin with it. The task screens undo a
-- deletion (the bulk Undo, 0654) by restoring the task, and a user expects
-- its checklist back too. The subtasks that went with it are those deleted
-- in the same statement: their updated_at is the task's updated_at at the
-- moment of deletion (now() is the transaction's time). Subtasks the user
-- had deleted one by one before stay deleted.

CREATE FUNCTION private.tasks_restore_subtasks() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.tasks SET is_deleted = false
  WHERE parent_id = NEW.id AND is_deleted AND updated_at = OLD.updated_at;
  RETURN NULL;
END
$$;

CREATE TRIGGER restore_subtasks AFTER UPDATE OF is_deleted ON public.tasks
  FOR EACH ROW WHEN (OLD.is_deleted AND NOT NEW.is_deleted AND OLD.parent_id IS NULL)
  EXECUTE FUNCTION private.tasks_restore_subtasks();
