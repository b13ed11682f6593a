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
		_, err = tx.Exec(ctx, `
INSERT INTO public.user_subscriptions (user_id, status, plan_id, price_id, customer_id, subscription_id,
  current_period_start, current_period_end, cancel_at_period_end)
VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8, $9)
ON CONFLICT (subscription_id) DO UPDATE SET status = EXCLUDED.status, plan_id = EXCLUDED.plan_id,
  price_id = EXCLUDED.price_id, customer_id = coalesce(EXCLUDED.customer_id, user_subscriptions.customer_id),
  current_period_start = coalesce(EXCLUDED.current_period_start, user_subscriptions.current_period_start),
  current_period_end = coalesce(EXCLUDED.current_period_end, user_subscriptions.current_period_end),
  cancel_at_period_end = EXCLUDED.cancel_at_period_end`,
			s.userID, s.status, s.planID, s.priceID, s.customerID, s.subscriptionID, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd)
	} else {
		seats := max(s.seats, 1)
		_, err = tx.Exec(ctx, `
INSERT INTO public.team_subscriptions (team_id, status, plan_id, price_id, customer_id, subscription_id, seats,
  current_period_start, current_period_end, cancel_at_period_end)
VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8, $9, $10)
ON CONFLICT (subscription_id) DO UPDATE SET status = EXCLUDED.status, plan_id = EXCLUDED.plan_id,
  price_id = EXCLUDED.price_id, customer_id = coalesce(EXCLUDED.customer_id, team_subscriptions.customer_id),
  seats = EXCLUDED.seats,
  current_period_start = coalesce(EXCLUDED.current_period_start, team_subscriptions.current_period_start),
  current_period_end = coalesce(EXCLUDED.current_period_end, team_subscriptions.current_period_end),
  cancel_at_period_end = EXCLUDED.cancel_at_period_end`,
			s.teamID, s.status, s.planID, s.priceID, s.customerID, s.subscriptionID, seats, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd)
	}
	if err != nil {
		return fmt.Errorf("record subscription %s: %w", s.subscriptionID, err)
	}
	return nil
}
