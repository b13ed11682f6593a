-- A new object, as the caller: only the INSERT policies decide (there is no
-- RETURNING, which would also demand a SELECT policy, as on the hosted API).
-- A name that exists already fails with 23505 (409 Duplicate).
INSERT INTO storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6, $7, $8)
