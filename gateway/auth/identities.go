package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
)

// Manual identity linking, as GoTrue does it (internal/api/identity.go of
// supabase/auth): GET /user/identities/authorize starts an OAuth flow for
// the signed-in user (supabase-js linkIdentity), whose callback links the
// provider's account to that user; DELETE /user/identities/{id} unlinks one
// (unlinkIdentity). Both need DAYBASE_AUTH_MANUAL_LINKING, like GoTrue's
// GOTRUE_SECURITY_MANUAL_LINKING_ENABLED.

func (s *Service) requireManualLinking() error {
	if !s.cfg.ManualLinking {
		return apierr.Fail(apierr.CodeManualLinkingDisabled, "Manual linking is disabled: set DAYBASE_AUTH_MANUAL_LINKING=true")
	}
	return nil
}

// GET /user/identities/authorize
func (s *Service) authorizeLink(w http.ResponseWriter, r *http.Request) error {
	if err := s.requireManualLinking(); err != nil {
		return err
	}
	c, err := s.requireUser(r.Context(), r)
	if err != nil {
		return err
	}
	return s.startOAuth(w, r, c.UserID)
}

// linkIdentity links the provider's account to the user who started the
// flow. An account already linked — to them or to someone else — is
// refused. A user without an address takes the identity's verified one,
// and an anonymous user becomes permanent.
func (s *Service) linkIdentity(ctx context.Context, tx pgx.Tx, r *http.Request, userID, provider string, pu *providerUser) error {
	var owner string
	err := tx.QueryRow(ctx, store.SQL.IdentityByProvider, provider, pu.ID).Scan(&owner)
	switch {
	case err == nil && owner == userID:
		return apierr.Fail(apierr.CodeIdentityAlreadyExists, "Identity is already linked")
	case err == nil:
		return apierr.Fail(apierr.CodeIdentityAlreadyExists, "Identity is already linked to another user")
	case !errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("find identity: %w", err)
	}
	u, err := store.LoadUser(ctx, tx, userID)
	if err != nil {
		return err
	}
	if u.Email == "" {
		if pu.Email == "" || !pu.EmailVerified {
			return apierr.Fail(apierr.CodeEmailNotConfirmed, "Unverified email with %s: verify the address with %s and try again", provider, provider).WithStatus(http.StatusUnprocessableEntity)
		}
		if _, err := tx.Exec(ctx, store.SQL.SetEmailFromIdentity, userID, strings.ToLower(pu.Email)); err != nil {
			if isUniqueViolation(err) {
				return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
			}
			return fmt.Errorf("set email from identity: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertIdentity, pu.ID, userID, identityData(provider, pu), provider); err != nil {
		return fmt.Errorf("link identity: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.AddProvider, userID, provider); err != nil {
		return fmt.Errorf("add provider: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.MakePermanent, userID); err != nil {
		return fmt.Errorf("make permanent: %w", err)
	}
	return s.audit(ctx, tx, r, "identity_linked", userID, map[string]any{"provider": provider, "provider_id": pu.ID})
}

// DELETE /user/identities/{identity_id}
func (s *Service) unlinkIdentity(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireManualLinking(); err != nil {
		return err
	}
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	id := r.PathValue("identity_id")
	if !isUUID(id) {
		return apierr.Fail(apierr.CodeValidationFailed, "identity_id must be an UUID").WithStatus(http.StatusNotFound)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var provider *string
		var count int
		if err := tx.QueryRow(ctx, store.SQL.UserIdentityByID, id, c.UserID).Scan(&provider, &count); err != nil {
			return fmt.Errorf("find identity: %w", err)
		}
		// GoTrue checks the count first: a sole identity is never deletable.
		if count <= 1 {
			return apierr.Fail(apierr.CodeSingleIdentityNotDeletable, "User must have at least 1 identity after unlinking")
		}
		if provider == nil {
			return apierr.Fail(apierr.CodeIdentityNotFound, "Identity doesn't exist")
		}
		if _, err := tx.Exec(ctx, store.SQL.DeleteIdentity, id, c.UserID); err != nil {
			return fmt.Errorf("delete identity: %w", err)
		}
		return s.audit(ctx, tx, r, "identity_unlinked", c.UserID, map[string]any{"identity_id": id, "provider": *provider})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{})
}
