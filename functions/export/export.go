// Package export is the export-data function: the data export of spec
// 000 §7 on the server, streamed, as the signed-in user (row-level
// security decides what is exported).
//
//	POST /functions/v1/export-data {"format": "json"}  (default)
//	  -> {"profile": {...}, "tasks": [...], "notes": [...], "journals": [...], "exportedAt": "..."}
//	POST /functions/v1/export-data {"format": "csv"}  (or ?format=csv)
//	  -> the user's tasks as CSV, one row per task, header first
//
// Deleted rows are left out. Rows are written as they are read, so memory
// stays flat however much a user has.
package export

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions"
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
	switch strings.ToLower(format) {
	case "", "json":
		return &functions.Response{Header: http.Header{
			"Content-Type":        {"application/json"},
			"Content-Disposition": {`attachment; filename="daybase-export-` + day + `.json"`},
		}, Write: func(w io.Writer) error { return r.AsUser(ctx, func(tx pgx.Tx) error { return writeJSON(ctx, tx, w) }) }}, nil
	case "csv":
		return &functions.Response{Header: http.Header{
			"Content-Type":        {"text/csv; charset=utf-8"},
			"Content-Disposition": {`attachment; filename="daybase-tasks-` + day + `.csv"`},
		}, Write: func(w io.Writer) error { return r.AsUser(ctx, func(tx pgx.Tx) error { return writeCSV(ctx, tx, w) }) }}, nil
	}
	return nil, functions.Errorf(http.StatusBadRequest, "format must be json or csv")
}

// Rows of one kind, as JSON, skipping soft-deleted ones (is_deleted or
// is_marked_deleted, whichever the table has). Tables of spec 002 that do
// not exist yet export as empty lists.
func listSQL(table, order string) string {
	return fmt.Sprintf(`SELECT to_jsonb(x)::text FROM public.%s x
WHERE x.user_id = auth.uid()
  AND NOT coalesce((to_jsonb(x) ->> 'is_deleted')::boolean, false)
  AND NOT coalesce((to_jsonb(x) ->> 'is_marked_deleted')::boolean, false)
ORDER BY %s`, table, order)
}

func writeJSON(ctx context.Context, tx pgx.Tx, w io.Writer) error {
	var profile string
	err := tx.QueryRow(ctx, `SELECT coalesce((SELECT to_jsonb(p)::text FROM public.user_profiles p WHERE p.id = auth.uid()), 'null')`).Scan(&profile)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, `{"profile":`+profile); err != nil {
		return err
	}
	for _, part := range []struct{ key, table, order string }{
		{"tasks", "tasks", "x.sort_order, x.created_at"},
		{"notes", "notes", "x.created_at"},
		{"journals", "journal_entries", "x.created_at"},
	} {
		if _, err := io.WriteString(w, `,"`+part.key+`":[`); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT to_regclass('public.'||$1) IS NOT NULL`, part.table).Scan(&exists); err != nil {
			return err
		}
		if exists {
			rows, err := tx.Query(ctx, listSQL(part.table, part.order))
			if err != nil {
				return err
			}
			first := true
			for rows.Next() {
				var row string
				if err := rows.Scan(&row); err != nil {
					rows.Close()
					return err
				}
				if !first {
					row = "," + row
				}
				first = false
				if _, err := io.WriteString(w, row); err != nil {
					rows.Close()
					return err
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(w, "]"); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(w, `,"exportedAt":%q}`+"\n", time.Now().UTC().Format(time.RFC3339Nano))
	return err
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
	rows, err := tx.Query(ctx, `SELECT id::text, title, coalesce(notes, ''), coalesce(due_date::text, ''),
  coalesce(to_char(due_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ''), priority::text, coalesce(tags, ''),
  coalesce(list, ''), coalesce(location, ''), array_to_string(reminders, ' '), coalesce(recurrence, ''),
  is_completed::text, coalesce(to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ''),
  is_starred::text, importance::text, urgency::text, coalesce(parent_id::text, ''),
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
FROM public.tasks WHERE user_id = auth.uid() AND NOT is_deleted ORDER BY sort_order, created_at`)
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
