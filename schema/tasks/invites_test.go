package tasks_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

func TestCreateProjectInvite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	type invite struct {
		Email, InvitedBy, Token string
		IsLink                  bool
		Days                    int
	}
	create := func(a actor, email string, invitedBy any) (invite, error) {
		var i invite
		err := b.As(a, func(tx pgx.Tx) error {
			return tx.QueryRow(b.Ctx, `SELECT email, invited_by::text, token, is_link, round(extract(epoch FROM expires_at - now()) / 86400)::int
				FROM create_project_invite($1, $2, $3)`, idShared, email, invitedBy).
				Scan(&i.Email, &i.InvitedBy, &i.Token, &i.IsLink, &i.Days)
		})
		return i, err
	}

	first, err := create(w.admin, "  New.Person@Example.COM ", w.admin.ID)
	must(t, err)
	if !regexp.MustCompile(`^[0-9a-f]{48}$`).MatchString(first.Token) {
		t.Errorf("token %q is not 48 hex digits", first.Token)
	}
	want := invite{Email: "new.person@example.com", InvitedBy: w.admin.ID, Token: first.Token, IsLink: false, Days: 7}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// Inviting the same address again renews the one invitation.
	again, err := create(w.owner, "new.person@example.com", nil)
	must(t, err)
	if again.Token == first.Token || again.InvitedBy != w.owner.ID {
		t.Errorf("renewal kept token or inviter: %+v", again)
	}
	if n := superScalar[int](b, "SELECT count(*) FROM project_invites WHERE email = 'new.person@example.com'"); n != 1 {
		t.Errorf("%d invitations for one address", n)
	}

	for _, c := range []struct {
		name      string
		who       actor
		email     string
		invitedBy any
		code, msg string
	}{
		{"bad address", w.owner, "not-an-email", nil, "22023", "Invalid email"},
		{"address with a space", w.owner, "a b@example.com", nil, "22023", "Invalid email"},
		{"address too long", w.owner, strings.Repeat("a", 250) + "@x.io", nil, "22023", "Invalid email"},
		{"already a member", w.owner, "MEMBER@example.com", nil, "23505", "This person is already a member of this project"},
		{"the owner", w.admin, "owner@example.com", nil, "23505", "This person is already a member of this project"},
		{"in someone else's name", w.admin, "x@example.com", idOwner, "42501", "Not authorized"},
		{"a plain member", w.member, "x@example.com", nil, "42501", "Only the project owner or an admin can invite members"},
		{"a stranger", w.stranger, "x@example.com", nil, "42501", "Only the project owner or an admin can invite members"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := create(c.who, c.email, c.invitedBy)
			wantError(t, err, c.code, c.msg)
		})
	}

	// service_role invites on someone's behalf, who must still be allowed to.
	_, err = scalar[string](b, service, "SELECT email FROM create_project_invite($1, 'svc@example.com', $2)", idShared, w.owner.ID)
	must(t, err)
	_, err = scalar[string](b, service, "SELECT email FROM create_project_invite($1, 'svc2@example.com', $2)", idShared, w.member.ID)
	wantError(t, err, "42501", "Only the project owner or an admin can invite members")
	_, err = scalar[string](b, service, "SELECT email FROM create_project_invite($1, 'svc3@example.com', NULL)", idShared)
	wantError(t, err, "42501", "Not authenticated")
}

func TestInviteLink(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	// The fixture's open link is returned as is: the switch is idempotent.
	got, err := scalar[string](b, w.owner, "SELECT create_project_invite_link($1, auth.uid())", idShared)
	must(t, err)
	if got != tokenLink {
		t.Errorf("existing link token %q, want %q", got, tokenLink)
	}
	// Switching it off cancels it; switching on makes a new one.
	must(t, b.Exec(w.admin, "SELECT cancel_project_invite($1)", idInviteLink))
	fresh, err := scalar[string](b, w.admin, "SELECT create_project_invite_link($1, NULL)", idShared)
	must(t, err)
	if fresh == tokenLink || len(fresh) != 48 {
		t.Errorf("new link token %q", fresh)
	}
	// The joining screen (/app/teams/join/{token}) accepts it once.
	res, err := scalar[string](b, w.stranger, "SELECT accept_project_invite($1)::text", fresh)
	must(t, err)
	var joined map[string]any
	json.Unmarshal([]byte(res), &joined)
	if diff := cmp.Diff(map[string]any{"project_id": idShared, "project_name": "Shared", "role": "member", "already_member": false}, joined); diff != "" {
		t.Errorf("accept result (-want +got):\n%s", diff)
	}
	_, err = scalar[string](b, w.invitee, "SELECT accept_project_invite($1)::text", fresh)
	wantError(t, err, "P0001", "This invitation has already been used")
}

func TestAcceptProjectInvite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	accept := func(a actor, token string) error {
		_, err := scalar[string](b, a, "SELECT accept_project_invite($1)::text", token)
		return err
	}
	wantError(t, accept(w.invitee, "no-such-token"), "P0001", "Invitation not found")
	wantError(t, accept(w.invitee, ""), "P0001", "Invitation not found")
	wantError(t, accept(w.stranger, tokenEmail), "42501", "This invitation was sent to a different email address")
	wantError(t, accept(anonymous, tokenEmail), "42501", "permission denied for function accept_project_invite")

	// An unconfirmed address is not good enough.
	b.Super("UPDATE auth.users SET email_confirmed_at = NULL WHERE id = $1", w.invitee.ID)
	wantError(t, accept(w.invitee, tokenEmail), "42501", "This invitation was sent to a different email address")
	b.Super("UPDATE auth.users SET email_confirmed_at = now() WHERE id = $1", w.invitee.ID)

	// Expired.
	b.Super("UPDATE project_invites SET expires_at = now() - interval '1 second' WHERE token = $1", tokenEmail)
	wantError(t, accept(w.invitee, tokenEmail), "P0001", "This invitation has expired")
	b.Super("UPDATE project_invites SET expires_at = now() + interval '1 day' WHERE token = $1", tokenEmail)

	must(t, accept(w.invitee, tokenEmail))
	got := superScalar[string](b, `SELECT m.role || ' ' || m.user_email || ' ' || (i.accepted_by = m.user_id) || ' ' || (i.accepted_at IS NOT NULL)
		FROM project_members m JOIN project_invites i ON i.token = $2 WHERE m.project_id = $1 AND m.user_id = $3`, idShared, tokenEmail, w.invitee.ID)
	if got != "member invitee@example.com true true" {
		t.Errorf("after accepting: %q", got)
	}
	wantError(t, accept(w.invitee, tokenEmail), "P0001", "This invitation has already been used")
	// The new member reads the project and its tasks.
	n, err := scalar[int](b, w.invitee, "SELECT count(*) FROM user_accessible_tasks_with_project WHERE project_id = $1", idShared)
	must(t, err)
	if n != 2 {
		t.Errorf("new member sees %d tasks of the project, want 2", n)
	}

	// A deleted project takes its invitations' use away.
	must(t, b.Exec(w.stranger, "UPDATE projects SET is_deleted = true WHERE id = $1", idElsewhere))
	other := b.NewUser("someone@example.com", nil)
	wantError(t, accept(other, tokenElsewhere), "P0001", "This project no longer exists")
}

func TestCancelProjectInvite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	cancel := func(a actor, id string) error { return b.Exec(a, "SELECT cancel_project_invite($1)", id) }
	wantError(t, cancel(w.member, idInviteEmail), "P0001", "Invitation not found")
	wantError(t, cancel(w.invitee, idInviteEmail), "P0001", "Invitation not found")
	wantError(t, cancel(w.owner, "00000000-0000-4000-8000-000000000000"), "P0001", "Invitation not found")
	must(t, cancel(w.admin, idInviteEmail))
	wantError(t, cancel(w.owner, idInviteEmail), "P0001", "Invitation not found")

	// The inviter may cancel an invitation even after losing the admin role.
	_, err := scalar[string](b, w.admin, "SELECT id::text FROM create_project_invite($1, 'later@example.com', NULL)", idShared)
	must(t, err)
	b.Super("UPDATE project_members SET role = 'member' WHERE user_id = $1", w.admin.ID)
	must(t, b.Exec(w.admin, "SELECT cancel_project_invite(id) FROM project_invites WHERE email = 'later@example.com'"))

	// Accepted invitations stay as the record of who joined.
	_, err = scalar[string](b, w.stranger, "SELECT accept_project_invite($1)::text", tokenLink)
	must(t, err)
	wantError(t, cancel(w.owner, idInviteLink), "P0001", "This invitation has already been accepted")
}

func TestMembersWithInvitesAndInvitesWithInviter(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	b.Super(`UPDATE user_profiles SET avatar_url = 'https://img.example/m.png' WHERE id = $1`, w.member.ID)
	b.Super(`INSERT INTO project_invites (project_id, email, invited_by, expires_at) VALUES ($1, 'late@example.com', $2, now() - interval '1 day')`, idShared, idOwner)
	type entry struct {
		UserID, Email, Name, Avatar, Role, Status string
	}
	var got []entry
	must(t, b.As(w.member, func(tx pgx.Tx) error {
		r, _ := tx.Query(b.Ctx, `SELECT coalesce(user_id::text, ''), user_email, coalesce(user_name, ''), coalesce(avatar_url, ''), role, status
			FROM get_all_project_members_with_invites($1)`, idShared)
		var err error
		got, err = pgx.CollectRows(r, func(r pgx.CollectableRow) (entry, error) {
			var e entry
			return e, r.Scan(&e.UserID, &e.Email, &e.Name, &e.Avatar, &e.Role, &e.Status)
		})
		return err
	}))
	want := []entry{
		{idOwner, "owner@example.com", "Olive Owner", "", "owner", "active"},
		{w.admin.ID, "admin@example.com", "Adam Admin", "", "admin", "active"},
		{w.member.ID, "member@example.com", "Mia Member", "https://img.example/m.png", "member", "active"},
		{"", "invitee@example.com", "", "", "member", "pending"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("members with invites (-want +got):\n%s", diff)
	}

	type pending struct{ Email, InviterEmail, InviterName, Token string }
	var invites []pending
	must(t, b.As(w.admin, func(tx pgx.Tx) error {
		r, _ := tx.Query(b.Ctx, `SELECT coalesce(email, '(link)'), inviter_email, inviter_name, token
			FROM get_project_invites_with_inviter($1) ORDER BY is_link, email`, idShared)
		var err error
		invites, err = pgx.CollectRows(r, func(r pgx.CollectableRow) (pending, error) {
			var p pending
			return p, r.Scan(&p.Email, &p.InviterEmail, &p.InviterName, &p.Token)
		})
		return err
	}))
	wantInvites := []pending{
		{"invitee@example.com", "owner@example.com", "Olive Owner", tokenEmail},
		{"(link)", "owner@example.com", "Olive Owner", tokenLink},
	}
	if diff := cmp.Diff(wantInvites, invites); diff != "" {
		t.Errorf("invites with inviter (-want +got):\n%s", diff)
	}
	_, err := scalar[int](b, w.member, "SELECT count(*)::int FROM get_project_invites_with_inviter($1)", idShared)
	wantError(t, err, "42501", "Only the project owner or an admin can see invitations")
	_, err = scalar[int](b, w.stranger, "SELECT count(*)::int FROM get_all_project_members_with_invites($1)", idShared)
	wantError(t, err, "42501", "You do not have access to this project")
}
