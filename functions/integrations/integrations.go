// Package integrations runs the integrations of spec 000 §7 and 001 §7 on
// the server, with the stored connection's secrets (which the browser never
// sees; schema/migrations/0520):
//
//   - notify-task-created: posts 'New task: *title*' (and Due, Priority,
//     Tags lines) to the user's chat webhook, channel prefixed with #, and
//     logs notify_task_created in integration_audit_logs;
//   - slack-test-message: posts a test message there (logs test_message);
//   - github-create-issue: POST repos/{repo}/issues with title, body, labels;
//   - github-list-repos: GET user/repos sorted by updated, 100 per page.
//
// Outbound calls have timeouts and retry with backoff; chat webhook URLs
// are user-supplied, so they are dialled only to public addresses (SSRF).
package integrations

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/oauth2"

	"daybase/functions"
)

// Provider keys of integration_connections.
const (
	Slack  = "slack"
	GitHub = "github"
)

// Config configures the integrations.
type Config struct {
	// GitHubAPIURL is the code-hosting API base. Env DAYBASE_GITHUB_API_URL,
	// default https://api.github.com.
	GitHubAPIURL string
	// AllowInternalHosts lists host:port pairs chat webhooks may reach
	// although internal (tests; an operator's own chat server). Env
	// DAYBASE_INTEGRATIONS_ALLOW_HOSTS, comma separated.
	AllowInternalHosts []string
	// Timeout bounds one outbound request. Default 10 s.
	Timeout time.Duration
}

// Service implements the integration functions.
type Service struct {
	cfg     Config
	admin   *pgxpool.Pool
	log     *slog.Logger
	webhook *http.Client // user-supplied URLs: SSRF-guarded
	github  *http.Client
}

// New returns the service; admin reads the secrets (jobs schema).
func New(cfg Config, admin *pgxpool.Pool, log *slog.Logger) *Service {
	if cfg.GitHubAPIURL == "" {
		cfg.GitHubAPIURL = "https://api.github.com"
	}
	cfg.GitHubAPIURL = strings.TrimRight(cfg.GitHubAPIURL, "/")
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	allow := map[string]bool{}
	for _, h := range cfg.AllowInternalHosts {
		if h = strings.TrimSpace(h); h != "" {
			allow[h] = true
		}
	}
	return &Service{cfg: cfg, admin: admin, log: log.With("component", "integrations"),
		webhook: guardedClient(cfg.Timeout, allow), github: &http.Client{Timeout: cfg.Timeout}}
}

// Functions returns the integration functions.
func (s *Service) Functions() []functions.Function {
	return []functions.Function{
		{Name: "notify-task-created", Handler: s.notifyTaskCreated},
		{Name: "slack-test-message", Handler: s.slackTestMessage},
		{Name: "github-create-issue", Handler: s.createIssue},
		{Name: "github-list-repos", Handler: s.listRepos},
	}
}

// connection is a user's connected integration with its secrets.
type connection struct {
	config  map[string]any
	secrets map[string]string
}

var errNotConnected = errors.New("integration not connected")

// connection reads the caller's connection through the admin pool (the
// secrets are readable by no user), so it first holds the caller to the
// rule row-level security would apply: a session that has ended, or an
// aal1 session of a user with a second factor, uses no integration.
func (s *Service) connection(ctx context.Context, r *functions.Request, provider string) (connection, error) {
	c := connection{secrets: map[string]string{}}
	if err := r.AssertDataAccess(ctx); err != nil {
		return c, err
	}
	userID := r.UserID()
	err := s.admin.QueryRow(ctx, stmt.ConnectionConfig, userID, provider).Scan(&c.config)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, errNotConnected
	}
	if err != nil {
		return c, err
	}
	rows, err := s.admin.Query(ctx, stmt.ConnectionSecrets, userID, provider)
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return c, err
		}
		c.secrets[k] = v
	}
	return c, rows.Err()
}

func (c connection) str(key string) string {
	v, _ := c.config[key].(string)
	return strings.TrimSpace(v)
}

// audit appends to integration_audit_logs as the caller (its RLS policy
// lets a user append their own rows).
func audit(ctx context.Context, r *functions.Request, provider, action, targetType, targetID string, meta map[string]any) error {
	b, _ := json.Marshal(meta)
	return r.AsUser(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, stmt.AuditInsert, provider, action, targetType, targetID, string(b), r.HTTP.Header.Get("X-Request-Id"))
		return err
	})
}

// taskMessage is the chat text of 001 §7. Priority is printed as Pn with
// n = 5 − stored priority, and left out when there is none
// (docs/decisions.md, "One priority scale").
func taskMessage(title, due string, priority int, tags string) string {
	lines := []string{"New task: *" + title + "*"}
	if due != "" {
		lines = append(lines, "Due: "+due)
	}
	if priority > 0 {
		lines = append(lines, fmt.Sprintf("Priority: P%d", 5-priority))
	}
	if strings.TrimSpace(tags) != "" {
		lines = append(lines, "Tags: "+strings.TrimSpace(tags))
	}
	return strings.Join(lines, "\n")
}

func (s *Service) notifyTaskCreated(ctx context.Context, r *functions.Request) (any, error) {
	var in struct {
		TaskID string          `json:"taskId"`
		Task   json.RawMessage `json:"task"`
	}
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	if in.TaskID == "" && len(in.Task) > 0 {
		var t struct {
			ID string `json:"id"`
		}
		json.Unmarshal(in.Task, &t)
		in.TaskID = t.ID
	}
	if _, err := uuid.Parse(in.TaskID); err != nil {
		return nil, functions.Errorf(http.StatusBadRequest, "Missing taskId")
	}
	var (
		title, due, tags string
		priority         int16
	)
	err := r.AsUser(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, stmt.TaskForIssue, in.TaskID).Scan(&title, &due, &priority, &tags)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, functions.Errorf(http.StatusNotFound, "Task not found")
	}
	if err != nil {
		return nil, err
	}
	channel, status, err := s.postToSlack(ctx, r, taskMessage(title, due, int(priority), tags))
	if err != nil {
		return nil, err
	}
	if err := audit(ctx, r, Slack, "notify_task_created", "task", in.TaskID, map[string]any{"channel": channel, "status": status}); err != nil {
		return nil, err
	}
	return map[string]any{"ok": true}, nil
}

// testMessage is the text of slack-test-message.
const testMessage = "Daybase is connected: new tasks will be posted here."

// slackTestMessage posts testMessage to the user's chat webhook, so that a
// user who has just connected it sees it work (or why not).
func (s *Service) slackTestMessage(ctx context.Context, r *functions.Request) (any, error) {
	channel, status, err := s.postToSlack(ctx, r, testMessage)
	if err != nil {
		return nil, err
	}
	if err := audit(ctx, r, Slack, "test_message", "", "", map[string]any{"channel": channel, "status": status}); err != nil {
		return nil, err
	}
	return map[string]any{"ok": true, "channel": channel}, nil
}

// postToSlack posts text to the user's connected chat webhook (its channel,
// when set, prefixed with #) and returns the channel and the answer's status.
// Its errors are the ones the user sees: 'Slack integration not configured',
// 'Slack webhook error: <status>' (or ': the webhook URL is not allowed',
// ': unreachable').
func (s *Service) postToSlack(ctx context.Context, r *functions.Request, text string) (channel string, status int, err error) {
	conn, err := s.connection(ctx, r, Slack)
	if errors.Is(err, errNotConnected) || (err == nil && conn.secrets["webhook_url"] == "") {
		return "", 0, functions.Errorf(http.StatusBadRequest, "Slack integration not configured")
	}
	if err != nil {
		return "", 0, err
	}
	u, err := checkURL(conn.secrets["webhook_url"], s.allowed())
	if err != nil {
		return "", 0, functions.Errorf(http.StatusBadRequest, "Slack webhook error: the webhook URL is not allowed")
	}
	payload := map[string]string{"text": text}
	if ch := conn.str("channel"); ch != "" {
		channel = "#" + strings.TrimPrefix(ch, "#")
		payload["channel"] = channel
	}
	body, _ := json.Marshal(payload)
	status, _, err = do(ctx, s.webhook, func() (*http.Request, error) {
		req, err := http.NewRequest(http.MethodPost, u.String(), bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
		}
		return req, err
	})
	if errors.Is(err, ErrForbiddenAddress) {
		return "", 0, functions.Errorf(http.StatusBadRequest, "Slack webhook error: the webhook URL is not allowed")
	}
	if err != nil {
		s.log.Warn("slack webhook unreachable", "err", err)
		return "", 0, functions.Errorf(http.StatusBadGateway, "Slack webhook error: unreachable")
	}
	if status < 200 || status > 299 {
		return "", 0, functions.Errorf(http.StatusBadGateway, "Slack webhook error: %d", status)
	}
	return channel, status, nil
}

func (s *Service) allowed() map[string]bool {
	m := map[string]bool{}
	for _, h := range s.cfg.AllowInternalHosts {
		m[strings.TrimSpace(h)] = true
	}
	return m
}

var repoRe = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$`)

// githubClient is an oauth2 client carrying the stored token as a bearer.
func (s *Service) githubClient(ctx context.Context, token string) *http.Client {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, s.github)
	c := oauth2.NewClient(ctx, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token, TokenType: "Bearer"}))
	c.Timeout = s.cfg.Timeout
	return c
}

func (s *Service) githubToken(ctx context.Context, r *functions.Request) (connection, string, error) {
	conn, err := s.connection(ctx, r, GitHub)
	if errors.Is(err, errNotConnected) || (err == nil && conn.secrets["token"] == "") {
		return conn, "", functions.Errorf(http.StatusBadRequest, "GitHub integration not configured")
	}
	return conn, conn.secrets["token"], err
}

func githubRequest(method, url string, body []byte) func() (*http.Request, error) {
	return func() (*http.Request, error) {
		var rd *bytes.Reader
		if body != nil {
			rd = bytes.NewReader(body)
		}
		var req *http.Request
		var err error
		if rd != nil {
			req, err = http.NewRequest(method, url, rd)
		} else {
			req, err = http.NewRequest(method, url, nil)
		}
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/vnd.github+json")
		req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		return req, nil
	}
}

func (s *Service) createIssue(ctx context.Context, r *functions.Request) (any, error) {
	var in struct {
		Repo   string   `json:"repo"`
		Title  string   `json:"title"`
		Body   string   `json:"body"`
		Labels []string `json:"labels"`
		TaskID string   `json:"taskId"`
	}
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	conn, token, err := s.githubToken(ctx, r)
	if err != nil {
		return nil, err
	}
	repo := strings.TrimSpace(in.Repo)
	if repo == "" {
		repo = conn.str("default_repo")
	}
	if repo == "" {
		return nil, functions.Errorf(http.StatusBadRequest, "No repository specified")
	}
	if !repoRe.MatchString(repo) {
		return nil, functions.Errorf(http.StatusBadRequest, "Repository must be owner/name")
	}
	if strings.TrimSpace(in.Title) == "" {
		return nil, functions.Errorf(http.StatusBadRequest, "Issue title required")
	}
	payload := map[string]any{"title": in.Title, "body": in.Body}
	if len(in.Labels) > 0 {
		payload["labels"] = in.Labels
	}
	body, _ := json.Marshal(payload)
	status, resBody, err := do(ctx, s.githubClient(ctx, token), githubRequest(http.MethodPost, s.cfg.GitHubAPIURL+"/repos/"+repo+"/issues", body))
	if err != nil {
		s.log.Warn("github unreachable", "err", err)
		return nil, functions.Errorf(http.StatusBadGateway, "GitHub API error: unreachable")
	}
	if status < 200 || status > 299 {
		return nil, functions.Errorf(http.StatusBadGateway, "GitHub API error: %d", status)
	}
	var issue struct {
		ID      int64  `json:"id"`
		Number  int    `json:"number"`
		HTMLURL string `json:"html_url"`
	}
	json.Unmarshal(resBody, &issue)
	target := in.TaskID
	if target == "" {
		target = fmt.Sprintf("%s#%d", repo, issue.Number)
	}
	if err := audit(ctx, r, GitHub, "create_issue", "task", target, map[string]any{"repo": repo, "number": issue.Number, "url": issue.HTMLURL}); err != nil {
		return nil, err
	}
	return map[string]any{"id": issue.ID, "number": issue.Number, "url": issue.HTMLURL, "repo": repo}, nil
}

func (s *Service) listRepos(ctx context.Context, r *functions.Request) (any, error) {
	_, token, err := s.githubToken(ctx, r)
	if err != nil {
		return nil, err
	}
	status, resBody, err := do(ctx, s.githubClient(ctx, token), githubRequest(http.MethodGet, s.cfg.GitHubAPIURL+"/user/repos?sort=updated&per_page=100", nil))
	if err != nil {
		return nil, functions.Errorf(http.StatusBadGateway, "GitHub API error: unreachable")
	}
	if status < 200 || status > 299 {
		return nil, functions.Errorf(http.StatusBadGateway, "GitHub API error: %d", status)
	}
	type repo struct {
		ID        int64  `json:"id"`
		Name      string `json:"name"`
		FullName  string `json:"full_name"`
		Private   bool   `json:"private"`
		HTMLURL   string `json:"html_url"`
		UpdatedAt string `json:"updated_at"`
	}
	repos := []repo{}
	if err := json.Unmarshal(resBody, &repos); err != nil {
		return nil, functions.Errorf(http.StatusBadGateway, "GitHub API error: unreadable answer")
	}
	return map[string]any{"repos": repos}, nil
}
