package auth

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// Authentication methods recorded in a session's amr (reference §1.8).
const (
	amrPassword    = "password"
	amrOTP         = "otp"
	amrOAuth       = "oauth"
	amrTOTP        = "totp"
	amrRecovery    = "recovery"
	amrInvite      = "invite"
	amrMagicLink   = "magiclink"
	amrEmailSignup = "email/signup"
	amrEmailChange = "email_change"
	amrAnonymous   = "anonymous"
)

// startSession records a new aal1 session for userID signed in with
// method (and provider, for identities' last_sign_in_at) and returns its
// id and first refresh token.
func (s *Service) startSession(ctx context.Context, tx pgx.Tx, r *http.Request, userID, method, provider string) (sessionID, refresh string, err error) {
	refresh, err = codes.NewRefreshToken(s.random)
	if err != nil {
		return "", "", err
	}
	var notAfter *time.Time
	if s.cfg.SessionTimebox > 0 {
		t := s.now().Add(s.cfg.SessionTimebox)
		notAfter = &t
	}
	ua := r.UserAgent()
	if len(ua) > 512 {
		ua = ua[:512]
	}
	if err := tx.QueryRow(ctx, store.SQL.InsertSession, userID, notAfter, ua, inet(s.clientIP(r))).Scan(&sessionID); err != nil {
		return "", "", fmt.Errorf("insert session: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertAMR, sessionID, method); err != nil {
		return "", "", fmt.Errorf("insert amr: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertRefreshToken, refresh, userID, sessionID, nil); err != nil {
		return "", "", fmt.Errorf("insert refresh token: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.UpdateSignInTimes, userID, provider); err != nil {
		return "", "", fmt.Errorf("update sign-in time: %w", err)
	}
	return sessionID, refresh, nil
}

// signIn starts a session in its own transaction and answers with it.
func (s *Service) signIn(ctx context.Context, r *http.Request, userID, method, provider string) (*wire.TokenResponse, error) {
	var sessionID, refresh string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, method, provider)
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "login", userID, map[string]any{"provider": provider, "method": method})
	})
	if err != nil {
		return nil, err
	}
	return s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
}

// sessionResponse loads the user and the session's assurance level and
// mints the access token that goes with refresh.
func (s *Service) sessionResponse(ctx context.Context, db querier, userID, sessionID, refresh string) (*wire.TokenResponse, error) {
	u, err := store.LoadUser(ctx, db, userID)
	if err != nil {
		return nil, err
	}
	var aal string
	var amr []wire.AMREntry
	if err := db.QueryRow(ctx, store.SQL.SessionAuth, sessionID).Scan(&aal, &amr); err != nil {
		return nil, fmt.Errorf("load session %s: %w", sessionID, err)
	}
	return s.mint(u, sessionID, aal, amr, refresh)
}

// mint signs the access token with the claims of reference §1.8.
func (s *Service) mint(u *User, sessionID, aal string, amr []wire.AMREntry, refresh string) (*wire.TokenResponse, error) {
	resp, err := s.sign(wire.AccessClaims{AppMetadata: u.AppMetadata, Aud: u.Aud, Email: u.Email, IsAnonymous: u.IsAnonymous,
		Phone: u.Phone, Role: u.Role, Sub: u.ID, UserMetadata: u.UserMetadata}, sessionID, aal, amr, refresh)
	if err != nil {
		return nil, err
	}
	resp.User = u
	return resp, nil
}

// mintAnswer is mint for a user's kept answer (wire.Answer): the same
// claims and answer, from the bytes encoded when the answer was built.
func (s *Service) mintAnswer(a *wire.Answer, userID, sessionID, aal string, amr []wire.AMREntry, refresh string) (*wire.TokenResponse, error) {
	resp, err := s.sign(wire.AccessClaims{RawAppMetadata: a.AppMetadata, Aud: a.Aud, Email: a.Email, IsAnonymous: a.IsAnonymous,
		Phone: a.Phone, Role: a.Role, Sub: userID, RawUserMetadata: a.UserMetadata}, sessionID, aal, amr, refresh)
	if err != nil {
		return nil, err
	}
	resp.UserJSON = a.User
	return resp, nil
}

// sign completes c (the user's claims) with the session's and signs it.
func (s *Service) sign(c wire.AccessClaims, sessionID, aal string, amr []wire.AMREntry, refresh string) (*wire.TokenResponse, error) {
	now := s.now()
	exp := now.Add(s.cfg.JWTExpiry)
	if amr == nil {
		amr = []wire.AMREntry{}
	}
	c.AAL, c.AMR, c.Exp, c.Iat, c.Iss, c.SessionID = aal, amr, exp.Unix(), now.Unix(), s.issuer, sessionID
	// The claims encoded by hand (encode.go), the same bytes as
	// json.Marshal; anything it cannot encode goes to Sign, which reports
	// it (raw metadata is never refused).
	var at string
	if payload, err := c.AppendJSON(make([]byte, 0, 512)); err == nil {
		if at, err = s.signer.SignPayload(payload); err != nil {
			return nil, err
		}
	} else if at, err = s.signer.Sign(c); err != nil {
		return nil, err
	}
	return &wire.TokenResponse{
		AccessToken:  at,
		TokenType:    "bearer",
		ExpiresIn:    int(s.cfg.JWTExpiry / time.Second),
		ExpiresAt:    exp.Unix(),
		RefreshToken: refresh,
	}, nil
}
