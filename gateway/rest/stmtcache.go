package rest

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
)

// Statements prepared per connection. Parsing and planning a request's
// statements cost more PostgreSQL time than running them (a get by id on
// tasks: ~0.5 ms to parse and plan the setup statement, ~1 ms the main
// statement with its policies, ~0.4 ms to run both; docs/benchmarks.md,
// "Issue 25"). The setup statement's text never changes, and an app sends
// the same few main statements again and again, so each connection keeps
// them prepared.
//
// Access rules are not cached with them: PostgreSQL plans a statement
// again when the role it runs as differs from the one it was planned for
// and row-level security applies (and when the search_path differs), and
// the policies' auth.uid() and auth.data_access_allowed() are evaluated
// when the statement runs, as its InitPlans, never at planning.
//
// Each prepared statement is kept with its description (the result
// columns PostgreSQL gave when it was prepared) and run with
// Batch.ExecStatement: without a Describe of the portal, so PostgreSQL
// does not build and send the RowDescription again on every execution (15
// columns for the setup statement). A statement's result columns cannot
// change under it: PostgreSQL refuses to run a prepared statement whose
// re-planned result type differs (0A000, see forgetOnStale).

// responseGUCsName is the name sqlgen.ResponseGUCs is prepared under.
const responseGUCsName = "daybase_rest_response"

// maxPrepared bounds the main statements each connection keeps prepared.
const maxPrepared = 256

// preparedStmts is a connection's prepared main statements, stored in its
// CustomData.
type preparedStmts struct {
	setups map[setupShape]*pgconn.StatementDescription // the setup statements prepared
	// responseGUCs is sqlgen.ResponseGUCs prepared (as responseGUCsName),
	// nil until then: rows-mode reads run it after every statement.
	responseGUCs *pgconn.StatementDescription
	// readCommitted says the connection's default_transaction_isolation
	// is read committed, so that a transaction without BEGIN runs at the
	// level BEGIN would have asked for (read when responseGUCs is prepared).
	readCommitted bool
	// snap is the schema cache the statements were generated from: after a
	// reload (DDL) they are dropped, so that none outlives a change of the
	// columns or types it was parsed against.
	snap  *schemacache.Snapshot
	names map[string]*pgconn.StatementDescription // SQL -> the statement prepared
	seen  map[string]bool                         // SQL run once unprepared
	order []string                                // SQL, oldest first
	next  int
}

const customDataKey = "daybase/rest.prepared"

func stmtsOf(pg *pgconn.PgConn) *preparedStmts {
	d := pg.CustomData()
	p, _ := d[customDataKey].(*preparedStmts)
	if p == nil {
		p = &preparedStmts{setups: map[setupShape]*pgconn.StatementDescription{}, names: map[string]*pgconn.StatementDescription{}, seen: map[string]bool{}}
		d[customDataKey] = p
	}
	return p
}

// readyConn prepares the response settings statement on pg once (and
// reads the connection's default isolation then), and drops the
// connection's prepared main statements when the schema cache they were
// generated from was replaced (a rare extra round trip). It runs before
// the request's transaction, as the authenticator.
func readyConn(ctx context.Context, pg *pgconn.PgConn, snap *schemacache.Snapshot) error {
	p := stmtsOf(pg)
	if p.responseGUCs == nil {
		// The statement is prepared last and recorded at once: when the
		// client goes away between two round trips, pgconn returns the
		// context's error without touching the connection, which goes
		// back to the pool, so nothing may exist on the server that the
		// connection's record lacks.
		iso, err := pg.Exec(ctx, "SHOW default_transaction_isolation").ReadAll()
		if err != nil {
			return fmt.Errorf("read the default isolation: %w", err)
		}
		sd, err := prepareNamed(ctx, pg, responseGUCsName, sqlgen.ResponseGUCs)
		if err != nil {
			return fmt.Errorf("prepare the response settings statement: %w", err)
		}
		p.readCommitted = len(iso) == 1 && len(iso[0].Rows) == 1 && string(iso[0].Rows[0][0]) == "read committed"
		p.responseGUCs = sd
	}
	if p.snap == snap {
		return nil
	}
	if len(p.order) > 0 {
		var b strings.Builder
		for _, s := range p.order {
			b.WriteString("DEALLOCATE " + p.names[s].Name + ";")
		}
		if _, err := pg.Exec(ctx, b.String()).ReadAll(); err != nil {
			return fmt.Errorf("deallocate: %w", err)
		}
	}
	p.snap, p.names, p.order = snap, map[string]*pgconn.StatementDescription{}, nil
	return nil
}

// prepareSetup prepares the setup statement of shape on pg once and
// returns it. It names only pg_catalog functions, so the authenticator may
// prepare it.
func prepareSetup(ctx context.Context, pg *pgconn.PgConn, shape setupShape) (*pgconn.StatementDescription, error) {
	p := stmtsOf(pg)
	sd := p.setups[shape]
	if sd == nil {
		var err error
		if sd, err = prepareNamed(ctx, pg, shape.name(), shape.sql()); err != nil {
			return nil, fmt.Errorf("prepare the setup statement: %w", err)
		}
		p.setups[shape] = sd
	}
	return sd, nil
}

// prepareNamed prepares sql as name on pg. A statement of that name the
// connection's record does not know of (42P05) is one an interrupted
// request left behind: it is deallocated and prepared again, so that such
// a slip costs a round trip instead of every later request on the
// connection.
func prepareNamed(ctx context.Context, pg *pgconn.PgConn, name, sql string) (*pgconn.StatementDescription, error) {
	sd, err := pg.Prepare(ctx, name, sql, nil)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P05" {
		if _, err := pg.Exec(ctx, "DEALLOCATE "+name).ReadAll(); err != nil {
			return nil, fmt.Errorf("deallocate the stale %s: %w", name, err)
		}
		sd, err = pg.Prepare(ctx, name, sql, nil)
	}
	return sd, err
}

// prepareDue says queueMain will ask to prepare sql after it runs (its
// second run on this connection).
func (p *preparedStmts) prepareDue(sql string) bool {
	_, prepared := p.names[sql]
	return !prepared && p.seen[sql]
}

// queueMain queues the main statement on batch: prepared when this
// connection prepared it before, else unnamed. prepareAfter says to
// prepare it (prepareMain) before COMMIT, the second time this connection
// runs it: a statement seen once (an in.() list of a new length, say) is
// not worth the two extra round trips.
func queueMain(pg *pgconn.PgConn, batch *pgconn.Batch, sql string, args [][]byte) (prepareAfter bool) {
	p := stmtsOf(pg)
	if sd, ok := p.names[sql]; ok {
		batch.ExecStatement(sd, args, nil, nil)
		return false
	}
	batch.ExecParams(sql, args, nil, nil, nil)
	if p.prepareDue(sql) {
		return true
	}
	if len(p.seen) >= 4*maxPrepared {
		clear(p.seen)
	}
	p.seen[sql] = true
	return false
}

// prepareMain prepares sql on pg inside the request's read-only
// transaction, after it ran well unprepared: as the request's role, with
// its search_path, so that names resolve as they just did. A failure only
// means the next request runs it unprepared again (and the transaction,
// read-only, had nothing to keep).
func prepareMain(ctx context.Context, pg *pgconn.PgConn, sql string) {
	p := stmtsOf(pg)
	if pg.TxStatus() != 'T' {
		return
	}
	if len(p.order) >= maxPrepared {
		old := p.order[0]
		if _, err := pg.Exec(ctx, "DEALLOCATE "+p.names[old].Name).ReadAll(); err != nil {
			return
		}
		delete(p.names, old)
		p.order = p.order[1:]
	}
	p.next++
	name := "daybase_rest_" + strconv.Itoa(p.next)
	sd, err := pg.Prepare(ctx, name, sql, nil)
	if err != nil {
		return
	}
	p.names[sql] = sd
	p.order = append(p.order, sql)
	delete(p.seen, sql)
}

// forgetOnStale drops the connection's prepared main statements when err
// says one of them no longer fits its tables (0A000: cached plan must not
// change result type, between a DDL and the schema cache's reload) or is
// gone (26000), so the next request prepares afresh.
func forgetOnStale(pg *pgconn.PgConn, err error) {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return
	}
	p := stmtsOf(pg)
	switch pgErr.Code {
	case "0A000":
		p.snap = nil // readyConn deallocates them before the next request
	case "26000":
		p.names, p.order = map[string]*pgconn.StatementDescription{}, nil // new names: no clash with any left
	}
}
