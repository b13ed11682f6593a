-- Into the trash, as deleting in the app does: restorable there.
UPDATE public.tasks SET is_deleted = true WHERE id = $1::uuid
