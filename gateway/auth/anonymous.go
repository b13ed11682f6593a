package auth

import (
	"context"
	"fmt"
	"time"

	"daybase/gateway/auth/store"
)

// pruneBatch bounds one statement of PruneAnonymousUsers, so a first run
// over a large backlog never holds thousands of row locks at once.
const pruneBatch = 500

// PruneAnonymousUsers deletes the anonymous users idle for longer than
// AnonymousUserTTL — created before the cut-off and no session used since
// — with everything they own, and returns how many went. Several instances
// may run it at once (SKIP LOCKED). It does nothing when the TTL is 0.
func (s *Service) PruneAnonymousUsers(ctx context.Context) (int, error) {
	if s.cfg.AnonymousUserTTL <= 0 {
		return 0, nil
	}
	cutoff := s.now().Add(-s.cfg.AnonymousUserTTL)
	total := 0
	for {
		tag, err := s.db.Exec(ctx, store.SQL.PruneAnonymousUsers, cutoff, pruneBatch)
		if err != nil {
			return total, fmt.Errorf("prune anonymous users: %w", err)
		}
		total += int(tag.RowsAffected())
		if tag.RowsAffected() < pruneBatch {
			return total, nil
		}
	}
}

// PruneAnonymousUsersEvery runs PruneAnonymousUsers every interval until
// ctx ends, logging what it removed.
func (s *Service) PruneAnonymousUsersEvery(ctx context.Context, interval time.Duration) {
	if s.cfg.AnonymousUserTTL <= 0 {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		n, err := s.PruneAnonymousUsers(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("anonymous users not pruned; will retry", "err", err)
		case n > 0:
			s.log.Info("pruned idle anonymous users", "count", n, "idle_for", s.cfg.AnonymousUserTTL)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
