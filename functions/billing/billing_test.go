package billing_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"daybase/functions/billing"
	"daybase/functions/internal/fntest"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const public = "http://daybase.test"

type bundle struct {
	*fntest.Bundle
	srv  http.Handler
	user string
	me   identity.Identity
}

func setup(t *testing.T, cfg billing.Config) bundle {
	b := fntest.New(t)
	cfg.PublicURL = public
	svc := billing.New(cfg, b.Admin, b.Log)
	user := b.User(fmt.Sprintf("b%d@example.test", time.Now().UnixNano()))
	return bundle{Bundle: b, srv: b.Server(svc.Functions()...), user: user, me: fntest.As(user)}
}

func (b bundle) invoke(name string, id *identity.Identity, body any) fntest.Response {
	return fntest.Invoke(b.srv, "POST", "/"+name, id, body)
}

// browse requests a local billing page the way a browser does: no
// Authorization, the path under /functions/v1.
func (b bundle) browse(method, rawURL string, form url.Values) fntest.Response {
	b.T.Helper()
	u, err := url.Parse(rawURL)
	if err != nil || !strings.HasPrefix(u.Path, "/functions/v1/") {
		b.T.Fatalf("not a functions URL: %q", rawURL)
	}
	path := strings.TrimPrefix(u.Path, "/functions/v1")
	if form == nil {
		return fntest.Invoke(b.srv, method, path, nil, nil)
	}
	req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	b.srv.ServeHTTP(rec, req)
	return fntest.Response{Code: rec.Code, Header: rec.Header(), Body: rec.Body.String()}
}

func (b bundle) plan(userID string) string {
	var p string
	b.Scalar(&p, `SELECT private.user_plan($1)`, userID)
	return p
}

func TestLocalCheckoutAndPortal(t *testing.T) {
	b := setup(t, billing.Config{LocalCheckout: true})
	res := b.invoke("billing-checkout", &b.me, map[string]any{"priceId": "pro_monthly", "mode": "subscription",
		"successUrl": "http://app.test/ok", "cancelUrl": "http://app.test/no", "customerEmail": "x@example.test", "userId": b.user})
	if res.Code != 200 {
		t.Fatalf("checkout: %d %s", res.Code, res.Body)
	}
	var out struct{ URL string }
	res.JSON(t, &out)
	if !strings.HasPrefix(out.URL, public+"/functions/v1/billing-local/checkout/") {
		t.Fatalf("url = %q", out.URL)
	}
	page := b.browse("GET", out.URL, nil)
	if page.Code != 200 || !strings.Contains(page.Body, "Subscribe") || !strings.Contains(page.Body, "$6.99 a month") {
		t.Fatalf("checkout page: %d %s", page.Code, page.Body)
	}
	if b.plan(b.user) != "free" {
		t.Fatal("plan changed before paying")
	}
	paid := b.browse("POST", out.URL, url.Values{"action": {"pay"}})
	if paid.Code != 303 || paid.Header.Get("Location") != "http://app.test/ok" {
		t.Fatalf("pay: %d %v", paid.Code, paid.Header)
	}
	if p := b.plan(b.user); p != "pro" {
		t.Fatalf("plan after paying = %s", p)
	}
	// Paying twice (a double submit) records nothing more.
	b.browse("POST", out.URL, url.Values{"action": {"pay"}})
	var n int
	b.Scalar(&n, `SELECT count(*) FROM public.user_subscriptions WHERE user_id = $1`, b.user)
	if n != 1 {
		t.Errorf("subscriptions = %d", n)
	}

	res = b.invoke("billing-portal", &b.me, map[string]any{"customerId": nil, "email": "x@example.test"})
	if res.Code != 200 {
		t.Fatalf("portal: %d %s", res.Code, res.Body)
	}
	res.JSON(t, &out)
	page = b.browse("GET", out.URL, nil)
	if page.Code != 200 || !strings.Contains(page.Body, "pro_monthly") || !strings.Contains(page.Body, "Cancel subscription") {
		t.Fatalf("portal page: %d %s", page.Code, page.Body)
	}
	var sub string
	b.Scalar(&sub, `SELECT subscription_id FROM public.user_subscriptions WHERE user_id = $1`, b.user)
	b.browse("POST", out.URL, url.Values{"action": {"cancel"}, "subscription": {sub}})
	if p := b.plan(b.user); p != "free" {
		t.Errorf("plan after cancelling = %s", p)
	}
}

// TestNoFreeProWithoutBilling is issue 17's finding 11: with neither Stripe
// nor the local checkout (a development setting), a user cannot make
// themselves Pro — no checkout, no local pay page, even with a page token
// of an earlier session — and billing-config says billing is not set up.
func TestNoFreeProWithoutBilling(t *testing.T) {
	b := setup(t, billing.Config{})
	res := b.invoke("billing-config", &b.me, nil)
	if res.Code != 200 || strings.TrimSpace(res.Body) != `{"provider":"none"}` {
		t.Fatalf("billing-config: %d %s", res.Code, res.Body)
	}
	res = b.invoke("billing-checkout", &b.me, map[string]any{"priceId": "pro_monthly", "mode": "subscription",
		"successUrl": "http://app.test/ok", "cancelUrl": "http://app.test/no", "userId": b.user})
	want := `{"error":"Billing is not set up on this server: plans are assigned by its operator (daybase plan set EMAIL pro|team|free)"}`
	if res.Code != 503 || strings.TrimSpace(res.Body) != want {
		t.Fatalf("checkout: %d %s", res.Code, res.Body)
	}
	// An operator-assigned plan has no portal to manage it in.
	var email string
	b.Scalar(&email, `SELECT email FROM auth.users WHERE id = $1`, b.user)
	if err := billing.AssignPlan(t.Context(), b.Admin, email, "pro"); err != nil {
		t.Fatal(err)
	}
	if res := b.invoke("billing-portal", &b.me, map[string]any{"email": email}); res.Code != 503 {
		t.Fatalf("portal: %d %s", res.Code, res.Body)
	}
	if err := billing.AssignPlan(t.Context(), b.Admin, email, "free"); err != nil {
		t.Fatal(err)
	}
	// A checkout session started while the local checkout was on cannot be
	// paid once it is off.
	on := billing.New(billing.Config{PublicURL: public, LocalCheckout: true}, b.Admin, b.Log)
	withLocal := b.Server(on.Functions()...)
	res = fntest.Invoke(withLocal, "POST", "/billing-checkout", &b.me, map[string]any{"priceId": "pro_monthly",
		"successUrl": "http://app.test/ok", "cancelUrl": "http://app.test/no", "userId": b.user})
	var out struct{ URL string }
	res.JSON(t, &out)
	if paid := b.browse("POST", out.URL, url.Values{"action": {"pay"}}); paid.Code != 404 {
		t.Fatalf("pay with local checkout off: %d %s", paid.Code, paid.Body)
	}
	if p := b.plan(b.user); p != "free" {
		t.Fatalf("plan = %s, want free", p)
	}

	res = fntest.Invoke(withLocal, "POST", "/billing-config", &b.me, nil)
	if strings.TrimSpace(res.Body) != `{"provider":"local"}` {
		t.Fatalf("billing-config with local checkout: %s", res.Body)
	}
}

func TestCheckoutErrors(t *testing.T) {
	b := setup(t, billing.Config{LocalCheckout: true})
	other := b.User("other@example.test")
	tests := []struct {
		name     string
		fn       string
		body     any
		wantCode int
		wantBody string
	}{
		{"missing price", "billing-checkout", map[string]any{"userId": b.user}, 400,
			`{"error":"Unable to start checkout: missing priceId; send one of the price ids pro_monthly, pro_annual"}`},
		{"unknown price", "billing-checkout", map[string]any{"priceId": "gold", "userId": b.user}, 400,
			`{"error":"Unable to start checkout: unknown price id \"gold\"; send one of pro_monthly, pro_annual"}`},
		{"team price on the personal checkout", "billing-checkout", map[string]any{"priceId": "team_monthly", "userId": b.user}, 400,
			`{"error":"Unable to start checkout: unknown price id \"team_monthly\"; send one of pro_monthly, pro_annual"}`},
		{"someone else's userId", "billing-checkout", map[string]any{"priceId": "pro_monthly", "userId": other}, 403,
			`{"error":"Unable to start checkout: userId must be the signed-in user"}`},
		{"open redirect refused", "billing-checkout", map[string]any{"priceId": "pro_monthly", "userId": b.user, "successUrl": "javascript:alert(1)"}, 400,
			`{"error":"Unable to start checkout: successUrl must be an absolute http or https URL"}`},
		{"portal without subscription", "billing-portal", map[string]any{}, 404,
			`{"error":"Unable to open billing portal: no subscription yet; start a checkout first"}`},
		{"team checkout without team", "team-billing-checkout", map[string]any{"priceId": "team_monthly"}, 400,
			`{"error":"Unable to start team checkout: missing teamId"}`},
		{"team checkout of an unknown team", "team-billing-checkout", map[string]any{"priceId": "team_monthly", "teamId": "6d1f3c52-8f0e-4f57-9d59-0d6a3a4b5c6d"}, 404,
			`{"error":"Unable to start team checkout: team not found"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := b.invoke(tt.fn, &b.me, tt.body)
			if res.Code != tt.wantCode || strings.TrimSpace(res.Body) != tt.wantBody {
				t.Errorf("got %d %s\nwant %d %s", res.Code, res.Body, tt.wantCode, tt.wantBody)
			}
		})
	}
}

func TestLocalTeamCheckout(t *testing.T) {
	b := setup(t, billing.Config{LocalCheckout: true})
	var team string
	b.Scalar(&team, `INSERT INTO public.teams (name, owner_id) VALUES ('Crew', $1) RETURNING id::text`, b.user)
	member := b.User("member@example.test")
	b.Exec(`INSERT INTO public.team_members (team_id, user_id, role, status) VALUES ($1, $2, 'member', 'active')`, team, member)

	mem := fntest.As(member)
	if res := b.invoke("team-billing-checkout", &mem, map[string]any{"priceId": "team_monthly", "teamId": team}); res.Code != 403 {
		t.Errorf("member checkout: %d %s", res.Code, res.Body)
	}
	res := b.invoke("team-billing-checkout", &b.me, map[string]any{"priceId": "team_annual", "teamId": team, "seats": 7,
		"successUrl": "http://app.test/team-ok", "cancelUrl": "http://app.test/no"})
	if res.Code != 200 {
		t.Fatalf("team checkout: %d %s", res.Code, res.Body)
	}
	var out struct{ URL string }
	res.JSON(t, &out)
	if r := b.browse("POST", out.URL, url.Values{"action": {"pay"}}); r.Code != 303 {
		t.Fatalf("pay: %d %s", r.Code, r.Body)
	}
	var plan string
	var seats int
	b.Scalar(&plan, `SELECT plan_id || ':' || status FROM public.team_subscriptions WHERE team_id = $1`, team)
	b.Scalar(&seats, `SELECT seats FROM public.team_subscriptions WHERE team_id = $1`, team)
	if plan != "team_annual:active" || seats != 7 {
		t.Errorf("team subscription = %s, %d seats", plan, seats)
	}
	if res := b.invoke("team-billing-portal", &b.me, map[string]any{"teamId": team}); res.Code != 200 {
		t.Errorf("team portal: %d %s", res.Code, res.Body)
	}
}

// fakeStripe stands in for api.stripe.com (an external service): it
// records the form of each call and answers like Stripe.
type fakeStripe struct {
	mu    sync.Mutex
	calls map[string]url.Values
}

func (f *fakeStripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	f.mu.Lock()
	f.calls[r.URL.Path] = r.PostForm
	f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer sk_test_daybase" {
		w.WriteHeader(401)
		io.WriteString(w, `{"error":{"type":"invalid_request_error","message":"Invalid API Key provided"}}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/v1/checkout/sessions":
		io.WriteString(w, `{"id":"cs_test_1","object":"checkout.session","url":"https://checkout.stripe.test/c/pay/cs_test_1"}`)
	case "/v1/billing_portal/sessions":
		io.WriteString(w, `{"id":"bps_1","object":"billing_portal.session","url":"https://billing.stripe.test/p/session/bps_1"}`)
	default:
		w.WriteHeader(404)
		io.WriteString(w, `{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}`)
	}
}

const whsec = "whsec_test_secret"

// sign computes the Stripe-Signature header with Stripe's scheme: v1 is
// hex(HMAC-SHA256(secret, "<t>.<payload>")).
func sign(payload []byte, at time.Time) string {
	mac := hmac.New(sha256.New, []byte(whsec))
	fmt.Fprintf(mac, "%d.%s", at.Unix(), payload)
	return fmt.Sprintf("t=%d,v1=%s", at.Unix(), hex.EncodeToString(mac.Sum(nil)))
}

func (b bundle) deliver(event map[string]any, sig func([]byte) string) fntest.Response {
	payload, _ := json.Marshal(event)
	req := httptest.NewRequest("POST", "/billing-webhook", strings.NewReader(string(payload)))
	req.Header.Set("Stripe-Signature", sig(payload))
	rec := httptest.NewRecorder()
	b.srv.ServeHTTP(rec, req)
	return fntest.Response{Code: rec.Code, Body: rec.Body.String()}
}

func TestStripeCheckoutAndWebhook(t *testing.T) {
	fake := &fakeStripe{calls: map[string]url.Values{}}
	api := httptest.NewServer(fake)
	defer api.Close()
	b := setup(t, billing.Config{StripeSecretKey: "sk_test_daybase", StripeWebhookSecret: whsec, StripeAPIURL: api.URL,
		StripePrices: map[string]string{"pro_monthly": "price_pro_m", "team_monthly": "price_team_m"}})

	res := b.invoke("billing-checkout", &b.me, map[string]any{"priceId": "pro_monthly", "mode": "subscription",
		"successUrl": "http://app.test/ok", "cancelUrl": "http://app.test/no", "customerEmail": "x@example.test", "userId": b.user})
	if res.Code != 200 || res.Body != `{"url":"https://checkout.stripe.test/c/pay/cs_test_1"}`+"\n" {
		t.Fatalf("checkout: %d %s", res.Code, res.Body)
	}
	form := fake.calls["/v1/checkout/sessions"]
	for k, want := range map[string]string{"mode": "subscription", "line_items[0][price]": "price_pro_m", "line_items[0][quantity]": "1",
		"customer_email": "x@example.test", "client_reference_id": b.user, "metadata[user_id]": b.user,
		"subscription_data[metadata][plan_id]": "pro_monthly", "success_url": "http://app.test/ok"} {
		if got := form.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	// A configured name without a Stripe price id is refused with the fix.
	res = b.invoke("billing-checkout", &b.me, map[string]any{"priceId": "pro_annual", "userId": b.user})
	if res.Code != 503 || !strings.Contains(res.Body, "set DAYBASE_STRIPE_PRICE_PRO_ANNUAL and the Stripe secret key") {
		t.Errorf("unpriced: %d %s", res.Code, res.Body)
	}

	now := time.Now()
	completed := map[string]any{"id": "evt_1", "object": "event", "type": "checkout.session.completed", "api_version": "2020-08-27",
		"data": map[string]any{"object": map[string]any{"id": "cs_test_1", "object": "checkout.session", "customer": "cus_1",
			"subscription": "sub_1", "payment_status": "paid", "metadata": map[string]string{"user_id": b.user, "plan_id": "pro_monthly"}}}}
	good := func(p []byte) string { return sign(p, now) }
	if r := b.deliver(completed, func(p []byte) string { return sign(p, now)[:20] + "00" }); r.Code != 400 {
		t.Errorf("bad signature: %d %s", r.Code, r.Body)
	}
	if r := b.deliver(completed, func(p []byte) string { return sign(p, now.Add(-time.Hour)) }); r.Code != 400 {
		t.Errorf("stale signature: %d %s", r.Code, r.Body)
	}
	if b.plan(b.user) != "free" {
		t.Fatal("an unverified event changed the plan")
	}
	if r := b.deliver(completed, good); r.Code != 200 {
		t.Fatalf("webhook: %d %s", r.Code, r.Body)
	}
	if b.plan(b.user) != "pro" {
		t.Fatal("plan not pro after checkout.session.completed")
	}
	// The portal now finds the customer.
	res = b.invoke("billing-portal", &b.me, map[string]any{"customerId": "cus_1"})
	if res.Code != 200 || fake.calls["/v1/billing_portal/sessions"].Get("customer") != "cus_1" {
		t.Errorf("portal: %d %s", res.Code, res.Body)
	}
	if res := b.invoke("billing-portal", &b.me, map[string]any{"customerId": "cus_someone_else"}); res.Code != 403 {
		t.Errorf("foreign customer: %d %s", res.Code, res.Body)
	}
	// Payment fails: past_due keeps Pro (000 §4); deletion ends it. A
	// redelivered event is applied once.
	update := func(id, typ, status string) map[string]any {
		return map[string]any{"id": id, "object": "event", "type": typ, "api_version": "2020-08-27",
			"data": map[string]any{"object": map[string]any{"id": "sub_1", "object": "subscription", "customer": "cus_1", "status": status,
				"metadata": map[string]string{"user_id": b.user, "plan_id": "pro_monthly"},
				"items": map[string]any{"object": "list", "data": []any{map[string]any{"id": "si_1", "quantity": 1,
					"current_period_start": now.Unix(), "current_period_end": now.Add(30 * 24 * time.Hour).Unix(),
					"price": map[string]any{"id": "price_pro_m"}}}}}}}
	}
	b.deliver(update("evt_2", "customer.subscription.updated", "past_due"), good)
	if b.plan(b.user) != "pro" {
		t.Error("past_due should keep pro")
	}
	b.deliver(update("evt_3", "customer.subscription.deleted", "canceled"), good)
	if b.plan(b.user) != "free" {
		t.Error("deleted subscription should end pro")
	}
	b.deliver(update("evt_2", "customer.subscription.updated", "active"), good) // same id: ignored
	if b.plan(b.user) != "free" {
		t.Error("a redelivered event was applied twice")
	}
	var status string
	b.Scalar(&status, `SELECT status FROM public.user_subscriptions WHERE subscription_id = 'sub_1'`)
	if status != "canceled" {
		t.Errorf("status = %s", status)
	}
}

// TestAssignPlan: the operator's way to give plans when billing is not set
// up (daybase plan set). The caps follow at once; free cancels the rest.
func TestAssignPlan(t *testing.T) {
	b := setup(t, billing.Config{})
	ctx := t.Context()
	var email string
	b.Scalar(&email, `SELECT email FROM auth.users WHERE id = $1`, b.user)
	for _, plan := range []string{"pro", "team", "pro", "free"} {
		if err := billing.AssignPlan(ctx, b.Admin, strings.ToUpper(email), plan); err != nil {
			t.Fatalf("assign %s: %v", plan, err)
		}
		if got := b.plan(b.user); got != plan {
			t.Fatalf("after assigning %s the plan is %s", plan, got)
		}
		if got, err := billing.CurrentPlan(ctx, b.Admin, email); err != nil || got != plan {
			t.Fatalf("CurrentPlan = %s, %v; want %s", got, err, plan)
		}
	}
	var active int
	b.Scalar(&active, `SELECT count(*) FROM public.user_subscriptions WHERE user_id = $1 AND status = 'active'`, b.user)
	if active != 0 {
		t.Errorf("%d active subscriptions after free", active)
	}
	if err := billing.AssignPlan(ctx, b.Admin, "nobody@example.test", "pro"); !errors.Is(err, billing.ErrNoAccount) {
		t.Errorf("unknown address: %v", err)
	}
	if err := billing.AssignPlan(ctx, b.Admin, email, "gold"); err == nil {
		t.Error("unknown plan accepted")
	}
}
