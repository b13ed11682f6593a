// Command realtime measures Daybase's realtime service from a second
// process, the way clients meet it:
//
//   - commit → client latency of postgres_changes (p50/p99) with N
//     subscribed sockets (one user each, a user_id filter and an RLS
//     policy, like the app's notifications) while R changes/s are written;
//     every change must arrive exactly once;
//   - broadcast fan-out: deliveries per second and latency to N sockets on
//     one topic;
//   - memory per idle socket: the daybase process's RSS growth per joined,
//     idle connection.
//
// It builds nothing: start it with the binary to test (go build -o
// bin/daybase ./cmd/daybase), and it runs `daybase serve` on a fresh data
// dir (durable, as in production):
//
//	go run ./bench/realtime -bin bin/daybase -sockets 1000 -rate 500 -duration 20s
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/bench/internal/benchserver"
	"daybase/internal/token"
	"daybase/realtime/phx"
)

var (
	bin        = flag.String("bin", "bin/daybase", "the daybase binary")
	sockets    = flag.Int("sockets", 1000, "subscribed sockets")
	rate       = flag.Int("rate", 500, "changes written per second")
	duration   = flag.Duration("duration", 20*time.Second, "how long changes are written")
	writers    = flag.Int("writers", 8, "concurrent writer connections")
	bcastRate  = flag.Int("bcast-rate", 100, "broadcasts sent per second to all sockets")
	bcastFor   = flag.Duration("bcast-duration", 10*time.Second, "how long broadcasts are sent")
	useFilter  = flag.Bool("filter", true, "subscribe with a user_id filter; without, RLS alone decides who gets each change")
	keepDir    = flag.Bool("keep", false, "keep the data dir")
	serverLogs = flag.Bool("server-logs", false, "show daybase's warnings")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	logLevel := "error"
	if *serverLogs {
		logLevel = "warn"
	}
	srv, err := benchserver.Start(*bin, "daybase-bench-rt-", logLevel, *keepDir)
	if err != nil {
		return err
	}
	defer srv.Stop()
	base, k := srv.Base, srv.Keys
	signer := token.NewSigner(k.JWTSecret)
	pool, err := pgxpool.New(ctx, srv.SuperuserURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, schema); err != nil {
		return fmt.Errorf("create bench schema: %w", err)
	}
	fmt.Printf("daybase %s, pid %d, %d sockets, %d changes/s for %v, filter %v\n\n", base, srv.Pid(), *sockets, *rate, *duration, *useFilter)

	time.Sleep(2 * time.Second) // let start-up settle before the baseline
	rss0 := rss(srv.Pid())

	// Open the sockets: one user each, subscribed to their own rows.
	users := make([]string, *sockets)
	conns := make([]*wsClient, *sockets)
	var joined sync.WaitGroup
	start := time.Now()
	for i := range users {
		users[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)
		tok, _ := signer.Sign(token.Claims{"sub": users[i], "role": "authenticated", "exp": time.Now().Add(2 * time.Hour).Unix()})
		cl, err := dial(ctx, base, k.AnonKey)
		if err != nil {
			return fmt.Errorf("socket %d: %w", i, err)
		}
		conns[i] = cl
		joined.Add(2)
		cl.onReply = func(string) { joined.Done() }
		binding := map[string]any{"event": "INSERT", "schema": "bench", "table": "items"}
		if *useFilter {
			binding["filter"] = "user_id=eq." + users[i]
		}
		cl.join("realtime:items-"+users[i], map[string]any{"config": map[string]any{
			"postgres_changes": []any{binding},
		}, "access_token": tok})
		cl.join("realtime:room", map[string]any{"config": map[string]any{}})
	}
	joined.Wait()
	fmt.Printf("%d sockets joined 2 channels each in %v\n", *sockets, time.Since(start).Round(time.Millisecond))
	time.Sleep(3 * time.Second)
	rss1 := rss(srv.Pid())

	// Phase 1: changes.
	type sent struct{ before, committed time.Time }
	var mu sync.Mutex
	sentAt := map[int64]sent{}
	var lat, latFromStart []time.Duration
	slow := map[int]int{} // second of the run → changes slower than 50 ms
	phaseStart := time.Now()
	received := make([]map[int64]int, *sockets)
	for i, cl := range conns {
		i := i
		received[i] = map[int64]int{}
		cl.onChange = func(seq int64, at time.Time) {
			mu.Lock()
			defer mu.Unlock()
			received[i][seq]++
			if s, ok := sentAt[seq]; ok && received[i][seq] == 1 {
				if d := at.Sub(s.committed); d > 50*time.Millisecond {
					slow[int(s.committed.Sub(phaseStart).Seconds())]++
				}
				lat = append(lat, max(0, at.Sub(s.committed)))
				latFromStart = append(latFromStart, at.Sub(s.before))
			}
		}
	}
	var seq atomic.Int64
	total := int64(rate2total(*rate, *duration))
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	jobs := make(chan int64, 1000)
	var wg sync.WaitGroup
	var writeErrs atomic.Int64
	for w := 0; w < *writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range jobs {
				u := users[s%int64(len(users))]
				before := time.Now()
				_, err := pool.Exec(ctx, `INSERT INTO bench.items (seq, user_id, body) VALUES ($1, $2, 'notification body')`, s, u)
				committed := time.Now()
				if err != nil {
					writeErrs.Add(1)
					continue
				}
				mu.Lock()
				sentAt[s] = sent{before, committed}
				mu.Unlock()
			}
		}()
	}
	wstart := time.Now()
	for seq.Load() < total {
		<-tick.C
		jobs <- seq.Add(1)
	}
	tick.Stop()
	close(jobs)
	wg.Wait()
	writeDur := time.Since(wstart)
	// Wait for stragglers.
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		n := len(lat)
		mu.Unlock()
		if int64(n) >= total-writeErrs.Load() {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	var lost, dup int
	for s := int64(1); s <= total; s++ {
		u := int(s % int64(len(users)))
		switch n := received[u][s]; {
		case n == 0:
			lost++
		case n > 1:
			dup += n - 1
		}
	}
	wrong := 0
	for i := range received {
		for s := range received[i] {
			if int(s%int64(len(users))) != i {
				wrong++
			}
		}
	}
	if len(slow) > 0 {
		fmt.Printf("changes slower than 50 ms, by second of the run: %v\n", slow)
	}
	p50, p99, pmax := percentiles(lat)
	s50, s99, _ := percentiles(latFromStart)
	mu.Unlock()

	// Phase 2: broadcast fan-out to every socket on one topic.
	var bcastRecv atomic.Int64
	var bmu sync.Mutex
	var blat []time.Duration
	for _, cl := range conns {
		cl.onBroadcast = func(sentNano int64, at time.Time) {
			bcastRecv.Add(1)
			bmu.Lock()
			blat = append(blat, at.Sub(time.Unix(0, sentNano)))
			bmu.Unlock()
		}
	}
	senders := max(1, *bcastRate/50) // at most 50/s per sender socket, under the default limit
	var sentB atomic.Int64
	var swg sync.WaitGroup
	bstart := time.Now()
	for sdr := 0; sdr < senders; sdr++ {
		cl, err := dial(ctx, base, k.AnonKey)
		if err != nil {
			return err
		}
		jr := cl.join("realtime:room", map[string]any{"config": map[string]any{}})
		swg.Add(1)
		go func() {
			defer swg.Done()
			per := *bcastRate / senders
			t := time.NewTicker(time.Second / time.Duration(per))
			defer t.Stop()
			for time.Since(bstart) < *bcastFor {
				<-t.C
				cl.push(jr, "realtime:room", "broadcast", map[string]any{"type": "broadcast", "event": "tick", "payload": map[string]any{"t": time.Now().UnixNano()}})
				sentB.Add(1)
			}
		}()
	}
	swg.Wait()
	time.Sleep(2 * time.Second)
	bdur := time.Since(bstart) - 2*time.Second
	expected := sentB.Load() * int64(*sockets)
	b50, b99, _ := percentiles(blat)
	dropped := 0
	for _, cl := range conns {
		if cl.closed.Load() {
			dropped++
		}
	}

	perSocket := float64(rss1-rss0) / float64(*sockets)
	fmt.Printf(`
| figure | goal | measured |
|---|---|---|
| commit → client latency, p50 | < 5 ms | %.2f ms |
| commit → client latency, p99 | < 50 ms | %.2f ms (max %.1f ms) |
| insert start → client, p50 / p99 | | %.2f / %.2f ms |
| changes written | %d/s for %v | %d in %v (%.0f/s), %d write errors |
| changes lost / duplicated / to the wrong user | 0 | %d / %d / %d |
| broadcast fan-out | | %d msgs × %d sockets: %d of %d delivered in %v = %.0f deliveries/s |
| broadcast send → receive, p50 / p99 | | %.2f / %.2f ms |
| sockets dropped as slow consumers | 0 | %d |
| daybase RSS: baseline → %d idle sockets (2 channels each) | | %.1f MB → %.1f MB |
| memory per idle socket | | %.1f KB |
`,
		ms(p50), ms(p99), ms(pmax), ms(s50), ms(s99),
		*rate, *duration, total-writeErrs.Load(), writeDur.Round(time.Millisecond), float64(total)/writeDur.Seconds(), writeErrs.Load(),
		lost, dup, wrong,
		sentB.Load(), *sockets, bcastRecv.Load(), expected, bdur.Round(time.Millisecond), float64(bcastRecv.Load())/bdur.Seconds(),
		ms(b50), ms(b99), dropped,
		*sockets, float64(rss0)/1024, float64(rss1)/1024, perSocket)
	return nil
}

const schema = `
CREATE SCHEMA IF NOT EXISTS bench;
GRANT USAGE ON SCHEMA bench TO anon, authenticated, service_role;
CREATE TABLE IF NOT EXISTS bench.items (
  id         bigserial PRIMARY KEY,
  seq        bigint NOT NULL,
  user_id    uuid NOT NULL,
  body       text,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE bench.items ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS own ON bench.items;
CREATE POLICY own ON bench.items FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
GRANT SELECT ON bench.items TO authenticated;
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_publication_tables WHERE pubname = 'supabase_realtime' AND schemaname = 'bench') THEN
    ALTER PUBLICATION supabase_realtime ADD TABLE bench.items;
  END IF;
END $$;
`

func rate2total(rate int, d time.Duration) int { return int(float64(rate) * d.Seconds()) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func percentiles(d []time.Duration) (p50, p99, pmax time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)*50/100], s[min(len(s)-1, len(s)*99/100)], s[len(s)-1]
}

// rss is a process's resident set in KiB.
func rss(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			return n
		}
	}
	return 0
}

// wsClient is a minimal realtime client (vsn 2.0.0).
type wsClient struct {
	conn        *websocket.Conn
	ref         atomic.Int64
	closed      atomic.Bool
	mu          sync.Mutex
	onReply     func(ref string)
	onChange    func(seq int64, at time.Time)
	onBroadcast func(sentNano int64, at time.Time)
}

func dial(ctx context.Context, base, apikey string) (*wsClient, error) {
	u := strings.Replace(base, "http", "ws", 1) + "/realtime/v1/websocket?apikey=" + apikey + "&vsn=2.0.0"
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, u, &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	c := &wsClient{conn: conn}
	go c.read()
	go c.heartbeat()
	return c, nil
}

func (c *wsClient) push(joinRef, topic, event string, payload any) string {
	ref := strconv.FormatInt(c.ref.Add(1), 10)
	b, _ := json.Marshal(payload)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.conn.Write(context.Background(), websocket.MessageText, phx.EncodeTextClient(phx.V2, joinRef, ref, topic, event, b))
	return ref
}

func (c *wsClient) join(topic string, payload any) string {
	ref := strconv.FormatInt(c.ref.Add(1), 10)
	b, _ := json.Marshal(payload)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.conn.Write(context.Background(), websocket.MessageText, phx.EncodeTextClient(phx.V2, ref, ref, topic, "phx_join", b))
	return ref
}

func (c *wsClient) heartbeat() {
	for !c.closed.Load() {
		time.Sleep(25 * time.Second)
		c.push("", "phoenix", "heartbeat", map[string]any{})
	}
}

func (c *wsClient) read() {
	defer c.closed.Store(true)
	for {
		_, data, err := c.conn.Read(context.Background())
		if err != nil {
			return
		}
		at := time.Now()
		m, err := phx.Decode(phx.V2, false, data)
		if err != nil {
			continue
		}
		switch m.Event {
		case "phx_reply":
			if c.onReply != nil && m.Topic != "phoenix" {
				c.onReply(m.Ref)
			}
		case "postgres_changes":
			var p struct {
				Data struct {
					Record struct {
						Seq int64 `json:"seq"`
					} `json:"record"`
				} `json:"data"`
			}
			if json.Unmarshal(m.Payload, &p) == nil && c.onChange != nil {
				c.onChange(p.Data.Record.Seq, at)
			}
		case "broadcast":
			var p struct {
				Payload struct {
					T int64 `json:"t"`
				} `json:"payload"`
			}
			if json.Unmarshal(m.Payload, &p) == nil && c.onBroadcast != nil {
				c.onBroadcast(p.Payload.T, at)
			}
		}
	}
}
