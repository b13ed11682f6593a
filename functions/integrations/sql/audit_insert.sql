INSERT INTO public.integration_audit_logs (user_id, provider_key, action, target_type, target_id, metadata, request_id)
VALUES (auth.uid(), $1, $2, nullif($3, ''), nullif($4, ''), $5::jsonb, nullif($6, ''))
