package rest

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
)

// planFor is the media type a plan explains: its for="..." parameter
// (application/json when absent or */*), whose statement is the one
// PostgREST would run (json_agg, never the rows mode of jsonrows.go).
func planFor(pl *parse.Plan) parse.MediaType {
	if pl.For.Kind == parse.MediaAny {
		return parse.MediaType{Kind: parse.MediaJSON}
	}
	return pl.For
}

// explainOptions renders a plan's EXPLAIN options in PostgREST's order
// (Query/SqlFragment.hs explainF).
func explainOptions(pl *parse.Plan) string {
	opts := []string{"FORMAT TEXT"}
	if pl.JSON {
		opts[0] = "FORMAT JSON"
	}
	for _, o := range pl.Options {
		opts = append(opts, strings.ToUpper(string(o)))
	}
	return strings.Join(opts, ", ")
}

// explain answers Accept: application/vnd.pgrst.plan (with
// PlanEnabled): EXPLAIN of the request's statement, run in the request's
// transaction as its role, one line per row of the plan (FORMAT TEXT) or
// the JSON document (FORMAT JSON), each followed by a newline, status 200,
// as PostgREST's RSPlan. With options=analyze the statement really runs:
// a write then commits unless Prefer: tx=rollback says otherwise; the
// singular and max-affected checks do not apply to a plan.
func (s *Server) explain(w http.ResponseWriter, r *http.Request, snap *schemacache.Snapshot, tx TxRequest, p *plan.Plan, pl *parse.Plan) error {
	ctx := r.Context()
	main := sqlgen.Main(p, sqlgen.Options{})
	conn, batch, _, _, err := beginBatch(ctx, s.cfg.Pool, snap, tx, "")
	if err != nil {
		return err
	}
	defer conn.Release()
	pg := conn.Conn().PgConn()
	batch.ExecParams("EXPLAIN ("+explainOptions(pl)+") "+main.SQL, main.Args, nil, nil, nil)
	results, err := runBatch(ctx, pg, batch)
	if err != nil {
		return err
	}
	var body bytes.Buffer
	for _, row := range results[len(results)-1].Rows {
		if len(row) > 0 {
			body.Write(row[0])
		}
		body.WriteByte('\n')
	}
	if err := endTx(ctx, pg, !tx.ReadOnly && p.Prefer.Tx != parse.TxRollback); err != nil {
		return err
	}
	m := parse.MediaType{Kind: parse.MediaPlan, Plan: pl}
	w.Header().Set("Content-Type", m.ContentType())
	w.Header().Set("Content-Length", strconv.Itoa(body.Len()))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body.Bytes()) //nolint:errcheck // the client is gone
	}
	return nil
}
