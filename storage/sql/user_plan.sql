-- The plan that sets a user's per-file limit (see 0320_storage_upload_limits.sql).
SELECT storage.user_plan($1::uuid)
