// Package export is the export-data function: the data export of spec
// 000 §7 on the server, streamed, as the signed-in user (row-level
// security decides what is exported).
//
//	POST /functions/v1/export-data {"format": "json"}  (default)
//	  -> {"profile": {...}, "tasks": [...], "notes": [...], "journals": [...],
//	      "projects": [...], "noteFolders": [...], "journalFolders": [...], "exportedAt": "..."}
//	POST /functions/v1/export-data {"format": "csv"}  (or ?format=csv)
//	  -> the user's tasks as CSV, one row per task, header first
//
// The keys of 000 §7 come first; projects and folders are Daybase's own,
// so that import-data (functions/restore) can restore a backup whole.
// Deleted rows are left out. Rows are written as they are read, so memory
// stays flat however much a user has; each JSON row starts a line of its
// own and X-Export-Rows says how many rows (JSON) or tasks (CSV) follow,
// so a client can show how far the download is.
package export

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions"
	"daybase/internal/pgident"
)

// Function is export-data.
func Function() functions.Function {
	return functions.Function{Name: "export-data", Handler: handle, Timeout: 2 * time.Minute}
}

func handle(ctx context.Context, r *functions.Request) (any, error) {
	format := r.HTTP.URL.Query().Get("format")
	if r.HTTP.Method == http.MethodPost && r.HTTP.ContentLength != 0 {
		var in struct {
			Format string `json:"format"`
		}
		if err := r.DecodeJSON(&in); err != nil {
			return nil, err
		}
		if in.Format != "" {
			format = in.Format
		}
	}
	if r.UserID() == "" {
		return nil, functions.Errorf(http.StatusBadRequest, "Export needs a signed-in user")
	}
	day := time.Now().UTC().Format(time.DateOnly)
	format = strings.ToLower(format)
	if format != "" && format != "json" && format != "csv" {
		return nil, functions.Errorf(http.StatusBadRequest, "format must be json or csv")
	}
	parts := jsonParts
	if format == "csv" {
		parts = jsonParts[:1]
	}
	rows, err := countRows(ctx, r, parts)
	if err != nil {
		return nil, err
	}
	if format == "csv" {
		return &functions.Response{Header: http.Header{
			"Content-Type":        {"text/csv; charset=utf-8"},
			"Content-Disposition": {`attachment; filename="daybase-tasks-` + day + `.csv"`},
			"X-Export-Rows":       {strconv.Itoa(rows)},
		}, Write: func(w io.Writer) error { return r.AsUser(ctx, func(tx pgx.Tx) error { return writeCSV(ctx, tx, w) }) }}, nil
	}
	return &functions.Response{Header: http.Header{
		"Content-Type":        {"application/json"},
		"Content-Disposition": {`attachment; filename="daybase-export-` + day + `.json"`},
		"X-Export-Rows":       {strconv.Itoa(rows)},
	}, Write: func(w io.Writer) error { return r.AsUser(ctx, func(tx pgx.Tx) error { return writeJSON(ctx, tx, w) }) }}, nil
}

// jsonParts are the lists of the JSON export: key, table and order. Tasks
// come first (the CSV export is the tasks alone).
var jsonParts = []struct{ key, table, order string }{
	{"tasks", "tasks", "x.sort_order, x.created_at"},
	{"notes", "notes", "x.created_at"},
	{"journals", "journal_entries", "x.created_at"},
	{"projects", "projects", "x.sort_order, x.created_at"},
	{"noteFolders", "note_folders", "x.sort_order, x.created_at"},
	{"journalFolders", "journal_folders", "x.sort_order, x.created_at"},
}

// countRows counts the live rows of the parts' tables for X-Export-Rows.
// It runs before the export's own transaction, so it is an estimate when
// rows change in between.
func countRows(ctx context.Context, r *functions.Request, parts []struct{ key, table, order string }) (int, error) {
	total := 0
	err := r.AsUser(ctx, func(tx pgx.Tx) error {
		for _, p := range parts {
			var n int
			if err := tx.QueryRow(ctx, fmt.Sprintf(stmt.CountRows, pgident.Qual("public", p.table))).Scan(&n); err != nil {
				return fmt.Errorf("count %s: %w", p.table, err)
			}
			total += n
		}
		return nil
	})
	return total, err
}

// Rows of one kind, as JSON, skipping soft-deleted ones (is_deleted or
// is_marked_deleted, whichever the table has).
func listSQL(table, order string) string {
	return fmt.Sprintf(stmt.ListRows, pgident.Qual("public", table), order)
}

func writeJSON(ctx context.Context, tx pgx.Tx, w io.Writer) error {
	var profile string
	err := tx.QueryRow(ctx, stmt.Profile).Scan(&profile)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, `{"profile":`+profile); err != nil {
		return err
	}
	for _, part := range jsonParts {
		if _, err := io.WriteString(w, `,"`+part.key+`":[`); err != nil {
			return err
		}
		if err := writeRows(ctx, tx, w, listSQL(part.table, part.order)); err != nil {
			return fmt.Errorf("export %s: %w", part.table, err)
		}
		if _, err := io.WriteString(w, "]"); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(w, `,"exportedAt":%q}`+"\n", time.Now().UTC().Format(time.RFC3339Nano))
	return err
}

// writeRows writes the one-column rows of sql as JSON array elements, each
// on a line of its own.
func writeRows(ctx context.Context, tx pgx.Tx, w io.Writer, sql string) error {
	rows, err := tx.Query(ctx, sql)
	if err != nil {
		return err
	}
	defer rows.Close()
	sep := "\n"
	for rows.Next() {
		var row string
		if err := rows.Scan(&row); err != nil {
			return err
		}
		if _, err := io.WriteString(w, sep+row); err != nil {
			return err
		}
		sep = ",\n"
	}
	return rows.Err()
}

// csvColumns are the task fields of the CSV export (001 §3).
var csvColumns = []string{"id", "title", "notes", "due_date", "due_time", "priority", "tags", "list", "location",
	"reminders", "recurrence", "is_completed", "completed_at", "is_starred", "importance", "urgency", "parent_id",
	"created_at", "updated_at"}

func writeCSV(ctx context.Context, tx pgx.Tx, w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvColumns); err != nil {
		return err
	}
	// Every column as text, the way PostgreSQL prints it; timestamps in UTC ISO 8601.
	rows, err := tx.Query(ctx, stmt.TaskRows)
	if err != nil {
		return err
	}
	defer rows.Close()
	rec := make([]string, len(csvColumns))
	dst := make([]any, len(csvColumns))
	for i := range rec {
		dst[i] = &rec[i]
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(dst...); err != nil {
			return err
		}
		// A cell starting with = + - @ is a formula to spreadsheets:
		// prefix it so an exported title cannot run in Excel.
		for i, v := range rec {
			if v != "" && strings.ContainsRune("=+-@", rune(v[0])) && csvColumns[i] != "due_date" {
				rec[i] = "'" + v
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
		if n++; n%500 == 0 {
			cw.Flush()
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return rows.Err()
}
