INSERT INTO public.journal_entries (id, user_id, title, content, date, mood, folder, created_at)
SELECT $1::uuid, $2::uuid, coalesce(r.title, ''), coalesce(r.content, ''), coalesce(r.date, current_date), r.mood, $4::uuid, coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.journal_entries, $3::jsonb) r
