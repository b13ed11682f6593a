package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Plans an operator can assign with AssignPlan.
var Plans = []string{"free", "pro", "team"}

// ErrNoAccount is AssignPlan's answer for an address without an account.
var ErrNoAccount = errors.New("no account with that e-mail address")

// AssignPlan puts the account of email on plan ("free", "pro" or "team")
// without a payment: how plans are given on a server where billing is not
// set up (`daybase plan set`). Every active subscription of the user is
// canceled, and for pro or team one active subscription is recorded whose
// subscription_id starts with "operator_", so the plan caps follow at once.
// admin must bypass row-level security.
func AssignPlan(ctx context.Context, admin *pgxpool.Pool, email, plan string) error {
	switch plan {
	case "free", "pro", "team":
	default:
		return fmt.Errorf("unknown plan %q: want free, pro or team", plan)
	}
	return pgx.BeginFunc(ctx, admin, func(tx pgx.Tx) error {
		var userID string
		err := tx.QueryRow(ctx, stmt.PlanAccountFind, email).Scan(&userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrNoAccount, email)
		}
		if err != nil {
			return fmt.Errorf("find account %s: %w", email, err)
		}
		if _, err := tx.Exec(ctx, stmt.PlanSubscriptionsCancel, userID); err != nil {
			return fmt.Errorf("cancel subscriptions of %s: %w", email, err)
		}
		if plan == "free" {
			return nil
		}
		if _, err := tx.Exec(ctx, stmt.PlanSubscriptionInsert, userID, plan); err != nil {
			return fmt.Errorf("assign %s to %s: %w", plan, email, err)
		}
		return nil
	})
}

// CurrentPlan is the plan the caps apply to for the account of email.
func CurrentPlan(ctx context.Context, admin *pgxpool.Pool, email string) (string, error) {
	var plan *string
	err := admin.QueryRow(ctx, stmt.PlanCurrent, email).Scan(&plan)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("%w: %s", ErrNoAccount, email)
	}
	if err != nil {
		return "", fmt.Errorf("read plan of %s: %w", email, err)
	}
	if plan == nil {
		return "free", nil
	}
	return *plan, nil
}
