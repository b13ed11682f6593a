package integrations

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// ErrForbiddenAddress is returned for a user-supplied URL that points at an
// internal address (SSRF protection).
var ErrForbiddenAddress = errors.New("address not allowed")

// blocked reports whether ip is somewhere a user-supplied URL must not
// reach: loopback, private, link-local (cloud metadata), CGNAT, multicast,
// unspecified and the other special-purpose ranges.
func blocked(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return true
	}
	for _, p := range specialPrefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

var specialPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"), // NAT64 can reach IPv4 internals
	netip.MustParsePrefix("2001:db8::/32"),
}

// guardedClient returns an HTTP client for user-supplied URLs: the check
// runs on the address actually dialled (after DNS, on every redirect and
// connection), so a hostname that resolves to an internal address, or is
// rebound to one, is refused too. allow lists host:port pairs that may be
// internal anyway (tests, or an operator's own chat server).
func guardedClient(timeout time.Duration, allow map[string]bool) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	d.Control = func(network, address string, _ syscall.RawConn) error {
		if allow[address] {
			return nil
		}
		ap, err := netip.ParseAddrPort(address)
		if err != nil || blocked(ap.Addr()) {
			return fmt.Errorf("%w: %s", ErrForbiddenAddress, address)
		}
		return nil
	}
	tr := &http.Transport{
		Proxy:               nil, // a proxy would dial for us, past the check
		DialContext:         d.DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
		MaxIdleConns:        10,
		IdleConnTimeout:     30 * time.Second,
	}
	return &http.Client{Transport: tr, Timeout: timeout, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 3 {
			return errors.New("too many redirects")
		}
		return nil
	}}
}

// checkURL refuses URLs a webhook may not have: other schemes, user info,
// and literal internal addresses (hostnames are checked when dialled).
func checkURL(raw string, allow map[string]bool) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
		return nil, fmt.Errorf("%w: webhook URL must be an http(s) URL", ErrForbiddenAddress)
	}
	if allow[u.Host] {
		return u, nil
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil && blocked(ip) {
		return nil, fmt.Errorf("%w: %s", ErrForbiddenAddress, u.Hostname())
	}
	if u.Hostname() == "localhost" {
		return nil, fmt.Errorf("%w: localhost", ErrForbiddenAddress)
	}
	return u, nil
}

// do sends a request built by mk, retrying network errors, 429 and 5xx
// with exponential backoff and jitter (3 attempts; 250 ms, 500 ms). The
// body of the last answer is read up to 1 MiB.
func do(ctx context.Context, c *http.Client, mk func() (*http.Request, error)) (int, []byte, error) {
	backoff := 250 * time.Millisecond
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			wait := backoff + time.Duration(rand.Int64N(int64(backoff/2)))
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return 0, nil, ctx.Err()
			}
			backoff *= 2
		}
		req, err := mk()
		if err != nil {
			return 0, nil, err
		}
		res, err := c.Do(req.WithContext(ctx))
		if err != nil {
			if errors.Is(err, ErrForbiddenAddress) {
				return 0, nil, err
			}
			lastErr = err
			continue
		}
		body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500 {
			lastErr = nil
			if attempt < 2 {
				continue
			}
		}
		return res.StatusCode, body, nil
	}
	return 0, nil, lastErr
}
