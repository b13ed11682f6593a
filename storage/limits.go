package storage

import (
	"context"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/storage/validate"
)

// Limits are the per-user upload rate limits of 002 §5 ("Upload rate
// limits"), applied in buckets whose Rules say RateLimited. The counts live
// in storage.upload_events, so every daybase instance sees them; the
// concurrency count is per process.
type Limits struct {
	// PerMinute is how many uploads a user may start in any minute.
	PerMinute int
	// PerHour is how many uploads a user may start in any hour.
	PerHour int
	// BytesPerDay is how many bytes a user may upload in any 24 hours.
	BytesPerDay int64
	// Concurrent is how many uploads of one user may run at once.
	Concurrent int
}

// DefaultLimits are the spec's: 5 a minute, 25 an hour, 100 MB a day and 3
// at once.
func DefaultLimits() Limits {
	return Limits{PerMinute: 5, PerHour: 25, BytesPerDay: 100 * validate.MB, Concurrent: 3}
}

// limiter admits uploads.
type limiter struct {
	db  *pgxpool.Pool
	lim Limits

	mu     sync.Mutex // guards active
	active map[string]int
}

func newLimiter(db *pgxpool.Pool, lim Limits) *limiter {
	return &limiter{db: db, lim: lim, active: map[string]int{}}
}

// admission is one admitted upload; call done when it ends.
type admission struct {
	l     *limiter
	user  string
	event int64
	// remaining is what is left of the user's daily byte budget.
	remaining int64
	once      sync.Once
}

// admit checks the user's limits and, when they allow, counts the upload.
func (l *limiter) admit(ctx context.Context, user string) (*admission, error) {
	l.mu.Lock()
	if l.active[user] >= l.lim.Concurrent {
		l.mu.Unlock()
		return nil, errSlowDown(fmt.Sprintf(
			"Too many concurrent uploads (max %d). Please wait for current uploads to complete.", l.lim.Concurrent), 1)
	}
	l.active[user]++
	l.mu.Unlock()
	a := &admission{l: l, user: user}
	if err := l.reserve(ctx, a); err != nil {
		l.release(user)
		return nil, err
	}
	return a, nil
}

func (l *limiter) reserve(ctx context.Context, a *admission) error {
	return pgx.BeginFunc(ctx, l.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, stmt.UploadLock, a.user); err != nil {
			return fmt.Errorf("lock uploads of %s: %w", a.user, err)
		}
		var minute, hour int
		var bytes int64
		var minuteReset, hourReset, dayReset int
		if err := tx.QueryRow(ctx, stmt.UploadReserve, a.user).Scan(&minute, &hour, &bytes, &minuteReset, &hourReset, &dayReset); err != nil {
			return fmt.Errorf("count uploads of %s: %w", a.user, err)
		}
		switch {
		case minute >= l.lim.PerMinute:
			return errSlowDown(fmt.Sprintf("Upload rate limit exceeded (max %d per minute).", l.lim.PerMinute), max(minuteReset, 1))
		case hour >= l.lim.PerHour:
			return errSlowDown(fmt.Sprintf("Hourly upload limit exceeded (max %d per hour).", l.lim.PerHour), max(hourReset, 1))
		case bytes >= l.lim.BytesPerDay:
			return errDailyLimit(0, dayReset)
		}
		a.remaining = l.lim.BytesPerDay - bytes
		if err := tx.QueryRow(ctx, stmt.UploadRecord, a.user).Scan(&a.event); err != nil {
			return fmt.Errorf("record upload of %s: %w", a.user, err)
		}
		return nil
	})
}

func errDailyLimit(remaining int64, retryAfter int) *Error {
	return errSlowDown("Daily upload size limit exceeded. Remaining: "+validate.FormatSize(remaining), max(retryAfter, 1))
}

func (l *limiter) release(user string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.active[user]--; l.active[user] <= 0 {
		delete(l.active, user)
	}
}

// done ends the upload: it frees its concurrency slot and charges the bytes
// it stored to the daily budget.
func (a *admission) done(ctx context.Context, bytes int64) error {
	var err error
	a.once.Do(func() {
		a.l.release(a.user)
		if bytes > 0 {
			if _, e := a.l.db.Exec(context.WithoutCancel(ctx), stmt.UploadBytes, a.event, bytes); e != nil {
				err = fmt.Errorf("record upload bytes of %s: %w", a.user, e)
			}
		}
	})
	return err
}
