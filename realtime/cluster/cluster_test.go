package cluster

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestSplitArray(t *testing.T) {
	got := splitArray([]byte(`[{"a":[1,2]},"x,]y",3,{"q":"\"}"}]`))
	var s []string
	for _, g := range got {
		s = append(s, string(g))
	}
	want := []string{`{"a":[1,2]}`, `"x,]y"`, `3`, `{"q":"\"}"}`}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("splitArray (-want +got):\n%s", diff)
	}
	if splitArray([]byte(`[]`)) != nil || splitArray([]byte(`{}`)) != nil {
		t.Error("empty or non-array input should give nothing")
	}
}

// TestBus sends small messages (packed into notifications) and one over
// NOTIFY's 8000-byte limit (spilled) between two buses, in order.
func TestBus(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	var mu sync.Mutex
	var got []string
	recv := make(chan struct{}, 100)
	a, err := NewBus(ctx, BusConfig{Pool: db.Pool, Channel: "test_bus", Handle: func(string, []byte) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := NewBus(ctx, BusConfig{Pool: db.Pool, Channel: "test_bus", Handle: func(ch string, p []byte) {
		mu.Lock()
		got = append(got, string(p))
		mu.Unlock()
		recv <- struct{}{}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	big := fmt.Sprintf(`{"big":%q}`, strings.Repeat("x", 20000))
	var want []string
	published := make(chan error, 10)
	for i := 0; i < 5; i++ {
		want = append(want, fmt.Sprintf(`{"n":%d}`, i))
	}
	want = append(want, big, `{"n":"last"}`)
	for _, m := range want {
		a.Publish([]byte(m), func(err error) { published <- err })
	}
	for range want {
		if err := <-published; err != nil {
			t.Fatal(err)
		}
	}
	for range want {
		select {
		case <-recv:
		case <-time.After(10 * time.Second):
			t.Fatalf("received %d of %d messages", len(got), len(want))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	var spilled int
	if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM realtime.bus_spill").Scan(&spilled); err != nil || spilled != 1 {
		t.Errorf("spilled rows = %d (%v), want 1", spilled, err)
	}
}

// TestElector: one of two electors leads at a time; when the leader's lock
// connection dies, leadership is taken again (by either).
func TestElector(t *testing.T) {
	db := pgtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	leading := make(chan string, 10)
	var wg sync.WaitGroup
	for _, name := range []string{"one", "two"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			RunElector(ctx, ElectorConfig{Conn: db.Pool.Config().ConnConfig, Name: "slot", Retry: 50 * time.Millisecond,
				ApplicationName: "elector " + name}, func(lctx context.Context) {
				leading <- name
				<-lctx.Done()
			})
		}()
	}
	first := <-leading
	select {
	case second := <-leading:
		t.Fatalf("%s and %s lead at once", first, second)
	case <-time.After(300 * time.Millisecond):
	}
	if _, err := db.Pool.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", "elector "+first); err != nil {
		t.Fatal(err)
	}
	select {
	case <-leading:
	case <-time.After(10 * time.Second):
		t.Fatal("nobody took over after the leader's connection died")
	}
	cancel()
	wg.Wait()
}
