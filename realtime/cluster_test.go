package realtime_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"daybase/realtime"
	"daybase/realtime/phx"
)

// leader returns the instance id holding the leader lock ("" if none).
func (e *env) leader() string {
	var app string
	err := e.db.Pool.QueryRow(context.Background(), `
		SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'daybase realtime leader %'
		  AND a.datname = current_database()`).Scan(&app)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(app, "daybase realtime leader ")
}

func (e *env) waitLeader(not string) string {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if l := e.leader(); l != "" && l != not {
			return l
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("no leader other than %q was elected", not)
	return ""
}

// collect reads changes on topic until it has seen every id in want
// (plain table ids), failing on timeout; it returns how often each came.
func collect(t *testing.T, c *client, topic string, want []int) map[int]int {
	t.Helper()
	seen := map[int]int{}
	missing := func() int {
		n := 0
		for _, id := range want {
			if seen[id] == 0 {
				n++
			}
		}
		return n
	}
	deadline := time.After(20 * time.Second)
	for missing() > 0 {
		select {
		case m := <-c.in:
			if m.Event == "postgres_changes" && m.Topic == "realtime:"+topic {
				ch := parseChange(t, m)
				if id, ok := ch.Data.Record["id"].(float64); ok {
					seen[int(id)]++
				}
			}
		case <-deadline:
			t.Fatalf("%d of %d changes never arrived", missing(), len(want))
		}
	}
	return seen
}

func TestTwoInstances(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	a := e.start(realtime.Config{InstanceID: "a"})
	b := e.start(realtime.Config{InstanceID: "b"})
	e.waitStreaming()
	first := e.waitLeader("")
	t.Logf("leader: %s", first)

	sub := pgChanges(map[string]any{"event": "INSERT", "schema": "rtt", "table": "plain"})
	ca, cb := dial(t, a, e.anon, phx.V2), dial(t, b, e.anon, phx.V1)
	joinIDs(t, ca, "rows", sub, "")
	joinIDs(t, cb, "rows", sub, "")

	// Changes reach both instances' clients, including one over 8 kB
	// (passed between instances through realtime.bus_spill).
	e.exec(`INSERT INTO rtt.plain VALUES (1, 'small', 1)`)
	e.exec(`INSERT INTO rtt.plain VALUES (2, repeat('x', 20000), 2)`)
	for _, c := range []*client{ca, cb} {
		seen := collect(t, c, "rows", []int{1, 2})
		if seen[1] != 1 || seen[2] != 1 {
			t.Errorf("deliveries %v, want each once", seen)
		}
	}

	// Broadcast and presence cross instances both ways.
	cfg := map[string]any{"presence": map[string]any{"key": "", "enabled": true}, "broadcast": map[string]any{"ack": true}}
	jrA, _ := ca.mustJoin("chat", cfg, "")
	jrB, _ := cb.mustJoin("chat", cfg, "")
	ca.reply(ca.push(jrA, "realtime:chat", "broadcast", map[string]any{"type": "broadcast", "event": "m", "payload": map[string]any{"from": "a"}}))
	if m := cb.expect("broadcast from a", func(m phx.Message) bool { return m.Event == "broadcast" }); !strings.Contains(string(m.Payload), `"from":"a"`) {
		t.Errorf("b got %s", m.Payload)
	}
	ca.sendRaw(true, phx.EncodeUserBroadcastPush(jrA, ca.nextRef(), "realtime:chat", &phx.UserBroadcast{Event: "bin", Encoding: phx.EncodingJSON, Payload: []byte(`{"k":2}`)}))
	if m := cb.expect("binary-origin broadcast from a", func(m phx.Message) bool { return m.Event == "broadcast" }); !strings.Contains(string(m.Payload), `"event":"bin"`) {
		t.Errorf("b (vsn 1) got %s", m.Payload)
	}
	cb.reply(cb.push(jrB, "realtime:chat", "broadcast", map[string]any{"type": "broadcast", "event": "m", "payload": map[string]any{"from": "b"}}))
	ca.expect("broadcast from b", func(m phx.Message) bool { return m.Event == "broadcast" })

	ca.reply(ca.push(jrA, "realtime:chat", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"who": "a"}}))
	d := presenceOf(t, cb, "presence_diff")
	if !strings.Contains(mustJSON(t, d), `"who":"a"`) {
		t.Errorf("b's view of a's track: %v", d)
	}
	var aKey string // the server generated it: the join asked for ""
	for k := range d["joins"].(map[string]any) {
		aKey = k
	}
	late := dial(t, b, e.anon, phx.V2)
	late.mustJoin("chat", cfg, "")
	if st := presenceOf(t, late, "presence_state"); !strings.Contains(mustJSON(t, st), `"who":"a"`) {
		t.Errorf("presence_state on b lacks a's presence: %v", st)
	}

	// The leader loses its lock connection (a network blip): it stops
	// streaming at once, and whichever instance wins the lock next goes on.
	// Nothing written meanwhile is lost.
	writeRows := func(from, to int) chan struct{} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for i := from; i < to; i++ {
				e.db.Pool.Exec(context.Background(), `INSERT INTO rtt.plain VALUES ($1, 'failover', 0)`, i)
				time.Sleep(10 * time.Millisecond)
			}
		}()
		return done
	}
	ids := func(from, to int) []int {
		var out []int
		for i := from; i < to; i++ {
			out = append(out, i)
		}
		return out
	}
	done := writeRows(100, 160)
	time.Sleep(150 * time.Millisecond)
	e.exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'daybase realtime leader ' || $1::text AND datname = current_database()`, first)
	<-done
	leader := e.waitLeader("")
	for name, c := range map[string]*client{"a": ca, "b": cb} {
		seen := collect(t, c, "rows", ids(100, 160))
		dups := 0
		for _, n := range seen {
			dups += n - 1
		}
		t.Logf("client on %s: 60 changes around a lost lock connection, %d delivered twice", name, dups)
	}

	// The leader crashes while rows are written: the other instance takes
	// over, its clients miss nothing, and the crashed instance's presences
	// leave once its heartbeats stop.
	crashed, survivor, survivorName := a, cb, "b"
	if leader == "b" {
		crashed, survivor, survivorName = b, ca, "a"
	}
	done = writeRows(200, 260)
	time.Sleep(150 * time.Millisecond)
	crashed.srv.Crash()
	<-done
	if l := e.waitLeader(leader); l != survivorName {
		t.Fatalf("leader after the crash = %s, want %s", l, survivorName)
	}
	seen := collect(t, survivor, "rows", ids(200, 260))
	dups := 0
	for _, n := range seen {
		dups += n - 1
	}
	t.Logf("client on %s: 60 changes around the leader's crash, %d delivered twice", survivorName, dups)
	if leader == "a" {
		survivorInst := b
		deadline := time.Now().Add(10 * time.Second)
		for {
			probe := dial(t, survivorInst, e.anon, phx.V2)
			probe.mustJoin("chat", cfg, "")
			st := presenceOf(t, probe, "presence_state")
			if _, still := st[aKey]; !still {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the crashed instance's presence %s never left: %v", aKey, st)
			}
			probe.conn.CloseNow()
			time.Sleep(200 * time.Millisecond)
		}
	}
	e.exec(`INSERT INTO rtt.plain VALUES (500, 'after', 0)`)
	collect(t, survivor, "rows", []int{500})
}

func mustJSON(t *testing.T, v any) string { return string(mustMarshal(t, v)) }
