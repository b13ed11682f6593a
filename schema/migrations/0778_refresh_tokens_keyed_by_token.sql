-- auth.refresh_tokens keyed by its token, one index fewer per refresh
-- (issue 24, branch w/i24j).
--
-- Every token refresh inserts the child token into each index of the
-- table: three (the primary key on id, the unique token, session_id + id).
-- No statement finds a token by id: the refresh grant reads and locks by
-- token (refresh_tokens_token_key), the reuse path and sign-out by session
-- (refresh_tokens_session_id_idx, whose id column orders a session's
-- tokens), and nothing refers to the table. The index on id only cost an
-- insertion per refresh: ~14,000 instructions, 1.8 % of PostgreSQL's work
-- for the statement (callgrind, postgres --single), and its WAL record.
--
-- The token, unique and NOT NULL already, becomes the primary key (its
-- unique constraint's index is replaced by the key's, so the table keeps
-- one index on token). id and its sequence stay: they order the tokens of
-- a session and remain what GoTrue's schema shows.

ALTER TABLE auth.refresh_tokens DROP CONSTRAINT refresh_tokens_pkey;
ALTER TABLE auth.refresh_tokens DROP CONSTRAINT refresh_tokens_token_key,
  ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token);
