-- RPC get_project_invite {p_invite_token} (001 §7; issue 18).
--
-- The invite link {origin}/app/teams/join/{token} opens a page that accepts
-- the invitation (accept_project_invite, 0109). Before the person accepts,
-- the page says what they are joining and who asked them: this returns,
-- for an open invitation, the project's name, colour and icon, the
-- inviter's name, when it expires, whether it is a link, and whether the
-- caller is already in the project or is the wrong addressee of an e-mail
-- invitation. Holding the token is what entitles one to this (it is the
-- invitation's secret); nothing else of the project is shown.
--
-- Returns NULL for a token that is not a project invitation (the same page
-- serves team invitations, 0201), and {"status": "used" | "expired" |
-- "deleted"} for one that can no longer be accepted.

CREATE FUNCTION public.get_project_invite(p_invite_token text)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_uid     uuid := auth.uid();
  v_invite  public.project_invites;
  v_project public.projects;
BEGIN
  PERFORM auth.assert_data_access();
  IF v_uid IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_invite FROM public.project_invites i WHERE i.token = btrim(coalesce(p_invite_token, ''));
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_project FROM public.projects p WHERE p.id = v_invite.project_id;
  IF v_project.is_deleted THEN
    RETURN jsonb_build_object('status', 'deleted');
  END IF;
  -- Used: by anyone, unless the caller is in the project (they used it, or
  -- joined another way) and is just being shown the way in.
  IF v_invite.accepted_at IS NOT NULL AND private.project_role_of(v_project.id, v_uid) IS NULL THEN
    RETURN jsonb_build_object('status', 'used');
  END IF;
  IF v_invite.accepted_at IS NULL AND v_invite.expires_at <= now() THEN
    RETURN jsonb_build_object('status', 'expired');
  END IF;
  RETURN jsonb_build_object(
    'status', 'open',
    'project_id', v_project.id,
    'project_name', v_project.name,
    'project_color', v_project.color,
    'project_icon_name', v_project.icon_name,
    'inviter_name', private.user_display_name(v_invite.invited_by),
    'expires_at', v_invite.expires_at,
    'is_link', v_invite.is_link,
    'already_member', private.project_role_of(v_project.id, v_uid) IS NOT NULL,
    'wrong_recipient', NOT v_invite.is_link AND v_invite.email IS DISTINCT FROM private.current_user_email());
END
$$;

REVOKE EXECUTE ON FUNCTION public.get_project_invite(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.get_project_invite(text) TO authenticated, service_role;
