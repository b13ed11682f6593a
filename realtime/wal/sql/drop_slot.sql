-- Template: the slot name, checked against slotName.
SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '%s'
