-- Task attachments are readable only by people who can see the task
-- (issue 17, finding 9). Migration 0310 made the bucket public, so anyone
-- holding an object's URL read it forever, also after being removed from
-- the project. Now the bucket is private: the bytes are served only to a
-- caller whose SELECT policy below allows them, through an authenticated
-- download or a signed URL that such a caller asked for (and that
-- expires; the app asks for minutes). Public URLs of the bucket answer
-- "Bucket not found", as the hosted API does for a private bucket.
--
-- An object's task comes from its path, {userId}/{taskId}/{random}.{ext}
-- (002 §7): whoever reaches that task (private.can_access_task: its owner,
-- assignee, project members, team members) reads the task's files. The
-- uploader keeps reading their own uploads, as they keep reading their
-- task_attachments rows (0206).

UPDATE storage.buckets SET public = false, updated_at = now() WHERE id = 'task-attachments';

-- Whether the current user reaches the task an attachment's path names.
-- A second folder that is not a task id names no task: false.
CREATE FUNCTION storage.can_see_attachment_task(p_name text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_folder text := (storage.foldername(p_name))[2];
BEGIN
  IF v_folder IS NULL OR v_folder !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN false;
  END IF;
  RETURN private.can_access_task(v_folder::uuid);
END
$$;
REVOKE ALL ON FUNCTION storage.can_see_attachment_task(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION storage.can_see_attachment_task(text) TO authenticated, service_role;

DROP POLICY "task-attachments: read own" ON storage.objects;
CREATE POLICY "task-attachments: read own and the files of visible tasks" ON storage.objects
  FOR SELECT TO authenticated
  USING (bucket_id = 'task-attachments'
         AND ((storage.foldername(name))[1] = (SELECT auth.uid())::text
              OR owner_id = (SELECT auth.uid())::text
              OR storage.can_see_attachment_task(name)));
