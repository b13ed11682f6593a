package auth

import (
	"context"
	"fmt"
	"net/http"

	"daybase/gateway/auth/store"
)

// audit appends to auth.audit_log_entries in GoTrue's payload shape, so
// tools reading that table work.
func (s *Service) audit(ctx context.Context, db querier, r *http.Request, action, actorID string, traits map[string]any) error {
	payload := map[string]any{"action": action, "actor_id": actorID, "log_type": auditLogType(action)}
	if len(traits) > 0 {
		payload["traits"] = traits
	}
	if _, err := db.Exec(ctx, store.SQL.InsertAudit, payload, s.clientIP(r)); err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	return nil
}

func auditLogType(action string) string {
	switch action {
	case "login", "logout", "token_revoked", "token_refreshed":
		return "account"
	case "user_signedup", "user_invited", "user_deleted", "user_modified", "user_recovery_requested",
		"user_confirmation_requested", "user_reauthenticate_requested", "user_updated_password":
		return "user"
	case "factor_in_progress", "factor_unenrolled", "verification_attempted", "challenge_created":
		return "factor"
	}
	return "account"
}
