package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
	"time"

	"daybase/realtime/filter"
	"daybase/realtime/pgjson"
	"daybase/realtime/phx"
	"daybase/realtime/rls"
	"daybase/realtime/wal"
)

var errMalformedBinding = errors.New("malformed postgres_changes binding")

// binding is one postgres_changes entry of a join.
type binding struct {
	id     int64
	echo   []byte // the client's params verbatim, plus "id": the join reply entry
	event  string // "*", "INSERT", "UPDATE" or "DELETE"
	schema string
	table  string // "*" for every table of the schema
	filter filter.Filter
	// selected limits the columns sent (the primary key is always sent);
	// nil sends every column the role may read.
	selected map[string]bool
}

// pgSub is a channel's postgres_changes subscription.
type pgSub struct {
	ch       *channel
	bindings []*binding
}

// parseBindings reads the join's postgres_changes entries. The returned
// error, when not errMalformedBinding, describes entries the server
// cannot follow (unknown table, table not in the publication, bad filter);
// the subscription is still returned so the join reply can echo them.
func (s *Server) parseBindings(ctx context.Context, ch *channel, raws []json.RawMessage) (*pgSub, error) {
	sub := &pgSub{ch: ch}
	used := map[int64]bool{}
	var problems []string
	for _, raw := range raws {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
			return nil, fmt.Errorf("%w: each entry must be an object", errMalformedBinding)
		}
		var p struct {
			Event  string   `json:"event"`
			Schema string   `json:"schema"`
			Table  *string  `json:"table"`
			Filter *string  `json:"filter"`
			Select []string `json:"select"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, fmt.Errorf("%w: %v", errMalformedBinding, err)
		}
		b := &binding{event: strings.ToUpper(p.Event), schema: p.Schema, table: "*"}
		switch b.event {
		case "*", "INSERT", "UPDATE", "DELETE":
		default:
			return nil, fmt.Errorf("%w: event must be *, INSERT, UPDATE or DELETE, not %q", errMalformedBinding, p.Event)
		}
		if b.schema == "" {
			return nil, fmt.Errorf("%w: schema is required", errMalformedBinding)
		}
		if p.Table != nil && *p.Table != "" {
			b.table = *p.Table
		}
		if len(p.Select) > 0 {
			b.selected = map[string]bool{}
			for _, c := range p.Select {
				b.selected[c] = true
			}
		}

		// The id is a hash of the params, like the hosted phash2, made
		// unique within the channel.
		delete(fields, "id")
		canon, _ := json.Marshal(fields)
		h := fnv.New32a()
		h.Write(canon)
		b.id = int64(h.Sum32() & 0x7ffffff)
		for b.id == 0 || used[b.id] {
			b.id++
		}
		used[b.id] = true
		fields["id"] = json.RawMessage(strconv.FormatInt(b.id, 10))
		b.echo, _ = json.Marshal(fields)

		if problem := s.checkBinding(ctx, b, p.Filter); problem != "" {
			filt := ""
			if p.Filter != nil {
				filt = *p.Filter
			}
			problems = append(problems, fmt.Sprintf("%s [event: %s, schema: %s, table: %s, filters: [%s]]",
				problem, p.Event, p.Schema, b.table, filt))
		}
		sub.bindings = append(sub.bindings, b)
	}
	if len(problems) > 0 {
		return sub, errors.New("Unable to subscribe to changes with given parameters: " + strings.Join(problems, "; "))
	}
	return sub, nil
}

// checkBinding validates a binding against the catalog and parses its
// filter; it returns a problem description or "".
func (s *Server) checkBinding(ctx context.Context, b *binding, filt *string) string {
	if filt != nil {
		f, err := filter.Parse(*filt)
		if err != nil {
			return err.Error()
		}
		b.filter = f
	}
	pub, err := s.catalog.Published(ctx, s.cfg.Publication, b.schema, b.table)
	if err != nil {
		s.log.Error("realtime: read publication", "err", err)
		return "Realtime was unable to read the publication"
	}
	if !pub {
		return fmt.Sprintf("Realtime is not enabled for this table: add it to the %s publication", s.cfg.Publication)
	}
	if b.table == "*" {
		return ""
	}
	t, err := s.catalog.TableByName(ctx, b.schema, b.table)
	if err != nil {
		if errors.Is(err, rls.ErrNotFound) {
			return "the table does not exist"
		}
		s.log.Error("realtime: look up table", "err", err)
		return "Realtime was unable to read the table"
	}
	for _, c := range b.filter.Columns() {
		if t.Index(c) < 0 {
			return fmt.Sprintf("the filter's column %q does not exist", c)
		}
	}
	return ""
}

func (b *binding) matchesEvent(op byte) bool {
	switch b.event {
	case "*":
		return true
	case "INSERT":
		return op == 'I'
	case "UPDATE":
		return op == 'U'
	case "DELETE":
		return op == 'D'
	}
	return false
}

// dispatcher matches changes to subscriptions, checks them against each
// subscriber's RLS and sends them. One goroutine runs it, so changes reach
// every subscriber in commit order and (un)subscribing is ordered with
// respect to the stream.
type dispatcher struct {
	s  *Server
	in chan any

	// Only the run goroutine touches the following.
	subs     map[string][]*pgSub // "schema.table" and "schema.*"
	retained []retainedChunk
	kept     int // changes in retained
}

type retainedChunk struct {
	c     *wal.Chunk
	until time.Time
}

type chunkItem struct {
	c    *wal.Chunk
	done func() // called after fan-out; may be nil
}

type subscribeItem struct{ sub *pgSub }

type unsubscribeItem struct{ sub *pgSub }

func newDispatcher(s *Server) *dispatcher {
	return &dispatcher{s: s, in: make(chan any, 1024), subs: map[string][]*pgSub{}}
}

// submit queues a chunk, waiting while the dispatcher is behind: the
// replication stream slows down rather than memory growing.
func (d *dispatcher) submit(ctx context.Context, c *wal.Chunk, done func()) {
	select {
	case d.in <- chunkItem{c, done}:
	case <-ctx.Done():
	}
}

func (d *dispatcher) subscribe(sub *pgSub) {
	select {
	case d.in <- subscribeItem{sub}:
	case <-d.s.ctx.Done():
	}
}

func (d *dispatcher) unsubscribe(sub *pgSub) {
	select {
	case d.in <- unsubscribeItem{sub}:
	case <-d.s.ctx.Done():
	}
}

func (d *dispatcher) run(ctx context.Context) {
	var next any // an item taken while batching, handled next
	for {
		it := next
		next = nil
		if it == nil {
			select {
			case <-ctx.Done():
				return
			case it = <-d.in:
			}
		}
		switch it := it.(type) {
		case chunkItem:
			// Take every chunk already waiting: one batch, one round of RLS
			// checks. Under light load a batch is one transaction; when
			// checks fall behind, batches grow and the cost per change falls.
			batch := []chunkItem{it}
		drain:
			for len(batch) < maxBatch {
				select {
				case more := <-d.in:
					if c, ok := more.(chunkItem); ok {
						batch = append(batch, c)
						continue
					}
					next = more
					break drain
				default:
					break drain
				}
			}
			chunks := make([]*wal.Chunk, len(batch))
			for i, b := range batch {
				chunks[i] = b.c
			}
			d.process(ctx, chunks, nil)
			for _, b := range batch {
				if b.c.Backlog && d.s.cfg.ResumeWindow > 0 {
					d.retain(b.c)
				}
				if b.done != nil {
					b.done()
				}
			}
		case subscribeItem:
			d.add(it.sub)
			d.replay(ctx, it.sub)
		case unsubscribeItem:
			d.remove(it.sub)
		}
	}
}

// maxBatch bounds the chunks dispatched together.
const maxBatch = 256

func subKey(schema, table string) string { return schema + "." + table }

func (d *dispatcher) add(sub *pgSub) {
	seen := map[string]bool{}
	for _, b := range sub.bindings {
		k := subKey(b.schema, b.table)
		if !seen[k] {
			seen[k] = true
			d.subs[k] = append(d.subs[k], sub)
		}
	}
}

func (d *dispatcher) remove(sub *pgSub) {
	for _, b := range sub.bindings {
		k := subKey(b.schema, b.table)
		list := d.subs[k]
		for i, x := range list {
			if x == sub {
				list = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(d.subs, k)
		} else {
			d.subs[k] = list
		}
	}
}

// retain keeps a backlog chunk for clients that subscribe within the
// resume window.
func (d *dispatcher) retain(c *wal.Chunk) {
	now := d.s.now()
	d.prune(now)
	d.retained = append(d.retained, retainedChunk{c, now.Add(d.s.cfg.ResumeWindow)})
	d.kept += len(c.Changes)
	for d.kept > d.s.cfg.ResumeMaxChanges && len(d.retained) > 0 {
		d.kept -= len(d.retained[0].c.Changes)
		d.retained = d.retained[1:]
	}
}

func (d *dispatcher) prune(now time.Time) {
	i := 0
	for i < len(d.retained) && now.After(d.retained[i].until) {
		d.kept -= len(d.retained[i].c.Changes)
		i++
	}
	d.retained = d.retained[i:]
}

// replay sends a new subscriber the retained backlog that matches it.
func (d *dispatcher) replay(ctx context.Context, sub *pgSub) {
	d.prune(d.s.now())
	if len(d.retained) == 0 {
		return
	}
	chunks := make([]*wal.Chunk, len(d.retained))
	for i, r := range d.retained {
		chunks[i] = r.c
	}
	d.process(ctx, chunks, sub)
}

// candidate is one (change, channel) pair to deliver if RLS allows.
type candidate struct {
	ci     int // change index in the batch
	sub    *pgSub
	ids    []int64
	sel    map[string]bool
	selKey string
	check  *rls.Check // nil when no per-row check is needed
	row    int        // row index in check
	view   *rls.View
}

// changeInfo is what the dispatcher derives from one change.
type changeInfo struct {
	tbl   *rls.Table
	types []*pgjson.Type // per WAL column
	row   walRow         // the row filters and policies see
}

// batchChange is one change of a batch with its transaction's commit time.
type batchChange struct {
	ch *wal.Change
	ts string
}

// process delivers the chunks' changes, in order, to every matching
// subscription, or only to one.
func (d *dispatcher) process(ctx context.Context, chunks []*wal.Chunk, only *pgSub) {
	if len(d.subs) == 0 && only == nil {
		return
	}
	s := d.s
	var changes []batchChange
	for _, c := range chunks {
		ts := c.CommitTime.UTC().Format("2006-01-02T15:04:05.000Z")
		for i := range c.Changes {
			changes = append(changes, batchChange{&c.Changes[i], ts})
		}
	}
	infos := make([]*changeInfo, len(changes))
	var cands []*candidate
	for ci := range changes {
		ch := changes[ci].ch
		var subs []*pgSub
		if only != nil {
			subs = []*pgSub{only}
		} else {
			subs = append(append([]*pgSub(nil), d.subs[subKey(ch.Rel.Schema, ch.Rel.Name)]...), d.subs[subKey(ch.Rel.Schema, "*")]...)
		}
		if len(subs) == 0 {
			continue
		}
		info, err := d.describe(ctx, ch)
		if err != nil {
			if !errors.Is(err, rls.ErrNotFound) {
				s.log.Error("realtime: describe change; not delivered", "table", ch.Rel.Schema+"."+ch.Rel.Name, "err", err)
			}
			continue
		}
		infos[ci] = info
		seen := map[*pgSub]bool{}
		for _, sub := range subs {
			if seen[sub] || sub.ch.isClosed() {
				continue
			}
			seen[sub] = true
			bySel := map[string]*candidate{}
			for _, b := range sub.bindings {
				if b.schema != ch.Rel.Schema || (b.table != "*" && b.table != ch.Rel.Name) || !b.matchesEvent(ch.Op) {
					continue
				}
				if !b.filter.Match(info.row) {
					continue
				}
				k := selectKey(b.selected)
				cd := bySel[k]
				if cd == nil {
					cd = &candidate{ci: ci, sub: sub, sel: b.selected, selKey: k}
					bySel[k] = cd
					cands = append(cands, cd)
				}
				cd.ids = append(cd.ids, b.id)
			}
		}
	}
	if len(cands) == 0 {
		return
	}

	// Decide visibility: from privileges alone where possible, else with
	// one check per (table, role, claims) covering all its rows.
	type checkKey struct {
		oid    uint32
		role   string
		claims string
	}
	checks := map[checkKey]*rls.Check{}
	rowOf := map[checkKey]map[int]int{} // change index → row in check
	var list []*rls.Check
	keep := cands[:0]
	for _, cd := range cands {
		info := infos[cd.ci]
		a := cd.sub.ch.auth.Load()
		view, err := s.catalog.View(ctx, info.tbl, a.role, rls.Select)
		if err != nil {
			s.log.Error("realtime: read privileges; change not delivered", "err", err)
			continue
		}
		cd.view = view
		if visible, decided := view.Visible(); decided {
			if visible {
				keep = append(keep, cd)
			}
			continue
		}
		k := checkKey{info.tbl.OID, a.role, string(a.claimsJSON)}
		chk := checks[k]
		if chk == nil {
			chk = &rls.Check{SQL: view.SQL, Role: a.role, Claims: a.claimsJSON}
			checks[k] = chk
			rowOf[k] = map[int]int{}
			list = append(list, chk)
		}
		r, ok := rowOf[k][cd.ci]
		if !ok {
			r = len(chk.Rows)
			rowOf[k][cd.ci] = r
			chk.Rows = append(chk.Rows, info.row.policyValues(info.tbl))
		}
		cd.check, cd.row = chk, r
		keep = append(keep, cd)
	}
	if len(list) > 0 {
		if err := rls.Run(ctx, s.cfg.API, list); err != nil {
			s.log.Warn("realtime: some RLS checks failed; those subscribers get nothing", "err", err)
		}
	}

	type dataKey struct {
		ci     int
		view   *rls.View
		selKey string
	}
	datas := map[dataKey][]byte{}
	for _, cd := range keep {
		if cd.check != nil && !cd.check.Visible[cd.row] {
			continue
		}
		dk := dataKey{cd.ci, cd.view, cd.selKey}
		data, ok := datas[dk]
		if !ok {
			data = buildData(changes[cd.ci].ch, infos[cd.ci], cd.view, cd.sel, changes[cd.ci].ts, s.cfg.MaxRecordBytes)
			datas[dk] = data
		}
		p := []byte(`{"ids":[`)
		for i, id := range cd.ids {
			if i > 0 {
				p = append(p, ',')
			}
			p = strconv.AppendInt(p, id, 10)
		}
		p = append(p, `],"data":`...)
		p = append(p, data...)
		p = append(p, '}')
		ch := cd.sub.ch
		ch.sk.sendText("", "", ch.topic, "postgres_changes", p)
	}
}

func selectKey(sel map[string]bool) string {
	if sel == nil {
		return ""
	}
	keys := make([]string, 0, len(sel))
	for k := range sel {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, "\x00")
}

// describe resolves a change's table and value types and picks the row
// filters and policies see: the new row for INSERT and UPDATE (untouched
// TOASTed values taken from the old row when it has them), the old row
// for DELETE.
func (d *dispatcher) describe(ctx context.Context, ch *wal.Change) (*changeInfo, error) {
	tbl, err := d.s.catalog.Table(ctx, ch.Rel.ID)
	if err != nil {
		return nil, err
	}
	oids := make([]uint32, len(ch.Rel.Columns))
	for i, c := range ch.Rel.Columns {
		oids[i] = c.TypeOID
	}
	tm, err := d.s.catalog.Types(ctx, oids)
	if err != nil {
		return nil, err
	}
	info := &changeInfo{tbl: tbl, types: make([]*pgjson.Type, len(oids))}
	for i, o := range oids {
		info.types[i] = tm[o]
	}
	vals := ch.New
	if ch.Op == 'D' {
		vals = ch.Old
	} else if ch.Old != nil {
		vals = append([]wal.Value(nil), ch.New...)
		for i := range vals {
			if vals[i].Kind == wal.Unchanged && i < len(ch.Old) && ch.OldKind == 'O' {
				vals[i] = ch.Old[i]
			}
		}
	}
	info.row = walRow{rel: ch.Rel, vals: vals, types: info.types}
	return info, nil
}

// walRow lets filters and policy checks read a change's row by name.
type walRow struct {
	rel   *wal.Relation
	vals  []wal.Value
	types []*pgjson.Type
}

func (r walRow) index(name string) int {
	for i, c := range r.rel.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Value implements filter.Row. An untouched TOASTed value is unknown, so
// conditions on it do not match.
func (r walRow) Value(col string) (string, bool, *pgjson.Type, bool) {
	i := r.index(col)
	if i < 0 || i >= len(r.vals) || r.vals[i].Kind == wal.Unchanged {
		return "", false, nil, false
	}
	if r.vals[i].Kind == wal.Null {
		return "", true, r.types[i], true
	}
	return r.vals[i].Text, false, r.types[i], true
}

// policyValues lists the row's values in the table's column order (nil
// for NULL, unknown or missing), as an rls.Check row.
func (r walRow) policyValues(t *rls.Table) []*string {
	out := make([]*string, len(t.Columns))
	for i, c := range t.Columns {
		j := r.index(c.Name)
		if j >= 0 && j < len(r.vals) && r.vals[j].Kind == wal.Text {
			v := r.vals[j].Text
			out[i] = &v
		}
	}
	return out
}

// buildData renders the change's "data" object for a role's view.
func buildData(ch *wal.Change, info *changeInfo, view *rls.View, sel map[string]bool, ts string, maxRecord int) []byte {
	b := buildDataLimited(ch, info, view, sel, ts, 0)
	if len(b) > maxRecord {
		b = buildDataLimited(ch, info, view, sel, ts, 64)
	}
	return b
}

// buildDataLimited renders data; limit > 0 drops values longer than limit
// bytes and reports the 413 error, as the hosted service does for records
// that are too big.
func buildDataLimited(ch *wal.Change, info *changeInfo, view *rls.View, sel map[string]bool, ts string, limit int) []byte {
	rel := ch.Rel
	// cols are the WAL column indexes sent, in table order.
	var cols []int
	for i, tc := range info.tbl.Columns {
		if !view.Columns[i] || (sel != nil && !sel[tc.Name] && !tc.PK) {
			continue
		}
		for j, wc := range rel.Columns {
			if wc.Name == tc.Name {
				cols = append(cols, j)
				break
			}
		}
	}
	b := []byte(`{"schema":`)
	b = phx.AppendString(b, rel.Schema)
	b = append(b, `,"table":`...)
	b = phx.AppendString(b, rel.Name)
	b = append(b, `,"commit_timestamp":`...)
	b = phx.AppendString(b, ts)
	b = append(b, `,"type":`...)
	switch ch.Op {
	case 'I':
		b = append(b, `"INSERT"`...)
	case 'U':
		b = append(b, `"UPDATE"`...)
	default:
		b = append(b, `"DELETE"`...)
	}
	b = append(b, `,"columns":[`...)
	for n, j := range cols {
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = phx.AppendString(b, rel.Columns[j].Name)
		b = append(b, `,"type":`...)
		b = phx.AppendString(b, info.types[j].Name)
		b = append(b, '}')
	}
	b = append(b, ']')
	dropped := false
	record := func(vals []wal.Value, include func(j int) bool) {
		b = append(b, '{')
		first := true
		for _, j := range cols {
			if j >= len(vals) || !include(j) || vals[j].Kind == wal.Unchanged {
				continue
			}
			if limit > 0 && vals[j].Kind == wal.Text && len(vals[j].Text) > limit {
				dropped = true
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = phx.AppendString(b, rel.Columns[j].Name)
			b = append(b, ':')
			if vals[j].Kind == wal.Null {
				b = append(b, "null"...)
			} else {
				b = info.types[j].Append(b, []byte(vals[j].Text))
			}
		}
		b = append(b, '}')
	}
	all := func(int) bool { return true }
	if ch.Op != 'D' {
		b = append(b, `,"record":`...)
		record(info.row.vals, all)
	}
	if ch.Op != 'I' {
		b = append(b, `,"old_record":`...)
		switch {
		case ch.Old == nil:
			// REPLICA IDENTITY DEFAULT and the key did not change: the
			// identity is the new row's key.
			record(ch.New, func(j int) bool { return rel.Columns[j].Key })
		case ch.OldKind == 'K':
			record(ch.Old, func(j int) bool { return rel.Columns[j].Key })
		default:
			record(ch.Old, all)
		}
	}
	if dropped {
		b = append(b, `,"errors":["Error 413: Payload Too Large"]}`...)
	} else {
		b = append(b, `,"errors":null}`...)
	}
	return b
}
