package auth

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// q holds every query of the service, read from sql/*.sql where each one
// follows a "-- name: Field" line. A block whose name starts with a lower-
// case letter is a fragment, pasted wherever a query says {{name}} (the
// user column list, for one). A field without a query, or a query without
// a field, stops the program at start-up (and every test), so a typo
// cannot reach a request.
var q struct {
	// sql/admin.sql
	AdminCountUsers     string
	AdminListUsers      string
	AdminSetBan         string
	AdminSetRole        string
	AdminDeleteUser     string
	AdminSoftDeleteUser string
	PruneAnonymousUsers string

	// sql/mfa.sql
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
	SaveWebAuthnFactorCredential string
	UseWebAuthnFactor            string
	UserWebAuthnCredentials      string

	// sql/passkeys.sql
	InsertWebAuthnChallenge string
	TakeWebAuthnChallenge   string
	UserPasskeys            string
	InsertPasskey           string
	PasskeyOwner            string
	UsePasskey              string
	RenamePasskey           string
	DeletePasskey           string

	// sql/oauth.sql
	FlowStateByID         string
	CompleteOAuthFlow     string
	DeleteStaleFlowStates string
	SetFlowLinkingTarget  string
	UserIdentityByID      string
	DeleteIdentity        string
	MakePermanent         string
	SetEmailFromIdentity  string
	IdentityByProvider    string
	UpdateIdentityData    string
	AddProvider           string

	// sql/sessions.sql
	InsertSession       string
	InsertAMR           string
	InsertRefreshToken  string
	SessionAuth         string
	SessionCreatedAt    string
	RefreshGrant        string
	DeleteSession       string
	DeleteUserSessions  string
	DeleteOtherSessions string

	// sql/tokens.sql
	UpsertOneTimeToken   string
	CountWrongCode       string
	DeleteExhaustedCodes string
	SetSentAt            string
	FindOneTimeToken     string
	DeleteOneTimeToken   string
	InsertFlowState      string
	IssueAuthCode        string
	FlowStateForExchange string
	DeleteFlowState      string

	// sql/users.sql
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
}

func init() {
	if err := loadQueries(sqlFiles, &q); err != nil {
		panic(err)
	}
}

// loadQueries fills the string fields of dst from the named blocks of
// every .sql file in fsys.
func loadQueries(fsys fs.FS, dst any) error {
	found := map[string]string{}
	files, err := fs.Glob(fsys, "sql/*.sql")
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return err
		}
		var name string
		var body strings.Builder
		flush := func() error {
			if name == "" {
				return nil
			}
			if _, dup := found[name]; dup {
				return fmt.Errorf("auth: query %s defined twice (%s)", name, f)
			}
			found[name] = strings.TrimSpace(body.String())
			body.Reset()
			return nil
		}
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			line := sc.Text()
			if n, ok := strings.CutPrefix(strings.TrimSpace(line), "-- name:"); ok {
				if err := flush(); err != nil {
					return err
				}
				name = strings.TrimSpace(n)
				continue
			}
			if name != "" {
				body.WriteString(line)
				body.WriteByte('\n')
			}
		}
		if err := flush(); err != nil {
			return err
		}
	}
	for name, frag := range found {
		if name[0] < 'a' || name[0] > 'z' {
			continue
		}
		for n, sql := range found {
			found[n] = strings.ReplaceAll(sql, "{{"+name+"}}", frag)
		}
		delete(found, name)
	}
	v := reflect.ValueOf(dst).Elem()
	t := v.Type()
	for i := range t.NumField() {
		sql, ok := found[t.Field(i).Name]
		if !ok || sql == "" {
			return fmt.Errorf("auth: no query named %s in gateway/auth/sql", t.Field(i).Name)
		}
		if strings.Contains(sql, "{{") {
			return fmt.Errorf("auth: query %s uses an undefined fragment: %s", t.Field(i).Name, sql)
		}
		v.Field(i).SetString(sql)
		delete(found, t.Field(i).Name)
	}
	for name := range found {
		return fmt.Errorf("auth: query %s in gateway/auth/sql has no field in q", name)
	}
	return nil
}
