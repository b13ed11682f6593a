-- Projects, their members and invitations (001 §3, §4, §6).
--
-- Roles: owner (the creator; exactly one, the row is made here), admin and
-- member. Everyone in the project reads it, its members and its tasks and
-- edits tasks; owner and admin edit the project and invite and remove
-- members; only the owner changes roles, deletes, reorders or favorites the
-- project; nobody removes or changes their own entry (001 §6). Members join
-- only by accepting an invitation (accept_project_invite), never by being
-- inserted: nobody is put into a project without consent.

CREATE TABLE public.projects (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id     uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  -- The spec carries both; owner_id always equals user_id (trigger).
  owner_id    uuid,
  name        text NOT NULL CONSTRAINT projects_name_not_blank CHECK (btrim(name) <> '' AND length(name) <= 100),
  -- May hold a line 'Due: yyyy-MM-dd' (001 §3).
  overview    text CHECK (length(overview) <= 10000),
  color       text NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'),
  icon_name   text NOT NULL DEFAULT 'Folder' CHECK (length(icon_name) BETWEEN 1 AND 64),
  icon_color  text CHECK (icon_color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'),
  icon_weight text NOT NULL DEFAULT 'duotone' CHECK (icon_weight IN ('thin', 'light', 'regular', 'bold', 'fill', 'duotone')),
  -- Filled with the owner's highest + 1 when not given (trigger).
  sort_order  integer NOT NULL,
  is_favorite boolean NOT NULL DEFAULT false,
  -- Derived: true while the project has members besides its owner.
  is_shared   boolean NOT NULL DEFAULT false,
  is_deleted  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per owner, case-insensitively (quick add and the
-- project lookup match names that way); deleted projects free their name.
-- The trigger below reports a clash with the spec's message first.
CREATE UNIQUE INDEX projects_owner_name_key ON public.projects (user_id, lower(name)) WHERE NOT is_deleted;
CREATE INDEX projects_owner_sort_idx ON public.projects (user_id, sort_order);

CREATE TABLE public.project_members (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  project_id  uuid NOT NULL REFERENCES public.projects (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  role        text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
  -- Copied from the account so members can list each other without
  -- reading auth.users; kept in step by triggers.
  user_email  text,
  user_name   text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT project_members_project_id_user_id_key UNIQUE (project_id, user_id)
);
CREATE UNIQUE INDEX project_members_one_owner ON public.project_members (project_id) WHERE role = 'owner';
CREATE INDEX project_members_user_idx ON public.project_members (user_id, project_id);

CREATE TABLE public.project_invites (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  project_id  uuid NOT NULL REFERENCES public.projects (id) ON DELETE CASCADE,
  -- Lower-cased; NULL for a link invite.
  email       text,
  invited_at  timestamptz NOT NULL DEFAULT now(),
  invited_by  uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL DEFAULT now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  is_link     boolean NOT NULL DEFAULT false,
  -- 192 random bits, hex: the secret of {origin}/app/teams/join/{token}.
  token       text NOT NULL UNIQUE DEFAULT encode(extensions.gen_random_bytes(24), 'hex'),
  CONSTRAINT project_invites_link_has_no_email CHECK (is_link = (email IS NULL)),
  CONSTRAINT project_invites_email_valid CHECK (email IS NULL OR (email = lower(email) AND private.is_valid_email(email)))
);
-- One open invitation per address and project.
CREATE UNIQUE INDEX project_invites_pending_email_key ON public.project_invites (project_id, email)
  WHERE accepted_at IS NULL AND email IS NOT NULL;
CREATE INDEX project_invites_email_idx ON public.project_invites (email) WHERE accepted_at IS NULL;
CREATE INDEX project_invites_project_idx ON public.project_invites (project_id);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.project_members
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Helpers for policies and triggers. SECURITY DEFINER so that a policy on
-- projects can look at project_members (and back) without recursing into
-- their policies; each answers for auth.uid() only.

-- Projects the current user reaches: owned or joined, not deleted.
CREATE FUNCTION private.accessible_project_ids() RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(id), '{}') FROM (
    SELECT p.id FROM public.projects p
    WHERE p.user_id = auth.uid() AND NOT p.is_deleted
    UNION
    SELECT m.project_id FROM public.project_members m
    JOIN public.projects p ON p.id = m.project_id
    WHERE m.user_id = auth.uid() AND NOT p.is_deleted
  ) s
$$;

-- Projects where the current user is owner or admin, not deleted.
CREATE FUNCTION private.managed_project_ids() RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(id), '{}') FROM (
    SELECT p.id FROM public.projects p
    WHERE p.user_id = auth.uid() AND NOT p.is_deleted
    UNION
    SELECT m.project_id FROM public.project_members m
    JOIN public.projects p ON p.id = m.project_id
    WHERE m.user_id = auth.uid() AND m.role IN ('owner', 'admin') AND NOT p.is_deleted
  ) s
$$;

-- The current user's role in a live project: owner, admin, member or NULL.
CREATE FUNCTION private.project_role(p_project_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE WHEN p.user_id = auth.uid() THEN 'owner' ELSE m.role END
  FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = auth.uid()
  WHERE p.id = p_project_id AND NOT p.is_deleted
$$;

-- The owner of a project (deleted or not), NULL when there is none.
CREATE FUNCTION private.project_owner(p_project_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT p.user_id FROM public.projects p WHERE p.id = p_project_id
$$;

-- The confirmed e-mail of the current user, lower-cased: invitations are
-- addressed to it. Read from auth.users rather than trusted from the token
-- so an unconfirmed sign-up with someone else's address sees nothing.
CREATE FUNCTION private.current_user_email() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT lower(u.email) FROM auth.users u
  WHERE u.id = auth.uid() AND u.email_confirmed_at IS NOT NULL AND u.deleted_at IS NULL
$$;

-- Counters behind the caps. Not STABLE: called after an advisory lock,
-- they must see rows committed since the statement began.
CREATE FUNCTION private.count_live_projects(p_user_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT count(*) FROM public.projects WHERE user_id = p_user_id AND NOT is_deleted
$$;

-- Collaborators hold a seat from invitation on: members other than the
-- owner plus open (unaccepted, unexpired) invitations.
CREATE FUNCTION private.count_collaborators(p_project_id uuid) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT (SELECT count(*) FROM public.project_members
          WHERE project_id = p_project_id AND role <> 'owner')
       + (SELECT count(*) FROM public.project_invites
          WHERE project_id = p_project_id AND accepted_at IS NULL AND expires_at > now())
$$;

CREATE FUNCTION private.project_name_taken(p_user_id uuid, p_name text, p_except uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM public.projects
    WHERE user_id = p_user_id AND lower(name) = lower(p_name) AND NOT is_deleted AND id <> p_except)
$$;

CREATE FUNCTION private.next_project_sort_order(p_user_id uuid) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(max(sort_order), 0) + 1 FROM public.projects WHERE user_id = p_user_id
$$;

GRANT EXECUTE ON FUNCTION private.accessible_project_ids(), private.managed_project_ids(),
  private.project_role(uuid), private.project_owner(uuid), private.current_user_email(),
  private.count_live_projects(uuid), private.count_collaborators(uuid),
  private.project_name_taken(uuid, text, uuid), private.next_project_sort_order(uuid)
  TO anon, authenticated, service_role;

-- projects: defaults, name rules, the cap, and what only the owner may do.
CREATE FUNCTION private.projects_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.is_shared := false;
  ELSIF NEW.user_id IS DISTINCT FROM OLD.user_id
     OR (NEW.owner_id IS DISTINCT FROM OLD.owner_id AND private.is_end_user()) THEN
    -- Not even for service_role: the owner's member row and the caps
    -- counted against the owner's plan would no longer match.
    RAISE EXCEPTION 'Project ownership cannot be changed' USING ERRCODE = '42501';
  ELSIF private.is_end_user() THEN
    IF OLD.user_id IS DISTINCT FROM auth.uid() THEN
      IF NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN
        RAISE EXCEPTION 'Only the project owner can delete this project' USING ERRCODE = '42501';
      END IF;
      IF NEW.sort_order IS DISTINCT FROM OLD.sort_order THEN
        RAISE EXCEPTION 'Only projects you own can be reordered' USING ERRCODE = '42501';
      END IF;
      IF NEW.is_favorite IS DISTINCT FROM OLD.is_favorite THEN
        RAISE EXCEPTION 'Only the project owner can change favorites' USING ERRCODE = '42501';
      END IF;
    END IF;
    NEW.is_shared := OLD.is_shared;
    NEW.created_at := OLD.created_at;
  END IF;
  NEW.owner_id := NEW.user_id;

  NEW.name := btrim(NEW.name);
  IF NEW.name IS NULL OR NEW.name = '' THEN
    RAISE EXCEPTION 'Project name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Project name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;

  IF NOT NEW.is_deleted AND (TG_OP = 'INSERT' OR OLD.is_deleted OR lower(NEW.name) <> lower(OLD.name)) THEN
    PERFORM private.lock_counter('projects:' || NEW.user_id);
    IF private.project_name_taken(NEW.user_id, NEW.name, NEW.id) THEN
      RAISE EXCEPTION 'A project with this name already exists. Please try again.' USING ERRCODE = '23505';
    END IF;
    IF TG_OP = 'INSERT' OR OLD.is_deleted THEN
      PERFORM private.assert_within_cap(NEW.user_id, 'projects', private.count_live_projects(NEW.user_id));
    END IF;
  END IF;

  IF TG_OP = 'INSERT' AND NEW.sort_order IS NULL THEN
    NEW.sort_order := private.next_project_sort_order(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.projects_before_write();

-- The owner's member row, made with the project.
CREATE FUNCTION private.projects_add_owner() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO public.project_members (project_id, user_id, role)
  VALUES (NEW.id, NEW.user_id, 'owner');
  RETURN NULL;
END
$$;

CREATE TRIGGER add_owner AFTER INSERT ON public.projects
  FOR EACH ROW EXECUTE FUNCTION private.projects_add_owner();

-- project_members: the role rules of 001 §6 with messages that say which
-- rule stopped the change (a bare RLS refusal would look like success).
CREATE FUNCTION private.project_members_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_owner  uuid;
  v_caller text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF private.is_end_user() THEN
      IF OLD.user_id = auth.uid() THEN
        RAISE EXCEPTION 'You cannot remove yourself from the project' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'owner' THEN
        RAISE EXCEPTION 'The project owner cannot be removed' USING ERRCODE = '42501';
      END IF;
      v_caller := private.project_role(OLD.project_id);
      IF v_caller IS NULL OR v_caller NOT IN ('owner', 'admin') THEN
        RAISE EXCEPTION 'Only the project owner or an admin can remove members' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'admin' AND v_caller <> 'owner' THEN
        RAISE EXCEPTION 'Only the project owner can remove an admin' USING ERRCODE = '42501';
      END IF;
    ELSIF OLD.role = 'owner'
      AND private.project_owner(OLD.project_id) = OLD.user_id
      AND EXISTS (SELECT FROM auth.users WHERE id = OLD.user_id) THEN
      -- Cascades (project or account deleted) pass: the parent row is
      -- already gone when they run.
      RAISE EXCEPTION 'The project owner cannot be removed' USING ERRCODE = '42501';
    END IF;
    RETURN OLD;
  END IF;

  v_owner := private.project_owner(NEW.project_id);
  NEW.user_email := private.user_email(NEW.user_id);
  NEW.user_name := private.user_display_name(NEW.user_id);

  IF TG_OP = 'INSERT' THEN
    IF private.is_end_user() THEN
      RAISE EXCEPTION 'Members join a project by accepting an invitation' USING ERRCODE = '42501';
    END IF;
  ELSE
    IF NEW.project_id IS DISTINCT FROM OLD.project_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Only the role of a member can be changed' USING ERRCODE = '42501';
    END IF;
    NEW.created_at := OLD.created_at;
    IF private.is_end_user() AND NEW.role IS DISTINCT FROM OLD.role THEN
      IF OLD.user_id = auth.uid() THEN
        RAISE EXCEPTION 'You cannot change your own role' USING ERRCODE = '42501';
      END IF;
      IF OLD.role = 'owner' THEN
        RAISE EXCEPTION 'The project owner''s role cannot be changed' USING ERRCODE = '42501';
      END IF;
      IF private.project_role(OLD.project_id) IS DISTINCT FROM 'owner' THEN
        RAISE EXCEPTION 'Only the project owner can change roles' USING ERRCODE = '42501';
      END IF;
    END IF;
  END IF;

  -- Exactly the project's owner holds the owner role (no transfer).
  IF (NEW.role = 'owner') IS DISTINCT FROM (NEW.user_id = v_owner) THEN
    RAISE EXCEPTION 'Only the project owner holds the owner role' USING ERRCODE = '23514';
  END IF;

  IF TG_OP = 'INSERT' AND NEW.role <> 'owner' THEN
    PERFORM private.lock_counter('collaborators:' || NEW.project_id);
    IF EXISTS (SELECT FROM public.project_members m WHERE m.project_id = NEW.project_id AND m.user_id = NEW.user_id) THEN
      RAISE EXCEPTION 'This person is already a member of this project' USING ERRCODE = '23505';
    END IF;
    PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(NEW.project_id));
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE OR DELETE ON public.project_members
  FOR EACH ROW EXECUTE FUNCTION private.project_members_before_write();

-- is_shared follows membership.
CREATE FUNCTION private.project_members_sync_shared() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_project uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.project_id ELSE NEW.project_id END;
  v_shared  boolean;
BEGIN
  v_shared := EXISTS (SELECT FROM public.project_members WHERE project_id = v_project AND role <> 'owner');
  UPDATE public.projects SET is_shared = v_shared WHERE id = v_project AND is_shared IS DISTINCT FROM v_shared;
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_shared AFTER INSERT OR DELETE ON public.project_members
  FOR EACH ROW EXECUTE FUNCTION private.project_members_sync_shared();

-- Member rows show the current e-mail and name of the account.
CREATE FUNCTION private.sync_member_identity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.project_members
  SET user_email = NEW.email,
      user_name = private.user_display_name(NEW.id)
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_member_identity AFTER UPDATE OF email, raw_user_meta_data ON auth.users
  FOR EACH ROW EXECUTE FUNCTION private.sync_member_identity();

-- Row-level security.
ALTER TABLE public.projects ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.project_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.project_invites ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.projects, public.project_members, public.project_invites
  FROM anon, authenticated;
-- Invitations are written by the RPCs of 0109 only.
REVOKE INSERT, UPDATE ON public.project_invites FROM anon, authenticated;

CREATE POLICY "read own and joined projects" ON public.projects
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR id = ANY ((SELECT private.accessible_project_ids())::uuid[]));
CREATE POLICY "create own projects" ON public.projects
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "owner and admins edit projects" ON public.projects
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid()) OR id = ANY ((SELECT private.managed_project_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT auth.uid()) OR id = ANY ((SELECT private.managed_project_ids())::uuid[]));
CREATE POLICY "owner deletes projects" ON public.projects
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));

-- Everyone in a project sees its members; updates and deletes reach the
-- trigger above, which applies the role rules with a message.
CREATE POLICY "members read members" ON public.project_members
  FOR SELECT TO authenticated USING (project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]));
CREATE POLICY "members change members by role" ON public.project_members
  FOR UPDATE TO authenticated
  USING (project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]))
  WITH CHECK (project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]));
CREATE POLICY "members remove members by role" ON public.project_members
  FOR DELETE TO authenticated USING (project_id = ANY ((SELECT private.accessible_project_ids())::uuid[]));

-- Invitations: the inviter, the project's owner and admins, and the invitee
-- (by confirmed e-mail). Link invites have no e-mail, so only the managers.
CREATE POLICY "inviters, managers and invitees read invites" ON public.project_invites
  FOR SELECT TO authenticated
  USING (invited_by = (SELECT auth.uid())
         OR project_id = ANY ((SELECT private.managed_project_ids())::uuid[])
         OR email = (SELECT private.current_user_email()));
CREATE POLICY "inviters and managers delete invites" ON public.project_invites
  FOR DELETE TO authenticated
  USING (invited_by = (SELECT auth.uid()) OR project_id = ANY ((SELECT private.managed_project_ids())::uuid[]));
