-- The grant and the user in one statement: one round trip per refresh.
-- The user columns are NULL unless a token was issued. The function runs
-- once (a FunctionScan keeps its rows for the join).
SELECT g.outcome, g.issued_token, g.session_id::text, g.user_id::text, g.aal, g.amr, {{user_columns}}
  FROM auth.refresh_token_grant($1, $2, $3) g
  LEFT JOIN auth.users u ON u.id = g.user_id AND u.deleted_at IS NULL
                        AND g.outcome IN ('issued', 'reused_active')
