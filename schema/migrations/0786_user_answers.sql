-- Each user's answer kept by the database (issue 24, branch w/i24k).
--
-- Every token refresh answered with the user: 26 columns of auth.users and
-- the identities and factors as two sub-selects (~110,000 of the
-- statement's ~740,000 PostgreSQL instructions, w/i24j), which Go scanned,
-- decoded and encoded again. auth.user_answers keeps, per user, the bytes
-- Go made of them the last time (the user object of the answer and what
-- the access token's claims take from the user, in Go's own framing:
-- gateway/auth/wire.Answer), so a refresh reads one value by key.
--
-- The bytes are Go's, not built here: the answer must stay byte for byte
-- what encoding/json makes of the user (float formatting of metadata
-- numbers, map keys in byte order, HTML-escaped strings, RFC 3339 times),
-- which PostgreSQL's json output is not.
--
-- Kept exact by triggers in the same transaction as what it mirrors: any
-- insert, update or delete of the user's row, an identity or a factor
-- bumps version and clears answer. Go fills answer only at the version it
-- read the user at (UPDATE ... WHERE version = $2): an update committed in
-- between, or still running, bumps the version first, so a stale answer is
-- never stored. Every user has its row (the insert trigger; deleting the
-- user deletes it).

CREATE TABLE auth.user_answers (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0,
  answer  bytea
);
COMMENT ON TABLE auth.user_answers IS
  'Per user: the token answer''s user part as the auth service last encoded it (NULL: changed since); kept by triggers on auth.users, auth.identities, auth.mfa_factors.';
REVOKE ALL ON auth.user_answers FROM PUBLIC;

INSERT INTO auth.user_answers (user_id) SELECT id FROM auth.users;

CREATE FUNCTION auth.user_answer_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auth.user_answers (user_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;

-- For auth.users the user is the row itself; for identities and factors
-- the old and the new owner (an UPDATE may move a row between users; on
-- INSERT OLD is NULL, on DELETE NEW is).
CREATE FUNCTION auth.user_answer_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE auth.user_answers SET version = version + 1, answer = NULL WHERE user_id = NEW.id;
  ELSE
    UPDATE auth.user_answers SET version = version + 1, answer = NULL
     WHERE user_id = OLD.user_id OR user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_answer_row AFTER INSERT ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.user_answer_row();
CREATE TRIGGER user_answer_stale AFTER UPDATE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();
CREATE TRIGGER user_answer_stale AFTER INSERT OR UPDATE OR DELETE ON auth.identities
  FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();
CREATE TRIGGER user_answer_stale AFTER INSERT OR UPDATE OR DELETE ON auth.mfa_factors
  FOR EACH ROW EXECUTE FUNCTION auth.user_answer_stale();

-- A TRUNCATE fires no row triggers: it clears every answer.
CREATE FUNCTION auth.user_answers_all_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth.user_answers SET version = version + 1, answer = NULL WHERE answer IS NOT NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_answers_all_stale AFTER TRUNCATE ON auth.identities
  FOR EACH STATEMENT EXECUTE FUNCTION auth.user_answers_all_stale();
CREATE TRIGGER user_answers_all_stale AFTER TRUNCATE ON auth.mfa_factors
  FOR EACH STATEMENT EXECUTE FUNCTION auth.user_answers_all_stale();
