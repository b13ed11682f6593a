-- Template: the table, quoted by pgident.
SELECT count(*) FROM %s WHERE user_id = $1 AND NOT is_deleted
