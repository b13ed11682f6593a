-- A user who sets a first password (OAuth or OTP users) gains an email
-- identity, so the password sign-in shows in identities.
INSERT INTO auth.identities (provider_id, user_id, identity_data, provider)
SELECT $1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true,
       'phone_verified', false), 'email'
ON CONFLICT (provider_id, provider) DO NOTHING
