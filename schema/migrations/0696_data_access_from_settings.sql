-- The data-access check of 0620 without parsing the claims' JSON (issue 25
-- §1: a task read by id spent most of its database time here).
--
-- Every policy of every table runs auth.data_access_allowed() once per
-- statement, and most run auth.uid(). Both parsed request.jwt.claims as
-- jsonb (~10 µs each time, and auth.uid() runs once per policy that names
-- it), and the check was a SECURITY DEFINER PL/pgSQL function with its own
-- search_path, whose call and two look-ups cost ~90 µs a transaction.
--
-- Now the gateway also sets daybase.sub, daybase.session_id and daybase.aal
-- ("" when the token has no such claim) and daybase.claims_split = 'on'
-- (internal/asrole, with the other request settings); auth.uid() and the
-- check read those when daybase.claims_split is on. The check is a view:
-- it reads auth.sessions and auth.mfa_factors with its owner's rights, so
-- callers need no access to those tables, and the function the policies
-- call is a plain PL/pgSQL wrapper whose one query keeps its plan for the
-- connection's life. Work that sets only request.jwt.claims (psql
-- sessions, tests written for the hosted service) reads the JSON as
-- before. The settings are transaction-local like the claims; code that
-- changes request.jwt.claims inside a request's transaction should clear
-- daybase.claims_split too. The rule itself is 0620's, unchanged;
-- schema/datamodel2/mfa_test.go checks that both paths agree.

CREATE VIEW auth.data_access WITH (security_barrier) AS
SELECT CASE
         WHEN c.sid IS NULL THEN true
         WHEN c.sid !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN false
         -- A token of an ended session (signed out, reuse detected, timeboxed).
         ELSE EXISTS (SELECT 1 FROM auth.sessions s
                       WHERE s.id = c.sid::uuid AND (s.not_after IS NULL OR s.not_after > now()))
       END
       AND (c.aal IS NOT DISTINCT FROM 'aal2'
            OR NOT EXISTS (SELECT 1 FROM auth.mfa_factors f WHERE f.user_id = auth.uid() AND f.status = 'verified'))
       AS allowed
  FROM (SELECT CASE WHEN current_setting('daybase.claims_split', true) = 'on'
                    THEN nullif(current_setting('daybase.session_id', true), '')
                    ELSE nullif(auth.jwt() ->> 'session_id', '') END AS sid,
               CASE WHEN current_setting('daybase.claims_split', true) = 'on'
                    THEN nullif(current_setting('daybase.aal', true), '')
                    ELSE auth.jwt() ->> 'aal' END AS aal) c;
COMMENT ON VIEW auth.data_access IS
  'Whether the caller''s session may reach data: not ended, and at aal2 when the user has a verified factor (0620, 0696).';
-- It says only whether the caller's own session may read data.
GRANT SELECT ON auth.data_access TO PUBLIC;

CREATE OR REPLACE FUNCTION auth.uid() RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT nullif(coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    CASE WHEN current_setting('daybase.claims_split', true) = 'on'
         THEN current_setting('daybase.sub', true)
         ELSE auth.jwt() ->> 'sub' END
  ), '')::uuid
$$;

-- Not SECURITY DEFINER (the view carries the rights) and no SET clause,
-- whose save and restore of settings cost as much as the look-ups.
CREATE OR REPLACE FUNCTION auth.data_access_allowed() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT d.allowed FROM auth.data_access d);
END
$$;
