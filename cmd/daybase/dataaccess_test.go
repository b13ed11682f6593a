package main

import (
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
	deadline := time.Now().Add(5 * time.Second)
	for tasks(third) != "[]" {
		if time.Now().After(deadline) {
			t.Fatal("a session ended in SQL still reads after 5 s")
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
