package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"golang.org/x/oauth2"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/flow"
	"daybase/gateway/auth/provider"
	"daybase/gateway/auth/store"
)

// oauthProvider and providerUser are gateway/auth/provider's.
type (
	oauthProvider = provider.Provider
	providerUser  = provider.User
)

// identityData is the identity_data GoTrue stores for a provider account.
var identityData = provider.IdentityData

// providerNames are the providers daybase knows, enabled or not.
var providerNames = map[string]string{"google": "GOOGLE", "github": "GITHUB"}

// newOAuthProviders builds the enabled providers.
func newOAuthProviders(cfg Config, publicURL string) map[string]*oauthProvider {
	return provider.Enabled(cfg.Google, cfg.GitHub, publicURL+"/auth/v1/callback")
}

// passThroughParams are the client's queryParams forwarded to the
// provider's consent page.
var passThroughParams = []string{"access_type", "prompt", "login_hint", "hd"}

// authorize starts an OAuth sign-in (signInWithOAuth): it records the
// flow and redirects to the provider, or answers {"url"} with
// skip_http_redirect.
func (s *Service) authorize(w http.ResponseWriter, r *http.Request) error {
	return s.startOAuth(w, r, "")
}

// startOAuth records an OAuth flow and sends the browser to the provider;
// linkTo, when set, is the signed-in user the provider's identity will be
// linked to (linkIdentity) instead of signing someone in.
func (s *Service) startOAuth(w http.ResponseWriter, r *http.Request, linkTo string) error {
	ctx := r.Context()
	qv := r.URL.Query()
	name := qv.Get("provider")
	env, known := providerNames[name]
	if !known {
		return apierr.Fail(apierr.CodeValidationFailed, "Unsupported provider: Provider %s could not be found", name)
	}
	p := s.providers[name]
	if p == nil {
		return apierr.Fail(apierr.CodeProviderDisabled, "Unsupported provider: provider %s is not enabled on this server (set DAYBASE_AUTH_%s_CLIENT_ID and DAYBASE_AUTH_%s_SECRET)", name, env, env)
	}
	if err := s.limits.signIn.take(s.clientIP(r), s.now()); err != nil {
		return err
	}
	challenge, method, err := flow.FromQuery(qv.Get("code_challenge"), qv.Get("code_challenge_method")).Parse()
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(qv.Get("redirect_to"))
	flowID, err := flow.StartOAuth(ctx, s.db, s.cfg.OTPExpiry+s.cfg.FlowStateExpiry, name, challenge, method, amrOAuth, redirect, linkTo)
	if err != nil {
		return err
	}
	conf := p.Conf
	if extra := strings.FieldsFunc(qv.Get("scopes"), func(r rune) bool { return r == ' ' || r == ',' }); len(extra) > 0 {
		conf.Scopes = append(append([]string{}, conf.Scopes...), extra...)
	}
	var opts []oauth2.AuthCodeOption
	for _, k := range passThroughParams {
		if v := qv.Get(k); v != "" {
			opts = append(opts, oauth2.SetAuthURLParam(k, v))
		}
	}
	target := conf.AuthCodeURL(flowID, opts...)
	if qv.Get("skip_http_redirect") == "true" {
		return writeJSON(w, http.StatusOK, map[string]string{"url": target})
	}
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

// callback finishes an OAuth sign-in: the provider sends the browser here
// with ?code=&state=. The account is found by its identity, else linked to
// the user with the same verified e-mail, else created; the browser then
// goes to redirect_to with ?code= (PKCE) or the session in the fragment.
func (s *Service) callback(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := r.ParseForm(); err != nil {
		return apierr.Fail(apierr.CodeBadOAuthCallback, "OAuth callback: unreadable parameters")
	}
	state := r.FormValue("state")
	err := flow.ErrNoState
	var f *flow.OAuth
	if isUUID(state) {
		f, err = flow.LoadOAuth(ctx, s.db, state, s.now(), s.cfg.FlowStateExpiry)
	}
	if errors.Is(err, flow.ErrNoState) {
		return s.redirectError(w, r, s.cfg.SiteURL, apierr.Fail(apierr.CodeBadOAuthState, "OAuth state parameter missing, invalid or expired; start the sign-in again"), false)
	}
	if err != nil {
		return err
	}
	name, linkTo := f.Provider, f.LinkTo
	target := s.redirectTarget(f.RedirectTo)
	pkce := f.Challenge != nil
	p := s.providers[name]
	if p == nil {
		return s.redirectError(w, r, target, apierr.Fail(apierr.CodeProviderDisabled, "provider %s is not enabled on this server", name), pkce)
	}
	if e := r.FormValue("error"); e != "" {
		msg := r.FormValue("error_description")
		if msg == "" {
			msg = e
		}
		return s.redirectError(w, r, target, apierr.Fail(apierr.CodeBadOAuthCallback, "%s: %s", name, msg).WithStatus(http.StatusForbidden), pkce)
	}
	code := r.FormValue("code")
	if code == "" {
		return s.redirectError(w, r, target, apierr.Fail(apierr.CodeBadOAuthCallback, "OAuth callback with missing authorization code"), pkce)
	}
	cctx := context.WithValue(ctx, oauth2.HTTPClient, s.httpClient)
	tok, err := p.Conf.Exchange(cctx, code)
	if err != nil {
		return s.redirectError(w, r, target, apierr.Fail(apierr.CodeBadOAuthCallback, "Unable to exchange the %s authorization code", name).Because(err), pkce)
	}
	pu, err := p.FetchUser(cctx, p.Conf.Client(cctx, tok))
	if err != nil {
		return s.redirectError(w, r, target, apierr.Fail(apierr.CodeBadOAuthCallback, "Unable to read the %s account", name).Because(err), pkce)
	}

	var userID, sessionID, refresh, authCode string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if linkTo != "" {
			userID, err = linkTo, s.linkIdentity(ctx, tx, r, linkTo, name, pu)
		} else {
			userID, err = s.oauthUser(ctx, tx, r, name, pu)
		}
		if err != nil {
			return err
		}
		var banned bool
		if err := tx.QueryRow(ctx, store.SQL.UserBanned, userID).Scan(&banned); err != nil {
			return err
		}
		if banned {
			return apierr.Fail(apierr.CodeUserBanned, "User is banned").WithStatus(http.StatusForbidden)
		}
		if pkce {
			authCode, err = flow.CompleteOAuth(ctx, tx, state, userID, tok.AccessToken, tok.RefreshToken)
			return err
		}
		if err := flow.Delete(ctx, tx, state); err != nil {
			return err
		}
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, amrOAuth, name)
		return err
	})
	if err != nil {
		return s.redirectError(w, r, target, err, pkce)
	}
	u, err := url.Parse(target)
	if err != nil {
		return fmt.Errorf("redirect target %q: %w", target, err)
	}
	frag := ""
	if pkce {
		qs := u.Query()
		qs.Set("code", authCode)
		u.RawQuery = qs.Encode()
	} else {
		resp, err := s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
		if err != nil {
			return err
		}
		resp.ProviderToken, resp.ProviderRefreshToken = tok.AccessToken, tok.RefreshToken
		frag = implicitFragment(resp, "")
	}
	http.Redirect(w, r, withFragment(u, frag), http.StatusFound)
	return nil
}

// oauthUser returns the user of a provider account, linking or creating
// it. Accounts are linked by e-mail only when the provider has verified
// the address, so nobody can take over an account by registering its
// address, unverified, at a provider.
func (s *Service) oauthUser(ctx context.Context, tx pgx.Tx, r *http.Request, provider string, pu *providerUser) (string, error) {
	data := identityData(provider, pu)
	var userID string
	err := tx.QueryRow(ctx, store.SQL.IdentityByProvider, provider, pu.ID).Scan(&userID)
	if err == nil {
		_, err := tx.Exec(ctx, store.SQL.UpdateIdentityData, provider, pu.ID, data)
		return userID, err
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("find identity: %w", err)
	}
	if pu.Email != "" {
		existing, err := s.userIDByEmail(ctx, tx, strings.ToLower(pu.Email))
		if err != nil {
			return "", err
		}
		if existing != "" {
			if !pu.EmailVerified {
				return "", apierr.Fail(apierr.CodeProviderEmailUnverified, "Unverified email with %s: verify the address with %s and try again", provider, provider)
			}
			if _, err := tx.Exec(ctx, store.SQL.InsertIdentity, pu.ID, existing, data, provider); err != nil {
				return "", fmt.Errorf("link identity: %w", err)
			}
			if _, err := tx.Exec(ctx, store.SQL.AddProvider, existing, provider); err != nil {
				return "", fmt.Errorf("add provider: %w", err)
			}
			// The provider vouches for the address.
			if _, err := tx.Exec(ctx, store.SQL.ConfirmEmail, existing); err != nil {
				return "", err
			}
			return existing, s.audit(ctx, tx, r, "identity_linked", existing, map[string]any{"provider": provider})
		}
	}
	if s.cfg.DisableSignup {
		return "", apierr.Fail(apierr.CodeSignupDisabled, "Signups not allowed for this instance")
	}
	confirmed := pu.Email != "" && (pu.EmailVerified || s.cfg.Autoconfirm)
	meta := map[string]any{}
	for k, v := range data {
		meta[k] = v
	}
	userID, err = s.createUser(ctx, tx, newUser{
		Email: strings.ToLower(pu.Email), UserMetadata: meta, Provider: provider, ProviderID: pu.ID,
		IdentityData: data, Confirmed: confirmed,
	})
	if err != nil {
		return "", err
	}
	return userID, s.audit(ctx, tx, r, "user_signedup", userID, map[string]any{"provider": provider})
}
