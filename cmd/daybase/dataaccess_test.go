package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestDataAccessCacheFollowsTheSession: the gateway vouches for warm
// sessions (0697, internal/dataaccess), and every way a session loses its
// access through the API shows on the very next request.
func TestDataAccessCacheFollowsTheSession(t *testing.T) {
	srv := startAPI(t)
	call, token := srv.call, srv.session
	email, password := "cache@example.test", "cache-pass-25"
	first, _ := token(call("POST", "/auth/v1/signup", "", map[string]any{"email": email, "password": password}, ""))
	if st, b := call("POST", "/rest/v1/tasks", first, map[string]any{"title": "Kept memo"}, ""); st != 201 {
		t.Fatalf("insert task: %d %s", st, b)
	}
	tasks := func(at string) string {
		t.Helper()
		_, b := call("GET", "/rest/v1/tasks?select=title", at, nil, "")
		return strings.TrimSpace(string(b))
	}
	warm := func(at string) {
		t.Helper()
		for range 10 {
			if got := tasks(at); !strings.Contains(got, "Kept memo") {
				t.Fatalf("a live session sees %s", got)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	signIn := func() string {
		at, _ := token(call("POST", "/auth/v1/token?grant_type=password", "", map[string]any{"email": email, "password": password}, ""))
		return at
	}

	// The cache is in use: a session ended behind its back (no
	// notification) still reads until the entry's time is up.
	warm(first)
	srv.sql(`ALTER TABLE auth.sessions DISABLE TRIGGER notify_data_access_change;
		UPDATE auth.sessions SET not_after = now() WHERE id = (SELECT id FROM auth.sessions ORDER BY created_at DESC LIMIT 1);
		ALTER TABLE auth.sessions ENABLE TRIGGER notify_data_access_change`)
	if got := tasks(first); !strings.Contains(got, "Kept memo") {
		t.Fatalf("the warm session was not vouched for (the cache is not in use): %s", got)
	}

	// Signed out through the API: refused on the next request.
	second := signIn()
	warm(second)
	if st, b := call("POST", "/auth/v1/logout", second, nil, ""); st != 204 {
		t.Fatalf("logout: %d %s", st, b)
	}
	if got := tasks(second); got != "[]" {
		t.Errorf("right after sign-out the token sees %s", got)
	}

	// Ended from outside the API (another instance, psql): refused as soon
	// as the notification arrives.
	third := signIn()
	warm(third)
	srv.sql(`UPDATE auth.sessions SET not_after = now() WHERE id = (SELECT id FROM auth.sessions ORDER BY created_at DESC LIMIT 1)`)
	deadline := time.Now().Add(30 * time.Second) // a loaded machine; the poll ends at the notification
	for tasks(third) != "[]" {
		if time.Now().After(deadline) {
			t.Fatal("a session ended in SQL still reads after 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Two-factor turned on: the other aal1 sessions lose their data at once.
	fourth, fifth := signIn(), signIn()
	warm(fourth)
	warm(fifth)
	aal2 := srv.stepUp(srv.enrollTOTP(fifth), fifth, time.Now())
	if got := tasks(fourth); got != "[]" {
		t.Errorf("right after the factor was verified an aal1 token sees %s", got)
	}
	warm(aal2)
}

// TestDataAccessCacheThroughRefreshes: a token refresh runs without the
// gateway's hold (auth.KeepsSessions), so refreshes do not empty the
// cache for everybody, and when reuse detection ends the refreshed
// session the gateway forgets that user at once, before any notification.
func TestDataAccessCacheThroughRefreshes(t *testing.T) {
	srv := startAPI(t)
	call := srv.call
	type session struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
		User         struct{ ID string }
	}
	parse := func(st int, b []byte) session {
		t.Helper()
		var s session
		if st != 200 || json.Unmarshal(b, &s) != nil || s.RefreshToken == "" {
			t.Fatalf("no session: %d %s", st, b)
		}
		return s
	}
	refresh := func(rt string) (int, []byte) {
		return call("POST", "/auth/v1/token?grant_type=refresh_token", "", map[string]any{"refresh_token": rt}, "")
	}
	tasks := func(at string) string {
		t.Helper()
		_, b := call("GET", "/rest/v1/tasks?select=title", at, nil, "")
		return strings.TrimSpace(string(b))
	}
	warm := func(at, title string) {
		t.Helper()
		for range 10 {
			if got := tasks(at); !strings.Contains(got, title) {
				t.Fatalf("a live session sees %s", got)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	user := func(email, title string) session {
		t.Helper()
		s := parse(call("POST", "/auth/v1/signup", "", map[string]any{"email": email, "password": "cache-pass-25"}, ""))
		if st, b := call("POST", "/rest/v1/tasks", s.AccessToken, map[string]any{"title": title}, ""); st != 201 {
			t.Fatalf("insert task: %d %s", st, b)
		}
		warm(s.AccessToken, title)
		return s
	}
	other := user("other@example.test", "Other memo")
	me := user("refresher@example.test", "My memo")
	warm(other.AccessToken, "Other memo") // the sign-up above held the cache and emptied it

	// The other user's session ends behind the cache's back (no
	// notification); another user's refresh leaves the cache's entry for
	// it in place, where a held request would have emptied the cache.
	srv.sql(`ALTER TABLE auth.sessions DISABLE TRIGGER notify_data_access_change;
		UPDATE auth.sessions SET not_after = now() WHERE user_id = '` + other.User.ID + `';
		ALTER TABLE auth.sessions ENABLE TRIGGER notify_data_access_change`)
	first := me.RefreshToken
	second := parse(refresh(first))
	third := parse(refresh(second.RefreshToken))
	if got := tasks(other.AccessToken); !strings.Contains(got, "Other memo") {
		t.Fatalf("a refresh emptied the data-access cache: %s", got)
	}

	// Reuse detected: the first token, revoked a minute ago, is presented
	// again. With the notification trigger off, only the refresh itself
	// can tell the gateway; the session's token is refused at once.
	warm(third.AccessToken, "My memo")
	srv.sql(`UPDATE auth.refresh_tokens SET updated_at = now() - interval '1 minute' WHERE token = '` + first + `';
		ALTER TABLE auth.sessions DISABLE TRIGGER notify_data_access_change`)
	st, b := refresh(first)
	srv.sql(`ALTER TABLE auth.sessions ENABLE TRIGGER notify_data_access_change`)
	if st != 400 || !strings.Contains(string(b), "refresh_token_already_used") {
		t.Fatalf("reused refresh token: %d %s", st, b)
	}
	if got := tasks(third.AccessToken); got != "[]" {
		t.Errorf("right after reuse detection ended the session its token sees %s", got)
	}
	if st, _ := refresh(third.RefreshToken); st != 400 {
		t.Errorf("the ended session's live refresh token still refreshes: %d", st)
	}
}
