-- Template: the table, quoted by pgident.
SELECT count(*) FROM %s x WHERE x.user_id = auth.uid() AND NOT x.is_deleted
