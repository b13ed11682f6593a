UPDATE jobs.task_reminders r SET status = m.status, late = m.late, handled_at = $4
FROM unnest($1::bigint[], $2::text[], $3::bool[]) AS m(id, status, late)
WHERE r.id = m.id
