-- Support requests (spec 000 §4): the "contact support" step of the
-- two-factor recovery dialog, sent by the support-request function. The
-- rows are the support team's queue: row-level security is on and no
-- policy exists, and the API roles hold no privilege, so only the server
-- (service_role) reads or writes them.

CREATE TABLE public.support_requests (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The signed-in caller (an aal1 session is enough: the user is locked
  -- out of the second factor).
  user_id       uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  -- The contact address the user typed; it may differ from the account's.
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  message       text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  topic         text NOT NULL DEFAULT '2fa_recovery' CHECK (topic IN ('2fa_recovery', 'other')),
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'rejected')),
  -- When the mail to the support address went out (null: not sent).
  mailed_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The rate limit counts a user's requests of the last hour.
CREATE INDEX support_requests_user_created_idx ON public.support_requests (user_id, created_at DESC);

ALTER TABLE public.support_requests ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.support_requests FROM anon, authenticated;
GRANT ALL ON public.support_requests TO service_role;
