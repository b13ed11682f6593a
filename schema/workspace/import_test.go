package workspace_test

import (
	"encoding/json"
	"testing"
)

// Importers (issue 26, migration 0750): import_chunk creates a batch's rows
// once, whatever is sent twice; undo_import removes exactly what the batch
// made; nobody else sees, feeds or undoes a batch.

func newBatch(t *testing.T, b *bundle, u actor, total int) string {
	t.Helper()
	id, err := scalar[string](b, u, `INSERT INTO import_batches (source, file_name, total_rows)
		VALUES ('todoist', 'Work.csv', $1) RETURNING id::text`, total)
	must(t, err)
	return id
}

func chunk(b *bundle, u actor, batch string, rows string) (map[string]int, error) {
	out, err := scalar[string](b, u, `SELECT import_chunk($1::uuid, $2::jsonb)::text`, batch, rows)
	if err != nil {
		return nil, err
	}
	var m map[string]int
	return m, json.Unmarshal([]byte(out), &m)
}

const importRows = `[
 {"key": "p", "kind": "project", "name": "Work"},
 {"key": "p2", "kind": "project", "name": "Existing"},
 {"key": "2", "kind": "task", "project": "p", "title": "Write report", "priority": 4,
  "tags": "email, focus", "due_date": "2026-12-01", "recurrence": "{\"type\":\"weekly\",\"interval\":1}"},
 {"key": "3", "kind": "task", "project": "p", "parent": "2", "title": "Outline", "is_completed": true,
  "completed_at": "2026-11-01T10:00:00Z"},
 {"key": "4", "kind": "comment", "task": "2", "content": "Ask Ann first"},
 {"key": "5", "kind": "task", "project": "p2", "title": "In an old project", "reminders": [30]}
]`

func TestImportChunkIsIdempotentAndUndoable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("importer@example.com", nil)
	must(t, b.Exec(u, `INSERT INTO projects (name) VALUES ('existing')`))
	must(t, b.Exec(u, `INSERT INTO tasks (title) VALUES ('mine before')`))
	batch := newBatch(t, b, u, 6)

	got, err := chunk(b, u, batch, importRows)
	must(t, err)
	if got["created"] != 6 || got["skipped"] != 0 || got["done"] != 6 {
		t.Fatalf("first chunk: %v", got)
	}
	// The same chunk again (a reload mid-import) creates nothing.
	got, err = chunk(b, u, batch, importRows)
	if err == nil {
		t.Fatalf("a done batch took another chunk: %v", got)
	}
	wantError(t, err, "P0002", "Import not found")

	n, err := scalar[int](b, u, `SELECT count(*) FROM tasks WHERE NOT is_deleted`)
	must(t, err)
	if n != 4 {
		t.Errorf("tasks after import: %d, want 4", n)
	}
	sub, err := scalar[string](b, u, `SELECT s.list || '|' || s.is_completed || '|' || (p.title)
		FROM tasks s JOIN tasks p ON p.id = s.parent_id WHERE s.title = 'Outline'`)
	must(t, err)
	if sub != "Work|true|Write report" {
		t.Errorf("subtask: %s", sub)
	}
	comments, err := scalar[int](b, u, `SELECT count(*) FROM task_comments`)
	must(t, err)
	if comments != 1 {
		t.Errorf("comments: %d", comments)
	}
	status, err := scalar[string](b, u, `SELECT status FROM import_batches WHERE id = $1`, batch)
	must(t, err)
	if status != "done" {
		t.Errorf("status %s, want done", status)
	}

	undone, err := scalar[string](b, u, `SELECT undo_import($1)::text`, batch)
	must(t, err)
	if undone != `{"tasks": 3, "comments": 1, "projects": 1}` {
		t.Errorf("undo: %s", undone)
	}
	left, err := column(b, u, `SELECT title FROM tasks UNION ALL SELECT name FROM projects ORDER BY 1`)
	must(t, err)
	if len(left) != 2 || left[0] != "existing" || left[1] != "mine before" {
		t.Errorf("after undo: %v, want the two rows made before", left)
	}
	_, err = scalar[string](b, u, `SELECT undo_import($1)::text`, batch)
	wantError(t, err, "P0002", "Import not found")
}

// A chunk sent twice while the batch is still running skips what it made.
func TestImportChunkResumes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("resume@example.com", nil)
	batch := newBatch(t, b, u, 3)
	first := `[{"key": "1", "kind": "task", "title": "a"}, {"key": "2", "kind": "task", "title": "b"}]`
	_, err := chunk(b, u, batch, first)
	must(t, err)
	got, err := chunk(b, u, batch, `[{"key": "2", "kind": "task", "title": "b"}, {"key": "3", "kind": "task", "title": "c"}]`)
	must(t, err)
	if got["created"] != 1 || got["skipped"] != 1 || got["done"] != 3 {
		t.Errorf("resumed chunk: %v", got)
	}
	n, err := scalar[int](b, u, `SELECT count(*) FROM tasks`)
	must(t, err)
	if n != 3 {
		t.Errorf("tasks: %d, want 3", n)
	}
	_, err = chunk(b, u, newBatch(t, b, u, 1), `[{"key": "x", "kind": "task", "parent": "nope", "title": "orphan"}]`)
	wantError(t, err, "22023", "Import row refers to a row not imported yet")
}

// The plan caps hold inside an import: the chunk that would pass one fails
// whole with the cap's message, and what earlier chunks made stays.
func TestImportRespectsCaps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("capped@example.com", nil)
	b.Super(`INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 499) g`, u.ID)
	batch := newBatch(t, b, u, 2)
	_, err := chunk(b, u, batch, `[{"key": "1", "kind": "task", "title": "500th"}, {"key": "2", "kind": "task", "title": "501st"}]`)
	wantError(t, err, "P0001", "Task limit reached for Free plan")
	n, err := scalar[int](b, u, `SELECT count(*) FROM import_batch_items`)
	must(t, err)
	if n != 0 {
		t.Errorf("items after a failed chunk: %d", n)
	}
}

// Isolation: another user neither sees, feeds, marks nor undoes a batch;
// anon has no access at all.
func TestImportBatchIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.NewUser("owner-import@example.com", nil)
	other := b.NewUser("other-import@example.com", nil)
	batch := newBatch(t, b, owner, 2)
	_, err := chunk(b, owner, batch, `[{"key": "1", "kind": "task", "title": "mine"}]`)
	must(t, err)

	for _, q := range []string{`SELECT count(*) FROM import_batches`, `SELECT count(*) FROM import_batch_items`} {
		n, err := scalar[int](b, other, q)
		must(t, err)
		if n != 0 {
			t.Errorf("%s as another user: %d", q, n)
		}
	}
	_, err = chunk(b, other, batch, `[{"key": "2", "kind": "task", "title": "theirs"}]`)
	wantError(t, err, "P0002", "Import not found")
	_, err = scalar[string](b, other, `SELECT undo_import($1)::text`, batch)
	wantError(t, err, "P0002", "Import not found")
	must(t, b.Exec(other, `UPDATE import_batches SET status = 'undone' WHERE id = $1`, batch))
	must(t, b.Exec(other, `DELETE FROM import_batches WHERE id = $1`, batch))
	err = b.Exec(other, `INSERT INTO import_batch_items (batch_id, row_key, kind, target_id)
		VALUES ($1, 'forged', 'task', gen_random_uuid())`, batch)
	wantError(t, err, "42501", "new row violates row-level security policy for table \"import_batch_items\"")
	err = b.Exec(other, `INSERT INTO import_batches (user_id, source, file_name, total_rows) VALUES ($1, 'csv', 'x.csv', 1)`, owner.ID)
	wantError(t, err, "42501", "new row violates row-level security policy for table \"import_batches\"")
	status := superScalar[string](b, `SELECT status FROM import_batches WHERE id = $1`, batch)
	if status != "running" {
		t.Errorf("another user changed the batch: %s", status)
	}

	for _, table := range []string{"import_batches", "import_batch_items"} {
		_, err := scalar[int](b, anonymous, `SELECT count(*) FROM `+table)
		wantError(t, err, "42501", "permission denied for table "+table)
	}
	_, err = scalar[string](b, anonymous, `SELECT import_chunk($1::uuid, '[]')::text`, batch)
	wantError(t, err, "42501", "permission denied for function import_chunk")
}
