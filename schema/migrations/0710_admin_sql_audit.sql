-- The audit log of the admin SQL console (issue 22): one row per statement
-- an admin sends to the admin-sql function (functions/adminsql), with who
-- and when. Not in the spec; decided in docs/decisions.md, "The admin SQL
-- console".
--
-- The function writes the rows as the database owner, in transactions of
-- their own: all statements of a run before the first one executes
-- (status 'running'), then each outcome. So a statement that fails, times
-- out, is rolled back or never returns (a crash) is still on record, and a
-- run whose audit rows cannot be written does not run at all.
--
-- Row-level security is on with no policy; anon and authenticated hold no
-- privilege, service_role may only read (the operator's key, through
-- /rest/v1), so the API side can neither hide nor alter an entry. Admins
-- run SQL as the owner and could; every run is also in the server's log.

CREATE TABLE public.admin_sql_audit (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One call of the function; its statements share it.
  run_id          uuid NOT NULL,
  -- 1-based position of the statement in the run.
  statement_index int NOT NULL CHECK (statement_index >= 1),
  -- The admin. No foreign key: the record outlives the account.
  user_id         uuid NOT NULL,
  email           text NOT NULL,
  statement       text NOT NULL,
  read_only       boolean NOT NULL,
  -- running: written before it ran; ok / error: its outcome; not_run: an
  -- earlier statement of the run failed.
  status          text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ok', 'error', 'not_run')),
  -- Whether the run's transaction committed (read-only runs never write).
  committed       boolean NOT NULL DEFAULT false,
  command         text,       -- the command tag, e.g. "SELECT 3"
  row_count       bigint,
  error_code      text,       -- SQLSTATE
  error_message   text,
  started_at      timestamptz NOT NULL DEFAULT now(),
  duration_ms     double precision,
  UNIQUE (run_id, statement_index)
);

CREATE INDEX admin_sql_audit_started_idx ON public.admin_sql_audit (started_at DESC);
CREATE INDEX admin_sql_audit_user_idx ON public.admin_sql_audit (user_id, started_at DESC);

ALTER TABLE public.admin_sql_audit ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.admin_sql_audit FROM anon, authenticated, service_role;
GRANT SELECT ON public.admin_sql_audit TO service_role;
