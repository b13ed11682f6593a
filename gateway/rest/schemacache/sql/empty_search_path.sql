-- format_type and regtype then qualify every type outside pg_catalog.
SELECT set_config('search_path', '', true)
