-- auth.sessions.aal checked by a domain instead of a table CHECK (issue 24,
-- branch w/i24i).
--
-- PostgreSQL evaluates every CHECK constraint of a table on every UPDATE of
-- a row, whichever columns change, and builds the constraint's expression
-- from its stored text again for every statement: each token refresh,
-- which only stamps refreshed_at/updated_at, paid ~32,000 instructions
-- (callgrind, ~4 % of PostgreSQL's work per refresh) to re-check aal. A
-- domain's check runs where a value is written to the column (INSERT, or
-- an UPDATE that sets aal), so the allowed values are enforced exactly as
-- before and an UPDATE of other columns skips it. The column stays text to
-- every reader (the domain is over text).

CREATE DOMAIN auth.aal_level AS text
  CONSTRAINT aal_level_check CHECK (VALUE IN ('aal1', 'aal2', 'aal3'));

ALTER TABLE auth.sessions DROP CONSTRAINT sessions_aal_check;
ALTER TABLE auth.sessions ALTER COLUMN aal TYPE auth.aal_level;
