package asrole

import (
	"testing"

	"daybase/internal/identity"
)

// The split claims are what SQL's request.jwt.claims ->> gives, from the
// claims map or from the JSON alone; a claim SQL would render differently
// (not a string) leaves them off, and SQL reads the JSON.
func TestSplitClaims(t *testing.T) {
	user := map[string]any{"role": "authenticated", "sub": "u1", "session_id": "s1", "aal": "aal2"}
	withJSON := identity.New(user, "")
	tests := []struct {
		name string
		id   identity.Identity
		want [4]string
	}{
		{"claims map", withJSON, [4]string{"u1", "s1", "aal2", "on"}},
		{"JSON only", identity.Identity{Role: "authenticated", ClaimsJSON: withJSON.ClaimsJSON}, [4]string{"u1", "s1", "aal2", "on"}},
		{"anon key", identity.New(map[string]any{"role": "anon"}, ""), [4]string{"", "", "", "on"}},
		{"no claims", identity.FromContext(t.Context()), [4]string{"", "", "", "on"}},
		{"sub not a string", identity.New(map[string]any{"role": "authenticated", "sub": 42.0}, ""), [4]string{}},
		{"JSON sub not a string", identity.Identity{Role: "authenticated", ClaimsJSON: []byte(`{"sub":42}`)}, [4]string{}},
		{"bad JSON", identity.Identity{Role: "authenticated", ClaimsJSON: []byte(`{`)}, [4]string{}},
	}
	for _, tt := range tests {
		s, err := New(tt.id, Request{})
		if err != nil {
			t.Fatal(err)
		}
		if got := [4]string{s.Sub, s.SessionID, s.AAL, s.Split}; got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
