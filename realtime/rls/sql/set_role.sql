-- The check's role for the rest of the preparing transaction.
SELECT set_config('role', $1, true)
