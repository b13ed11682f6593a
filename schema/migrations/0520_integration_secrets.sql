-- Integration secrets stay on the server (issue 10): the token and the
-- webhook URL a user saves in integration_connections.config are moved, as
-- the row is written, into jobs.integration_secrets, which only the server
-- reads. The row keeps has_token / has_webhook_url flags for the app.
-- Sending "" or null for a secret removes it; leaving it out keeps it.

CREATE TABLE jobs.integration_secrets (
  user_id      uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  provider_key text NOT NULL,
  name         text NOT NULL CHECK (name IN ('token', 'webhook_url')),
  value        text NOT NULL CHECK (length(value) BETWEEN 1 AND 4096),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider_key, name)
);

CREATE FUNCTION jobs.integration_connections_keep_secrets() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_name text;
  v_value text;
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.provider_key IS DISTINCT FROM OLD.provider_key) THEN
    DELETE FROM jobs.integration_secrets WHERE user_id = OLD.user_id AND provider_key = OLD.provider_key;
  END IF;
  FOREACH v_name IN ARRAY ARRAY['token', 'webhook_url'] LOOP
    IF NEW.config ? v_name THEN
      v_value := CASE WHEN jsonb_typeof(NEW.config -> v_name) = 'string' THEN btrim(NEW.config ->> v_name) END;
      IF coalesce(v_value, '') = '' THEN
        DELETE FROM jobs.integration_secrets
        WHERE user_id = NEW.user_id AND provider_key = NEW.provider_key AND name = v_name;
      ELSE
        INSERT INTO jobs.integration_secrets (user_id, provider_key, name, value)
        VALUES (NEW.user_id, NEW.provider_key, v_name, v_value)
        ON CONFLICT (user_id, provider_key, name) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
      END IF;
      NEW.config := NEW.config - v_name;
    END IF;
    NEW.config := jsonb_set(NEW.config, ARRAY['has_' || v_name], to_jsonb(EXISTS (
      SELECT FROM jobs.integration_secrets s
      WHERE s.user_id = NEW.user_id AND s.provider_key = NEW.provider_key AND s.name = v_name)));
  END LOOP;
  RETURN NEW;
END
$$;

CREATE TRIGGER keep_secrets BEFORE INSERT OR UPDATE ON public.integration_connections
  FOR EACH ROW EXECUTE FUNCTION jobs.integration_connections_keep_secrets();

CREATE FUNCTION jobs.integration_connections_drop_secrets() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  DELETE FROM jobs.integration_secrets WHERE user_id = OLD.user_id AND provider_key = OLD.provider_key;
  RETURN NULL;
END
$$;

CREATE TRIGGER drop_secrets AFTER DELETE ON public.integration_connections
  FOR EACH ROW EXECUTE FUNCTION jobs.integration_connections_drop_secrets();

-- Secrets saved before this migration move too.
UPDATE public.integration_connections SET config = config WHERE config ?| ARRAY['token', 'webhook_url'];
REVOKE ALL ON FUNCTION jobs.integration_connections_keep_secrets(), jobs.integration_connections_drop_secrets() FROM PUBLIC;
