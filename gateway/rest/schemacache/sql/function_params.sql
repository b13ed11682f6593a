-- Every parameter (IN, OUT, INOUT, VARIADIC, TABLE) of the functions
-- functions.sql returns, in declaration order. proallargtypes lists all
-- of them when there are output parameters; proargtypes only the inputs.
--
-- pg_get_function_arg_default numbers parameters like proallargtypes.
SELECT
  p.oid,
  a.idx::int,
  coalesce(a.name, ''),
  coalesce(a.mode, 'i')::text,
  a.type::regtype::text,
  coalesce(pg_get_function_arg_default(p.oid, a.idx::int), '')
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
CROSS JOIN LATERAL unnest(
  coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes
) WITH ORDINALITY AS a (type, name, mode, idx)
WHERE n.nspname = ANY ($1::text[])
  AND p.prokind = 'f'
  AND a.type IS NOT NULL
ORDER BY p.oid, a.idx
