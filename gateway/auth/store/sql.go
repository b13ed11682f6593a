package store

import (
	"embed"
	"strings"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

var query = sqlfile.Loader(sqlFiles)

// withUserColumns pastes sql/user_columns.sql, the column list ScanUser
// reads, where a statement says {{userColumns}}.
func withUserColumns(sql string) string {
	return strings.ReplaceAll(sql, "{{userColumns}}", query("user_columns"))
}

// The statements of the auth service, one file each under sql/ (the
// tables are in schema/migrations/0002_auth.sql and later).
var (
	// Users and identities (tables in schema/migrations/0002_auth.sql).
	UserByID               = withUserColumns(query("user_by_id"))
	CallerExists           = query("caller_exists")
	UserIDByEmail          = query("user_id_by_email")
	UserForSignIn          = query("user_for_sign_in")
	UserBanned             = query("user_banned")
	PasswordHash           = query("password_hash")
	InsertUser             = query("insert_user")
	InsertIdentity         = query("insert_identity")
	EnsureEmailIdentity    = query("ensure_email_identity")
	ConfirmEmail           = query("confirm_email")
	UpdateSignInTimes      = query("update_sign_in_times")
	SetPassword            = query("set_password")
	MergeUserMetadata      = query("merge_user_metadata")
	MergeAppMetadata       = query("merge_app_metadata")
	SetEmailChange         = query("set_email_change")
	EmailChangeState       = query("email_change_state")
	CountEmailChangeTokens = query("count_email_change_tokens")
	SetEmailChangeStep     = query("set_email_change_step")
	ApplyEmailChange       = query("apply_email_change")
	InsertAudit            = query("insert_audit")

	// Sessions, their authentication methods and refresh tokens.
	InsertSession       = query("insert_session")
	InsertAMR           = query("insert_amr")
	InsertRefreshToken  = query("insert_refresh_token")
	SessionAuth         = query("session_auth")
	SessionCreatedAt    = query("session_created_at")
	RefreshGrant        = withUserColumns(query("refresh_grant"))
	DeleteSession       = query("delete_session")
	DeleteUserSessions  = query("delete_user_sessions")
	DeleteOtherSessions = query("delete_other_sessions")

	// One-time tokens of e-mail links and codes, and PKCE flow states.
	UpsertOneTimeToken   = query("upsert_one_time_token")
	SetSentAt            = query("set_sent_at")
	FindOneTimeToken     = query("find_one_time_token")
	DeleteOneTimeToken   = query("delete_one_time_token")
	CountWrongCode       = query("count_wrong_code")
	DeleteExhaustedCodes = query("delete_exhausted_codes")
	InsertFlowState      = query("insert_flow_state")
	IssueAuthCode        = query("issue_auth_code")
	FlowStateForExchange = query("flow_state_for_exchange")
	DeleteFlowState      = query("delete_flow_state")

	// TOTP factors, challenges and used codes.
	FactorsForEnroll             = query("factors_for_enroll")
	InsertFactor                 = query("insert_factor")
	FactorByID                   = query("factor_by_id")
	InsertChallenge              = query("insert_challenge")
	ChallengeForVerify           = query("challenge_for_verify")
	InsertUsedCode               = query("insert_used_code")
	MarkChallengeVerified        = query("mark_challenge_verified")
	VerifyFactorStatus           = query("verify_factor_status")
	RaiseSessionAAL              = query("raise_session_aal")
	RotateSessionTokens          = query("rotate_session_tokens")
	DeleteLowAALSessions         = query("delete_low_aal_sessions")
	DeleteUnverifiedOthers       = query("delete_unverified_others")
	DeleteFactor                 = query("delete_factor")
	DowngradeSessions            = query("downgrade_sessions")
	SaveWebAuthnFactorCredential = query("save_webauthn_factor_credential")
	UseWebAuthnFactor            = query("use_webauthn_factor")
	UserWebAuthnCredentials      = query("user_webauthn_credentials")

	// Passkeys: WebAuthn credentials and their single-use challenges.
	InsertWebAuthnChallenge = query("insert_webauthn_challenge")
	TakeWebAuthnChallenge   = query("take_webauthn_challenge")
	UserPasskeys            = query("user_passkeys")
	InsertPasskey           = query("insert_passkey")
	PasskeyOwner            = query("passkey_owner")
	UsePasskey              = query("use_passkey")
	RenamePasskey           = query("rename_passkey")
	DeletePasskey           = query("delete_passkey")

	// OAuth sign-in: flow states and provider identities.
	FlowStateByID         = query("flow_state_by_id")
	CompleteOAuthFlow     = query("complete_oauth_flow")
	DeleteStaleFlowStates = query("delete_stale_flow_states")
	IdentityByProvider    = query("identity_by_provider")
	UpdateIdentityData    = query("update_identity_data")
	AddProvider           = query("add_provider")
	SetFlowLinkingTarget  = query("set_flow_linking_target")
	UserIdentityByID      = query("user_identity_by_id")
	DeleteIdentity        = query("delete_identity")
	MakePermanent         = query("make_permanent")
	SetEmailFromIdentity  = query("set_email_from_identity")

	// The admin API (service_role only).
	AdminCountUsers     = query("admin_count_users")
	AdminListUsers      = withUserColumns(query("admin_list_users"))
	AdminSetBan         = query("admin_set_ban")
	AdminSetRole        = query("admin_set_role")
	AdminDeleteUser     = query("admin_delete_user")
	AdminSoftDeleteUser = query("admin_soft_delete_user")
	PruneAnonymousUsers = query("prune_anonymous_users")
)
