package auth

import (
	"context"
	"errors"
	"net/http"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/captcha"
	"daybase/gateway/auth/conf"
)

// captchaVerifier answers GoTrue's captcha_failed for the tokens
// gateway/auth/captcha refuses.
type captchaVerifier struct{ v *captcha.Verifier }

func newCaptchaVerifier(cfg conf.CaptchaConfig, client *http.Client) *captchaVerifier {
	return &captchaVerifier{v: captcha.New(cfg, client)}
}

// verify answers captcha_failed unless the provider accepts tok.
func (c *captchaVerifier) verify(ctx context.Context, tok, ip string) error {
	err := c.v.Verify(ctx, tok, ip)
	var r *captcha.Refusal
	if errors.As(err, &r) {
		return apierr.Fail(apierr.CodeCaptchaFailed, "captcha protection: request disallowed (%s)", r.Reason)
	}
	return err
}
