package store

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// SQL holds every statement of the auth service, read from sql/ as the
// package initialises (a missing file panics in every test).
var SQL = sqlfile.Load[Statements](sqlFiles)

// Statements are the statements of the auth service, one file each under
// sql/ named for the field in snake case (UserByID reads sql/user_by_id.sql);
// {{user_columns}} pastes the column list ScanUser reads. The tables are in
// schema/migrations/0002_auth.sql and later.
type Statements struct {
	// Users and identities (tables in schema/migrations/0002_auth.sql).
	UserByID               string
	CallerExists           string
	UserIDByEmail          string
	UserForSignIn          string
	UserBanned             string
	PasswordHash           string
	InsertUser             string
	InsertIdentity         string
	EnsureEmailIdentity    string
	ConfirmEmail           string
	UpdateSignInTimes      string
	SetPassword            string
	MergeUserMetadata      string
	MergeAppMetadata       string
	SetEmailChange         string
	EmailChangeState       string
	CountEmailChangeTokens string
	SetEmailChangeStep     string
	ApplyEmailChange       string
	InsertAudit            string

	// Sessions, their authentication methods and refresh tokens.
	InsertSession       string
	InsertAMR           string
	InsertRefreshToken  string
	SessionAuth         string
	SessionCreatedAt    string
	RefreshGrant        string
	UserForAnswer       string
	FillUserAnswer      string
	DeleteSession       string
	DeleteUserSessions  string
	DeleteOtherSessions string

	// One-time tokens of e-mail links and codes, and PKCE flow states.
	UpsertOneTimeToken   string
	SetSentAt            string
	FindOneTimeToken     string
	DeleteOneTimeToken   string
	CountWrongCode       string
	DeleteExhaustedCodes string
	InsertFlowState      string
	IssueAuthCode        string
	FlowStateForExchange string
	DeleteFlowState      string

	// TOTP factors, challenges and used codes.
	FactorsForEnroll             string
	InsertFactor                 string
	FactorByID                   string
	InsertChallenge              string
	ChallengeForVerify           string
	InsertUsedCode               string
	MarkChallengeVerified        string
	VerifyFactorStatus           string
	RaiseSessionAAL              string
	RotateSessionTokens          string
	DeleteLowAALSessions         string
	DeleteUnverifiedOthers       string
	DeleteFactor                 string
	DowngradeSessions            string
	SaveWebAuthnFactorCredential string `sql:"save_webauthn_factor_credential"`
	UseWebAuthnFactor            string `sql:"use_webauthn_factor"`
	UserWebAuthnCredentials      string `sql:"user_webauthn_credentials"`

	// Passkeys: WebAuthn credentials and their single-use challenges.
	InsertWebAuthnChallenge string `sql:"insert_webauthn_challenge"`
	TakeWebAuthnChallenge   string `sql:"take_webauthn_challenge"`
	UserPasskeys            string
	InsertPasskey           string
	PasskeyOwner            string
	UsePasskey              string
	RenamePasskey           string
	DeletePasskey           string

	// OAuth sign-in: flow states and provider identities.
	FlowStateByID         string
	CompleteOAuthFlow     string `sql:"complete_oauth_flow"`
	DeleteStaleFlowStates string
	IdentityByProvider    string
	UpdateIdentityData    string
	AddProvider           string
	SetFlowLinkingTarget  string
	UserIdentityByID      string
	DeleteIdentity        string
	MakePermanent         string
	SetEmailFromIdentity  string

	// The admin API (service_role only).
	AdminCountUsers     string
	AdminListUsers      string
	AdminSetBan         string
	AdminSetRole        string
	AdminDeleteUser     string
	AdminSoftDeleteUser string
	PruneAnonymousUsers string
}
