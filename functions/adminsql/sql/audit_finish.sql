-- The outcome of each statement of run $1, and whether the run committed ($2).
UPDATE public.admin_sql_audit a
   SET status = o.status, committed = $2 AND o.status = 'ok', command = o.command,
       row_count = o.row_count, error_code = o.error_code, error_message = o.error_message,
       duration_ms = o.duration_ms
  FROM unnest($3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::float8[])
         AS o(statement_index, status, command, row_count, error_code, error_message, duration_ms)
 WHERE a.run_id = $1 AND a.statement_index = o.statement_index
