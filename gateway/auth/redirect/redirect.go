// Package redirect decides which redirect_to URLs the auth service
// follows (GoTrue's site URL and URI allow list).
package redirect

import (
	"net"
	"net/url"
	"regexp"
	"strings"
)

// Allowed reports whether raw may be a redirect target: an http(s) URL on
// siteURL's host, a loopback URL when siteURL is loopback too, or any URL
// matching a glob of allowList, as GoTrue decides.
func Allowed(raw, siteURL string, allowList []string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return false
	}
	site, err := url.Parse(siteURL)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.User == nil {
		if strings.EqualFold(u.Hostname(), site.Hostname()) {
			return true
		}
		if isLoopback(u.Hostname()) && isLoopback(site.Hostname()) {
			return true
		}
	}
	for _, pattern := range allowList {
		if globMatch(pattern, raw) {
			return true
		}
	}
	return false
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// globMatch matches s against a pattern where ** is any run of characters
// and * any run without "/".
func globMatch(pattern, s string) bool {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch {
		case strings.HasPrefix(pattern[i:], "**"):
			b.WriteString(".*")
			i++
		case pattern[i] == '*':
			b.WriteString("[^/]*")
		default:
			b.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(s)
}
