package realtime

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/realtime/phx"
)

// Close codes.
const (
	closeGoingAway  = websocket.StatusGoingAway
	closeSlowClient = websocket.StatusTryAgainLater
)

// frame is one encoded websocket message, shared by every socket it goes
// to; never modified after creation.
type frame struct {
	binary bool
	data   []byte
}

// socket is one client connection.
type socket struct {
	srv  *Server
	conn *websocket.Conn
	vsn  phx.Version
	// apikey is the token the connection was opened with: the default
	// access token of channels whose join carries none.
	apikey string
	// request is the opening handshake, for request.headers and the other
	// request settings of private channels' policies (internal/asrole).
	request asrole.Request

	ctx    context.Context
	cancel context.CancelFunc
	once   sync.Once

	out outQueue

	// limiter is touched only by the reading goroutine.
	limiter tokenBucket

	mu       sync.Mutex // guards channels
	channels map[string]*channel
}

func (s *Server) serveWebsocket(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	vsn, err := phx.ParseVersion(q.Get("vsn"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	apikey := q.Get("apikey")
	if apikey == "" {
		apikey = r.Header.Get("apikey")
	}
	if identity.FromContext(r.Context()).APIKeyRole == "" {
		// The gateway verifies the apikey before this handler runs.
		http.Error(w, "a valid apikey is required", http.StatusUnauthorized)
		return
	}
	eps := s.cfg.MaxEventsPerSecond
	if n, err := strconv.Atoi(q.Get("eventsPerSecond")); err == nil && n > 0 && n < eps {
		eps = n
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		// The hosted service accepts any origin: clients authenticate with
		// the apikey and tokens in messages, never with cookies.
		InsecureSkipVerify: true,
		CompressionMode:    websocket.CompressionDisabled,
	})
	if err != nil {
		s.log.Info("websocket upgrade failed", "err", err)
		return
	}
	conn.SetReadLimit(s.cfg.MaxMessageBytes)
	sk := &socket{
		srv:      s,
		conn:     conn,
		vsn:      vsn,
		apikey:   apikey,
		request:  asrole.Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone()},
		channels: map[string]*channel{},
		limiter:  tokenBucket{rate: float64(eps), burst: float64(eps), tokens: float64(eps), last: s.now()},
	}
	sk.out.init(s.cfg.SendQueue)
	sk.ctx, sk.cancel = context.WithCancel(s.ctx)
	if !s.addSocket(sk) {
		conn.Close(closeGoingAway, "server shutting down")
		return
	}
	defer s.removeSocket(sk)
	go sk.writeLoop()
	sk.readLoop()
}

// readLoop handles the client's messages one at a time until the
// connection ends, then tears its channels down.
func (sk *socket) readLoop() {
	defer sk.teardown()
	for {
		ctx, cancel := context.WithTimeout(sk.ctx, sk.srv.cfg.IdleTimeout)
		typ, data, err := sk.conn.Read(ctx)
		cancel()
		if err != nil {
			if sk.ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
				sk.srv.log.Debug("closing idle websocket", "idle", sk.srv.cfg.IdleTimeout)
			}
			return
		}
		msg, err := phx.Decode(sk.vsn, typ == websocket.MessageBinary, data)
		if err != nil {
			sk.srv.log.Debug("ignoring malformed realtime message", "err", err)
			continue
		}
		sk.handle(msg)
	}
}

func (sk *socket) writeLoop() {
	for {
		frames, ok := sk.out.wait(sk.ctx)
		if !ok {
			return
		}
		for _, f := range frames {
			typ := websocket.MessageText
			if f.binary {
				typ = websocket.MessageBinary
			}
			ctx, cancel := context.WithTimeout(sk.ctx, sk.srv.cfg.WriteTimeout)
			err := sk.conn.Write(ctx, typ, f.data)
			cancel()
			if err != nil {
				sk.shutdown(closeSlowClient, "write failed")
				return
			}
		}
	}
}

// shutdown ends the connection; safe to call from any goroutine, any
// number of times.
func (sk *socket) shutdown(code websocket.StatusCode, reason string) {
	sk.once.Do(func() {
		sk.out.close()
		sk.cancel()
		go sk.conn.Close(code, reason)
	})
}

// teardown leaves every channel: presences leave, subscriptions end.
func (sk *socket) teardown() {
	sk.shutdown(websocket.StatusNormalClosure, "")
	sk.mu.Lock()
	chans := make([]*channel, 0, len(sk.channels))
	for _, ch := range sk.channels {
		chans = append(chans, ch)
	}
	sk.channels = map[string]*channel{}
	sk.mu.Unlock()
	for _, ch := range chans {
		ch.detach()
	}
}

// send queues a frame; a client too slow to keep up is disconnected, so
// no sender ever waits for it.
func (sk *socket) send(f frame) {
	if !sk.out.push(f) {
		if sk.ctx.Err() == nil {
			sk.srv.log.Warn("dropping slow realtime client", "queued", sk.srv.cfg.SendQueue)
		}
		sk.shutdown(closeSlowClient, "slow consumer")
	}
}

// sendText queues a text frame built for this socket's serializer.
func (sk *socket) sendText(joinRef, ref, topic, event string, payload []byte) {
	sk.send(frame{data: phx.EncodeText(sk.vsn, joinRef, ref, topic, event, payload)})
}

func (sk *socket) reply(m phx.Message, status string, response []byte) {
	if m.Ref == "" {
		return
	}
	sk.sendText(m.JoinRef, m.Ref, m.Topic, "phx_reply", phx.ReplyPayload(status, response))
}

func (sk *socket) replyError(m phx.Message, reason string) {
	b := append([]byte(`{"reason":`), phx.AppendString(nil, reason)...)
	sk.reply(m, "error", append(b, '}'))
}

func (sk *socket) channel(topic string) *channel {
	sk.mu.Lock()
	defer sk.mu.Unlock()
	return sk.channels[topic]
}

func (sk *socket) handle(m phx.Message) {
	if m.Topic == "phoenix" {
		if m.Event == "heartbeat" {
			sk.reply(m, "ok", nil)
		}
		return
	}
	if m.Event == "phx_join" {
		sk.join(m)
		return
	}
	ch := sk.channel(m.Topic)
	if ch == nil {
		sk.replyError(m, "unmatched topic")
		return
	}
	switch m.Event {
	case "phx_leave":
		sk.reply(m, "ok", nil)
		ch.close("")
	case "access_token":
		ch.updateToken(m.Payload)
	case "broadcast":
		if !sk.limiter.allow(sk.srv.now()) {
			sk.replyError(m, "Too many messages per second")
			return
		}
		ch.broadcast(m)
	case "presence":
		if !sk.limiter.allow(sk.srv.now()) {
			sk.replyError(m, "Too many messages per second")
			return
		}
		ch.presence(m)
	}
}

// outQueue is a bounded FIFO of frames that costs nothing while empty.
type outQueue struct {
	mu     sync.Mutex // guards frames, closed
	frames []frame
	max    int
	closed bool
	wake   chan struct{}
}

func (q *outQueue) init(max int) {
	q.max = max
	q.wake = make(chan struct{}, 1)
}

// push reports false when the queue is full (or closed).
func (q *outQueue) push(f frame) bool {
	q.mu.Lock()
	if q.closed || len(q.frames) >= q.max {
		q.mu.Unlock()
		return false
	}
	q.frames = append(q.frames, f)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// wait returns the queued frames, blocking until there are some; false
// once the queue is closed or ctx ends.
func (q *outQueue) wait(ctx context.Context) ([]frame, bool) {
	for {
		q.mu.Lock()
		if q.closed {
			q.mu.Unlock()
			return nil, false
		}
		if len(q.frames) > 0 {
			f := q.frames
			q.frames = nil
			q.mu.Unlock()
			return f, true
		}
		q.mu.Unlock()
		select {
		case <-q.wake:
		case <-ctx.Done():
			return nil, false
		}
	}
}

func (q *outQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.frames = nil
	q.mu.Unlock()
}

// tokenBucket allows rate events per second with bursts of burst.
type tokenBucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func (b *tokenBucket) allow(now time.Time) bool {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
