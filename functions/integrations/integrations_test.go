package integrations_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions/integrations"
	"daybase/functions/internal/fntest"
	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type bundle struct {
	*fntest.Bundle
	srv  http.Handler
	user string
	me   identity.Identity
}

func setup(t *testing.T, cfg integrations.Config) bundle {
	b := fntest.New(t)
	user := b.User(fmt.Sprintf("i%d@example.test", time.Now().UnixNano()))
	svc := integrations.New(cfg, b.Admin, b.Log)
	return bundle{Bundle: b, srv: b.Server(svc.Functions()...), user: user, me: fntest.As(user)}
}

// connect saves a connection the way the app does: as the user, through RLS.
func (b bundle) connect(provider string, config map[string]any) map[string]any {
	b.T.Helper()
	ctx := context.Background()
	cfg, _ := json.Marshal(config)
	var stored map[string]any
	err := asrole.Tx(ctx, b.API, b.me, asrole.Request{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO public.integration_connections (provider_key, config) VALUES ($1, $2::jsonb)
ON CONFLICT (user_id, provider_key) DO UPDATE SET config = EXCLUDED.config`, provider, string(cfg))
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT config FROM public.integration_connections WHERE provider_key = $1`, provider).Scan(&stored)
	})
	if err != nil {
		b.T.Fatal(err)
	}
	return stored
}

func (b bundle) invoke(name string, body any) fntest.Response {
	return fntest.Invoke(b.srv, "POST", "/"+name, &b.me, body)
}

func TestSecretsNeverReachTheBrowser(t *testing.T) {
	b := setup(t, integrations.Config{})
	got := b.connect("github", map[string]any{"token": "ghp_secret", "default_repo": "me/app"})
	if _, ok := got["token"]; ok || got["has_token"] != true || got["default_repo"] != "me/app" {
		t.Errorf("config the user reads back = %v", got)
	}
	// Saving other settings keeps the token; an empty token removes it.
	got = b.connect("github", map[string]any{"default_repo": "me/other"})
	if got["has_token"] != true {
		t.Errorf("token lost on update: %v", got)
	}
	got = b.connect("github", map[string]any{"token": ""})
	if got["has_token"] != false {
		t.Errorf("token not removed: %v", got)
	}
}

func TestNotifyTaskCreated(t *testing.T) {
	var (
		mu       sync.Mutex
		received []map[string]string
		fail     atomic.Int32
	)
	slack := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fail.Load() > 0 {
			fail.Add(-1)
			w.WriteHeader(500)
			return
		}
		var m map[string]string
		json.NewDecoder(r.Body).Decode(&m)
		mu.Lock()
		received = append(received, m)
		mu.Unlock()
		io.WriteString(w, "ok")
	}))
	defer slack.Close()
	host := strings.TrimPrefix(slack.URL, "http://")
	b := setup(t, integrations.Config{AllowInternalHosts: []string{host}})
	var task string
	b.Scalar(&task, `INSERT INTO public.tasks (user_id, title, due_date, priority, tags) VALUES ($1, 'Ship it', '2026-12-01', 3, 'work, urgent') RETURNING id::text`, b.user)

	if res := b.invoke("notify-task-created", map[string]any{"taskId": task}); res.Code != 400 || !strings.Contains(res.Body, "Slack integration not configured") {
		t.Errorf("unconfigured: %d %s", res.Code, res.Body)
	}
	b.connect("slack", map[string]any{"webhook_url": slack.URL + "/hook", "channel": "general"})
	res := b.invoke("notify-task-created", map[string]any{"task": map[string]any{"id": task}})
	if res.Code != 200 {
		t.Fatalf("notify: %d %s", res.Code, res.Body)
	}
	want := map[string]string{"text": "New task: *Ship it*\nDue: 2026-12-01\nPriority: P2\nTags: work, urgent", "channel": "#general"}
	if len(received) != 1 || fmt.Sprint(received[0]) != fmt.Sprint(want) {
		t.Errorf("posted %v, want %v", received, want)
	}
	var action, target string
	// The connection's own 'connect' row (0702) comes first; the post is the other.
	b.Scalar(&action, `SELECT action FROM public.integration_audit_logs WHERE user_id = $1 AND action <> 'connect'`, b.user)
	b.Scalar(&target, `SELECT target_id FROM public.integration_audit_logs WHERE user_id = $1 AND action <> 'connect'`, b.user)
	if action != "notify_task_created" || target != task {
		t.Errorf("audit = %s %s", action, target)
	}
	// One 500 is retried; three in a row are reported with the status.
	fail.Store(1)
	if res := b.invoke("notify-task-created", map[string]any{"taskId": task}); res.Code != 200 {
		t.Errorf("after one 500: %d %s", res.Code, res.Body)
	}
	fail.Store(3)
	if res := b.invoke("notify-task-created", map[string]any{"taskId": task}); res.Code != 502 || res.Body != `{"error":"Slack webhook error: 500"}`+"\n" {
		t.Errorf("after three 500s: %d %s", res.Code, res.Body)
	}
}

func TestSlackTestMessage(t *testing.T) {
	var received []map[string]string
	status := 200
	slack := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]string
		json.NewDecoder(r.Body).Decode(&m)
		received = append(received, m)
		w.WriteHeader(status)
	}))
	defer slack.Close()
	b := setup(t, integrations.Config{AllowInternalHosts: []string{strings.TrimPrefix(slack.URL, "http://")}})

	if res := b.invoke("slack-test-message", map[string]any{}); res.Code != 400 || res.Body != `{"error":"Slack integration not configured"}`+"\n" {
		t.Errorf("unconfigured: %d %s", res.Code, res.Body)
	}
	b.connect("slack", map[string]any{"webhook_url": slack.URL + "/hook", "channel": "#team"})
	if res := b.invoke("slack-test-message", map[string]any{}); res.Code != 200 || res.Body != `{"channel":"#team","ok":true}`+"\n" {
		t.Errorf("test message: %d %s", res.Code, res.Body)
	}
	want := map[string]string{"text": "Daybase is connected: new tasks will be posted here.", "channel": "#team"}
	if len(received) != 1 || fmt.Sprint(received[0]) != fmt.Sprint(want) {
		t.Errorf("posted %v, want %v", received, want)
	}
	// A webhook that answers 404 (a revoked Slack URL) is reported with its status.
	status = 404
	if res := b.invoke("slack-test-message", map[string]any{}); res.Code != 502 || res.Body != `{"error":"Slack webhook error: 404"}`+"\n" {
		t.Errorf("404: %d %s", res.Code, res.Body)
	}
	var got string
	b.Scalar(&got, `SELECT string_agg(action || ':' || coalesce(target_type, '-') || ':' || (metadata ->> 'channel'), ' ' ORDER BY created_at)
FROM public.integration_audit_logs WHERE user_id = $1 AND action = 'test_message'`, b.user)
	if got != "test_message:-:#team" {
		t.Errorf("audit = %q", got)
	}
}

func TestSSRFRefused(t *testing.T) {
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("internal server reached: %s", r.URL)
	}))
	defer internal.Close()
	port := internal.URL[strings.LastIndex(internal.URL, ":")+1:]
	b := setup(t, integrations.Config{}) // nothing allowed
	var task string
	b.Scalar(&task, `INSERT INTO public.tasks (user_id, title) VALUES ($1, 'x') RETURNING id::text`, b.user)
	for _, u := range []string{
		internal.URL,                               // loopback literal
		"http://localhost:" + port,                 // loopback name
		"http://[::ffff:127.0.0.1]:" + port,        // mapped IPv4
		"http://169.254.169.254/latest/meta-data/", // cloud metadata
		"http://10.0.0.1/",
		"http://user:pw@example.com/",
		"file:///etc/passwd",
	} {
		t.Run(u, func(t *testing.T) {
			b.connect("slack", map[string]any{"webhook_url": u})
			res := b.invoke("notify-task-created", map[string]any{"taskId": task})
			if res.Code != 400 || res.Body != `{"error":"Slack webhook error: the webhook URL is not allowed"}`+"\n" {
				t.Errorf("got %d %s", res.Code, res.Body)
			}
		})
	}
}

func TestGitHub(t *testing.T) {
	var lastIssue map[string]any
	gh := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer ghp_token" {
			w.WriteHeader(401)
			return
		}
		switch {
		case r.Method == "POST" && r.URL.Path == "/repos/me/app/issues":
			json.NewDecoder(r.Body).Decode(&lastIssue)
			w.WriteHeader(201)
			io.WriteString(w, `{"id": 7, "number": 42, "html_url": "https://github.test/me/app/issues/42"}`)
		case r.Method == "GET" && r.URL.Path == "/user/repos" && r.URL.RawQuery == "sort=updated&per_page=100":
			io.WriteString(w, `[{"id": 1, "name": "app", "full_name": "me/app", "private": true, "html_url": "https://github.test/me/app", "updated_at": "2026-11-01T00:00:00Z"}]`)
		default:
			w.WriteHeader(404)
		}
	}))
	defer gh.Close()
	b := setup(t, integrations.Config{GitHubAPIURL: gh.URL})
	tests := []struct {
		name     string
		setup    map[string]any
		fn       string
		body     any
		wantCode int
		wantBody string
	}{
		{"not configured", nil, "github-create-issue", map[string]any{"title": "Bug"}, 400, `{"error":"GitHub integration not configured"}`},
		{"no repository", map[string]any{"token": "ghp_token"}, "github-create-issue", map[string]any{"title": "Bug"}, 400, `{"error":"No repository specified"}`},
		{"default repo", map[string]any{"token": "ghp_token", "default_repo": "me/app"}, "github-create-issue",
			map[string]any{"title": "Bug", "body": "It broke", "labels": []string{"bug"}}, 200,
			`{"id":7,"number":42,"repo":"me/app","url":"https://github.test/me/app/issues/42"}`},
		{"api error", nil, "github-create-issue", map[string]any{"title": "Bug", "repo": "me/missing"}, 502, `{"error":"GitHub API error: 404"}`},
		{"list repos", nil, "github-list-repos", map[string]any{}, 200,
			`{"repos":[{"id":1,"name":"app","full_name":"me/app","private":true,"html_url":"https://github.test/me/app","updated_at":"2026-11-01T00:00:00Z"}]}`},
		{"bad token", map[string]any{"token": "wrong"}, "github-list-repos", map[string]any{}, 502, `{"error":"GitHub API error: 401"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.setup != nil {
				b.connect("github", tt.setup)
			}
			res := b.invoke(tt.fn, tt.body)
			if res.Code != tt.wantCode || strings.TrimSpace(res.Body) != tt.wantBody {
				t.Errorf("got %d %s\nwant %d %s", res.Code, res.Body, tt.wantCode, tt.wantBody)
			}
		})
	}
	if lastIssue["title"] != "Bug" || lastIssue["body"] != "It broke" {
		t.Errorf("issue sent = %v", lastIssue)
	}
}

// The connections and their secrets are read past row-level security, so
// the functions hold the caller to its assured-session rule themselves: a
// user with a second factor at aal1 posts nothing and reads no repository.
func TestIntegrationsNeedAnAssuredSession(t *testing.T) {
	posted := 0
	slack := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { posted++ }))
	defer slack.Close()
	b := setup(t, integrations.Config{AllowInternalHosts: []string{strings.TrimPrefix(slack.URL, "http://")}, GitHubAPIURL: slack.URL})
	b.connect("slack", map[string]any{"webhook_url": slack.URL + "/hook"})
	b.connect("github", map[string]any{"token": "ghp_secret"})
	b.Exec(`INSERT INTO auth.mfa_factors (user_id, factor_type, status, friendly_name) VALUES ($1, 'totp', 'verified', 'app')`, b.user)
	var session string
	b.Scalar(&session, `INSERT INTO auth.sessions (user_id, aal) VALUES ($1, 'aal1') RETURNING id::text`, b.user)
	aal1 := identity.New(map[string]any{"sub": b.user, "role": "authenticated", "aud": "authenticated", "aal": "aal1", "session_id": session}, "token")
	for _, name := range []string{"slack-test-message", "github-list-repos"} {
		res := fntest.Invoke(b.srv, "POST", "/"+name, &aal1, map[string]any{})
		if want := `{"error":"Verify your second factor first: this needs a session at aal2"}` + "\n"; res.Code != 403 || res.Body != want {
			t.Errorf("%s at aal1: %d %s", name, res.Code, res.Body)
		}
	}
	if posted != 0 {
		t.Errorf("%d requests reached the integrations", posted)
	}
}
