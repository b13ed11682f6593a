package qrsvg

import (
	"strings"
	"testing"
)

// TestRender: the markup is an SVG of the right size that a data: URI can
// carry (no "#"), and content too long for a QR code is an error.
func TestRender(t *testing.T) {
	svg, err := Render("otpauth://totp/Daybase:ada@example.test?secret=JBSWY3DPEHPK3PXP&issuer=Daybase")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg ", `xmlns="http://www.w3.org/2000/svg"`, `<path d="M`, "</svg>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("markup lacks %q", want)
		}
	}
	if strings.Contains(svg, "#") {
		t.Error("markup holds #, which ends a data URI")
	}
	if _, err := Render(strings.Repeat("x", 5000)); err == nil {
		t.Error("content too long for a QR code was rendered")
	}
}
