package workspace_test

import (
	"testing"

	"daybase/schema/internal/rlstest"
)

// The matrix runner is rlstest.Matrix; an outcome is the rows one
// statement returned for one actor (fixture ids replaced by names) or the
// SQLSTATE it failed with.
type (
	outcome    = rlstest.Outcome
	matrixCase rlstest.MatrixCase[perActor]
)

var (
	rows  = rlstest.Rows
	fails = rlstest.Fails
)

var (
	none     = rows()
	denied   = fails("42501") // RLS, a revoked grant or a role rule
	notFound = fails("23503") // a trigger that does not let the caller reach the row it names
	refused  = fails("P0001") // an RPC's own refusal, or a cap
	conflict = fails("23505")
	// The view joins tables, so PostgreSQL refuses writes through it
	// (object_not_in_prerequisite_state) before looking at privileges.
	notUpdatable = fails("55000")
)

// perActor lists the expected outcome for every actor; all must be given.
type perActor struct {
	anon, stranger, invitee, former, member, admin, owner outcome
}

// forUsers is one outcome for every signed-in actor and another for anon.
func forUsers(anon, users outcome) perActor {
	return perActor{anon: anon, stranger: users, invitee: users, former: users, member: users, admin: users, owner: users}
}

// ownerAndStranger: only the two actors the fixture gave rows see theirs.
func ownerAndStranger(owner, stranger outcome) perActor {
	return perActor{anon: none, stranger: stranger, invitee: none, former: none, member: none, admin: none, owner: owner}
}

// onlyOwner: the owner gets r, everyone else is refused.
func onlyOwner(r outcome) perActor {
	return perActor{anon: denied, stranger: denied, invitee: denied, former: denied, member: denied, admin: denied, owner: r}
}

// team is the Team's three active members with one outcome, stranger
// (Other's owner) with another, and nothing for the rest.
func team(members, stranger outcome) perActor {
	return perActor{anon: none, stranger: stranger, invitee: none, former: none, member: members, admin: members, owner: members}
}

// TestIsolationMatrix runs every table, view and RPC of spec 002 as anon,
// an unrelated user, an invitee, a removed member, a team member (also in
// a shared project), a team admin and the owner — select, insert, update
// and delete (call for RPCs) — each in a transaction rolled back
// afterwards, and compares what each actor saw or changed with what it may.
func TestIsolationMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	actors := []rlstest.MatrixActor[perActor]{
		{Name: "anon", Actor: anonymous, Want: func(p perActor) outcome { return p.anon }},
		{Name: "stranger", Actor: w.stranger, Want: func(p perActor) outcome { return p.stranger }},
		{Name: "invitee", Actor: w.invitee, Want: func(p perActor) outcome { return p.invitee }},
		{Name: "former", Actor: w.former, Want: func(p perActor) outcome { return p.former }},
		{Name: "member", Actor: w.member, Want: func(p perActor) outcome { return p.member }},
		{Name: "admin", Actor: w.admin, Want: func(p perActor) outcome { return p.admin }},
		{Name: "owner", Actor: w.owner, Want: func(p perActor) outcome { return p.owner }},
	}
	rlstest.Matrix(t, b.Bundle, label, actors, matrixCases())
}

func matrixCases() []matrixCase {
	var cs []matrixCase
	add := func(c ...matrixCase) { cs = append(cs, c...) }
	noWrites := func(object, updateSQL, deleteSQL string) []matrixCase {
		return []matrixCase{
			{object, "update", updateSQL, nil, forUsers(denied, denied)},
			{object, "delete", deleteSQL, nil, forUsers(denied, denied)},
		}
	}

	// Teams (002 §6).
	add(
		matrixCase{"teams", "select", "SELECT name FROM teams", nil, team(rows("Team"), rows("Other"))},
		matrixCase{"teams", "insert own", "INSERT INTO teams (name) VALUES ('New') RETURNING name", nil, forUsers(denied, rows("New"))},
		matrixCase{"teams", "insert for owner", "INSERT INTO teams (name, owner_id) VALUES ('Forged', $1) RETURNING name", []any{idOwner}, onlyOwner(rows("Forged"))},
		matrixCase{"teams", "update", "UPDATE teams SET description = 'edited' RETURNING name", nil, perActor{
			anon: none, stranger: rows("Other"), invitee: none, former: none, member: none, admin: rows("Team"), owner: rows("Team")}},
		matrixCase{"teams", "delete", "DELETE FROM teams RETURNING name", nil, perActor{
			anon: none, stranger: rows("Other"), invitee: none, former: none, member: none, admin: none, owner: rows("Team")}},
	)
	teamRoster := rows("Team:owner:active", "Team:admin:active", "Team:member:active", "Team:former:inactive")
	add(
		matrixCase{"team_members", "select", "SELECT team_id || ':' || user_id || ':' || status FROM team_members", nil, perActor{
			anon: none, stranger: rows("Other:stranger:active"), invitee: none, former: rows("Team:former:inactive"),
			member: teamRoster, admin: teamRoster, owner: teamRoster}},
		matrixCase{"team_members", "join", "INSERT INTO team_members (team_id, user_id) VALUES ($1, auth.uid()) RETURNING user_id || ':' || role", []any{idTeam}, perActor{
			anon: denied, stranger: refused, invitee: rows("invitee:member"), former: refused,
			member: conflict, admin: conflict, owner: conflict}},
		matrixCase{"team_members", "add someone else", "INSERT INTO team_members (team_id, user_id) VALUES ($1, $2) RETURNING user_id::text", []any{idTeam, "00000000-0000-4000-8000-0000000000a6"},
			// former adds themselves: that is joining, and they hold no invitation.
			perActor{anon: denied, stranger: denied, invitee: denied, former: refused, member: denied, admin: denied, owner: denied}},
		matrixCase{"team_members", "change a role", "UPDATE team_members SET role = 'admin' WHERE user_id = $1 RETURNING user_id || ':' || role", []any{idMember}, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: denied, admin: denied, owner: rows("member:admin")}},
		matrixCase{"team_members", "remove a member", "UPDATE team_members SET status = 'inactive' WHERE user_id = $1 RETURNING user_id || ':' || status", []any{idMember}, perActor{
			anon: none, stranger: none, invitee: none, former: none,
			member: rows("member:inactive"), admin: rows("member:inactive"), owner: rows("member:inactive")}},
		matrixCase{"team_members", "remove the owner", "UPDATE team_members SET status = 'inactive' WHERE user_id = $1 RETURNING user_id::text", []any{idOwner}, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: denied, admin: denied, owner: denied}},
		matrixCase{"team_members", "delete", "DELETE FROM team_members RETURNING user_id::text", nil, forUsers(denied, denied)},
	)
	add(
		matrixCase{"team_invitations", "select", "SELECT id::text FROM team_invitations", nil, perActor{
			anon: none, stranger: rows("invite:other"), invitee: rows("invite:team"), former: none,
			member: none, admin: rows("invite:team"), owner: rows("invite:team")}},
		matrixCase{"team_invitations", "insert", "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'new@example.com') RETURNING email", []any{idTeam}, perActor{
			anon: denied, stranger: denied, invitee: denied, former: denied,
			member: denied, admin: rows("new@example.com"), owner: rows("new@example.com")}},
		matrixCase{"team_invitations", "accept", "UPDATE team_invitations SET accepted_at = now() RETURNING id::text", nil, perActor{
			anon: none, stranger: none, invitee: rows("invite:team"), former: none, member: none, admin: none, owner: none}},
		matrixCase{"team_invitations", "delete", "DELETE FROM team_invitations RETURNING id::text", nil, perActor{
			anon: none, stranger: rows("invite:other"), invitee: rows("invite:team"), former: none,
			member: none, admin: rows("invite:team"), owner: rows("invite:team")}},
	)
	add(
		matrixCase{"team_activity_log", "select", "SELECT DISTINCT team_id::text FROM team_activity_log", nil, team(rows("Team"), rows("Other"))},
		matrixCase{"team_activity_log", "insert", "INSERT INTO team_activity_log (team_id, action) VALUES ($1, 'note') RETURNING team_id::text", []any{idTeam}, perActor{
			anon: denied, stranger: denied, invitee: denied, former: denied, member: rows("Team"), admin: rows("Team"), owner: rows("Team")}},
	)
	add(noWrites("team_activity_log", "UPDATE team_activity_log SET action = 'x' RETURNING team_id::text",
		"DELETE FROM team_activity_log RETURNING team_id::text")...)
	add(matrixCase{"team_subscriptions", "select", "SELECT team_id::text FROM team_subscriptions", nil, team(rows("Team"), none)})

	// Tasks reached through teams and assignment (002 §4).
	add(
		matrixCase{"tasks", "select", "SELECT title FROM tasks", nil, perActor{
			anon: none, stranger: rows("alien"), invitee: none, former: none,
			member: rows("team", "shared"), admin: rows("team"), owner: rows("private", "team", "shared")}},
		matrixCase{"tasks", "update", "UPDATE tasks SET location = 'here' RETURNING title", nil, perActor{
			anon: none, stranger: rows("alien"), invitee: none, former: none,
			member: rows("team", "shared"), admin: rows("team"), owner: rows("private", "team", "shared")}},
		matrixCase{"tasks", "put into a team", "UPDATE tasks SET team_id = $1 WHERE id = $2 RETURNING title", []any{idTeam, idTaskPrivate}, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: none, admin: none, owner: rows("private")}},
		matrixCase{"tasks", "put into another's team", "UPDATE tasks SET team_id = $1 RETURNING title", []any{idOther}, perActor{
			anon: none, stranger: rows("alien"), invitee: none, former: none, member: denied, admin: denied, owner: denied}},
	)
	add(
		matrixCase{"task_assignments", "select", "SELECT task_id::text FROM task_assignments", nil, team(rows("task:team"), rows("task:alien"))},
		matrixCase{"task_assignments", "insert", "INSERT INTO task_assignments (task_id, assigned_to, team_id) VALUES ($1, $2, $3) RETURNING task_id::text",
			[]any{idTaskTeam, idMember, idTeam}, perActor{
				anon: notFound, stranger: notFound, invitee: notFound, former: notFound,
				member: rows("task:team"), admin: rows("task:team"), owner: rows("task:team")}},
	)
	add(noWrites("task_assignments", "UPDATE task_assignments SET created_at = now() RETURNING task_id::text",
		"DELETE FROM task_assignments RETURNING task_id::text")...)

	// Comments (by access to the task).
	add(
		matrixCase{"task_comments", "select", "SELECT content FROM task_comments", nil, perActor{
			anon: none, stranger: rows("on alien"), invitee: none, former: none,
			member: rows("on team", "on shared"), admin: rows("on team"), owner: rows("on private", "on team", "on shared")}},
		matrixCase{"task_comments", "insert", "INSERT INTO task_comments (task_id, content) VALUES ($1, 'new') RETURNING content", []any{idTaskTeam}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: rows("new"), admin: rows("new"), owner: rows("new")}},
		matrixCase{"task_comments", "insert for owner", "INSERT INTO task_comments (task_id, user_id, content) VALUES ($1, $2, 'forged') RETURNING content", []any{idTaskTeam, idOwner}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: denied, admin: denied, owner: rows("forged")}},
		matrixCase{"task_comments", "edit own", "UPDATE task_comments SET content = content || '!' WHERE user_id = auth.uid() RETURNING content", nil, perActor{
			anon: none, stranger: rows("on alien!"), invitee: none, former: none, member: rows("on team!"), admin: none, owner: rows("on private!", "on shared!")}},
		matrixCase{"task_comments", "edit others'", "UPDATE task_comments SET content = 'x' WHERE user_id <> auth.uid() RETURNING content", nil, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: denied, admin: denied, owner: denied}},
		matrixCase{"task_comments", "delete others' (soft)", "UPDATE task_comments SET is_marked_deleted = true WHERE user_id <> auth.uid() RETURNING content || ':' || is_deleted", nil, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: denied, admin: rows("on team:true"), owner: rows("on team:true")}},
		matrixCase{"task_comments", "delete", "DELETE FROM task_comments RETURNING content", nil, forUsers(denied, denied)},
	)

	// Attachments (by access to the task; Free: one a day).
	add(
		matrixCase{"task_attachments", "select", "SELECT filename FROM task_attachments", nil, perActor{
			anon: none, stranger: rows("alien.pdf"), invitee: none, former: none,
			member: rows("team.pdf"), admin: rows("team.pdf"), owner: rows("private.pdf", "team.pdf")}},
		matrixCase{"task_attachments", "insert", "INSERT INTO task_attachments (task_id, filename, file_size, mime_type) VALUES ($1, 'new.pdf', 10, 'application/pdf') RETURNING filename", []any{idTaskTeam}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound,
			member: rows("new.pdf"), admin: refused, owner: refused}},
		matrixCase{"task_attachments", "update own", "UPDATE task_attachments SET needs_sync = true WHERE user_id = auth.uid() RETURNING filename", nil, perActor{
			anon: none, stranger: rows("alien.pdf"), invitee: none, former: none, member: none, admin: rows("team.pdf"), owner: rows("private.pdf")}},
		matrixCase{"task_attachments", "delete others' (soft)", "UPDATE task_attachments SET is_marked_deleted = true WHERE user_id <> auth.uid() RETURNING filename", nil, perActor{
			anon: none, stranger: none, invitee: none, former: none, member: denied, admin: none, owner: rows("team.pdf")}},
		matrixCase{"task_attachments", "delete", "DELETE FROM task_attachments RETURNING filename", nil, forUsers(denied, denied)},
	)

	// Notes and journal: personal, plus read access to what is linked to a
	// task one reaches.
	add(
		matrixCase{"notes", "select", "SELECT title FROM notes", nil, perActor{
			anon: none, stranger: rows("stranger note"), invitee: none, former: none,
			member: rows("owner note"), admin: rows("owner note"), owner: rows("owner note", "owner secret")}},
		// anon has no auth.uid() to default user_id to: row-level security
		// refuses the row (the creation count runs after the statement).
		matrixCase{"notes", "insert own", "INSERT INTO notes (title) VALUES ('mine') RETURNING title", nil, forUsers(fails("42501"), rows("mine"))},
		matrixCase{"notes", "insert for owner", "INSERT INTO notes (user_id, title) VALUES ($1, 'forged') RETURNING title", []any{idOwner}, onlyOwner(rows("forged"))},
		matrixCase{"notes", "update", "UPDATE notes SET pinned = true RETURNING title", nil, ownerAndStranger(rows("owner note", "owner secret"), rows("stranger note"))},
		matrixCase{"notes", "delete", "DELETE FROM notes RETURNING title", nil, forUsers(denied, denied)},
		matrixCase{"note_folders", "select", "SELECT user_id::text FROM note_folders", nil, ownerAndStranger(rows("owner"), rows("stranger"))},
		matrixCase{"note_folders", "insert for owner", "INSERT INTO note_folders (user_id, name) VALUES ($1, 'Forged') RETURNING name", []any{idOwner}, onlyOwner(rows("Forged"))},
		matrixCase{"note_folders", "update", "UPDATE note_folders SET color = 'teal' RETURNING user_id::text", nil, ownerAndStranger(rows("owner"), rows("stranger"))},
		matrixCase{"note_folders", "delete", "DELETE FROM note_folders RETURNING user_id::text", nil, forUsers(denied, denied)},
		matrixCase{"journal_folders", "select", "SELECT id::text FROM journal_folders", nil, ownerAndStranger(rows("journal:owner"), rows("journal:stranger"))},
		matrixCase{"journal_folders", "insert for owner", "INSERT INTO journal_folders (user_id, name) VALUES ($1, 'Forged') RETURNING name", []any{idOwner}, onlyOwner(rows("Forged"))},
		matrixCase{"journal_folders", "update", "UPDATE journal_folders SET sort_order = 3 RETURNING id::text", nil, ownerAndStranger(rows("journal:owner"), rows("journal:stranger"))},
		matrixCase{"journal_folders", "delete", "DELETE FROM journal_folders RETURNING id::text", nil, forUsers(denied, denied)},
		matrixCase{"journal_entries", "select", "SELECT id::text FROM journal_entries", nil, perActor{
			anon: none, stranger: rows("entry:stranger"), invitee: none, former: none, member: rows("entry:owner"), admin: none, owner: rows("entry:owner")}},
		matrixCase{"journal_entries", "insert for owner", "INSERT INTO journal_entries (user_id, title) VALUES ($1, 'forged') RETURNING title", []any{idOwner}, onlyOwner(rows("forged"))},
		matrixCase{"journal_entries", "update", "UPDATE journal_entries SET mood = 5 RETURNING id::text", nil, ownerAndStranger(rows("entry:owner"), rows("entry:stranger"))},
		matrixCase{"journal_entries", "delete", "DELETE FROM journal_entries RETURNING id::text", nil, forUsers(denied, denied)},
		matrixCase{"journal_images", "select", "SELECT user_id::text FROM journal_images", nil, ownerAndStranger(rows("owner"), rows("stranger"))},
		matrixCase{"journal_images", "insert on owner's entry", "INSERT INTO journal_images (journal_entry_id, image_url) VALUES ($1, 'https://x/y.png') RETURNING user_id::text", []any{idEntryOwner}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: notFound, admin: notFound, owner: rows("owner")}},
		matrixCase{"journal_images", "update", "UPDATE journal_images SET image_order = 2 RETURNING user_id::text", nil, ownerAndStranger(rows("owner"), rows("stranger"))},
		matrixCase{"journal_images", "delete", "DELETE FROM journal_images RETURNING user_id::text", nil, ownerAndStranger(rows("owner"), rows("stranger"))},
	)

	// Linked content.
	add(
		matrixCase{"task_note_links", "select", "SELECT task_id::text FROM task_note_links", nil, team(rows("task:team"), rows("task:alien"))},
		matrixCase{"task_note_links", "insert", "INSERT INTO task_note_links (task_id, note_id) VALUES ($1, $2) RETURNING task_id::text", []any{idTaskShared, idNoteSecret}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: notFound, admin: notFound, owner: rows("task:shared")}},
		matrixCase{"task_note_links", "delete", "DELETE FROM task_note_links RETURNING task_id::text", nil, perActor{
			anon: none, stranger: rows("task:alien"), invitee: none, former: none, member: none, admin: rows("task:team"), owner: rows("task:team")}},
		matrixCase{"task_note_links", "update", "UPDATE task_note_links SET linked_at = now() RETURNING task_id::text", nil, forUsers(denied, denied)},
		matrixCase{"task_journal_links", "select", "SELECT task_id::text FROM task_journal_links", nil, perActor{
			anon: none, stranger: rows("task:alien"), invitee: none, former: none, member: rows("task:shared"), admin: none, owner: rows("task:shared")}},
		matrixCase{"task_journal_links", "insert", "INSERT INTO task_journal_links (task_id, journal_id) VALUES ($1, $2) RETURNING task_id::text", []any{idTaskPrivate, idEntryOwner}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: notFound, admin: notFound, owner: rows("task:private")}},
		matrixCase{"task_journal_links", "delete", "DELETE FROM task_journal_links RETURNING task_id::text", nil, perActor{
			anon: none, stranger: rows("task:alien"), invitee: none, former: none, member: none, admin: none, owner: rows("task:shared")}},
		matrixCase{"task_attachments_v", "select", "SELECT task_id || ':' || content_type || ':' || title FROM task_attachments_v", nil, perActor{
			anon: denied, stranger: rows("task:alien:note:stranger note", "task:alien:journal:stranger entry"), invitee: none, former: none,
			member: rows("task:team:note:owner note", "task:shared:journal:owner entry"),
			admin:  rows("task:team:note:owner note"),
			owner:  rows("task:team:note:owner note", "task:shared:journal:owner entry")}},
		matrixCase{"task_attachments_v", "insert", "INSERT INTO task_attachments_v (title) VALUES ('x') RETURNING title", nil, forUsers(notUpdatable, notUpdatable)},
	)

	// Notifications: recipients only; senders write to people they work with.
	add(
		matrixCase{"notifications", "select", "SELECT title FROM notifications", nil, perActor{
			anon: none, stranger: rows("to stranger"), invitee: rows("Team invitation"), former: none,
			member: rows("Task assigned to you"), admin: none, owner: rows("to owner")}},
		matrixCase{"notifications", "send to member", "INSERT INTO notifications (to_user_id, type, title) VALUES ($1, 'comment', 'hi')", []any{idMember}, perActor{
			anon: denied, stranger: denied, invitee: denied, former: denied, member: none, admin: none, owner: none}},
		matrixCase{"notifications", "send as someone else", "INSERT INTO notifications (to_user_id, from_user_id, type, title) VALUES ($1, $2, 'comment', 'hi')", []any{idMember, idStranger}, forUsers(denied, denied)},
		matrixCase{"notifications", "mark read", "UPDATE notifications SET is_read = true RETURNING title", nil, perActor{
			anon: none, stranger: rows("to stranger"), invitee: rows("Team invitation"), former: none,
			member: rows("Task assigned to you"), admin: none, owner: rows("to owner")}},
		matrixCase{"notifications", "delete", "DELETE FROM notifications RETURNING title", nil, perActor{
			anon: none, stranger: rows("to stranger"), invitee: rows("Team invitation"), former: none,
			member: rows("Task assigned to you"), admin: none, owner: rows("to owner")}},
	)

	// Activity log.
	add(
		matrixCase{"activity_logs", "select", "SELECT DISTINCT task_id::text FROM activity_logs", nil, perActor{
			anon: none, stranger: rows("task:alien"), invitee: none, former: none,
			member: rows("task:team", "task:shared"), admin: rows("task:team"), owner: rows("task:private", "task:team", "task:shared")}},
		matrixCase{"activity_logs", "insert", "INSERT INTO activity_logs (task_id, activity_type) VALUES ($1, 'task_updated') RETURNING task_id::text", []any{idTaskTeam}, perActor{
			anon: notFound, stranger: notFound, invitee: notFound, former: notFound, member: rows("task:team"), admin: rows("task:team"), owner: rows("task:team")}},
	)
	add(noWrites("activity_logs", "UPDATE activity_logs SET activity_description = 'x' RETURNING task_id::text",
		"DELETE FROM activity_logs RETURNING task_id::text")...)

	// RPCs.
	add(
		matrixCase{"get_activity_logs", "call for a project", "SELECT DISTINCT activity_type || ':' || project_name FROM get_activity_logs(NULL, $1)", []any{idShared}, perActor{
			anon: denied, stranger: denied, invitee: denied, former: denied, admin: denied,
			member: rows("task_created:Shared", "comment_added:Shared"), owner: rows("task_created:Shared", "comment_added:Shared")}},
		matrixCase{"get_activity_logs", "call for oneself", "SELECT DISTINCT coalesce(task_id::text, '-') FROM get_activity_logs(auth.uid())", nil, perActor{
			anon: denied, stranger: rows("task:alien"), invitee: none, former: none,
			member: rows("task:team"), admin: rows("task:team"), owner: rows("task:private", "task:team", "task:shared")}},
		matrixCase{"get_activity_logs", "call for the owner", "SELECT DISTINCT coalesce(task_id::text, '-') FROM get_activity_logs($1)", []any{idOwner},
			perActor{anon: denied, stranger: denied, invitee: denied, former: denied, member: denied, admin: denied, owner: rows("task:private", "task:team", "task:shared")}},
		matrixCase{"create_task_note_link", "call", "SELECT task_id::text FROM create_task_note_link($1, $2)", []any{idTaskShared, idNoteSecret}, perActor{
			anon: denied, stranger: refused, invitee: refused, former: refused, member: refused, admin: refused, owner: rows("task:shared")}},
		matrixCase{"create_task_journal_link", "call", "SELECT task_id::text FROM create_task_journal_link($1, $2)", []any{idTaskPrivate, idEntryOwner}, perActor{
			anon: denied, stranger: refused, invitee: refused, former: refused, member: refused, admin: refused, owner: rows("task:private")}},
		matrixCase{"get_recent_content", "call", "SELECT content_type || ':' || title FROM get_recent_content()", nil, perActor{
			anon: denied, stranger: rows("note:stranger note", "journal:stranger entry"), invitee: none, former: none, member: none, admin: none,
			owner: rows("note:owner note", "note:owner secret", "journal:owner entry")}},
		matrixCase{"search_user_content", "call", "SELECT content_type || ':' || title FROM search_user_content('owner')", nil, perActor{
			anon: denied, stranger: none, invitee: none, former: none, member: none, admin: none,
			owner: rows("note:owner note", "note:owner secret", "journal:owner entry")}},
		matrixCase{"get_journal_statistics", "call", "SELECT entries_this_month::text FROM get_journal_statistics()", nil, perActor{
			anon: denied, stranger: rows("1"), invitee: rows("0"), former: rows("0"), member: rows("0"), admin: rows("0"), owner: rows("1")}},
		matrixCase{"get_journal_statistics", "call for the owner", "SELECT entries_this_month::text FROM get_journal_statistics($1)", []any{idOwner}, onlyOwner(rows("1"))},
	)
	return cs
}

// TestServiceRoleBypassesRLS: service_role (server functions, webhooks)
// reads every row of every table of spec 002, as the superuser does.
func TestServiceRoleBypassesRLS(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.loadWorld()
	for _, table := range tables002 {
		want := superScalar[int](b, "SELECT count(*) FROM "+table)
		got, err := scalar[int](b, service, "SELECT count(*) FROM "+table)
		must(t, err)
		if got != want || want == 0 {
			t.Errorf("%s: service_role sees %d rows, superuser %d", table, got, want)
		}
	}
}

var tables002 = []string{
	"notifications", "teams", "team_members", "team_invitations", "team_activity_log", "note_folders", "notes",
	"journal_folders", "journal_entries", "journal_images", "task_assignments", "task_comments", "task_attachments",
	"task_note_links", "task_journal_links", "activity_logs", "task_attachments_v",
}

// TestEveryTableHasRLS: every table of spec 002 has row-level security and
// the view reads as the caller.
func TestEveryTableHasRLS(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// Sharing's tables (0214) are checked by TestNoteSharingByLink.
	for _, table := range append(tables002, "note_shares", "note_share_recipients") {
		kind := superScalar[string](b, `SELECT relkind::text || ':' || relrowsecurity || ':' || coalesce(array_to_string(reloptions, ','), '')
			FROM pg_class WHERE oid = ('public.' || $1)::regclass`, table)
		want := "r:true:"
		if table == "task_attachments_v" {
			want = "v:false:security_invoker=true"
		}
		if kind != want {
			t.Errorf("%s: %s, want %s", table, kind, want)
		}
	}
}
