-- Wrong guesses of an e-mailed code count against the address it was sent
-- to (issue 17, finding 8). The per-IP limit of /verify alone let an
-- attacker with many addresses (or a botnet) guess one account's six-digit
-- code; now each wrong code for an address bumps failed_attempts on that
-- address's outstanding codes, and at the limit (DAYBASE_AUTH_OTP_MAX_FAILURES,
-- default 5) gateway/auth deletes them: the code stops working and a new one
-- must be requested (which the per-recipient mail limit paces). A new code
-- starts again at zero.
ALTER TABLE auth.one_time_tokens ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
CREATE INDEX one_time_tokens_relates_to_idx ON auth.one_time_tokens (relates_to) WHERE relates_to <> '';
