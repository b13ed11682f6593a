package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestEnabledBuildsOnlyConfiguredProviders(t *testing.T) {
	ps := Enabled(Settings{ClientID: "g", Secret: "s"}, Settings{ClientID: "only an id"}, "https://day.test/auth/v1/callback")
	if len(ps) != 1 || ps["google"] == nil {
		t.Fatalf("providers %v, want google only", ps)
	}
	g := ps["google"]
	if g.Name != "google" || g.Conf.RedirectURL != "https://day.test/auth/v1/callback" ||
		g.Conf.Endpoint.AuthURL != "https://accounts.google.com/o/oauth2/v2/auth" {
		t.Fatalf("google: %+v", g.Conf)
	}
	gh := Enabled(Settings{}, Settings{ClientID: "h", Secret: "s", RedirectURL: "https://other.test/cb", UserURL: "http://api.test/"}, "unused")["github"]
	if gh == nil || gh.Conf.RedirectURL != "https://other.test/cb" || gh.apiURL != "http://api.test" {
		t.Fatalf("github: %+v", gh)
	}
}

func TestFetchUser(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v any
		switch r.URL.Path {
		case "/userinfo": // Google sends email_verified as a string at times
			v = map[string]any{"sub": "g-1", "email": "ada@example.test", "email_verified": "true", "name": "Ada", "picture": "http://p"}
		case "/user":
			v = map[string]any{"id": 42, "login": "ada", "name": "", "avatar_url": "http://a"}
		case "/user/emails":
			v = []map[string]any{{"email": "old@example.test", "verified": true}, {"email": "ada@example.test", "primary": true, "verified": false}}
		default:
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(v)
	}))
	defer api.Close()
	ps := Enabled(Settings{ClientID: "g", Secret: "s", UserURL: api.URL + "/userinfo"}, Settings{ClientID: "h", Secret: "s", UserURL: api.URL}, "cb")
	ctx := context.Background()

	g, err := ps["google"].FetchUser(ctx, api.Client())
	if err != nil || *g != (User{ID: "g-1", Email: "ada@example.test", EmailVerified: true, Name: "Ada", AvatarURL: "http://p"}) {
		t.Fatalf("google: %+v, %v", g, err)
	}
	gh, err := ps["github"].FetchUser(ctx, api.Client())
	// The primary address wins, with its own verified flag; the name falls back to the login.
	if err != nil || *gh != (User{ID: "42", Email: "ada@example.test", EmailVerified: false, Name: "ada", UserName: "ada", AvatarURL: "http://a"}) {
		t.Fatalf("github: %+v, %v", gh, err)
	}
	broken := Enabled(Settings{ClientID: "g", Secret: "s", UserURL: api.URL + "/missing"}, Settings{}, "cb")["google"]
	if _, err := broken.FetchUser(ctx, api.Client()); err == nil {
		t.Fatal("a 404 from the provider was accepted")
	}
}
