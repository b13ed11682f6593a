INSERT INTO auth.audit_log_entries (payload, ip_address) VALUES ($1, $2)
