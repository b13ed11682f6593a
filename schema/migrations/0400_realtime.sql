-- Realtime: the publication postgres_changes stream from, the
-- realtime.messages table whose RLS policies authorise private channels as
-- on the hosted service, realtime.topic(), and the unlogged table through
-- which daybase instances pass payloads too big for NOTIFY.

-- The data-model migration 0112 creates the publication and adds the app's
-- tables; this one only makes sure it exists, so the realtime service also
-- works on a schema without those tables. Both are idempotent.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_publication WHERE pubname = 'supabase_realtime') THEN
    CREATE PUBLICATION supabase_realtime;
  END IF;
END
$$;

-- One row per message, shaped like the hosted realtime.messages. Daybase
-- never stores broadcasts here: the table exists for its policies. When a
-- client joins a private channel, the service evaluates the SELECT
-- policies (may read broadcast / presence) and INSERT policies (may send)
-- against the row (topic, extension) as the client's role and claims, with
-- realtime.topic() returning the channel's topic. No policy means no
-- access, as on the hosted service.
CREATE TABLE IF NOT EXISTS realtime.messages (
  id          uuid        NOT NULL DEFAULT extensions.gen_random_uuid(),
  topic       text        NOT NULL,
  extension   text        NOT NULL,
  payload     jsonb,
  event       text,
  private     boolean     DEFAULT false,
  updated_at  timestamp   NOT NULL DEFAULT now(),
  inserted_at timestamp   NOT NULL DEFAULT now(),
  PRIMARY KEY (id)
);
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON realtime.messages TO anon, authenticated;
GRANT ALL ON realtime.messages TO service_role;

-- The topic (without the "realtime:" prefix) being authorised, for
-- policies such as USING (realtime.topic() = 'room:' || auth.uid()).
CREATE OR REPLACE FUNCTION realtime.topic() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('realtime.topic', true), '')
$$;
GRANT EXECUTE ON FUNCTION realtime.topic() TO anon, authenticated, service_role;

-- NOTIFY payloads are limited to 8000 bytes. A bigger message between
-- instances is stored here and the notification carries only its id.
-- Unlogged: a crash may lose rows, which only matters for messages in
-- flight at that moment; rows older than a few minutes are deleted.
CREATE UNLOGGED TABLE IF NOT EXISTS realtime.bus_spill (
  id         bigserial   PRIMARY KEY,
  payload    text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON realtime.bus_spill FROM PUBLIC, anon, authenticated, service_role;
