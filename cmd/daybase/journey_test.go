package main

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestTwoFactorJourney is issue 17's finding 2 end to end against the real
// binary: a two-factor user's password sign-in gives an aal1 token that
// sees nothing through /rest/v1, storage and realtime; the TOTP step gives
// an aal2 token that sees everything.
func TestTwoFactorJourney(t *testing.T) {
	srv := startAPI(t)
	call, token := srv.call, srv.session
	email, password := "journey@example.test", "journey-pass-17"
	owner, uid := token(call("POST", "/auth/v1/signup", "", map[string]any{"email": email, "password": password}, ""))

	// A task and a file in a private bucket whose files their owner reads.
	if st, b := call("POST", "/rest/v1/tasks", owner, map[string]any{"title": "Board memo"}, ""); st != 201 {
		t.Fatalf("insert task: %d %s", st, b)
	}
	srv.sql(`INSERT INTO storage.buckets (id, name, public) VALUES ('journey', 'journey', false);
		CREATE POLICY journey_own ON storage.objects FOR ALL TO authenticated
		  USING (bucket_id = 'journey' AND owner_id = (SELECT auth.uid())::text)
		  WITH CHECK (bucket_id = 'journey' AND (storage.foldername(name))[1] = (SELECT auth.uid())::text)`)
	file := "/storage/v1/object/journey/" + uid + "/memo.txt"
	if st, b := call("POST", file, owner, []byte("the memo"), "text/plain"); st != 200 {
		t.Fatalf("upload: %d %s", st, b)
	}

	// Two-factor on.
	factor := srv.enrollTOTP(owner)
	stepUp := func(at string, when time.Time) string { return srv.stepUp(factor, at, when) }
	ownerAAL2 := stepUp(owner, time.Now())

	// The password alone: aal1.
	aal1, _ := token(call("POST", "/auth/v1/token?grant_type=password", "", map[string]any{"email": email, "password": password}, ""))
	sees := func(at string) (tasks, files string, read int) {
		t.Helper()
		_, tb := call("GET", "/rest/v1/tasks?select=title", at, nil, "")
		_, fb := call("POST", "/storage/v1/object/list/journey", at, map[string]any{"prefix": uid}, "")
		read, _ = call("GET", file, at, nil, "")
		return strings.TrimSpace(string(tb)), strings.TrimSpace(string(fb)), read
	}
	if tasks, files, read := sees(aal1); tasks != "[]" || files != "[]" || read == 200 {
		t.Errorf("aal1 sees tasks %s, files %s, reads the file: %d", tasks, files, read)
	}
	if st, b := call("POST", "/rest/v1/tasks", aal1, map[string]any{"title": "planted"}, ""); st != 403 {
		t.Errorf("aal1 insert: %d %s", st, b)
	}

	// Realtime: the aal1 token's channel stays silent, the aal2 token's hears the insert.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	heard1 := listenTasks(ctx, t, srv.base, srv.keys.AnonKey, aal1, uid)
	heard2 := listenTasks(ctx, t, srv.base, srv.keys.AnonKey, ownerAAL2, uid)
	if st, b := call("POST", "/rest/v1/tasks", ownerAAL2, map[string]any{"title": "Second memo"}, ""); st != 201 {
		t.Fatalf("insert as aal2: %d %s", st, b)
	}
	select {
	case <-heard2:
	case <-ctx.Done():
		t.Fatal("the aal2 channel heard nothing")
	}
	select {
	case <-heard1:
		t.Error("the aal1 channel heard the owner's insert")
	case <-time.After(time.Second):
	}

	// The TOTP step on the aal1 session: everything again.
	aal2 := stepUp(aal1, time.Now().Add(30*time.Second))
	tasks, files, read := sees(aal2)
	if !strings.Contains(tasks, "Board memo") || !strings.Contains(tasks, "Second memo") || !strings.Contains(files, "memo.txt") || read != 200 {
		t.Errorf("aal2 sees tasks %s, files %s, reads the file: %d", tasks, files, read)
	}
}

// listenTasks joins a channel for INSERTs into the user's tasks with the
// access token at, as realtime-js does (protocol 1.0.0 objects), and
// signals each change it hears.
func listenTasks(ctx context.Context, t *testing.T, base, apikey, at, uid string) <-chan struct{} {
	t.Helper()
	ws := strings.Replace(base, "http://", "ws://", 1) + "/realtime/v1/websocket?vsn=1.0.0&apikey=" + apikey
	c, _, err := websocket.Dial(ctx, ws, nil)
	if err != nil {
		t.Fatalf("dial realtime: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	join, _ := json.Marshal(map[string]any{
		"topic": "realtime:journey-" + at[len(at)-8:], "event": "phx_join", "ref": "1", "join_ref": "1",
		"payload": map[string]any{"access_token": at, "config": map[string]any{
			"postgres_changes": []map[string]any{{"event": "INSERT", "schema": "public", "table": "tasks", "filter": "user_id=eq." + uid}},
		}},
	})
	if err := c.Write(ctx, websocket.MessageText, join); err != nil {
		t.Fatalf("join: %v", err)
	}
	// The subscription is live once the server says so: "Subscribed to
	// PostgreSQL" comes only when the replication slot captures changes
	// (creating it waits for every transaction of the cluster).
	live := make(chan struct{})
	var once sync.Once
	heard := make(chan struct{}, 4)
	go func() {
		for {
			_, msg, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m struct {
				Event   string
				Payload struct{ Status, Message string }
			}
			json.Unmarshal(msg, &m)
			switch {
			case m.Event == "system" && m.Payload.Status == "ok" && m.Payload.Message == "Subscribed to PostgreSQL":
				once.Do(func() { close(live) })
			case m.Event == "postgres_changes":
				heard <- struct{}{}
			}
		}
	}()
	select {
	case <-live:
	case <-ctx.Done():
		t.Fatal("the channel's changes subscription never started")
	}
	return heard
}
