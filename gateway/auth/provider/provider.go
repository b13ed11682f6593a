// Package provider holds the OAuth 2 providers /auth/v1 signs in with
// (Google, GitHub): their endpoints, scopes, and the reading of the
// signed-in account from each provider's API. The flow itself (state,
// PKCE, identities) stays in gateway/auth.
package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/oauth2"
)

// Settings configure one OAuth 2 provider. The URL fields override
// the provider's public endpoints, so tests can point at a fake provider.
type Settings struct {
	// ClientID and Secret come from the provider's developer console. Env
	// DAYBASE_AUTH_<GOOGLE|GITHUB>_CLIENT_ID and _SECRET.
	ClientID string
	Secret   string
	// AuthURL, TokenURL and UserURL replace the provider's endpoints. For
	// GitHub, UserURL is the API base (https://api.github.com) under which
	// /user and /user/emails are read. Env
	// DAYBASE_AUTH_<GOOGLE|GITHUB>_AUTH_URL, _TOKEN_URL, _USER_URL.
	AuthURL  string
	TokenURL string
	UserURL  string
	// RedirectURL is the callback registered with the provider. Empty
	// means <public URL>/auth/v1/callback. Env ..._REDIRECT_URL.
	RedirectURL string
}

// Enabled reports whether the provider is configured.
func (p Settings) Enabled() bool { return p.ClientID != "" && p.Secret != "" }

// Provider is one configured OAuth 2 provider.
type Provider struct {
	Name   string
	Conf   oauth2.Config
	apiURL string // GitHub: the API base; Google: the userinfo endpoint
	// fetch reads the signed-in account from the provider's API.
	fetch func(ctx context.Context, client *http.Client, apiURL string) (*User, error)
}

// FetchUser reads the signed-in account through client, which carries
// the access token (Conf.Client).
func (p *Provider) FetchUser(ctx context.Context, client *http.Client) (*User, error) {
	return p.fetch(ctx, client, p.apiURL)
}

// User is what daybase keeps of a provider account.
type User struct {
	ID            string
	Email         string
	EmailVerified bool
	Name          string
	UserName      string
	AvatarURL     string
}

// Enabled builds the providers whose settings are complete; callback is
// the redirect URL used where a provider's RedirectURL is empty.
func Enabled(google, github Settings, callback string) map[string]*Provider {
	out := map[string]*Provider{}
	or := func(v, def string) string {
		if v != "" {
			return v
		}
		return def
	}
	if g := google; g.Enabled() {
		out["google"] = &Provider{
			Name: "google",
			Conf: oauth2.Config{
				ClientID: g.ClientID, ClientSecret: g.Secret, RedirectURL: or(g.RedirectURL, callback),
				Endpoint: oauth2.Endpoint{
					AuthURL:  or(g.AuthURL, "https://accounts.google.com/o/oauth2/v2/auth"),
					TokenURL: or(g.TokenURL, "https://oauth2.googleapis.com/token"),
				},
				Scopes: []string{"openid", "email", "profile"},
			},
			apiURL: or(g.UserURL, "https://openidconnect.googleapis.com/v1/userinfo"),
			fetch:  fetchGoogleUser,
		}
	}
	if gh := github; gh.Enabled() {
		out["github"] = &Provider{
			Name: "github",
			Conf: oauth2.Config{
				ClientID: gh.ClientID, ClientSecret: gh.Secret, RedirectURL: or(gh.RedirectURL, callback),
				Endpoint: oauth2.Endpoint{
					AuthURL:  or(gh.AuthURL, "https://github.com/login/oauth/authorize"),
					TokenURL: or(gh.TokenURL, "https://github.com/login/oauth/access_token"),
				},
				Scopes: []string{"user:email"},
			},
			apiURL: strings.TrimRight(or(gh.UserURL, "https://api.github.com"), "/"),
			fetch:  fetchGitHubUser,
		}
	}
	return out
}

// getJSON reads one JSON document from a provider API.
func getJSON(ctx context.Context, client *http.Client, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d: %.200s", u, res.StatusCode, body)
	}
	return json.Unmarshal(body, v)
}

// fetchGoogleUser reads Google's OpenID Connect userinfo.
func fetchGoogleUser(ctx context.Context, client *http.Client, userinfo string) (*User, error) {
	var u struct {
		Sub           string `json:"sub"`
		Email         string `json:"email"`
		EmailVerified any    `json:"email_verified"` // bool, or "true" in some responses
		Name          string `json:"name"`
		Picture       string `json:"picture"`
	}
	if err := getJSON(ctx, client, userinfo, &u); err != nil {
		return nil, err
	}
	if u.Sub == "" {
		return nil, errors.New("google userinfo without sub")
	}
	verified := u.EmailVerified == true || u.EmailVerified == "true"
	return &User{ID: u.Sub, Email: u.Email, EmailVerified: verified, Name: u.Name, AvatarURL: u.Picture}, nil
}

// fetchGitHubUser reads GitHub's /user and, for the address, /user/emails
// (the primary verified one).
func fetchGitHubUser(ctx context.Context, client *http.Client, api string) (*User, error) {
	var u struct {
		ID        int64  `json:"id"`
		Login     string `json:"login"`
		Name      string `json:"name"`
		AvatarURL string `json:"avatar_url"`
	}
	if err := getJSON(ctx, client, api+"/user", &u); err != nil {
		return nil, err
	}
	if u.ID == 0 {
		return nil, errors.New("github /user without id")
	}
	var emails []struct {
		Email    string `json:"email"`
		Primary  bool   `json:"primary"`
		Verified bool   `json:"verified"`
	}
	if err := getJSON(ctx, client, api+"/user/emails", &emails); err != nil {
		return nil, err
	}
	pu := &User{ID: strconv.FormatInt(u.ID, 10), Name: u.Name, UserName: u.Login, AvatarURL: u.AvatarURL}
	if pu.Name == "" {
		pu.Name = u.Login
	}
	for _, e := range emails {
		if e.Primary || pu.Email == "" {
			pu.Email, pu.EmailVerified = e.Email, e.Verified
		}
	}
	return pu, nil
}

// IdentityData is the identity_data GoTrue stores for an account at
// provider.
func IdentityData(provider string, pu *User) map[string]any {
	data := map[string]any{
		"iss": provider, "sub": pu.ID, "provider_id": pu.ID, "email": pu.Email, "email_verified": pu.EmailVerified,
		"phone_verified": false, "name": pu.Name, "full_name": pu.Name, "avatar_url": pu.AvatarURL, "picture": pu.AvatarURL,
	}
	if pu.UserName != "" {
		data["user_name"], data["preferred_username"] = pu.UserName, pu.UserName
	}
	return data
}
