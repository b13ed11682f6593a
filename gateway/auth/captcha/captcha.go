// Package captcha checks hCaptcha and Turnstile tokens with the
// provider's siteverify endpoint. It knows nothing of GoTrue's answers;
// gateway/auth turns a *Refusal into its captcha_failed error.
package captcha

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Config selects the captcha provider.
type Config struct {
	// Provider is "hcaptcha" or "turnstile". Env DAYBASE_AUTH_CAPTCHA_PROVIDER.
	Provider string
	// Secret is the provider's secret key; empty turns captcha off and
	// captcha tokens are ignored. Env DAYBASE_AUTH_CAPTCHA_SECRET.
	Secret string
	// VerifyURL replaces the provider's siteverify endpoint. Env
	// DAYBASE_AUTH_CAPTCHA_VERIFY_URL.
	VerifyURL string
}

// Refusal is the answer for a token the provider did not accept, or for
// none at all. Reason is the text GoTrue puts in parentheses.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return "captcha refused: " + r.Reason }

// Verifier checks tokens against one provider. With no secret configured
// it accepts everything, so the captchaToken supabase-js forwards is
// ignored.
type Verifier struct {
	cfg    Config
	client *http.Client
}

// New returns a verifier for cfg that asks the provider through client.
func New(cfg Config, client *http.Client) *Verifier {
	if cfg.VerifyURL == "" {
		switch strings.ToLower(cfg.Provider) {
		case "turnstile":
			cfg.VerifyURL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
		default:
			cfg.VerifyURL = "https://api.hcaptcha.com/siteverify"
		}
	}
	return &Verifier{cfg: cfg, client: client}
}

// Verify answers nil when tok is accepted (or captcha is off), a *Refusal
// when it is not, and another error when the provider could not be asked.
func (v *Verifier) Verify(ctx context.Context, tok, ip string) error {
	if v.cfg.Secret == "" {
		return nil
	}
	if tok == "" {
		return &Refusal{Reason: "no captcha response (captcha_token) found in request"}
	}
	form := url.Values{"secret": {v.cfg.Secret}, "response": {tok}, "remoteip": {ip}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, v.cfg.VerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("captcha request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := v.client.Do(req)
	if err != nil {
		return fmt.Errorf("captcha verification with %s: %w", v.cfg.VerifyURL, err)
	}
	defer res.Body.Close()
	var out struct {
		Success    bool     `json:"success"`
		ErrorCodes []string `json:"error-codes"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return fmt.Errorf("captcha verification answer (status %d): %w", res.StatusCode, err)
	}
	if !out.Success {
		return &Refusal{Reason: strings.Join(out.ErrorCodes, ", ")}
	}
	return nil
}
