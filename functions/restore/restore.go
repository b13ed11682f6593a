// Package restore is the import-data function: it restores a JSON export
// of export-data into the caller's account, which must be empty (issue 22,
// beyond spec 000 §7, which only exports).
//
//	POST /functions/v1/import-data {"dryRun": true, "backup": {...the export...}}
//	  -> {"dryRun": true, "exportedAt": "...", "email": "...", "counts": {...}, "notes": [...]}
//
// A dry run does the whole restore in a transaction and rolls it back, so
// its answer is exactly what the real run does: the same counts, or the
// same error (a plan cap, a row the database refuses). Rows get new ids
// and the caller as owner; their references (a subtask's parent, a task's
// project, an entry's journal) are mapped to the new rows, and nothing the
// backup names outside itself is touched: the work runs as the service
// (so that a large restore is not held to the per-minute creation limits
// of a person typing) but writes only rows it creates for the caller.
// Plan caps hold as for any write.
package restore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/functions"
	"daybase/internal/pgident"
)

// Function is import-data.
func Function() functions.Function {
	return functions.Function{Name: "import-data", Handler: handle, Timeout: 2 * time.Minute, MaxBody: 10 << 20}
}

type row = map[string]json.RawMessage

// backup is export-data's JSON: profile, tasks, notes, journals and
// exportedAt (000 §7), and the projects and folders Daybase adds.
type backup struct {
	Profile        *struct{ Email string } `json:"profile"`
	Projects       []row                   `json:"projects"`
	NoteFolders    []row                   `json:"noteFolders"`
	JournalFolders []row                   `json:"journalFolders"`
	Tasks          []row                   `json:"tasks"`
	Notes          []row                   `json:"notes"`
	Journals       []row                   `json:"journals"`
	ExportedAt     string                  `json:"exportedAt"`
}

// Counts is what a restore creates.
type Counts struct {
	Projects       int `json:"projects"`
	Tasks          int `json:"tasks"`
	Subtasks       int `json:"subtasks"`
	CompletedTasks int `json:"completedTasks"`
	Notes          int `json:"notes"`
	NoteFolders    int `json:"noteFolders"`
	Journals       int `json:"journals"`
	JournalFolders int `json:"journalFolders"`
}

// Result is the function's answer.
type Result struct {
	DryRun     bool   `json:"dryRun"`
	ExportedAt string `json:"exportedAt"`
	// Email is the account the backup was made from.
	Email  string `json:"email,omitempty"`
	Counts Counts `json:"counts"`
	// Notes are what the user should know before restoring.
	Notes []string `json:"notes"`
}

var errDryRun = errors.New("dry run: roll back")

func handle(ctx context.Context, r *functions.Request) (any, error) {
	var in struct {
		DryRun bool            `json:"dryRun"`
		Backup json.RawMessage `json:"backup"`
	}
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	user := r.UserID()
	if user == "" {
		return nil, functions.Errorf(http.StatusBadRequest, "Restore needs a signed-in user")
	}
	b, err := parse(in.Backup)
	if err != nil {
		return nil, err
	}
	// The restore runs as the service, past row-level security and so past
	// its rule that an ended session, or one short of its second factor,
	// reads and writes nothing (not even the counts requireEmpty reports).
	if err := r.AssertDataAccess(ctx); err != nil {
		return nil, err
	}
	res := &Result{DryRun: in.DryRun, ExportedAt: b.ExportedAt, Notes: notesFor(b)}
	if b.Profile != nil {
		res.Email = b.Profile.Email
	}
	err = r.AsService(ctx, func(tx pgx.Tx) error {
		if err := requireEmpty(ctx, tx, user); err != nil {
			return err
		}
		counts, err := (&restorer{tx: tx, user: user}).run(ctx, b)
		if err != nil {
			return err
		}
		res.Counts = counts
		if in.DryRun {
			return errDryRun
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return nil, err
	}
	return res, nil
}

// parse checks that raw is an export of export-data.
func parse(raw json.RawMessage) (*backup, error) {
	var b backup
	if len(raw) == 0 || json.Unmarshal(raw, &b) != nil || b.Tasks == nil || b.Notes == nil || b.Journals == nil {
		return nil, functions.Errorf(http.StatusBadRequest, "This file is not a Daybase export: it needs tasks, notes, journals and exportedAt")
	}
	if _, err := time.Parse(time.RFC3339Nano, b.ExportedAt); err != nil {
		return nil, functions.Errorf(http.StatusBadRequest, "This file is not a Daybase export: exportedAt is not a date")
	}
	return &b, nil
}

// notesFor says what a restore leaves behind or changes.
func notesFor(b *backup) []string {
	notes := []string{"Comments, attachments, focus sessions and team data are not part of a backup."}
	assigned := 0
	for _, t := range b.Tasks {
		if v, ok := t["assigned_to"]; ok && string(v) != "null" {
			assigned++
		}
	}
	if assigned > 0 {
		notes = append(notes, fmt.Sprintf("%d assigned %s will be yours, unassigned.", assigned, plural(assigned, "task", "tasks")))
	}
	if b.Projects == nil && len(b.Tasks) > 0 {
		notes = append(notes, "This backup has no project list: projects are made from the tasks' project names, with the default colour and icon.")
	}
	return notes
}

// kinds the account must have none of, with their nouns.
var ownedKinds = []struct{ table, one, many string }{
	{"tasks", "task", "tasks"},
	{"projects", "project", "projects"},
	{"notes", "note", "notes"},
	{"journal_entries", "journal entry", "journal entries"},
	{"note_folders", "note folder", "note folders"},
	{"journal_folders", "journal", "journals"},
}

// requireEmpty refuses an account that has any live content.
func requireEmpty(ctx context.Context, tx pgx.Tx, user string) error {
	var parts []string
	for _, k := range ownedKinds {
		var n int
		err := tx.QueryRow(ctx, fmt.Sprintf(stmt.CountLiveRows, pgident.Qual("public", k.table)), user).Scan(&n)
		if err != nil {
			return fmt.Errorf("count %s: %w", k.table, err)
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, k.one, k.many)))
		}
	}
	if len(parts) > 0 {
		return functions.Errorf(http.StatusConflict, "Restore needs an empty account, and this one has %s. Restore into a new account, or delete them first.", joinList(parts))
	}
	return nil
}

type restorer struct {
	tx   pgx.Tx
	user string
	// New ids by the backup's ids, and new projects by lower-cased name.
	projects, journalFolders, tasks map[string]string
	projectsByName                  map[string]string
	noteFolders                     map[string]bool
	counts                          Counts
}

func (s *restorer) run(ctx context.Context, b *backup) (Counts, error) {
	s.projects, s.journalFolders, s.tasks = map[string]string{}, map[string]string{}, map[string]string{}
	s.projectsByName, s.noteFolders = map[string]string{}, map[string]bool{}
	steps := []func(context.Context, *backup) error{s.restoreProjects, s.restoreNoteFolders, s.restoreJournalFolders, s.restoreTasks, s.restoreNotes, s.restoreJournals}
	for _, step := range steps {
		if err := step(ctx, b); err != nil {
			return Counts{}, err
		}
	}
	return s.counts, nil
}

// item names a row of the backup for an error message, its title cut to
// 60 characters (whole characters: the message is JSON, valid UTF-8).
func item(kind string, i int, r row, titleKey string) string {
	var title string
	json.Unmarshal(r[titleKey], &title)
	if title = strings.TrimSpace(title); title != "" {
		if r := []rune(title); len(r) > 60 {
			title = string(r[:57]) + "…"
		}
		return fmt.Sprintf("%s %d (%q)", kind, i+1, title)
	}
	return fmt.Sprintf("%s %d", kind, i+1)
}

// insert inserts one backup row through sql ($1 new id, $2 owner, $3 the
// row as JSON, then args) and reports the database's refusal as the user's
// error, naming the row.
func (s *restorer) insert(ctx context.Context, what, sql string, r row, args ...any) (string, error) {
	id := uuid.NewString()
	raw, _ := json.Marshal(without(r, references...))
	_, err := s.tx.Exec(ctx, sql, append([]any{id, s.user, string(raw)}, args...)...)
	if err == nil {
		return id, nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return "", &functions.Error{Status: http.StatusUnprocessableEntity, Body: map[string]string{
			"error": fmt.Sprintf("Could not restore %s: %s", what, pe.Message), "item": what, "reason": pe.Message,
		}}
	}
	return "", fmt.Errorf("restore %s: %w", what, err)
}

// references are the columns a restore maps or drops itself: the backup's
// values are the other account's ids (and need not even be uuids).
var references = []string{"id", "user_id", "owner_id", "parent_id", "project_id", "assigned_to", "team_id"}

// without is r less keys.
func without(r row, keys ...string) row {
	out := make(row, len(r))
	for k, v := range r {
		out[k] = v
	}
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

func str(r row, key string) string {
	var v string
	json.Unmarshal(r[key], &v)
	return v
}

func (s *restorer) restoreProjects(ctx context.Context, b *backup) error {
	for i, p := range b.Projects {
		what := item("project", i, p, "name")
		id, err := s.insert(ctx, what, stmt.InsertProject, p)
		if err != nil {
			return err
		}
		s.projects[str(p, "id")] = id
		s.projectsByName[strings.ToLower(strings.TrimSpace(str(p, "name")))] = id
		s.counts.Projects++
	}
	return nil
}

// projectFor is the new project of a task: its project in the backup, else
// the project named by its list (made when missing), else none (Inbox).
func (s *restorer) projectFor(ctx context.Context, t row) (any, error) {
	if id, ok := s.projects[str(t, "project_id")]; ok {
		return id, nil
	}
	name := strings.TrimSpace(str(t, "list"))
	if name == "" {
		return nil, nil
	}
	if id, ok := s.projectsByName[strings.ToLower(name)]; ok {
		return id, nil
	}
	id, err := s.insert(ctx, fmt.Sprintf("project %q", name), stmt.InsertNamedProject, row{}, name)
	if err != nil {
		return nil, err
	}
	s.projectsByName[strings.ToLower(name)] = id
	s.counts.Projects++
	return id, nil
}

func (s *restorer) restoreNoteFolders(ctx context.Context, b *backup) error {
	folder := func(what string, r row, name string) error {
		if name == "" || s.noteFolders[strings.ToLower(name)] {
			return nil
		}
		if _, err := s.insert(ctx, what, stmt.InsertNoteFolder, r, name); err != nil {
			return err
		}
		s.noteFolders[strings.ToLower(name)] = true
		s.counts.NoteFolders++
		return nil
	}
	for i, f := range b.NoteFolders {
		if err := folder(item("note folder", i, f, "name"), f, strings.TrimSpace(str(f, "name"))); err != nil {
			return err
		}
	}
	// Folders that notes name but the backup does not list (an export
	// without noteFolders).
	for i, n := range b.Notes {
		if err := folder(fmt.Sprintf("the folder of note %d", i+1), row{}, strings.TrimSpace(str(n, "folder"))); err != nil {
			return err
		}
	}
	return nil
}

func (s *restorer) restoreJournalFolders(ctx context.Context, b *backup) error {
	for i, f := range b.JournalFolders {
		id, err := s.insert(ctx, item("journal", i, f, "name"), stmt.InsertJournalFolder, f)
		if err != nil {
			return err
		}
		s.journalFolders[str(f, "id")] = id
		s.counts.JournalFolders++
	}
	return nil
}

func (s *restorer) restoreTasks(ctx context.Context, b *backup) error {
	// Parents before their subtasks (one level deep, 001 §3).
	order := make([]int, len(b.Tasks))
	inBackup := map[string]bool{}
	for i, t := range b.Tasks {
		order[i] = i
		inBackup[str(t, "id")] = true
	}
	isSubtask := func(i int) bool { return inBackup[str(b.Tasks[i], "parent_id")] }
	sort.SliceStable(order, func(x, y int) bool { return !isSubtask(order[x]) && isSubtask(order[y]) })

	for _, i := range order {
		t := b.Tasks[i]
		what := item("task", i, t, "title")
		project, err := s.projectFor(ctx, t)
		if err != nil {
			return err
		}
		var parent any
		if id, ok := s.tasks[str(t, "parent_id")]; ok {
			parent = id
		}
		id, err := s.insert(ctx, what, stmt.InsertTask, t, parent, project)
		if err != nil {
			return err
		}
		s.tasks[str(t, "id")] = id
		s.counts.Tasks++
		if parent != nil {
			s.counts.Subtasks++
		}
		var done bool
		json.Unmarshal(t["is_completed"], &done)
		if done {
			s.counts.CompletedTasks++
		}
	}
	return nil
}

func (s *restorer) restoreNotes(ctx context.Context, b *backup) error {
	for i, n := range b.Notes {
		if _, err := s.insert(ctx, item("note", i, n, "title"), stmt.InsertNote, n); err != nil {
			return err
		}
		s.counts.Notes++
	}
	return nil
}

func (s *restorer) restoreJournals(ctx context.Context, b *backup) error {
	for i, j := range b.Journals {
		var folder any
		if id, ok := s.journalFolders[str(j, "folder")]; ok {
			folder = id
		}
		if _, err := s.insert(ctx, item("journal entry", i, j, "title"), stmt.InsertJournalEntry, without(j, "folder"), folder); err != nil {
			return err
		}
		s.counts.Journals++
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinList joins "a", "b" and "c" as "a, b and c".
func joinList(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
