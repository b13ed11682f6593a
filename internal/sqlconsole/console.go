// Package sqlconsole is the admin SQL console behind `daybase sql`: it runs
// statements over PostgreSQL's simple query protocol and prints results as
// aligned tables, errors with their SQLSTATE, and psql-style \d and \dt.
package sqlconsole

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"
)

// Console runs SQL on one connection.
type Console struct {
	conn     *pgconn.PgConn
	out, err io.Writer
}

// New returns a console writing results to out and errors to errOut.
func New(conn *pgconn.PgConn, out, errOut io.Writer) *Console {
	return &Console{conn: conn, out: out, err: errOut}
}

// ErrFailed is returned by Script when a statement failed (already printed).
var ErrFailed = errors.New("SQL failed")

// Script runs sql (one or more statements) and prints every result. It
// stops at the first error.
func (c *Console) Script(ctx context.Context, sql string) error {
	if strings.HasPrefix(strings.TrimSpace(sql), `\`) {
		return c.meta(ctx, strings.TrimSpace(sql))
	}
	results, err := c.conn.Exec(ctx, sql).ReadAll()
	for _, r := range results {
		if r.Err == nil {
			c.print(r)
		}
	}
	if err != nil {
		c.printError(err)
		return ErrFailed
	}
	return nil
}

// ScriptFrom reads a whole script from r and runs it statement by
// statement, so meta-commands may sit between statements.
func (c *Console) ScriptFrom(ctx context.Context, r io.Reader) error {
	var buf strings.Builder
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		if buf.Len() == 0 && strings.HasPrefix(strings.TrimSpace(line), `\`) {
			if err := c.meta(ctx, strings.TrimSpace(line)); err != nil {
				return err
			}
			continue
		}
		buf.WriteString(line + "\n")
		if Complete(buf.String()) {
			if err := c.Script(ctx, buf.String()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	if strings.TrimSpace(buf.String()) != "" {
		return c.Script(ctx, buf.String())
	}
	return sc.Err()
}

// Interactive reads statements from r with a prompt, continuing lines until
// a statement ends with a semicolon. Errors are printed, not returned.
func (c *Console) Interactive(ctx context.Context, r io.Reader) error {
	fmt.Fprintln(c.out, `daybase SQL console. End statements with ";". \dt lists tables, \d NAME describes one, \q quits.`)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var buf strings.Builder
	prompt := func() {
		if buf.Len() == 0 {
			fmt.Fprint(c.out, "daybase=# ")
		} else {
			fmt.Fprint(c.out, "daybase-# ")
		}
	}
	for prompt(); sc.Scan(); prompt() {
		line := sc.Text()
		if buf.Len() == 0 && strings.HasPrefix(strings.TrimSpace(line), `\`) {
			cmd := strings.TrimSpace(line)
			if cmd == `\q` {
				return nil
			}
			_ = c.meta(ctx, cmd)
			continue
		}
		buf.WriteString(line + "\n")
		if Complete(buf.String()) {
			_ = c.Script(ctx, buf.String())
			buf.Reset()
		}
	}
	fmt.Fprintln(c.out)
	return sc.Err()
}

// meta runs a backslash command.
func (c *Console) meta(ctx context.Context, cmd string) error {
	name, arg, _ := strings.Cut(cmd, " ")
	arg = strings.TrimSpace(arg)
	switch name {
	case `\dt`:
		return c.Script(ctx, stmt.ListTables)
	case `\d`:
		if arg == "" {
			return c.Script(ctx, stmt.ListRelations)
		}
		return c.describe(ctx, arg)
	case `\?`, `\h`:
		fmt.Fprintln(c.out, `\dt          list tables
\d           list relations
\d NAME      describe a table or view (schema.name or name)
\q           quit`)
		return nil
	default:
		fmt.Fprintf(c.err, "unknown command %s; \\? lists the commands\n", name)
		return ErrFailed
	}
}

func (c *Console) describe(ctx context.Context, name string) error {
	// A literal, not a parameter: the simple protocol has no binds.
	lit := "'" + strings.ReplaceAll(name, "'", "''") + "'"
	sql := fmt.Sprintf(stmt.DescribeColumns, lit)
	results, err := c.conn.Exec(ctx, sql).ReadAll()
	if err != nil {
		c.printError(err)
		return ErrFailed
	}
	if len(results) == 0 || len(results[0].Rows) == 0 {
		fmt.Fprintf(c.err, "Did not find any relation named %q.\n", name)
		return ErrFailed
	}
	fmt.Fprintf(c.out, "Table %q\n", name)
	c.print(results[0])
	policies, err := c.conn.Exec(ctx, fmt.Sprintf(stmt.DescribePolicies, lit)).ReadAll()
	if err != nil {
		c.printError(err)
		return ErrFailed
	}
	if len(policies) > 0 && len(policies[0].Rows) > 0 {
		fmt.Fprintln(c.out, "Policies")
		c.print(policies[0])
	}
	return nil
}

// print renders one result: an aligned table for rows, else the command tag.
func (c *Console) print(r *pgconn.Result) {
	if len(r.FieldDescriptions) == 0 {
		fmt.Fprintln(c.out, r.CommandTag.String())
		return
	}
	headers := make([]string, len(r.FieldDescriptions))
	widths := make([]int, len(headers))
	for i, f := range r.FieldDescriptions {
		headers[i] = f.Name
		widths[i] = utf8.RuneCountInString(f.Name)
	}
	cells := make([][]string, len(r.Rows))
	for i, row := range r.Rows {
		cells[i] = make([]string, len(row))
		for j, v := range row {
			s := "NULL"
			if v != nil {
				s = strings.ReplaceAll(string(v), "\n", `\n`)
			}
			cells[i][j] = s
			widths[j] = max(widths[j], utf8.RuneCountInString(s))
		}
	}
	line := func(vals []string) {
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = " " + v + strings.Repeat(" ", widths[i]-utf8.RuneCountInString(v)) + " "
		}
		fmt.Fprintln(c.out, strings.TrimRight(strings.Join(parts, "|"), " "))
	}
	line(headers)
	seps := make([]string, len(widths))
	for i, w := range widths {
		seps[i] = strings.Repeat("-", w+2)
	}
	fmt.Fprintln(c.out, strings.Join(seps, "+"))
	for _, row := range cells {
		line(row)
	}
	if len(r.Rows) == 1 {
		fmt.Fprintln(c.out, "(1 row)")
	} else {
		fmt.Fprintf(c.out, "(%d rows)\n", len(r.Rows))
	}
}

func (c *Console) printError(err error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		fmt.Fprintf(c.err, "ERROR:  %s (SQLSTATE %s)\n", pgErr.Message, pgErr.Code)
		if pgErr.Detail != "" {
			fmt.Fprintf(c.err, "DETAIL:  %s\n", pgErr.Detail)
		}
		if pgErr.Hint != "" {
			fmt.Fprintf(c.err, "HINT:  %s\n", pgErr.Hint)
		}
		return
	}
	fmt.Fprintf(c.err, "ERROR:  %v\n", err)
}
