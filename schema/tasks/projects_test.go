package tasks_test

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestProjectNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	other := b.NewUser("o@example.com", nil)
	b.newProject(u, "Work")
	dup := "A project with this name already exists. Please try again."
	wantError(t, b.Exec(u, "INSERT INTO projects (name) VALUES ('Work')"), "23505", dup)
	wantError(t, b.Exec(u, "INSERT INTO projects (name) VALUES ('  wORK ')"), "23505", dup)
	home := b.newProject(u, "Home")
	wantError(t, b.Exec(u, "UPDATE projects SET name = 'work' WHERE id = $1", home), "23505", dup)
	wantError(t, b.Exec(u, "INSERT INTO projects (name) VALUES ('   ')"), "23514", "Project name is required")
	wantError(t, b.Exec(u, "INSERT INTO projects (name) VALUES ($1)", strings.Repeat("n", 101)), "23514", "Project name must be at most 100 characters")

	// Names are per owner, trimmed, and a deleted project frees its name.
	b.newProject(other, "Work")
	trimmed := b.newProject(u, "  Garden  ")
	if got := superScalar[string](b, "SELECT name FROM projects WHERE id = $1", trimmed); got != "Garden" {
		t.Errorf("name stored as %q", got)
	}
	must(t, b.Exec(u, "UPDATE projects SET is_deleted = true WHERE name = 'Work'"))
	b.newProject(u, "Work")
	// ...and cannot come back while the name is taken again.
	wantError(t, b.Exec(u, "UPDATE projects SET is_deleted = false WHERE name = 'Work' AND is_deleted"), "23505", dup)
}

func TestProjectDefaultsAndOwnerRow(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", map[string]any{"full_name": "Una User"})
	id := b.newProject(u, "Defaults")
	got := superScalar[string](b, `SELECT concat_ws(' ', color, icon_name, icon_weight, is_favorite, is_shared, is_deleted, owner_id = user_id)
		FROM projects WHERE id = $1`, id)
	if want := "#3b82f6 Folder duotone f f f t"; got != want {
		t.Errorf("defaults %q, want %q", got, want)
	}
	got = superScalar[string](b, "SELECT concat_ws(' ', role, user_email, user_name) FROM project_members WHERE project_id = $1", id)
	if want := "owner u@example.com Una User"; got != want {
		t.Errorf("owner row %q, want %q", got, want)
	}
	// owner_id always follows user_id, whatever the client sends.
	forged := superScalar[string](b, "INSERT INTO projects (user_id, owner_id, name) VALUES ($1, extensions.gen_random_uuid(), 'x') RETURNING (owner_id = user_id)::text", u.ID)
	if forged != "true" {
		t.Errorf("owner_id differs from user_id")
	}
}

func TestProjectEditsByRole(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	for _, c := range []struct {
		name string
		who  actor
		set  string
		rows int    // rows changed when allowed
		code string // otherwise
		msg  string
	}{
		{"owner renames", w.owner, "name = 'Renamed'", 1, "", ""},
		{"admin renames", w.admin, "name = 'Renamed', overview = 'Due: 2026-12-01', color = '#ef4444'", 1, "", ""},
		{"member cannot edit (RLS hides the row)", w.member, "name = 'Renamed'", 0, "", ""},
		{"stranger cannot edit", w.stranger, "name = 'Renamed'", 0, "", ""},
		{"admin cannot delete", w.admin, "is_deleted = true", 0, "42501", "Only the project owner can delete this project"},
		{"admin cannot reorder", w.admin, "sort_order = 99", 0, "42501", "Only projects you own can be reordered"},
		{"admin cannot favorite", w.admin, "is_favorite = true", 0, "42501", "Only the project owner can change favorites"},
		{"nobody takes ownership", w.admin, "user_id = '00000000-0000-4000-8000-0000000000a2'", 0, "42501", "Project ownership cannot be changed"},
		{"owner cannot give it away", w.owner, "user_id = '00000000-0000-4000-8000-0000000000a2'", 0, "42501", "Project ownership cannot be changed"},
		{"owner reorders and favorites", w.owner, "sort_order = 99, is_favorite = true", 1, "", ""},
		{"owner deletes", w.owner, "is_deleted = true", 1, "", ""},
		{"is_shared is derived", w.owner, "is_shared = false", 1, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := b.Begin(c.who)
			defer tx.Rollback(b.Ctx)
			tag, err := tx.Exec(b.Ctx, "UPDATE projects SET "+c.set+" WHERE id = $1", idShared)
			if c.code != "" {
				wantError(t, err, c.code, c.msg)
				return
			}
			must(t, err)
			if int(tag.RowsAffected()) != c.rows {
				t.Errorf("%d rows changed, want %d", tag.RowsAffected(), c.rows)
			}
		})
	}
	if !superScalar[bool](b, "SELECT is_shared FROM projects WHERE id = $1", idShared) {
		t.Errorf("a project with members lost is_shared")
	}
	// Not even service_role moves a project to another owner.
	err := b.Exec(service, "UPDATE projects SET user_id = $2 WHERE id = $1", idShared, w.admin.ID)
	wantError(t, err, "42501", "Project ownership cannot be changed")
}

func TestMemberRoleRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	// A second admin, so "admin removes admin" has a target.
	second := b.NewUser("second@example.com", nil)
	b.Super("INSERT INTO project_members (project_id, user_id, role) VALUES ($1, $2, 'admin')", idShared, second.ID)
	const (
		ownerID  = "00000000-0000-4000-8000-0000000000a1"
		adminID  = "00000000-0000-4000-8000-0000000000a2"
		memberID = "00000000-0000-4000-8000-0000000000a3"
	)
	change := "UPDATE project_members SET role = $3 WHERE project_id = $1 AND user_id = $2"
	remove := "DELETE FROM project_members WHERE project_id = $1 AND user_id = $2"
	for _, c := range []struct {
		name    string
		who     actor
		sql     string
		target  string
		role    string
		code    string
		msg     string
		changed int
	}{
		// 001 §6: change a role: owner only; nobody changes their own entry.
		{"owner promotes a member", w.owner, change, memberID, "admin", "", "", 1},
		{"owner demotes an admin", w.owner, change, adminID, "member", "", "", 1},
		{"admin cannot change roles", w.admin, change, memberID, "admin", "42501", "Only the project owner can change roles", 0},
		{"member cannot change roles", w.member, change, adminID, "member", "42501", "Only the project owner can change roles", 0},
		{"admin cannot change own role", w.admin, change, adminID, "member", "42501", "You cannot change your own role", 0},
		{"member cannot promote self", w.member, change, memberID, "admin", "42501", "You cannot change your own role", 0},
		{"owner cannot change own entry", w.owner, change, ownerID, "admin", "42501", "You cannot change your own role", 0},
		{"admin cannot touch the owner entry", w.admin, change, ownerID, "member", "42501", "The project owner's role cannot be changed", 0},
		{"nobody becomes owner", w.owner, change, memberID, "owner", "23514", "Only the project owner holds the owner role", 0},
		{"stranger sees no row to change", w.stranger, change, memberID, "admin", "", "", 0},
		// 001 §6: invite and remove: owner and admin; nobody removes themselves.
		{"owner removes a member", w.owner, remove, memberID, "", "", "", 1},
		{"owner removes an admin", w.owner, remove, adminID, "", "", "", 1},
		{"admin removes a member", w.admin, remove, memberID, "", "", "", 1},
		{"admin cannot remove another admin", w.admin, remove, second.ID, "", "42501", "Only the project owner can remove an admin", 0},
		{"member cannot remove anyone", w.member, remove, adminID, "", "42501", "Only the project owner or an admin can remove members", 0},
		{"member cannot leave", w.member, remove, memberID, "", "42501", "You cannot remove yourself from the project", 0},
		{"admin cannot leave", w.admin, remove, adminID, "", "42501", "You cannot remove yourself from the project", 0},
		{"owner cannot leave", w.owner, remove, ownerID, "", "42501", "You cannot remove yourself from the project", 0},
		{"admin cannot remove the owner", w.admin, remove, ownerID, "", "42501", "The project owner cannot be removed", 0},
		{"stranger sees no row to remove", w.stranger, remove, memberID, "", "", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := b.Begin(c.who)
			defer tx.Rollback(b.Ctx)
			args := []any{idShared, c.target}
			if c.sql == change {
				args = append(args, c.role)
			}
			tag, err := tx.Exec(b.Ctx, c.sql, args...)
			if c.code != "" {
				wantError(t, err, c.code, c.msg)
				return
			}
			must(t, err)
			if int(tag.RowsAffected()) != c.changed {
				t.Errorf("%d rows changed, want %d", tag.RowsAffected(), c.changed)
			}
		})
	}

	// Only the role changes; identity columns are the server's.
	err := b.Exec(w.owner, "UPDATE project_members SET user_id = $2 WHERE project_id = $1 AND user_id = $3", idShared, w.stranger.ID, memberID)
	wantError(t, err, "42501", "Only the role of a member can be changed")
	must(t, b.Exec(w.owner, "UPDATE project_members SET user_email = 'forged@example.com' WHERE project_id = $1 AND user_id = $2", idShared, memberID))
	if got := superScalar[string](b, "SELECT user_email FROM project_members WHERE user_id = $1", memberID); got != "member@example.com" {
		t.Errorf("user_email %q", got)
	}
	// service_role (the SQL console) may not break the owner invariant either.
	err = b.Exec(service, "DELETE FROM project_members WHERE project_id = $1 AND role = 'owner'", idShared)
	wantError(t, err, "42501", "The project owner cannot be removed")
}

func TestIsSharedFollowsMembership(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	shared := func() bool { return superScalar[bool](b, "SELECT is_shared FROM projects WHERE id = $1", idShared) }
	if !shared() {
		t.Fatal("project with two members is not shared")
	}
	must(t, b.Exec(w.owner, "DELETE FROM project_members WHERE project_id = $1 AND role <> 'owner'", idShared))
	if shared() {
		t.Error("project without members still shared")
	}
	_, err := scalar[string](b, w.invitee, "SELECT accept_project_invite($1)::text", tokenEmail)
	must(t, err)
	if !shared() {
		t.Error("project shared again after an invitation was accepted")
	}
}

func TestMemberIdentityFollowsAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	b.Super(`UPDATE auth.users SET email = 'mia@example.com', raw_user_meta_data = '{"full_name": "Mia M."}' WHERE id = $1`, w.member.ID)
	var got string
	must(t, b.As(w.owner, func(tx pgx.Tx) error {
		return tx.QueryRow(b.Ctx, "SELECT user_email || ' ' || user_name FROM project_members WHERE user_id = $1", w.member.ID).Scan(&got)
	}))
	if got != "mia@example.com Mia M." {
		t.Errorf("member row shows %q", got)
	}
}

func TestDeletingAccounts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	// A member leaves with their account: their row goes, their tasks too.
	b.Super("DELETE FROM auth.users WHERE id = $1", w.member.ID)
	got := superScalar[string](b, "SELECT string_agg(user_email, ',' ORDER BY user_email) FROM project_members WHERE project_id = $1", idShared)
	if got != "admin@example.com,owner@example.com" {
		t.Errorf("members after a member's account was deleted: %s", got)
	}
	// The owner's account takes the projects, their members and invitations.
	b.Super("DELETE FROM auth.users WHERE id = $1", idOwner)
	n := superScalar[int](b, `SELECT (SELECT count(*) FROM projects WHERE id IN ($1, $2))
		+ (SELECT count(*) FROM project_members WHERE project_id IN ($1, $2))
		+ (SELECT count(*) FROM project_invites WHERE project_id IN ($1, $2))`, idShared, idPrivate)
	if n != 0 {
		t.Errorf("%d rows of the owner's projects left", n)
	}
	// What the admin made in the owner's project stays theirs, in the Inbox.
	must(t, b.Exec(w.admin, "INSERT INTO tasks (title) VALUES ('still here')"))
}
