package rest

import (
	"log/slog"
	"strings"
	"testing"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// testLogger writes to t.Log.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
