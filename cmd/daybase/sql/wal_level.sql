SHOW wal_level
