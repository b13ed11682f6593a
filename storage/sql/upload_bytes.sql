-- The bytes an upload read, counted against the daily budget.
UPDATE storage.upload_events SET bytes = $2 WHERE id = $1
