package ceremony

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
)

func TestRelyingPartyFromSiteURL(t *testing.T) {
	for _, tc := range []struct {
		site, rpID string
		configured []string
		origins    []string
	}{
		{"https://app.example.com", "", nil, []string{"https://app.example.com"}},
		{"http://127.0.0.1:54321", "", nil, []string{"http://127.0.0.1:54321", "http://localhost:54321"}},
		{"http://127.0.0.1:54321", "", []string{"https://a.test"}, []string{"https://a.test"}},
		{"http://192.0.2.7:8080", "app.example.com", nil, []string{"http://192.0.2.7:8080"}},
	} {
		rp, err := NewRelyingParty(tc.site, tc.rpID, tc.configured, time.Minute)
		if err != nil {
			t.Fatalf("%s: %v", tc.site, err)
		}
		if rp == nil || strings.Join(rp.Config.RPOrigins, " ") != strings.Join(tc.origins, " ") {
			t.Errorf("%s: rp = %+v, want origins %v", tc.site, rp, tc.origins)
		}
	}
	if rp, err := NewRelyingParty("http://192.0.2.7:8080", "", nil, 0); rp != nil || err != nil {
		t.Errorf("an IP site URL without an rp id: %v, %v; want passkeys off", rp, err)
	}
	if _, err := NewRelyingParty("not a url", "", nil, 0); err == nil {
		t.Error("a relative site URL was accepted")
	}
}

func TestDefaultName(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15": "Safari on macOS",
		"Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36 Edg/120.0":                             "Edge on Windows",
		"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0":                         "Firefox on Linux",
		"curl/8.0": "Passkey",
	} {
		if got := DefaultName(ua); got != want {
			t.Errorf("DefaultName(%q) = %q, want %q", ua, got, want)
		}
	}
}

func TestReasonIsTheProtocolDetail(t *testing.T) {
	err := protocol.ErrVerification.WithDetails("Error validating origin")
	if got := Reason(err); got != "Error validating origin" {
		t.Errorf("Reason = %q", got)
	}
	if got := Reason(errors.New("plain")); got != "plain" {
		t.Errorf("Reason = %q", got)
	}
}
