SELECT config FROM public.integration_connections
WHERE user_id = $1 AND provider_key = $2 AND status = 'connected'
