UPDATE jobs.billing_sessions SET status = 'completed' WHERE id = $1
