package realtime

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"daybase/realtime/phx"
)

// presenceMeta is one tracked presence: a channel's state under its key.
type presenceMeta struct {
	key     string
	ref     string          // phx_ref, unique
	payload json.RawMessage // the tracked object
	origin  string          // the instance whose client tracked it
	ch      *channel        // the local channel; nil for other instances'
}

// presenceStore holds the presences of every topic — this instance's and,
// through the cluster bus, the other instances' — and sends
// presence_state and presence_diff as Phoenix Presence does.
type presenceStore struct {
	s *Server

	mu     sync.Mutex // guards topics, byChan
	topics map[topicKey]map[string]*presenceMeta
	byChan map[*channel]*presenceMeta
}

func newPresenceStore(s *Server) *presenceStore {
	return &presenceStore{s: s, topics: map[topicKey]map[string]*presenceMeta{}, byChan: map[*channel]*presenceMeta{}}
}

// newRef returns a unique phx_ref.
func newRef() string {
	b := make([]byte, 12)
	rand.Read(b)
	return "F" + base64.RawURLEncoding.EncodeToString(b)
}

func newUUID() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// metaJSON renders {"phx_ref":ref[,"phx_ref_prev":prev],...payload}.
func metaJSON(b []byte, m *presenceMeta, prev string) []byte {
	b = append(b, `{"phx_ref":`...)
	b = phx.AppendString(b, m.ref)
	if prev != "" {
		b = append(b, `,"phx_ref_prev":`...)
		b = phx.AppendString(b, prev)
	}
	inner := bytes.TrimSpace(m.payload)
	if len(inner) >= 2 {
		inner = bytes.TrimSpace(inner[1 : len(inner)-1])
	}
	if len(inner) > 0 {
		b = append(b, ',')
		b = append(b, inner...)
	}
	return append(b, '}')
}

// joinedMeta is a meta in a diff's joins, with the ref it replaces.
type joinedMeta struct {
	m    *presenceMeta
	prev string
}

// groupJSON renders {key:{"metas":[...]}} for joins or leaves.
func groupJSON(b []byte, metas []joinedMeta) []byte {
	byKey := map[string][]joinedMeta{}
	var keys []string
	for _, jm := range metas {
		if _, ok := byKey[jm.m.key]; !ok {
			keys = append(keys, jm.m.key)
		}
		byKey[jm.m.key] = append(byKey[jm.m.key], jm)
	}
	sort.Strings(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = phx.AppendString(b, k)
		b = append(b, `:{"metas":[`...)
		for j, jm := range byKey[k] {
			if j > 0 {
				b = append(b, ',')
			}
			b = metaJSON(b, jm.m, jm.prev)
		}
		b = append(b, "]}"...)
	}
	return append(b, '}')
}

// sendDiffLocked sends a presence_diff to the channels of key that receive
// presence. Callers hold mu, which orders diffs.
func (p *presenceStore) sendDiffLocked(key topicKey, joins, leaves []joinedMeta) {
	if len(joins) == 0 && len(leaves) == 0 {
		return
	}
	payload := []byte(`{"joins":`)
	payload = groupJSON(payload, joins)
	payload = append(payload, `,"leaves":`...)
	payload = groupJSON(payload, leaves)
	payload = append(payload, '}')
	topic := "realtime:" + key.sub
	fr := &outFrames{build: func(v phx.Version) (frame, bool) {
		return frame{data: phx.EncodeText(v, "", "", topic, "presence_diff", payload)}, true
	}}
	p.s.hub.each(key, func(ch *channel) {
		if !ch.receivesPresence() {
			return
		}
		if f, ok := fr.get(ch.sk.vsn); ok {
			ch.sk.send(f)
		}
	})
}

func (ch *channel) receivesPresence() bool {
	if !ch.presenceEnabled.Load() {
		return false
	}
	if ch.key.private {
		pm := ch.perms.Load()
		return pm != nil && pm.presenceRead
	}
	return true
}

// sendPresenceState sends the topic's full presence map to ch.
func (ch *channel) sendPresenceState() {
	if !ch.receivesPresence() {
		return
	}
	p := ch.sk.srv.pres
	p.mu.Lock()
	var all []joinedMeta
	for _, m := range p.topics[ch.key] {
		all = append(all, joinedMeta{m: m})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].m.ref < all[j].m.ref })
	payload := groupJSON(nil, all)
	ch.sk.sendText(ch.joinRef, "", ch.topic, "presence_state", payload)
	p.mu.Unlock()
}

// track records ch's presence payload (an update replaces the previous
// one: a leave of the old ref and a join of the new one).
func (p *presenceStore) track(ch *channel, payload json.RawMessage) {
	p.mu.Lock()
	old := p.byChan[ch]
	if old != nil && bytes.Equal(old.payload, payload) {
		p.mu.Unlock()
		return
	}
	m := &presenceMeta{key: ch.presenceKey, ref: newRef(), payload: payload, origin: p.s.cfg.InstanceID, ch: ch}
	set := p.topics[ch.key]
	if set == nil {
		set = map[string]*presenceMeta{}
		p.topics[ch.key] = set
	}
	set[m.ref] = m
	p.byChan[ch] = m
	joins := []joinedMeta{{m: m}}
	var leaves []joinedMeta
	if old != nil {
		delete(set, old.ref)
		joins[0].prev = old.ref
		leaves = []joinedMeta{{m: old}}
	}
	p.sendDiffLocked(ch.key, joins, leaves)
	p.mu.Unlock()
	p.publish(ch.key, joins, leaves)
}

// untrack removes ch's presence, if any.
func (p *presenceStore) untrack(ch *channel) {
	p.mu.Lock()
	m := p.byChan[ch]
	if m == nil {
		p.mu.Unlock()
		return
	}
	delete(p.byChan, ch)
	if set := p.topics[ch.key]; set != nil {
		delete(set, m.ref)
		if len(set) == 0 {
			delete(p.topics, ch.key)
		}
	}
	leaves := []joinedMeta{{m: m}}
	p.sendDiffLocked(ch.key, nil, leaves)
	p.mu.Unlock()
	p.publish(ch.key, nil, leaves)
}

func (p *presenceStore) publish(key topicKey, joins, leaves []joinedMeta) {
	if !p.s.peers.any() {
		return
	}
	p.s.bus.Publish(encodePresence(p.s.cfg.InstanceID, key, joins, leaves), nil)
}

// wireMeta is a presence on the cluster bus.
type wireMeta struct {
	Topic   string          `json:"t"`
	Private bool            `json:"pv,omitempty"`
	Key     string          `json:"k"`
	Ref     string          `json:"r"`
	Prev    string          `json:"pr,omitempty"`
	Payload json.RawMessage `json:"p"`
}

// applyRemote applies another instance's diff: leaves by ref, then joins.
func (p *presenceStore) applyRemote(origin string, joins []wireMeta, leaves []wireMeta) {
	p.mu.Lock()
	defer p.mu.Unlock()
	type diff struct{ joins, leaves []joinedMeta }
	diffs := map[topicKey]*diff{}
	get := func(k topicKey) *diff {
		if diffs[k] == nil {
			diffs[k] = &diff{}
		}
		return diffs[k]
	}
	for _, w := range leaves {
		k := topicKey{w.Topic, w.Private}
		if m := p.topics[k][w.Ref]; m != nil && m.origin == origin {
			delete(p.topics[k], w.Ref)
			if len(p.topics[k]) == 0 {
				delete(p.topics, k)
			}
			get(k).leaves = append(get(k).leaves, joinedMeta{m: m})
		}
	}
	for _, w := range joins {
		k := topicKey{w.Topic, w.Private}
		set := p.topics[k]
		if set == nil {
			set = map[string]*presenceMeta{}
			p.topics[k] = set
		}
		if _, dup := set[w.Ref]; dup {
			continue
		}
		m := &presenceMeta{key: w.Key, ref: w.Ref, payload: w.Payload, origin: origin}
		set[w.Ref] = m
		get(k).joins = append(get(k).joins, joinedMeta{m: m, prev: w.Prev})
	}
	for k, d := range diffs {
		p.sendDiffLocked(k, d.joins, d.leaves)
	}
}

// replaceOrigin makes origin's presences exactly state (a peer's full
// list, sent when this instance joined or a peer reconnected).
func (p *presenceStore) replaceOrigin(origin string, state []wireMeta) {
	keep := map[string]bool{}
	for _, w := range state {
		keep[w.Ref] = true
	}
	var leaves []wireMeta
	p.mu.Lock()
	for k, set := range p.topics {
		for ref, m := range set {
			if m.origin == origin && !keep[ref] {
				leaves = append(leaves, wireMeta{Topic: k.sub, Private: k.private, Ref: ref})
			}
		}
	}
	p.mu.Unlock()
	p.applyRemote(origin, state, leaves)
}

// dropOrigin removes every presence of an instance that left or died.
func (p *presenceStore) dropOrigin(origin string) { p.replaceOrigin(origin, nil) }

// local lists this instance's presences for a peer.
func (p *presenceStore) local() []wireMeta {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []wireMeta
	for ch, m := range p.byChan {
		out = append(out, wireMeta{Topic: ch.key.sub, Private: ch.key.private, Key: m.key, Ref: m.ref, Payload: m.payload})
	}
	return out
}

// presence handles a client's track and untrack pushes; both are answered.
func (ch *channel) presence(m phx.Message) {
	s := ch.sk.srv
	var p struct {
		Event   string          `json:"event"`
		Payload json.RawMessage `json:"payload"`
	}
	if json.Unmarshal(m.Payload, &p) != nil {
		ch.sk.replyError(m, "presence payload must be an object")
		return
	}
	switch strings.ToLower(p.Event) {
	case "track":
		if pm := ch.perms.Load(); ch.key.private && (pm == nil || !pm.presenceWrite) {
			ch.sk.replyError(m, "You do not have permissions to track presence on this Channel topic: "+ch.key.sub)
			return
		}
		payload := bytes.TrimSpace(p.Payload)
		if len(payload) == 0 || bytes.Equal(payload, []byte("null")) {
			payload = []byte("{}")
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(payload, &obj) != nil || obj == nil {
			ch.sk.replyError(m, "Presence track payload must be a map")
			return
		}
		if len(payload) > s.cfg.MaxPayloadBytes {
			ch.sk.replyError(m, "Track message size exceeded")
			return
		}
		wasEnabled := ch.presenceEnabled.Swap(true)
		ch.sk.reply(m, "ok", nil)
		s.pres.track(ch, payload)
		// A track is what enabled presence for this channel: it never got
		// the join-time presence_state.
		if !wasEnabled {
			ch.sendPresenceState()
		}
	case "untrack":
		ch.sk.reply(m, "ok", nil)
		s.pres.untrack(ch)
	default:
		ch.sk.replyError(m, "unknown presence event "+p.Event)
	}
}
