-- One migrator at a time, across instances.
SELECT pg_advisory_lock($1)
