-- The gateway's word for the data-access check, read without a PL/pgSQL
-- call (issue 25 §1, part g: a task read by id).
--
-- Every table's restrictive policy runs (SELECT auth.data_access_allowed())
-- once per statement. Since 0697 the gateway vouches for a warm session
-- with daybase.data_access = 'on', and the answer is then known from two
-- settings; but the check was PL/pgSQL, so each statement still paid a
-- PL/pgSQL call (~5% of PostgreSQL's time of a read by id). As a one-
-- expression SQL function it is inlined into the policy: the two settings
-- are compared in place, and only when they do not vouch is the look-up
-- of 0696 called, unchanged, now auth.data_access_looked_up().
--
-- The answer is the same in every case: true when vouched; otherwise the
-- look-up's (false or true; coalesce keeps an unset setting from turning
-- a refusal into NULL, which `IF NOT ...` would let through).

CREATE FUNCTION auth.data_access_looked_up() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT d.allowed FROM auth.data_access d);
END
$$;
COMMENT ON FUNCTION auth.data_access_looked_up() IS
  'Whether the caller''s session may reach data, looked up in auth.data_access (0620, 0696); auth.data_access_allowed() calls it when the gateway does not vouch (0766).';
REVOKE ALL ON FUNCTION auth.data_access_looked_up() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.data_access_looked_up() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION auth.data_access_allowed() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('daybase.data_access', true) = 'on'
                  AND current_setting('daybase.claims_split', true) = 'on', false)
         OR auth.data_access_looked_up()
$$;
