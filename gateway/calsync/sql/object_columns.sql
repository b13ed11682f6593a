{{task_columns}}, coalesce(o.name, t.id::text || '.ics'), coalesce(o.uid, t.id::text || '@daybase'),
coalesce(o.extra, '{}')
