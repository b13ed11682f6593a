-- Every statement of a run, before the first one executes ($1 run, $2
-- admin, $3 e-mail, $4 read-only, $5 the statements in order).
INSERT INTO public.admin_sql_audit (run_id, statement_index, user_id, email, statement, read_only)
SELECT $1, s.ordinality, $2, $3, s.statement, $4
  FROM unnest($5::text[]) WITH ORDINALITY AS s(statement, ordinality)
