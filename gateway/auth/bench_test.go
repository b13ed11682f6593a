package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"daybase/gateway/auth/conf"
	"daybase/internal/token"
)

// Benchmarks of the two hot endpoints through the real gateway middleware
// and a real HTTP server, with 50 concurrent clients. Figures and how to
// run them are in docs/benchmarks.md:
//
//	go test -run '^$' -bench 'Refresh|PasswordSignIn|Bcrypt' -benchtime 10s ./gateway/auth/

const benchClients = 50

// cpuMeter measures the CPU time the benchmark process and the test
// cluster's PostgreSQL processes spend, so a figure can be given for an
// otherwise idle machine even when the shared machine is busy:
// 2 cores / CPU per operation is the throughput the two cores allow.
type cpuMeter struct {
	tb    *testBundle
	self  time.Duration
	procs map[int]time.Duration
}

// clockTick is Linux's USER_HZ, the unit of /proc/<pid>/stat times.
const clockTick = 10 * time.Millisecond

func (m *cpuMeter) postgres(b *testing.B) map[int]time.Duration {
	rows, err := m.tb.db.Pool.Query(context.Background(), "SELECT pid FROM pg_stat_activity")
	if err != nil {
		b.Fatal(err)
	}
	out := map[int]time.Duration{}
	for rows.Next() {
		var pid int
		rows.Scan(&pid)
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		ut, _ := strconv.Atoi(f[11])
		st, _ := strconv.Atoi(f[12])
		out[pid] = time.Duration(ut+st) * clockTick
	}
	return out
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU(b *testing.B, tb *testBundle) *cpuMeter {
	m := &cpuMeter{tb: tb}
	m.procs = m.postgres(b)
	m.self = selfCPU()
	return m
}

// stop reports CPU per operation (Go process incl. the HTTP clients, and
// PostgreSQL) and the throughput two otherwise idle cores would allow.
func (m *cpuMeter) stop(b *testing.B, n int, unit string) {
	self := selfCPU() - m.self
	var pg time.Duration
	for pid, t := range m.postgres(b) {
		pg += t - m.procs[pid]
	}
	perOp := (self + pg) / time.Duration(n)
	b.ReportMetric(float64(self.Microseconds())/float64(n), "go-cpu-us/op")
	b.ReportMetric(float64(pg.Microseconds())/float64(n), "pg-cpu-us/op")
	b.ReportMetric(2*float64(time.Second)/float64(perOp), unit+"-2cores")
}

// benchServer serves the bundle over HTTP with rate limits off.
func benchServer(b *testing.B, opts ...func(*Config)) (*testBundle, *httptest.Server, *http.Client) {
	tb := setup(b, append([]func(*Config){func(c *Config) { c.RateLimits = conf.RateLimits{} }}, opts...)...)
	srv := httptest.NewServer(tb.gw)
	b.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: benchClients * 2, MaxConnsPerHost: benchClients * 2}}
	return tb, srv, client
}

func post(b *testing.B, client *http.Client, url, apikey string, body any) (int, []byte) {
	js, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(js))
	req.Header.Set("apikey", apikey)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	return res.StatusCode, buf.Bytes()
}

// BenchmarkRefresh: each of 50 clients keeps rotating its own session's
// refresh token, as 50 browsers would; access tokens HS256 (a data dir
// from before signing keys) and ES256 (a new data dir's default).
func BenchmarkRefresh(b *testing.B) {
	b.Run("HS256", func(b *testing.B) { benchRefresh(b, "") })
	b.Run("ES256", func(b *testing.B) { benchRefresh(b, token.ES256) })
}

func benchRefresh(b *testing.B, alg string) {
	tb, srv, client := benchServer(b, func(c *Config) { c.BcryptCost = 4 })
	if alg != "" {
		k, err := token.GenerateKey(alg)
		if err != nil {
			b.Fatal(err)
		}
		if err := tb.signer.SetKeys(&k, nil); err != nil {
			b.Fatal(err)
		}
	}
	tokens := make(chan string, benchClients)
	for i := range benchClients {
		s := tb.signUp(b, fmt.Sprintf("bench-%d@example.test", i), "hunter-two-2")
		tokens <- s.RefreshToken
	}
	url := srv.URL + "/auth/v1/token?grant_type=refresh_token"
	var failures atomic.Int64
	b.SetParallelism((benchClients + 1) / 2)
	b.ResetTimer()
	cpu := startCPU(b, tb)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		tok := <-tokens
		for pb.Next() {
			status, body := post(b, client, url, tb.anonKey, map[string]string{"refresh_token": tok})
			if status != 200 {
				failures.Add(1)
				continue
			}
			// The harness only needs the new token; decoding the whole
			// answer would measure the client, not the server.
			i := bytes.Index(body, []byte(`"refresh_token":"`))
			rest := body[i+len(`"refresh_token":"`):]
			tok = string(rest[:bytes.IndexByte(rest, '"')])
		}
		tokens <- tok
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "refresh/s")
	cpu.stop(b, b.N, "refresh/s")
	if n := failures.Load(); n > 0 {
		b.Fatalf("%d refreshes failed", n)
	}
}

// BenchmarkPasswordSignIn: 50 clients signing in with the default bcrypt
// cost; bcrypt dominates.
func BenchmarkPasswordSignIn(b *testing.B) {
	tb, srv, client := benchServer(b)
	for i := range benchClients {
		tb.signUp(b, fmt.Sprintf("bench-%d@example.test", i), "hunter-two-2")
	}
	url := srv.URL + "/auth/v1/token?grant_type=password"
	var next, failures atomic.Int64
	b.SetParallelism((benchClients + 1) / 2)
	b.ResetTimer()
	cpu := startCPU(b, tb)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		email := fmt.Sprintf("bench-%d@example.test", next.Add(1)%benchClients)
		for pb.Next() {
			if status, _ := post(b, client, url, tb.anonKey, map[string]string{"email": email, "password": "hunter-two-2"}); status != 200 {
				failures.Add(1)
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "signin/s")
	cpu.stop(b, b.N, "signin/s")
	if n := failures.Load(); n > 0 {
		b.Fatalf("%d sign-ins failed", n)
	}
}

// BenchmarkBcrypt measures one password check per cost, for choosing
// DAYBASE_AUTH_BCRYPT_COST.
func BenchmarkBcrypt(b *testing.B) {
	for _, cost := range []int{10, 11, 12} {
		hash, _ := bcrypt.GenerateFromPassword([]byte("hunter-two-2"), cost)
		b.Run(fmt.Sprintf("cost=%d", cost), func(b *testing.B) {
			for b.Loop() {
				bcrypt.CompareHashAndPassword(hash, []byte("hunter-two-2"))
			}
		})
	}
}
