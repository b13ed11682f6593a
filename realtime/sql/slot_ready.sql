-- Whether the replication slot $1 of this database has a consistent point.
SELECT EXISTS (SELECT FROM pg_replication_slots
                WHERE slot_name = $1 AND database = current_database() AND confirmed_flush_lsn IS NOT NULL)
