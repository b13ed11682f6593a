// Package password holds the auth service's password rules: GoTrue's
// weak_password reasons and message, the embedded list of common
// passwords, and bcrypt hashing.
package password

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn/frequency"
	"golang.org/x/crypto/bcrypt"
)

// MaxBytes is bcrypt's input limit; longer passwords would be silently
// truncated, so they are refused.
const MaxBytes = 72

// Weakness lists GoTrue's weak_password reasons for pw: "length" below
// minLength, "pwned" (when checkCommon) for one of the most common
// passwords (GoTrue asks HaveIBeenPwned; Daybase checks an embedded list,
// offline).
func Weakness(pw string, minLength int, checkCommon bool) []string {
	var reasons []string
	if utf8.RuneCountInString(pw) < minLength {
		reasons = append(reasons, "length")
	}
	if checkCommon && IsCommon(pw) {
		reasons = append(reasons, "pwned")
	}
	return reasons
}

// WeakMessage is GoTrue's message for reasons: one sentence per reason,
// joined by a space (internal/api/password.go).
func WeakMessage(reasons []string, minLength int) string {
	var msgs []string
	for _, r := range reasons {
		switch r {
		case "length":
			msgs = append(msgs, fmt.Sprintf("Password should be at least %d characters.", minLength))
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

// IsCommon reports whether pw, ignoring case, is on the list.
func IsCommon(pw string) bool {
	_, ok := commonPasswords()[strings.ToLower(pw)]
	return ok
}

// Hash bcrypts pw at cost.
func Hash(pw string, cost int) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(h), nil
}

// Matches compares in bcrypt's constant time.
func Matches(hash, pw string) bool {
	return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}
