package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestOnePolicyReadsTheRequestEverywhere is issue 23's proof that every
// service runs a caller's statements with the same request settings
// (internal/asrole): one policy function that reads request.headers decides
// the same way through REST, storage, a function (export-data reads the
// tasks as the caller) and realtime's REST broadcast.
func TestOnePolicyReadsTheRequestEverywhere(t *testing.T) {
	srv := startAPI(t)
	at, uid := srv.session(srv.call("POST", "/auth/v1/signup", "", map[string]any{"email": "headers@example.test", "password": "headers-pass-23"}, ""))
	if st, b := srv.call("POST", "/rest/v1/tasks", at, map[string]any{"title": "Visible memo"}, ""); st != 201 {
		t.Fatalf("insert task: %d %s", st, b)
	}
	srv.sql(`CREATE FUNCTION public.probe_allows() RETURNS boolean LANGUAGE sql STABLE
		  AS $$ SELECT coalesce(current_setting('request.headers', true)::json->>'x-probe', '') <> 'hide'
		        AND current_setting('request.method', true) <> '' $$;
		GRANT EXECUTE ON FUNCTION public.probe_allows() TO authenticated;
		CREATE POLICY probe ON public.tasks AS RESTRICTIVE FOR SELECT TO authenticated USING (public.probe_allows());
		INSERT INTO storage.buckets (id, name, public) VALUES ('probe', 'probe', false);
		CREATE POLICY probe_files ON storage.objects FOR ALL TO authenticated
		  USING (bucket_id = 'probe' AND public.probe_allows()) WITH CHECK (bucket_id = 'probe');
		CREATE POLICY probe_broadcast ON realtime.messages FOR INSERT TO authenticated
		  WITH CHECK (realtime.topic() = 'probe-room' AND public.probe_allows())`)
	if st, b := srv.call("POST", "/storage/v1/object/probe/"+uid+"/memo.txt", at, []byte("memo"), "text/plain"); st != 200 {
		t.Fatalf("upload: %d %s", st, b)
	}

	type seen struct {
		tasks, files, exported string
		broadcast              int
	}
	sees := func(probe string) seen {
		t.Helper()
		h := http.Header{}
		if probe != "" {
			h.Set("X-Probe", probe)
		}
		var s seen
		_, _, tb := srv.do("GET", "/rest/v1/tasks?select=title", at, nil, "", h)
		_, _, fb := srv.do("POST", "/storage/v1/object/list/probe", at, map[string]any{"prefix": uid}, "", h)
		st, eh, eb := srv.do("POST", "/functions/v1/export-data?format=csv", at, nil, "", h)
		if st != 200 {
			t.Fatalf("export-data: %d %s", st, eb)
		}
		s.broadcast, _, _ = srv.do("POST", "/realtime/v1/api/broadcast/probe-room/events/ping?private=true", at, map[string]any{"n": 1}, "", h)
		s.tasks, s.files, s.exported = strings.TrimSpace(string(tb)), strings.TrimSpace(string(fb)), eh.Get("X-Export-Rows")
		return s
	}
	if s := sees(""); !strings.Contains(s.tasks, "Visible memo") || !strings.Contains(s.files, "memo.txt") || s.exported != "1" || s.broadcast != 202 {
		t.Errorf("without the header: tasks %s, files %s, exported %q rows, broadcast %d; want everything", s.tasks, s.files, s.exported, s.broadcast)
	}
	if s := sees("hide"); s.tasks != "[]" || s.files != "[]" || s.exported != "0" || s.broadcast != 403 {
		t.Errorf("with x-probe: hide: tasks %s, files %s, exported %q rows, broadcast %d; want nothing anywhere", s.tasks, s.files, s.exported, s.broadcast)
	}
}
