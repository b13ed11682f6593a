-- Passkeys (issue 24): WebAuthn credentials that sign a user in, and the
-- single-use ceremonies that create and use them. Only the auth service
-- reads these tables; no API role is granted anything on them.

CREATE TABLE auth.webauthn_credentials (
  id            uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  -- The authenticator's credential id, as it presents it in assertions.
  credential_id bytea NOT NULL UNIQUE,
  -- go-webauthn's Credential (public key, sign count, flags, transports).
  credential    jsonb NOT NULL,
  friendly_name text CHECK (char_length(friendly_name) <= 120),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX webauthn_credentials_user_idx ON auth.webauthn_credentials (user_id, created_at);

-- A ceremony in progress. Verifying deletes its row first, so a challenge
-- answers once; rows past expires_at are refused and pruned.
CREATE TABLE auth.webauthn_challenges (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid REFERENCES auth.users (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('registration', 'authentication')),
  session_data jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  CHECK (kind = 'authentication' OR user_id IS NOT NULL)
);
CREATE INDEX webauthn_challenges_expires_idx ON auth.webauthn_challenges (expires_at);
