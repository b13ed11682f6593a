// Package redirect decides which redirect_to URLs the auth service
// follows (GoTrue's site URL and URI allow list) and renders what a
// browser flow brings back to them: a session or an error.
package redirect

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"daybase/gateway/auth/wire"
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

// Session is the session as GoTrue puts it in a redirect's fragment
// (url.Values order, i.e. alphabetical); typ is the verification type, if
// any.
func Session(resp *wire.TokenResponse, typ string) string {
	v := url.Values{
		"access_token":  {resp.AccessToken},
		"expires_at":    {fmt.Sprint(resp.ExpiresAt)},
		"expires_in":    {fmt.Sprint(resp.ExpiresIn)},
		"refresh_token": {resp.RefreshToken},
		"token_type":    {resp.TokenType},
	}
	if resp.ProviderToken != "" {
		v.Set("provider_token", resp.ProviderToken)
	}
	if resp.ProviderRefreshToken != "" {
		v.Set("provider_refresh_token", resp.ProviderRefreshToken)
	}
	if typ != "" {
		v.Set("type", typ)
	}
	v.Set("sb", "")
	return v.Encode()
}

// oauthErrors maps a status to the OAuth error name of redirect errors.
var oauthErrors = map[int]string{
	http.StatusBadRequest:          "invalid_request",
	http.StatusUnauthorized:        "unauthorized_client",
	http.StatusForbidden:           "access_denied",
	http.StatusInternalServerError: "server_error",
	http.StatusServiceUnavailable:  "temporarily_unavailable",
}

// WithError is u carrying a browser flow's error as
// error=…&error_code=…&error_description=… in the fragment, where
// supabase-js reads it, and with pkce in the query too (reference §1.5).
func WithError(u *url.URL, status int, code, msg string, pkce bool) string {
	name, ok := oauthErrors[status]
	if !ok {
		name = "invalid_request"
	}
	frag := url.Values{"error": {name}, "error_code": {code}, "error_description": {msg}, "sb": {""}}
	if pkce {
		qs := u.Query()
		qs.Set("error", name)
		qs.Set("error_code", code)
		qs.Set("error_description", msg)
		u.RawQuery = qs.Encode()
	}
	return WithFragment(u, frag.Encode())
}

// WithFragment renders u with an already form-encoded fragment (setting
// url.URL.Fragment would escape its "%" a second time).
func WithFragment(u *url.URL, encoded string) string {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	if encoded == "" {
		return v.String()
	}
	return v.String() + "#" + encoded
}
