-- Storage (/storage/v1): buckets and objects, shaped like the hosted
-- storage API's schema so policies written for it work unchanged.
--
-- The rows are the metadata; the bytes live in the configured backend
-- (local disk or S3) under "{bucket_id}/{shard}/{version}", a key the server
-- picks. Every object request runs its INSERT, SELECT, UPDATE or DELETE on
-- storage.objects as the caller's role, so the policies below (and any an
-- operator adds) decide who may do what; service_role bypasses them.

CREATE TABLE storage.buckets (
  id                 text PRIMARY KEY,
  name               text NOT NULL,
  owner              uuid,          -- deprecated by the hosted API; kept for policies that use it
  owner_id           text,
  public             boolean NOT NULL DEFAULT false,
  file_size_limit    bigint CHECK (file_size_limit IS NULL OR file_size_limit > 0),
  allowed_mime_types text[],
  type               text NOT NULL DEFAULT 'STANDARD' CHECK (type = 'STANDARD'),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  -- Bucket ids are path segments on disk and in URLs (see storage/names.go).
  CONSTRAINT buckets_id_check CHECK (id <> '' AND id NOT IN ('.', '..') AND strpos(id, '/') = 0 AND length(id) <= 100)
);
CREATE UNIQUE INDEX buckets_name_key ON storage.buckets (name);

CREATE TABLE storage.objects (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bucket_id        text NOT NULL REFERENCES storage.buckets (id),
  -- "C" collation: names compare byte-wise, so prefix listing is an index
  -- range scan and sorts the way the hosted API sorts.
  name             text COLLATE "C" NOT NULL,
  owner            uuid,
  owner_id         text,
  -- {eTag, size, mimetype, cacheControl, lastModified, contentLength,
  --  httpStatusCode[, contentEncoding]}, written by the server only.
  metadata         jsonb,
  user_metadata    jsonb,
  -- The stored bytes' version: a fresh UUID per write, part of their key.
  version          text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  last_accessed_at timestamptz NOT NULL DEFAULT now(),
  path_tokens      text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
  CONSTRAINT objects_bucket_id_name_key UNIQUE (bucket_id, name)
);
CREATE INDEX objects_owner_idx ON storage.objects (owner) WHERE owner IS NOT NULL;

CREATE FUNCTION storage.set_updated_at() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON storage.objects
  FOR EACH ROW EXECUTE FUNCTION storage.set_updated_at();

-- Path helpers for policies, as on the hosted backend:
--   storage.foldername('a/b/c.png') = {a,b}
--   storage.filename('a/b/c.png')   = 'c.png'
--   storage.extension('a/b/c.png')  = 'png'   ('' when there is no dot)
CREATE FUNCTION storage.foldername(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT t[1:pg_catalog.array_length(t, 1) - 1]
  FROM (SELECT pg_catalog.string_to_array(name, '/') AS t) s
$$;

CREATE FUNCTION storage.filename(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT t[pg_catalog.array_length(t, 1)]
  FROM (SELECT pg_catalog.string_to_array(name, '/') AS t) s
$$;

CREATE FUNCTION storage.extension(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN pg_catalog.strpos(f, '.') > 0
              THEN pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(f), '.', 1))
              ELSE '' END
  FROM (SELECT storage.filename(name) AS f) s
$$;

GRANT EXECUTE ON FUNCTION storage.foldername(text), storage.filename(text), storage.extension(text)
  TO anon, authenticated, service_role;

-- As on the hosted platform the API roles hold the table privileges and
-- row-level security decides which rows. With no policy for a role, RLS
-- allows nothing: buckets are therefore managed by service_role only.
ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON storage.buckets, storage.objects
  TO anon, authenticated, service_role;
