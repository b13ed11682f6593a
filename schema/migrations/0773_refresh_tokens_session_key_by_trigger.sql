-- A refresh token's session without a foreign key (issue 24, branch w/i24h).
--
-- Every token refresh inserts the child token, and the foreign key
-- refresh_tokens.session_id → auth.sessions ran its referential check on
-- each insert: one more query (SELECT ... FOR KEY SHARE on the session)
-- and an after-trigger event, about 4 % of PostgreSQL's CPU per refresh
-- in BenchmarkRefresh (perf, 2026-11-27). The check never finds anything
-- wrong: auth.refresh_token_grant inserts only after its UPDATE of the
-- session row found it (the row lock is held to commit, so the session
-- cannot be deleted in between), and sign-in inserts the session and its
-- first token in one transaction. 0550 dropped refresh_tokens.user_id's
-- key for the same reason.
--
-- What the key did besides, ON DELETE CASCADE, a statement trigger on
-- auth.sessions does: every way sessions go (sign-out, deleting a user,
-- which cascades to its sessions, admin paths, psql) deletes their tokens
-- in the same statement, as owner, as the cascade did.

ALTER TABLE auth.refresh_tokens DROP CONSTRAINT refresh_tokens_session_id_fkey;

CREATE FUNCTION auth.delete_sessions_refresh_tokens() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  DELETE FROM auth.refresh_tokens rt USING gone g WHERE rt.session_id = g.id;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION auth.delete_sessions_refresh_tokens() FROM PUBLIC;

CREATE TRIGGER delete_refresh_tokens AFTER DELETE ON auth.sessions
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION auth.delete_sessions_refresh_tokens();
