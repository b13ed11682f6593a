-- The slot's plugin and database beside this database's name, then whether
-- the publication exists. A template: the replication connection takes no
-- parameters, so the slot name (checked against slotName) and the
-- publication (escaped) are filled in as literals.
SELECT plugin, coalesce(database::text, ''), (SELECT datname FROM pg_database WHERE datname = current_database())
  FROM pg_replication_slots WHERE slot_name = '%s';
SELECT count(*) FROM pg_publication WHERE pubname = '%s'
