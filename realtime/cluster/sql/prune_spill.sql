-- Spilled batches every instance has had time to read.
DELETE FROM realtime.bus_spill WHERE created_at < now() - interval '5 minutes'
