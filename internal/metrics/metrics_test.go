package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func scrape(t *testing.T, h http.Handler, authz string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("GET", "/metrics", nil)
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Body)
	return rec.Code, string(b)
}

// Every family of the issue is in a scrape, read from the real database
// (jobs, replication slots) and pools; the token is required when set.
func TestFamilies(t *testing.T) {
	db := pgtest.New(t)
	if _, err := db.Pool.Exec(t.Context(), `INSERT INTO auth.users (id, email) VALUES ('00000000-0000-0000-0000-00000000000a', 'a@example.test');
		INSERT INTO public.tasks (id, user_id, title, sort_order) VALUES ('00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-00000000000a', 't', 1);
		INSERT INTO jobs.reminder_requests (task_id) VALUES ('00000000-0000-0000-0000-0000000000f1') ON CONFLICT DO NOTHING`); err != nil {
		t.Fatal(err)
	}
	m := New(Sources{Pools: map[string]*pgxpool.Pool{"admin": db.Pool}, Admin: db.Pool, Sockets: func() int { return 3 }})
	m.Observe("storage", "object", 200, 30*time.Millisecond, 5, 7)
	m.Observe("rest", "table", 200, 2*time.Millisecond, 0, 100)

	if code, _ := scrape(t, m.Handler("a-long-enough-token"), ""); code != http.StatusUnauthorized {
		t.Fatalf("without the token: %d", code)
	}
	if code, _ := scrape(t, m.Handler("a-long-enough-token"), "Bearer wrong"); code != http.StatusUnauthorized {
		t.Fatalf("with a wrong token: %d", code)
	}
	code, body := scrape(t, m.Handler("a-long-enough-token"), "Bearer a-long-enough-token")
	if code != 200 {
		t.Fatalf("with the token: %d %s", code, body)
	}
	for _, want := range []string{
		`daybase_http_requests_total{route="object",service="storage",status="200"} 1`,
		`daybase_http_request_duration_seconds_bucket{route="table",service="rest",le="0.0025"} 1`,
		`daybase_http_request_bytes_total{service="storage"} 5`,
		`daybase_http_response_bytes_total{service="storage"} 7`,
		`daybase_db_pool_max_connections{pool="admin"}`,
		`daybase_db_pool_connections{pool="admin",state="idle"}`,
		`daybase_db_pool_acquires_total{pool="admin"}`,
		`daybase_realtime_sockets 3`,
		`daybase_realtime_replication_lag_bytes`,
		`daybase_jobs_queue_depth{queue="reminder_requests"} 1`,
		`daybase_jobs_queue_depth{queue="reminders_due"} 0`,
		`daybase_reminders_lag_seconds 0`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("scrape lacks %s", want)
		}
	}
	// The Grafana dashboard asks only for families the process serves.
	dash, err := os.ReadFile("../../deploy/grafana/daybase-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range regexp.MustCompile(`daybase_[a-z_]+`).FindAllString(string(dash), -1) {
		if !strings.Contains(body, "\n"+name) {
			t.Errorf("the dashboard queries %s, which /metrics does not serve", name)
		}
	}
}

func TestRouteClass(t *testing.T) {
	for _, c := range []struct{ service, path, want string }{
		{"rest", "/tasks", "table"},
		{"rest", "/rpc/get_inbox_tasks", "rpc"},
		{"rest", "/", "openapi"},
		{"auth", "/token", "token"},
		{"auth", "/admin/users/1", "admin"},
		{"auth", "/whatever-someone-sends", "other"},
		{"storage", "/object/sign/avatars/a.png", "object/sign"},
		{"storage", "/object/avatars/a.png", "object"},
		{"storage", "/render/image/public/a/b.png", "render"},
		{"realtime", "/websocket", "websocket"},
		{"functions", "/hello", "invoke"},
	} {
		if got := RouteClass(c.service, c.path); got != c.want {
			t.Errorf("RouteClass(%s, %s) = %s, want %s", c.service, c.path, got, c.want)
		}
	}
}
