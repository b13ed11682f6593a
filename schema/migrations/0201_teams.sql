-- Teams, their members, invitations and activity feed (002 §3 "Teams",
-- §4, §6, §7).
--
-- Roles: the creator is the team's owner (teams.owner_id) and holds the
-- role admin; others are admin or member. Powers (002 §6 leaves them open,
-- docs/decisions.md): every active member reads the team, its members and
-- its feed, writes to the feed and assigns team tasks; admins also edit the
-- team, invite (members; only the owner invites admins), cancel invitations
-- and remove members (not admins); only the owner changes roles, removes
-- admins and deletes the team. The owner cannot be removed and their role
-- cannot change. Anyone but the owner may leave (set their own status to
-- inactive). People join only by accepting an invitation addressed to
-- their confirmed e-mail, once, before it expires.
--
-- Removal is soft (status inactive); a user who is invited again gets a new
-- member row, the old one stays as history.

CREATE TABLE public.teams (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  name        text NOT NULL,
  description text CONSTRAINT teams_description_length CHECK (length(description) <= 1000),
  owner_id    uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT teams_name_valid CHECK (btrim(name) <> '' AND length(name) <= 100)
);
CREATE INDEX teams_owner_idx ON public.teams (owner_id);

CREATE TABLE public.team_members (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES public.teams (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  role        text NOT NULL DEFAULT 'member' CONSTRAINT team_members_role_valid CHECK (role IN ('admin', 'member')),
  status      text NOT NULL DEFAULT 'active' CONSTRAINT team_members_status_valid CHECK (status IN ('active', 'inactive')),
  invited_by  uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  -- The account's display data, so members can list each other without
  -- reading auth.users or each other's profiles; kept in step by triggers.
  email       text,
  full_name   text,
  avatar_url  text,
  joined_at   timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- One active membership per person and team; inactive rows are history.
CREATE UNIQUE INDEX team_members_active_key ON public.team_members (team_id, user_id) WHERE status = 'active';
CREATE INDEX team_members_user_idx ON public.team_members (user_id, team_id) WHERE status = 'active';

CREATE TABLE public.team_invitations (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES public.teams (id) ON DELETE CASCADE,
  -- Lower-cased by the trigger.
  email       text NOT NULL CONSTRAINT team_invitations_email_valid CHECK (email = lower(email) AND private.is_valid_email(email)),
  role        text NOT NULL DEFAULT 'member' CONSTRAINT team_invitations_role_valid CHECK (role IN ('admin', 'member')),
  invited_by  uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  -- 256 random bits, hex: the secret of /teams/join/{token}. The server
  -- picks it; clients cannot.
  token       text NOT NULL UNIQUE DEFAULT encode(extensions.gen_random_bytes(32), 'hex'),
  expires_at  timestamptz NOT NULL DEFAULT now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- One open invitation per address and team (inviting again replaces it).
CREATE UNIQUE INDEX team_invitations_open_email_key ON public.team_invitations (team_id, email) WHERE accepted_at IS NULL;
CREATE INDEX team_invitations_email_idx ON public.team_invitations (email) WHERE accepted_at IS NULL;

CREATE TABLE public.team_activity_log (
  id          uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES public.teams (id) ON DELETE CASCADE,
  user_id     uuid DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE SET NULL,
  action      text NOT NULL CONSTRAINT team_activity_log_action_valid CHECK (btrim(action) <> '' AND length(action) <= 100),
  entity_type text CONSTRAINT team_activity_log_entity_type_length CHECK (length(entity_type) BETWEEN 1 AND 50),
  entity_id   uuid,
  metadata    jsonb NOT NULL DEFAULT '{}' CONSTRAINT team_activity_log_metadata_object
                CHECK (jsonb_typeof(metadata) = 'object' AND octet_length(metadata::text) <= 16384),
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The feed: a team's newest 50.
CREATE INDEX team_activity_log_team_created_idx ON public.team_activity_log (team_id, created_at DESC);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.teams
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_members
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.team_invitations
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Tasks carry team_id (0105 left the foreign key to this migration).
ALTER TABLE public.tasks ADD CONSTRAINT tasks_team_id_fkey
  FOREIGN KEY (team_id) REFERENCES public.teams (id) ON DELETE SET NULL;
CREATE INDEX tasks_team_idx ON public.tasks (team_id) WHERE team_id IS NOT NULL;

-- Team caps (000 §9 and 002 §9 leave them open, docs/decisions.md): the
-- owner's plan allows 5 (Free), 25 (Pro) or 100 (Team) members besides
-- the owner, open invitations included; a team with a live team
-- subscription has as many people as the subscription has seats.
INSERT INTO private.plan_limits (plan, limit_key, max_value) VALUES
  ('free', 'team_members', 5), ('pro', 'team_members', 25), ('team', 'team_members', 100);
INSERT INTO private.plan_limit_messages (limit_key, message, noun) VALUES
  ('team_members', 'Team member limit reached for %s plan', 'team members');

-- Helpers for policies and triggers (SECURITY DEFINER so a policy on one
-- team table can look at team_members without recursing into its policy).

-- Teams the current user is an active member of.
CREATE FUNCTION private.active_team_ids() RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(m.team_id), '{}') FROM public.team_members m
  WHERE m.user_id = auth.uid() AND m.status = 'active'
$$;

-- Teams where the current user is an active admin (the owner is one).
CREATE FUNCTION private.managed_team_ids() RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(array_agg(m.team_id), '{}') FROM public.team_members m
  WHERE m.user_id = auth.uid() AND m.status = 'active' AND m.role = 'admin'
$$;

-- A user's role in a team while active: admin, member or NULL.
CREATE FUNCTION private.team_role_of(p_team_id uuid, p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT m.role FROM public.team_members m
  WHERE m.team_id = p_team_id AND m.user_id = p_user_id AND m.status = 'active'
$$;

CREATE FUNCTION private.team_owner(p_team_id uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT t.owner_id FROM public.teams t WHERE t.id = p_team_id
$$;

-- Whether two users share an active team or a live project.
CREATE FUNCTION private.share_workspace(p_a uuid, p_b uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
           SELECT FROM public.team_members ma
           JOIN public.team_members mb ON mb.team_id = ma.team_id AND mb.user_id = p_b AND mb.status = 'active'
           WHERE ma.user_id = p_a AND ma.status = 'active')
      OR private.share_project(p_a, p_b)
$$;

-- People holding or promised a place: members besides the owner (all
-- members with p_with_owner) plus open, unexpired invitations.
-- Not STABLE: called after an advisory lock, it must see rows committed
-- since the statement began.
CREATE FUNCTION private.count_team_seats(p_team_id uuid, p_with_owner boolean) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT (SELECT count(*) FROM public.team_members m
          WHERE m.team_id = p_team_id AND m.status = 'active'
            AND (p_with_owner OR m.user_id IS DISTINCT FROM private.team_owner(p_team_id)))
       + (SELECT count(*) FROM public.team_invitations i
          WHERE i.team_id = p_team_id AND i.accepted_at IS NULL AND i.expires_at > now())
$$;

-- Raises the team cap when one more person would not fit.
CREATE FUNCTION private.assert_team_seat(p_team_id uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_seats integer;
BEGIN
  PERFORM private.lock_counter('team_members:' || p_team_id);
  SELECT max(s.seats) INTO v_seats FROM public.team_subscriptions s
  WHERE s.team_id = p_team_id AND s.status IN ('active', 'trialing', 'past_due');
  IF v_seats IS NOT NULL THEN
    IF private.count_team_seats(p_team_id, true) + 1 > v_seats THEN
      RAISE EXCEPTION USING
        ERRCODE = 'P0001',
        MESSAGE = 'Team member limit reached for Team plan',
        DETAIL  = format('This would make %s team members; the team''s subscription has %s seats.',
                         private.count_team_seats(p_team_id, true) + 1, v_seats),
        HINT    = 'Add seats to the team subscription for more.';
    END IF;
    RETURN;
  END IF;
  PERFORM private.assert_within_cap(private.team_owner(p_team_id), 'team_members',
                                    private.count_team_seats(p_team_id, false));
END
$$;

-- Marks the open invitation of the current user to a team as accepted and
-- returns it (NULL when there is none: unknown, used, expired or addressed
-- to someone else).
CREATE FUNCTION private.take_team_invitation(p_team_id uuid) RETURNS public.team_invitations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_inv public.team_invitations;
BEGIN
  UPDATE public.team_invitations i SET accepted_at = now(), accepted_by = auth.uid()
  WHERE i.id = (SELECT j.id FROM public.team_invitations j
                WHERE j.team_id = p_team_id AND j.accepted_at IS NULL AND j.expires_at > now()
                  AND j.email = private.current_user_email()
                FOR UPDATE)
  RETURNING i.* INTO v_inv;
  RETURN v_inv;
END
$$;

-- A feed row written by the server.
CREATE FUNCTION private.log_team_activity(p_team_id uuid, p_user_id uuid, p_action text, p_entity_type text,
                                          p_entity_id uuid, p_metadata jsonb DEFAULT '{}') RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO public.team_activity_log (team_id, user_id, action, entity_type, entity_id, metadata)
  SELECT p_team_id, p_user_id, p_action, p_entity_type, p_entity_id, coalesce(p_metadata, '{}')
  WHERE EXISTS (SELECT FROM public.teams WHERE id = p_team_id)
$$;

-- The display name of a user as members see it: profile name, sign-up
-- name, else the e-mail.
CREATE FUNCTION private.user_label(p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(nullif(up.full_name, ''), private.user_display_name(u.id), u.email::text)
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = p_user_id
$$;

-- The display data of an account as member rows carry it.
CREATE FUNCTION private.user_identity(p_user_id uuid)
RETURNS TABLE (email text, full_name text, avatar_url text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT u.email::text, coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)), up.avatar_url
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = p_user_id
$$;

-- Whether an address belongs to an active member of a team.
CREATE FUNCTION private.team_has_member_email(p_team_id uuid, p_email text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT FROM public.team_members m JOIN auth.users u ON u.id = m.user_id
                 WHERE m.team_id = p_team_id AND m.status = 'active' AND lower(u.email) = lower(p_email))
$$;

-- Removes the open invitation of an address to a team (it is replaced).
CREATE FUNCTION private.drop_open_team_invitation(p_team_id uuid, p_email text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  DELETE FROM public.team_invitations i
  WHERE i.team_id = p_team_id AND i.email = lower(p_email) AND i.accepted_at IS NULL
$$;

GRANT EXECUTE ON FUNCTION private.active_team_ids(), private.managed_team_ids(), private.team_role_of(uuid, uuid),
  private.team_owner(uuid), private.share_workspace(uuid, uuid), private.count_team_seats(uuid, boolean),
  private.assert_team_seat(uuid), private.take_team_invitation(uuid),
  private.log_team_activity(uuid, uuid, text, text, uuid, jsonb), private.user_label(uuid),
  private.user_identity(uuid), private.team_has_member_email(uuid, text), private.drop_open_team_invitation(uuid, text)
  TO authenticated, service_role;

-- teams: trimmed name, owner fixed; the owner's admin row comes with it.
CREATE FUNCTION private.teams_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  -- private.clean_title comes with the notes (0202).
  NEW.name := private.clean_title(NEW.name);
  IF NEW.name = '' THEN
    RAISE EXCEPTION 'Team name is required' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.name) > 100 THEN
    RAISE EXCEPTION 'Team name must be at most 100 characters' USING ERRCODE = '23514';
  END IF;
  IF length(NEW.description) > 1000 THEN
    RAISE EXCEPTION 'Team description must be at most 1000 characters' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
      RAISE EXCEPTION 'Team ownership cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF private.is_end_user() THEN
      NEW.created_at := OLD.created_at;
    END IF;
  ELSIF private.is_end_user() THEN
    NEW.created_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.teams
  FOR EACH ROW EXECUTE FUNCTION private.teams_before_write();

CREATE FUNCTION private.teams_add_owner() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO public.team_members (team_id, user_id, role, status, invited_by)
  VALUES (NEW.id, NEW.owner_id, 'admin', 'active', NULL);
  PERFORM private.log_team_activity(NEW.id, NEW.owner_id, 'team_created', 'team', NEW.id,
                                    jsonb_build_object('name', NEW.name));
  RETURN NULL;
END
$$;

CREATE TRIGGER add_owner AFTER INSERT ON public.teams
  FOR EACH ROW EXECUTE FUNCTION private.teams_add_owner();

-- team_members: joining by invitation, the role and removal rules, the
-- display data.
CREATE FUNCTION private.team_members_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_owner  uuid := private.team_owner(NEW.team_id);
  v_caller text;
  v_inv    public.team_invitations;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF v_owner IS NULL THEN
      RAISE EXCEPTION 'Team not found' USING ERRCODE = '23503';
    END IF;
    IF v_end THEN
      IF auth.uid() IS NULL THEN
        RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
      END IF;
      IF NEW.user_id IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Members join a team by accepting an invitation' USING ERRCODE = '42501';
      END IF;
      IF private.team_role_of(NEW.team_id, NEW.user_id) IS NOT NULL THEN
        RAISE EXCEPTION 'You are already a member of this team' USING ERRCODE = '23505';
      END IF;
      v_inv := private.take_team_invitation(NEW.team_id);
      IF v_inv.id IS NULL THEN
        RAISE EXCEPTION 'Invalid or expired invitation' USING ERRCODE = 'P0001';
      END IF;
      -- The invitation decides; the client's values do not.
      NEW.role := v_inv.role;
      NEW.invited_by := v_inv.invited_by;
      NEW.status := 'active';
      NEW.joined_at := now();
      NEW.created_at := now();
    ELSIF NEW.status = 'active' AND NEW.user_id IS DISTINCT FROM v_owner THEN
      -- Direct inserts by the service side still respect the cap (an
      -- accepted invitation already held its seat).
      PERFORM private.assert_team_seat(NEW.team_id);
    END IF;
    IF NEW.user_id = v_owner AND NEW.role <> 'admin' THEN
      RAISE EXCEPTION 'The team owner is an admin' USING ERRCODE = '23514';
    END IF;
  ELSE
    IF NEW.team_id IS DISTINCT FROM OLD.team_id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'Only the role and status of a member can be changed' USING ERRCODE = '42501';
    END IF;
    IF OLD.user_id = v_owner AND (NEW.role <> 'admin' OR NEW.status <> 'active') THEN
      IF NEW.status <> 'active' THEN
        RAISE EXCEPTION 'The team owner cannot be removed' USING ERRCODE = '42501';
      END IF;
      RAISE EXCEPTION 'The team owner''s role cannot be changed' USING ERRCODE = '42501';
    END IF;
    IF v_end THEN
      NEW.invited_by := OLD.invited_by;
      NEW.joined_at := OLD.joined_at;
      NEW.created_at := OLD.created_at;
      v_caller := private.team_role_of(OLD.team_id, auth.uid());
      IF NEW.status = 'active' AND OLD.status = 'inactive' THEN
        RAISE EXCEPTION 'Members rejoin a team by accepting an invitation' USING ERRCODE = '42501';
      END IF;
      IF OLD.status = 'inactive' AND NEW.role IS DISTINCT FROM OLD.role THEN
        RAISE EXCEPTION 'This person is no longer a member of this team' USING ERRCODE = '42501';
      END IF;
      IF NEW.role IS DISTINCT FROM OLD.role THEN
        IF OLD.user_id = auth.uid() THEN
          RAISE EXCEPTION 'You cannot change your own role' USING ERRCODE = '42501';
        END IF;
        IF v_owner IS DISTINCT FROM auth.uid() THEN
          RAISE EXCEPTION 'Only the team owner can change roles' USING ERRCODE = '42501';
        END IF;
      END IF;
      IF NEW.status = 'inactive' AND OLD.status = 'active' AND OLD.user_id IS DISTINCT FROM auth.uid() THEN
        IF v_caller IS DISTINCT FROM 'admin' THEN
          RAISE EXCEPTION 'Only the team owner or an admin can remove members' USING ERRCODE = '42501';
        END IF;
        IF OLD.role = 'admin' AND v_owner IS DISTINCT FROM auth.uid() THEN
          RAISE EXCEPTION 'Only the team owner can remove an admin' USING ERRCODE = '42501';
        END IF;
      END IF;
    END IF;
  END IF;
  -- Display data follows the account, whatever the client sent.
  SELECT i.email, i.full_name, i.avatar_url INTO NEW.email, NEW.full_name, NEW.avatar_url
  FROM private.user_identity(NEW.user_id) i;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.team_members
  FOR EACH ROW EXECUTE FUNCTION private.team_members_before_write();

-- The feed records joins, departures and role changes.
CREATE FUNCTION private.team_members_after_write() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_actor uuid := coalesce(auth.uid(), NEW.user_id);
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.user_id IS DISTINCT FROM private.team_owner(NEW.team_id) THEN
      PERFORM private.log_team_activity(NEW.team_id, NEW.user_id, 'member_joined', 'team_member', NEW.user_id,
                                        jsonb_build_object('role', NEW.role, 'name', coalesce(NEW.full_name, NEW.email)));
    END IF;
  ELSIF NEW.status = 'inactive' AND OLD.status = 'active' THEN
    -- Whoever leaves a team leaves its tasks: assignments there end, so
    -- the team's work is no longer within their reach.
    UPDATE public.tasks SET assigned_to = NULL
    WHERE team_id = NEW.team_id AND assigned_to = NEW.user_id;
    PERFORM private.log_team_activity(NEW.team_id, v_actor,
                                      CASE WHEN v_actor = NEW.user_id THEN 'member_left' ELSE 'member_removed' END,
                                      'team_member', NEW.user_id,
                                      jsonb_build_object('name', coalesce(NEW.full_name, NEW.email)));
  ELSIF NEW.role IS DISTINCT FROM OLD.role THEN
    PERFORM private.log_team_activity(NEW.team_id, v_actor, 'role_changed', 'team_member', NEW.user_id,
                                      jsonb_build_object('name', coalesce(NEW.full_name, NEW.email),
                                                         'old_role', OLD.role, 'new_role', NEW.role));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_write AFTER INSERT OR UPDATE OF role, status ON public.team_members
  FOR EACH ROW EXECUTE FUNCTION private.team_members_after_write();

-- Member rows show the current e-mail, name and avatar of the account.
CREATE FUNCTION private.sync_team_member_identity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_id uuid := NEW.id;
BEGIN
  UPDATE public.team_members m
  SET email = u.email,
      full_name = coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)),
      avatar_url = up.avatar_url
  FROM auth.users u LEFT JOIN public.user_profiles up ON up.id = u.id
  WHERE u.id = v_id AND m.user_id = v_id
    AND (m.email, m.full_name, m.avatar_url) IS DISTINCT FROM
        (u.email, coalesce(nullif(up.full_name, ''), private.user_display_name(u.id)), up.avatar_url);
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_team_member_identity AFTER UPDATE OF email, raw_user_meta_data ON auth.users
  FOR EACH ROW EXECUTE FUNCTION private.sync_team_member_identity();
CREATE TRIGGER sync_team_member_identity AFTER UPDATE OF full_name, avatar_url ON public.user_profiles
  FOR EACH ROW EXECUTE FUNCTION private.sync_team_member_identity();

-- team_invitations: who invites whom, the cap, server-chosen token and
-- expiry; an invitee can only mark their own invitation accepted.
CREATE FUNCTION private.team_invitations_before_write() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  v_end    boolean := private.is_end_user();
  v_caller text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.email := lower(btrim(NEW.email));
    IF NOT private.is_valid_email(NEW.email) THEN
      RAISE EXCEPTION 'Invalid email' USING ERRCODE = '22023';
    END IF;
    IF v_end THEN
      v_caller := private.team_role_of(NEW.team_id, auth.uid());
      IF v_caller IS DISTINCT FROM 'admin' THEN
        RAISE EXCEPTION 'Only the team owner or an admin can invite members' USING ERRCODE = '42501';
      END IF;
      IF NEW.role = 'admin' AND private.team_owner(NEW.team_id) IS DISTINCT FROM auth.uid() THEN
        RAISE EXCEPTION 'Only the team owner can invite admins' USING ERRCODE = '42501';
      END IF;
      NEW.invited_by := auth.uid();
      NEW.token := encode(extensions.gen_random_bytes(32), 'hex');
      NEW.expires_at := now() + interval '7 days';
      NEW.accepted_at := NULL;
      NEW.accepted_by := NULL;
      NEW.created_at := now();
    END IF;
    IF private.team_has_member_email(NEW.team_id, NEW.email) THEN
      RAISE EXCEPTION 'This person is already a member of this team' USING ERRCODE = '23505';
    END IF;
    -- Inviting an address again replaces its open invitation (new token,
    -- new expiry); the replaced one gives its seat back first.
    PERFORM private.drop_open_team_invitation(NEW.team_id, NEW.email);
    IF NEW.accepted_at IS NULL THEN
      PERFORM private.assert_team_seat(NEW.team_id);
    END IF;
    RETURN NEW;
  END IF;

  -- UPDATE
  IF v_end THEN
    IF OLD.accepted_at IS NOT NULL THEN
      -- Already used (joining marks it): the client's own "mark accepted"
      -- that follows is a no-op.
      RETURN OLD;
    END IF;
    IF NEW.accepted_at IS NULL THEN
      RAISE EXCEPTION 'Invitations cannot be edited; cancel and invite again' USING ERRCODE = '42501';
    END IF;
    IF OLD.email IS DISTINCT FROM private.current_user_email() OR OLD.expires_at <= now() THEN
      RAISE EXCEPTION 'Invalid or expired invitation' USING ERRCODE = 'P0001';
    END IF;
    NEW := OLD;
    NEW.accepted_at := now();
    NEW.accepted_by := auth.uid();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_write BEFORE INSERT OR UPDATE ON public.team_invitations
  FOR EACH ROW EXECUTE FUNCTION private.team_invitations_before_write();

-- The invitee hears of it (when they have an account) and the feed
-- records it.
CREATE FUNCTION private.team_invitations_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_team public.teams;
  v_to   uuid;
BEGIN
  SELECT * INTO v_team FROM public.teams WHERE id = NEW.team_id;
  SELECT u.id INTO v_to FROM auth.users u
  WHERE lower(u.email) = NEW.email AND u.email_confirmed_at IS NOT NULL AND u.deleted_at IS NULL
  LIMIT 1;
  PERFORM private.notify(v_to, NEW.invited_by, 'system', 'Team invitation',
    format('%s invited you to join the team "%s"', coalesce(private.user_label(NEW.invited_by), 'Someone'), v_team.name),
    NEW.team_id, 'team_invitation',
    jsonb_build_object('kind', 'team_invite', 'actionUrl', '/teams/join/' || NEW.token, 'token', NEW.token,
                       'inviteId', NEW.id, 'team_id', NEW.team_id, 'team_name', v_team.name, 'role', NEW.role));
  PERFORM private.log_team_activity(NEW.team_id, NEW.invited_by, 'member_invited', 'team_invitation', NEW.id,
                                    jsonb_build_object('email', NEW.email, 'role', NEW.role));
  RETURN NULL;
END
$$;

CREATE TRIGGER after_insert AFTER INSERT ON public.team_invitations
  FOR EACH ROW EXECUTE FUNCTION private.team_invitations_after_insert();

-- team_activity_log: members write in their own name; rows are final.
CREATE FUNCTION private.team_activity_log_before_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF private.is_end_user() THEN
    NEW.user_id := auth.uid();
    NEW.created_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER before_insert BEFORE INSERT ON public.team_activity_log
  FOR EACH ROW EXECUTE FUNCTION private.team_activity_log_before_insert();

-- A deleted team takes its subscription rows with it (team_subscriptions
-- has no foreign key: billing may record a team before or after it lives).
CREATE FUNCTION private.teams_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  DELETE FROM public.team_subscriptions WHERE team_id = OLD.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER after_delete AFTER DELETE ON public.teams
  FOR EACH ROW EXECUTE FUNCTION private.teams_after_delete();

-- Row-level security.
ALTER TABLE public.teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.team_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.team_invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.team_activity_log ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.teams, public.team_members, public.team_invitations,
  public.team_activity_log FROM anon, authenticated;
-- Members are removed by status, never deleted; the feed is append-only.
REVOKE DELETE ON public.team_members FROM anon, authenticated;
REVOKE UPDATE, DELETE ON public.team_activity_log FROM anon, authenticated;

CREATE POLICY "members read their teams" ON public.teams
  FOR SELECT TO authenticated
  USING (owner_id = (SELECT auth.uid()) OR id = ANY ((SELECT private.active_team_ids())::uuid[]));
CREATE POLICY "create own teams" ON public.teams
  FOR INSERT TO authenticated WITH CHECK (owner_id = (SELECT auth.uid()));
CREATE POLICY "admins edit teams" ON public.teams
  FOR UPDATE TO authenticated
  USING (id = ANY ((SELECT private.managed_team_ids())::uuid[]))
  WITH CHECK (id = ANY ((SELECT private.managed_team_ids())::uuid[]));
CREATE POLICY "owner deletes teams" ON public.teams
  FOR DELETE TO authenticated USING (owner_id = (SELECT auth.uid()));

-- Members see the team's members (inactive ones too, as history) and
-- everyone sees their own rows (so a removed member hears of it).
CREATE POLICY "members read members" ON public.team_members
  FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[]));
CREATE POLICY "join by invitation" ON public.team_members
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY "members change members by role" ON public.team_members
  FOR UPDATE TO authenticated
  USING (team_id = ANY ((SELECT private.active_team_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT auth.uid()) OR team_id = ANY ((SELECT private.active_team_ids())::uuid[]));

CREATE POLICY "admins, inviters and invitees read invitations" ON public.team_invitations
  FOR SELECT TO authenticated
  USING (invited_by = (SELECT auth.uid())
         OR team_id = ANY ((SELECT private.managed_team_ids())::uuid[])
         OR email = (SELECT private.current_user_email()));
CREATE POLICY "admins invite" ON public.team_invitations
  FOR INSERT TO authenticated WITH CHECK (team_id = ANY ((SELECT private.managed_team_ids())::uuid[]));
CREATE POLICY "invitees accept invitations" ON public.team_invitations
  FOR UPDATE TO authenticated
  USING (email = (SELECT private.current_user_email()))
  WITH CHECK (email = (SELECT private.current_user_email()));
CREATE POLICY "admins, inviters and invitees withdraw open invitations" ON public.team_invitations
  FOR DELETE TO authenticated
  USING (accepted_at IS NULL
         AND (invited_by = (SELECT auth.uid())
              OR team_id = ANY ((SELECT private.managed_team_ids())::uuid[])
              OR email = (SELECT private.current_user_email())));

CREATE POLICY "members read the feed" ON public.team_activity_log
  FOR SELECT TO authenticated USING (team_id = ANY ((SELECT private.active_team_ids())::uuid[]));
CREATE POLICY "members write the feed" ON public.team_activity_log
  FOR INSERT TO authenticated WITH CHECK (team_id = ANY ((SELECT private.active_team_ids())::uuid[]));

-- The team's subscription, for its members (0101 left this policy here).
CREATE POLICY "members read team subscriptions" ON public.team_subscriptions
  FOR SELECT TO authenticated USING (team_id = ANY ((SELECT private.active_team_ids())::uuid[]));

-- Notifications from users (0200): in their own name, to themselves or to
-- someone they share an active team or a live project with.
CREATE POLICY "users notify people they work with" ON public.notifications
  FOR INSERT TO authenticated
  WITH CHECK (from_user_id = (SELECT auth.uid())
              AND (to_user_id = (SELECT auth.uid()) OR private.share_workspace((SELECT auth.uid()), to_user_id)));
