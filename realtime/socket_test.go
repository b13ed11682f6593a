package realtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"daybase/internal/token"
	"daybase/realtime"
	"daybase/realtime/phx"
)

func TestSerializersAndHeartbeat(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{})
	for _, vsn := range []phx.Version{phx.V1, phx.V2} {
		c := dial(t, in, e.anon, vsn)
		ref := c.push("", "phoenix", "heartbeat", map[string]any{})
		if r := c.reply(ref); r.Status != "ok" || string(r.Response) != "{}" {
			t.Errorf("vsn %d heartbeat reply = %+v", vsn, r)
		}
		jr, r := c.mustJoin("room1", map[string]any{"broadcast": map[string]any{"self": true, "ack": true}}, "")
		if string(r.Response) != `{"postgres_changes":[]}` {
			t.Errorf("vsn %d join reply = %s", vsn, r.Response)
		}
		// A push to a topic never joined.
		ref = c.push("", "realtime:elsewhere", "broadcast", map[string]any{"type": "broadcast", "event": "x", "payload": map[string]any{}})
		if r := c.reply(ref); r.Status != "error" || !strings.Contains(string(r.Response), "unmatched topic") {
			t.Errorf("vsn %d unmatched push reply = %+v", vsn, r)
		}
		// JSON broadcast with self and ack.
		ref = c.push(jr, "realtime:room1", "broadcast", map[string]any{"type": "broadcast", "event": "cursor", "payload": map[string]any{"x": 1}})
		m := c.expect("own broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })
		if m.JoinRef != "" || m.Ref != "" || !strings.Contains(string(m.Payload), `"event":"cursor"`) {
			t.Errorf("vsn %d broadcast = %+v %s", vsn, m, m.Payload)
		}
		if r := c.reply(ref); r.Status != "ok" {
			t.Errorf("vsn %d ack = %+v", vsn, r)
		}
		// Leave: ok reply, then phx_close with the join ref as ref.
		ref = c.push(jr, "realtime:room1", "phx_leave", map[string]any{})
		if r := c.reply(ref); r.Status != "ok" {
			t.Errorf("vsn %d leave reply = %+v", vsn, r)
		}
		cl := c.expect("phx_close", func(m phx.Message) bool { return m.Event == "phx_close" })
		if cl.Ref != jr || (vsn == phx.V2 && cl.JoinRef != jr) {
			t.Errorf("vsn %d phx_close refs = %q %q, want %q", vsn, cl.JoinRef, cl.Ref, jr)
		}
	}
}

func TestBinaryBroadcast(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{})
	a := dial(t, in, e.anon, phx.V2)
	b := dial(t, in, e.anon, phx.V2)
	v1 := dial(t, in, e.anon, phx.V1)
	jr, _ := a.mustJoin("bin", nil, "")
	b.mustJoin("bin", nil, "")
	v1.mustJoin("bin", nil, "")

	// kind 3 with a JSON payload: V2 peers get kind 4, V1 peers JSON.
	a.sendRaw(true, phx.EncodeUserBroadcastPush(jr, a.nextRef(), "realtime:bin", &phx.UserBroadcast{
		Event: "cursor", Encoding: phx.EncodingJSON, Meta: []byte(`{"persist":false}`), Payload: []byte(`{"x":1}`)}))
	got := b.expect("kind 4", func(m phx.Message) bool { return m.Broadcast != nil })
	if got.Topic != "realtime:bin" || got.Broadcast.Event != "cursor" || got.Broadcast.Encoding != phx.EncodingJSON ||
		string(got.Broadcast.Payload) != `{"x":1}` || len(got.Broadcast.Meta) != 0 {
		t.Errorf("kind 4 = %q %+v", got.Topic, got.Broadcast)
	}
	m := v1.expect("JSON broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })
	if string(m.Payload) != `{"type":"broadcast","event":"cursor","payload":{"x":1}}` {
		t.Errorf("V1 broadcast payload = %s", m.Payload)
	}
	// Raw bytes reach V2 peers only.
	a.sendRaw(true, phx.EncodeUserBroadcastPush(jr, a.nextRef(), "realtime:bin", &phx.UserBroadcast{
		Event: "blob", Encoding: phx.EncodingBinary, Payload: []byte{0, 1, 255}}))
	got = b.expect("binary kind 4", func(m phx.Message) bool { return m.Broadcast != nil && m.Broadcast.Event == "blob" })
	if !bytes.Equal(got.Broadcast.Payload, []byte{0, 1, 255}) || got.Broadcast.Encoding != phx.EncodingBinary {
		t.Errorf("binary broadcast = %+v", got.Broadcast)
	}
	v1.quiet(300*time.Millisecond, "binary broadcast on a V1 socket", func(m phx.Message) bool { return m.Event == "broadcast" })
	// Not sent back to the sender without self.
	a.quiet(100*time.Millisecond, "own broadcast without self", func(m phx.Message) bool { return m.Event == "broadcast" })
}

func TestJoinErrorsAndLimits(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{MaxChannelsPerSocket: 2})
	c := dial(t, in, e.anon, phx.V2, "eventsPerSecond", "3")

	_, r := c.join("", nil, "")
	if r.Status != "error" || !strings.Contains(string(r.Response), "TopicNameRequired") {
		t.Errorf("empty topic: %+v", r)
	}
	expired, _ := e.signer.Sign(token.Claims{"sub": "u", "role": "authenticated", "exp": time.Now().Add(-time.Minute).Unix()})
	_, r = c.join("a", nil, expired)
	if r.Status != "error" || !strings.Contains(string(r.Response), "InvalidJWTToken: Token has expired") {
		t.Errorf("expired token: %+v", r)
	}
	noExp, _ := e.signer.Sign(token.Claims{"sub": "u", "role": "authenticated"})
	_, r = c.join("a", nil, noExp)
	if r.Status != "error" || !strings.Contains(string(r.Response), "Fields `role` and `exp` are required in JWT") {
		t.Errorf("token without exp: %+v", r)
	}
	forged, _ := token.NewSigner("another-secret-with-at-least-32-characters!!").APIKey("service_role")
	_, r = c.join("a", nil, forged)
	if r.Status != "error" || !strings.Contains(string(r.Response), "JwtSignatureError") {
		t.Errorf("forged token: %+v", r)
	}
	superuser, _ := e.signer.Sign(token.Claims{"role": "postgres", "exp": time.Now().Add(time.Hour).Unix()})
	_, r = c.join("a", nil, superuser)
	if r.Status != "error" || !strings.Contains(string(r.Response), "Unauthorized") {
		t.Errorf("role postgres: %+v", r)
	}
	// sb_ tokens are ignored: the apikey applies.
	jr, _ := c.mustJoin("a", map[string]any{"broadcast": map[string]any{"ack": true}}, "sb_publishable_x")
	c.mustJoin("b", nil, "")
	_, r = c.join("c", nil, "")
	if r.Status != "error" || !strings.Contains(string(r.Response), "ChannelRateLimitReached: Too many channels") {
		t.Errorf("third channel: %+v", r)
	}
	// Rejoining a joined topic is not a new channel.
	jr, _ = c.mustJoin("a", map[string]any{"broadcast": map[string]any{"ack": true}}, "")

	// eventsPerSecond=3: the fourth broadcast in a burst is refused.
	var statuses []string
	for i := 0; i < 4; i++ {
		ref := c.push(jr, "realtime:a", "broadcast", map[string]any{"type": "broadcast", "event": "e", "payload": map[string]any{}})
		statuses = append(statuses, c.reply(ref).Status)
	}
	if strings.Join(statuses, ",") != "ok,ok,ok,error" {
		t.Errorf("burst of 4 at 3/s: %v", statuses)
	}
}

func TestAPIKeyRequired(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{})
	u := strings.Replace(in.url, "http", "ws", 1) + "/realtime/v1/websocket?vsn=2.0.0"
	_, resp, err := websocket.Dial(context.Background(), u, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("dial without apikey: err %v, resp %v", err, resp)
	}
}

// TestTokenLifecycle: a channel closes when its token expires, a refreshed
// token keeps it open, and a bad refresh closes it.
func TestTokenLifecycle(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{})
	c := dial(t, in, e.anon, phx.V2)

	short := e.userToken("11111111-1111-4111-8111-111111111111", 1500*time.Millisecond)
	jr, _ := c.mustJoin("expiring", nil, short)
	sys := c.expect("system message", func(m phx.Message) bool { return m.Event == "system" })
	var p map[string]string
	json.Unmarshal(sys.Payload, &p)
	if p["extension"] != "system" || p["status"] != "error" || !strings.HasPrefix(p["message"], "Token has expired") || p["channel"] != "expiring" || sys.JoinRef != jr {
		t.Errorf("expiry system message = %s (join_ref %q)", sys.Payload, sys.JoinRef)
	}
	cl := c.expect("phx_close", func(m phx.Message) bool { return m.Event == "phx_close" })
	if cl.JoinRef != jr || cl.Ref != jr || string(cl.Payload) != "{}" {
		t.Errorf("phx_close = %+v %s", cl, cl.Payload)
	}

	// Refreshing before expiry keeps the channel.
	jr, _ = c.mustJoin("refreshed", nil, e.userToken("11111111-1111-4111-8111-111111111111", 1500*time.Millisecond))
	c.push(jr, "realtime:refreshed", "access_token", map[string]any{"access_token": e.userToken("11111111-1111-4111-8111-111111111111", time.Hour)})
	c.quiet(2500*time.Millisecond, "close of a refreshed channel", func(m phx.Message) bool {
		return m.Topic == "realtime:refreshed" && (m.Event == "phx_close" || m.Event == "system" || m.Event == "phx_reply")
	})
	// An expired refresh closes it with the reason.
	expired, _ := e.signer.Sign(token.Claims{"sub": "x", "role": "authenticated", "exp": time.Now().Add(-10 * time.Second).Unix()})
	c.push(jr, "realtime:refreshed", "access_token", map[string]any{"access_token": expired})
	sys = c.expect("system message", func(m phx.Message) bool { return m.Event == "system" && m.Topic == "realtime:refreshed" })
	if !strings.Contains(string(sys.Payload), "Token has expired 1") {
		t.Errorf("expired refresh system message = %s", sys.Payload)
	}
	c.expect("phx_close", func(m phx.Message) bool { return m.Event == "phx_close" && m.Topic == "realtime:refreshed" })
}

// TestSlowConsumer: a client that stops reading is dropped; the others
// get every message and the server keeps serving.
func TestSlowConsumer(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{SendQueue: 64, MaxEventsPerSecond: 100000})
	sender := dial(t, in, e.anon, phx.V2)
	fast := dial(t, in, e.anon, phx.V2)
	jr, _ := sender.mustJoin("firehose", nil, "")
	fast.mustJoin("firehose", nil, "")

	// The slow client joins, then never reads again.
	u := strings.Replace(in.url, "http", "ws", 1) + "/realtime/v1/websocket?apikey=" + e.anon + "&vsn=2.0.0"
	slow, _, err := websocket.Dial(context.Background(), u, nil)
	must(t, err)
	defer slow.CloseNow()
	slow.Write(context.Background(), websocket.MessageText, []byte(`["1","1","realtime:firehose","phx_join",{"config":{}}]`))
	time.Sleep(200 * time.Millisecond)

	big := strings.Repeat("x", 64<<10)
	const n = 400 // 25 MB: more than socket buffers and the queue hold
	go func() {
		for i := 0; i < n; i++ {
			sender.push(jr, "realtime:firehose", "broadcast", map[string]any{"type": "broadcast", "event": "big", "payload": map[string]any{"i": i, "pad": big}})
			time.Sleep(2 * time.Millisecond) // a steady 30 MB/s the fast client can follow
		}
	}()
	start := time.Now()
	for i := 0; i < n; i++ {
		fast.expect("broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })
	}
	t.Logf("fast client got %d × 64 KiB in %v while a client stalled", n, time.Since(start))

	// The stalled client was disconnected: reading drains what the kernel
	// buffered, then ends.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if _, _, err := slow.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("the stalled client was never disconnected")
			}
			break
		}
	}
	// The server still serves.
	c := dial(t, in, e.anon, phx.V2)
	if r := c.reply(c.push("", "phoenix", "heartbeat", map[string]any{})); r.Status != "ok" {
		t.Error("heartbeat after dropping a slow client failed")
	}
}

// TestIdleTimeout: a client that sends nothing (no heartbeat) is closed.
func TestIdleTimeout(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{IdleTimeout: 300 * time.Millisecond})
	c := dial(t, in, e.anon, phx.V2)
	c.mustJoin("quiet", nil, "")
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		t.Fatal("an idle connection stayed open")
	}
	// Heartbeats keep a connection open.
	c = dial(t, in, e.anon, phx.V2)
	for i := 0; i < 6; i++ {
		c.reply(c.push("", "phoenix", "heartbeat", map[string]any{}))
		time.Sleep(100 * time.Millisecond)
	}
	select {
	case <-c.done:
		t.Fatal("a connection sending heartbeats was closed")
	default:
	}
}
