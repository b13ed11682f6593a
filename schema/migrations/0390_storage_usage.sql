-- Keeps public.user_profiles.storage_used (000 §3) equal to the bytes of the
-- objects a user owns, whichever way objects change: uploads, upserts,
-- moves, deletes, or SQL run by an operator.
--
-- The profiles table belongs to another migration. The trigger function
-- checks at run time that the table and its storage_used column exist and
-- does nothing otherwise, so the order in which migrations reach a database
-- does not matter. It recomputes the owners' totals instead of adding
-- deltas, so a figure that was ever wrong heals on the owner's next change.
CREATE FUNCTION storage.sync_storage_used() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_owners uuid[];
BEGIN
  IF pg_catalog.to_regclass('public.user_profiles') IS NULL OR NOT EXISTS (
       SELECT 1 FROM pg_catalog.pg_attribute a
       WHERE a.attrelid = 'public.user_profiles'::regclass AND a.attname = 'storage_used' AND NOT a.attisdropped) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT pg_catalog.array_agg(DISTINCT n.owner) INTO v_owners FROM new_rows n WHERE n.owner IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT pg_catalog.array_agg(DISTINCT o.owner) INTO v_owners FROM old_rows o WHERE o.owner IS NOT NULL;
  ELSE
    SELECT pg_catalog.array_agg(DISTINCT x.owner) INTO v_owners FROM (
      SELECT n.owner FROM new_rows n UNION SELECT o.owner FROM old_rows o) x
    WHERE x.owner IS NOT NULL;
  END IF;
  IF v_owners IS NULL THEN
    RETURN NULL;
  END IF;
  -- Two transactions changing one owner's objects must not both compute a
  -- total that misses the other's row: the second waits here for the first
  -- to commit, and the EXECUTE below then takes a snapshot that includes
  -- it (a volatile function's statements each get a fresh snapshot).
  -- array_agg(DISTINCT) is sorted, so the locks are always taken in one
  -- order and cannot deadlock.
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('daybase.storage_used:' || u::text, 0))
  FROM pg_catalog.unnest(v_owners) AS u;
  EXECUTE $q$
    UPDATE public.user_profiles p
    SET storage_used = coalesce((
      SELECT sum(coalesce((o.metadata ->> 'size')::bigint, 0))
      FROM storage.objects o WHERE o.owner = p.id), 0)
    WHERE p.id = ANY ($1)
  $q$ USING v_owners;
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_storage_used_insert AFTER INSERT ON storage.objects
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();
CREATE TRIGGER sync_storage_used_update AFTER UPDATE ON storage.objects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();
CREATE TRIGGER sync_storage_used_delete AFTER DELETE ON storage.objects
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION storage.sync_storage_used();
