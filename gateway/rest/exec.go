package rest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
)

// result is the one row of a main statement (see sqlgen's column list).
type result struct {
	total     int64
	hasTotal  bool
	pageTotal int64
	body      []byte
	hasBody   bool
	headers   []byte
	status    []byte
	inserted  int64
	hasIns    bool
	// planRows is the planner's row estimate of the count query, for
	// Prefer: count=planned.
	planRows int64
}

// execution is one request's transaction: setup, an optional EXPLAIN of
// the count query, the main statement.
type execution struct {
	tx      TxRequest
	main    sqlgen.Statement
	explain *sqlgen.Statement
	// decide runs on the result of a read-write transaction and says
	// whether to commit; an error rolls back and is returned.
	decide func(*result) (commit bool, err error)
}

// beginBatch acquires a connection and starts the request's pipelined
// batch: BEGIN and the setup statement (role, claims, request GUCs). The
// caller releases the connection, reads the results of its own statements
// from index first on, and ends the transaction (COMMIT, or endTx).
//
// A read-only request at read committed whose main statement will not be
// prepared during its transaction (mainSQL; "" for none) gets no BEGIN:
// it runs in the implicit transaction PostgreSQL keeps from the batch's
// first statement to its one Sync, and commits there, and the setup
// statement makes that transaction read only. Then implicit is true, first
// is 1, and the caller queues no COMMIT. BEGIN and COMMIT were two of the
// five statements of a read, each parsed and run (docs/benchmarks.md,
// "Issue 25, part g").
func beginBatch(ctx context.Context, pool *pgxpool.Pool, snap *schemacache.Snapshot, tx TxRequest, mainSQL string) (conn *pgxpool.Conn, batch *pgconn.Batch, implicit bool, first int, err error) {
	st, err := requestSetup(snap, tx)
	if err != nil {
		return nil, nil, false, 0, fmt.Errorf("request setup: %w", err)
	}
	conn, err = pool.Acquire(ctx)
	if err != nil {
		return nil, nil, false, 0, AcquireError(err)
	}
	pg := conn.Conn().PgConn()
	if err := readyConn(ctx, pg, snap); err != nil {
		conn.Release()
		return nil, nil, false, 0, err
	}
	p := stmtsOf(pg)
	implicit = st.implicitOK && p.readCommitted && mainSQL != "" && !p.prepareDue(mainSQL)
	st.shape.readOnly = implicit
	setup, err := prepareSetup(ctx, pg, st.shape)
	if err != nil {
		conn.Release()
		return nil, nil, false, 0, err
	}
	batch = &pgconn.Batch{}
	first = 1
	if !implicit {
		batch.ExecParams(st.begin, nil, nil, nil, nil)
		first = 2
	}
	batch.ExecStatement(setup, st.args, nil, nil)
	return conn, batch, implicit, first, nil
}

// execute runs e on a pooled connection. BEGIN, the setup statement and
// the request's statements go out in one pipelined batch (a read-only one
// without BEGIN and COMMIT, or with COMMIT too when it prepares its
// statement: see beginBatch); a read-write transaction ends with a second round trip
// once decide has seen the result. The setup statement, and a read-only
// main statement from its third run on a connection, are prepared
// (stmtcache.go). Parameters are sent as text with OID 0,
// so PostgreSQL types each from its context, as PostgREST's are.
func execute(ctx context.Context, pool *pgxpool.Pool, snap *schemacache.Snapshot, e execution) (*result, error) {
	conn, batch, implicit, i, err := beginBatch(ctx, pool, snap, e.tx, e.main.SQL)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	pg := conn.Conn().PgConn()
	if e.explain != nil {
		batch.ExecParams("EXPLAIN (FORMAT JSON) "+e.explain.SQL, e.explain.Args, nil, nil, nil)
	}
	// A read-only statement not prepared on this connection yet runs
	// unprepared (and is prepared before COMMIT the second time).
	prepareAfter := false
	if e.tx.ReadOnly {
		if prepareAfter = queueMain(pg, batch, e.main.SQL, e.main.Args); !prepareAfter && !implicit {
			batch.ExecParams("COMMIT", nil, nil, nil, nil)
		}
	} else {
		batch.ExecParams(e.main.SQL, e.main.Args, nil, nil, nil)
	}
	results, err := runBatch(ctx, pg, batch)
	if err != nil {
		forgetOnStale(pg, err)
		return nil, err
	}
	res := &result{}
	if e.explain != nil {
		res.planRows = planRows(results[i])
		i++
	}
	if err := readResult(results[i], res); err != nil {
		endTx(ctx, pg, false)
		return nil, err
	}
	if e.tx.ReadOnly {
		if prepareAfter {
			prepareMain(ctx, pg, e.main.SQL)
			if err := endTx(ctx, pg, true); err != nil {
				return nil, err
			}
		}
		return res, nil
	}
	commit := true
	if e.decide != nil {
		if commit, err = e.decide(res); err != nil {
			endTx(ctx, pg, false)
			return nil, err
		}
	}
	if err := endTx(ctx, pg, commit); err != nil {
		return nil, err
	}
	return res, nil
}

// runBatch sends a request's batch and reads every result. On the first
// error it rolls the transaction back and returns that error.
func runBatch(ctx context.Context, pg *pgconn.PgConn, batch *pgconn.Batch) ([]*pgconn.Result, error) {
	results, err := pg.ExecBatch(ctx, batch).ReadAll()
	if err == nil {
		for _, r := range results {
			if r.Err != nil {
				err = r.Err
				break
			}
		}
	}
	if err != nil {
		endTx(ctx, pg, false) //nolint:errcheck // the statement's error is the answer
		return nil, err
	}
	return results, nil
}

// endTx commits or rolls back whatever transaction is open.
func endTx(ctx context.Context, pg *pgconn.PgConn, commit bool) error {
	if pg.TxStatus() == 'I' {
		return nil
	}
	sql := "ROLLBACK"
	if commit && pg.TxStatus() == 'T' {
		sql = "COMMIT"
	}
	_, err := pg.Exec(ctx, sql).ReadAll()
	if err != nil {
		return fmt.Errorf("%s: %w", sql, err)
	}
	return nil
}

func readResult(r *pgconn.Result, res *result) error {
	if len(r.Rows) != 1 || len(r.Rows[0]) != 6 {
		return errors.New("rest: main statement returned an unexpected shape")
	}
	row := r.Rows[0]
	var err error
	if row[sqlgen.ColTotal] != nil {
		res.hasTotal = true
		if res.total, err = strconv.ParseInt(string(row[sqlgen.ColTotal]), 10, 64); err != nil {
			return fmt.Errorf("rest: total: %w", err)
		}
	}
	if row[sqlgen.ColPageTotal] != nil {
		if res.pageTotal, err = strconv.ParseInt(string(row[sqlgen.ColPageTotal]), 10, 64); err != nil {
			return fmt.Errorf("rest: page total: %w", err)
		}
	}
	if row[sqlgen.ColBody] != nil {
		res.body, res.hasBody = row[sqlgen.ColBody], true
	}
	res.headers = row[sqlgen.ColHeaders]
	res.status = row[sqlgen.ColStatus]
	if row[sqlgen.ColInserted] != nil {
		res.hasIns = true
		if res.inserted, err = strconv.ParseInt(string(row[sqlgen.ColInserted]), 10, 64); err != nil {
			return fmt.Errorf("rest: inserted: %w", err)
		}
	}
	return nil
}

// planRows reads "Plan Rows" from EXPLAIN (FORMAT JSON) output.
func planRows(r *pgconn.Result) int64 {
	if len(r.Rows) == 0 || len(r.Rows[0]) == 0 {
		return 0
	}
	var plans []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if json.Unmarshal(r.Rows[0][0], &plans) != nil || len(plans) == 0 {
		return 0
	}
	return int64(plans[0].Plan.Rows)
}
