-- Per-user upload rate limits (002 §5 "Upload rate limits"): 5 uploads a
-- minute, 25 an hour and 100 MB a day to the app's buckets. The spec counts
-- per browser session; the server counts per user, in the database, so
-- every daybase instance behind a load balancer sees the same figures.
--
-- One row per upload that got past the request checks, written by the
-- storage server (admin pool) before the bytes are read and given their
-- byte count once they are. Rows older than a day are deleted as the
-- user's next upload is checked. No API role can see or change the table.
CREATE TABLE storage.upload_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL,
  bytes      bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_events_user_time_idx ON storage.upload_events (user_id, created_at);
ALTER TABLE storage.upload_events ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON storage.upload_events FROM anon, authenticated, service_role;

-- The plan that sets a user's per-file limit (000 §9: 10 MB Free, 100 MB Pro
-- and Team). It asks private.user_plan, the plan model of the subscriptions
-- migration, when that function exists and answers 'free' otherwise, so
-- storage works on a schema without billing tables.
CREATE FUNCTION storage.user_plan(p_user_id uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_plan text;
BEGIN
  IF p_user_id IS NULL OR pg_catalog.to_regprocedure('private.user_plan(uuid)') IS NULL THEN
    RETURN 'free';
  END IF;
  EXECUTE 'SELECT private.user_plan($1)' INTO v_plan USING p_user_id;
  RETURN coalesce(v_plan, 'free');
END
$$;
REVOKE ALL ON FUNCTION storage.user_plan(uuid) FROM PUBLIC;
