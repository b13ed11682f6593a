INSERT INTO public.notifications (type, title, message, to_user_id, from_user_id, entity_id, entity_type, is_read, metadata)
SELECT ty, ti, me, u, NULL, e, 'task', false, md::jsonb
FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::text[]) AS n(ty, ti, me, u, e, md)
