-- Team invitations accept the client's two steps in either order (issue 25
-- §5; docs/decisions.md "Team invitations", amended 2026-11-26).
--
-- Accepting is two table calls: insert oneself into team_members, and set
-- the invitation's accepted_at. 0201 made the insert the acceptance, so a
-- client that marked the invitation first found it used and was refused
-- with 'Invalid or expired invitation'. Now an invitation has three states:
--
--   open              accepted_at IS NULL                 anyone it is addressed to may use it
--   accepted          accepted_at set, joined_at IS NULL  its acceptor may still join with it
--   used              joined_at set                       spent; leaving and coming back needs a new one
--
-- Joining takes an open invitation, or one the joiner accepted, while it is
-- unexpired, and stamps joined_at. Both open and accepted invitations hold
-- a seat under the team cap (accepting no longer frees one for a moment),
-- are replaced when the address is invited again, and may be withdrawn.

ALTER TABLE public.team_invitations ADD COLUMN joined_at timestamptz;
COMMENT ON COLUMN public.team_invitations.joined_at IS
  'When its addressee joined the team with it; set by the server. An invitation is used once this is set.';

-- Accepted invitations that made a membership are used; the ones marked
-- accepted without a membership (the invitees 0201 locked out) stay
-- joinable until they expire.
UPDATE public.team_invitations i SET joined_at = i.accepted_at
WHERE i.accepted_at IS NOT NULL
  AND EXISTS (SELECT FROM public.team_members m WHERE m.team_id = i.team_id AND m.user_id = i.accepted_by);

CREATE INDEX team_invitations_pending_idx ON public.team_invitations (team_id, email) WHERE joined_at IS NULL;

CREATE OR REPLACE FUNCTION private.count_team_seats(p_team_id uuid, p_with_owner boolean) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT (SELECT count(*) FROM public.team_members m
          WHERE m.team_id = p_team_id AND m.status = 'active'
            AND (p_with_owner OR m.user_id IS DISTINCT FROM private.team_owner(p_team_id)))
       + (SELECT count(*) FROM public.team_invitations i
          WHERE i.team_id = p_team_id AND i.joined_at IS NULL AND i.expires_at > now())
$$;

-- The invitation the current user joins a team with: their open one, or
-- one they accepted and have not joined with, unexpired. It is marked
-- accepted (when it was open) and used. NULL when there is none.
CREATE OR REPLACE FUNCTION private.take_team_invitation(p_team_id uuid) RETURNS public.team_invitations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_inv public.team_invitations;
BEGIN
  UPDATE public.team_invitations i
  SET accepted_at = coalesce(i.accepted_at, now()), accepted_by = coalesce(i.accepted_by, auth.uid()), joined_at = now()
  WHERE i.id = (SELECT j.id FROM public.team_invitations j
                WHERE j.team_id = p_team_id AND j.joined_at IS NULL AND j.expires_at > now()
                  AND j.email = private.current_user_email()
                  AND (j.accepted_at IS NULL OR j.accepted_by = auth.uid())
                -- One's own acceptance first, then the newest invitation.
                ORDER BY j.accepted_at IS NULL, j.created_at DESC
                LIMIT 1
                FOR UPDATE)
  RETURNING i.* INTO v_inv;
  RETURN v_inv;
END
$$;

-- Inviting an address again replaces whatever invitation of it is still
-- pending, open or accepted.
CREATE OR REPLACE FUNCTION private.drop_open_team_invitation(p_team_id uuid, p_email text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  DELETE FROM public.team_invitations i
  WHERE i.team_id = p_team_id AND i.email = lower(p_email) AND i.joined_at IS NULL
$$;

CREATE OR REPLACE FUNCTION private.team_invitations_before_write() RETURNS trigger
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
      NEW.joined_at := NULL;
      NEW.created_at := now();
    END IF;
    IF private.team_has_member_email(NEW.team_id, NEW.email) THEN
      RAISE EXCEPTION 'This person is already a member of this team' USING ERRCODE = '23505';
    END IF;
    -- Inviting an address again replaces its pending invitation (new token,
    -- new expiry); the replaced one gives its seat back first.
    PERFORM private.drop_open_team_invitation(NEW.team_id, NEW.email);
    IF NEW.joined_at IS NULL THEN
      PERFORM private.assert_team_seat(NEW.team_id);
    END IF;
    RETURN NEW;
  END IF;

  -- UPDATE
  IF v_end THEN
    IF OLD.accepted_at IS NOT NULL THEN
      -- Already accepted, by joining or by this same call made earlier:
      -- marking it again is a no-op.
      RETURN OLD;
    END IF;
    IF NEW.accepted_at IS NULL THEN
      RAISE EXCEPTION 'Invitations cannot be edited; cancel and invite again' USING ERRCODE = '42501';
    END IF;
    IF OLD.email IS DISTINCT FROM private.current_user_email() OR OLD.expires_at <= now() THEN
      RAISE EXCEPTION 'Invalid or expired invitation' USING ERRCODE = 'P0001';
    END IF;
    -- Accepted, not yet used: the member row that follows uses it.
    NEW := OLD;
    NEW.accepted_at := now();
    NEW.accepted_by := auth.uid();
  END IF;
  RETURN NEW;
END
$$;

DROP POLICY "admins, inviters and invitees withdraw open invitations" ON public.team_invitations;
CREATE POLICY "admins, inviters and invitees withdraw pending invitations" ON public.team_invitations
  FOR DELETE TO authenticated
  USING (joined_at IS NULL
         AND (invited_by = (SELECT auth.uid())
              OR team_id = ANY ((SELECT private.managed_team_ids())::uuid[])
              OR email = (SELECT private.current_user_email())));
