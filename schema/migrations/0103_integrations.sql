-- Integrations (000 §3, §7): one connection per provider and user (chat
-- webhook, code-hosting issues) and an append-only audit trail of what
-- they did (e.g. action notify_task_created after a task is created).

CREATE TABLE public.integration_connections (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  provider_key text NOT NULL CHECK (provider_key ~ '^[a-z0-9_-]{1,50}$'),
  status       text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'disconnected', 'error')),
  -- token, default_repo, webhook_url, channel: secrets readable by their
  -- owner only (the app calls the providers itself).
  config       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(config) = 'object'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, provider_key)
);

CREATE TABLE public.integration_audit_logs (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  provider_key text NOT NULL CHECK (length(provider_key) BETWEEN 1 AND 50),
  action       text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  target_type  text CHECK (length(target_type) <= 100),
  target_id    text CHECK (length(target_id) <= 200),
  metadata     jsonb NOT NULL DEFAULT '{}',
  request_id   text CHECK (length(request_id) <= 200),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integration_audit_logs_user_idx ON public.integration_audit_logs (user_id, created_at DESC);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.integration_connections
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

ALTER TABLE public.integration_connections ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.integration_audit_logs ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.integration_connections, public.integration_audit_logs
  FROM anon, authenticated;
-- An audit trail is appended to, never rewritten.
REVOKE UPDATE, DELETE ON public.integration_audit_logs FROM anon, authenticated;

CREATE POLICY "own connections" ON public.integration_connections
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));

CREATE POLICY "read own audit log" ON public.integration_audit_logs
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY "append own audit log" ON public.integration_audit_logs
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
