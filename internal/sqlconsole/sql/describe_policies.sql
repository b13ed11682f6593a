SELECT polname AS policy, CASE polcmd WHEN 'r' THEN 'SELECT' WHEN 'a' THEN 'INSERT'
  WHEN 'w' THEN 'UPDATE' WHEN 'd' THEN 'DELETE' ELSE 'ALL' END AS command,
  coalesce(pg_get_expr(polqual, polrelid), '') AS using, coalesce(pg_get_expr(polwithcheck, polrelid), '') AS with_check
FROM pg_policy WHERE polrelid = to_regclass(%s) ORDER BY 1
