package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/realtime/phx"
	"daybase/realtime/rls"
)

// hub indexes joined channels by topic.
type hub struct {
	mu     sync.RWMutex // guards topics
	topics map[topicKey]map[*channel]struct{}
}

func newHub() *hub { return &hub{topics: map[topicKey]map[*channel]struct{}{}} }

func (h *hub) add(ch *channel) {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.topics[ch.key]
	if set == nil {
		set = map[*channel]struct{}{}
		h.topics[ch.key] = set
	}
	set[ch] = struct{}{}
}

func (h *hub) remove(ch *channel) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if set := h.topics[ch.key]; set != nil {
		delete(set, ch)
		if len(set) == 0 {
			delete(h.topics, ch.key)
		}
	}
}

// each calls f for every channel joined to key; f must not block.
func (h *hub) each(key topicKey, f func(*channel)) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for ch := range h.topics[key] {
		f(ch)
	}
}

// outFrames builds a message's frame once per serializer, for all the
// channels it goes to.
type outFrames struct {
	build  func(phx.Version) (frame, bool)
	v1, v2 *frame
	no1    bool
	no2    bool
}

func (o *outFrames) get(v phx.Version) (frame, bool) {
	p, no := &o.v2, &o.no2
	if v == phx.V1 {
		p, no = &o.v1, &o.no1
	}
	if *no {
		return frame{}, false
	}
	if *p == nil {
		f, ok := o.build(v)
		if !ok {
			*no = true
			return frame{}, false
		}
		*p = &f
	}
	return **p, true
}

// broadcastMsg is one broadcast on its way to subscribers.
type broadcastMsg struct {
	key topicKey
	// payload is the JSON payload {"type":"broadcast","event",...} as
	// sent; nil when bin is set.
	payload json.RawMessage
	// bin is a binary-framed broadcast (a kind 3 push or a binary REST
	// body); V2 clients get it as kind 4, V1 clients only if it is JSON.
	bin *phx.UserBroadcast
}

func (m *broadcastMsg) frames() *outFrames {
	topic := "realtime:" + m.key.sub
	return &outFrames{build: func(v phx.Version) (frame, bool) {
		if m.bin != nil {
			bin, data, err := phx.Encode(v, phx.Message{Topic: topic, Broadcast: m.bin})
			return frame{binary: bin, data: data}, err == nil
		}
		return frame{data: phx.EncodeText(v, "", "", topic, "broadcast", m.payload)}, true
	}}
}

// deliverBroadcast sends m to this instance's subscribers of its topic,
// except from (unless it asked for its own broadcasts).
func (s *Server) deliverBroadcast(m *broadcastMsg, from *channel) {
	fr := m.frames()
	s.hub.each(m.key, func(ch *channel) {
		if ch == from && !ch.self {
			return
		}
		if pm := ch.perms.Load(); m.key.private && (pm == nil || !pm.broadcastRead) {
			return
		}
		if f, ok := fr.get(ch.sk.vsn); ok {
			ch.sk.send(f)
		}
	})
}

// publishBroadcast delivers m here and on the other instances.
func (s *Server) publishBroadcast(m *broadcastMsg, from *channel) {
	s.deliverBroadcast(m, from)
	if s.peers.any() {
		s.bus.Publish(encodeBroadcast(s.cfg.InstanceID, m), nil)
	}
}

// broadcast handles a client's broadcast push.
func (ch *channel) broadcast(m phx.Message) {
	s := ch.sk.srv
	bm := &broadcastMsg{key: ch.key}
	size := 0
	if m.Broadcast != nil {
		// Only the persist key may travel as metadata, and Daybase does not
		// persist broadcasts, so none is forwarded (as the hosted service).
		bm.bin = &phx.UserBroadcast{Event: m.Broadcast.Event, Encoding: m.Broadcast.Encoding, Payload: m.Broadcast.Payload}
		size = len(m.Broadcast.Payload)
	} else {
		var p struct {
			Event *string `json:"event"`
		}
		if json.Unmarshal(m.Payload, &p) != nil || p.Event == nil {
			ch.replyIfAck(m, "error", "broadcast payload must be an object with an event")
			return
		}
		bm.payload = m.Payload
		size = len(m.Payload)
	}
	if pm := ch.perms.Load(); ch.key.private && (pm == nil || !pm.broadcastWrite) {
		ch.replyIfAck(m, "error", "You do not have permissions to write to this Channel topic: "+ch.key.sub)
		return
	}
	if size > s.cfg.MaxPayloadBytes {
		ch.replyIfAck(m, "error", "payload_size_exceeded")
		return
	}
	s.publishBroadcast(bm, ch)
	ch.replyIfAck(m, "ok", "")
}

// replyIfAck answers a broadcast push when the channel asked for acks.
func (ch *channel) replyIfAck(m phx.Message, status, reason string) {
	if !ch.ack {
		return
	}
	if status == "ok" {
		ch.sk.reply(m, "ok", nil)
		return
	}
	ch.sk.replyError(m, reason)
}

// authorizeTopic evaluates the realtime.messages policies for a private
// topic: SELECT policies decide read access, INSERT policies write access,
// for the extensions broadcast and presence, with realtime.topic() = sub.
func (s *Server) authorizeTopic(ctx context.Context, sub string, a *auth, req asrole.Request) (*perms, error) {
	tbl, err := s.catalog.TableByName(ctx, "realtime", "messages")
	if err != nil {
		return nil, fmt.Errorf("authorize topic: %w", err)
	}
	now := s.now().UTC().Format("2006-01-02 15:04:05.999999")
	row := func(extension string) []*string {
		vals := map[string]string{
			"id": newUUID(), "topic": sub, "extension": extension, "private": "true",
			"updated_at": now, "inserted_at": now,
		}
		out := make([]*string, len(tbl.Columns))
		for i, c := range tbl.Columns {
			if v, ok := vals[c.Name]; ok {
				out[i] = &v
			}
		}
		return out
	}
	rows := [][]*string{row("broadcast"), row("presence")}
	var results [2][2]bool // [mode][extension]
	var checks []*rls.Check
	var pending []func()
	for mi, mode := range []rls.Mode{rls.Select, rls.Insert} {
		view, err := s.catalog.View(ctx, tbl, a.role, mode)
		if err != nil {
			return nil, fmt.Errorf("authorize topic: %w", err)
		}
		if visible, decided := view.Visible(); decided {
			results[mi] = [2]bool{visible, visible}
			continue
		}
		c := &rls.Check{SQL: view.SQL, Role: a.role, Claims: a.claimsJSON, Request: req, Topic: sub, Rows: rows}
		checks = append(checks, c)
		pending = append(pending, func() { results[mi] = [2]bool{c.Visible[0], c.Visible[1]} })
	}
	if err := rls.Run(ctx, s.cfg.API, checks); err != nil {
		s.log.Warn("realtime: a realtime.messages policy failed; access denied", "topic", sub, "err", err)
	}
	for _, f := range pending {
		f()
	}
	return &perms{
		broadcastRead: results[0][0], presenceRead: results[0][1],
		broadcastWrite: results[1][0], presenceWrite: results[1][1],
	}, nil
}

// httpError is an error with the status and message the client sees.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// apiHandler adapts a handler that returns an error: *httpError is sent
// as {"error":…,"message":…} (realtime-js reads either), anything else is
// logged and sent as a 500.
func apiHandler(log *slog.Logger, h func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		var he *httpError
		if !errors.As(err, &he) {
			log.Error("realtime api", "path", r.URL.Path, "err", err, "request_id", r.Header.Get("X-Request-Id"))
			he = &httpError{http.StatusInternalServerError, "Internal server error"}
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(he.status)
		json.NewEncoder(w).Encode(map[string]string{"error": he.msg, "message": he.msg})
	})
}

// restAuth is the caller of a REST broadcast.
func (s *Server) restAuth(r *http.Request) (*auth, error) {
	id := identity.FromContext(r.Context())
	if id.Err != nil {
		return nil, &httpError{http.StatusUnauthorized, "Invalid JWT: " + id.Err.Error()}
	}
	cj := id.ClaimsJSON
	if len(cj) == 0 {
		cj = []byte("{}")
	}
	return &auth{token: id.Token, role: id.Role, claimsJSON: cj, exp: time.Now().Add(time.Minute)}, nil
}

func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(r.Body)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("Request body is larger than %d bytes", mbe.Limit)}
	}
	if err != nil {
		return nil, &httpError{http.StatusBadRequest, "could not read the request body"}
	}
	return b, nil
}

// postBroadcast is POST /api/broadcast, which realtime-js uses when a
// channel is not joined: {"messages":[{"topic","event","payload","private"}]}.
// It answers 202. Messages to private topics the caller may not write to
// are skipped, as on the hosted service.
func (s *Server) postBroadcast(w http.ResponseWriter, r *http.Request) error {
	a, err := s.restAuth(r)
	if err != nil {
		return err
	}
	body, err := readBody(r)
	if err != nil {
		return err
	}
	var req struct {
		Messages []struct {
			Topic   string          `json:"topic"`
			Event   string          `json:"event"`
			Payload json.RawMessage `json:"payload"`
			Private bool            `json:"private"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.Messages == nil {
		return &httpError{http.StatusUnprocessableEntity, `the body must be {"messages":[{"topic","event","payload"}]}`}
	}
	for i, m := range req.Messages {
		if m.Topic == "" || m.Event == "" {
			return &httpError{http.StatusUnprocessableEntity, fmt.Sprintf("messages[%d] needs a topic and an event", i)}
		}
		if len(m.Payload) > s.cfg.MaxPayloadBytes {
			return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("messages[%d] payload is larger than %d bytes", i, s.cfg.MaxPayloadBytes)}
		}
	}
	allowed := map[string]bool{}
	for _, m := range req.Messages {
		sub := strings.TrimPrefix(m.Topic, "realtime:")
		key := topicKey{sub: sub, private: m.Private}
		if m.Private {
			ok, seen := allowed[sub]
			if !seen {
				pm, err := s.authorizeTopic(r.Context(), sub, a, asrole.FromHTTP(r))
				if err != nil {
					return err
				}
				ok = pm.broadcastWrite
				allowed[sub] = ok
			}
			if !ok {
				s.log.Info("realtime: REST broadcast to a private topic refused by policy", "topic", sub, "role", a.role)
				continue
			}
		}
		payload := m.Payload
		if len(payload) == 0 {
			payload = json.RawMessage("{}")
		}
		s.publishBroadcast(&broadcastMsg{key: key, payload: phx.BroadcastPayload(m.Event, payload, nil)}, nil)
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// postBroadcastEvent is POST /api/broadcast/{topic}/events/{event}
// (channel.httpSend): a JSON or application/octet-stream body, ?private=true
// for private topics. It answers 202.
func (s *Server) postBroadcastEvent(w http.ResponseWriter, r *http.Request) error {
	a, err := s.restAuth(r)
	if err != nil {
		return err
	}
	sub, event := r.PathValue("topic"), r.PathValue("event")
	q := r.URL.Query()
	if q.Has("persist") || q.Has("persist[ttl]") {
		return &httpError{http.StatusUnprocessableEntity, "this server does not store broadcast messages; send without persist"}
	}
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if len(body) > s.cfg.MaxPayloadBytes {
		return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("payload is larger than %d bytes", s.cfg.MaxPayloadBytes)}
	}
	key := topicKey{sub: sub, private: q.Get("private") == "true"}
	if key.private {
		pm, err := s.authorizeTopic(r.Context(), sub, a, asrole.FromHTTP(r))
		if err != nil {
			return err
		}
		if !pm.broadcastWrite {
			return &httpError{http.StatusForbidden, "You do not have permissions to write to this Channel topic: " + sub}
		}
	}
	m := &broadcastMsg{key: key}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/octet-stream") {
		m.bin = &phx.UserBroadcast{Event: event, Encoding: phx.EncodingBinary, Payload: body}
	} else {
		if !json.Valid(body) {
			return &httpError{http.StatusUnprocessableEntity, "the body is not valid JSON"}
		}
		m.payload = phx.BroadcastPayload(event, bytes.TrimSpace(body), nil)
	}
	s.publishBroadcast(m, nil)
	w.WriteHeader(http.StatusAccepted)
	return nil
}
