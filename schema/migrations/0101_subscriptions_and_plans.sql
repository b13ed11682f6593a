-- Subscriptions (000 §3, §4 "Plan") and the functions that turn them into
-- a plan and enforce the plan's caps.
--
-- Only the billing side (service_role: checkout webhooks, the SQL console)
-- writes subscriptions; a user can read their own and nothing more, or
-- anyone could make themselves Pro.

CREATE TABLE public.user_subscriptions (
  id                    uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id               uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  status                text NOT NULL CHECK (status IN (
                          'active', 'trialing', 'past_due', 'canceled', 'incomplete',
                          'incomplete_expired', 'unpaid', 'paused')),
  plan_id               text NOT NULL,
  price_id              text,
  customer_id           text,
  subscription_id       text UNIQUE,
  current_period_start  timestamptz,
  current_period_end    timestamptz,
  cancel_at_period_end  boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_subscriptions_user_idx ON public.user_subscriptions (user_id, status);

-- team_id points at the teams of spec 002 (migrations 0200+, which add the
-- foreign key and a SELECT policy for team members).
CREATE TABLE public.team_subscriptions (
  id                    uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  team_id               uuid NOT NULL,
  status                text NOT NULL CHECK (status IN (
                          'active', 'trialing', 'past_due', 'canceled', 'incomplete',
                          'incomplete_expired', 'unpaid', 'paused')),
  plan_id               text NOT NULL,
  price_id              text,
  customer_id           text,
  subscription_id       text UNIQUE,
  seats                 integer NOT NULL DEFAULT 5 CHECK (seats >= 1),
  current_period_start  timestamptz,
  current_period_end    timestamptz,
  cancel_at_period_end  boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_subscriptions_team_idx ON public.team_subscriptions (team_id, status);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_subscriptions
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_subscriptions
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

ALTER TABLE public.user_subscriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.team_subscriptions ENABLE ROW LEVEL SECURITY;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER
  ON public.user_subscriptions, public.team_subscriptions FROM anon, authenticated;

CREATE POLICY "read own subscriptions" ON public.user_subscriptions
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));

-- The plan of a user (000 §4): team when an active, trialing or past_due
-- subscription's plan_id contains "team"; pro for any other such
-- subscription unless its plan_id says "free"; free otherwise.
CREATE FUNCTION private.user_plan(p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE
           WHEN bool_or(s.plan_id ILIKE '%team%') THEN 'team'
           WHEN bool_or(s.plan_id NOT ILIKE '%free%') THEN 'pro'
           ELSE 'free'
         END
  FROM public.user_subscriptions s
  WHERE s.user_id = p_user_id
    AND s.status IN ('active', 'trialing', 'past_due')
$$;

-- The cap of a plan, NULL when unlimited.
CREATE FUNCTION private.plan_limit(p_plan text, p_limit_key text) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT l.max_value FROM private.plan_limits l
  WHERE l.plan = p_plan AND l.limit_key = p_limit_key
$$;

-- Serialises the cap checks of one counter (a user's tasks, a project's
-- members...) until the transaction ends, so two concurrent inserts cannot
-- both see "one below the cap".
CREATE FUNCTION private.lock_counter(p_key text) RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('daybase.cap:' || p_key, 0))
$$;

-- Raises the cap's message (SQLSTATE P0001, so the REST layer answers 400
-- with it) when p_current + p_adding would pass the cap of p_user_id's plan.
CREATE FUNCTION private.assert_within_cap(p_user_id uuid, p_limit_key text, p_current bigint, p_adding integer DEFAULT 1)
RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_plan  text := private.user_plan(p_user_id);
  v_limit integer := private.plan_limit(v_plan, p_limit_key);
  v_msg   private.plan_limit_messages;
BEGIN
  IF v_limit IS NULL OR p_current + p_adding <= v_limit THEN
    RETURN;
  END IF;
  SELECT * INTO v_msg FROM private.plan_limit_messages m WHERE m.limit_key = p_limit_key;
  RAISE EXCEPTION USING
    ERRCODE = 'P0001',
    MESSAGE = format(v_msg.message, initcap(v_plan)),
    DETAIL  = format('This would make %s %s; the %s plan allows %s.', p_current + p_adding, v_msg.noun, initcap(v_plan), v_limit),
    HINT    = 'Upgrade the plan for more.';
END
$$;

GRANT EXECUTE ON FUNCTION private.is_end_user(), private.set_updated_at(), private.is_json(text),
  private.is_valid_email(text), private.user_plan(uuid), private.plan_limit(text, text),
  private.lock_counter(text), private.assert_within_cap(uuid, text, bigint, integer)
  TO anon, authenticated, service_role;
