-- A user and the version of its kept answer (auth.user_answers), read in
-- one snapshot: fill_user_answer.sql stores the answer only at this version.
SELECT a.version, {{user_columns}}
  FROM auth.users u JOIN auth.user_answers a ON a.user_id = u.id
 WHERE u.id = $1 AND u.deleted_at IS NULL
