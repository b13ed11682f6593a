-- A batch too large for NOTIFY, by the id its notification carries.
SELECT payload FROM realtime.bus_spill WHERE id = $1
