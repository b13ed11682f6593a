-- Reminder queues, the oldest due reminder's lateness, and the largest
-- unconfirmed WAL of a logical slot, read on each scrape.
SELECT
  (SELECT count(*) FROM jobs.reminder_requests),
  (SELECT count(*) FROM jobs.task_reminders WHERE status = 'pending' AND fire_at <= now()),
  coalesce((SELECT extract(epoch FROM now() - min(fire_at)) FROM jobs.task_reminders
             WHERE status = 'pending' AND fire_at <= now()), 0)::float8,
  coalesce((SELECT max(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) FROM pg_replication_slots
             WHERE slot_type = 'logical'), 0)::float8
