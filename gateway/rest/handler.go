package rest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
	"daybase/internal/identity"
)

// Config configures the /rest/v1 engine.
type Config struct {
	// Pool logs in as the authenticator role; each request switches to
	// its JWT's role inside its transaction. Required.
	Pool *pgxpool.Pool
	// Cache is the schema cache, kept fresh by Cache.Watch. Required.
	Cache *schemacache.Cache
	// Log receives one line per refused or failed request. Required.
	Log *slog.Logger
	// Plan holds the planner's settings: MaxRows (PostgREST's db-max-rows,
	// the hosted default is 1000) and AggregatesEnabled.
	Plan plan.Config
	// ExtraSearchPath follows the request's schema in search_path.
	// Default ["public", "extensions"], as the hosted backend sets it.
	ExtraSearchPath []string
	// TxAllowOverride honours Prefer: tx=commit|rollback (PostgREST's
	// db-tx-end = commit-allow-override). Default false.
	TxAllowOverride bool
	// PlanEnabled answers Accept: application/vnd.pgrst.plan with the
	// query's EXPLAIN output (PostgREST's db-plan-enabled). Default false,
	// as on the hosted backend: plans show a table's size and indexes.
	PlanEnabled bool
	// OpenAPI shapes the document at GET /.
	OpenAPI OpenAPIConfig
}

// Server is the PostgREST-compatible API: parse → plan → one SQL
// statement → execute as the caller's role → respond.
type Server struct {
	cfg Config
}

var _ http.Handler = (*Server)(nil)

// New returns the REST engine.
func New(cfg Config) *Server {
	if cfg.ExtraSearchPath == nil {
		cfg.ExtraSearchPath = []string{"public", "extensions"}
	}
	return &Server{cfg: cfg}
}

// ServeHTTP serves a request below the mount point (/tasks, /rpc/f, /).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := identity.FromContext(r.Context())
	if err := s.serve(w, r, id); err != nil {
		WriteError(w, s.cfg.Log.With("method", r.Method, "path", r.URL.Path), id.Role, err)
	}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, id identity.Identity) error {
	if id.Err != nil {
		return id.Err
	}
	snap := s.cfg.Cache.Snapshot()
	if snap == nil {
		return SchemaCacheNotLoadedError(1)
	}
	path := r.URL.EscapedPath()
	if path == "" {
		path = "/"
	}
	schema := snap.Schemas[0]
	profile, hasProfile := parse.ProfileOf(r.Method, r.Header)
	if hasProfile {
		if !slices.Contains(snap.Schemas, profile) {
			return UnacceptableSchemaError(profile, snap.Schemas)
		}
		schema = profile
	}
	req, err := parse.Parse(r.Method, path, r.URL.RawQuery, r.Header, parse.Config{
		TxAllowOverride: s.cfg.TxAllowOverride, Timezones: snap.HasTimezone,
	})
	if err != nil {
		return err
	}
	if hasProfile || len(snap.Schemas) > 1 {
		w.Header().Set("Content-Profile", schema)
	}
	switch req.Action {
	case parse.ActionInfo:
		return s.options(w, snap, schema, req)
	case parse.ActionSchemaRead:
		return s.openAPI(w, r, snap, schema, id, req)
	}

	media, err := parse.Negotiate(req.Accept, s.cfg.PlanEnabled)
	if err != nil {
		return err
	}
	// A plan explains the statement of the media type it is for.
	var explain *parse.Plan
	if media.Kind == parse.MediaPlan {
		explain, media = media.Plan, planFor(media.Plan)
	}
	var payload *plan.Payload
	if req.Action.IsMutation() && req.Action != parse.ActionDelete || (req.Action == parse.ActionCall && r.Method == http.MethodPost) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return BodyReadError(err)
		}
		payload, err = plan.ParsePayload(req.ContentType, body, req.Columns == nil, req.Action == parse.ActionCall)
		if err != nil {
			return err
		}
	}
	p, err := plan.New(snap, schema, req, media, payload, s.cfg.Plan)
	if missesName(err) && s.awaitReload(r.Context()) {
		snap = s.cfg.Cache.Snapshot()
		p, err = plan.New(snap, schema, req, media, payload, s.cfg.Plan)
	}
	if err != nil {
		return err
	}
	if err := req.Prefer.Check(); err != nil {
		return err
	}

	tx := TxRequest{
		Identity: id, Method: r.Method, Path: path, Headers: r.Header,
		SearchPath: append([]string{schema}, s.cfg.ExtraSearchPath...),
		ReadOnly:   p.ReadOnly, Settings: p.Settings, Timezone: req.Prefer.Timezone,
	}
	head := r.Method == http.MethodHead
	if explain != nil {
		return s.explain(w, r, snap, tx, p, explain)
	}
	e := execution{tx: tx, main: sqlgen.Main(p, sqlgen.Options{NoBody: head})}
	// count=estimated is the exact count up to max-rows and the larger of
	// the exact and the planned count above it, as in PostgREST.
	estimated := p.Prefer.Count == parse.CountEstimated && s.cfg.Plan.MaxRows > 0
	if p.Prefer.Count == parse.CountPlanned || estimated {
		if p.Kind == plan.Read || p.Kind == plan.Call {
			st := sqlgen.CountQuery(p)
			e.explain = &st
		}
	}
	if p.Kind != plan.Read && p.Kind != plan.Call || !p.ReadOnly {
		e.decide = func(res *result) (bool, error) { return decide(p, res) }
	}
	var res *result
	if e.explain == nil && e.decide == nil && rowsEligible(p, head) {
		res, err = executeRows(r.Context(), s.cfg.Pool, snap, tx, sqlgen.Rows(p))
		if errors.Is(err, errNotRows) {
			res, err = nil, nil // a type or value only json_agg renders: run the statement below
		} else if err != nil {
			return err
		} else {
			defer releaseBody(res.body)
		}
	}
	if res == nil {
		if res, err = execute(r.Context(), s.cfg.Pool, snap, e); err != nil {
			return err
		}
	}
	if estimated && e.explain != nil && res.hasTotal && res.total > s.cfg.Plan.MaxRows {
		res.total = max(res.total, res.planRows)
	}
	return respond(w, req, p, res, head)
}

// pendingReloadWait bounds how long a request that names an unknown table
// or function waits for a schema reload already under way.
const pendingReloadWait = 5 * time.Second

// missesName reports whether err is a table, function or relationship
// the snapshot does not know, which a reload under way may bring.
func missesName(err error) bool {
	var (
		tnf *schemacache.TableNotFoundError
		fnf *schemacache.FunctionNotFoundError
		nre *schemacache.NoRelationshipError
	)
	return errors.As(err, &tnf) || errors.As(err, &fnf) || errors.As(err, &nre)
}

// awaitReload waits for a reload that a schema notification asked for, so
// a request right after a migration sees the migration.
func (s *Server) awaitReload(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, pendingReloadWait)
	defer cancel()
	return s.cfg.Cache.AwaitPendingReload(ctx)
}

// decide applies the checks that abort a write after the fact: a
// singular response over other than one row, max-affected, tx=rollback.
func decide(p *plan.Plan, res *result) (bool, error) {
	if p.Media.Kind == parse.MediaSingular && !(p.Kind == plan.Call && !p.Func.Return.SetOf) && res.pageTotal != 1 {
		return false, SingularityError(res.pageTotal)
	}
	if p.Prefer.Handling == parse.HandlingStrict && p.Prefer.HasMaxAffected && res.pageTotal > p.Prefer.MaxAffected {
		return false, MaxAffectedError(res.pageTotal)
	}
	return p.Prefer.Tx != parse.TxRollback, nil
}

// respond writes the result as PostgREST does.
func respond(w http.ResponseWriter, req *parse.Request, p *plan.Plan, res *result, head bool) error {
	h := w.Header()
	status := http.StatusOK
	send := res.hasBody && !head
	prefer := p.Prefer

	switch p.Kind {
	case plan.Read, plan.Call:
		if p.Kind == plan.Call && p.Func.ReturnsVoid() {
			status, send = http.StatusNoContent, false
			break
		}
		if p.Media.Kind == parse.MediaSingular && !(p.Kind == plan.Call && !p.Func.Return.SetOf) && res.pageTotal != 1 {
			return SingularityError(res.pageTotal)
		}
		total := int64(-1)
		switch {
		case prefer.Count == parse.CountPlanned:
			total = res.planRows
		case res.hasTotal:
			total = res.total
		}
		offset := p.Root.Range.Offset
		if sqlgen.IsScalar(p) {
			offset = 0
		}
		h.Set("Content-Range", contentRange(offset, res.pageTotal, total))
		if total >= 0 {
			upper := offset + res.pageTotal - 1
			switch {
			case offset > total:
				return parse.OutOfBoundsError(offset, total)
			case 1+upper-offset < total:
				status = http.StatusPartialContent
			}
		}
	case plan.Insert, plan.Upsert:
		status = http.StatusCreated
		if p.Resolution == parse.MergeDuplicates && res.hasIns && res.inserted == 0 {
			status = http.StatusOK
		}
		if p.Kind == plan.Upsert && prefer.Return != parse.ReturnRepresentation {
			status = http.StatusNoContent
		}
		total := "*"
		if prefer.Count != "" {
			total = strconv.FormatInt(res.pageTotal, 10)
		}
		h.Set("Content-Range", "*/"+total)
		if prefer.Return == parse.ReturnHeadersOnly && res.pageTotal == 1 {
			if loc := location(p, res.body); loc != "" {
				h.Set("Location", loc)
			}
		}
	case plan.Update, plan.Delete:
		status = http.StatusNoContent
		if prefer.Return == parse.ReturnRepresentation {
			status = http.StatusOK
		}
		total := "*"
		if prefer.Count != "" {
			total = strconv.FormatInt(res.pageTotal, 10)
		}
		if p.Kind == plan.Update && res.pageTotal > 0 {
			h.Set("Content-Range", "0-"+strconv.FormatInt(res.pageTotal-1, 10)+"/"+total)
		} else {
			h.Set("Content-Range", "*/"+total)
		}
	}
	if p.Kind != plan.Read && p.Kind != plan.Call && prefer.Return != parse.ReturnRepresentation {
		send = false
	}

	applied := prefer
	if p.Kind == plan.Insert && p.Resolution == "" {
		applied.Resolution = ""
	}
	if v := applied.Applied(req.Action); v != "" {
		h.Set("Preference-Applied", v)
	}
	if err := gucHeaders(h, res.headers); err != nil {
		return err
	}
	if len(res.status) > 0 {
		code, err := strconv.Atoi(string(res.status))
		if err != nil || code < 100 || code > 599 {
			return GUCStatusError()
		}
		status = code
	}
	if send {
		h.Set("Content-Type", p.Media.ContentType())
		h.Set("Content-Length", strconv.Itoa(len(res.body)))
	} else if status != http.StatusNoContent && h.Get("Content-Type") == "" && (p.Kind == plan.Read || p.Kind == plan.Call) {
		h.Set("Content-Type", p.Media.ContentType())
	}
	w.WriteHeader(status)
	if send {
		w.Write(res.body) //nolint:errcheck // the client is gone
	}
	return nil
}

// contentRange renders "lower-upper/total" ("*" for an empty page or an
// unknown total).
func contentRange(offset, rows, total int64) string {
	rng := "*"
	if rows > 0 {
		rng = strconv.FormatInt(offset, 10) + "-" + strconv.FormatInt(offset+rows-1, 10)
	}
	t := "*"
	if total >= 0 {
		t = strconv.FormatInt(total, 10)
	}
	return rng + "/" + t
}

// location renders the Location of a one-row insert: /table?pk=eq.value.
func location(p *plan.Plan, body []byte) string {
	if len(p.Table.PrimaryKey) == 0 {
		return ""
	}
	var rows []map[string]json.RawMessage
	if json.Unmarshal(body, &rows) != nil || len(rows) != 1 {
		return ""
	}
	var parts []string
	for _, k := range p.Table.PrimaryKey {
		raw, ok := rows[0][k]
		if !ok {
			return ""
		}
		v := "is.null"
		if string(raw) != "null" {
			var s string
			if json.Unmarshal(raw, &s) != nil {
				s = string(raw)
			}
			v = "eq." + s
		}
		parts = append(parts, url.QueryEscape(k)+"="+url.QueryEscape(v))
	}
	return "/" + p.Table.Name + "?" + strings.Join(parts, "&")
}

// gucHeaders applies response.headers: a JSON array of single-key objects.
func gucHeaders(h http.Header, raw []byte) error {
	if len(raw) == 0 {
		return nil
	}
	var list []map[string]string
	if err := json.Unmarshal(raw, &list); err != nil {
		return GUCHeadersError()
	}
	for _, m := range list {
		if len(m) != 1 {
			return GUCHeadersError()
		}
		for k, v := range m {
			h.Set(k, v)
		}
	}
	return nil
}

// options answers OPTIONS with the methods the resource allows.
func (s *Server) options(w http.ResponseWriter, snap *schemacache.Snapshot, schema string, req *parse.Request) error {
	allow := "OPTIONS,GET,HEAD"
	switch req.Resource.Kind {
	case parse.ResourceRelation:
		t, err := snap.LookupTable(schema, req.Resource.Name)
		if err != nil {
			return err
		}
		if t.Insertable {
			allow += ",POST"
		}
		if t.Insertable && t.Updatable && len(t.PrimaryKey) > 0 {
			allow += ",PUT"
		}
		if t.Updatable {
			allow += ",PATCH"
		}
		if t.Deletable {
			allow += ",DELETE"
		}
	case parse.ResourceRoutine:
		fns := snap.Overloads(schema, req.Resource.Name)
		if len(fns) == 0 {
			_, err := snap.FindFunction(schema, req.Resource.Name, nil, schemacache.PayloadQuery)
			return err
		}
		allow = "OPTIONS,GET,HEAD,POST"
		if fns[0].Volatility == schemacache.Volatile {
			allow = "OPTIONS,POST"
		}
	}
	w.Header().Set("Allow", allow)
	w.WriteHeader(http.StatusOK)
	return nil
}

// openAPI serves the OpenAPI document of schema, limited to what the
// caller's role may use.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request, snap *schemacache.Snapshot, schema string, id identity.Identity, req *parse.Request) error {
	if _, err := parse.NegotiateRoot(req.Accept); err != nil {
		return err
	}
	ctx := r.Context()
	tx, err := BeginTx(ctx, s.cfg.Pool, snap, TxRequest{Identity: id, Method: r.Method, Path: "/", Headers: r.Header, ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // read-only
	access, err := schemacache.QueryAccess(ctx, tx, schema)
	if err != nil {
		return err
	}
	doc, err := OpenAPI(snap, schema, access, s.cfg.OpenAPI)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/openapi+json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(doc)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(doc) //nolint:errcheck // the client is gone
	}
	return nil
}
