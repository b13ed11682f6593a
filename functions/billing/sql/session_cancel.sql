UPDATE jobs.billing_sessions SET status = 'canceled' WHERE id = $1
