SELECT name, value FROM jobs.integration_secrets WHERE user_id = $1 AND provider_key = $2
