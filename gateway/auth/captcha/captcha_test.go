package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestVerify(t *testing.T) {
	var calls int
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		r.ParseForm()
		ok := r.PostForm.Get("secret") == "s3cret" && r.PostForm.Get("response") == "good" && r.PostForm.Get("remoteip") == "192.0.2.1"
		json.NewEncoder(w).Encode(map[string]any{"success": ok, "error-codes": []string{"invalid-input-response"}})
	}))
	defer fake.Close()
	v := New(Config{Provider: "hcaptcha", Secret: "s3cret", VerifyURL: fake.URL}, fake.Client())
	ctx := context.Background()

	if err := v.Verify(ctx, "good", "192.0.2.1"); err != nil {
		t.Fatalf("good token: %v", err)
	}
	var r *Refusal
	if err := v.Verify(ctx, "bad", "192.0.2.1"); !errors.As(err, &r) || r.Reason != "invalid-input-response" {
		t.Fatalf("bad token: %v", err)
	}
	if err := v.Verify(ctx, "", "192.0.2.1"); !errors.As(err, &r) || r.Reason != "no captcha response (captcha_token) found in request" {
		t.Fatalf("no token: %v", err)
	}
	if calls != 2 {
		t.Fatalf("siteverify called %d times, want 2 (a missing token is refused here)", calls)
	}
	if err := New(Config{Provider: "turnstile"}, fake.Client()).Verify(ctx, "", ""); err != nil {
		t.Fatalf("without a secret captcha is off: %v", err)
	}
	// A provider that cannot be reached is an error, not a refusal.
	down := New(Config{Secret: "s", VerifyURL: "http://127.0.0.1:1"}, http.DefaultClient)
	if err := down.Verify(ctx, "tok", ""); err == nil || errors.As(err, &r) {
		t.Fatalf("unreachable provider: %v", err)
	}
}

func TestProviderEndpoints(t *testing.T) {
	for provider, want := range map[string]string{
		"turnstile": "https://challenges.cloudflare.com/turnstile/v0/siteverify",
		"hcaptcha":  "https://api.hcaptcha.com/siteverify",
		"":          "https://api.hcaptcha.com/siteverify",
	} {
		if got := New(Config{Provider: provider}, nil).cfg.VerifyURL; got != want {
			t.Errorf("%q: %s, want %s", provider, got, want)
		}
	}
}
