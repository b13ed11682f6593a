// Package billing serves the billing functions of spec 000 §7 —
// billing-checkout, billing-portal, team-billing-checkout and
// team-billing-portal, each returning {url} — and keeps user_subscriptions
// and team_subscriptions true, so the plan caps of the database follow
// payments.
//
// With a Stripe secret key configured, checkout and portal are Stripe
// Checkout Sessions and billing-portal sessions (stripe-go), and the
// billing-webhook function (public, signature verified) applies Stripe's
// subscription events. Without one, and only when Config.LocalCheckout
// allows it (a development setting), a built-in local provider serves its
// own checkout and portal pages (the billing-local function) and records
// the subscription itself, so the whole upgrade path works on a laptop.
// Without either, billing is not set up: checkout and portal answer 503,
// billing-config tells the app so, and the operator assigns plans with
// `daybase plan set`.
//
// Prices are named (pro_monthly, pro_annual, team_monthly, team_annual);
// the subscription's plan_id is that name, which private.user_plan reads
// as team when it contains "team" and as pro otherwise.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/functions"
	"daybase/internal/identity"
)

// Price is one named price of the plans dialog (000 §9; docs/decisions.md).
type Price struct {
	Name   string // pro_monthly ...
	Plan   string // pro or team
	Amount string // what the local checkout page shows
	Period string // month or year
}

// Prices are the prices daybase sells, in the plans dialog's model:
// Pro 6.99 a month or 59.99 a year; Team 9.99 per seat a month or 96 a year.
var Prices = []Price{
	{"pro_monthly", "pro", "$6.99", "month"},
	{"pro_annual", "pro", "$59.99", "year"},
	{"team_monthly", "team", "$9.99 per seat", "month"},
	{"team_annual", "team", "$96 per seat", "year"},
}

func priceByName(name string) (Price, bool) {
	for _, p := range Prices {
		if p.Name == name {
			return p, true
		}
	}
	return Price{}, false
}

// Config configures billing.
type Config struct {
	// PublicURL is the server's base URL (local pages, default return URLs).
	PublicURL string
	// StripeSecretKey enables Stripe. Env DAYBASE_STRIPE_SECRET_KEY.
	StripeSecretKey string
	// LocalCheckout enables, without Stripe, the built-in checkout whose
	// "pay" button makes anyone Pro for free: a development setting. Env
	// DAYBASE_BILLING_LOCAL_CHECKOUT; cmd/daybase turns it on by default
	// only for a loopback development server.
	LocalCheckout bool
	// StripeWebhookSecret verifies billing-webhook deliveries (whsec_…).
	// Env DAYBASE_STRIPE_WEBHOOK_SECRET.
	StripeWebhookSecret string
	// StripePrices maps price names to Stripe price ids (price_…).
	// Env DAYBASE_STRIPE_PRICE_PRO_MONTHLY, _PRO_ANNUAL, _TEAM_MONTHLY, _TEAM_ANNUAL.
	StripePrices map[string]string
	// StripeAPIURL overrides Stripe's API base URL (a local fake in tests).
	// Env DAYBASE_STRIPE_API_URL.
	StripeAPIURL string
	// HTTPClient calls Stripe; nil uses a client with a 30 s timeout.
	HTTPClient *http.Client
}

// Service implements the billing functions.
type Service struct {
	cfg    Config
	admin  *pgxpool.Pool
	log    *slog.Logger
	stripe *stripeProvider // nil: local provider, or none
	now    func() time.Time
}

// Providers, as billing-config names them (wire contract with the app).
const (
	providerStripe = "stripe"
	providerLocal  = "local"
	providerNone   = "none"
)

// provider is who takes payments on this server.
func (s *Service) provider() string {
	switch {
	case s.stripe != nil:
		return providerStripe
	case s.cfg.LocalCheckout:
		return providerLocal
	}
	return providerNone
}

// errNotSetUp answers checkout and portal when nobody takes payments.
func errNotSetUp() error {
	return functions.Errorf(http.StatusServiceUnavailable,
		"Billing is not set up on this server: plans are assigned by its operator (daybase plan set EMAIL pro|team|free)")
}

// config is billing-config: which provider takes payments, so the app can
// say that billing is not set up instead of offering an upgrade.
func (s *Service) config(context.Context, *functions.Request) (any, error) {
	return map[string]string{"provider": s.provider()}, nil
}

// New returns the billing service; admin bypasses row-level security
// (subscriptions are written by the server only).
func New(cfg Config, admin *pgxpool.Pool, log *slog.Logger) *Service {
	s := &Service{cfg: cfg, admin: admin, log: log.With("component", "billing"), now: time.Now}
	if cfg.StripeSecretKey != "" {
		s.stripe = newStripeProvider(cfg)
	}
	return s
}

// Functions returns the billing functions; billing-webhook and
// billing-local are public (Stripe and a browser navigation carry no user
// JWT; the signature and the session token are their credentials), and so
// is billing-config, which names only the provider.
func (s *Service) Functions() []functions.Function {
	return []functions.Function{
		{Name: "billing-checkout", Handler: s.checkout},
		{Name: "billing-portal", Handler: s.portal},
		{Name: "team-billing-checkout", Handler: s.teamCheckout},
		{Name: "team-billing-portal", Handler: s.teamPortal},
		{Name: "billing-webhook", Handler: s.webhook, Public: true, MaxBody: 1 << 20},
		{Name: "billing-local", Handler: s.local, Public: true, MaxBody: 64 << 10},
		{Name: "billing-config", Handler: s.config, Public: true},
	}
}

// checkoutRequest is the body of billing-checkout and team-billing-checkout
// (000 §7; wire contract).
type checkoutRequest struct {
	PriceID       string `json:"priceId"`
	Mode          string `json:"mode"`
	SuccessURL    string `json:"successUrl"`
	CancelURL     string `json:"cancelUrl"`
	CustomerEmail string `json:"customerEmail"`
	UserID        string `json:"userId"`
	TeamID        string `json:"teamId"`
	Seats         *int   `json:"seats"`
}

// portalRequest is the body of billing-portal and team-billing-portal.
type portalRequest struct {
	CustomerID string `json:"customerId"`
	Email      string `json:"email"`
	TeamID     string `json:"teamId"`
}

// checkout is one validated checkout to start.
type checkout struct {
	userID        string
	teamID        string // "" for a personal plan
	price         Price
	seats         int
	customerEmail string
	customerID    string // the existing billing customer, if any
	successURL    string
	cancelURL     string
}

// portal is one validated portal visit.
type portal struct {
	userID     string
	teamID     string
	customerID string
	returnURL  string
}

func fail(team bool, checkout bool, status int, format string, args ...any) error {
	prefix := "Unable to start checkout"
	switch {
	case team && checkout:
		prefix = "Unable to start team checkout"
	case team:
		prefix = "Unable to open team billing portal"
	case !checkout:
		prefix = "Unable to open billing portal"
	}
	return functions.Errorf(status, "%s: %s", prefix, fmt.Sprintf(format, args...))
}

func (s *Service) checkout(ctx context.Context, r *functions.Request) (any, error) {
	var in checkoutRequest
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	if s.provider() == providerNone {
		return nil, errNotSetUp()
	}
	if in.UserID != "" && r.Caller.Role != identity.ServiceRole && in.UserID != r.UserID() {
		return nil, fail(false, true, http.StatusForbidden, "userId must be the signed-in user")
	}
	c, err := s.validateCheckout(r, in, false)
	if err != nil {
		return nil, err
	}
	c.customerID, err = s.latestCustomer(ctx, stmt.UserCustomerLatest, c.userID)
	if err != nil {
		return nil, err
	}
	return s.startCheckout(ctx, c, false)
}

func (s *Service) teamCheckout(ctx context.Context, r *functions.Request) (any, error) {
	var in checkoutRequest
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	if s.provider() == providerNone {
		return nil, errNotSetUp()
	}
	c, err := s.validateCheckout(r, in, true)
	if err != nil {
		return nil, err
	}
	if err := s.mustManageTeam(ctx, r, c.teamID, true); err != nil {
		return nil, err
	}
	c.customerID, err = s.latestCustomer(ctx, stmt.TeamCustomerLatest, c.teamID)
	if err != nil {
		return nil, err
	}
	return s.startCheckout(ctx, c, true)
}

func (s *Service) startCheckout(ctx context.Context, c checkout, team bool) (any, error) {
	var (
		u   string
		err error
	)
	switch s.provider() {
	case providerStripe:
		u, err = s.stripe.checkout(ctx, c)
	case providerLocal:
		u, err = s.localCheckout(ctx, c)
	default:
		return nil, errNotSetUp()
	}
	if err != nil {
		var fe *functions.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		s.log.Error("checkout failed", "user_id", c.userID, "team_id", c.teamID, "err", err)
		return nil, fail(team, true, http.StatusBadGateway, "the billing provider did not answer")
	}
	return map[string]string{"url": u}, nil
}

// validateCheckout checks the request fields; the caller's right to bill
// the team is checked separately.
func (s *Service) validateCheckout(r *functions.Request, in checkoutRequest, team bool) (checkout, error) {
	c := checkout{userID: r.UserID(), customerEmail: strings.TrimSpace(in.CustomerEmail), seats: 1}
	if c.userID == "" {
		c.userID = in.UserID // service_role acting for a user
	}
	if c.userID == "" {
		return c, fail(team, true, http.StatusBadRequest, "missing userId")
	}
	if in.PriceID == "" {
		return c, fail(team, true, http.StatusBadRequest, "missing priceId; send one of the price ids %s", priceNames(team))
	}
	p, ok := priceByName(in.PriceID)
	if !ok && s.stripe != nil {
		p, ok = s.stripe.priceByStripeID(in.PriceID)
	}
	if !ok || (p.Plan == "team") != team {
		return c, fail(team, true, http.StatusBadRequest, "unknown price id %q; send one of %s", in.PriceID, priceNames(team))
	}
	if s.stripe != nil && s.cfg.StripePrices[p.Name] == "" {
		return c, fail(team, true, http.StatusServiceUnavailable,
			"price %s has no Stripe price id; set DAYBASE_STRIPE_PRICE_%s and the Stripe secret key", p.Name, strings.ToUpper(p.Name))
	}
	c.price = p
	if in.Mode != "" && in.Mode != "subscription" {
		return c, fail(team, true, http.StatusBadRequest, "mode must be subscription")
	}
	if team {
		c.teamID = in.TeamID
		if c.teamID == "" {
			return c, fail(team, true, http.StatusBadRequest, "missing teamId")
		}
		c.seats = 5 // 000 §9: team checkout defaults to 5 seats
		if in.Seats != nil {
			c.seats = *in.Seats
		}
		if c.seats < 1 || c.seats > 1000 {
			return c, fail(team, true, http.StatusBadRequest, "seats must be between 1 and 1000")
		}
	}
	var err error
	back := s.cfg.PublicURL + "/app/settings/billing"
	if team {
		back = s.cfg.PublicURL + "/app/teams/" + url.PathEscape(c.teamID) + "/settings"
	}
	if c.successURL, err = redirectURL(in.SuccessURL, back+"?checkout=success"); err != nil {
		return c, fail(team, true, http.StatusBadRequest, "successUrl %v", err)
	}
	if c.cancelURL, err = redirectURL(in.CancelURL, back+"?checkout=cancelled"); err != nil {
		return c, fail(team, true, http.StatusBadRequest, "cancelUrl %v", err)
	}
	return c, nil
}

func priceNames(team bool) string {
	var names []string
	for _, p := range Prices {
		if (p.Plan == "team") == team {
			names = append(names, p.Name)
		}
	}
	return strings.Join(names, ", ")
}

// redirectURL accepts an absolute http(s) URL, or def when empty.
func redirectURL(raw, def string) (string, error) {
	if raw == "" {
		return def, nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", errors.New("must be an absolute http or https URL")
	}
	return u.String(), nil
}

func (s *Service) latestCustomer(ctx context.Context, sql, id string) (string, error) {
	var c string
	err := s.admin.QueryRow(ctx, sql, id).Scan(&c)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return c, err
}

// mustManageTeam refuses callers who are not an active admin of the team
// (the owner is one; 0201). service_role may bill any team.
func (s *Service) mustManageTeam(ctx context.Context, r *functions.Request, teamID string, checkout bool) error {
	if r.Caller.Role == identity.ServiceRole {
		return nil
	}
	var role *string
	var exists bool
	err := s.admin.QueryRow(ctx, stmt.TeamAdminRole,
		teamID, r.UserID()).Scan(&exists, &role)
	if err != nil {
		return fail(true, checkout, http.StatusNotFound, "team not found")
	}
	switch {
	case !exists || role == nil:
		return fail(true, checkout, http.StatusNotFound, "team not found")
	case *role != "admin":
		return fail(true, checkout, http.StatusForbidden, "only team admins manage billing")
	}
	return nil
}

func (s *Service) portal(ctx context.Context, r *functions.Request) (any, error) {
	var in portalRequest
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	if s.provider() == providerNone {
		return nil, errNotSetUp()
	}
	p := portal{userID: r.UserID(), returnURL: s.cfg.PublicURL + "/app/settings/billing"}
	if p.userID == "" {
		return nil, fail(false, false, http.StatusBadRequest, "a signed-in user is required")
	}
	err := s.admin.QueryRow(ctx, stmt.UserCustomerForPortal, p.userID, in.CustomerID).Scan(&p.customerID)
	if errors.Is(err, pgx.ErrNoRows) {
		if in.CustomerID != "" {
			return nil, fail(false, false, http.StatusForbidden, "customerId is not yours")
		}
		return nil, fail(false, false, http.StatusNotFound, "no subscription yet; start a checkout first")
	}
	if err != nil {
		return nil, err
	}
	return s.openPortal(ctx, p, false)
}

func (s *Service) teamPortal(ctx context.Context, r *functions.Request) (any, error) {
	var in portalRequest
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	if s.provider() == providerNone {
		return nil, errNotSetUp()
	}
	if in.TeamID == "" {
		return nil, fail(true, false, http.StatusBadRequest, "missing teamId")
	}
	if err := s.mustManageTeam(ctx, r, in.TeamID, false); err != nil {
		return nil, err
	}
	p := portal{userID: r.UserID(), teamID: in.TeamID, returnURL: s.cfg.PublicURL + "/app/teams/" + url.PathEscape(in.TeamID) + "/settings"}
	err := s.admin.QueryRow(ctx, stmt.TeamCustomerForPortal, in.TeamID, in.CustomerID).Scan(&p.customerID)
	if errors.Is(err, pgx.ErrNoRows) {
		if in.CustomerID != "" {
			return nil, fail(true, false, http.StatusForbidden, "customerId is not this team's")
		}
		return nil, fail(true, false, http.StatusNotFound, "the team has no subscription yet; start a checkout first")
	}
	if err != nil {
		return nil, err
	}
	return s.openPortal(ctx, p, true)
}

func (s *Service) openPortal(ctx context.Context, p portal, team bool) (any, error) {
	var (
		u   string
		err error
	)
	switch s.provider() {
	case providerStripe:
		u, err = s.stripe.portal(ctx, p)
	case providerLocal:
		u, err = s.localPortal(ctx, p)
	default:
		return nil, errNotSetUp()
	}
	if err != nil {
		s.log.Error("portal failed", "user_id", p.userID, "team_id", p.teamID, "err", err)
		return nil, fail(team, false, http.StatusBadGateway, "the billing provider did not answer")
	}
	return map[string]string{"url": u}, nil
}
