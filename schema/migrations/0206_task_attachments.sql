-- Task attachments: the metadata of files uploaded to the task-attachments
-- bucket (002 §3 "Attachments", §4, §5, §7; caps of 000 §9).
--
-- The storage server checks the bytes (signatures, rate limits; storage/
-- rules.go); this table checks the metadata the app records, so a client
-- that skips the upload or lies about it still cannot record a file the
-- rules refuse: file name rules, blocked extensions, the MIME allow-list,
-- non-empty and within the plan's per-file size, attachments per day and
-- total attachment storage per plan.
--
-- Everyone who reaches the task reads its attachments (the app itself
-- shows only the user's own, 002 §6); the uploader records them in their
-- own name; the uploader or a manager of the task deletes them (softly:
-- is_marked_deleted and change_id).

CREATE TABLE public.task_attachments (
  id                 uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  task_id            uuid NOT NULL REFERENCES public.tasks (id) ON DELETE CASCADE,
  user_id            uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  filename           text NOT NULL CONSTRAINT task_attachments_filename_length CHECK (length(filename) BETWEEN 1 AND 255),
  file_size          bigint NOT NULL CONSTRAINT task_attachments_file_size_positive CHECK (file_size > 0),
  mime_type          text NOT NULL CONSTRAINT task_attachments_mime_type_length CHECK (length(mime_type) BETWEEN 1 AND 255),
  -- The public URL of the object.
  remote_path        text CONSTRAINT task_attachments_remote_path_length CHECK (length(remote_path) <= 2048),
  -- {userId}/{taskId}/{random}.{ext} in the bucket.
  local_path         text CONSTRAINT task_attachments_local_path_length CHECK (length(local_path) <= 1024),
  is_uploaded        boolean NOT NULL DEFAULT true,
  uploaded_at        timestamptz DEFAULT now(),
  -- Milliseconds since the epoch of the row's last change (the server's
  -- clock; 002 §3 "change_id (a timestamp)").
  change_id          bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
  needs_sync         boolean NOT NULL DEFAULT false,
  is_locally_deleted boolean NOT NULL DEFAULT false,
  is_marked_deleted  boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- The panel: a task's live attachments, newest first.
CREATE INDEX task_attachments_task_created_idx ON public.task_attachments (task_id, created_at DESC) WHERE NOT is_marked_deleted;
-- The caps: a user's live attachments by day and their total size.
CREATE INDEX task_attachments_user_created_idx ON public.task_attachments (user_id, created_at) WHERE NOT is_marked_deleted;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.task_attachments
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Caps of 000 §9: attachmentsPerDay (Free 1; Pro unlimited; Team not
-- shown, unlimited like Pro), attachmentMaxMB (10 / 100 / 100) and
-- storageTotalMB (100 / 10,000 / 100,000), the last over the user's live
-- attachments.
INSERT INTO private.plan_limits (plan, limit_key, max_value) VALUES
  ('free', 'attachments_per_day', 1),  ('pro', 'attachments_per_day', NULL), ('team', 'attachments_per_day', NULL),
  ('free', 'attachment_max_mb', 10),   ('pro', 'attachment_max_mb', 100),    ('team', 'attachment_max_mb', 100),
  ('free', 'storage_total_mb', 100),   ('pro', 'storage_total_mb', 10000),   ('team', 'storage_total_mb', 100000);
-- attachment_max_mb is a size, reported with the spec's own text by
-- private.check_attachment_file; the two counts use assert_within_cap.
INSERT INTO private.plan_limit_messages (limit_key, message, noun) VALUES
  ('attachments_per_day', 'Attachment limit reached for %s plan today', 'attachments today'),
  ('storage_total_mb',    'Storage limit reached for %s plan',           'MB of attachments');

-- The MIME types of 002 §5 (the task-attachments bucket of 0310 allows
-- the same list).
CREATE FUNCTION private.attachment_mime_types() RETURNS text[]
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT ARRAY[
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml',
    'application/pdf',
    'text/plain',
    'text/markdown', 'text/x-markdown',
    'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip', 'application/x-zip-compressed',
    'application/vnd.rar', 'application/x-rar-compressed',
    'application/x-7z-compressed',
    'application/json',
    'text/javascript', 'application/javascript', 'application/typescript', 'text/typescript',
    'text/html', 'text/css',
    'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg',
    'video/mp4', 'video/webm', 'video/ogg']
$$;

-- Raises the file rules of 002 §5 that the metadata can show, with the
-- spec's texts where it has them (23514; the size is a plan cap, P0001).
CREATE FUNCTION private.check_attachment_file(p_user_id uuid, p_filename text, p_mime_type text, p_size bigint)
RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  v_ext   text;
  v_base  text;
  v_plan  text := private.user_plan(p_user_id);
  v_max   integer := private.plan_limit(v_plan, 'attachment_max_mb');
BEGIN
  IF p_filename IS NULL OR btrim(p_filename) = '' THEN
    RAISE EXCEPTION 'File name is required' USING ERRCODE = '23514';
  END IF;
  IF length(p_filename) > 255 THEN
    RAISE EXCEPTION 'File name "%" is longer than 255 characters', left(p_filename, 100) USING ERRCODE = '23514';
  END IF;
  IF strpos(p_filename, '/') > 0 OR strpos(p_filename, '\') > 0 THEN
    RAISE EXCEPTION 'File name "%" must not contain slashes', p_filename USING ERRCODE = '23514';
  END IF;
  IF strpos(p_filename, '..') > 0 THEN
    RAISE EXCEPTION 'File name "%" must not contain parent-path sequences', p_filename USING ERRCODE = '23514';
  END IF;
  IF p_filename ~ '[\x01-\x1F\x7F]' THEN
    RAISE EXCEPTION 'File name must not contain control characters' USING ERRCODE = '23514';
  END IF;
  v_base := upper(split_part(p_filename, '.', 1));
  IF v_base IN ('CON', 'PRN', 'AUX', 'NUL') OR v_base ~ '^(COM|LPT)[1-9]$' THEN
    RAISE EXCEPTION 'File name "%" is reserved by the system', p_filename USING ERRCODE = '23514';
  END IF;
  v_ext := CASE WHEN strpos(p_filename, '.') > 0 THEN lower(reverse(split_part(reverse(p_filename), '.', 1))) ELSE '' END;
  IF v_ext IN ('exe', 'bat', 'cmd', 'com', 'pif', 'scr', 'vbs', 'js', 'jar', 'msi', 'dll', 'app', 'deb', 'rpm',
               'dmg', 'pkg', 'run', 'sh', 'bash', 'zsh', 'fish', 'ps1', 'psm1', 'psd1', 'php', 'asp', 'aspx',
               'jsp', 'cgi', 'pl', 'py', 'rb') THEN
    RAISE EXCEPTION 'File type "%" is not allowed for security reasons', v_ext USING ERRCODE = '23514';
  END IF;
  IF NOT lower(btrim(split_part(coalesce(p_mime_type, ''), ';', 1))) = ANY (private.attachment_mime_types()) THEN
    RAISE EXCEPTION 'File type "%" is not supported', coalesce(p_mime_type, '') USING ERRCODE = '23514';
  END IF;
  IF p_size IS NULL OR p_size <= 0 THEN
    RAISE EXCEPTION 'File "%" is empty', p_filename USING ERRCODE = '23514';
  END IF;
  IF v_max IS NOT NULL AND p_size > v_max::bigint * 1024 * 1024 THEN
    RAISE EXCEPTION 'File "%" exceeds maximum size of %MB', p_filename, v_max USING ERRCODE = 'P0001',
      DETAIL = format('The %s plan allows files of up to %s MB.', initcap(v_plan), v_max),
      HINT = 'Upgrade the plan for more.';
  END IF;
END
$$;

CREATE FUNCTION private.count_attachments_today(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.task_attachments
  WHERE user_id = p_user_id AND NOT is_marked_deleted
    AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

-- Whole megabytes (rounded up) of a user's live attachments.
CREATE FUNCTION private.attachment_megabytes(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(ceil(sum(file_size) / 1048576.0), 0)::bigint FROM public.task_attachments
  WHERE user_id = p_user_id AND NOT is_marked_deleted
$$;

GRANT EXECUTE ON FUNCTION private.attachment_mime_types(), private.check_attachment_file(uuid, text, text, bigint),
  private.count_attachments_today(uuid), private.attachment_megabytes(uuid)
  TO authenticated, service_role;

CREATE FUNCTION private.task_attachments_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_insert boolean := TG_OP = 'INSERT';
  v_mb     bigint;
BEGIN
  IF v_insert THEN
    IF v_end THEN
      NEW.created_at := now();
      NEW.is_marked_deleted := false;
      IF NOT private.can_access_task(NEW.task_id) THEN
        RAISE EXCEPTION 'Task not found' USING ERRCODE = '23503';
      END IF;
    END IF;
  ELSE
    IF NEW.task_id IS DISTINCT FROM OLD.task_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'An attachment cannot move to another task or owner' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.created_at := OLD.created_at;
      IF OLD.is_marked_deleted AND NOT NEW.is_marked_deleted THEN
        RAISE EXCEPTION 'Attachment not found' USING ERRCODE = 'P0001',
          DETAIL = 'A deleted attachment''s file is gone; upload it again.';
      END IF;
      IF OLD.user_id IS DISTINCT FROM auth.uid()
         AND (NEW.is_marked_deleted IS NOT DISTINCT FROM OLD.is_marked_deleted OR NOT private.can_manage_task(OLD.task_id)) THEN
        RAISE EXCEPTION 'Only the uploader or the task''s owner or admins can change an attachment' USING ERRCODE = '42501';
      END IF;
    END IF;
  END IF;

  IF v_insert OR NEW.filename IS DISTINCT FROM OLD.filename OR NEW.mime_type IS DISTINCT FROM OLD.mime_type
     OR NEW.file_size IS DISTINCT FROM OLD.file_size THEN
    PERFORM private.check_attachment_file(NEW.user_id, NEW.filename, NEW.mime_type, NEW.file_size);
  END IF;
  IF NEW.local_path IS NOT NULL AND (v_insert OR NEW.local_path IS DISTINCT FROM OLD.local_path) AND v_end
     AND NOT starts_with(NEW.local_path, NEW.user_id || '/' || NEW.task_id || '/') THEN
    RAISE EXCEPTION 'Attachment path must be below {userId}/{taskId}/' USING ERRCODE = '23514';
  END IF;

  IF v_insert AND NOT NEW.is_marked_deleted THEN
    PERFORM private.lock_counter('attachments:' || NEW.user_id);
    PERFORM private.assert_within_cap(NEW.user_id, 'attachments_per_day', private.count_attachments_today(NEW.user_id));
    v_mb := ceil(NEW.file_size / 1048576.0)::bigint;
    PERFORM private.assert_within_cap(NEW.user_id, 'storage_total_mb', private.attachment_megabytes(NEW.user_id), v_mb::integer);
  END IF;

  -- The server's change stamp on every write.
  NEW.change_id := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.task_attachments
  FOR EACH ROW EXECUTE FUNCTION private.task_attachments_before_write();

-- Row-level security: by access to the task; no hard deletes.
ALTER TABLE public.task_attachments ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER, DELETE ON public.task_attachments FROM anon, authenticated;

CREATE POLICY "read attachments of reachable tasks" ON public.task_attachments
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id));
CREATE POLICY "attach to reachable tasks" ON public.task_attachments
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()) AND private.can_access_task(task_id));
CREATE POLICY "uploaders and managers change attachments" ON public.task_attachments
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id))
  WITH CHECK (user_id = (SELECT auth.uid()) OR private.can_access_task(task_id));
