package functions_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"daybase/functions"
	"daybase/internal/identity"
)

// BenchmarkOverhead compares a function invocation with a bare handler
// doing the same work (decode a small JSON body, answer JSON): the
// difference is what the functions layer costs (auth check, limits,
// timeout goroutine, error mapping). Reports p50 and p99 per call.
func BenchmarkOverhead(b *testing.B) {
	body := `{"task":{"id":"8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e"},"userId":"x"}`
	bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in map[string]any
		json.NewDecoder(r.Body).Decode(&in)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "n": len(in)})
	})
	fn := functions.New(nil, slog.New(slog.NewTextHandler(io.Discard, nil)), functions.Function{Name: "echo",
		Handler: func(_ context.Context, r *functions.Request) (any, error) {
			var in map[string]any
			if err := r.DecodeJSON(&in); err != nil {
				return nil, err
			}
			return map[string]any{"ok": true, "n": len(in)}, nil
		}})
	caller := identity.New(map[string]any{"sub": "8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e", "role": "authenticated"}, "t")
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"bare", bare}, {"function", fn}} {
		b.Run(c.name, func(b *testing.B) {
			durs := make([]time.Duration, 0, b.N)
			for b.Loop() {
				req := httptest.NewRequest("POST", "/echo", strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer t")
				req = req.WithContext(identity.NewContext(req.Context(), caller))
				rec := httptest.NewRecorder()
				start := time.Now()
				c.h.ServeHTTP(rec, req)
				durs = append(durs, time.Since(start))
				if rec.Code != 200 {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
			sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
			b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}
