package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// subscription is one row of user_subscriptions (teamID "") or
// team_subscriptions as billing writes it.
type subscription struct {
	userID, teamID    string
	planID, priceID   string
	customerID        string
	subscriptionID    string
	status            string
	seats             int
	periodStart       *time.Time
	periodEnd         *time.Time
	cancelAtPeriodEnd bool
}

// upsertSubscription writes s keyed by its provider subscription id.
func upsertSubscription(ctx context.Context, tx pgx.Tx, s subscription) error {
	var err error
	if s.teamID == "" {
		_, err = tx.Exec(ctx, stmt.UserSubscriptionUpsert,
			s.userID, s.status, s.planID, s.priceID, s.customerID, s.subscriptionID, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd)
	} else {
		seats := max(s.seats, 1)
		_, err = tx.Exec(ctx, stmt.TeamSubscriptionUpsert,
			s.teamID, s.status, s.planID, s.priceID, s.customerID, s.subscriptionID, seats, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd)
	}
	if err != nil {
		return fmt.Errorf("record subscription %s: %w", s.subscriptionID, err)
	}
	return nil
}
