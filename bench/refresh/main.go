// Command refresh is the load of the token-refresh figure (issue 24): from a
// process of its own, -clients HTTP clients each keep rotating their own
// session's refresh token against a running daybase, as that many browsers
// would, for -duration, and it prints refreshes per second. bench/refresh/run.sh
// starts the servers (ES256 and HS256 data dirs) and runs it against each.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	url := flag.String("url", "", "daybase URL (http://127.0.0.1:PORT)")
	anon := flag.String("anon", "", "anon key")
	clients := flag.Int("clients", 50, "concurrent clients, one session each")
	duration := flag.Duration("duration", 10*time.Second, "how long to refresh")
	pid := flag.Int("pid", 0, "the server's process id: report its CPU time per refresh")
	flag.Parse()
	if *url == "" || *anon == "" {
		flag.Usage()
		os.Exit(2)
	}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *clients * 2, MaxConnsPerHost: *clients * 2}}
	post := func(path string, body any) (map[string]any, error) {
		js, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", *url+"/auth/v1"+path, bytes.NewReader(js))
		req.Header.Set("apikey", *anon)
		req.Header.Set("Content-Type", "application/json")
		res, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %d %s", path, res.StatusCode, raw)
		}
		// Only the new refresh token is needed; decoding the whole answer
		// would measure this client, not the server.
		i := bytes.Index(raw, []byte(`"refresh_token":"`))
		if i < 0 {
			return nil, fmt.Errorf("%s: no refresh_token in %s", path, raw)
		}
		rest := raw[i+len(`"refresh_token":"`):]
		return map[string]any{"refresh_token": string(rest[:bytes.IndexByte(rest, '"')])}, nil
	}

	tokens := make([]string, *clients)
	stamp := time.Now().UnixNano()
	for i := range tokens {
		s, err := post("/signup", map[string]any{"email": fmt.Sprintf("refresh-%d-%d@bench.test", stamp, i), "password": "correct horse battery staple"})
		if err != nil {
			log.Fatalf("sign up client %d: %v (the server needs DAYBASE_AUTH_AUTOCONFIRM and the sign-up rate limit off)", i, err)
		}
		tokens[i] = s["refresh_token"].(string)
	}
	fmt.Fprintf(os.Stderr, "%d sessions; refreshing for %s\n", *clients, *duration)

	var done, failed atomic.Int64
	cpu0, pg0 := processCPU(*pid), childrenCPU(*pid)
	stop := time.Now().Add(*duration)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range tokens {
		wg.Add(1)
		go func(tok string) {
			defer wg.Done()
			for time.Now().Before(stop) {
				s, err := post("/token?grant_type=refresh_token", map[string]any{"refresh_token": tok})
				if err != nil {
					failed.Add(1)
					log.Print(err)
					return
				}
				tok = s["refresh_token"].(string)
				done.Add(1)
			}
		}(tokens[i])
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Printf("%d refreshes in %.1fs: %.0f refreshes/s, %d failed", done.Load(), elapsed.Seconds(), float64(done.Load())/elapsed.Seconds(), failed.Load())
	if *pid != 0 && done.Load() > 0 {
		n := float64(done.Load())
		fmt.Printf("; CPU per refresh: server %.0f µs, PostgreSQL %.0f µs",
			float64((processCPU(*pid)-cpu0).Microseconds())/n, float64((childrenCPU(*pid)-pg0).Microseconds())/n)
	}
	fmt.Println()
	if failed.Load() > 0 {
		os.Exit(1)
	}
}

// processCPU is the user + system CPU time of a process (Linux /proc).
func processCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	f, err := procStat(pid)
	if err != nil {
		log.Fatalf("server CPU: %v", err)
	}
	return statCPU(f, 11)
}

// childrenCPU is the CPU time of pid's descendants — the embedded
// PostgreSQL and its backends — counting children they have reaped.
func childrenCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	stats := map[int][]string{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f, err := procStat(p); err == nil {
			parent[p], _ = strconv.Atoi(f[1])
			stats[p] = f
		}
	}
	var total time.Duration
	for p, f := range stats {
		for a := parent[p]; a > 1; a = parent[a] {
			if a == pid {
				total += statCPU(f, 11) + statCPU(f, 13)
				break
			}
		}
	}
	return total
}

// procStat is /proc/<pid>/stat's fields after the command name (state first).
func procStat(pid int) ([]string, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+2:])), nil
}

// statCPU adds the two USER_HZ counters at field i and i+1 (utime and
// stime at 11, cutime and cstime at 13).
func statCPU(f []string, i int) time.Duration {
	ut, _ := strconv.Atoi(f[i])
	st, _ := strconv.Atoi(f[i+1])
	return time.Duration(ut+st) * 10 * time.Millisecond
}
