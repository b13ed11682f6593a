-- Accounts, modelled on GoTrue's auth schema so SQL written for the hosted
-- backend (policies joining auth.users, triggers on auth.users) works.

CREATE TABLE auth.users (
  instance_id                 uuid,
  id                          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  aud                         text NOT NULL DEFAULT 'authenticated',
  role                        text NOT NULL DEFAULT 'authenticated',
  email                       text,
  encrypted_password          text,
  email_confirmed_at          timestamptz,
  invited_at                  timestamptz,
  confirmation_token          text,
  confirmation_sent_at        timestamptz,
  recovery_token              text,
  recovery_sent_at            timestamptz,
  email_change_token_new      text,
  email_change                text,
  email_change_sent_at        timestamptz,
  email_change_token_current  text,
  email_change_confirm_status smallint NOT NULL DEFAULT 0,
  reauthentication_token      text,
  reauthentication_sent_at    timestamptz,
  last_sign_in_at             timestamptz,
  raw_app_meta_data           jsonb NOT NULL DEFAULT '{}',
  raw_user_meta_data          jsonb NOT NULL DEFAULT '{}',
  is_super_admin              boolean,
  phone                       text,
  phone_confirmed_at          timestamptz,
  confirmed_at                timestamptz GENERATED ALWAYS AS (least(email_confirmed_at, phone_confirmed_at)) STORED,
  banned_until                timestamptz,
  is_sso_user                 boolean NOT NULL DEFAULT false,
  is_anonymous                boolean NOT NULL DEFAULT false,
  deleted_at                  timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON auth.users (lower(email)) WHERE email IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX users_phone_key ON auth.users (phone) WHERE phone IS NOT NULL AND phone <> '';
CREATE INDEX users_confirmation_token_idx ON auth.users (confirmation_token) WHERE confirmation_token IS NOT NULL;
CREATE INDEX users_recovery_token_idx ON auth.users (recovery_token) WHERE recovery_token IS NOT NULL;

CREATE TABLE auth.identities (
  id              uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  provider_id     text NOT NULL,
  user_id         uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  identity_data   jsonb NOT NULL DEFAULT '{}',
  provider        text NOT NULL,
  email           text GENERATED ALWAYS AS (lower(identity_data ->> 'email')) STORED,
  last_sign_in_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, provider)
);
CREATE INDEX identities_user_id_idx ON auth.identities (user_id);
CREATE INDEX identities_email_idx ON auth.identities (email);

CREATE TABLE auth.sessions (
  id           uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  aal          text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2', 'aal3')),
  factor_id    uuid,
  not_after    timestamptz,
  refreshed_at timestamptz,
  user_agent   text,
  ip           inet,
  tag          text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON auth.sessions (user_id, created_at);

CREATE TABLE auth.refresh_tokens (
  id          bigserial PRIMARY KEY,
  token       text NOT NULL UNIQUE,
  user_id     uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  session_id  uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  parent      text,
  revoked     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON auth.refresh_tokens (session_id, revoked);
CREATE INDEX refresh_tokens_parent_idx ON auth.refresh_tokens (parent);

CREATE TABLE auth.mfa_factors (
  id            uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type   text NOT NULL CHECK (factor_type IN ('totp', 'phone', 'webauthn')),
  status        text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  secret        text,
  phone         text,
  last_challenged_at timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mfa_factors_user_friendly_name_key ON auth.mfa_factors (user_id, friendly_name)
  WHERE friendly_name IS NOT NULL AND friendly_name <> '';
CREATE INDEX mfa_factors_user_id_idx ON auth.mfa_factors (user_id);

CREATE TABLE auth.mfa_challenges (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  factor_id   uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  ip_address  inet,
  created_at  timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);
CREATE INDEX mfa_challenges_factor_idx ON auth.mfa_challenges (factor_id, created_at);

CREATE TABLE auth.mfa_amr_claims (
  id                    uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  session_id            uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  authentication_method text NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, authentication_method)
);

-- Codes already used per factor, so a TOTP code cannot be replayed within
-- its validity window.
CREATE TABLE auth.mfa_used_codes (
  factor_id  uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  time_step  bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factor_id, time_step)
);

CREATE TABLE auth.audit_log_entries (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  payload     jsonb NOT NULL DEFAULT '{}',
  ip_address  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entries_created_idx ON auth.audit_log_entries (created_at);

CREATE TABLE auth.flow_state (
  id                     uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id                uuid REFERENCES auth.users (id) ON DELETE CASCADE,
  auth_code              text NOT NULL UNIQUE,
  code_challenge_method  text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  code_challenge         text NOT NULL,
  provider_type          text NOT NULL,
  provider_access_token  text,
  provider_refresh_token text,
  authentication_method  text NOT NULL,
  auth_code_issued_at    timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- One-time tokens for confirmation, recovery, magic links and e-mail change.
CREATE TABLE auth.one_time_tokens (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  token_type  text NOT NULL,
  token_hash  text NOT NULL,
  relates_to  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, token_type)
);
CREATE INDEX one_time_tokens_hash_idx ON auth.one_time_tokens (token_hash);

-- The dev outbox: mail kept in the database when no SMTP server is set.
CREATE TABLE auth.outbox (
  id         bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  kind       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Nothing in auth is readable by API roles except through the functions
-- above; the auth service connects as a superuser-capable role.
REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM anon, authenticated;
GRANT SELECT ON auth.users TO service_role;
