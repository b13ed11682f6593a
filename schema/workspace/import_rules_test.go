package workspace_test

import (
	"fmt"
	"strings"
	"testing"
)

// taskRows is a chunk of n task rows keyed from first on, into the
// project row key when it is not empty.
func taskRows(first, n int, project string) string {
	rows := make([]string, 0, n)
	for i := first; i < first+n; i++ {
		r := fmt.Sprintf(`{"key": "%d", "kind": "task", "title": "Task %d"`, i, i)
		if project != "" {
			r += fmt.Sprintf(`, "project": %q`, project)
		}
		rows = append(rows, r+"}")
	}
	return "[" + strings.Join(rows, ", ") + "]"
}

// A cap stops an import at the row that crosses it, with the cap's own
// message and numbers: a chunk that would pass the limit keeps nothing, a
// chunk that reaches it exactly passes, and the next row is refused.
func TestImportCapRefusesTheRowThatCrossesIt(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("crossing@example.com", nil)
	b.Super(`INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 497) g`, u.ID)
	batch := newBatch(t, b, u, 5)
	_, err := chunk(b, u, batch, taskRows(1, 4, ""))
	wantError(t, err, "P0001", "Task limit reached for Free plan", "This would make 501 tasks; the Free plan allows 500.")
	if n := superScalar[int](b, `SELECT count(*) FROM tasks WHERE user_id = $1`, u.ID); n != 497 {
		t.Errorf("tasks after the refused chunk: %d, want 497", n)
	}
	got, err := chunk(b, u, batch, taskRows(1, 3, ""))
	must(t, err)
	if got["created"] != 3 {
		t.Errorf("chunk up to the cap: %v", got)
	}
	_, err = chunk(b, u, batch, taskRows(4, 1, ""))
	wantError(t, err, "P0001", "Task limit reached for Free plan", "This would make 501 tasks; the Free plan allows 500.")

	// Per project: the 101st task of a Free user's project, in an existing
	// project the import reuses by name.
	v := b.NewUser("project-crossing@example.com", nil)
	project, err := scalar[string](b, v, `INSERT INTO projects (name) VALUES ('Full') RETURNING id::text`)
	must(t, err)
	b.Super(`INSERT INTO tasks (user_id, title, project_id) SELECT $1, 't' || g, $2 FROM generate_series(1, 98) g`, v.ID, project)
	batch = newBatch(t, b, v, 4)
	_, err = chunk(b, v, batch, `[{"key": "p", "kind": "project", "name": "full"}]`)
	must(t, err)
	_, err = chunk(b, v, batch, taskRows(1, 3, "p"))
	wantError(t, err, "P0001", "Project task limit reached for Free plan",
		"This would make 101 tasks per project; the Free plan allows 100.")
	got, err = chunk(b, v, batch, taskRows(1, 2, "p"))
	must(t, err)
	if got["created"] != 2 || superScalar[int](b, `SELECT count(*) FROM tasks WHERE project_id = $1`, project) != 100 {
		t.Errorf("chunk up to the project cap: %v", got)
	}
}

// A task in a shared project counts against the project owner's
// per-project cap and the writer's own total: the insert trigger looks each
// plan up once, for the right person.
func TestTaskCapsInSharedProjectsFollowEachOwner(t *testing.T) {
	t.Parallel()
	b := setup(t)
	freeOwner := b.NewUser("free-owner@example.com", nil)
	proMember := b.NewUser("pro-member@example.com", nil)
	b.SetPlan(proMember, "pro_monthly")
	shared, err := scalar[string](b, freeOwner, `INSERT INTO projects (name) VALUES ('Shared') RETURNING id::text`)
	must(t, err)
	b.Super(`INSERT INTO project_members (project_id, user_id) VALUES ($1, $2)`, shared, proMember.ID)
	b.Super(`INSERT INTO tasks (user_id, title, project_id) SELECT $1, 't' || g, $2 FROM generate_series(1, 99) g`, freeOwner.ID, shared)
	add := `INSERT INTO tasks (title, project_id) VALUES ('from a member', $1)`
	must(t, b.Exec(proMember, add, shared))
	wantError(t, b.Exec(proMember, add, shared), "P0001", "Project task limit reached for Free plan",
		"This would make 101 tasks per project; the Free plan allows 100.")

	proOwner := b.NewUser("pro-owner@example.com", nil)
	b.SetPlan(proOwner, "pro_monthly")
	freeMember := b.NewUser("free-member@example.com", nil)
	big, err := scalar[string](b, proOwner, `INSERT INTO projects (name) VALUES ('Big') RETURNING id::text`)
	must(t, err)
	b.Super(`INSERT INTO project_members (project_id, user_id) VALUES ($1, $2)`, big, freeMember.ID)
	b.Super(`INSERT INTO tasks (user_id, title, project_id) SELECT $1, 't' || g, $2 FROM generate_series(1, 150) g`, proOwner.ID, big)
	b.Super(`INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 499) g`, freeMember.ID)
	must(t, b.Exec(freeMember, add, big))
	wantError(t, b.Exec(freeMember, add, big), "P0001", "Task limit reached for Free plan",
		"This would make 501 tasks; the Free plan allows 500.")
}

// Who may put a task in a project: its owner and its members while it is
// not in the bin; nobody else, and nobody once it is binned.
func TestTaskProjectAccess(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.NewUser("access-owner@example.com", nil)
	member := b.NewUser("access-member@example.com", nil)
	stranger := b.NewUser("access-stranger@example.com", nil)
	project, err := scalar[string](b, owner, `INSERT INTO projects (name) VALUES ('Team') RETURNING id::text`)
	must(t, err)
	b.Super(`INSERT INTO project_members (project_id, user_id) VALUES ($1, $2)`, project, member.ID)
	add := `INSERT INTO tasks (title, project_id) VALUES ('x', $1)`
	must(t, b.Exec(owner, add, project))
	must(t, b.Exec(member, add, project))
	wantError(t, b.Exec(stranger, add, project), "23503", "Project not found")
	b.Super(`DELETE FROM project_members WHERE project_id = $1 AND user_id = $2`, project, member.ID)
	wantError(t, b.Exec(member, add, project), "23503", "Project not found")
	b.Super(`INSERT INTO project_members (project_id, user_id) VALUES ($1, $2)`, project, member.ID)
	must(t, b.Exec(owner, `UPDATE projects SET is_deleted = true WHERE id = $1`, project))
	wantError(t, b.Exec(owner, add, project), "23503", "Project not found")
	wantError(t, b.Exec(member, add, project), "23503", "Project not found")
}

// An import writes the activity a hand-made task and comment write: one
// "Created task" entry per task and one "Added a comment" per comment, with
// the same columns, and the feed's counters equal the log.
func TestImportLogsEachTaskOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("logged@example.com", nil)
	b.SetPlan(u, "pro_monthly")
	must(t, b.Exec(u, `INSERT INTO tasks (title) VALUES ('by hand')`))
	batch := newBatch(t, b, u, 6)
	_, err := chunk(b, u, batch, importRows)
	must(t, err)

	entries, err := column(b, u, `SELECT concat_ws(' | ', a.activity_type, a.activity_description, a.entity_name,
			(a.metadata - 'comment_id')::text, a.user_id = auth.uid(), a.task_owner_id = auth.uid(), coalesce(p.name, 'Inbox'))
		FROM activity_logs a JOIN tasks t ON t.id = a.task_id LEFT JOIN projects p ON p.id = a.project_id
		ORDER BY t.created_at, t.title, a.activity_type`)
	must(t, err)
	want := []string{
		`task_created | Created task "by hand" | by hand | {"source": "trigger"} | t | t | Inbox`,
		`task_created | Created task "In an old project" | In an old project | {"source": "trigger"} | t | t | Existing`,
		`task_created | Created task "Outline" | Outline | {"source": "trigger"} | t | t | Work`,
		`comment_added | Added a comment | Write report | {"source": "trigger", "preview": "Ask Ann first"} | t | t | Work`,
		`task_created | Created task "Write report" | Write report | {"source": "trigger"} | t | t | Work`,
	}
	if strings.Join(entries, "\n") != strings.Join(want, "\n") {
		t.Errorf("activity:\n%s\nwant:\n%s", strings.Join(entries, "\n"), strings.Join(want, "\n"))
	}
	countsMatch := func(when string) {
		t.Helper()
		// scope → the log's column it counts by.
		for scope, col := range map[string]string{"actor": "user_id", "project": "project_id"} {
			off := superScalar[int](b, `WITH mine AS (SELECT $1::uuid AS id UNION SELECT id FROM projects WHERE user_id = $1)
				SELECT count(*) FROM (
					SELECT a.`+col+` AS id, a.activity_type, count(*) AS n FROM activity_logs a
					 WHERE NOT a.is_deleted AND a.`+col+` IN (SELECT id FROM mine) GROUP BY 1, 2) l
				FULL JOIN (SELECT c.scope_id AS id, c.activity_type, c.n FROM private.activity_counts c
					 WHERE c.scope = $2 AND c.n <> 0 AND c.scope_id IN (SELECT id FROM mine)) c
				USING (id, activity_type) WHERE l.n IS DISTINCT FROM c.n`, u.ID, scope)
			if off != 0 {
				t.Errorf("%s: %d %s counters differ from the log", when, off, scope)
			}
		}
	}
	countsMatch("after the import")
	_, err = scalar[string](b, u, `SELECT undo_import($1)::text`, batch)
	must(t, err)
	countsMatch("after undo")
}
