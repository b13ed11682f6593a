SELECT id::text, name, coalesce(overview, '') FROM public.projects
 WHERE NOT is_deleted AND NOT is_archived AND ($1 = '' OR id::text = $1) ORDER BY sort_order, id
