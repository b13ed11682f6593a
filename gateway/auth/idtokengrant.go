package auth

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/idtoken"
	"daybase/gateway/auth/store"
)

// Sign-in and identity linking with an OpenID Connect ID token, as
// GoTrue's internal/api/token_oidc.go does it: supabase-js
// signInWithIdToken and linkIdentity({ provider, token }) both POST
// /token?grant_type=id_token; link_identity with the user's session adds
// the identity to that user instead of signing its owner in.

type idTokenGrantParams struct {
	IDToken      string `json:"id_token"`
	AccessToken  string `json:"access_token"`
	Nonce        string `json:"nonce"`
	Provider     string `json:"provider"`
	ClientID     string `json:"client_id"`
	Issuer       string `json:"issuer"`
	LinkIdentity bool   `json:"link_identity"`
}

// idTokenRefusal is GoTrue's answer to a bad id_token request: the OAuth 2
// shape with its error "invalid request" (sic, with a space), status 400.
func idTokenRefusal(oauthErr, format string, args ...any) *apierr.Error {
	return &apierr.Error{Code: apierr.CodeValidationFailed, Msg: fmt.Sprintf(format, args...), OAuth: oauthErr}
}

// idTokenIssuer picks the issuer for the requested provider.
func (s *Service) idTokenIssuer(p idTokenGrantParams) (idtoken.Issuer, error) {
	for _, iss := range s.cfg.IDTokenIssuers {
		if iss.Provider == p.Provider {
			return iss, nil
		}
	}
	switch p.Provider {
	case "google", "apple":
		return idtoken.Issuer{}, apierr.Fail(apierr.CodeProviderDisabled, "Provider (issuer %q) is not enabled", wellKnownIssuers[p.Provider])
	}
	return idtoken.Issuer{}, apierr.Fail(apierr.CodeValidationFailed, "Custom OIDC provider %q not allowed", p.Provider)
}

var wellKnownIssuers = map[string]string{"google": idtoken.IssuerGoogle, "apple": idtoken.IssuerApple}

// POST /token?grant_type=id_token
func (s *Service) idTokenGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p idTokenGrantParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.IDToken == "" {
		return idTokenRefusal("invalid request", "id_token required")
	}
	if p.Provider == "" && (p.ClientID == "" || p.Issuer == "") {
		return idTokenRefusal("invalid request", "provider or client_id and issuer required")
	}
	var linkTo string
	if p.LinkIdentity {
		if r.Header.Get("Authorization") == "" {
			return idTokenRefusal("invalid request", "Linking requires a valid user access token in Authorization")
		}
		if err := s.requireManualLinking(); err != nil {
			return err
		}
		c, err := s.requireUser(ctx, r)
		if err != nil {
			return err
		}
		linkTo = c.UserID
	}
	if err := s.limits.signIn.take(s.clientIP(r), s.now()); err != nil {
		return err
	}
	iss, err := s.idTokenIssuer(p)
	if err != nil {
		return err
	}
	claims, err := s.idTokens.Verify(ctx, iss, p.IDToken, p.AccessToken)
	switch {
	case errors.Is(err, idtoken.ErrInvalid):
		return idTokenRefusal("invalid request", "Bad ID token").Because(err)
	case err != nil:
		return fmt.Errorf("verify %s ID token: %w", iss.Provider, err)
	}
	if claims.Subject == "" {
		return idTokenRefusal("invalid request", "Missing sub claim in id_token")
	}
	if !slices.ContainsFunc(iss.ClientIDs, func(id string) bool { return id != "" && slices.Contains(claims.Audience, id) }) {
		return idTokenRefusal("invalid request", "Unacceptable audience in id_token: %v", claims.Audience)
	}
	// The token carries sha256(nonce) in hex; the client sends the nonce
	// itself, so a token seen in transit cannot be replayed without it.
	if (claims.Nonce != "") != (p.Nonce != "") {
		return idTokenRefusal("invalid request", "Passed nonce and nonce in id_token should either both exist or not.")
	}
	if p.Nonce != "" {
		sum := sha256.Sum256([]byte(p.Nonce))
		if hex.EncodeToString(sum[:]) != claims.Nonce {
			return idTokenRefusal("invalid nonce", "Nonces mismatch")
		}
	}

	pu := &providerUser{
		ID: claims.Subject, Email: claims.Email, EmailVerified: claims.EmailVerified,
		Name: claims.Name, AvatarURL: claims.Picture, UserName: claims.UserName,
	}
	var userID, sessionID, refresh string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if linkTo != "" {
			userID, err = linkTo, s.linkIdentity(ctx, tx, r, linkTo, iss.Provider, pu)
		} else {
			userID, err = s.oauthUser(ctx, tx, r, iss.Provider, pu)
		}
		if err != nil {
			return err
		}
		var banned bool
		if err := tx.QueryRow(ctx, store.SQL.UserBanned, userID).Scan(&banned); err != nil {
			return fmt.Errorf("load ban: %w", err)
		}
		if banned {
			return apierr.Fail(apierr.CodeUserBanned, "User is banned")
		}
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, amrOAuth, iss.Provider)
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "login", userID, map[string]any{"provider": iss.Provider, "method": "id_token"})
	})
	if err != nil {
		return err
	}
	resp, err := s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}
