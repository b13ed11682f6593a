-- The defaults that SQL written for the hosted backend relies on (issue 25
-- §2). A seed made for a hosted project calls crypt('...', gen_salt('bf'))
-- and uuid_generate_v4() without a schema: there pgcrypto and uuid-ossp sit
-- in the schema extensions, and extensions is on the search path of the
-- roles that run SQL (supabase/postgres init-scripts 00000000000003:
-- ALTER ROLE postgres SET search_path TO "$user", public, extensions).
--
-- Here the setting belongs to the database rather than to one role, so it
-- holds for whoever runs SQL in it: the console (`daybase sql`, the app's
-- admin page), the superuser of an external DATABASE_URL, and the roles the
-- services log in as. /rest/v1 still sets its own per request (the exposed
-- schema, then public, extensions), as PostgREST does.
--
-- pg_trgm joins pgcrypto and uuid-ossp (0001) in extensions, so similarity()
-- and gin_trgm_ops resolve the same way; a seed's
-- `create extension if not exists pg_trgm` is then a no-op, as it is on a
-- hosted project that has it.

DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET search_path TO "$user", public, extensions', current_database());
END
$$;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;
