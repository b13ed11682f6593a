-- The project sharing RPCs of 001 §7 (exposed as /rest/v1/rpc/{name}).
--
-- SECURITY DEFINER: they read and write project_invites and
-- project_members past RLS, so each one checks the caller itself:
-- signed-in users act as themselves (p_invited_by must be the caller);
-- service_role may act for anyone. Errors: 42501 for a refusal (HTTP 403),
-- 23505 for a duplicate (409), P0001/22023 for a bad request (400).

-- A user's role in a live project: owner, admin, member or NULL.
CREATE FUNCTION private.project_role_of(p_project_id uuid, p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE WHEN p.user_id = p_user_id THEN 'owner' ELSE m.role END
  FROM public.projects p
  LEFT JOIN public.project_members m ON m.project_id = p.id AND m.user_id = p_user_id
  WHERE p.id = p_project_id AND NOT p.is_deleted
$$;

-- Whether the caller is the service side rather than a user: a
-- service_role request without a user (billing webhooks, server
-- functions), or a direct privileged session that never switched role
-- (migrations, `daybase seed`, the admin SQL console). API requests always
-- run under SET ROLE anon/authenticated/service_role, so 'none' cannot
-- come from them.
CREATE FUNCTION private.is_service_caller() RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT coalesce(auth.role() = 'service_role' AND auth.uid() IS NULL, false)
      OR current_setting('role') = 'none'
$$;

-- Who acts in an RPC: the signed-in caller, or for service_role the user
-- it names. Raises 'Not authenticated' when there is nobody.
CREATE FUNCTION private.acting_user(p_claimed uuid) RETURNS uuid
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  v_uid uuid := auth.uid();
BEGIN
  IF private.is_service_caller() THEN
    IF p_claimed IS NULL THEN
      RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501', DETAIL = 'service_role must name the acting user.';
    END IF;
    RETURN p_claimed;
  END IF;
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  IF p_claimed IS NOT NULL AND p_claimed <> v_uid THEN
    RAISE EXCEPTION 'Not authorized' USING ERRCODE = '42501', DETAIL = 'Invitations are sent in the caller''s own name.';
  END IF;
  RETURN v_uid;
END
$$;

GRANT EXECUTE ON FUNCTION private.project_role_of(uuid, uuid), private.is_service_caller(), private.acting_user(uuid)
  TO authenticated, service_role;

-- Members (owner first) and open invitations by e-mail of a project, for
-- everyone in it. status: 'active' for members, 'pending' for invitations.
CREATE FUNCTION public.get_all_project_members_with_invites(p_project_id uuid)
RETURNS TABLE (
  id          uuid,
  project_id  uuid,
  user_id     uuid,
  user_email  text,
  user_name   text,
  avatar_url  text,
  role        text,
  status      text,
  invited_by  uuid,
  invited_at  timestamptz,
  expires_at  timestamptz,
  joined_at   timestamptz
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NOT private.is_service_caller()
     AND private.project_role_of(p_project_id, private.acting_user(NULL)) IS NULL THEN
    RAISE EXCEPTION 'You do not have access to this project' USING ERRCODE = '42501';
  END IF;
  RETURN QUERY
  SELECT * FROM (
    SELECT m.id, m.project_id, m.user_id, m.user_email, m.user_name, up.avatar_url, m.role,
           'active'::text AS status, NULL::uuid AS invited_by, NULL::timestamptz AS invited_at,
           NULL::timestamptz AS expires_at, m.created_at AS joined_at
    FROM public.project_members m
    LEFT JOIN public.user_profiles up ON up.id = m.user_id
    WHERE m.project_id = p_project_id
    UNION ALL
    SELECT i.id, i.project_id, NULL::uuid, i.email, NULL::text, NULL::text, 'member'::text,
           'pending'::text, i.invited_by, i.invited_at, i.expires_at, NULL::timestamptz
    FROM public.project_invites i
    WHERE i.project_id = p_project_id AND NOT i.is_link AND i.accepted_at IS NULL AND i.expires_at > now()
  ) r
  ORDER BY CASE r.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END,
           r.status, lower(coalesce(r.user_name, r.user_email)), r.id;
END
$$;

-- Open invitations of a project with who sent them, tokens included: for
-- the project's owner and admins only (001 §8: a refusal reads as "no
-- invites").
CREATE FUNCTION public.get_project_invites_with_inviter(p_project_id uuid)
RETURNS TABLE (
  id            uuid,
  project_id    uuid,
  email         text,
  invited_at    timestamptz,
  invited_by    uuid,
  expires_at    timestamptz,
  accepted_at   timestamptz,
  is_link       boolean,
  token         text,
  inviter_email text,
  inviter_name  text
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NOT private.is_service_caller()
     AND coalesce(private.project_role_of(p_project_id, private.acting_user(NULL)), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can see invitations' USING ERRCODE = '42501';
  END IF;
  RETURN QUERY
  SELECT i.id, i.project_id, i.email, i.invited_at, i.invited_by, i.expires_at, i.accepted_at, i.is_link, i.token,
         u.email::text, private.user_display_name(i.invited_by)
  FROM public.project_invites i
  LEFT JOIN auth.users u ON u.id = i.invited_by
  WHERE i.project_id = p_project_id AND i.accepted_at IS NULL AND i.expires_at > now()
  ORDER BY i.invited_at DESC, i.id;
END
$$;

-- Invites an e-mail address (lower-cased) to a project as a member. An
-- open invitation to the same address is renewed (new expiry, new token)
-- rather than duplicated. The invitation takes a collaborator seat.
CREATE FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_invited_by uuid)
RETURNS public.project_invites
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user   uuid := private.acting_user(p_invited_by);
  v_email  text := lower(btrim(p_email));
  v_owner  uuid;
  v_invite public.project_invites;
BEGIN
  IF coalesce(private.project_role_of(p_project_id, v_user), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can invite members' USING ERRCODE = '42501';
  END IF;
  IF NOT private.is_valid_email(v_email) THEN
    RAISE EXCEPTION 'Invalid email' USING ERRCODE = '22023';
  END IF;
  v_owner := private.project_owner(p_project_id);
  PERFORM private.lock_counter('collaborators:' || p_project_id);
  IF EXISTS (SELECT FROM public.project_members m JOIN auth.users u ON u.id = m.user_id
             WHERE m.project_id = p_project_id AND lower(u.email) = v_email) THEN
    RAISE EXCEPTION 'This person is already a member of this project' USING ERRCODE = '23505';
  END IF;

  SELECT * INTO v_invite FROM public.project_invites i
  WHERE i.project_id = p_project_id AND i.email = v_email AND i.accepted_at IS NULL
  FOR UPDATE;
  IF FOUND THEN
    IF v_invite.expires_at <= now() THEN
      PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(p_project_id));
    END IF;
    UPDATE public.project_invites
    SET invited_at = now(), invited_by = v_user, expires_at = now() + interval '7 days',
        token = encode(extensions.gen_random_bytes(24), 'hex')
    WHERE project_invites.id = v_invite.id
    RETURNING * INTO v_invite;
    RETURN v_invite;
  END IF;

  PERFORM private.assert_within_cap(v_owner, 'collaborators_per_project', private.count_collaborators(p_project_id));
  INSERT INTO public.project_invites (project_id, email, invited_by, is_link)
  VALUES (p_project_id, v_email, v_user, false)
  RETURNING * INTO v_invite;
  RETURN v_invite;
END
$$;

-- The invite link of a project (the switch of the share dialog): returns
-- the token of the open link invitation, creating one when there is none.
-- The app builds {origin}/app/teams/join/{token}. A link admits one person.
CREATE FUNCTION public.create_project_invite_link(p_project_id uuid, p_invited_by uuid)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user  uuid := private.acting_user(p_invited_by);
  v_token text;
BEGIN
  IF coalesce(private.project_role_of(p_project_id, v_user), '') NOT IN ('owner', 'admin') THEN
    RAISE EXCEPTION 'Only the project owner or an admin can invite members' USING ERRCODE = '42501';
  END IF;
  PERFORM private.lock_counter('collaborators:' || p_project_id);
  SELECT i.token INTO v_token FROM public.project_invites i
  WHERE i.project_id = p_project_id AND i.is_link AND i.accepted_at IS NULL AND i.expires_at > now()
  ORDER BY i.invited_at DESC
  LIMIT 1;
  IF v_token IS NOT NULL THEN
    RETURN v_token;
  END IF;
  PERFORM private.assert_within_cap(private.project_owner(p_project_id), 'collaborators_per_project',
                                    private.count_collaborators(p_project_id));
  INSERT INTO public.project_invites (project_id, email, invited_by, is_link)
  VALUES (p_project_id, NULL, v_user, true)
  RETURNING token INTO v_token;
  RETURN v_token;
END
$$;

-- Withdraws an open invitation (also what switching the link off does).
-- The project's owner and admins and the inviter may; to anyone else the
-- invitation does not exist.
CREATE FUNCTION public.cancel_project_invite(p_invite_id uuid)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_service boolean := private.is_service_caller();
  v_user    uuid := CASE WHEN v_service THEN NULL ELSE private.acting_user(NULL) END;
  v_invite  public.project_invites;
BEGIN
  SELECT * INTO v_invite FROM public.project_invites i WHERE i.id = p_invite_id FOR UPDATE;
  IF NOT FOUND
     OR (NOT v_service
         AND v_invite.invited_by IS DISTINCT FROM v_user
         AND coalesce(private.project_role_of(v_invite.project_id, v_user), '') NOT IN ('owner', 'admin')) THEN
    RAISE EXCEPTION 'Invitation not found' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.accepted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This invitation has already been accepted' USING ERRCODE = 'P0001';
  END IF;
  DELETE FROM public.project_invites WHERE project_invites.id = p_invite_id;
END
$$;

-- Joins the project of an invitation as a member. Unknown, used and
-- expired tokens are refused; an e-mail invitation admits only the
-- account with that confirmed address. Someone already in the project
-- gets the project back without using up the invitation.
-- Returns {"project_id", "project_name", "role", "already_member"}.
CREATE FUNCTION public.accept_project_invite(p_invite_token text)
RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_user    uuid := auth.uid();
  v_invite  public.project_invites;
  v_project public.projects;
  v_role    text;
BEGIN
  IF v_user IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_invite FROM public.project_invites i
  WHERE i.token = btrim(coalesce(p_invite_token, ''))
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invitation not found' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.accepted_at IS NOT NULL THEN
    RAISE EXCEPTION 'This invitation has already been used' USING ERRCODE = 'P0001';
  END IF;
  IF v_invite.expires_at <= now() THEN
    RAISE EXCEPTION 'This invitation has expired' USING ERRCODE = 'P0001';
  END IF;
  SELECT * INTO v_project FROM public.projects p WHERE p.id = v_invite.project_id;
  IF NOT FOUND OR v_project.is_deleted THEN
    RAISE EXCEPTION 'This project no longer exists' USING ERRCODE = 'P0001';
  END IF;
  IF NOT v_invite.is_link AND v_invite.email IS DISTINCT FROM private.current_user_email() THEN
    RAISE EXCEPTION 'This invitation was sent to a different email address' USING ERRCODE = '42501';
  END IF;

  v_role := private.project_role_of(v_project.id, v_user);
  IF v_role IS NOT NULL THEN
    RETURN jsonb_build_object('project_id', v_project.id, 'project_name', v_project.name,
                              'role', v_role, 'already_member', true);
  END IF;

  UPDATE public.project_invites SET accepted_at = now(), accepted_by = v_user
  WHERE project_invites.id = v_invite.id;
  INSERT INTO public.project_members (project_id, user_id, role)
  VALUES (v_project.id, v_user, 'member');
  RETURN jsonb_build_object('project_id', v_project.id, 'project_name', v_project.name,
                            'role', 'member', 'already_member', false);
END
$$;

REVOKE EXECUTE ON FUNCTION
  public.get_all_project_members_with_invites(uuid),
  public.get_project_invites_with_inviter(uuid),
  public.create_project_invite(uuid, text, uuid),
  public.create_project_invite_link(uuid, uuid),
  public.cancel_project_invite(uuid),
  public.accept_project_invite(text)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.get_all_project_members_with_invites(uuid),
  public.get_project_invites_with_inviter(uuid),
  public.create_project_invite(uuid, text, uuid),
  public.create_project_invite_link(uuid, uuid),
  public.cancel_project_invite(uuid),
  public.accept_project_invite(text)
  TO authenticated, service_role;
