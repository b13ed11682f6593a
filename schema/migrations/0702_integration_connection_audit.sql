-- Connecting, changing and disconnecting an integration are written to
-- integration_audit_logs too (issue 22: "the audit log of integration
-- actions"), by the server, whoever made the change: the log then answers
-- "when did this webhook start posting, and who turned it off". The
-- actions are connect, update and disconnect; metadata names the settings
-- that changed (never a secret's value: 0520 has already moved token and
-- webhook_url out of config, leaving has_token / has_webhook_url).

CREATE FUNCTION private.integration_connections_audit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_row     public.integration_connections := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  v_changed text[];
BEGIN
  -- A deleted account takes its connections and its log with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM auth.users WHERE id = OLD.user_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO v_changed
    FROM (SELECT k FROM jsonb_object_keys(NEW.config || OLD.config) AS k
          WHERE NEW.config -> k IS DISTINCT FROM OLD.config -> k) c;
    IF NEW.status IS DISTINCT FROM OLD.status THEN
      v_changed := array_append(v_changed, 'status');
    END IF;
    IF cardinality(v_changed) = 0 THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO public.integration_audit_logs (user_id, provider_key, action, target_type, target_id, metadata)
  VALUES (v_row.user_id, v_row.provider_key,
          CASE TG_OP WHEN 'INSERT' THEN 'connect' WHEN 'UPDATE' THEN 'update' ELSE 'disconnect' END,
          'integration', v_row.id::text,
          CASE WHEN TG_OP = 'UPDATE' THEN jsonb_build_object('changed', to_jsonb(v_changed), 'status', NEW.status)
               ELSE jsonb_build_object('status', v_row.status) END);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION private.integration_connections_audit() FROM PUBLIC;

CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON public.integration_connections
  FOR EACH ROW EXECUTE FUNCTION private.integration_connections_audit();
