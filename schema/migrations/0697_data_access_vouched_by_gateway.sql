-- The gateway's word for the data-access check (issue 25 §1: a task read
-- by id still spent a fifth of its database time in the check of 0620).
--
-- Every statement's restrictive policy runs auth.data_access_allowed(),
-- which looks up the caller's session and factors each time. The gateway
-- now keeps that answer per session (internal/dataaccess) and, when it
-- holds a fresh "allowed", sets daybase.data_access = 'on' beside the
-- other caller settings (internal/asrole); the check then answers at once.
-- Without it (psql, tests, realtime's checks, a cold or doubtful cache)
-- the look-ups run as before. The setting is trusted as daybase.sub and
-- request.jwt.claims already are: only the server's own code sets them.
--
-- The cache learns of changes through the notifications below: a session
-- ended or removed, a factor added, verified or removed, for any user,
-- from any instance or psql, is sent on daybase_data_access with the
-- user's id, and the gateway forgets that user's sessions.

CREATE OR REPLACE FUNCTION auth.data_access_allowed() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF current_setting('daybase.data_access', true) = 'on'
     AND current_setting('daybase.claims_split', true) = 'on' THEN
    RETURN true;
  END IF;
  RETURN (SELECT d.allowed FROM auth.data_access d);
END
$$;

CREATE FUNCTION private.notify_data_access_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('daybase_data_access', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('daybase_data_access', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION private.notify_data_access_change() IS
  'Tells the gateway''s data-access cache that a user''s sessions or factors changed (0697).';

CREATE TRIGGER notify_data_access_change AFTER UPDATE OF not_after, user_id OR DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION private.notify_data_access_change();
CREATE TRIGGER notify_data_access_change AFTER INSERT OR UPDATE OR DELETE ON auth.mfa_factors
  FOR EACH ROW EXECUTE FUNCTION private.notify_data_access_change();
