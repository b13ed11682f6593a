UPDATE public.support_requests SET mailed_at = now() WHERE id = $1
