INSERT INTO public.note_folders (id, user_id, name, color, sort_order, created_at)
SELECT $1::uuid, $2::uuid, $4::text, coalesce(r.color, 'indigo'), coalesce(r.sort_order, 0), coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.note_folders, $3::jsonb) r
