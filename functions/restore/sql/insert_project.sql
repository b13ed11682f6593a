INSERT INTO public.projects (id, user_id, name, overview, color, icon_name, icon_color, icon_weight, sort_order, is_favorite, created_at)
SELECT $1::uuid, $2::uuid, r.name, r.overview, coalesce(r.color, '#3b82f6'), coalesce(r.icon_name, 'Folder'), r.icon_color,
       coalesce(r.icon_weight, 'duotone'), r.sort_order, coalesce(r.is_favorite, false), coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.projects, $3::jsonb) r
