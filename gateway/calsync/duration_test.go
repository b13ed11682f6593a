package calsync_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
)

// TestCalDAVDuration: how long a timed to-do lasts comes back from a
// calendar app into tasks.duration_minutes — from DURATION (as jtx writes
// it), from DTEND less the start, and never as an error: an all-day to-do,
// a to-do with neither, or a value the column cannot hold keep the task's
// duration as it was.
func TestCalDAVDuration(t *testing.T) {
	e := newDAVEnv(t)
	ctx := context.Background()
	uid := e.user("ada@example.com", "pro_monthly")
	pw, err := e.appPassword(uid, "jtx")
	if err != nil {
		t.Fatal(err)
	}
	home := "/calendar/v1/dav/" + uid + "/tasks/inbox/"
	duration := func(name string) string {
		t.Helper()
		return e.scalar(`SELECT coalesce(t.duration_minutes::text, 'null') FROM public.tasks t
			JOIN public.caldav_objects o ON o.task_id = t.id WHERE o.name = $1`, name)
	}

	// go-webdav's client: DUE and DTEND (a VEVENT habit) → 90 minutes.
	c := e.client("ada@example.com", pw)
	todo := ical.NewComponent(ical.CompToDo)
	todo.Props.SetText(ical.PropUID, "client-1")
	todo.Props.SetDateTime(ical.PropDateTimeStamp, time.Now().UTC())
	todo.Props.SetText(ical.PropSummary, "Review")
	due := time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC)
	todo.Props.SetDateTime(ical.PropDue, due)
	todo.Props.SetDateTime(ical.PropDateTimeEnd, due.Add(90*time.Minute))
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, "-//test//EN")
	cal.Children = append(cal.Children, todo)
	if _, err := c.PutCalendarObject(ctx, home+"client-1.ics", cal); err != nil {
		t.Fatal(err)
	}
	if got := duration("client-1.ics"); got != "90" {
		t.Fatalf("DUE + DTEND 90 min later: duration %s, want 90", got)
	}
	// What the client reads back encodes (no DUE beside DURATION) and keeps no stale DTEND.
	co, err := c.GetCalendarObject(ctx, home+"client-1.ics")
	if err != nil {
		t.Fatal(err)
	}
	if got := todoOf(t, *co); got.Props.Get(ical.PropDateTimeEnd) != nil || got.Props.Get(ical.PropDuration) != nil {
		t.Fatalf("GET writes DTEND/DURATION into a VTODO with a DUE: %v", got.Props)
	}

	// Raw PUTs, one object per case, each written twice: first with
	// duration 30 set in the app, then with what the app sends.
	put := func(name, props string) int {
		t.Helper()
		body := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//jtx//EN\r\nBEGIN:VTODO\r\nUID:" + name + "\r\nDTSTAMP:20261127T080000Z\r\n" +
			"SUMMARY:" + name + "\r\n" + props + "END:VTODO\r\nEND:VCALENDAR\r\n"
		req, _ := http.NewRequest("PUT", e.srv.URL+home+name+".ics", strings.NewReader(body))
		req.SetBasicAuth("ada@example.com", pw)
		req.Header.Set("Content-Type", "text/calendar; charset=utf-8")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 201 && res.StatusCode != 204 {
			t.Fatalf("PUT %s: %d %s", name, res.StatusCode, b)
		}
		return res.StatusCode
	}
	cases := []struct{ name, props, want string }{
		{"duration", "DUE:20261203T140000Z\r\nDURATION:PT45M\r\n", "45"},
		{"start-duration", "DTSTART:20261203T130000Z\r\nDUE:20261203T150000Z\r\nDURATION:PT1H30M\r\n", "90"},
		{"dtend", "DUE:20261203T140000Z\r\nDTEND:20261203T160000Z\r\n", "120"},
		{"start-dtend", "DTSTART:20261203T130000Z\r\nDUE:20261203T140000Z\r\nDTEND:20261203T134500Z\r\n", "45"},
		// Both: DURATION, the one RFC 5545 lets a VTODO have, wins.
		{"both", "DUE:20261203T140000Z\r\nDURATION:PT1H\r\nDTEND:20261203T170000Z\r\n", "60"},
		{"neither", "DUE:20261203T140000Z\r\n", "30"},
		{"all-day", "DUE;VALUE=DATE:20261203\r\nDURATION:PT2H\r\n", "30"},
		{"undated", "DURATION:PT2H\r\n", "30"},
		{"bad-value", "DUE:20261203T140000Z\r\nDURATION:soon\r\n", "30"},
		{"negative", "DUE:20261203T140000Z\r\nDURATION:-PT1H\r\n", "30"},
		{"too-long", "DUE:20261203T140000Z\r\nDURATION:P2D\r\n", "30"},
		{"too-short", "DUE:20261203T140000Z\r\nDURATION:PT2M\r\n", "30"},
		{"seconds", "DUE:20261203T140000Z\r\nDURATION:PT10M30S\r\n", "30"},
		{"end-before-start", "DUE:20261203T140000Z\r\nDTEND:20261203T130000Z\r\n", "30"},
		{"bad-end", "DUE:20261203T140000Z\r\nDTEND:tomorrow\r\n", "30"},
	}
	for _, tc := range cases {
		put(tc.name, "DUE:20261203T140000Z\r\n")
		e.exec(`UPDATE public.tasks t SET duration_minutes = 30 FROM public.caldav_objects o WHERE o.task_id = t.id AND o.name = $1`, tc.name+".ics")
		put(tc.name, tc.props)
		if got := duration(tc.name + ".ics"); got != tc.want {
			t.Errorf("%s: duration %s, want %s", tc.name, got, tc.want)
		}
	}
	// A new to-do with a DURATION is created with it; without one, null.
	put("new-with", "DUE:20261204T090000Z\r\nDURATION:PT15M\r\n")
	put("new-without", "DUE:20261204T090000Z\r\n")
	if got, got2 := duration("new-with.ics"), duration("new-without.ics"); got != "15" || got2 != "null" {
		t.Errorf("new to-dos: %s and %s, want 15 and null", got, got2)
	}
	// The DURATION an app sent is not kept as its own property beside DUE
	// (go-ical refuses to encode that VTODO): the object reads back.
	co, err = c.GetCalendarObject(ctx, home+"duration.ics")
	if err != nil {
		t.Fatalf("GET after a PUT with DUE and DURATION: %v", err)
	}
	if got := todoOf(t, *co); got.Props.Get(ical.PropDuration) != nil {
		t.Fatalf("DURATION kept as an unknown property: %v", got.Props)
	}
}
