package calsync_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/calsync"
	"daybase/internal/asrole"
	"daybase/internal/identity"
)

// davEnv is the service mounted as the gateway mounts it: under
// /calendar/v1, with the prefix stripped.
func newDAVEnv(t testing.TB) *env {
	e := newEnv(t)
	svc := calsync.New(calsync.Config{Admin: e.admin, API: e.api, Log: slog.New(slog.DiscardHandler), Prefix: "/calendar/v1"})
	mux := http.NewServeMux()
	mux.Handle("/calendar/v1/", http.StripPrefix("/calendar/v1", svc))
	e.srv.Close()
	e.srv = httptest.NewServer(mux)
	t.Cleanup(e.srv.Close)
	return e
}

// appPassword makes an app password for the user through the RPC the app
// calls, returning it in clear.
func (e *env) appPassword(userID, name string) (string, error) {
	var pw string
	err := asrole.Tx(context.Background(), e.api, calsync.As(userID), asrole.Request{}, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT password FROM public.create_app_password($1)`, name).Scan(&pw)
	})
	return pw, err
}

func (e *env) client(email, password string) *caldav.Client {
	e.t.Helper()
	c, err := caldav.NewClient(webdav.HTTPClientWithBasicAuth(http.DefaultClient, email, password), e.srv.URL+"/calendar/v1/dav/")
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func (e *env) scalar(sql string, args ...any) string {
	e.t.Helper()
	var s string
	if err := e.admin.QueryRow(context.Background(), sql, args...).Scan(&s); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
	return s
}

func todoOf(t *testing.T, co caldav.CalendarObject) *ical.Component {
	t.Helper()
	for _, c := range co.Data.Children {
		if c.Name == ical.CompToDo {
			return c
		}
	}
	t.Fatalf("%s holds no VTODO", co.Path)
	return nil
}

func propText(c *ical.Component, name string) string {
	p := c.Props.Get(name)
	if p == nil {
		return ""
	}
	return p.Value
}

var allTodos = &caldav.CalendarQuery{
	CompRequest: caldav.CalendarCompRequest{Name: "VCALENDAR", AllProps: true, AllComps: true},
	CompFilter:  caldav.CompFilter{Name: "VCALENDAR", Comps: []caldav.CompFilter{{Name: "VTODO"}}},
}

// TestCalDAVSync drives the server with go-webdav's own CalDAV client, as a
// calendar app would: discovery, both directions of sync, completion and
// deletion, and the properties Daybase does not know kept.
func TestCalDAVSync(t *testing.T) {
	e := newDAVEnv(t)
	ctx := context.Background()
	uid := e.user("ada@example.com", "pro_monthly")
	pw, err := e.appPassword(uid, "Thunderbird")
	if err != nil {
		t.Fatal(err)
	}
	project := e.scalar(`INSERT INTO public.projects (user_id, name, overview) VALUES ($1, 'Garden', 'Beds and seeds') RETURNING id::text`, uid)
	appTask := e.scalar(`INSERT INTO public.tasks (user_id, title, due_date, priority, tags, project_id, reminders)
		VALUES ($1, 'Sow beans', '2026-12-01', 3, 'outside, spring', $2, '{60}') RETURNING id::text`, uid, project)
	e.exec(`INSERT INTO public.tasks (user_id, title) VALUES ($1, 'Call mum')`, uid)

	// Typing the password as it is shown, or in capitals without dashes,
	// both sign in.
	c := e.client("ADA@example.com", strings.ToUpper(strings.ReplaceAll(pw, "-", "")))
	principal, err := c.FindCurrentUserPrincipal(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := "/calendar/v1/dav/" + uid + "/"; principal != want {
		t.Fatalf("principal = %q, want %q", principal, want)
	}
	home, err := c.FindCalendarHomeSet(ctx, principal)
	if err != nil {
		t.Fatal(err)
	}
	cals, err := c.FindCalendars(ctx, home)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, cal := range cals {
		names = append(names, cal.Name)
		if !slices.Equal(cal.SupportedComponentSet, []string{"VTODO"}) {
			t.Errorf("%s supports %v, want VTODO", cal.Name, cal.SupportedComponentSet)
		}
	}
	if !slices.Equal(names, []string{"Inbox", "Garden"}) {
		t.Fatalf("calendars = %v, want Inbox and Garden", names)
	}
	garden := home + project + "/"

	// Daybase → app: the task made in the app is in the project's list.
	objs, err := c.QueryCalendar(ctx, garden, allTodos)
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 1 || objs[0].ETag == "" {
		t.Fatalf("garden holds %d objects (%+v), want 1 with an ETag", len(objs), objs)
	}
	todo := todoOf(t, objs[0])
	if propText(todo, "SUMMARY") != "Sow beans" || propText(todo, "DUE") != "20261201" || propText(todo, "PRIORITY") != "3" ||
		propText(todo, "CATEGORIES") != "outside,spring" || propText(todo, "UID") != appTask+"@daybase" {
		t.Errorf("app task as VTODO: %+v", todo.Props)
	}
	if len(todo.Children) != 1 || !triggerIs(todo.Children[0], -time.Hour) {
		t.Errorf("reminder as VALARM: %+v", todo.Children)
	}
	inboxObjs, err := c.QueryCalendar(ctx, home+"inbox/", allTodos)
	if err != nil || len(inboxObjs) != 1 || propText(todoOf(t, inboxObjs[0]), "SUMMARY") != "Call mum" {
		t.Fatalf("inbox = %v, %v; want Call mum", inboxObjs, err)
	}

	// App → Daybase: a new to-do with properties Daybase has no column for.
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN")
	vt := ical.NewComponent(ical.CompToDo)
	vt.Props.SetText(ical.PropUID, "thunderbird-42")
	vt.Props.SetDateTime(ical.PropDateTimeStamp, time.Now().UTC())
	vt.Props.SetText(ical.PropSummary, "Buy compost")
	vt.Props.SetText(ical.PropDescription, "Two bags")
	vt.Props.SetDateTime(ical.PropDue, time.Date(2026, 12, 3, 16, 30, 0, 0, time.UTC))
	prio := ical.NewProp(ical.PropPriority)
	prio.Value = "1" // as calendar apps send it: an INTEGER
	vt.Props.Set(prio)
	vt.Props.SetText("X-MOZ-GENERATION", "7")
	vt.Props.SetText(ical.PropURL, "https://example.com/compost")
	alarm := ical.NewComponent(ical.CompAlarm)
	alarm.Props.SetText(ical.PropAction, "DISPLAY")
	alarm.Props.SetText(ical.PropDescription, "compost")
	trig := ical.NewProp(ical.PropTrigger)
	trig.SetDuration(-15 * time.Minute)
	alarm.Props.Set(trig)
	vt.Children = append(vt.Children, alarm)
	cal.Children = append(cal.Children, vt)
	put, err := c.PutCalendarObject(ctx, garden+"thunderbird-42.ics", cal)
	if err != nil {
		t.Fatal(err)
	}
	created := e.scalar(`SELECT t.title || '|' || t.notes || '|' || t.priority || '|' || t.due_time::text || '|' || t.reminders::text || '|' || t.project_id::text
		FROM public.tasks t JOIN public.caldav_objects o ON o.task_id = t.id WHERE o.name = 'thunderbird-42.ics'`)
	if want := "Buy compost|Two bags|4|2026-12-03 16:30:00+00|{15}|" + project; created != want {
		t.Errorf("created task = %q, want %q", created, want)
	}
	got, err := c.GetCalendarObject(ctx, garden+"thunderbird-42.ics")
	if err != nil {
		t.Fatal(err)
	}
	back := todoOf(t, *got)
	if propText(back, "UID") != "thunderbird-42" || propText(back, "X-MOZ-GENERATION") != "7" ||
		propText(back, "URL") != "https://example.com/compost" || got.ETag != put.ETag {
		t.Errorf("read back: etag %q (put %q), props %+v", got.ETag, put.ETag, back.Props)
	}

	// Daybase → app: an edit in the app changes the ETag and shows.
	e.exec(`UPDATE public.tasks SET title = 'Buy peat-free compost' WHERE id = (SELECT task_id FROM public.caldav_objects WHERE name = 'thunderbird-42.ics')`)
	got2, err := c.GetCalendarObject(ctx, garden+"thunderbird-42.ics")
	if err != nil {
		t.Fatal(err)
	}
	if got2.ETag == got.ETag || propText(todoOf(t, *got2), "SUMMARY") != "Buy peat-free compost" || propText(todoOf(t, *got2), "X-MOZ-GENERATION") != "7" {
		t.Errorf("after an edit in the app: etag %q → %q, %+v", got.ETag, got2.ETag, todoOf(t, *got2).Props)
	}

	// App → Daybase: completing the app's task.
	done := todoOf(t, objs[0])
	done.Props.SetText(ical.PropStatus, "COMPLETED")
	done.Props.SetDateTime(ical.PropCompleted, time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
	if _, err := c.PutCalendarObject(ctx, objs[0].Path, objs[0].Data); err != nil {
		t.Fatal(err)
	}
	// The server stamps completed_at when a task becomes completed (0622).
	if s := e.scalar(`SELECT is_completed || '|' || (completed_at IS NOT NULL) || '|' || tags || '|' || reminders::text FROM public.tasks WHERE id = $1`, appTask); s != "true|true|outside, spring|{60}" {
		t.Errorf("completed from the app: %s", s)
	}

	// App → Daybase: deleting moves the task to the trash.
	if err := c.RemoveAll(ctx, garden+"thunderbird-42.ics"); err != nil {
		t.Fatal(err)
	}
	if s := e.scalar(`SELECT is_deleted::text FROM public.tasks t JOIN public.caldav_objects o ON o.task_id = t.id WHERE o.name = 'thunderbird-42.ics'`); s != "true" {
		t.Errorf("deleted from the app: is_deleted = %s", s)
	}
	if _, err := c.GetCalendarObject(ctx, garden+"thunderbird-42.ics"); err == nil {
		t.Error("a deleted task is still served")
	}
	if last := e.scalar(`SELECT (last_used_at IS NOT NULL)::text FROM public.app_passwords WHERE user_id = $1`, uid); last != "true" {
		t.Error("last_used_at not stamped")
	}
}

// TestCalDAVRefuses: wrong and revoked passwords, Free users, other users'
// lists and non-task components.
func TestCalDAVRefuses(t *testing.T) {
	e := newDAVEnv(t)
	ctx := context.Background()
	ada := e.user("ada@example.com", "pro_monthly")
	bob := e.user("bob@example.com", "team_monthly")
	free := e.user("free@example.com", "free")
	pw, err := e.appPassword(ada, "Phone")
	if err != nil {
		t.Fatal(err)
	}
	bobPW, err := e.appPassword(bob, "Laptop")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.appPassword(free, "Phone"); err == nil || !strings.Contains(err.Error(), "Calendar sync is part of the Pro and Team plans") {
		t.Errorf("a Free user made an app password: %v", err)
	}
	status := func(email, password string) int {
		req, _ := http.NewRequest("PROPFIND", e.srv.URL+"/calendar/v1/dav/", nil)
		req.SetBasicAuth(email, password)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if s := status("ada@example.com", pw); s != http.StatusMultiStatus {
		t.Errorf("right password: %d", s)
	}
	if s := status("bob@example.com", pw); s != http.StatusUnauthorized {
		t.Errorf("another user's address with ada's password: %d, want 401", s)
	}
	if s := status("ada@example.com", "0000-0000"); s != http.StatusUnauthorized {
		t.Errorf("wrong password: %d, want 401", s)
	}
	// A lapsed plan: the password stays, sync is refused with the reason.
	e.exec(`UPDATE public.user_subscriptions SET status = 'canceled' WHERE user_id = $1`, bob)
	if s := status("bob@example.com", bobPW); s != http.StatusForbidden {
		t.Errorf("lapsed plan: %d, want 403", s)
	}
	// Revoked: the app's own DELETE, through row-level security.
	err = asrole.Tx(ctx, e.api, calsync.As(ada), asrole.Request{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM public.app_passwords WHERE name = 'Phone'`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := status("ada@example.com", pw); s != http.StatusUnauthorized {
		t.Errorf("revoked password: %d, want 401", s)
	}

	// Another user's project is not a list of mine.
	pw, _ = e.appPassword(ada, "Phone again")
	e.exec(`UPDATE public.user_subscriptions SET status = 'active' WHERE user_id = $1`, bob)
	bobProject := e.scalar(`INSERT INTO public.projects (user_id, name) VALUES ($1, 'Secret') RETURNING id::text`, bob)
	bobTask := e.scalar(`INSERT INTO public.tasks (user_id, title, project_id) VALUES ($1, 'Hidden', $2) RETURNING id::text`, bob, bobProject)
	c := e.client("ada@example.com", pw)
	home := "/calendar/v1/dav/" + ada + "/tasks/"
	if _, err := c.GetCalendarObject(ctx, home+bobProject+"/"+bobTask+".ics"); err == nil {
		t.Error("ada read bob's task")
	}
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, "-//test//EN")
	ev := ical.NewComponent(ical.CompEvent)
	ev.Props.SetText(ical.PropUID, "ev-1")
	ev.Props.SetDateTime(ical.PropDateTimeStamp, time.Now())
	ev.Props.SetDateTime(ical.PropDateTimeStart, time.Now())
	cal.Children = append(cal.Children, ev)
	if _, err := c.PutCalendarObject(ctx, home+"inbox/ev-1.ics", cal); err == nil {
		t.Error("an event was stored in a task list")
	}
	vt := ical.NewComponent(ical.CompToDo)
	vt.Props.SetText(ical.PropUID, "x-1")
	vt.Props.SetDateTime(ical.PropDateTimeStamp, time.Now())
	vt.Props.SetText(ical.PropSummary, "Sneak in")
	cal.Children = []*ical.Component{vt}
	if _, err := c.PutCalendarObject(ctx, home+bobProject+"/x-1.ics", cal); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("writing into bob's project: %v, want 404", err)
	}
	if n := e.scalar(`SELECT count(*)::text FROM public.tasks WHERE title = 'Sneak in'`); n != "0" {
		t.Errorf("%s tasks sneaked into bob's project", n)
	}
}

func triggerIs(alarm *ical.Component, want time.Duration) bool {
	p := alarm.Props.Get(ical.PropTrigger)
	if p == nil {
		return false
	}
	d, err := p.Duration()
	return err == nil && d == want
}

// TestAppPasswordIsolation: the tables of migration 0731 under row-level
// security — each user sees and revokes only their own, nobody reads a
// hash, and nothing is written beside another user's task.
func TestAppPasswordIsolation(t *testing.T) {
	e := newDAVEnv(t)
	ctx := context.Background()
	ada := e.user("ada@example.com", "pro_monthly")
	bob := e.user("bob@example.com", "pro_monthly")
	if _, err := e.appPassword(ada, "Phone"); err != nil {
		t.Fatal(err)
	}
	adaTask := e.scalar(`INSERT INTO public.tasks (user_id, title) VALUES ($1, 'Mine') RETURNING id::text`, ada)
	e.exec(`INSERT INTO public.caldav_objects (task_id, user_id, name, uid) VALUES ($1, $2, 'mine.ics', 'mine')`, adaTask, ada)
	as := func(user, sql string, args ...any) (string, error) {
		var out string
		err := asrole.Tx(ctx, e.api, calsync.As(user), asrole.Request{}, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, sql, args...).Scan(&out)
		})
		return out, err
	}
	for _, c := range []struct{ user, sql, want string }{
		{ada, `SELECT count(*)::text FROM public.app_passwords`, "1"},
		{bob, `SELECT count(*)::text FROM public.app_passwords`, "0"},
		{bob, `WITH d AS (DELETE FROM public.app_passwords RETURNING 1) SELECT count(*)::text FROM d`, "0"},
		{ada, `SELECT count(*)::text FROM public.caldav_objects`, "1"},
		{bob, `SELECT count(*)::text FROM public.caldav_objects`, "0"},
		{bob, `WITH d AS (UPDATE public.caldav_objects SET uid = 'stolen' RETURNING 1) SELECT count(*)::text FROM d`, "0"},
	} {
		if got, err := as(c.user, c.sql); err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.sql, got, err, c.want)
		}
	}
	for _, c := range []struct{ user, sql string }{
		{ada, `SELECT password_hash FROM public.app_passwords`},
		{ada, `INSERT INTO public.app_passwords (name, password_hash) VALUES ('x', repeat('a', 64)) RETURNING id::text`},
		{ada, `UPDATE public.app_passwords SET name = 'x' RETURNING id::text`},
		{bob, `INSERT INTO public.caldav_objects (task_id, name, uid) VALUES ('` + adaTask + `', 'x.ics', 'x') RETURNING name`},
	} {
		if got, err := as(c.user, c.sql); err == nil {
			t.Errorf("%s: allowed (%q)", c.sql, got)
		}
	}
	var n int
	err := asrole.Tx(ctx, e.api, identity.FromContext(ctx), asrole.Request{}, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM public.app_passwords`).Scan(&n)
	})
	if err == nil {
		t.Errorf("anon read app_passwords (%d rows)", n)
	}
	if n := e.scalar(`SELECT count(*)::text FROM public.app_passwords`); n != "1" {
		t.Errorf("app passwords left: %s, want 1", n)
	}
}
