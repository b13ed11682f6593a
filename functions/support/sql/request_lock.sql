SELECT pg_advisory_xact_lock(hashtextextended('support-request:' || $1, 0))
