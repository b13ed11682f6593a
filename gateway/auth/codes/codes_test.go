package codes

import (
	"bytes"
	"crypto/rand"
	"regexp"
	"testing"
)

func TestCodes(t *testing.T) {
	// GoTrue's GenerateTokenHash: hex(sha224(address + code)).
	if got := Hash("a@example.test", "123456"); len(got) != 56 || got != Hash("a@example.test", "123456") || got == Hash("a@example.test", "123457") {
		t.Errorf("Hash = %q", got)
	}
	for range 20 {
		otp, err := NewOTP(rand.Reader)
		if err != nil || !regexp.MustCompile(`^\d{6}$`).MatchString(otp) {
			t.Fatalf("NewOTP = %q, %v", otp, err)
		}
	}
	rt, err := NewRefreshToken(bytes.NewReader(make([]byte, 16)))
	if err != nil || rt != "aaaaaaaaaaaaaaaaaaaaaaaaaa" {
		t.Errorf("NewRefreshToken(zeros) = %q, %v", rt, err)
	}
	if _, err := NewRefreshToken(bytes.NewReader(nil)); err == nil {
		t.Error("a failed read made a token")
	}
	// RFC 7636 appendix B.
	verifier, challenge := "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
	if !PKCEMatches(verifier, challenge, "S256") || !PKCEMatches(verifier, verifier, "plain") || PKCEMatches(verifier, challenge, "plain") {
		t.Error("PKCEMatches disagrees with RFC 7636")
	}
}
