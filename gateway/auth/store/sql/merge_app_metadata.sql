UPDATE auth.users
   SET raw_app_meta_data = (raw_app_meta_data || $2::jsonb)
         - ARRAY(SELECT e.key FROM jsonb_each($2::jsonb) e WHERE e.value = 'null'::jsonb),
       updated_at = now()
 WHERE id = $1
