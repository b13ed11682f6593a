package auth

import (
	"fmt"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// maxPasswordBytes is bcrypt's input limit; longer passwords would be
// silently truncated, so they are refused.
const maxPasswordBytes = 72

// checkNewPassword validates a password being set.
func (s *Service) checkNewPassword(pw string) error {
	if len(pw) > maxPasswordBytes {
		return fail(CodeValidationFailed, "Password cannot be longer than %d characters", maxPasswordBytes)
	}
	if reasons := s.passwordWeakness(pw); len(reasons) > 0 {
		return &apiError{Code: CodeWeakPassword, Msg: weakPasswordMessage(s.cfg.PasswordMinLength), WeakReasons: reasons}
	}
	return nil
}

// passwordWeakness lists GoTrue's weak_password reasons for pw.
func (s *Service) passwordWeakness(pw string) []string {
	if utf8.RuneCountInString(pw) < s.cfg.PasswordMinLength {
		return []string{"length"}
	}
	return nil
}

func weakPasswordMessage(min int) string {
	return fmt.Sprintf("Password should be at least %d characters.", min)
}

// hashPassword bcrypts pw at the configured cost.
func (s *Service) hashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), s.cfg.BcryptCost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(h), nil
}

// passwordMatches compares in bcrypt's constant time.
func passwordMatches(hash, pw string) bool {
	return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}
