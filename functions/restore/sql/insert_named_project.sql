INSERT INTO public.projects (id, user_id, name)
SELECT $1::uuid, $2::uuid, $4::text FROM jsonb_typeof($3::jsonb)
