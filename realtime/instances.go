package realtime

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"daybase/realtime/phx"
	"daybase/realtime/wal"
)

// busChannel is the NOTIFY channel instances talk on.
const busChannel = "daybase_realtime"

// Message kinds on the bus.
const (
	kindHello     = "hello" // an instance started (or reconnected): peers answer with kindState
	kindHeartbeat = "hb"
	kindBye       = "bye"
	kindState     = "ps" // an instance's presences, for the instance in To
	kindPresence  = "p"  // a presence diff
	kindBroadcast = "b"
	kindChanges   = "c" // a chunk of the replication stream, from the leader
)

// busMsg is one message between instances.
type busMsg struct {
	Origin string `json:"o"`
	Kind   string `json:"k"`
	To     string `json:"to,omitempty"`

	// Broadcast: the topic, and a JSON payload or a binary one.
	Topic    string          `json:"t,omitempty"`
	Private  bool            `json:"pv,omitempty"`
	Payload  json.RawMessage `json:"p,omitempty"`
	Event    string          `json:"e,omitempty"`
	Encoding *byte           `json:"enc,omitempty"`
	Binary   string          `json:"bin,omitempty"` // base64

	// Presence.
	Joins  []wireMeta `json:"j,omitempty"`
	Leaves []wireMeta `json:"l,omitempty"`

	Chunk *wireChunk `json:"x,omitempty"`
}

func (s *Server) announce(kind string) {
	b, _ := json.Marshal(busMsg{Origin: s.cfg.InstanceID, Kind: kind})
	s.bus.Publish(b, nil)
}

func encodeBroadcast(origin string, m *broadcastMsg) []byte {
	bm := busMsg{Origin: origin, Kind: kindBroadcast, Topic: m.key.sub, Private: m.key.private, Payload: m.payload}
	if m.bin != nil {
		enc := m.bin.Encoding
		bm.Event, bm.Encoding, bm.Binary = m.bin.Event, &enc, base64.StdEncoding.EncodeToString(m.bin.Payload)
	}
	b, _ := json.Marshal(bm)
	return b
}

func encodePresence(origin string, key topicKey, joins, leaves []joinedMeta) []byte {
	bm := busMsg{Origin: origin, Kind: kindPresence}
	for _, j := range joins {
		bm.Joins = append(bm.Joins, wireMeta{Topic: key.sub, Private: key.private, Key: j.m.key, Ref: j.m.ref, Prev: j.prev, Payload: j.m.payload})
	}
	for _, l := range leaves {
		bm.Leaves = append(bm.Leaves, wireMeta{Topic: key.sub, Private: key.private, Key: l.m.key, Ref: l.m.ref})
	}
	b, _ := json.Marshal(bm)
	return b
}

// onBus handles a message from the bus (one goroutine, in order).
func (s *Server) onBus(channel string, payload []byte) {
	if channel != busChannel {
		// NOTIFY pgrst, 'reload schema' follows every DDL statement:
		// tables, privileges and policies may have changed. Other payloads
		// on that channel ("reload config", the REST schema cache's
		// catch-up notes) change nothing here, as for PostgREST's listener.
		if payload := string(payload); payload == "" || payload == "reload schema" {
			s.catalog.Invalidate()
		}
		return
	}
	// Messages start with {"o":"<origin>", so this instance's own come
	// back without being decoded.
	if bytes.HasPrefix(payload, s.selfPrefix) {
		return
	}
	var m busMsg
	if err := json.Unmarshal(payload, &m); err != nil {
		s.log.Warn("realtime: undecodable cluster message", "err", err)
		return
	}
	if m.Origin == s.cfg.InstanceID || m.Origin == "" {
		return
	}
	if m.Kind != kindBye {
		s.peers.seen(m.Origin, s.now())
	}
	switch m.Kind {
	case kindHello:
		b, _ := json.Marshal(busMsg{Origin: s.cfg.InstanceID, Kind: kindState, To: m.Origin, Joins: s.pres.local()})
		s.bus.Publish(b, nil)
	case kindBye:
		s.peers.remove(m.Origin)
		s.pres.dropOrigin(m.Origin)
	case kindState:
		if m.To == s.cfg.InstanceID {
			s.pres.replaceOrigin(m.Origin, m.Joins)
		}
	case kindPresence:
		s.pres.applyRemote(m.Origin, m.Joins, m.Leaves)
	case kindBroadcast:
		bm := &broadcastMsg{key: topicKey{m.Topic, m.Private}, payload: m.Payload}
		if m.Encoding != nil {
			data, err := base64.StdEncoding.DecodeString(m.Binary)
			if err != nil {
				return
			}
			bm.payload = nil
			bm.bin = &phx.UserBroadcast{Event: m.Event, Encoding: *m.Encoding, Payload: data}
		}
		s.deliverBroadcast(bm, nil)
	case kindChanges:
		c, err := m.Chunk.decode()
		if err != nil {
			s.log.Warn("realtime: undecodable change chunk", "err", err)
			return
		}
		s.disp.submit(s.ctx, c, nil)
	}
}

// onBusReconnect runs after the bus lost its connection: peers are asked
// for their presences again. Changes and broadcasts sent meanwhile are
// lost for this instance's clients.
func (s *Server) onBusReconnect() {
	s.log.Warn("realtime: cluster bus reconnected; messages from other instances sent meanwhile were missed")
	s.announce(kindHello)
}

// heartbeat announces this instance and forgets silent peers.
func (s *Server) heartbeat(ctx context.Context) {
	t := time.NewTicker(s.cfg.PeerHeartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.announce(kindHeartbeat)
			for _, dead := range s.peers.expire(s.now().Add(-3 * s.cfg.PeerHeartbeat)) {
				s.log.Warn("realtime: peer instance went silent; dropping its presences", "instance", dead)
				s.pres.dropOrigin(dead)
			}
		}
	}
}

// peerSet tracks the other live instances.
type peerSet struct {
	mu   sync.Mutex // guards last
	last map[string]time.Time
	n    atomic.Int32
}

func newPeerSet() *peerSet { return &peerSet{last: map[string]time.Time{}} }

func (p *peerSet) seen(id string, now time.Time) {
	p.mu.Lock()
	p.last[id] = now
	p.n.Store(int32(len(p.last)))
	p.mu.Unlock()
}

func (p *peerSet) remove(id string) {
	p.mu.Lock()
	delete(p.last, id)
	p.n.Store(int32(len(p.last)))
	p.mu.Unlock()
}

func (p *peerSet) expire(before time.Time) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var dead []string
	for id, t := range p.last {
		if t.Before(before) {
			dead = append(dead, id)
			delete(p.last, id)
		}
	}
	p.n.Store(int32(len(p.last)))
	return dead
}

func (p *peerSet) any() bool { return p.n.Load() > 0 }

// lead runs while this instance holds the leader lock: it streams the
// slot, fans each chunk out locally and to the other instances, and
// acknowledges a transaction once both are done.
func (s *Server) lead(ctx context.Context) {
	r := wal.New(wal.Config{
		Conn:            s.cfg.Admin.Config().ConnConfig.Config.Copy(),
		Slot:            s.cfg.Slot,
		Publication:     s.cfg.Publication,
		ApplicationName: "daybase realtime replication " + s.cfg.InstanceID,
		Log:             s.log,
	})
	backoff := 200 * time.Millisecond
	for ctx.Err() == nil {
		out := make(chan *wal.Chunk, 64)
		errc := make(chan error, 1)
		go func() {
			errc <- r.Run(ctx, out)
			close(out)
		}()
		for c := range out {
			s.fanOut(ctx, r, c)
		}
		err := <-errc
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, wal.ErrSlotBusy) {
			// The previous leader's walsender has not exited yet.
			s.log.Info("realtime: replication slot still busy; retrying", "err", err)
		} else {
			s.log.Error("realtime: replication stream ended; retrying", "err", err, "in", backoff)
			backoff = min(2*backoff, 10*time.Second)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
	}
}

func (s *Server) fanOut(ctx context.Context, r *wal.Reader, c *wal.Chunk) {
	var pending atomic.Int32
	pending.Store(2)
	done := func() {
		if pending.Add(-1) == 0 && c.Final {
			r.Ack(c.EndLSN)
		}
	}
	// Alone, there is nobody to pass changes to. An instance that starts
	// announces itself before it accepts clients, so it cannot miss a
	// change one of its clients subscribed to.
	if !s.peers.any() {
		done()
	} else {
		s.bus.Publish(encodeChunk(s.cfg.InstanceID, c), func(err error) {
			if err != nil && ctx.Err() == nil {
				s.log.Error("realtime: could not pass changes to other instances", "err", err, "lsn", c.CommitLSN.String())
			}
			done()
		})
	}
	s.disp.submit(ctx, c, done)
}

// wireChunk is a wal.Chunk on the bus. Tuple values are JSON null (NULL),
// 0 (an untouched TOASTed value) or a string.
type wireChunk struct {
	Xid     uint32         `json:"xid"`
	Commit  uint64         `json:"cl"`
	End     uint64         `json:"el,omitempty"`
	Time    int64          `json:"ts"` // Unix microseconds
	Final   bool           `json:"f,omitempty"`
	Backlog bool           `json:"bl,omitempty"`
	Rels    []wireRelation `json:"r"`
	Changes []wireChange   `json:"c"`
}

type wireRelation struct {
	ID       uint32       `json:"id"`
	Schema   string       `json:"s"`
	Name     string       `json:"n"`
	Identity byte         `json:"ri"`
	Columns  []wal.Column `json:"c"`
}

type wireChange struct {
	Op      byte  `json:"op"`
	Rel     int   `json:"r"` // index in Rels
	New     []any `json:"n,omitempty"`
	Old     []any `json:"o,omitempty"`
	OldKind byte  `json:"ok,omitempty"`
}

func encodeValues(vs []wal.Value) []any {
	if vs == nil {
		return nil
	}
	out := make([]any, len(vs))
	for i, v := range vs {
		switch v.Kind {
		case wal.Null:
			out[i] = nil
		case wal.Unchanged:
			out[i] = 0
		default:
			out[i] = v.Text
		}
	}
	return out
}

func decodeValues(vs []any) []wal.Value {
	if vs == nil {
		return nil
	}
	out := make([]wal.Value, len(vs))
	for i, v := range vs {
		switch v := v.(type) {
		case nil:
			out[i] = wal.Value{Kind: wal.Null}
		case string:
			out[i] = wal.Value{Kind: wal.Text, Text: v}
		default:
			out[i] = wal.Value{Kind: wal.Unchanged}
		}
	}
	return out
}

func encodeChunk(origin string, c *wal.Chunk) []byte {
	w := &wireChunk{Xid: c.Xid, Commit: uint64(c.CommitLSN), End: uint64(c.EndLSN), Time: c.CommitTime.UnixMicro(),
		Final: c.Final, Backlog: c.Backlog}
	idx := map[*wal.Relation]int{}
	for _, ch := range c.Changes {
		i, ok := idx[ch.Rel]
		if !ok {
			i = len(w.Rels)
			idx[ch.Rel] = i
			w.Rels = append(w.Rels, wireRelation{ID: ch.Rel.ID, Schema: ch.Rel.Schema, Name: ch.Rel.Name, Identity: ch.Rel.Identity, Columns: ch.Rel.Columns})
		}
		w.Changes = append(w.Changes, wireChange{Op: ch.Op, Rel: i, New: encodeValues(ch.New), Old: encodeValues(ch.Old), OldKind: ch.OldKind})
	}
	b, _ := json.Marshal(busMsg{Origin: origin, Kind: kindChanges, Chunk: w})
	return b
}

func (w *wireChunk) decode() (*wal.Chunk, error) {
	if w == nil {
		return nil, errors.New("missing chunk")
	}
	rels := make([]*wal.Relation, len(w.Rels))
	for i, r := range w.Rels {
		rels[i] = &wal.Relation{ID: r.ID, Schema: r.Schema, Name: r.Name, Identity: r.Identity, Columns: r.Columns}
	}
	c := &wal.Chunk{Xid: w.Xid, CommitLSN: wal.LSN(w.Commit), EndLSN: wal.LSN(w.End), CommitTime: time.UnixMicro(w.Time).UTC(),
		Final: w.Final, Backlog: w.Backlog}
	for _, ch := range w.Changes {
		if ch.Rel < 0 || ch.Rel >= len(rels) {
			return nil, errors.New("change refers to a missing relation")
		}
		c.Changes = append(c.Changes, wal.Change{Op: ch.Op, Rel: rels[ch.Rel], New: decodeValues(ch.New), Old: decodeValues(ch.Old), OldKind: ch.OldKind})
	}
	return c, nil
}
