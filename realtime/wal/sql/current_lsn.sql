SELECT pg_current_wal_insert_lsn()
