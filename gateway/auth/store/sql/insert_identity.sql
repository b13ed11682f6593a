INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
VALUES ($1, $2, $3, $4, NULL)
