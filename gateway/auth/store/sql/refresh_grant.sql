-- The grant and the user's answer in one statement: one round trip per
-- refresh. The answer (auth.user_answers, Go's bytes, kept by triggers) is
-- NULL unless a token was issued, or when the user changed since it was
-- built; then Go reads the user (user_for_answer.sql) and fills it. The
-- function runs once (a FunctionScan keeps its rows for the join).
SELECT g.outcome, g.issued_token, g.session_id::text, g.user_id::text, g.aal, g.amr, a.answer
  FROM auth.refresh_token_grant($1, $2, $3) g
  LEFT JOIN auth.user_answers a ON a.user_id = g.user_id AND g.outcome IN ('issued', 'reused_active')
