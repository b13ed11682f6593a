-- Serialises the rate-limit check of one user until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended('daybase.storage.uploads:' || $1::text, 0))
