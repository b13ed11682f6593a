package tasks_test

import (
	"fmt"
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
	none   = rows()
	denied = fails("42501") // insufficient privilege: RLS, a revoked grant or a role rule
	// The views join tables, so PostgreSQL refuses writes through them
	// (object_not_in_prerequisite_state) before looking at privileges.
	notUpdatable = fails("55000")
)

// perActor lists the expected outcome for every actor; all must be given.
type perActor struct {
	anon, stranger, invitee, member, admin, owner outcome
}

// sameForUsers is one outcome for every signed-in actor and another for anon.
func sameForUsers(anon, users outcome) perActor {
	return perActor{anon: anon, stranger: users, invitee: users, member: users, admin: users, owner: users}
}

// selfOnly: each signed-in actor gets its own label, anon gets nothing.
func selfOnly() perActor {
	return perActor{anon: none, stranger: rows("stranger"), invitee: rows("invitee"),
		member: rows("member"), admin: rows("admin"), owner: rows("owner")}
}

// ownerAndStranger: only the two actors the fixture gave a row see it.
func ownerAndStranger() perActor {
	return perActor{anon: none, stranger: rows("stranger"), invitee: none, member: none, admin: none, owner: rows("owner")}
}

// onlyOwner: the owner gets r, every other signed-in actor is refused by
// RLS, anon too.
func onlyOwner(r outcome) perActor {
	return perActor{anon: denied, stranger: denied, invitee: denied, member: denied, admin: denied, owner: r}
}

// TestIsolationMatrix runs every table, view and RPC of specs 000/001 as
// anon, as an unrelated user, as an invitee, as a member, an admin and the
// owner of a shared project — select, insert, update and delete (call for
// RPCs) — each in a transaction rolled back afterwards, and compares what
// each actor saw or changed with what it may.
func TestIsolationMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	actors := []rlstest.MatrixActor[perActor]{
		{Name: "anon", Actor: anonymous, Want: func(p perActor) outcome { return p.anon }},
		{Name: "stranger", Actor: w.stranger, Want: func(p perActor) outcome { return p.stranger }},
		{Name: "invitee", Actor: w.invitee, Want: func(p perActor) outcome { return p.invitee }},
		{Name: "member", Actor: w.member, Want: func(p perActor) outcome { return p.member }},
		{Name: "admin", Actor: w.admin, Want: func(p perActor) outcome { return p.admin }},
		{Name: "owner", Actor: w.owner, Want: func(p perActor) outcome { return p.owner }},
	}
	rlstest.Matrix(t, b.Bundle, label, actors, matrixCases())
}

func matrixCases() []matrixCase {
	owned := func(object, insertSQL string, insertOwner outcome) []matrixCase {
		return []matrixCase{
			{object, "select", "SELECT DISTINCT user_id::text FROM " + object, nil, selfOnly()},
			{object, "insert for owner", insertSQL, []any{idOwner}, onlyOwner(insertOwner)},
			{object, "update", "WITH c AS (UPDATE " + object + " SET updated_at = now() RETURNING user_id) SELECT DISTINCT user_id::text FROM c", nil, selfOnly()},
			{object, "delete", "WITH c AS (DELETE FROM " + object + " RETURNING user_id) SELECT DISTINCT user_id::text FROM c", nil, selfOnly()},
		}
	}
	fixtureOwned := func(object, insertSQL string, insertOwner outcome) []matrixCase {
		return []matrixCase{
			{object, "select", "SELECT DISTINCT user_id::text FROM " + object, nil, ownerAndStranger()},
			{object, "insert for owner", insertSQL, []any{idOwner}, onlyOwner(insertOwner)},
			{object, "update", "WITH c AS (UPDATE " + object + " SET updated_at = now() RETURNING user_id) SELECT DISTINCT user_id::text FROM c", nil, ownerAndStranger()},
			{object, "delete", "WITH c AS (DELETE FROM " + object + " RETURNING user_id) SELECT DISTINCT user_id::text FROM c", nil, ownerAndStranger()},
		}
	}
	readOnly := func(object string, sel perActor, insertSQL, updateSQL string) []matrixCase {
		return []matrixCase{
			{object, "select", "SELECT DISTINCT user_id::text FROM " + object, nil, sel},
			{object, "insert for owner", insertSQL, []any{idOwner}, sameForUsers(denied, denied)},
			{object, "update", updateSQL, nil, sameForUsers(denied, denied)},
			{object, "delete", "DELETE FROM " + object + " RETURNING user_id::text", nil, sameForUsers(denied, denied)},
		}
	}

	var cs []matrixCase

	// Per-user tables (000 §3).
	cs = append(cs,
		matrixCase{"profiles", "select", "SELECT id::text FROM profiles", nil, selfOnly()},
		matrixCase{"profiles", "insert for owner", "INSERT INTO profiles (id) VALUES ($1) RETURNING id::text", []any{idOwner}, onlyOwner(fails("23505"))},
		matrixCase{"profiles", "update", "UPDATE profiles SET main_focus = 'work' RETURNING id::text", nil, selfOnly()},
		matrixCase{"profiles", "delete", "DELETE FROM profiles RETURNING id::text", nil, sameForUsers(denied, denied)},
		matrixCase{"user_profiles", "select", "SELECT id::text FROM user_profiles", nil, selfOnly()},
		matrixCase{"user_profiles", "insert for owner", "INSERT INTO user_profiles (id) VALUES ($1) RETURNING id::text", []any{idOwner}, onlyOwner(fails("23505"))},
		matrixCase{"user_profiles", "update", "UPDATE user_profiles SET compact_mode = true RETURNING id::text", nil, selfOnly()},
		matrixCase{"user_profiles", "delete", "DELETE FROM user_profiles RETURNING id::text", nil, sameForUsers(denied, denied)},
	)
	cs = append(cs, owned("user_notification_preferences",
		"INSERT INTO user_notification_preferences (user_id, channel_type) VALUES ($1, 'email') RETURNING user_id::text", fails("23505"))...)
	cs = append(cs, fixtureOwned("user_preferences",
		"INSERT INTO user_preferences (user_id, preference_key, preference_value) VALUES ($1, 'taskEditPaneWidth', '400') RETURNING user_id::text", rows("owner"))...)
	cs = append(cs, fixtureOwned("pomodoro_settings",
		"INSERT INTO pomodoro_settings (user_id) VALUES ($1) RETURNING user_id::text", fails("23505"))...)
	cs = append(cs, fixtureOwned("pomodoro_sessions",
		"INSERT INTO pomodoro_sessions (user_id, type, duration_minutes) VALUES ($1, 'short_break', 5) RETURNING user_id::text", rows("owner"))...)
	// Kept by a trigger as sessions end (0701): users only read them.
	cs = append(cs, readOnly("pomodoro_stats", ownerAndStranger(),
		"INSERT INTO pomodoro_stats (user_id, date) VALUES ($1, current_date + 1) RETURNING user_id::text",
		"UPDATE pomodoro_stats SET completed_sessions = 99 RETURNING user_id::text")...)
	cs = append(cs, fixtureOwned("integration_connections",
		"INSERT INTO integration_connections (user_id, provider_key) VALUES ($1, 'github') RETURNING user_id::text", rows("owner"))...)
	cs = append(cs,
		matrixCase{"integration_audit_logs", "select", "SELECT DISTINCT user_id::text FROM integration_audit_logs", nil, ownerAndStranger()},
		matrixCase{"integration_audit_logs", "insert for owner", "INSERT INTO integration_audit_logs (user_id, provider_key, action) VALUES ($1, 'github', 'create_issue') RETURNING user_id::text", []any{idOwner}, onlyOwner(rows("owner"))},
		matrixCase{"integration_audit_logs", "update", "UPDATE integration_audit_logs SET action = 'forged' RETURNING user_id::text", nil, sameForUsers(denied, denied)},
		matrixCase{"integration_audit_logs", "delete", "DELETE FROM integration_audit_logs RETURNING user_id::text", nil, sameForUsers(denied, denied)},
	)
	// Billing: readable by the subscriber, written by service_role only.
	cs = append(cs, readOnly("user_subscriptions", ownerAndStranger(),
		"INSERT INTO user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', 'team') RETURNING user_id::text",
		"UPDATE user_subscriptions SET plan_id = 'team' RETURNING user_id::text")...)
	cs = append(cs,
		matrixCase{"team_subscriptions", "select", "SELECT team_id::text FROM team_subscriptions", nil, sameForUsers(none, none)},
		matrixCase{"team_subscriptions", "insert", "INSERT INTO team_subscriptions (team_id, status, plan_id) VALUES ($1, 'active', 'team') RETURNING team_id::text", []any{idOwner}, sameForUsers(denied, denied)},
		matrixCase{"team_subscriptions", "update", "UPDATE team_subscriptions SET seats = 100 RETURNING team_id::text", nil, sameForUsers(denied, denied)},
		matrixCase{"team_subscriptions", "delete", "DELETE FROM team_subscriptions RETURNING team_id::text", nil, sameForUsers(denied, denied)},
	)
	cs = append(cs, fixtureOwned("smart_lists",
		`INSERT INTO smart_lists (user_id, name, filters_data) VALUES ($1, 'Forged', '{"conditions":[{"field":"completed","operator":"equals","value":false}]}') RETURNING user_id::text`, rows("owner"))...)
	cs = append(cs, fixtureOwned("global_tags",
		"INSERT INTO global_tags (user_id, name) VALUES ($1, 'forged') RETURNING user_id::text", rows("owner"))...)

	// Projects and sharing (001 §6).
	cs = append(cs,
		matrixCase{"projects", "select", "SELECT name FROM projects", nil, perActor{
			anon: none, stranger: rows("Elsewhere"), invitee: none,
			member: rows("Shared"), admin: rows("Shared"), owner: rows("Private", "Shared")}},
		matrixCase{"projects", "insert own", "INSERT INTO projects (name) VALUES ('New') RETURNING name", nil,
			sameForUsers(denied, rows("New"))},
		matrixCase{"projects", "insert for owner", "INSERT INTO projects (user_id, name) VALUES ($1, 'Forged') RETURNING name", []any{idOwner},
			onlyOwner(rows("Forged"))},
		matrixCase{"projects", "update", "UPDATE projects SET overview = 'edited' RETURNING name", nil, perActor{
			anon: none, stranger: rows("Elsewhere"), invitee: none,
			member: none, admin: rows("Shared"), owner: rows("Private", "Shared")}},
		matrixCase{"projects", "delete", "DELETE FROM projects RETURNING name", nil, perActor{
			anon: none, stranger: rows("Elsewhere"), invitee: none,
			member: none, admin: none, owner: rows("Private", "Shared")}},

		matrixCase{"project_members", "select", "SELECT project_id || ':' || user_id FROM project_members", nil, perActor{
			anon: none, stranger: rows("Elsewhere:stranger"), invitee: none,
			member: rows("Shared:owner", "Shared:admin", "Shared:member"),
			admin:  rows("Shared:owner", "Shared:admin", "Shared:member"),
			owner:  rows("Private:owner", "Shared:owner", "Shared:admin", "Shared:member")}},
		matrixCase{"project_members", "insert", "INSERT INTO project_members (project_id, user_id) VALUES ($1, '00000000-0000-4000-8000-0000000000a4') RETURNING user_id::text",
			[]any{idShared}, sameForUsers(denied, denied)},
		matrixCase{"project_members", "update role", "UPDATE project_members SET role = 'admin' WHERE user_id = '00000000-0000-4000-8000-0000000000a3' RETURNING project_id || ':' || user_id", nil, perActor{
			anon: none, stranger: none, invitee: none,
			member: denied, admin: denied, owner: rows("Shared:member")}},
		matrixCase{"project_members", "delete", "DELETE FROM project_members WHERE user_id = '00000000-0000-4000-8000-0000000000a3' RETURNING project_id || ':' || user_id", nil, perActor{
			anon: none, stranger: none, invitee: none,
			member: denied, admin: rows("Shared:member"), owner: rows("Shared:member")}},

		matrixCase{"project_invites", "select", "SELECT id::text FROM project_invites", nil, perActor{
			anon: none, stranger: rows("invite:elsewhere"), invitee: rows("invite:email"),
			member: none, admin: rows("invite:email", "invite:link"), owner: rows("invite:email", "invite:link")}},
		matrixCase{"project_invites", "insert", "INSERT INTO project_invites (project_id, email, invited_by) VALUES ($1, 'x@example.com', auth.uid()) RETURNING id::text",
			[]any{idShared}, sameForUsers(denied, denied)},
		matrixCase{"project_invites", "update", "UPDATE project_invites SET expires_at = now() + interval '1 year' RETURNING id::text", nil,
			sameForUsers(denied, denied)},
		matrixCase{"project_invites", "delete", "DELETE FROM project_invites RETURNING id::text", nil, perActor{
			anon: none, stranger: rows("invite:elsewhere"), invitee: none,
			member: none, admin: rows("invite:email", "invite:link"), owner: rows("invite:email", "invite:link")}},
	)

	// Tasks (001 §3): own tasks plus every task of a project one is in.
	projectTasks := perActor{
		anon: none, stranger: rows("stranger task"), invitee: none,
		member: rows("member shared", "owner shared"),
		admin:  rows("admin inbox", "member shared", "owner shared"),
		owner:  rows("owner inbox", "owner private", "owner shared", "member shared")}
	cs = append(cs,
		matrixCase{"tasks", "select", "SELECT title FROM tasks", nil, projectTasks},
		matrixCase{"tasks", "insert own", "INSERT INTO tasks (title) VALUES ('new') RETURNING title", nil, sameForUsers(denied, rows("new"))},
		matrixCase{"tasks", "insert into shared project", "INSERT INTO tasks (title, project_id) VALUES ('new', $1) RETURNING title", []any{idShared}, perActor{
			anon: fails("23503"), stranger: fails("23503"), invitee: fails("23503"),
			member: rows("new"), admin: rows("new"), owner: rows("new")}},
		matrixCase{"tasks", "insert for owner", "INSERT INTO tasks (user_id, title) VALUES ($1, 'forged') RETURNING title", []any{idOwner}, onlyOwner(rows("forged"))},
		matrixCase{"tasks", "update", "UPDATE tasks SET notes = 'edited' RETURNING title", nil, projectTasks},
		matrixCase{"tasks", "delete", "DELETE FROM tasks RETURNING title", nil, perActor{
			anon: none, stranger: rows("stranger task"), invitee: none,
			member: rows("member shared"),
			admin:  rows("admin inbox", "member shared", "owner shared"),
			owner:  rows("owner inbox", "owner private", "owner shared", "member shared")}},
	)

	// Views (001 §7), read-only and filtered by the caller's RLS.
	cs = append(cs,
		matrixCase{"tasks_with_project", "select", "SELECT title || ':' || coalesce(project_name, 'Inbox') FROM tasks_with_project", nil, perActor{
			anon: none, stranger: rows("stranger task:Elsewhere"), invitee: none,
			member: rows("member shared:Shared"), admin: rows("admin inbox:Inbox"),
			owner: rows("owner inbox:Inbox", "owner private:Private", "owner shared:Shared")}},
		matrixCase{"user_accessible_tasks_with_project", "select",
			"SELECT title || ':' || coalesce(project_name, 'Inbox') || ':' || is_owner || ':' || coalesce(user_role, '-') FROM user_accessible_tasks_with_project", nil, perActor{
				anon: none, stranger: rows("stranger task:Elsewhere:true:owner"), invitee: none,
				member: rows("member shared:Shared:true:member", "owner shared:Shared:false:member"),
				admin:  rows("admin inbox:Inbox:true:-", "member shared:Shared:false:admin", "owner shared:Shared:false:admin"),
				owner: rows("owner inbox:Inbox:true:-", "owner private:Private:true:owner", "owner shared:Shared:true:owner",
					"member shared:Shared:false:owner")}},
		matrixCase{"user_accessible_projects", "select", "SELECT name || ':' || user_role || ':' || is_owner FROM user_accessible_projects", nil, perActor{
			anon: none, stranger: rows("Elsewhere:owner:true"), invitee: none,
			member: rows("Shared:member:false"), admin: rows("Shared:admin:false"),
			owner: rows("Private:owner:true", "Shared:owner:true")}},
	)
	for _, v := range []string{"tasks_with_project", "user_accessible_tasks_with_project", "user_accessible_projects"} {
		col := "title"
		if v == "user_accessible_projects" {
			col = "name"
		}
		cs = append(cs,
			matrixCase{v, "insert", fmt.Sprintf("INSERT INTO %s (%s) VALUES ('x') RETURNING %s", v, col, col), nil, sameForUsers(notUpdatable, notUpdatable)},
			matrixCase{v, "update", fmt.Sprintf("UPDATE %s SET %s = 'x' RETURNING %s", v, col, col), nil, sameForUsers(notUpdatable, notUpdatable)},
			matrixCase{v, "delete", fmt.Sprintf("DELETE FROM %s RETURNING %s", v, col), nil, sameForUsers(notUpdatable, notUpdatable)},
		)
	}

	// RPCs (001 §7).
	managers := func(r outcome, others outcome) perActor {
		return perActor{anon: denied, stranger: others, invitee: others, member: others, admin: r, owner: r}
	}
	cs = append(cs,
		matrixCase{"ensure_default_smart_lists", "call for the owner", "SELECT ensure_default_smart_lists($1)::text", []any{idOwner}, onlyOwner(rows("7"))},
		matrixCase{"get_all_project_members_with_invites", "call", "SELECT coalesce(user_id::text, user_email) || ':' || role || ':' || status FROM get_all_project_members_with_invites($1)", []any{idShared}, func() perActor {
			all := rows("owner:owner:active", "admin:admin:active", "member:member:active", "invitee@example.com:member:pending")
			return perActor{anon: denied, stranger: denied, invitee: denied, member: all, admin: all, owner: all}
		}()},
		matrixCase{"get_project_invites_with_inviter", "call", "SELECT coalesce(email, 'link') || ':' || inviter_email || ':' || token FROM get_project_invites_with_inviter($1)", []any{idShared},
			managers(rows("invitee@example.com:owner@example.com:"+tokenEmail, "link:owner@example.com:"+tokenLink), denied)},
		matrixCase{"create_project_invite", "call", "SELECT email FROM create_project_invite($1, 'new@example.com', auth.uid())", []any{idShared},
			managers(rows("new@example.com"), denied)},
		matrixCase{"create_project_invite_link", "call", "SELECT create_project_invite_link($1, auth.uid())", []any{idShared},
			managers(rows(tokenLink), denied)},
		matrixCase{"cancel_project_invite", "call", "SELECT 'cancelled' FROM (SELECT cancel_project_invite($1)) s", []any{idInviteEmail},
			managers(rows("cancelled"), fails("P0001"))},
		matrixCase{"accept_project_invite", "call with the e-mail token", "SELECT (r->>'role') || ':' || (r->>'already_member') FROM accept_project_invite($1) r", []any{tokenEmail}, perActor{
			anon: denied, stranger: denied, invitee: rows("member:false"), member: denied, admin: denied, owner: denied}},
		matrixCase{"accept_project_invite", "call with the link token", "SELECT (r->>'role') || ':' || (r->>'already_member') FROM accept_project_invite($1) r", []any{tokenLink}, perActor{
			anon: denied, stranger: rows("member:false"), invitee: rows("member:false"),
			member: rows("member:true"), admin: rows("admin:true"), owner: rows("owner:true")}},
		matrixCase{"search_user_content", "call", "SELECT content_type || ':' || title FROM search_user_content('shared', 'all', 20)", nil, perActor{
			anon: denied, stranger: none, invitee: none,
			member: rows("project:Shared", "task:member shared", "task:owner shared"),
			admin:  rows("project:Shared", "task:member shared", "task:owner shared"),
			owner:  rows("project:Shared", "task:member shared", "task:owner shared")}},
	)
	return cs
}

// TestServiceRoleBypassesRLS: service_role (server functions, webhooks)
// reads every row of every table, as the superuser does.
func TestServiceRoleBypassesRLS(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.loadWorld()
	for _, table := range []string{
		"profiles", "user_profiles", "user_notification_preferences", "user_preferences",
		"pomodoro_settings", "pomodoro_sessions", "pomodoro_stats", "user_subscriptions", "team_subscriptions",
		"integration_connections", "integration_audit_logs", "projects", "project_members", "project_invites",
		"tasks", "smart_lists", "global_tags", "tasks_with_project", "user_accessible_tasks_with_project",
		"user_accessible_projects",
	} {
		// What the superuser sees in the table under the view.
		base := map[string]string{
			"tasks_with_project":                 "tasks",
			"user_accessible_tasks_with_project": "tasks",
			"user_accessible_projects":           "projects",
		}[table]
		if base == "" {
			base = table
		}
		want := superScalar[int](b, "SELECT count(*) FROM "+base)
		got, err := scalar[int](b, service, "SELECT count(*) FROM "+table)
		must(t, err)
		if got != want || want == 0 {
			t.Errorf("%s: service_role sees %d rows, superuser %d in %s", table, got, want, base)
		}
	}
}

// TestEveryPublicTableHasRLS guards the default grants of 0001: a table in
// public without row-level security would be open to every API role.
func TestEveryPublicTableHasRLS(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var open []string
	rows, err := b.DB.Pool.Query(b.Ctx, `SELECT relname FROM pg_class
		WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relrowsecurity ORDER BY 1`)
	must(t, err)
	for rows.Next() {
		var s string
		must(t, rows.Scan(&s))
		open = append(open, s)
	}
	must(t, rows.Err())
	if len(open) > 0 {
		t.Errorf("tables without RLS: %v", open)
	}
	// And no view of ours reads past the caller's policies.
	n := superScalar[int](b, `SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'v'
		AND relname IN ('tasks_with_project', 'user_accessible_tasks_with_project', 'user_accessible_projects')
		AND 'security_invoker=true' = ANY (reloptions)`)
	if n != 3 {
		t.Errorf("%d of 3 views are security_invoker", n)
	}
	// Helpers are not RPCs: none of the private helpers has a twin in
	// public, where /rest/v1 would expose it.
	var twins []string
	rows, err = b.DB.Pool.Query(b.Ctx, `SELECT p.proname FROM pg_proc p
		WHERE p.pronamespace = 'public'::regnamespace
		  AND p.proname IN (SELECT proname FROM pg_proc WHERE pronamespace = 'private'::regnamespace)
		ORDER BY 1`)
	must(t, err)
	for rows.Next() {
		var s string
		must(t, rows.Scan(&s))
		twins = append(twins, s)
	}
	must(t, rows.Err())
	if len(twins) > 0 {
		t.Errorf("helpers exposed in public: %v", twins)
	}
}
