package billing

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions"
)

// The local provider: billing-checkout answers with the URL of a checkout
// page served by billing-local; paying there records an active
// subscription (customer and subscription ids prefixed local_) and sends
// the browser to successUrl. The portal page lists the subscriptions and
// cancels or changes them. The page's token (jobs.billing_sessions) is its
// only credential, as a Stripe Checkout URL is.

func newToken() string {
	b := make([]byte, 24)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Service) localURL(kind, token string) string {
	return s.cfg.PublicURL + "/functions/v1/billing-local/" + kind + "/" + token
}

func (s *Service) localCheckout(ctx context.Context, c checkout) (string, error) {
	tok := newToken()
	_, err := s.admin.Exec(ctx, stmt.LocalCheckoutInsert,
		tok, c.userID, c.teamID, c.price.Name, c.seats, c.customerEmail, c.successURL, c.cancelURL)
	if err != nil {
		return "", err
	}
	return s.localURL("checkout", tok), nil
}

func (s *Service) localPortal(ctx context.Context, p portal) (string, error) {
	tok := newToken()
	_, err := s.admin.Exec(ctx, stmt.LocalPortalInsert, tok, p.userID, p.teamID, p.returnURL)
	if err != nil {
		return "", err
	}
	return s.localURL("portal", tok), nil
}

// session is a jobs.billing_sessions row.
type session struct {
	ID, Kind, UserID, TeamID, Price string
	Seats                           int
	Email, SuccessURL, CancelURL    string
	Status                          string
}

var errNoSession = errors.New("no such billing session")

func loadSession(ctx context.Context, tx pgx.Tx, kind, id string, lock bool) (session, error) {
	q := stmt.SessionLoad
	if lock {
		q += " FOR UPDATE"
	}
	var se session
	err := tx.QueryRow(ctx, q, id, kind).Scan(&se.ID, &se.Kind, &se.UserID, &se.TeamID, &se.Price, &se.Seats,
		&se.Email, &se.SuccessURL, &se.CancelURL, &se.Status)
	if errors.Is(err, pgx.ErrNoRows) {
		return se, errNoSession
	}
	return se, err
}

// local serves /functions/v1/billing-local/{checkout|portal}/{token}.
func (s *Service) local(ctx context.Context, r *functions.Request) (any, error) {
	kind, tok, _ := strings.Cut(strings.TrimPrefix(r.Path, "/"), "/")
	if (kind != "checkout" && kind != "portal") || tok == "" {
		return page(http.StatusNotFound, "Not found", "This billing page does not exist.", nil), nil
	}
	if s.stripe != nil {
		return page(http.StatusNotFound, "Not found", "Billing runs on Stripe on this server.", nil), nil
	}
	if !s.cfg.LocalCheckout {
		return page(http.StatusNotFound, "Not found", "Billing is not set up on this server.", nil), nil
	}
	switch r.HTTP.Method {
	case http.MethodGet, http.MethodHead:
		return s.localPage(ctx, kind, tok)
	case http.MethodPost:
		if err := r.HTTP.ParseForm(); err != nil {
			return page(http.StatusBadRequest, "Bad request", "The form could not be read.", nil), nil
		}
		if kind == "checkout" {
			return s.localPay(ctx, tok, r.HTTP.PostForm.Get("action"))
		}
		return s.localManage(ctx, tok, r.HTTP.PostForm)
	}
	return nil, functions.Errorf(http.StatusMethodNotAllowed, "Method not allowed")
}

func (s *Service) localPage(ctx context.Context, kind, tok string) (any, error) {
	var data map[string]any
	err := pgx.BeginFunc(ctx, s.admin, func(tx pgx.Tx) error {
		se, err := loadSession(ctx, tx, kind, tok, false)
		if err != nil {
			return err
		}
		data = map[string]any{"Session": se, "Action": s.localURL(kind, tok)}
		if kind == "checkout" {
			p, _ := priceByName(se.Price)
			data["Price"] = p
			return nil
		}
		subs, err := listSubscriptions(ctx, tx, se)
		data["Subscriptions"] = subs
		var others []Price
		for _, p := range Prices {
			if (p.Plan == "team") == (se.TeamID != "") {
				others = append(others, p)
			}
		}
		data["Prices"] = others
		return err
	})
	if errors.Is(err, errNoSession) {
		return page(http.StatusNotFound, "Link expired", "This billing link has expired. Start again from the app.", nil), nil
	}
	if err != nil {
		return nil, err
	}
	if kind == "checkout" {
		if data["Session"].(session).Status != "open" {
			return page(http.StatusGone, "Checkout finished", "This checkout is already finished.", nil), nil
		}
		return render(http.StatusOK, checkoutPage, data), nil
	}
	return render(http.StatusOK, portalPage, data), nil
}

// localPay completes (action pay) or abandons (cancel) a checkout.
func (s *Service) localPay(ctx context.Context, tok, action string) (any, error) {
	var to string
	err := pgx.BeginFunc(ctx, s.admin, func(tx pgx.Tx) error {
		se, err := loadSession(ctx, tx, "checkout", tok, true)
		if err != nil {
			return err
		}
		if se.Status != "open" {
			to = se.SuccessURL
			return nil // a double submit: already paid or cancelled
		}
		if action != "pay" {
			to = se.CancelURL
			_, err := tx.Exec(ctx, stmt.SessionCancel, tok)
			return err
		}
		to = se.SuccessURL
		if err := recordLocal(ctx, tx, se, s.now()); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, stmt.SessionComplete, tok)
		return err
	})
	if errors.Is(err, errNoSession) {
		return page(http.StatusNotFound, "Link expired", "This checkout has expired. Start again from the app.", nil), nil
	}
	if err != nil {
		return nil, err
	}
	return redirect(to), nil
}

// recordLocal makes the session's price the one active subscription of
// the user (or team): earlier ones are cancelled, as a plan change is.
func recordLocal(ctx context.Context, tx pgx.Tx, se session, now time.Time) error {
	p, _ := priceByName(se.Price)
	end := now.AddDate(0, 1, 0)
	if p.Period == "year" {
		end = now.AddDate(1, 0, 0)
	}
	owner, cancelAll := se.UserID, stmt.UserSubscriptionsCancelActive
	if se.TeamID != "" {
		owner, cancelAll = se.TeamID, stmt.TeamSubscriptionsCancelActive
	}
	if _, err := tx.Exec(ctx, cancelAll, owner); err != nil {
		return err
	}
	return upsertSubscription(ctx, tx, subscription{
		userID: se.UserID, teamID: se.TeamID, planID: p.Name, priceID: p.Name,
		customerID: "local_cus_" + strings.ReplaceAll(owner, "-", ""), subscriptionID: "local_sub_" + newToken()[:24],
		status: "active", seats: se.Seats, periodStart: &now, periodEnd: &end,
	})
}

type localSub struct {
	ID, Plan, Status string
	Seats            int
	End              *time.Time
}

func listSubscriptions(ctx context.Context, tx pgx.Tx, se session) ([]localSub, error) {
	q := stmt.UserSubscriptionsList
	arg := se.UserID
	if se.TeamID != "" {
		q = stmt.TeamSubscriptionsList
		arg = se.TeamID
	}
	rows, err := tx.Query(ctx, q, arg)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (localSub, error) {
		var l localSub
		var id *string
		err := row.Scan(&id, &l.Plan, &l.Status, &l.Seats, &l.End)
		if id != nil {
			l.ID = *id
		}
		return l, err
	})
}

// localManage handles the portal's forms: cancel a subscription, or change
// plan (a new checkout page).
func (s *Service) localManage(ctx context.Context, tok string, form map[string][]string) (any, error) {
	get := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	var to string
	err := pgx.BeginFunc(ctx, s.admin, func(tx pgx.Tx) error {
		se, err := loadSession(ctx, tx, "portal", tok, false)
		if err != nil {
			return err
		}
		switch get("action") {
		case "cancel":
			cancel, owner := stmt.UserSubscriptionCancel, se.UserID
			if se.TeamID != "" {
				cancel, owner = stmt.TeamSubscriptionCancel, se.TeamID
			}
			_, err := tx.Exec(ctx, cancel, get("subscription"), owner)
			to = s.localURL("portal", tok)
			return err
		case "change":
			p, ok := priceByName(get("price"))
			if !ok || (p.Plan == "team") != (se.TeamID != "") {
				to = s.localURL("portal", tok)
				return nil
			}
			ntok := newToken()
			_, err := tx.Exec(ctx, stmt.LocalChangeCheckoutInsert, ntok, se.UserID, se.TeamID, p.Name,
				max(1, atoiOr(get("seats"), 5)), se.SuccessURL, s.localURL("portal", tok))
			to = s.localURL("checkout", ntok)
			return err
		}
		to = se.SuccessURL
		return nil
	})
	if errors.Is(err, errNoSession) {
		return page(http.StatusNotFound, "Link expired", "This billing link has expired. Open the portal again from the app.", nil), nil
	}
	if err != nil {
		return nil, err
	}
	return redirect(to), nil
}

func atoiOr(s string, def int) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' || n > 1000 {
			return def
		}
		n = n*10 + int(r-'0')
	}
	if s == "" {
		return def
	}
	return n
}

func redirect(to string) *functions.Response {
	return &functions.Response{Status: http.StatusSeeOther, Header: http.Header{"Location": {to}}}
}

func page(status int, title, msg string, _ any) *functions.Response {
	return render(status, messagePage, map[string]any{"Title": title, "Message": msg})
}

func render(status int, t *template.Template, data any) *functions.Response {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		buf.Reset()
		buf.WriteString("billing page failed: " + template.HTMLEscapeString(err.Error()))
	}
	return &functions.Response{Status: status, Header: http.Header{
		"Content-Type":            {"text/html; charset=utf-8"},
		"Cache-Control":           {"no-store"},
		"Content-Security-Policy": {"default-src 'none'; style-src 'unsafe-inline'; form-action *"},
		"Referrer-Policy":         {"no-referrer"},
	}, Body: &buf}
}

const layout = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{block "title" .}}Billing{{end}} · Daybase</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}
.card{border:1px solid #ddd;border-radius:.5rem;padding:1.5rem;margin:1rem 0}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #3b82f6;background:#3b82f6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#111;border-color:#ccc}.note{color:#555;font-size:.875rem}</style></head>
<body><p class="note">Daybase local billing — no card is charged (Stripe is not configured on this server).</p>{{template "body" .}}</body></html>`

var (
	messagePage  = template.Must(template.Must(template.New("m").Parse(layout)).Parse(`{{define "title"}}{{.Title}}{{end}}{{define "body"}}<h1>{{.Title}}</h1><p>{{.Message}}</p>{{end}}`))
	checkoutPage = template.Must(template.Must(template.New("c").Parse(layout)).Parse(`{{define "title"}}Checkout{{end}}{{define "body"}}
<h1>Checkout</h1><div class="card"><h2>{{if eq .Price.Plan "team"}}Team{{else}}Pro{{end}} — {{.Price.Amount}} a {{.Price.Period}}</h2>
<p>Price id: <code>{{.Price.Name}}</code>{{if gt .Session.Seats 1}}; seats: {{.Session.Seats}}{{end}}</p>
{{if .Session.Email}}<p>Billed to {{.Session.Email}}</p>{{end}}
<form method="post" action="{{.Action}}"><button name="action" value="pay">Subscribe</button>
<button class="secondary" name="action" value="cancel">Cancel</button></form></div>{{end}}`))
	portalPage = template.Must(template.Must(template.New("p").Parse(layout)).Parse(`{{define "title"}}Billing portal{{end}}{{define "body"}}
<h1>Billing portal</h1>{{range .Subscriptions}}<div class="card"><h2>{{.Plan}}</h2><p>Status: {{.Status}}{{if gt .Seats 1}}; seats: {{.Seats}}{{end}}{{with .End}}; renews {{.Format "2006-01-02"}}{{end}}</p>
<form method="post" action="{{$.Action}}"><input type="hidden" name="subscription" value="{{.ID}}"><button class="secondary" name="action" value="cancel">Cancel subscription</button></form></div>
{{else}}<p>No active subscription.</p>{{end}}
<div class="card"><h2>Change plan</h2><form method="post" action="{{.Action}}"><input type="hidden" name="action" value="change">
{{range .Prices}}<p><button name="price" value="{{.Name}}">{{.Name}} — {{.Amount}} a {{.Period}}</button></p>{{end}}</form></div>
<p><a href="{{.Session.SuccessURL}}">Return to Daybase</a></p>{{end}}`))
)
