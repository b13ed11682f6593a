package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"daybase/gateway/auth/apierr"
)

// fakeProvider is an OAuth 2 provider speaking GitHub's and Google's
// dialects: /authorize, /token, /user, /user/emails and /userinfo.
type fakeProvider struct {
	*httptest.Server
	mu       sync.Mutex // protects the fields below
	codes    map[string]bool
	id       int64
	email    string
	verified bool
}

func newFakeProvider(t testing.TB) *fakeProvider {
	f := &fakeProvider{codes: map[string]bool{}, id: 4242, email: "octo@example.test", verified: true}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		id, secret, _ := r.BasicAuth()
		if id == "" {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		f.mu.Lock()
		ok := f.codes[r.PostForm.Get("code")]
		delete(f.codes, r.PostForm.Get("code"))
		f.mu.Unlock()
		if id != "client-id" || secret != "client-secret" || !ok {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]string{"error": "bad_verification_code"})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": "provider-access", "token_type": "bearer", "refresh_token": "provider-refresh", "expires_in": 3600})
	})
	authed := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "Bearer provider-access" {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			h(w, r)
		}
	}
	mux.HandleFunc("GET /user", authed(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"id": f.id, "login": "octocat", "name": "Octo Cat", "avatar_url": "https://avatars.example/octo"})
	}))
	mux.HandleFunc("GET /user/emails", authed(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		json.NewEncoder(w).Encode([]map[string]any{{"email": "other@example.test", "primary": false, "verified": true}, {"email": f.email, "primary": true, "verified": f.verified}})
	}))
	mux.HandleFunc("GET /userinfo", authed(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"sub": fmt.Sprintf("g-%d", f.id), "email": f.email, "email_verified": f.verified, "name": "Goo Gle", "picture": "https://avatars.example/g"})
	}))
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// approve plays the user consenting at the provider: it takes the
// provider URL /authorize answered and returns the callback query.
func (f *fakeProvider) approve(t testing.TB, authorizeURL string) url.Values {
	t.Helper()
	u, err := url.Parse(authorizeURL)
	if err != nil || !strings.HasPrefix(authorizeURL, f.URL+"/authorize") {
		t.Fatalf("redirected to %q, want the fake provider", authorizeURL)
	}
	q := u.Query()
	if q.Get("client_id") != "client-id" || q.Get("redirect_uri") != "http://daybase.test/auth/v1/callback" || q.Get("state") == "" {
		t.Fatalf("authorize URL %s", authorizeURL)
	}
	code := "code-" + q.Get("state")[:8]
	f.mu.Lock()
	f.codes[code] = true
	f.mu.Unlock()
	return url.Values{"code": {code}, "state": {q.Get("state")}}
}

func oauthSetup(t *testing.T, opts ...func(*Config)) (*testBundle, *fakeProvider) {
	f := newFakeProvider(t)
	b := setup(t, append([]func(*Config){func(c *Config) {
		c.GitHub = OAuthProvider{ClientID: "client-id", Secret: "client-secret", AuthURL: f.URL + "/authorize", TokenURL: f.URL + "/token", UserURL: f.URL}
		c.Google = OAuthProvider{ClientID: "client-id", Secret: "client-secret", AuthURL: f.URL + "/authorize", TokenURL: f.URL + "/token", UserURL: f.URL + "/userinfo"}
	}}, opts...)...)
	return b, f
}

// oauthSignIn runs /authorize, the provider and /callback and returns
// where the browser ends up.
func (b *testBundle) oauthSignIn(t testing.TB, f *fakeProvider, query string) *url.URL {
	t.Helper()
	res := b.do(t, req{method: "GET", path: "/authorize?" + query, apikey: "-"})
	wantStatus(t, res, http.StatusFound)
	cb := f.approve(t, res.Header.Get("Location"))
	res = b.do(t, req{method: "GET", path: "/callback?" + cb.Encode(), apikey: "-"})
	if res.Status != http.StatusFound && res.Status != http.StatusSeeOther {
		t.Fatalf("callback answered %d: %s", res.Status, res.Body)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestOAuthImplicitGitHub(t *testing.T) {
	b, f := oauthSetup(t)
	loc := b.oauthSignIn(t, f, "provider=github&redirect_to="+url.QueryEscape("http://daybase.test/app"))
	if loc.Path != "/app" {
		t.Fatalf("redirected to %s", loc)
	}
	frag, _ := url.ParseQuery(loc.Fragment)
	if frag.Get("provider_token") != "provider-access" || frag.Get("provider_refresh_token") != "provider-refresh" || frag.Get("token_type") != "bearer" {
		t.Fatalf("fragment %v", frag)
	}
	at := frag.Get("access_token")
	c := b.claims(t, at)
	if c["email"] != "octo@example.test" || c["amr"].([]any)[0].(map[string]any)["method"] != "oauth" {
		t.Fatalf("claims %v", c)
	}
	u := b.do(t, req{method: "GET", path: "/user", bearer: at}).object(t)
	ids := u["identities"].([]any)
	if len(ids) != 1 || ids[0].(map[string]any)["provider"] != "github" || ids[0].(map[string]any)["id"] != "4242" {
		t.Fatalf("identities %v", ids)
	}
	if md := u["user_metadata"].(map[string]any); md["full_name"] != "Octo Cat" || md["user_name"] != "octocat" {
		t.Fatalf("user_metadata %v", md)
	}
	if u["email_confirmed_at"] == nil || u["app_metadata"].(map[string]any)["provider"] != "github" {
		t.Fatalf("user %v", u)
	}
	// Signing in again finds the same user.
	loc = b.oauthSignIn(t, f, "provider=github")
	frag2, _ := url.ParseQuery(loc.Fragment)
	if b.claims(t, frag2.Get("access_token"))["sub"] != c["sub"] {
		t.Fatal("second sign-in made another user")
	}
}

func TestOAuthPKCEGoogleLinksByVerifiedEmail(t *testing.T) {
	b, f := oauthSetup(t)
	existing := b.signUp(t, "octo@example.test", "hunter-two-2")
	verifier := strings.Repeat("0f", 56)
	sum := sha256.Sum256([]byte(verifier))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	loc := b.oauthSignIn(t, f, "provider=google&redirect_to="+url.QueryEscape("http://daybase.test/app")+
		"&code_challenge="+challenge+"&code_challenge_method=s256")
	code := loc.Query().Get("code")
	if code == "" || loc.Fragment != "" {
		t.Fatalf("PKCE redirect %s", loc)
	}
	res := b.do(t, req{method: "POST", path: "/token?grant_type=pkce", body: map[string]any{"auth_code": code, "code_verifier": verifier}})
	wantStatus(t, res, 200)
	var s session
	res.decode(t, &s)
	if s.User.ID != existing.User.ID {
		t.Fatalf("linked to %s, want the existing %s", s.User.ID, existing.User.ID)
	}
	if m := res.object(t); m["provider_token"] != "provider-access" {
		t.Fatalf("no provider_token: %s", res.Body)
	}
	providers := s.User.AppMetadata["providers"].([]any)
	if len(s.User.Identities) != 2 || len(providers) != 2 {
		t.Fatalf("identities %+v providers %v", s.User.Identities, providers)
	}
}

func TestOAuthUnverifiedEmailDoesNotLink(t *testing.T) {
	b, f := oauthSetup(t)
	b.signUp(t, "octo@example.test", "hunter-two-2")
	f.verified = false
	loc := b.oauthSignIn(t, f, "provider=github&redirect_to="+url.QueryEscape("http://daybase.test/app"))
	frag, _ := url.ParseQuery(loc.Fragment)
	if frag.Get("error_code") != string(apierr.CodeProviderEmailUnverified) || frag.Get("access_token") != "" ||
		frag.Get("error_description") != "Unverified email with github: verify the address with github and try again" {
		t.Fatalf("unverified provider e-mail: %s", loc)
	}
}

func TestOAuthErrors(t *testing.T) {
	b, f := oauthSetup(t, func(c *Config) { c.Google = OAuthProvider{} })
	res := b.do(t, req{method: "GET", path: "/authorize?provider=google", apikey: "-"})
	wantError(t, res, 400, apierr.CodeProviderDisabled)
	if msg := res.object(t)["message"].(string); !strings.Contains(msg, "DAYBASE_AUTH_GOOGLE_CLIENT_ID") {
		t.Fatalf("message does not say what to set: %s", msg)
	}
	wantError(t, b.do(t, req{method: "GET", path: "/authorize?provider=myspace", apikey: "-"}), 400, apierr.CodeValidationFailed)

	// skip_http_redirect answers the URL.
	res = b.do(t, req{method: "GET", path: "/authorize?provider=github&skip_http_redirect=true", apikey: "-"})
	wantStatus(t, res, 200)
	if !strings.HasPrefix(res.object(t)["url"].(string), f.URL+"/authorize?") {
		t.Fatalf("skip_http_redirect: %s", res.Body)
	}

	// A forged state and a refused consent come back as redirect errors.
	res = b.do(t, req{method: "GET", path: "/callback?code=x&state=00000000-0000-4000-8000-000000000000", apikey: "-"})
	wantStatus(t, res, http.StatusSeeOther)
	if !strings.Contains(res.Header.Get("Location"), "error_code=bad_oauth_state") {
		t.Fatalf("bad state: %s", res.Header.Get("Location"))
	}
	auth := b.do(t, req{method: "GET", path: "/authorize?provider=github&redirect_to=" + url.QueryEscape("http://daybase.test/app"), apikey: "-"})
	cb := f.approve(t, auth.Header.Get("Location"))
	res = b.do(t, req{method: "GET", path: "/callback?error=access_denied&error_description=User+said+no&state=" + cb.Get("state"), apikey: "-"})
	loc, _ := url.Parse(res.Header.Get("Location"))
	frag, _ := url.ParseQuery(loc.Fragment)
	if loc.Path != "/app" || frag.Get("error_description") != "github: User said no" {
		t.Fatalf("denied consent: %s", loc)
	}
	// A wrong code from the provider.
	auth = b.do(t, req{method: "GET", path: "/authorize?provider=github", apikey: "-"})
	cb = f.approve(t, auth.Header.Get("Location"))
	cb.Set("code", "forged")
	res = b.do(t, req{method: "GET", path: "/callback?" + cb.Encode(), apikey: "-"})
	if !strings.Contains(res.Header.Get("Location"), "error_code=bad_oauth_callback") {
		t.Fatalf("forged code: %s", res.Header.Get("Location"))
	}
}
