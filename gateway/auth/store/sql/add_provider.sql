-- Adds a provider to app_metadata.providers (kept sorted and unique).
UPDATE auth.users u
   SET raw_app_meta_data = jsonb_build_object('provider', $2::text) || u.raw_app_meta_data
         || jsonb_build_object('providers', (
              SELECT jsonb_agg(DISTINCT x.p) FROM (
                SELECT jsonb_array_elements_text(coalesce(u.raw_app_meta_data -> 'providers', '[]')) AS p
                UNION SELECT $2::text) x)),
       updated_at = now()
 WHERE u.id = $1
