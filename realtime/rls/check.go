package rls

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/jsonstr"
)

// Check asks which of Rows the role with Claims may see (or insert) under
// the policies rendered into SQL (a View's SQL).
type Check struct {
	SQL    string
	Role   string
	Claims []byte // JSON object, for request.jwt.claims
	// Request is the request the check runs for (request.headers and the
	// other settings of internal/asrole): a socket's opening handshake or a
	// REST broadcast; none for the changes feed, as Supabase's.
	Request asrole.Request
	// Topic is realtime.topic, the private channel's topic, or "".
	Topic string
	// Rows holds one value per Table column, nil for NULL.
	Rows [][]*string

	// Visible is set by Run, one entry per row.
	Visible []bool
}

// RowsJSON renders rows as the check statement's parameter.
func RowsJSON(rows [][]*string) []byte {
	b := []byte{'['}
	for i, r := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j, v := range r {
			if j > 0 {
				b = append(b, ',')
			}
			if v == nil {
				b = append(b, "null"...)
			} else {
				b = jsonstr.AppendNoHTML(b, *v)
			}
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// setSQL sets up a check's transaction as its caller, with realtime.topic.
var setSQL = asrole.SQL("realtime.topic")

// Run evaluates checks in one pipeline on one connection of pool (the
// authenticator pool) inside a read-only transaction. Checks are grouped by
// role so prepared plans that depend on the role are reused. When the
// pipeline fails — a policy raising an error for some claims, say — each
// check is retried alone and a failing check sees nothing; the returned
// error describes the failures, for logging.
func Run(ctx context.Context, pool *pgxpool.Pool, checks []*Check) error {
	if len(checks) == 0 {
		return nil
	}
	sort.SliceStable(checks, func(i, j int) bool { return checks[i].Role < checks[j].Role })
	for _, c := range checks {
		c.Visible = make([]bool, len(c.Rows))
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("rls: acquire: %w", err)
	}
	defer conn.Release()
	if err := runBatch(ctx, conn.Conn(), checks); err == nil {
		return nil
	}
	conn.Exec(ctx, "ROLLBACK")
	var errs []error
	for _, c := range checks {
		clear(c.Visible)
		if err := runBatch(ctx, conn.Conn(), []*Check{c}); err != nil {
			clear(c.Visible)
			conn.Exec(ctx, "ROLLBACK")
			errs = append(errs, fmt.Errorf("rls: check as %s: %w", c.Role, err))
		}
	}
	return errors.Join(errs...)
}

// preparedKey is where a connection remembers the check statements it has
// prepared (in pgconn's CustomData).
const preparedKey = "daybase.realtime.rls.prepared"

// statementName names the prepared statement for a check's SQL.
func statementName(sql string) string {
	h := sha256.Sum256([]byte(sql))
	return "rls_" + hex.EncodeToString(h[:12])
}

// prepare makes sure every check statement is prepared on conn. A
// statement is prepared as the role of a check that uses it: the
// authenticator itself may not even look into the schemas policies use.
// PostgreSQL checks privileges again, and re-plans for row security, when
// another role executes it.
func prepare(ctx context.Context, conn *pgx.Conn, checks []*Check) error {
	cd := conn.PgConn().CustomData()
	done, _ := cd[preparedKey].(map[string]bool)
	if done == nil {
		done = map[string]bool{}
		cd[preparedKey] = done
	}
	var todo []*Check
	seen := map[string]bool{}
	for _, c := range checks {
		if name := statementName(c.SQL); !done[name] && !seen[name] {
			seen[name] = true
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if _, err := conn.Exec(ctx, "BEGIN READ ONLY"); err != nil {
		return err
	}
	for _, c := range todo {
		if _, err := conn.Exec(ctx, stmt.SetRole, c.Role); err != nil {
			conn.Exec(ctx, "ROLLBACK")
			return err
		}
		name := statementName(c.SQL)
		if _, err := conn.Prepare(ctx, name, c.SQL); err != nil {
			conn.Exec(ctx, "ROLLBACK")
			return err
		}
		done[name] = true
	}
	_, err := conn.Exec(ctx, "COMMIT")
	return err
}

func runBatch(ctx context.Context, conn *pgx.Conn, checks []*Check) error {
	if err := prepare(ctx, conn, checks); err != nil {
		return err
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN READ ONLY")
	for _, c := range checks {
		as, err := asrole.New(identity.Identity{Role: c.Role, ClaimsJSON: c.Claims}, c.Request)
		if err != nil {
			return err
		}
		b.Queue(setSQL, as.Args(c.Topic)...)
		b.Queue(statementName(c.SQL), string(RowsJSON(c.Rows)))
	}
	b.Queue("COMMIT")
	br := conn.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		br.Close()
		return err
	}
	for _, c := range checks {
		if _, err := br.Exec(); err != nil {
			br.Close()
			return err
		}
		rows, err := br.Query()
		if err != nil {
			br.Close()
			return err
		}
		var ord int64
		_, err = pgx.ForEachRow(rows, []any{&ord}, func() error {
			if ord >= 1 && int(ord) <= len(c.Visible) {
				c.Visible[ord-1] = true
			}
			return nil
		})
		if err != nil {
			br.Close()
			return err
		}
	}
	if _, err := br.Exec(); err != nil {
		br.Close()
		return err
	}
	return br.Close()
}
