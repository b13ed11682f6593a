package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// captchaVerifier checks hCaptcha or Turnstile tokens with the provider's
// siteverify endpoint. With no secret configured it accepts everything, so
// the captchaToken supabase-js forwards is ignored.
type captchaVerifier struct {
	cfg    CaptchaConfig
	client *http.Client
}

func newCaptchaVerifier(cfg CaptchaConfig, client *http.Client) *captchaVerifier {
	if cfg.VerifyURL == "" {
		switch strings.ToLower(cfg.Provider) {
		case "turnstile":
			cfg.VerifyURL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
		default:
			cfg.VerifyURL = "https://api.hcaptcha.com/siteverify"
		}
	}
	return &captchaVerifier{cfg: cfg, client: client}
}

// verify answers captcha_failed unless the provider accepts tok.
func (c *captchaVerifier) verify(ctx context.Context, tok, ip string) error {
	if c.cfg.Secret == "" {
		return nil
	}
	if tok == "" {
		return fail(CodeCaptchaFailed, "captcha protection: request disallowed (no captcha response (captcha_token) found in request)")
	}
	form := url.Values{"secret": {c.cfg.Secret}, "response": {tok}, "remoteip": {ip}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.VerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("captcha request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := c.client.Do(req)
	if err != nil {
		return fmt.Errorf("captcha verification with %s: %w", c.cfg.VerifyURL, err)
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
		return fail(CodeCaptchaFailed, "captcha protection: request disallowed (%s)", strings.Join(out.ErrorCodes, ", "))
	}
	return nil
}
