package rest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"daybase/gateway"
	"daybase/internal/token"
)

// mistakeBundle is the REST engine behind the real gateway (apikey check,
// body limit, body read deadline, access log), so a test sees the status
// a client gets and the level the operator's log gives it.
type mistakeBundle struct {
	*restBundle
	url     string
	anonKey string
	log     *syncLog
}

const bodyTimeout = 300 * time.Millisecond

func setupBehindGateway(t *testing.T) *mistakeBundle {
	t.Helper()
	b := setupREST(t)
	signer := token.NewSigner(strings.Repeat("k", 40))
	anon, err := signer.APIKey("anon")
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncLog{}
	log := slog.New(slog.NewTextHandler(io.MultiWriter(logs, tWriter{t}), nil))
	gw := gateway.New(gateway.Config{Signer: signer, MaxBodyBytes: 1 << 20, BodyReadTimeout: bodyTimeout},
		b.db.Pool, []gateway.Service{{Prefix: "/rest/v1", Handler: b.rest}}, nil, log)
	ts := httptest.NewServer(gw)
	t.Cleanup(ts.Close)
	return &mistakeBundle{restBundle: b, url: ts.URL, anonKey: anon, log: logs}
}

// TestClientMistakesAre4xx sends requests whose failure is the client's
// own doing and which were answered 5xx (and logged as server errors):
// each must be a 4xx in PostgREST's error shape, logged at Info.
func TestClientMistakesAre4xx(t *testing.T) {
	b := setupBehindGateway(t)
	// A view PostgreSQL cannot write through (an aggregate).
	if _, err := b.db.Pool.Exec(context.Background(), `
		CREATE VIEW test.project_counts AS SELECT client_id, count(*) AS n FROM test.projects GROUP BY client_id;
		GRANT SELECT, INSERT, UPDATE, DELETE ON test.project_counts TO anon`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.cache.Reload(context.Background(), b.db.Pool); err != nil {
		t.Fatal(err)
	}
	deep := "{{{{{{{os}}}}}}}" // seven levels; PostgreSQL allows six
	tests := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"array nested too deep in a filter", "GET", "/projects?tags=cs." + deep, "", 400,
			`{"code":"54000","details":null,"hint":null,"message":"number of array dimensions (7) exceeds the maximum allowed (6)"}`},
		{"array nested too deep in a body", "POST", "/projects", `{"id":9,"name":"x","tags":"` + deep + `"}`, 400,
			`{"code":"54000","details":null,"hint":null,"message":"number of array dimensions (7) exceeds the maximum allowed (6)"}`},
		{"insert into a read-only view", "POST", "/project_counts", `{"client_id":1,"n":1}`, 405,
			`{"code":"55000","details":"Views containing GROUP BY are not automatically updatable.","hint":"To enable inserting into the view, provide an INSTEAD OF INSERT trigger or an unconditional ON INSERT DO INSTEAD rule.","message":"cannot insert into view \"project_counts\""}`},
		{"update a read-only view", "PATCH", "/project_counts?client_id=eq.1", `{"n":2}`, 405,
			`{"code":"55000","details":"Views containing GROUP BY are not automatically updatable.","hint":"To enable updating the view, provide an INSTEAD OF UPDATE trigger or an unconditional ON UPDATE DO INSTEAD rule.","message":"cannot update view \"project_counts\""}`},
		{"delete from a read-only view", "DELETE", "/project_counts?client_id=eq.1", "", 405,
			`{"code":"55000","details":"Views containing GROUP BY are not automatically updatable.","hint":"To enable deleting from the view, provide an INSTEAD OF DELETE trigger or an unconditional ON DELETE DO INSTEAD rule.","message":"cannot delete from view \"project_counts\""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, b.url+"/rest/v1"+tt.path, strings.NewReader(tt.body))
			req.Header.Set("apikey", b.anonKey)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Request-Id", "mistake-"+strings.ReplaceAll(tt.name, " ", "-"))
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tt.status {
				t.Errorf("status = %d, want %d: %s", res.StatusCode, tt.status, body)
			}
			jsonEqual(t, tt.want, string(body))
			b.wantLoggedAtInfo(t, req.Header.Get("X-Request-Id"))
		})
	}

	t.Run("body cut short", func(t *testing.T) {
		// Content-Length promises 100 bytes; the client sends 12 and
		// closes its side.
		status, body := b.raw(t, "mistake-cut-short", 100, `{"id":9,"na`, func(c *net.TCPConn) { c.CloseWrite() })
		if status != 400 {
			t.Errorf("status = %d, want 400: %s", status, body)
		}
		jsonEqual(t, `{"code":"PGRST102","details":null,"hint":null,"message":"The request body was cut short"}`, body)
		b.wantLoggedAtInfo(t, "mistake-cut-short")
	})

	t.Run("slow body is cut off at the read deadline", func(t *testing.T) {
		// The rest of the body never comes: the server answers 408 at its
		// deadline instead of waiting for it forever.
		start := time.Now()
		status, body := b.raw(t, "mistake-slow", 100, `{"id":9,"na`, func(*net.TCPConn) {})
		if status != 408 {
			t.Errorf("status = %d, want 408: %s", status, body)
		}
		if took := time.Since(start); took > bodyTimeout+5*time.Second {
			t.Errorf("answered after %v; the deadline is %v", took, bodyTimeout)
		}
		jsonEqual(t, `{"code":"PGRST102","details":null,"hint":null,"message":"Timed out reading the request body"}`, body)
		b.wantLoggedAtInfo(t, "mistake-slow")
	})

	t.Run("a body that keeps coming in time is read", func(t *testing.T) {
		// Three pieces, each well inside the deadline, the whole within it.
		body := `{"id":9,"name":"late but whole"}`
		status, got := b.raw(t, "mistake-none", len(body), body[:10], func(c *net.TCPConn) {
			time.Sleep(bodyTimeout / 4)
			io.WriteString(c, body[10:20])
			time.Sleep(bodyTimeout / 4)
			io.WriteString(c, body[20:])
		})
		if status != 201 {
			t.Errorf("status = %d, want 201: %s", status, got)
		}
	})
}

// raw sends a POST /rest/v1/clients whose Content-Length is length and
// whose body starts with first, then runs then, and returns the answer.
func (b *mistakeBundle) raw(t *testing.T, requestID string, length int, first string, then func(*net.TCPConn)) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(b.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\napikey: %s\r\nContent-Type: application/json\r\n"+
		"X-Request-Id: %s\r\nContent-Length: %d\r\n\r\n%s", b.anonKey, requestID, length, first)
	then(conn.(*net.TCPConn))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("read response: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// wantLoggedAtInfo checks the access log line of a request: a client's
// mistake is not the operator's error.
func (b *mistakeBundle) wantLoggedAtInfo(t *testing.T, requestID string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // a poll: the line is written after the answer
	for {
		for _, line := range strings.Split(b.log.String(), "\n") {
			if strings.Contains(line, "msg=request ") && strings.Contains(line, "request_id="+requestID) {
				if !strings.Contains(line, "level=INFO") {
					t.Errorf("access log: %s", line)
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no access log line for %s", requestID)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// syncLog collects log output written from several goroutines.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
