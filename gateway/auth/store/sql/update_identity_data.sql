UPDATE auth.identities SET identity_data = $3, updated_at = now() WHERE provider = $1 AND provider_id = $2
