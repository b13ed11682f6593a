package calsync_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/emersion/go-ical"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/calsync"
	"daybase/internal/asrole"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// env is a calendar sync service on a fresh database.
type env struct {
	t          testing.TB
	admin, api *pgxpool.Pool
	srv        *httptest.Server
}

func newEnv(t testing.TB) *env {
	db := pgtest.New(t)
	e := &env{t: t, admin: db.Pool, api: db.AuthenticatorPool(t)}
	e.srv = httptest.NewServer(calsync.New(calsync.Config{Admin: e.admin, API: e.api, Log: slog.New(slog.DiscardHandler)}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.admin.Exec(context.Background(), sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

func (e *env) user(email, plan string) string {
	e.t.Helper()
	var id string
	if err := e.admin.QueryRow(context.Background(),
		`INSERT INTO auth.users (email, email_confirmed_at) VALUES ($1, now()) RETURNING id::text`, email).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	if plan != "free" {
		e.exec(`INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', $2)`, id, plan)
	}
	return id
}

// rpc calls a calendar feed RPC as the user, returning the token or the
// database's error.
func (e *env) rpc(userID, fn string) (string, error) {
	var token string
	err := asrole.Tx(context.Background(), e.api, calsync.As(userID), asrole.Request{}, func(tx pgx.Tx) error {
		if fn == "revoke" {
			_, err := tx.Exec(context.Background(), `SELECT public.revoke_calendar_feed()`)
			return err
		}
		return tx.QueryRow(context.Background(), `SELECT token FROM public.regenerate_calendar_feed()`).Scan(&token)
	})
	return token, err
}

func (e *env) get(token string) (int, string) {
	e.t.Helper()
	res, err := http.Get(e.srv.URL + "/feed/" + token + ".ics")
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestFeed(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann@example.com", "pro")
	bob := e.user("bob@example.com", "pro")
	e.exec(`INSERT INTO public.tasks (user_id, title, notes, due_date, priority, tags, reminders, recurrence, sort_order)
		VALUES ($1, 'Pay rent', 'Bank transfer', '2026-12-01', 4, 'home, money', '{60}',
		        '{"type":"monthly","interval":1}', 1)`, ann)
	e.exec(`INSERT INTO public.tasks (user_id, title, due_date, due_time, location, reminders, recurrence, sort_order)
		VALUES ($1, 'Standup', '2026-12-02', '2026-12-02T09:30:00Z', 'Room 4', '{10,0}',
		        '{"type":"weekly","interval":2,"daysOfWeek":[1,3],"endDate":"2027-03-01"}', 2)`, ann)
	e.exec(`INSERT INTO public.tasks (user_id, title, due_date, due_time, duration_minutes, sort_order)
		VALUES ($1, 'Review', '2026-12-04', '2026-12-04T14:00:00Z', 90, 5)`, ann)
	e.exec(`INSERT INTO public.tasks (user_id, title, sort_order) VALUES ($1, 'Someday', 3)`, ann)
	e.exec(`INSERT INTO public.tasks (user_id, title, due_date, is_deleted, sort_order) VALUES ($1, 'Binned', '2026-12-03', true, 4)`, ann)
	e.exec(`INSERT INTO public.tasks (user_id, title, due_date, sort_order) VALUES ($1, 'Bob only', '2026-12-03', 1)`, bob)

	token, err := e.rpc(ann, "regenerate")
	if err != nil {
		t.Fatal(err)
	}
	status, body := e.get(token)
	if status != http.StatusOK {
		t.Fatalf("feed: %d %s", status, body)
	}
	cal, err := ical.NewDecoder(strings.NewReader(body)).Decode()
	if err != nil {
		t.Fatalf("decode feed: %v\n%s", err, body)
	}
	byTitle := map[string]*ical.Component{}
	for _, c := range cal.Children {
		s, _ := c.Props.Text(ical.PropSummary)
		byTitle[s] = c
	}
	if len(byTitle) != 3 {
		t.Fatalf("want Pay rent, Standup and Review only, got %v\n%s", keys(byTitle), body)
	}
	rent, standup, review := byTitle["Pay rent"], byTitle["Standup"], byTitle["Review"]
	if review == nil || review.Name != ical.CompEvent {
		t.Fatalf("Review is not a VEVENT:\n%s", body)
	}
	if rent == nil || rent.Name != ical.CompToDo {
		t.Fatalf("Pay rent is not a VTODO:\n%s", body)
	}
	if standup == nil || standup.Name != ical.CompEvent {
		t.Fatalf("Standup is not a VEVENT:\n%s", body)
	}
	for _, c := range []struct {
		comp       *ical.Component
		prop, want string
	}{
		{rent, ical.PropDue, "20261201"},
		{rent, ical.PropDescription, "Bank transfer"},
		{rent, ical.PropPriority, "1"},
		{rent, ical.PropCategories, "home,money"},
		{rent, ical.PropRecurrenceRule, "FREQ=MONTHLY;INTERVAL=1"},
		{rent, ical.PropStatus, "NEEDS-ACTION"},
		{standup, ical.PropDateTimeStart, "20261202T093000Z"},
		{standup, ical.PropDateTimeEnd, "20261202T100000Z"},
		{standup, ical.PropLocation, "Room 4"},
		// duration_minutes (0762) sets the event's end; Standup has none: 30 minutes.
		{review, ical.PropDateTimeStart, "20261204T140000Z"},
		{review, ical.PropDateTimeEnd, "20261204T153000Z"},
		{standup, ical.PropRecurrenceRule, "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301T235959Z;BYDAY=MO,WE"},
	} {
		p := c.comp.Props.Get(c.prop)
		if p == nil || p.Value != c.want {
			t.Errorf("%s %s = %v, want %q", c.comp.Name, c.prop, p, c.want)
		}
	}
	if got := alarms(rent); strings.Join(got, " ") != "-PT3600S" {
		t.Errorf("Pay rent alarms = %v", got)
	}
	if got := alarms(standup); strings.Join(got, " ") != "-PT600S PT0S" {
		t.Errorf("Standup alarms = %v", got)
	}

	// Completing shows in the next poll.
	e.exec(`UPDATE public.tasks SET is_completed = true, completed_at = now() WHERE title = 'Pay rent'`)
	if _, body = e.get(token); !strings.Contains(body, "STATUS:COMPLETED") {
		t.Errorf("completed task not COMPLETED:\n%s", body)
	}

	// Regenerating ends the old URL; revoking ends the new one.
	fresh, err := e.rpc(ann, "regenerate")
	if err != nil || fresh == token {
		t.Fatalf("regenerate: %q %v", fresh, err)
	}
	if status, body = e.get(token); status != http.StatusNotFound || !strings.Contains(body, "revoked") {
		t.Errorf("old token: %d %s", status, body)
	}
	if status, _ = e.get(fresh); status != http.StatusOK {
		t.Errorf("new token: %d", status)
	}
	if _, err := e.rpc(ann, "revoke"); err != nil {
		t.Fatal(err)
	}
	if status, _ = e.get(fresh); status != http.StatusNotFound {
		t.Errorf("revoked token: %d", status)
	}
	if status, _ = e.get("not-a-token"); status != http.StatusNotFound {
		t.Errorf("malformed token: %d", status)
	}
}

// A Free user cannot make a feed, and a feed whose owner went back to Free
// stops with a message that says why.
func TestFeedNeedsPro(t *testing.T) {
	e := newEnv(t)
	cat := e.user("cat@example.com", "free")
	if _, err := e.rpc(cat, "regenerate"); err == nil || !strings.Contains(err.Error(), "Calendar sync is part of the Pro and Team plans") {
		t.Fatalf("free regenerate: %v", err)
	}
	dan := e.user("dan@example.com", "team_monthly")
	token, err := e.rpc(dan, "regenerate")
	if err != nil {
		t.Fatal(err)
	}
	// Nothing dated yet: still a calendar that parses.
	status, body := e.get(token)
	if status != http.StatusOK {
		t.Fatalf("team feed: %d", status)
	}
	if _, err := ical.NewDecoder(strings.NewReader(body)).Decode(); err != nil {
		t.Fatalf("empty feed: %v\n%s", err, body)
	}
	e.exec(`UPDATE public.user_subscriptions SET status = 'canceled' WHERE user_id = $1`, dan)
	status, body = e.get(token)
	if status != http.StatusForbidden || !strings.Contains(body, "Pro and Team plans") {
		t.Errorf("lapsed plan: %d %s", status, body)
	}
}

func alarms(c *ical.Component) []string {
	var out []string
	for _, a := range c.Children {
		if a.Name == ical.CompAlarm {
			out = append(out, a.Props.Get(ical.PropTrigger).Value)
		}
	}
	return out
}

func keys(m map[string]*ical.Component) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
