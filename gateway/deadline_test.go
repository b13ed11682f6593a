package gateway

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"daybase/internal/token"
)

// The body read deadline stops slow bodies, and only them: once a body is
// in, and for requests without one, the connection has no deadline, so a
// long answer (a large download, a websocket) is not cut off.
func TestBodyDeadlineEndsWithTheBody(t *testing.T) {
	const timeout = 200 * time.Millisecond
	signer := token.NewSigner(strings.Repeat("s", 40))
	anon, _ := signer.APIKey("anon")
	// The service reads the body, then takes three deadlines to answer,
	// failing if the server gave up on the request meanwhile.
	slowAnswer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read: "+err.Error(), http.StatusRequestTimeout)
			return
		}
		select {
		case <-r.Context().Done():
			http.Error(w, "the server gave up: "+r.Context().Err().Error(), http.StatusServiceUnavailable)
			return
		case <-time.After(3 * timeout):
		}
		w.Write(append([]byte("read "), body...))
	})
	g := New(Config{Signer: signer, MaxBodyBytes: 1 << 20, BodyReadTimeout: timeout}, fakePinger{},
		[]Service{{Prefix: "/rest/v1", Handler: slowAnswer}}, nil, slog.New(slog.DiscardHandler))
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)

	for _, tt := range []struct {
		name, method, body, want string
	}{
		{"after a body", "POST", "payload", "read payload"},
		{"without a body", "GET", "", "read "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.body != "" {
				body = strings.NewReader(tt.body)
			}
			req, _ := http.NewRequest(tt.method, srv.URL+"/rest/v1/x", body)
			req.Header.Set("apikey", anon)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("the answer was cut off: %v", err)
			}
			defer res.Body.Close()
			got, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || string(got) != tt.want {
				t.Fatalf("got %d %q, want 200 %q", res.StatusCode, got, tt.want)
			}
		})
	}
}
