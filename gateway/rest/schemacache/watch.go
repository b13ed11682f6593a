package schemacache

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgident"
)

// reloads reports whether a NOTIFY payload asks for a schema reload, as
// PostgREST's listener decides: "reload schema" or an empty payload.
// "reload config" and anything else are ignored.
func reloads(payload string) bool {
	return payload == "" || payload == "reload schema"
}

// listen runs one listening connection: connect, LISTEN, load, then
// reload on notifications until an error or ctx ends. healthy is true
// when it got as far as listening with a fresh snapshot, which resets the
// caller's backoff.
func (c *Cache) listen(ctx context.Context, pool *pgxpool.Pool) (healthy bool, err error) {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgident.Quote(c.cfg.Channel)); err != nil {
		return false, fmt.Errorf("listen on %q: %w", c.cfg.Channel, err)
	}
	// Load only after LISTEN, so no change between the two goes unseen.
	if _, err := c.Reload(ctx, pool); err != nil {
		return false, err
	}
	c.log.Debug("schema cache listening", "channel", c.cfg.Channel)
	c.listenerUp(pool)
	defer c.listenerUp(nil)

	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true, fmt.Errorf("wait for notification: %w", err)
		}
		c.heard(n.Payload)
		if !reloads(n.Payload) {
			continue
		}
		finished := c.notified()
		// Swallow the rest of a burst before reloading once.
		deadline := time.Now().Add(c.cfg.Debounce)
		for {
			wctx, cancel := context.WithDeadline(ctx, deadline)
			more, err := conn.WaitForNotification(wctx)
			cancel()
			if err == nil {
				c.heard(more.Payload)
				continue
			}
			if ctx.Err() != nil {
				finished()
				return true, ctx.Err()
			}
			// The window's deadline ends the wait and leaves the connection
			// usable; anything else is a broken connection.
			if conn.PgConn().IsClosed() || !(errors.Is(err, context.DeadlineExceeded) || isTimeout(err)) {
				finished()
				return true, fmt.Errorf("wait for notification: %w", err)
			}
			break
		}
		c.log.Debug("schema cache reload requested", "payload", n.Payload)
		_, err = c.Reload(ctx, pool)
		finished()
		if err != nil {
			return true, err
		}
	}
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
