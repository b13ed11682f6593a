package auth

import (
	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/password"
)

// checkNewPassword validates a password being set.
func (s *Service) checkNewPassword(pw string) error {
	if len(pw) > password.MaxBytes {
		return apierr.Fail(apierr.CodeValidationFailed, "Password cannot be longer than %d characters", password.MaxBytes)
	}
	if reasons := password.Weakness(pw, s.cfg.PasswordMinLength, s.cfg.PasswordCommonCheck); len(reasons) > 0 {
		return &apierr.Error{Code: apierr.CodeWeakPassword, Msg: password.WeakMessage(reasons, s.cfg.PasswordMinLength), WeakReasons: reasons}
	}
	return nil
}
