SELECT EXISTS (SELECT FROM public.teams WHERE id = $1::uuid),
  (SELECT m.role FROM public.team_members m WHERE m.team_id = $1::uuid AND m.user_id = $2 AND m.status = 'active')
