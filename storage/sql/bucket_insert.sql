-- createBucket, as the caller: without a policy only service_role may.
INSERT INTO storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
VALUES ($1, $2, $3::uuid, $4, $5, $6, $7)
