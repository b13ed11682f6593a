package realtime_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway"
	"daybase/internal/pgtest"
	"daybase/internal/token"
	"daybase/realtime"
	"daybase/realtime/phx"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const secret = "realtime-test-secret-with-at-least-32-characters"

// testLog writes to t.Log until the test ends (server goroutines may log
// a little after that).
type testLog struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (l *testLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.t.Log(strings.TrimSpace(string(b)))
	}
	return len(b), nil
}

func newLogger(t testing.TB) *slog.Logger {
	l := &testLog{t: t}
	t.Cleanup(func() { l.mu.Lock(); l.done = true; l.mu.Unlock() })
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// env is one database with realtime servers in front of it.
type env struct {
	t      *testing.T
	db     *pgtest.DB
	api    *pgxpool.Pool
	signer *token.Signer
	anon   string
	svc    string
	slot   string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := pgtest.New(t)
	api, err := pgxpool.New(context.Background(), db.AuthenticatorURL())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, db: db, api: api, signer: token.NewSigner(secret), slot: "rt_" + db.Name}
	e.anon, _ = e.signer.APIKey("anon")
	e.svc, _ = e.signer.APIKey("service_role")
	t.Cleanup(func() {
		api.Close()
		// The slot outlives the servers; drop it so the database can go.
		deadline := time.Now().Add(15 * time.Second)
		for {
			_, err := db.Pool.Exec(context.Background(),
				"SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1", e.slot)
			if err == nil || time.Now().After(deadline) {
				if err != nil {
					t.Errorf("drop slot: %v", err)
				}
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	return e
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

// instance is one realtime.Server behind a gateway.
type instance struct {
	srv  *realtime.Server
	http *httptest.Server
	url  string
}

// start runs a server; cfg's pools, signer, slot and logger are filled in.
func (e *env) start(cfg realtime.Config) *instance {
	e.t.Helper()
	cfg.Signer, cfg.Admin, cfg.API, cfg.Slot = e.signer, e.db.Pool, e.api, e.slot
	if cfg.LeaderRetry == 0 {
		cfg.LeaderRetry = 100 * time.Millisecond
	}
	if cfg.PeerHeartbeat == 0 {
		cfg.PeerHeartbeat = 200 * time.Millisecond
	}
	if cfg.Log == nil {
		cfg.Log = newLogger(e.t)
	}
	srv, err := realtime.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	gw := gateway.New(gateway.Config{Signer: e.signer, MaxBodyBytes: 1 << 20}, e.db.Pool,
		[]gateway.Service{{Prefix: "/realtime/v1", Handler: srv}}, nil, slog.New(slog.DiscardHandler))
	hs := httptest.NewServer(gw)
	in := &instance{srv: srv, http: hs, url: hs.URL}
	var once sync.Once
	stop := func() { once.Do(func() { srv.Close(); hs.Close() }) }
	e.t.Cleanup(stop)
	return in
}

// stop shuts an instance down (idempotent with the cleanup).
func (in *instance) stop() {
	in.srv.Close()
	in.http.Close()
}

// waitStreaming waits until some server streams the slot. A slot is
// active already while CREATE_REPLICATION_SLOT waits for the cluster's
// running transactions; it captures changes only once confirmed_flush_lsn
// is set.
func (e *env) waitStreaming() {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		var active bool
		err := e.db.Pool.QueryRow(context.Background(),
			"SELECT active AND confirmed_flush_lsn IS NOT NULL FROM pg_replication_slots WHERE slot_name = $1", e.slot).Scan(&active)
		if err == nil && active {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatal("no instance started streaming the slot")
}

// waitConfirmedPast waits until the slot's confirmed position is past lsn.
func (e *env) waitConfirmedPast(lsn string) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var past bool
		err := e.db.Pool.QueryRow(context.Background(),
			"SELECT coalesce(confirmed_flush_lsn > $2::pg_lsn, false) FROM pg_replication_slots WHERE slot_name = $1", e.slot, lsn).Scan(&past)
		if err == nil && past {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("the slot never confirmed a position past %s", lsn)
}

// userToken signs an access token like /auth/v1 issues.
func (e *env) userToken(sub string, ttl time.Duration) string {
	tok, err := e.signer.Sign(token.Claims{
		"sub": sub, "role": "authenticated", "aud": "authenticated",
		"exp": time.Now().Add(ttl).Unix(), "iat": time.Now().Unix(), "email": sub + "@example.test",
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// client is a minimal Phoenix client speaking like realtime-js.
type client struct {
	t    *testing.T
	conn *websocket.Conn
	vsn  phx.Version
	ref  atomic.Int64
	in   chan phx.Message
	done chan struct{}
}

func dial(t *testing.T, in *instance, apikey string, vsn phx.Version, params ...string) *client {
	t.Helper()
	v := "2.0.0"
	if vsn == phx.V1 {
		v = "1.0.0"
	}
	u := strings.Replace(in.url, "http", "ws", 1) + "/realtime/v1/websocket?apikey=" + apikey + "&vsn=" + v
	for i := 0; i+1 < len(params); i += 2 {
		u += "&" + params[i] + "=" + params[i+1]
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(16 << 20)
	c := &client{t: t, conn: conn, vsn: vsn, in: make(chan phx.Message, 10000), done: make(chan struct{})}
	go c.read()
	t.Cleanup(func() { conn.CloseNow() })
	return c
}

func (c *client) read() {
	defer close(c.done)
	for {
		typ, data, err := c.conn.Read(context.Background())
		if err != nil {
			return
		}
		if typ == websocket.MessageBinary {
			topic, ub, err := phx.DecodeUserBroadcast(data)
			if err != nil {
				c.t.Errorf("server sent an undecodable binary frame: %v", err)
				return
			}
			c.in <- phx.Message{Topic: topic, Event: "broadcast", Broadcast: ub}
			continue
		}
		m, err := phx.Decode(c.vsn, false, data)
		if err != nil {
			c.t.Errorf("server sent an undecodable frame %s: %v", data, err)
			return
		}
		c.in <- m
	}
}

func (c *client) nextRef() string { return strconv.FormatInt(c.ref.Add(1), 10) }

func (c *client) sendRaw(binary bool, data []byte) {
	typ := websocket.MessageText
	if binary {
		typ = websocket.MessageBinary
	}
	if err := c.conn.Write(context.Background(), typ, data); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// push sends a message and returns its ref.
func (c *client) push(joinRef, topic, event string, payload any) string {
	ref := c.nextRef()
	b, err := json.Marshal(payload)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(false, phx.EncodeTextClient(c.vsn, joinRef, ref, topic, event, b))
	return ref
}

// expect waits for a message satisfying ok, skipping others.
func (c *client) expect(what string, ok func(phx.Message) bool) phx.Message {
	c.t.Helper()
	timeout := time.After(30 * time.Second) // generous: CI machines are shared and slow
	for {
		select {
		case m := <-c.in:
			if ok(m) {
				return m
			}
		case <-timeout:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// within does act, then waits up to every for a message satisfying ok,
// skipping others, and does act again, until ok holds or total has passed:
// for a state the server reaches asynchronously and shows only on a push.
func (c *client) within(total, every time.Duration, what string, act func(), ok func(phx.Message) bool) phx.Message {
	c.t.Helper()
	deadline := time.Now().Add(total)
	for time.Now().Before(deadline) {
		act()
		again := time.After(every)
	wait:
		for {
			select {
			case m := <-c.in:
				if ok(m) {
					return m
				}
			case <-again:
				break wait
			}
		}
	}
	c.t.Fatalf("timed out waiting for %s", what)
	return phx.Message{}
}

// reply waits for the phx_reply to ref and returns its payload.
func (c *client) reply(ref string) replyPayload {
	c.t.Helper()
	m := c.expect("reply to "+ref, func(m phx.Message) bool { return m.Event == "phx_reply" && m.Ref == ref })
	var r replyPayload
	if err := json.Unmarshal(m.Payload, &r); err != nil {
		c.t.Fatalf("reply %s: %v", m.Payload, err)
	}
	return r
}

type replyPayload struct {
	Status   string          `json:"status"`
	Response json.RawMessage `json:"response"`
}

// join joins topic and returns the join ref and the reply.
func (c *client) join(topic string, config map[string]any, accessToken string) (string, replyPayload) {
	c.t.Helper()
	if config == nil {
		config = map[string]any{}
	}
	payload := map[string]any{"config": config}
	if accessToken != "" {
		payload["access_token"] = accessToken
	}
	ref := c.nextRef()
	b, _ := json.Marshal(payload)
	c.sendRaw(false, phx.EncodeTextClient(c.vsn, ref, ref, "realtime:"+topic, "phx_join", b))
	return ref, c.reply(ref)
}

// mustJoin joins and fails unless the reply is ok.
func (c *client) mustJoin(topic string, config map[string]any, accessToken string) (string, replyPayload) {
	c.t.Helper()
	jr, r := c.join(topic, config, accessToken)
	if r.Status != "ok" {
		c.t.Fatalf("join %s: %s %s", topic, r.Status, r.Response)
	}
	return jr, r
}

// quiet asserts that nothing matching ok arrives for d.
func (c *client) quiet(d time.Duration, what string, ok func(phx.Message) bool) {
	c.t.Helper()
	timeout := time.After(d)
	for {
		select {
		case m := <-c.in:
			if ok(m) {
				c.t.Fatalf("unexpected %s: %s %s", what, m.Event, m.Payload)
			}
		case <-timeout:
			return
		}
	}
}

// change is a postgres_changes payload.
type change struct {
	IDs  []int64 `json:"ids"`
	Data struct {
		Schema          string           `json:"schema"`
		Table           string           `json:"table"`
		CommitTimestamp string           `json:"commit_timestamp"`
		Type            string           `json:"type"`
		Columns         []map[string]any `json:"columns"`
		Record          map[string]any   `json:"record"`
		OldRecord       map[string]any   `json:"old_record"`
		Errors          []string         `json:"errors"`
	} `json:"data"`
}

func parseChange(t *testing.T, m phx.Message) change {
	t.Helper()
	var c change
	if err := json.Unmarshal(m.Payload, &c); err != nil {
		t.Fatalf("change %s: %v", m.Payload, err)
	}
	return c
}

// nextChange waits for the next postgres_changes message on topic.
func (c *client) nextChange(topic string) change {
	c.t.Helper()
	m := c.expect("a change on "+topic, func(m phx.Message) bool {
		return m.Event == "postgres_changes" && m.Topic == "realtime:"+topic
	})
	return parseChange(c.t, m)
}

func isChange(m phx.Message) bool { return m.Event == "postgres_changes" }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
