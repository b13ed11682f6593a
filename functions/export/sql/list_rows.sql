-- Template: the table, quoted by pgident, and the ORDER BY list.
SELECT to_jsonb(x)::text FROM %s x
WHERE x.user_id = auth.uid()
  AND NOT coalesce((to_jsonb(x) ->> 'is_deleted')::boolean, false)
  AND NOT coalesce((to_jsonb(x) ->> 'is_marked_deleted')::boolean, false)
ORDER BY %s
