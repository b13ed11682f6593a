package password

import (
	"reflect"
	"testing"
)

func TestWeaknessAndMessage(t *testing.T) {
	for _, tc := range []struct {
		pw      string
		reasons []string
		msg     string
	}{
		{"correct horse battery", nil, ""},
		{"short", []string{"length"}, "Password should be at least 8 characters."},
		{"Password", []string{"pwned"}, "Password is known to be weak and easy to guess, please choose a different one."},
		{"qwerty", []string{"length", "pwned"}, "Password should be at least 8 characters. Password is known to be weak and easy to guess, please choose a different one."},
	} {
		got := Weakness(tc.pw, 8, true)
		if !reflect.DeepEqual(got, tc.reasons) || WeakMessage(got, 8) != tc.msg {
			t.Errorf("%q: %v %q, want %v %q", tc.pw, got, WeakMessage(got, 8), tc.reasons, tc.msg)
		}
	}
	if got := Weakness("password", 8, false); got != nil {
		t.Errorf("common check off: %v", got)
	}
}

func TestHashMatches(t *testing.T) {
	h, err := Hash("s3cret pass", 4)
	if err != nil {
		t.Fatal(err)
	}
	if !Matches(h, "s3cret pass") || Matches(h, "s3cret pas") || Matches("", "") {
		t.Error("Matches disagrees with the hash")
	}
}
