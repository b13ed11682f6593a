-- Fails (42501) for a caller whose session may not read or write data.
SELECT auth.assert_data_access()
