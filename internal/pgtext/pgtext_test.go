package pgtext

import (
	"encoding/json"
	"testing"
)

func TestIsJSONNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-12", "3.25", "0.5", "1e9", "1E+9", "-2.5e-3", "123456789012345678901234567890"} {
		if !IsJSONNumber([]byte(s)) {
			t.Errorf("%q: not a number", s)
		}
		if !json.Valid([]byte(s)) {
			t.Errorf("%q: the test's own case is not JSON", s)
		}
	}
	for _, s := range []string{"", "-", "NaN", "Infinity", "-Infinity", "01", "1.", ".5", "1e", "1e+", "+1", "1.2.3", "0x10", " 1", "1 "} {
		if IsJSONNumber([]byte(s)) {
			t.Errorf("%q: taken for a number", s)
		}
		if json.Valid([]byte(s)) && s != " 1" && s != "1 " {
			t.Errorf("%q: the test's own case is JSON", s)
		}
	}
}

func FuzzIsJSONNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e3", "NaN", "01", "1."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// A lone number, no white space: JSON's own grammar decides.
		want := json.Valid([]byte(s)) && len(s) > 0 && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) &&
			s[len(s)-1] >= '0' && s[len(s)-1] <= '9'
		if got := IsJSONNumber([]byte(s)); got != want {
			t.Errorf("IsJSONNumber(%q) = %v, JSON says %v", s, got, want)
		}
	})
}
