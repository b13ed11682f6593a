package workspace_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

// acceptAsTheAppDoes is web/src/features/teams/api/accept-invitation.ts:
// read the open invitation by token, join as a member with its role, mark
// it accepted. It returns the role the member row got.
func acceptAsTheAppDoes(b *bundle, a actor, token string) (string, error) {
	var role string
	err := b.As(a, func(tx pgx.Tx) error {
		var id, teamID, invRole string
		var invitedBy *string
		if err := tx.QueryRow(b.Ctx, `SELECT id::text, team_id::text, role, invited_by::text FROM team_invitations
			WHERE token = $1 AND accepted_at IS NULL AND expires_at > now()`, token).Scan(&id, &teamID, &invRole, &invitedBy); err != nil {
			if err == pgx.ErrNoRows {
				return errInvalidInvitation
			}
			return err
		}
		if err := tx.QueryRow(b.Ctx, `INSERT INTO team_members (team_id, user_id, role, status, invited_by)
			VALUES ($1, auth.uid(), $2, 'active', $3) RETURNING role`, teamID, invRole, invitedBy).Scan(&role); err != nil {
			return err
		}
		_, err := tx.Exec(b.Ctx, "UPDATE team_invitations SET accepted_at = now() WHERE id = $1", id)
		return err
	})
	return role, err
}

type appError string

func (e appError) Error() string { return string(e) }

// What the app reports when the read finds no open invitation (002 §5).
const errInvalidInvitation = appError("Invalid or expired invitation")

// TestTeamInvitationAdmitsItsAddresseeOnceBeforeExpiry follows the app's
// acceptance flow and tries every way around it.
func TestTeamInvitationAdmitsItsAddresseeOnceBeforeExpiry(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()

	// Someone else holding the token sees nothing, and cannot join by
	// inserting directly either.
	_, err := acceptAsTheAppDoes(b, w.stranger, tokenInvitee)
	if err != errInvalidInvitation {
		t.Fatalf("stranger with the token: %s", describe(err))
	}
	err = b.Exec(w.stranger, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
	wantError(t, err, "P0001", "Invalid or expired invitation")

	// The addressee joins with the invitation's role, whatever they send.
	b.Super("UPDATE team_invitations SET role = 'admin' WHERE id = $1", idInviteTeam)
	err = b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id, role) VALUES ($1, auth.uid(), 'member')", idTeam)
	must(t, err)
	got, err := scalar[string](b, w.invitee, `SELECT role || ':' || status || ':' || coalesce(invited_by::text, '-') || ':' || full_name
		FROM team_members WHERE user_id = auth.uid()`)
	must(t, err)
	if want := "admin:active:" + idOwner + ":Ivy Invitee"; got != want {
		t.Errorf("member row %q, want %q", got, want)
	}
	accepted, err := scalar[bool](b, w.invitee, "SELECT accepted_at IS NOT NULL FROM team_invitations WHERE id = $1", idInviteTeam)
	must(t, err)
	if !accepted {
		t.Error("joining did not use the invitation up")
	}
	// The client's own "mark accepted" afterwards is harmless.
	must(t, b.Exec(w.invitee, "UPDATE team_invitations SET accepted_at = now() WHERE id = $1", idInviteTeam))

	// Once: leaving and coming back with the same token does not work.
	must(t, b.Exec(w.invitee, "UPDATE team_members SET status = 'inactive' WHERE user_id = auth.uid()"))
	_, err = acceptAsTheAppDoes(b, w.invitee, tokenInvitee)
	if err != errInvalidInvitation {
		t.Fatalf("second use: %s", describe(err))
	}
	err = b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
	wantError(t, err, "P0001", "Invalid or expired invitation")
	// Nor by switching their old row back on (it is out of their reach),
	// nor by an admin doing it for them.
	must(t, b.Exec(w.invitee, "UPDATE team_members SET status = 'active' WHERE user_id = auth.uid()"))
	if n := superScalar[int](b, "SELECT count(*) FROM team_members WHERE team_id = $1 AND user_id = $2 AND status = 'active'", idTeam, w.invitee.ID); n != 0 {
		t.Fatal("a former member reactivated their own row")
	}
	err = b.Exec(w.owner, "UPDATE team_members SET status = 'active' WHERE user_id = $1", w.invitee.ID)
	wantError(t, err, "42501", "Members rejoin a team by accepting an invitation")

	// Before expiry: a new invitation, expired, admits nobody.
	must(t, b.Exec(w.owner, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'invitee@example.com')", idTeam))
	b.Super("UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE accepted_at IS NULL AND email = 'invitee@example.com'")
	token := superScalar[string](b, "SELECT token FROM team_invitations WHERE accepted_at IS NULL AND email = 'invitee@example.com'")
	_, err = acceptAsTheAppDoes(b, w.invitee, token)
	if err != errInvalidInvitation {
		t.Fatalf("expired: %s", describe(err))
	}
	err = b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
	wantError(t, err, "P0001", "Invalid or expired invitation")
	err = b.Exec(w.invitee, "UPDATE team_invitations SET accepted_at = now() WHERE token = $1", token)
	wantError(t, err, "P0001", "Invalid or expired invitation")

	// Invited again (a fresh invitation replaces the expired one): the app's
	// flow works and makes a new member row; the old one stays as history.
	must(t, b.Exec(w.owner, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'invitee@example.com')", idTeam))
	token = superScalar[string](b, "SELECT token FROM team_invitations WHERE accepted_at IS NULL AND email = 'invitee@example.com'")
	if len(token) != 64 {
		t.Errorf("token %q: want 64 hexadecimal characters", token)
	}
	role, err := acceptAsTheAppDoes(b, w.invitee, token)
	must(t, err)
	if role != "member" {
		t.Errorf("role %q", role)
	}
	rows, err := column(b, w.invitee, "SELECT status FROM team_members WHERE user_id = auth.uid() ORDER BY created_at")
	must(t, err)
	if diff := cmp.Diff([]string{"inactive", "active"}, rows); diff != "" {
		t.Errorf("member rows (-want +got):\n%s", diff)
	}
}

// TestTeamInvitationAcceptedInEitherOrder: a client may mark the
// invitation accepted before or after inserting the member row (issue 25
// §5); either way the invitee joins once, with the invitation's role, and
// the invitation ends up used.
func TestTeamInvitationAcceptedInEitherOrder(t *testing.T) {
	t.Parallel()
	markThenJoin := func(b *bundle, a actor) error {
		if err := b.Exec(a, "UPDATE team_invitations SET accepted_at = now() WHERE token = $1", tokenInvitee); err != nil {
			return err
		}
		return b.Exec(a, "INSERT INTO team_members (team_id, user_id, role) VALUES ($1, auth.uid(), 'admin')", idTeam)
	}
	joinThenMark := func(b *bundle, a actor) error {
		if err := b.Exec(a, "INSERT INTO team_members (team_id, user_id, role) VALUES ($1, auth.uid(), 'admin')", idTeam); err != nil {
			return err
		}
		return b.Exec(a, "UPDATE team_invitations SET accepted_at = now() WHERE token = $1", tokenInvitee)
	}
	for _, tc := range []struct {
		name   string
		accept func(*bundle, actor) error
	}{{"mark accepted, then join", markThenJoin}, {"join, then mark accepted", joinThenMark}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			w := b.loadWorld()
			// Someone else holding the token gets nowhere in this order either.
			err := tc.accept(b, w.stranger)
			if err == nil {
				t.Fatal("a stranger accepted the invitee's invitation")
			}
			must(t, tc.accept(b, w.invitee))
			got, err := scalar[string](b, w.invitee, `SELECT role || ':' || status || ':' || coalesce(invited_by::text, '-')
				FROM team_members WHERE user_id = auth.uid() AND team_id = $1`, idTeam)
			must(t, err)
			if want := "member:active:" + idOwner; got != want {
				t.Errorf("member row %q, want %q (the invitation's role, not the client's)", got, want)
			}
			state := superScalar[string](b, `SELECT (accepted_at IS NOT NULL) || ':' || (accepted_by = $2) || ':' || (joined_at IS NOT NULL)
				FROM team_invitations WHERE id = $1`, idInviteTeam, w.invitee.ID)
			if state != "true:true:true" {
				t.Errorf("invitation accepted:by invitee:used = %s, want true:true:true", state)
			}
			// Used once: leaving and joining again with it is refused.
			must(t, b.Exec(w.invitee, "UPDATE team_members SET status = 'inactive' WHERE user_id = auth.uid() AND team_id = $1", idTeam))
			err = b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
			wantError(t, err, "P0001", "Invalid or expired invitation")
		})
	}

	// Marked accepted and not yet used, the invitation keeps its seat, can
	// be withdrawn, and expires like an open one.
	t.Run("accepted, not joined", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		w := b.loadWorld()
		seats := func() int64 { return superScalar[int64](b, "SELECT private.count_team_seats($1, false)", idTeam) }
		before := seats()
		must(t, b.Exec(w.invitee, "UPDATE team_invitations SET accepted_at = now() WHERE token = $1", tokenInvitee))
		if after := seats(); after != before {
			t.Errorf("seats %d after accepting, %d before: accepting must keep the seat", after, before)
		}
		b.Super("UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", idInviteTeam)
		err := b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
		wantError(t, err, "P0001", "Invalid or expired invitation")
		b.Super("UPDATE team_invitations SET expires_at = now() + interval '1 day' WHERE id = $1", idInviteTeam)
		must(t, b.Exec(w.owner, "DELETE FROM team_invitations WHERE id = $1", idInviteTeam))
		if n := superScalar[int](b, "SELECT count(*) FROM team_invitations WHERE id = $1", idInviteTeam); n != 0 {
			t.Error("the owner could not withdraw an accepted, unused invitation")
		}
		err = b.Exec(w.invitee, "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid())", idTeam)
		wantError(t, err, "P0001", "Invalid or expired invitation")
	})
}

// TestTeamInvitationRules: who invites whom, duplicates, renewals and
// the server's choice of token and expiry.
func TestTeamInvitationRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	invite := func(a actor, email, role string) error {
		return b.Exec(a, "INSERT INTO team_invitations (team_id, email, role, token, expires_at) VALUES ($1, $2, $3, 'chosen', now() + interval '1 year')", idTeam, email, role)
	}
	wantError(t, invite(w.member, "x@example.com", "member"), "42501", "Only the team owner or an admin can invite members")
	wantError(t, invite(w.admin, "x@example.com", "admin"), "42501", "Only the team owner can invite admins")
	wantError(t, invite(w.owner, "Member@Example.com", "member"), "23505", "This person is already a member of this team")
	wantError(t, invite(w.owner, "not-an-email", "member"), "22023", "Invalid email")
	must(t, invite(w.admin, "  X@Example.com ", "member"))
	must(t, invite(w.owner, "x@example.com", "admin"))
	got, err := column(b, w.owner, `SELECT email || ':' || role || ':' || invited_by || ':' || (token <> 'chosen') || ':' ||
		(expires_at < now() + interval '8 days') FROM team_invitations WHERE email = 'x@example.com'`)
	must(t, err)
	if diff := cmp.Diff([]string{"x@example.com:admin:owner:true:true"}, got); diff != "" {
		t.Errorf("invitations (-want +got):\n%s", diff)
	}
	// The invitee hears of it when they have an account.
	note, err := scalar[string](b, w.invitee, `SELECT type || ':' || title || ':' || (metadata->>'token' = $1) || ':' || (metadata->>'actionUrl')
		FROM notifications WHERE entity_type = 'team_invitation'`, tokenInvitee)
	must(t, err)
	if want := "system:Team invitation:true:/teams/join/" + tokenInvitee; note != want {
		t.Errorf("notification %q, want %q", note, want)
	}
	// Invitations cannot be edited, only withdrawn.
	err = b.Exec(w.owner, "UPDATE team_invitations SET role = 'admin'")
	if n := superScalar[int](b, "SELECT count(*) FROM team_invitations WHERE role = 'admin' AND email = 'invitee@example.com'"); err == nil && n > 0 {
		t.Error("owner edited an invitation")
	}
	err = b.Exec(w.invitee, "UPDATE team_invitations SET role = 'admin', expires_at = now() + interval '1 year'")
	wantError(t, err, "42501", "Invitations cannot be edited; cancel and invite again")
}

// TestTeamRoles: role changes, removal and leaving (002 §6 and the
// decisions of docs/decisions.md).
func TestTeamRoles(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	set := func(a actor, who, column, value string) error {
		return b.Exec(a, "UPDATE team_members SET "+column+" = $1 WHERE team_id = $2 AND user_id = $3 AND status = 'active'", value, idTeam, who)
	}
	const idAdmin = "00000000-0000-4000-8000-0000000000a2"
	wantError(t, set(w.admin, idMember, "role", "admin"), "42501", "Only the team owner can change roles")
	wantError(t, set(w.member, idMember, "role", "admin"), "42501", "You cannot change your own role")
	wantError(t, set(w.owner, idOwner, "role", "member"), "42501", "The team owner's role cannot be changed")
	wantError(t, set(w.owner, idOwner, "status", "inactive"), "42501", "The team owner cannot be removed")
	wantError(t, set(w.admin, idOwner, "status", "inactive"), "42501", "The team owner cannot be removed")
	wantError(t, set(w.member, idAdmin, "status", "inactive"), "42501", "Only the team owner or an admin can remove members")
	must(t, set(w.owner, idMember, "role", "admin"))
	wantError(t, set(w.admin, idMember, "status", "inactive"), "42501", "Only the team owner can remove an admin")
	must(t, set(w.owner, idMember, "role", "member"))
	must(t, set(w.admin, idMember, "status", "inactive"))
	// The removed member loses the team's tasks at once (their
	// assignments there are withdrawn).
	titles, err := column(b, w.member, "SELECT title FROM tasks ORDER BY 1")
	must(t, err)
	if diff := cmp.Diff([]string{"shared"}, titles); diff != "" {
		t.Errorf("removed member's tasks (-want +got):\n%s", diff)
	}
	// Anyone but the owner may leave.
	must(t, set(w.admin, idAdmin, "status", "inactive"))

	feed, err := column(b, w.owner, "SELECT action || ':' || coalesce(user_id::text, '-') || ':' || coalesce(entity_id::text, '-') FROM team_activity_log WHERE team_id = $1 AND action <> 'fixture' ORDER BY created_at, action", idTeam)
	must(t, err)
	want := []string{
		"team_created:owner:Team", "member_joined:admin:admin", "member_joined:member:member", "member_joined:former:former",
		"member_left:former:former", "member_invited:owner:invite:team", "task_assigned:owner:task:team",
		"role_changed:owner:member", "role_changed:owner:member", "member_removed:admin:member", "member_left:admin:admin",
	}
	if diff := cmp.Diff(sorted(want), sorted(feed)); diff != "" {
		t.Errorf("team feed (-want +got):\n%s", diff)
	}
}

// TestTeamDeletion: only the owner deletes a team (002 §6, the one hard
// delete); its tasks stay with their owners, outside any team.
func TestTeamDeletion(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	n, err := scalar[int](b, w.admin, "WITH d AS (DELETE FROM teams WHERE id = $1 RETURNING 1) SELECT count(*) FROM d", idTeam)
	must(t, err)
	if n != 0 {
		t.Fatal("an admin deleted the team")
	}
	n, err = scalar[int](b, w.owner, "WITH d AS (DELETE FROM teams WHERE id = $1 AND owner_id = auth.uid() RETURNING 1) SELECT count(*) FROM d", idTeam)
	must(t, err)
	if n != 1 {
		t.Fatal("the owner could not delete the team")
	}
	got := superScalar[string](b, "SELECT coalesce(team_id::text, 'none') || ':' || user_id FROM tasks WHERE id = $1", idTaskTeam)
	if label(got) != "none:owner" {
		t.Errorf("team task after deletion: %s", label(got))
	}
	if n := superScalar[int](b, "SELECT count(*) FROM team_members WHERE team_id = $1", idTeam) +
		superScalar[int](b, "SELECT count(*) FROM team_subscriptions WHERE team_id = $1", idTeam); n != 0 {
		t.Errorf("%d member and subscription rows survive the team", n)
	}
}

// TestTeamNameAndIdentity: team fields are validated; member rows carry
// the member's current display data.
func TestTeamNameAndIdentity(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	wantError(t, b.Exec(w.owner, "INSERT INTO teams (name) VALUES ('   ')"), "23514", "Team name is required")
	err := b.Exec(w.owner, "UPDATE teams SET owner_id = $1 WHERE id = $2", idMember, idTeam)
	wantError(t, err, "42501", "Team ownership cannot be changed")
	must(t, b.Exec(w.member, "UPDATE user_profiles SET full_name = 'Mia M.', avatar_url = 'https://x/mia.png' WHERE id = auth.uid()"))
	got, err := scalar[string](b, w.owner, "SELECT full_name || ':' || avatar_url || ':' || email FROM team_members WHERE user_id = $1", idMember)
	must(t, err)
	if got != "Mia M.:https://x/mia.png:member@example.com" {
		t.Errorf("member identity %q", got)
	}
}
