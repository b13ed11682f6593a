INSERT INTO public.notes (id, user_id, title, content, folder, pinned, created_at)
SELECT $1::uuid, $2::uuid, coalesce(r.title, ''), coalesce(r.content, ''), nullif(btrim(r.folder), ''), coalesce(r.pinned, false), coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.notes, $3::jsonb) r
