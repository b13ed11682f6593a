-- Billing state of the functions (issue 10): checkout and portal sessions
-- of the built-in local provider (used when Stripe is not configured) and
-- the Stripe webhook events already applied (Stripe delivers at least once).

CREATE TABLE jobs.billing_sessions (
  -- The unguessable token in the page URL; it is the page's only credential.
  id            text PRIMARY KEY CHECK (length(id) >= 32),
  kind          text NOT NULL CHECK (kind IN ('checkout', 'portal')),
  user_id       uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  team_id       uuid,
  -- checkout: the price name (pro_monthly, pro_annual, team_monthly, team_annual).
  price         text,
  seats         integer CHECK (seats BETWEEN 1 AND 1000),
  customer_email text,
  success_url   text,
  cancel_url    text,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'canceled')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL DEFAULT now() + interval '1 day'
);

CREATE TABLE jobs.stripe_events (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
