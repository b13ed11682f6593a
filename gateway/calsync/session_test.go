package calsync_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestCalDAVSession is a calendar app's session written out as raw HTTP,
// the way curl would send it: discovery by PROPFIND, a calendar-query
// REPORT, a PUT that creates, a PUT with a stale If-Match refused with 412,
// a PUT with the current one accepted, a stale DELETE refused, then DELETE.
func TestCalDAVSession(t *testing.T) {
	e := newDAVEnv(t)
	uid := e.user("ada@example.com", "team_monthly")
	pw, err := e.appPassword(uid, "DAVx5")
	if err != nil {
		t.Fatal(err)
	}
	e.exec(`INSERT INTO public.tasks (user_id, title, due_date) VALUES ($1, 'Water plants', '2026-12-02')`, uid)
	do := func(method, path string, header map[string]string, body string) (int, http.Header, string) {
		t.Helper()
		req, _ := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
		req.SetBasicAuth("ada@example.com", pw)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	must := func(what string, got, want int, body string) {
		t.Helper()
		if got != want {
			t.Fatalf("%s: %d, want %d\n%s", what, got, want, body)
		}
	}
	xml := map[string]string{"Content-Type": "application/xml; charset=utf-8", "Depth": "0"}

	// 1. Discovery: the principal, then the home, then the lists.
	st, _, body := do("PROPFIND", "/calendar/v1/dav/", xml,
		`<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>`)
	must("PROPFIND root", st, 207, body)
	principal := "/calendar/v1/dav/" + uid + "/"
	if !strings.Contains(body, "<href>"+principal+"</href>") && !strings.Contains(body, principal) {
		t.Fatalf("no principal in %s", body)
	}
	st, _, body = do("PROPFIND", principal, xml,
		`<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/></d:prop></d:propfind>`)
	must("PROPFIND principal", st, 207, body)
	home := principal + "tasks/"
	if !strings.Contains(body, home) {
		t.Fatalf("no calendar-home-set in %s", body)
	}
	depth1 := map[string]string{"Content-Type": "application/xml", "Depth": "1"}
	st, _, body = do("PROPFIND", home, depth1,
		`<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:displayname/><d:resourcetype/><c:supported-calendar-component-set/></d:prop></d:propfind>`)
	must("PROPFIND home", st, 207, body)
	if !strings.Contains(body, "Inbox") || !strings.Contains(body, `name="VTODO"`) {
		t.Fatalf("home listing lacks the inbox task list: %s", body)
	}

	// 2. calendar-query REPORT: every to-do with its ETag and data.
	report := `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:prop><d:getetag/><c:calendar-data/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`
	st, _, body = do("REPORT", home+"inbox/", depth1, report)
	must("REPORT", st, 207, body)
	if !strings.Contains(body, "SUMMARY:Water plants") || !strings.Contains(body, "getetag") {
		t.Fatalf("REPORT lacks the task: %s", body)
	}

	// 3. PUT creates, If-None-Match: * as DAVx5 sends it.
	ics := func(summary string) string {
		return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//davx5//EN\r\nBEGIN:VTODO\r\nUID:davx5-1\r\nDTSTAMP:20261127T080000Z\r\n" +
			"SUMMARY:" + summary + "\r\nX-JTX-COLOR:#ff0000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
	}
	cal := map[string]string{"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"}
	st, h, body := do("PUT", home+"inbox/davx5-1.ics", cal, ics("Repot fern"))
	must("PUT create", st, 201, body)
	etag1 := h.Get("ETag")
	if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag1) {
		t.Fatalf("ETag %q", etag1)
	}
	st, _, body = do("PUT", home+"inbox/davx5-1.ics", cal, ics("Repot fern again"))
	must("PUT create over an existing one", st, 412, body)

	// 4. The task changes in Daybase; the app's copy is now stale.
	e.exec(`UPDATE public.tasks SET notes = 'Use the big pot' WHERE title = 'Repot fern'`)
	st, h, body = do("GET", home+"inbox/davx5-1.ics", nil, "")
	must("GET", st, 200, body)
	etag2 := h.Get("ETag")
	if etag2 == etag1 || !strings.Contains(body, "DESCRIPTION:Use the big pot") || !strings.Contains(body, "X-JTX-COLOR:#ff0000") {
		t.Fatalf("GET after an edit: etag %s → %s\n%s", etag1, etag2, body)
	}
	st, _, body = do("PUT", home+"inbox/davx5-1.ics", map[string]string{"Content-Type": "text/calendar", "If-Match": etag1}, ics("Repot the fern"))
	must("PUT with a stale If-Match", st, 412, body)
	if n := e.scalar(`SELECT count(*)::text FROM public.tasks WHERE title = 'Repot the fern'`); n != "0" {
		t.Fatal("a stale PUT was written")
	}
	st, h, body = do("PUT", home+"inbox/davx5-1.ics", map[string]string{"Content-Type": "text/calendar", "If-Match": etag2}, ics("Repot the fern"))
	must("PUT with the current If-Match", st, 201, body)
	etag3 := h.Get("ETag")
	if n := e.scalar(`SELECT count(*)::text FROM public.tasks WHERE title = 'Repot the fern' AND notes IS NULL`); n != "1" {
		t.Fatal("the current PUT was not written (the app's copy has no DESCRIPTION, so none is kept)")
	}

	// 5. DELETE with a stale ETag is refused; with the current one, done.
	st, _, body = do("DELETE", home+"inbox/davx5-1.ics", map[string]string{"If-Match": etag2}, "")
	must("DELETE stale", st, 412, body)
	st, _, body = do("DELETE", home+"inbox/davx5-1.ics", map[string]string{"If-Match": etag3}, "")
	must("DELETE", st, 204, body)
	st, _, body = do("GET", home+"inbox/davx5-1.ics", nil, "")
	must("GET after DELETE", st, 404, body)

	// 6. Without credentials: 401 with a Basic challenge.
	req, _ := http.NewRequest("PROPFIND", e.srv.URL+"/calendar/v1/dav/", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 || !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Basic") {
		t.Errorf("no credentials: %d %q", res.StatusCode, res.Header.Get("WWW-Authenticate"))
	}
}
