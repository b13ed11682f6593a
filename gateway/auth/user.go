package auth

import (
	"regexp"
	"strings"

	"daybase/gateway/auth/apierr"
)

// emailPattern is the HTML5 address syntax GoTrue checks with (badoux/
// checkmail), plus a dot in the domain: "xx:;x@x.x" is refused as there.
// The confirmation mail is the real test of an address.
var emailPattern = regexp.MustCompile("^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@" +
	`[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$`)

// normaliseEmail trims and lower-cases an address and checks its shape.
func normaliseEmail(raw string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(raw))
	if e == "" {
		return "", apierr.Fail(apierr.CodeValidationFailed, "An email address is required")
	}
	if len(e) > 255 || !emailPattern.MatchString(e) {
		return "", apierr.Fail(apierr.CodeEmailAddressInvalid, "Unable to validate email address: invalid format")
	}
	return e, nil
}

// uuidPattern matches the canonical textual form.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func isUUID(s string) bool { return uuidPattern.MatchString(s) }

// nullUUID turns "" into SQL NULL.
func nullUUID(s string) any {
	if s == "" {
		return nil
	}
	return s
}
