package billing

import (
	"context"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v85"
)

// stripeProvider starts Stripe Checkout Sessions and billing-portal
// sessions.
type stripeProvider struct {
	client *stripe.Client
	prices map[string]string // name -> Stripe price id
}

func newStripeProvider(cfg Config) *stripeProvider {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	bc := &stripe.BackendConfig{HTTPClient: hc, MaxNetworkRetries: stripe.Int64(2),
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull}}
	if cfg.StripeAPIURL != "" {
		bc.URL = stripe.String(cfg.StripeAPIURL)
	}
	backends := &stripe.Backends{
		API:     stripe.GetBackendWithConfig(stripe.APIBackend, bc),
		Connect: stripe.GetBackendWithConfig(stripe.ConnectBackend, bc),
		Uploads: stripe.GetBackendWithConfig(stripe.UploadsBackend, bc),
	}
	return &stripeProvider{client: stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(backends)), prices: cfg.StripePrices}
}

// priceByStripeID maps a configured Stripe price id back to its price.
func (p *stripeProvider) priceByStripeID(id string) (Price, bool) {
	for name, sid := range p.prices {
		if sid == id {
			return priceByName(name)
		}
	}
	return Price{}, false
}

// metadata ties Stripe objects back to daybase rows; the webhook reads it.
func metadata(c checkout) map[string]string {
	m := map[string]string{"user_id": c.userID, "plan_id": c.price.Name}
	if c.teamID != "" {
		m["team_id"] = c.teamID
	}
	return m
}

func (p *stripeProvider) checkout(ctx context.Context, c checkout) (string, error) {
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		SuccessURL:        stripe.String(c.successURL),
		CancelURL:         stripe.String(c.cancelURL),
		ClientReferenceID: stripe.String(c.userID),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Price:    stripe.String(p.prices[c.price.Name]),
			Quantity: stripe.Int64(int64(c.seats)),
		}},
		Metadata:         metadata(c),
		SubscriptionData: &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: metadata(c)},
	}
	switch {
	case c.customerID != "":
		params.Customer = stripe.String(c.customerID)
	case c.customerEmail != "":
		params.CustomerEmail = stripe.String(c.customerEmail)
	}
	s, err := p.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return s.URL, nil
}

func (p *stripeProvider) portal(ctx context.Context, pt portal) (string, error) {
	s, err := p.client.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer:  stripe.String(pt.customerID),
		ReturnURL: stripe.String(pt.returnURL),
	})
	if err != nil {
		return "", err
	}
	return s.URL, nil
}
