package integrations

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// The dialler itself refuses internal addresses, whatever name led there:
// this is what stops DNS names and rebinding that the literal check in
// checkURL cannot see.
func TestGuardedClientRefusesInternalDials(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("internal server reached")
	}))
	defer srv.Close()
	c := guardedClient(time.Second, nil)
	_, _, err := do(context.Background(), c, func() (*http.Request, error) { return http.NewRequest("GET", srv.URL, nil) })
	if !errors.Is(err, ErrForbiddenAddress) {
		t.Fatalf("err = %v, want ErrForbiddenAddress", err)
	}
	// A redirect from an allowed host to an internal one is refused too.
	allowed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, srv.URL, http.StatusFound)
	}))
	defer allowed.Close()
	c = guardedClient(time.Second, map[string]bool{strings.TrimPrefix(allowed.URL, "http://"): true})
	_, _, err = do(context.Background(), c, func() (*http.Request, error) { return http.NewRequest("GET", allowed.URL, nil) })
	if !errors.Is(err, ErrForbiddenAddress) {
		t.Fatalf("redirect: err = %v, want ErrForbiddenAddress", err)
	}
}

func TestBlocked(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true, "169.254.169.254": true,
		"100.64.0.1": true, "0.0.0.0": true, "::1": true, "fe80::1": true, "fc00::1": true, "::ffff:10.0.0.1": true,
		"224.0.0.1": true, "8.8.8.8": false, "151.101.1.140": false, "2606:4700::1111": false,
	} {
		if got := blocked(netip.MustParseAddr(addr)); got != want {
			t.Errorf("blocked(%s) = %v, want %v", addr, got, want)
		}
	}
}
