package auth

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn/frequency"
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
		return &apiError{Code: CodeWeakPassword, Msg: s.weakPasswordMessage(reasons), WeakReasons: reasons}
	}
	return nil
}

// passwordWeakness lists GoTrue's weak_password reasons for pw: "length"
// below the minimum, "pwned" for one of the most common passwords (GoTrue
// asks HaveIBeenPwned; Daybase checks an embedded list, offline).
func (s *Service) passwordWeakness(pw string) []string {
	var reasons []string
	if utf8.RuneCountInString(pw) < s.cfg.PasswordMinLength {
		reasons = append(reasons, "length")
	}
	if s.cfg.PasswordCommonCheck && isCommonPassword(pw) {
		reasons = append(reasons, "pwned")
	}
	return reasons
}

// weakPasswordMessage is GoTrue's message for reasons: one sentence per
// reason, joined by a space (internal/api/password.go).
func (s *Service) weakPasswordMessage(reasons []string) string {
	var msgs []string
	for _, r := range reasons {
		switch r {
		case "length":
			msgs = append(msgs, fmt.Sprintf("Password should be at least %d characters.", s.cfg.PasswordMinLength))
		case "pwned":
			msgs = append(msgs, "Password is known to be weak and easy to guess, please choose a different one.")
		}
	}
	return strings.Join(msgs, " ")
}

// commonPasswords is the set of the 30,000 most common passwords that
// zxcvbn ranks (MIT; Dropbox's list from Xato's ten million leaked
// passwords, as packaged by github.com/trustelem/zxcvbn/frequency), all
// lower case. Built on the first password check, not at start-up.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	list := frequency.FrequencyLists["passwords"]
	set := make(map[string]struct{}, len(list))
	for _, p := range list {
		set[p] = struct{}{}
	}
	return set
})

// isCommonPassword reports whether pw, ignoring case, is on the list.
func isCommonPassword(pw string) bool {
	_, ok := commonPasswords()[strings.ToLower(pw)]
	return ok
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
