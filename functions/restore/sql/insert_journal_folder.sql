INSERT INTO public.journal_folders (id, user_id, name, color, sort_order, created_at)
SELECT $1::uuid, $2::uuid, r.name, coalesce(r.color, '{"icon":"book","color":"blue"}'), coalesce(r.sort_order, 0), coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.journal_folders, $3::jsonb) r
