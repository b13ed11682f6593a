package realtime_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"daybase/realtime"
	"daybase/realtime/phx"
)

// presenceOf waits for a presence message and decodes it.
func presenceOf(t *testing.T, c *client, event string) map[string]any {
	t.Helper()
	m := c.expect(event, func(m phx.Message) bool { return m.Event == event })
	var p map[string]any
	must(t, json.Unmarshal(m.Payload, &p))
	return p
}

// diffWith waits for a presence_diff that joins (or leaves) key.
func diffWith(t *testing.T, c *client, side, key string) map[string]any {
	t.Helper()
	for {
		d := presenceOf(t, c, "presence_diff")
		if len(metas(t, d[side], key)) > 0 {
			return d
		}
	}
}

// metas lists a presence map's keys with their metas' payload names.
func metas(t *testing.T, state any, key string) []map[string]any {
	t.Helper()
	m, _ := state.(map[string]any)
	entry, _ := m[key].(map[string]any)
	list, _ := entry["metas"].([]any)
	var out []map[string]any
	for _, x := range list {
		out = append(out, x.(map[string]any))
	}
	return out
}

func TestPresence(t *testing.T) {
	e := newEnv(t)
	in := e.start(realtime.Config{})
	a := dial(t, in, e.anon, phx.V2)
	b := dial(t, in, e.anon, phx.V1)
	presence := func(key string) map[string]any {
		return map[string]any{"presence": map[string]any{"key": key, "enabled": true}}
	}

	jrA, _ := a.mustJoin("lobby", presence("ann"), "")
	if st := presenceOf(t, a, "presence_state"); len(st) != 0 {
		t.Errorf("initial presence_state = %v, want {}", st)
	}
	ref := a.push(jrA, "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"name": "Ann"}})
	if r := a.reply(ref); r.Status != "ok" {
		t.Fatalf("track reply = %+v", r)
	}
	d := presenceOf(t, a, "presence_diff")
	ann := metas(t, d["joins"], "ann")
	if len(ann) != 1 || ann[0]["name"] != "Ann" || ann[0]["phx_ref"] == "" {
		t.Errorf("join diff = %v", d)
	}
	annRef := ann[0]["phx_ref"]

	jrB, _ := b.mustJoin("lobby", presence("bob"), "")
	st := presenceOf(t, b, "presence_state")
	if got := metas(t, st, "ann"); len(got) != 1 || got[0]["phx_ref"] != annRef || got[0]["name"] != "Ann" {
		t.Errorf("bob's presence_state = %v", st)
	}
	ref = b.push(jrB, "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"name": "Bob"}})
	b.reply(ref)
	diffWith(t, a, "joins", "bob")

	// Tracking again updates: leave of the old ref, join with phx_ref_prev.
	ref = a.push(jrA, "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"name": "Ann", "typing": true}})
	a.reply(ref)
	d = diffWith(t, b, "leaves", "ann")
	j, l := metas(t, d["joins"], "ann"), metas(t, d["leaves"], "ann")
	if len(j) != 1 || len(l) != 1 || j[0]["phx_ref_prev"] != annRef || l[0]["phx_ref"] != annRef || j[0]["typing"] != true {
		t.Errorf("update diff = %v", d)
	}

	// Untrack, then a disconnect: both leave.
	ref = b.push(jrB, "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "untrack"})
	if r := b.reply(ref); r.Status != "ok" {
		t.Errorf("untrack reply = %+v", r)
	}
	diffWith(t, a, "leaves", "bob")
	a.conn.CloseNow()
	if d := diffWith(t, b, "leaves", "ann"); len(metas(t, d["joins"], "ann")) != 0 {
		t.Errorf("disconnect diff = %v", d)
	}

	// A track payload that is not an object is refused.
	ref = b.push(jrB, "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "track", "payload": []int{1}})
	if r := b.reply(ref); r.Status != "error" || !strings.Contains(string(r.Response), "must be a map") {
		t.Errorf("array track = %+v", r)
	}
}

func TestPrivateChannels(t *testing.T) {
	e := newEnv(t)
	e.exec(`
		CREATE POLICY read_rooms ON realtime.messages FOR SELECT TO authenticated
		  USING (realtime.topic() LIKE 'room:%');
		CREATE POLICY write_own ON realtime.messages FOR INSERT TO authenticated
		  WITH CHECK (realtime.topic() = 'room:' || auth.uid()::text AND extension = 'broadcast')`)
	in := e.start(realtime.Config{})
	owner := dial(t, in, e.anon, phx.V2)
	guest := dial(t, in, e.anon, phx.V2)
	outsider := dial(t, in, e.anon, phx.V2)
	ownerTok, guestTok := e.userToken(alice, time.Hour), e.userToken(bob, time.Hour)
	topic := "room:" + alice
	cfg := map[string]any{"private": true, "broadcast": map[string]any{"ack": true}}

	jrOwner, _ := owner.mustJoin(topic, cfg, ownerTok)
	jrGuest, _ := guest.mustJoin(topic, cfg, guestTok)
	if _, r := outsider.join(topic, cfg, ""); r.Status != "error" ||
		string(r.Response) != `{"reason":"Unauthorized: You do not have permissions to read from this Channel topic: `+topic+`"}` {
		t.Errorf("anon join of a private topic = %+v", r)
	}
	if _, r := outsider.join("lobby", cfg, ownerTok); r.Status != "error" {
		t.Errorf("a topic no policy allows: %+v", r)
	}
	// A public channel of the same name is another topic.
	outsider.mustJoin(topic, nil, "")

	ref := owner.push(jrOwner, "realtime:"+topic, "broadcast", map[string]any{"type": "broadcast", "event": "msg", "payload": map[string]any{"t": "hi"}})
	if r := owner.reply(ref); r.Status != "ok" {
		t.Errorf("owner send = %+v", r)
	}
	guest.expect("owner's message", func(m phx.Message) bool { return m.Event == "broadcast" })
	outsider.quiet(200*time.Millisecond, "a private message on the public topic", func(m phx.Message) bool { return m.Event == "broadcast" })

	ref = guest.push(jrGuest, "realtime:"+topic, "broadcast", map[string]any{"type": "broadcast", "event": "msg", "payload": map[string]any{}})
	if r := guest.reply(ref); r.Status != "error" {
		t.Errorf("guest may not write: %+v", r)
	}
	owner.quiet(200*time.Millisecond, "guest's refused message", func(m phx.Message) bool { return m.Event == "broadcast" })
	// Presence needs an INSERT policy for presence too.
	ref = owner.push(jrOwner, "realtime:"+topic, "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{}})
	if r := owner.reply(ref); r.Status != "error" {
		t.Errorf("track without a presence write policy = %+v", r)
	}
	// A new token that loses read access closes the channel.
	e.exec(`DROP POLICY read_rooms ON realtime.messages;
	        CREATE POLICY read_rooms ON realtime.messages FOR SELECT TO authenticated USING (realtime.topic() = 'room:' || auth.uid()::text)`)
	// The catalog hears of the DDL by PostgreSQL's notification, a moment
	// later: the token is offered again (as a client refreshing it would)
	// until the check sees the new policy, not after a guessed pause.
	sys := guest.within(30*time.Second, time.Second, "the revoked read", func() {
		guest.push(jrGuest, "realtime:"+topic, "access_token", map[string]any{"access_token": e.userToken(bob, 2*time.Hour)})
	}, func(m phx.Message) bool { return m.Event == "system" })
	if !strings.Contains(string(sys.Payload), "You no longer have permission to read from this Channel topic: "+topic) {
		t.Errorf("revoked read: %s", sys.Payload)
	}
	guest.expect("phx_close", func(m phx.Message) bool { return m.Event == "phx_close" })
}

func TestRESTBroadcast(t *testing.T) {
	e := newEnv(t)
	e.exec(`CREATE POLICY r ON realtime.messages FOR SELECT TO authenticated USING (true);
	        CREATE POLICY w ON realtime.messages FOR INSERT TO authenticated WITH CHECK (auth.uid()::text = '` + alice + `')`)
	in := e.start(realtime.Config{})
	pub := dial(t, in, e.anon, phx.V2)
	priv := dial(t, in, e.anon, phx.V2)
	pub.mustJoin("news", nil, "")
	priv.mustJoin("secret", map[string]any{"private": true}, e.userToken(bob, time.Hour))

	post := func(path, bearer, ctype string, body []byte) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", in.url+"/realtime/v1"+path, bytes.NewReader(body))
		req.Header.Set("apikey", e.anon)
		req.Header.Set("Content-Type", ctype)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := http.DefaultClient.Do(req)
		must(t, err)
		resp.Body.Close()
		return resp
	}
	// The batch endpoint (send() before joining): 202, delivered as a broadcast.
	body := `{"messages":[{"topic":"news","event":"headline","payload":{"n":1},"private":false},
	                      {"topic":"secret","event":"psst","payload":{},"private":true}]}`
	if r := post("/api/broadcast?apikey=x&vsn=2.0.0", "", "application/json", []byte(body)); r.StatusCode != http.StatusAccepted {
		t.Errorf("batch status %d", r.StatusCode)
	}
	m := pub.expect("REST broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })
	if diff := cmp.Diff(`{"type":"broadcast","event":"headline","payload":{"n":1}}`, string(m.Payload)); diff != "" || m.Topic != "realtime:news" {
		t.Errorf("REST broadcast %s %s", m.Topic, diff)
	}
	// anon may not write to the private topic: skipped, still 202.
	priv.quiet(200*time.Millisecond, "an unauthorised private REST broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })
	if r := post("/api/broadcast", e.userToken(alice, time.Hour), "application/json",
		[]byte(`{"messages":[{"topic":"secret","event":"psst","payload":{"ok":true},"private":true}]}`)); r.StatusCode != http.StatusAccepted {
		t.Errorf("authorised batch status %d", r.StatusCode)
	}
	priv.expect("authorised private REST broadcast", func(m phx.Message) bool { return m.Event == "broadcast" })

	// httpSend: JSON and binary bodies, private flag, refusals.
	if r := post("/api/broadcast/news/events/flash?apikey=x&vsn=2.0.0", "", "application/json", []byte(`{"x":[1,2]}`)); r.StatusCode != http.StatusAccepted {
		t.Errorf("httpSend status %d", r.StatusCode)
	}
	m = pub.expect("httpSend", func(m phx.Message) bool { return m.Event == "broadcast" })
	if string(m.Payload) != `{"type":"broadcast","event":"flash","payload":{"x":[1,2]}}` {
		t.Errorf("httpSend payload %s", m.Payload)
	}
	if r := post("/api/broadcast/news/events/blob", "", "application/octet-stream", []byte{9, 8, 7}); r.StatusCode != http.StatusAccepted {
		t.Errorf("binary httpSend status %d", r.StatusCode)
	}
	m = pub.expect("binary httpSend", func(m phx.Message) bool { return m.Broadcast != nil })
	if m.Broadcast.Event != "blob" || !bytes.Equal(m.Broadcast.Payload, []byte{9, 8, 7}) || m.Broadcast.Encoding != phx.EncodingBinary {
		t.Errorf("binary httpSend = %+v", m.Broadcast)
	}
	if r := post("/api/broadcast/secret/events/x?private=true", "", "application/json", []byte(`{}`)); r.StatusCode != http.StatusForbidden {
		t.Errorf("unauthorised private httpSend status %d, want 403", r.StatusCode)
	}
	if r := post("/api/broadcast/news/events/x?persist=true", "", "application/json", []byte(`{}`)); r.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("persist status %d, want 422", r.StatusCode)
	}
	if r := post("/api/broadcast", "", "application/json", []byte(`{"nope":1}`)); r.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("bad batch status %d, want 422", r.StatusCode)
	}
	if r := post("/api/broadcast", "not-a-jwt", "application/json", []byte(body)); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("bad bearer status %d, want 401", r.StatusCode)
	}
}
