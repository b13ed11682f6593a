// Command pocketbase measures Daybase's /rest/v1 side by side with
// PocketBase on the same machine and prints the ratios of issue 25 §1.
//
// It is a Go module of its own so that the product never depends on
// PocketBase. It builds nothing of Daybase: give it the binary.
//
//	go build -o bin/daybase ./cmd/daybase
//	cd bench/peers/pocketbase && go run . -bin ../../../bin/daybase
//
// Both servers run as separate processes on fresh data: PocketBase v0.36.8
// (this program re-executed as "pocketbase-serve") with a tasks collection
// whose list and view rules are owner-only, and `daybase serve` with the
// app's own tasks table and policies, the user on the Pro plan so the Free
// cap does not interfere, plus a plain table whose only policy is
// owner = auth.uid(). Each holds 1,000 tasks of one signed-in user.
//
// For each request the load generator (this process: c connections, each
// sending its next request when the last answer is read) runs PocketBase
// and then Daybase for the same duration, round after round, so both meet
// the same machine load; it prints requests per second, the CPU time the
// server's processes (Daybase's embedded PostgreSQL included) spent per
// request, and the ratio. On a shared machine the absolute figures move
// with the load; the ratios of one run are the result.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

var (
	bin      = flag.String("bin", "../../../bin/daybase", "the daybase binary")
	duration = flag.Duration("d", 10*time.Second, "how long each server is loaded with each request, per round")
	conns    = flag.Int("c", 50, "concurrent connections")
	rounds   = flag.Int("rounds", 1, "rounds: each request on PocketBase then Daybase, once per round")
	nTasks   = flag.Int("tasks", 1000, "tasks of the user")
	only     = flag.String("only", "", "run only the requests whose name contains this")
	baseline = flag.String("baseline", "", "a second daybase binary (an earlier build) to run in the same rounds, for before/after")
	keep     = flag.Bool("keep", false, "keep both servers running after the run (until interrupted), with their data dirs")
)

const (
	email    = "bench@daybase.local"
	password = "bench-password-1"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "pocketbase-serve" {
		if err := servePocketBase(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "pocketbase:", err)
			os.Exit(1)
		}
		return
	}
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// request is one kind of request, asked of both servers.
type request struct {
	name, goal   string
	pb, db, base target // base: the baseline daybase, if any
}

// target is a request as one server is asked it.
type target struct {
	url    string
	header http.Header
	check  func(body []byte) error // of the first answer
}

func run() error {
	ctx := context.Background()
	fmt.Fprintln(os.Stderr, "starting PocketBase and Daybase, each with", *nTasks, "tasks of one user…")
	pb, err := startPocketBase(ctx)
	if err != nil {
		return fmt.Errorf("pocketbase: %w", err)
	}
	defer pb.stop()
	db, err := startDaybase(ctx, *bin)
	if err != nil {
		return fmt.Errorf("daybase: %w", err)
	}
	defer db.stop()
	var base *dbServer
	if *baseline != "" {
		if base, err = startDaybase(ctx, *baseline); err != nil {
			return fmt.Errorf("daybase (baseline): %w", err)
		}
		defer base.stop()
	}

	reqs := requests(pb, db, base)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}}
	for _, r := range reqs {
		for _, t := range []target{r.pb, r.db, r.base} {
			if t.url == "" {
				continue
			}
			if err := checkOnce(client, t); err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
		}
	}
	type figures struct{ pb, db, base []load }
	results := make([]figures, len(reqs))
	for round := range *rounds {
		for i, r := range reqs {
			fmt.Fprintf(os.Stderr, "round %d/%d: %s\n", round+1, *rounds, r.name)
			// Warm both up (connections, plans, caches) before measuring.
			hammer(client, r.pb, *conns, time.Second, nil)
			p := hammer(client, r.pb, *conns, *duration, pb.pids)
			hammer(client, r.db, *conns, time.Second, nil)
			d := hammer(client, r.db, *conns, *duration, db.pids)
			results[i].pb = append(results[i].pb, p)
			results[i].db = append(results[i].db, d)
			if base != nil {
				hammer(client, r.base, *conns, time.Second, nil)
				results[i].base = append(results[i].base, hammer(client, r.base, *conns, *duration, base.pids))
			}
		}
	}

	fmt.Printf("PocketBase v0.36.8 and Daybase (%s), %d tasks of one user, c=%d, %s per server and request, %d round(s)\n\n",
		*bin, *nTasks, *conns, *duration, *rounds)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "request\tPocketBase req/s\tDaybase req/s\tratio\tgoal\tPocketBase CPU/req\tDaybase CPU/req\t(daybase, PostgreSQL)\tCPU ratio\t")
	for i, r := range reqs {
		p, d := median(results[i].pb), median(results[i].db)
		fmt.Fprintf(w, "%s\t%.0f\t%.0f\t%.2f×\t%s\t%.0f µs\t%.0f µs\t(%.0f, %.0f)\t%.2f×\t\n", r.name, p.rps(), d.rps(), d.rps()/p.rps(), r.goal,
			p.cpuPerReq(), d.cpuPerReq(), d.rootPerReq(), d.cpuPerReq()-d.rootPerReq(), p.cpuPerReq()/d.cpuPerReq())
	}
	w.Flush()
	if base != nil {
		fmt.Printf("\nbaseline %s in the same rounds:\n\n", *baseline)
		w = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(w, "request\tPocketBase req/s\tbaseline req/s\tratio\tbaseline CPU/req\t(daybase, PostgreSQL)\tCPU ratio\t")
		for i, r := range reqs {
			p, b := median(results[i].pb), median(results[i].base)
			fmt.Fprintf(w, "%s\t%.0f\t%.0f\t%.2f×\t%.0f µs\t(%.0f, %.0f)\t%.2f×\t\n", r.name, p.rps(), b.rps(), b.rps()/p.rps(),
				b.cpuPerReq(), b.rootPerReq(), b.cpuPerReq()-b.rootPerReq(), p.cpuPerReq()/b.cpuPerReq())
		}
		w.Flush()
	}
	fmt.Println("\nratio: Daybase req/s ÷ PocketBase req/s; CPU ratio: PocketBase CPU per request ÷ Daybase's (both > 1 is Daybase ahead).")
	fmt.Println("CPU/req counts every process of the server (Daybase: daybase and its PostgreSQL); the medians of the rounds.")
	if *keep {
		fmt.Fprintf(os.Stderr, "PocketBase %s, Daybase %s (data %s); interrupt to stop\n", pb.base, db.base, db.dir)
		select {}
	}
	return nil
}

func requests(pb *pbServer, db, base *dbServer) []request {
	all := daybaseRequests(pb, db)
	if base != nil {
		for i, r := range daybaseRequests(pb, base) {
			all[i].base = r.db
		}
	}
	return slices.DeleteFunc(all, func(r request) bool { return !strings.Contains(r.name, *only) })
}

func daybaseRequests(pb *pbServer, db *dbServer) []request {
	pbH := http.Header{"Authorization": {pb.token}}
	dbH := http.Header{"Authorization": {"Bearer " + db.token}, "Apikey": {db.anonKey}}
	countH := dbH.Clone()
	countH.Set("Prefer", "count=exact")
	objH := dbH.Clone()
	objH.Set("Accept", "application/vnd.pgrst.object+json")
	pbItems := func(n int) func([]byte) error {
		return func(b []byte) error {
			var v struct {
				Items      []json.RawMessage `json:"items"`
				TotalItems int               `json:"totalItems"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				return err
			}
			if len(v.Items) != n {
				return fmt.Errorf("PocketBase gave %d items, want %d", len(v.Items), n)
			}
			return nil
		}
	}
	dbRows := func(n int) func([]byte) error {
		return func(b []byte) error {
			var v []json.RawMessage
			if err := json.Unmarshal(b, &v); err != nil {
				return err
			}
			if len(v) != n {
				return fmt.Errorf("Daybase gave %d rows, want %d", len(v), n)
			}
			return nil
		}
	}
	dbObject := func(id string) func([]byte) error {
		return func(b []byte) error {
			var v struct{ ID string }
			if err := json.Unmarshal(b, &v); err != nil {
				return err
			}
			if v.ID != id {
				return fmt.Errorf("Daybase gave %s, want %s", b, id)
			}
			return nil
		}
	}
	pbList := pb.base + "/api/collections/tasks/records?perPage=50&sort=priority"
	dbList := db.base + "/rest/v1/tasks?select=*&order=priority.asc&limit=50"
	all := []request{
		{name: "list 50, sorted by priority", goal: "≥ 2×",
			pb: target{pbList + "&skipTotal=1", pbH, pbItems(50)}, db: target{dbList, dbH, dbRows(50)}},
		{name: "list 50 with the count", goal: "≥ 2×",
			pb: target{pbList, pbH, pbItems(50)}, db: target{dbList, countH, dbRows(50)}},
		{name: "get one task by id", goal: "≥ 1.5×",
			pb: target{pb.base + "/api/collections/tasks/records/" + pb.taskID, pbH, nil},
			db: target{db.base + "/rest/v1/tasks?select=*&id=eq." + db.taskID, objH, dbObject(db.taskID)}},
		{name: "get by id, plain owner-only table", goal: "≥ 1.5×",
			pb: target{pb.base + "/api/collections/tasks/records/" + pb.taskID, pbH, nil},
			db: target{db.base + "/rest/v1/bench_items?select=*&id=eq." + db.itemID, objH, dbObject(db.itemID)}},
	}
	return all
}

func checkOnce(c *http.Client, t target) error {
	req, _ := http.NewRequest("GET", t.url, nil)
	req.Header = t.header
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 && res.StatusCode != 206 {
		return fmt.Errorf("GET %s: %d %s", t.url, res.StatusCode, b)
	}
	if t.check != nil {
		return t.check(b)
	}
	return nil
}

// load is one measured run.
type load struct {
	n, failed int64
	elapsed   time.Duration
	cpu       time.Duration // the server's processes
	cpuRoot   time.Duration // of which the process started (daybase itself, not its PostgreSQL)
}

func (l load) rps() float64 { return float64(l.n) / l.elapsed.Seconds() }
func (l load) cpuPerReq() float64 {
	if l.n == 0 {
		return 0
	}
	return float64(l.cpu.Microseconds()) / float64(l.n)
}

func (l load) rootPerReq() float64 {
	if l.n == 0 {
		return 0
	}
	return float64(l.cpuRoot.Microseconds()) / float64(l.n)
}

func median(ls []load) load {
	slices.SortFunc(ls, func(a, b load) int {
		switch {
		case a.rps() < b.rps():
			return -1
		case a.rps() > b.rps():
			return 1
		}
		return 0
	})
	return ls[len(ls)/2]
}

// hammer sends t's request from c workers for d. pids gives the server's
// processes, whose CPU time is measured across the run (nil: not measured).
func hammer(client *http.Client, t target, c int, d time.Duration, pids func() []int) load {
	var n, failed atomic.Int64
	var cpu0, root0 time.Duration
	if pids != nil {
		ps := pids()
		cpu0, root0 = cpuTime(ps), cpuTime(ps[:1])
	}
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for range c {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", t.url, nil)
				req.Header = t.header
				res, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == 200 || res.StatusCode == 206 {
					n.Add(1)
				} else {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	l := load{n: n.Load(), failed: failed.Load(), elapsed: time.Since(start)}
	if pids != nil {
		ps := pids()
		l.cpu, l.cpuRoot = cpuTime(ps)-cpu0, cpuTime(ps[:1])-root0
	}
	if l.failed > 0 {
		fmt.Fprintf(os.Stderr, "  %d requests failed\n", l.failed)
	}
	return l
}

// cpuTime adds the user and system time of the processes (/proc/PID/stat).
func cpuTime(pids []int) time.Duration {
	var ticks int64
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + s
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

// descendants returns pid and every process below it.
func descendants(pid int) []int {
	parent := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
		pp, _ := strconv.Atoi(f[1])
		parent[p] = pp
	}
	out := []int{pid}
	for p := range parent {
		if p == pid {
			continue
		}
		for q := p; q > 1; q = parent[q] {
			if q == pid {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// process is a server this program started.
type process struct {
	cmd  *exec.Cmd
	dir  string
	base string
}

// pids returns the process and its descendants, the process first.
func (p *process) pids() []int { return descendants(p.cmd.Process.Pid) }

func (p *process) stop() {
	p.cmd.Process.Signal(os.Interrupt)
	p.cmd.Wait()
	if !*keep {
		os.RemoveAll(p.dir)
	}
}

// startProcess runs name with env, DIR set to a new temp dir and PORT to a
// free port, and waits for GET health to answer 200 there.
func startProcess(name string, args []string, env func(dir string, port int) []string, health string) (*process, error) {
	dir, err := os.MkdirTemp("", "bench-"+filepath.Base(name)+"-")
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env(dir, port)...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	p := &process{cmd: cmd, dir: dir, base: "http://127.0.0.1:" + strconv.Itoa(port)}
	for range 1200 {
		if r, err := http.Get(p.base + health); err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == 200 {
				return p, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.stop()
	return nil, fmt.Errorf("%s did not become healthy", name)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// call sends a JSON request and decodes a JSON answer into out (if not nil).
func call(method, url string, h http.Header, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return err
	}
	if h != nil {
		req.Header = h.Clone()
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}
