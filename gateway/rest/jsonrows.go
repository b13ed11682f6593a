package rest

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
	"daybase/internal/jsonstr"
	"daybase/internal/pgtext"
)

// Rows mode: a plain read answered with a JSON array (GET of a table or
// view, columns only, no count) is fetched as rows in text format and
// rendered into JSON here, byte for byte as PostgreSQL's
// json_agg(_postgrest_t) renders it. Building the JSON in PostgreSQL costs
// more than finding the rows: composite_to_json (PostgreSQL 15) looks the
// type of every column of every row up in the catalog caches again and
// finds each attribute by walking the tuple from its start; for the app's
// task list (594 rows × 34 columns) that is two thirds of the statement.
// The text output functions PostgreSQL runs for the rows are the ones
// json_agg runs too; what this file does is the JSON quoting and the few
// reformattings JSON applies (dates and timestamps in XSD form, arrays as
// JSON arrays, bool as true/false, NaN and Infinity quoted).
//
// Only types whose JSON form follows from their text form are taken (see
// rowKinds); a column of any other type, or a value that does not have
// the expected shape (a DateStyle other than ISO, say), makes the request
// fall back to json_agg. internal/pgtext renders dates, timestamps and
// arrays as json_agg does.

// rowKind is how a column's text value becomes JSON.
type rowKind uint8

const (
	kindQuoted      rowKind = iota + 1 // a JSON string of the text (escape_json)
	kindRaw                            // json, jsonb: the text as is
	kindBool                           // t/f → true/false
	kindNumber                         // a JSON number, or a string when it is none (NaN, Infinity)
	kindDate                           // yyyy-mm-dd
	kindTimestamp                      // ISO text → XSD (T separator)
	kindTimestamptz                    // ISO text → XSD (T separator, ±hh:mm offset)
	kindNumberArray                    // {1,2,NULL} → [1,2,null]
	kindTextArray                      // {a,"b c",NULL} → ["a","b c",null]
)

// rowKinds maps the type OIDs of RowDescription (domains arrive as their
// base type) to their rendering; PostgreSQL's json_categorize_type puts
// them in the same categories.
var rowKinds = map[uint32]rowKind{
	16:   kindBool,        // bool
	20:   kindNumber,      // int8
	21:   kindNumber,      // int2
	23:   kindNumber,      // int4
	700:  kindNumber,      // float4
	701:  kindNumber,      // float8
	1700: kindNumber,      // numeric
	1082: kindDate,        // date
	1114: kindTimestamp,   // timestamp
	1184: kindTimestamptz, // timestamptz
	114:  kindRaw,         // json
	3802: kindRaw,         // jsonb
	25:   kindQuoted,      // text
	1043: kindQuoted,      // varchar
	1042: kindQuoted,      // bpchar
	19:   kindQuoted,      // name
	2950: kindQuoted,      // uuid
	1005: kindNumberArray, // int2[]
	1007: kindNumberArray, // int4[]
	1016: kindNumberArray, // int8[]
	1009: kindTextArray,   // text[]
	1015: kindTextArray,   // varchar[]
	2951: kindTextArray,   // uuid[]
}

// rowTypeNames are the schema cache's DataType names of rowKinds: a read
// whose columns all have one of these is planned in rows mode.
var rowTypeNames = map[string]bool{
	"boolean": true, "bigint": true, "smallint": true, "integer": true, "real": true, "double precision": true,
	"numeric": true, "date": true, "timestamp without time zone": true, "timestamp with time zone": true,
	"json": true, "jsonb": true, "text": true, "character varying": true, "character": true, "name": true,
	"uuid": true, "smallint[]": true, "integer[]": true, "bigint[]": true, "text[]": true,
	"character varying[]": true, "uuid[]": true,
}

// rowsEligible reports whether p can be answered in rows mode: a read-only
// read of columns (no embeds, casts, JSON paths or aggregates) as a JSON
// array, without a count, whose columns all have a type of rowTypeNames.
func rowsEligible(p *plan.Plan, head bool) bool {
	if head || p.Kind != plan.Read || !p.ReadOnly || p.Media.Kind != parse.MediaJSON || p.Prefer.Count != "" {
		return false
	}
	n := p.Root
	if n == nil || n.Grouped || len(n.Items) == 0 {
		return false
	}
	for _, it := range n.Items {
		f := it.Field
		if it.Embed != nil || f == nil || f.Cast != "" || f.Aggregate != "" || f.AggregateCast != "" || len(f.Field.JSONPath) > 0 {
			return false
		}
		if f.Star {
			if n.Table == nil || len(n.Table.Columns) == 0 {
				return false
			}
			for _, c := range n.Table.Columns {
				if !rowTypeNames[c.DataType] {
					return false
				}
			}
			continue
		}
		if t, ok := n.Types[f.Field.Name]; !ok || !rowTypeNames[t] {
			return false
		}
	}
	return true
}

// ReadStatement returns the statement the engine sends first for p: the
// rows of rows mode (rows true; the body is rendered from them) or the
// main statement. For tools that explain what the engine runs.
func ReadStatement(p *plan.Plan, head bool) (st sqlgen.Statement, rows bool) {
	if rowsEligible(p, head) {
		return sqlgen.Rows(p), true
	}
	return sqlgen.Main(p, sqlgen.Options{NoBody: head}), false
}

// errNotRows says a rows-mode answer could not be rendered; the request
// runs again with json_agg.
var errNotRows = errors.New("rest: rows not renderable as JSON here")

// executeRows runs a rows-mode read: BEGIN, the setup statement, the rows,
// the response GUCs and COMMIT in one pipelined batch (without BEGIN and
// COMMIT when beginBatch says implicit), the rows rendered
// into the body as they arrive. It returns errNotRows when a column or a
// value cannot be rendered (the transaction is over; the caller runs the
// json_agg statement instead).
func executeRows(ctx context.Context, pool *pgxpool.Pool, snap *schemacache.Snapshot, tx TxRequest, rows sqlgen.Statement) (*result, error) {
	conn, batch, implicit, first, err := beginBatch(ctx, pool, snap, tx, rows.SQL)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	pg := conn.Conn().PgConn()
	prepareAfter := queueMain(pg, batch, rows.SQL, rows.Args)
	batch.ExecStatement(stmtsOf(pg).responseGUCs, nil, nil, nil)
	if !prepareAfter && !implicit {
		batch.ExecParams("COMMIT", nil, nil, nil, nil)
	}

	res := &result{hasBody: true}
	var enc rowEncoder
	renderErr := error(nil)
	mrr := pg.ExecBatch(ctx, batch)
	var firstErr error
	for i := 0; mrr.NextResult(); i++ {
		rr := mrr.ResultReader()
		switch i - first {
		case 0:
			if renderErr = enc.start(rr.FieldDescriptions()); renderErr != nil {
				break
			}
			for rr.NextRow() {
				if renderErr = enc.row(rr.Values()); renderErr != nil {
					break
				}
				res.pageTotal++
			}
		case 1:
			for rr.NextRow() {
				v := rr.Values()
				if len(v) == 2 {
					res.headers = clone(v[0])
					res.status = clone(v[1])
				}
			}
		}
		if _, err := rr.Close(); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if err := mrr.Close(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr != nil {
		forgetOnStale(pg, firstErr)
		endTx(ctx, pg, false)
		return nil, firstErr
	}
	if renderErr != nil {
		endTx(ctx, pg, false)
		return nil, errNotRows
	}
	if prepareAfter {
		prepareMain(ctx, pg, rows.SQL)
		if err := endTx(ctx, pg, true); err != nil {
			return nil, err
		}
	}
	res.body = enc.finish()
	return res, nil
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// bodyBuffers keeps the buffers of rows-mode bodies for the next request
// (a body is ~0.5 MB for the app's task list; growing a fresh buffer to
// that size each time cost as much as rendering into it).
var bodyBuffers sync.Pool

// releaseBody returns a rows-mode body's buffer once it has been written.
func releaseBody(b []byte) {
	if cap(b) > 0 && cap(b) <= 8<<20 {
		b = b[:0]
		bodyBuffers.Put(&b)
	}
}

// rowEncoder renders rows as json_agg renders a set of composites:
// "[" row ", \n " row ... "]", each row {"name":value,...} without spaces.
type rowEncoder struct {
	buf   []byte
	keys  [][]byte // `"name":` per column, escaped once
	kinds []rowKind
	rows  int
}

func (e *rowEncoder) start(fields []pgconn.FieldDescription) error {
	e.keys = make([][]byte, len(fields))
	e.kinds = make([]rowKind, len(fields))
	for i, f := range fields {
		k, ok := rowKinds[f.DataTypeOID]
		if !ok || f.Format != 0 {
			return errNotRows
		}
		e.kinds[i] = k
		key := append([]byte(nil), '{')
		if i > 0 {
			key[0] = ','
		}
		key = jsonstr.AppendPostgres(key, f.Name)
		e.keys[i] = append(key, ':')
	}
	if bp, _ := bodyBuffers.Get().(*[]byte); bp != nil {
		e.buf = (*bp)[:0]
	} else {
		e.buf = make([]byte, 0, 64*1024)
	}
	e.buf = append(e.buf, '[')
	return nil
}

func (e *rowEncoder) row(vals [][]byte) error {
	if len(vals) != len(e.kinds) {
		return errNotRows
	}
	b := e.buf // a local: no write barrier per append
	if e.rows > 0 {
		b = append(b, ", \n "...)
	}
	e.rows++
	if len(vals) == 0 {
		e.buf = append(b, "{}"...)
		return nil
	}
	var ok bool
	for i, v := range vals {
		b = append(b, e.keys[i]...)
		if v == nil {
			b = append(b, "null"...)
			continue
		}
		if k := e.kinds[i]; k == kindQuoted {
			b = jsonstr.AppendPostgres(b, v)
		} else if b, ok = appendValue(b, k, v); !ok {
			return errNotRows
		}
	}
	e.buf = append(b, '}')
	return nil
}

func (e *rowEncoder) finish() []byte {
	if e.rows == 0 {
		return append(e.buf[:0], "[]"...)
	}
	return append(e.buf, ']')
}

// appendValue appends the JSON of one non-NULL text value; false when the
// text does not have the shape its kind expects.
func appendValue(b []byte, k rowKind, v []byte) ([]byte, bool) {
	switch k {
	case kindQuoted:
		return jsonstr.AppendPostgres(b, v), true
	case kindRaw:
		return append(b, v...), true
	case kindBool:
		switch string(v) {
		case "t":
			return append(b, "true"...), true
		case "f":
			return append(b, "false"...), true
		}
		return b, false
	case kindNumber:
		if pgtext.IsJSONNumber(v) {
			return append(b, v...), true
		}
		return jsonstr.AppendPostgres(b, v), true
	case kindDate:
		return pgtext.AppendDate(b, v)
	case kindTimestamp, kindTimestamptz:
		return pgtext.AppendTimestamp(b, v, k == kindTimestamptz)
	case kindNumberArray:
		return pgtext.AppendArray(b, v, ',', appendNumberElem)
	case kindTextArray:
		return pgtext.AppendArray(b, v, ',', appendTextElem)
	}
	return b, false
}

// appendNumberElem and appendTextElem render the elements of number and
// text arrays; a quoted number is not one json_agg would give.
func appendNumberElem(b, e []byte, quoted bool) ([]byte, bool) {
	if quoted || !pgtext.IsJSONNumber(e) {
		return b, false
	}
	return append(b, e...), true
}

func appendTextElem(b, e []byte, _ bool) ([]byte, bool) { return jsonstr.AppendPostgres(b, e), true }
