-- Lists of notes and journal entries without their whole text (issue 20).
--
-- A note or entry holds up to 50,000 characters; the lists show a title
-- and a line of preview (002 §9: preview 100 characters). Reading `content`
-- for a list of 1,000 notes would move megabytes to draw a hundred
-- characters of each. These read models carry the first 300 characters of
-- the markdown instead (the app strips the markup for the line it shows),
-- and every other column of the table.
--
-- security_invoker: each row passes the caller's own policies on the table
-- (own rows, rows shared by link, rows linked to a reachable task), as a
-- read of the table would.

CREATE VIEW public.notes_with_preview WITH (security_invoker = true) AS
SELECT n.id, n.user_id, n.title, left(n.content, 300) AS preview, n.folder, n.pinned, n.is_shared,
       n.is_deleted, n.created_at, n.updated_at
FROM public.notes n;

CREATE VIEW public.journal_entries_with_preview WITH (security_invoker = true) AS
SELECT e.id, e.user_id, e.title, left(e.content, 300) AS preview, e.date, e.mood, e.folder,
       e.is_deleted, e.created_at, e.updated_at
FROM public.journal_entries e;

-- Read-only (writes go to the tables); anon has no rows in the tables anyway.
REVOKE ALL ON public.notes_with_preview, public.journal_entries_with_preview FROM anon, authenticated;
GRANT SELECT ON public.notes_with_preview, public.journal_entries_with_preview TO authenticated, service_role;
