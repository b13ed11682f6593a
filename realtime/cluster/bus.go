// Package cluster lets several daybase instances on one PostgreSQL act as
// one realtime service: a Bus passes messages between them over
// LISTEN/NOTIFY, and an Elector picks the one instance that reads the
// replication slot, with a session advisory lock.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgident"
)

// maxInline is the largest NOTIFY payload sent inline. PostgreSQL's limit
// is 8000 bytes; bigger batches go through realtime.bus_spill.
const maxInline = 7900

// BusConfig configures a Bus.
type BusConfig struct {
	// Pool publishes and reads spilled payloads (needs realtime.bus_spill).
	Pool *pgxpool.Pool
	// Channel is the NOTIFY channel messages travel on.
	Channel string
	// Also lists more channels to LISTEN on (e.g. "pgrst"); their payloads
	// go to Handle as they are.
	Also []string
	// Handle receives every message, in the order each publisher sent
	// them, from one goroutine. For Channel, payload is one message as
	// given to Publish; messages of this Bus itself are included.
	Handle func(channel string, payload []byte)
	// OnReconnect is called after the listening connection was lost and
	// re-established: messages sent meanwhile were missed.
	OnReconnect func()
	// QueueLen bounds messages waiting to be published. Default 10000.
	QueueLen int
	// ApplicationName shows in pg_stat_activity.
	ApplicationName string
	Log             *slog.Logger
}

// Bus is a message bus over LISTEN/NOTIFY. Messages must be JSON values:
// the publisher packs several into one notification as a JSON array.
type Bus struct {
	cfg    BusConfig
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex // guards queue
	queue []outMsg
	wake  chan struct{}
}

type outMsg struct {
	data []byte
	done func(error)
}

// ErrQueueFull means Publish was refused because the publisher is behind.
var ErrQueueFull = errors.New("cluster bus publish queue is full")

// NewBus starts listening before it returns, so no message published
// after NewBus returns is missed.
func NewBus(ctx context.Context, cfg BusConfig) (*Bus, error) {
	if cfg.QueueLen <= 0 {
		cfg.QueueLen = 10000
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	b := &Bus{cfg: cfg, wake: make(chan struct{}, 1)}
	b.ctx, b.cancel = context.WithCancel(context.WithoutCancel(ctx))
	conn, err := b.listen(ctx)
	if err != nil {
		b.cancel()
		return nil, err
	}
	b.wg.Add(2)
	go b.receive(conn)
	go b.publish()
	return b, nil
}

// Close stops the bus after publishing what is queued (for up to 2 s).
func (b *Bus) Close() {
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		b.mu.Lock()
		n := len(b.queue)
		b.mu.Unlock()
		if n == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.cancel()
	b.wg.Wait()
}

// Publish queues msg (a JSON value); done, if not nil, is called once the
// notification carrying it is committed, or with an error.
func (b *Bus) Publish(msg []byte, done func(error)) {
	b.mu.Lock()
	if len(b.queue) >= b.cfg.QueueLen {
		b.mu.Unlock()
		if done != nil {
			done(ErrQueueFull)
		}
		return
	}
	b.queue = append(b.queue, outMsg{msg, done})
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

func (b *Bus) listen(ctx context.Context) (*pgx.Conn, error) {
	cc := b.cfg.Pool.Config().ConnConfig.Copy()
	if b.cfg.ApplicationName != "" {
		cc.RuntimeParams["application_name"] = b.cfg.ApplicationName
	}
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return nil, fmt.Errorf("cluster bus: connect: %w", err)
	}
	for _, ch := range append([]string{b.cfg.Channel}, b.cfg.Also...) {
		if _, err := conn.Exec(ctx, "LISTEN "+pgident.Quote(ch)); err != nil {
			conn.Close(ctx)
			return nil, fmt.Errorf("cluster bus: listen %s: %w", ch, err)
		}
	}
	return conn, nil
}

func (b *Bus) receive(conn *pgx.Conn) {
	defer b.wg.Done()
	defer func() { conn.Close(context.Background()) }()
	backoff := 100 * time.Millisecond
	for {
		n, err := conn.WaitForNotification(b.ctx)
		if err != nil {
			if b.ctx.Err() != nil {
				return
			}
			b.cfg.Log.Warn("cluster bus: listening connection lost; reconnecting", "err", err)
			conn.Close(context.Background())
			for {
				select {
				case <-b.ctx.Done():
					return
				case <-time.After(backoff):
				}
				conn, err = b.listen(b.ctx)
				if err == nil {
					break
				}
				backoff = min(2*backoff, 5*time.Second)
			}
			backoff = 100 * time.Millisecond
			if b.cfg.OnReconnect != nil {
				b.cfg.OnReconnect()
			}
			continue
		}
		if n.Channel != b.cfg.Channel {
			b.cfg.Handle(n.Channel, []byte(n.Payload))
			continue
		}
		payload := []byte(n.Payload)
		if len(payload) > 0 && payload[0] == '@' {
			payload, err = b.fetchSpilled(n.Payload[1:])
			if err != nil {
				b.cfg.Log.Error("cluster bus: read spilled message", "err", err)
				continue
			}
		}
		for _, m := range splitArray(payload) {
			b.cfg.Handle(n.Channel, m)
		}
	}
}

func (b *Bus) fetchSpilled(id string) ([]byte, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("bad spill id %q", id)
	}
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	var payload string
	if err := b.cfg.Pool.QueryRow(ctx, stmt.SpilledPayload, n).Scan(&payload); err != nil {
		return nil, err
	}
	return []byte(payload), nil
}

// publish sends queued messages in order, several per notification.
func (b *Bus) publish() {
	defer b.wg.Done()
	cleanup := time.NewTicker(time.Minute)
	defer cleanup.Stop()
	for {
		select {
		case <-b.ctx.Done():
			b.failQueued(b.ctx.Err())
			return
		case <-cleanup.C:
			ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
			if _, err := b.cfg.Pool.Exec(ctx, stmt.PruneSpill); err != nil && b.ctx.Err() == nil {
				b.cfg.Log.Warn("cluster bus: clean up spilled messages", "err", err)
			}
			cancel()
		case <-b.wake:
			for b.sendSome() {
			}
		}
	}
}

// sendSome publishes one notification's worth of queued messages and
// reports whether more are waiting.
func (b *Bus) sendSome() bool {
	b.mu.Lock()
	if len(b.queue) == 0 {
		b.mu.Unlock()
		return false
	}
	batch := []byte{'['}
	n := 0
	for n < len(b.queue) {
		m := b.queue[n].data
		if n > 0 && len(batch)+len(m)+2 > maxInline {
			break
		}
		if n > 0 {
			batch = append(batch, ',')
		}
		batch = append(batch, m...)
		n++
	}
	batch = append(batch, ']')
	msgs := b.queue[:n:n]
	b.queue = b.queue[n:]
	more := len(b.queue) > 0
	b.mu.Unlock()

	err := b.notify(batch)
	if err != nil && b.ctx.Err() == nil {
		b.cfg.Log.Error("cluster bus: publish", "err", err, "messages", n)
	}
	for _, m := range msgs {
		if m.done != nil {
			m.done(err)
		}
	}
	return more
}

func (b *Bus) notify(batch []byte) error {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	if len(batch) <= maxInline {
		_, err := b.cfg.Pool.Exec(ctx, stmt.Notify, b.cfg.Channel, string(batch))
		return err
	}
	_, err := b.cfg.Pool.Exec(ctx, `
		WITH s AS (INSERT INTO realtime.bus_spill (payload) VALUES ($2) RETURNING id)
		SELECT pg_notify($1, '@' || id) FROM s`, b.cfg.Channel, string(batch))
	return err
}

func (b *Bus) failQueued(err error) {
	b.mu.Lock()
	q := b.queue
	b.queue = nil
	b.mu.Unlock()
	for _, m := range q {
		if m.done != nil {
			m.done(err)
		}
	}
}

// splitArray splits the top-level elements of a JSON array without
// decoding them.
func splitArray(b []byte) [][]byte {
	if len(b) < 2 || b[0] != '[' {
		return nil
	}
	var out [][]byte
	depth, start := 0, 1
	inStr := false
	for i := 1; i < len(b); i++ {
		c := b[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			if depth == 0 {
				if i > start {
					out = append(out, b[start:i])
				}
				return out
			}
			depth--
		case c == ',' && depth == 0:
			out = append(out, b[start:i])
			start = i + 1
		}
	}
	return out
}
