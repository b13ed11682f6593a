-- Archived projects (001 §2; issue 18).
--
-- 001 §2 lists an "Archive Project" item on every project row "that does
-- nothing"; the spec README calls such placeholders defects to fix. Here a
-- project can be archived and restored by its owner (like deleting and
-- favoriting, 0104): an archived project leaves the sidebar and the task
-- views of everyone in it, keeps its tasks, members and invitations, and
-- comes back whole when restored (docs/decisions.md, "Archived projects").
-- It still counts against the projects cap: archiving is putting away, not
-- deleting, and a cap that archiving lifted would be a cap in name only.
--
-- archived_at is the server's: set when a project is archived, cleared when
-- it is restored, never written by a client.

ALTER TABLE public.projects
  ADD COLUMN is_archived boolean NOT NULL DEFAULT false,
  ADD COLUMN archived_at timestamptz;

CREATE INDEX projects_owner_archived_idx ON public.projects (user_id) WHERE is_archived AND NOT is_deleted;

-- BEFORE UPDATE, named to run before 0104's before_write (triggers fire in
-- name order): only the owner archives or restores; archived_at follows.
CREATE FUNCTION private.projects_archive_rules() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW.is_archived IS DISTINCT FROM OLD.is_archived THEN
    IF private.is_end_user() AND OLD.user_id IS DISTINCT FROM auth.uid() THEN
      RAISE EXCEPTION 'Only the project owner can archive this project' USING ERRCODE = '42501';
    END IF;
    NEW.archived_at := CASE WHEN NEW.is_archived THEN now() END;
  ELSIF private.is_end_user() THEN
    NEW.archived_at := OLD.archived_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER archive_rules BEFORE UPDATE ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.projects_archive_rules();

-- An insert cannot start archived (nor forge archived_at).
CREATE FUNCTION private.projects_insert_unarchived() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.is_archived := false;
    NEW.archived_at := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER archive_on_insert BEFORE INSERT ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.projects_insert_unarchived();

-- The view of user-accessible projects gains the two columns, after its own
-- (CREATE OR REPLACE VIEW may only add columns at the end, so the columns
-- of 0108's p.* are named).
CREATE OR REPLACE VIEW public.user_accessible_projects WITH (security_invoker = true) AS
SELECT p.id, p.user_id, p.owner_id, p.name, p.overview, p.color, p.icon_name, p.icon_color, p.icon_weight,
       p.sort_order, p.is_favorite, p.is_shared, p.is_deleted, p.created_at, p.updated_at,
       (p.user_id = (SELECT auth.uid())) AS is_owner,
       coalesce(m.role, CASE WHEN p.user_id = (SELECT auth.uid()) THEN 'owner' END) AS user_role,
       p.is_archived,
       p.archived_at
FROM public.projects p
LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = (SELECT auth.uid())
WHERE NOT p.is_deleted;
