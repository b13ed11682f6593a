package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"daybase/functions"
)

// webhook is billing-webhook: Stripe's event deliveries, verified with the
// Stripe-Signature header (HMAC-SHA256 over "timestamp.payload" with the
// endpoint's secret, five minutes of tolerance) and applied once each.
func (s *Service) webhook(ctx context.Context, r *functions.Request) (any, error) {
	if s.cfg.StripeWebhookSecret == "" {
		return nil, functions.Errorf(http.StatusServiceUnavailable, "Stripe webhook not configured: set DAYBASE_STRIPE_WEBHOOK_SECRET")
	}
	payload, err := io.ReadAll(r.HTTP.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, functions.Errorf(http.StatusRequestEntityTooLarge, "Request body is larger than %d bytes", tooBig.Limit)
		}
		return nil, err
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.HTTP.Header.Get("Stripe-Signature"), s.cfg.StripeWebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, functions.Errorf(http.StatusBadRequest, "Invalid Stripe signature")
	}
	applied := false
	err = pgx.BeginFunc(ctx, s.admin, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, stmt.StripeEventRecord, ev.ID, string(ev.Type))
		if err != nil || tag.RowsAffected() == 0 {
			return err // a redelivery: already applied
		}
		applied = true
		return s.apply(ctx, tx, ev)
	})
	if err != nil {
		return nil, fmt.Errorf("stripe event %s (%s): %w", ev.ID, ev.Type, err)
	}
	s.log.Info("stripe event", "id", ev.ID, "type", ev.Type, "applied", applied)
	return map[string]bool{"received": true}, nil
}

func (s *Service) apply(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
	if ev.Data == nil {
		return nil
	}
	switch ev.Type {
	case "checkout.session.completed":
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil {
			return err
		}
		if cs.Subscription == nil || cs.Metadata["user_id"] == "" {
			return nil // not a subscription checkout of ours
		}
		status := "active"
		if cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusUnpaid {
			status = "incomplete"
		}
		sub := subscription{userID: cs.Metadata["user_id"], teamID: cs.Metadata["team_id"], planID: cs.Metadata["plan_id"],
			priceID: s.cfg.StripePrices[cs.Metadata["plan_id"]], subscriptionID: cs.Subscription.ID, status: status, seats: 1}
		if cs.Customer != nil {
			sub.customerID = cs.Customer.ID
		}
		return insertIfAbsent(ctx, tx, sub)
	case "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted":
		var ss stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &ss); err != nil {
			return err
		}
		sub := subscription{userID: ss.Metadata["user_id"], teamID: ss.Metadata["team_id"], planID: ss.Metadata["plan_id"],
			subscriptionID: ss.ID, status: string(ss.Status), cancelAtPeriodEnd: ss.CancelAtPeriodEnd, seats: 1}
		if ev.Type == "customer.subscription.deleted" {
			sub.status = "canceled"
		}
		if ss.Customer != nil {
			sub.customerID = ss.Customer.ID
		}
		if ss.Items != nil && len(ss.Items.Data) > 0 {
			it := ss.Items.Data[0]
			sub.seats = int(max(it.Quantity, 1))
			if it.Price != nil {
				sub.priceID = it.Price.ID
				// A plan changed in the portal shows as a new price.
				if p, ok := (&stripeProvider{prices: s.cfg.StripePrices}).priceByStripeID(it.Price.ID); ok {
					sub.planID = p.Name
				}
			}
			if it.CurrentPeriodStart > 0 {
				a, b := time.Unix(it.CurrentPeriodStart, 0), time.Unix(it.CurrentPeriodEnd, 0)
				sub.periodStart, sub.periodEnd = &a, &b
			}
		}
		if sub.userID == "" && sub.teamID == "" {
			// Made outside our checkout: only a row we already know follows.
			return updateKnown(ctx, tx, sub)
		}
		if sub.planID == "" {
			sub.planID = "pro"
		}
		return upsertSubscription(ctx, tx, sub)
	}
	return nil
}

func insertIfAbsent(ctx context.Context, tx pgx.Tx, s subscription) error {
	var exists bool
	existsSQL := stmt.UserSubscriptionExists
	if s.teamID != "" {
		existsSQL = stmt.TeamSubscriptionExists
	}
	if err := tx.QueryRow(ctx, existsSQL, s.subscriptionID).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil // the subscription events know better than the checkout
	}
	return upsertSubscription(ctx, tx, s)
}

func updateKnown(ctx context.Context, tx pgx.Tx, s subscription) error {
	for _, updateSQL := range []string{stmt.UserSubscriptionUpdate, stmt.TeamSubscriptionUpdate} {
		if _, err := tx.Exec(ctx, updateSQL, s.subscriptionID, s.status, s.cancelAtPeriodEnd, s.periodStart, s.periodEnd); err != nil {
			return err
		}
	}
	return nil
}
