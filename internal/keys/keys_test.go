package keys

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"daybase/internal/token"
)

func TestEnsureGeneratesOnceAndKeeps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	a, err := Ensure(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.JWTSecret) < 32 || a.AnonKey == "" || a.ServiceRoleKey == "" || a.AuthenticatorPassword == "" {
		t.Fatalf("incomplete: %+v", a)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode().Perm())
	}
	b, err := Ensure(path, "")
	if err != nil || !reflect.DeepEqual(b, a) {
		t.Fatalf("second Ensure changed the keys: %+v vs %+v (err %v)", b, a, err)
	}
}

func TestConfiguredSecretResignsKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	a, _ := Ensure(path, "")
	secret := strings.Repeat("k", 40)
	b, err := Ensure(path, secret)
	if err != nil {
		t.Fatal(err)
	}
	if b.AnonKey == a.AnonKey || b.AuthenticatorPassword != a.AuthenticatorPassword {
		t.Fatal("keys not re-signed, or unrelated secrets changed")
	}
	claims, err := token.NewSigner(secret).Verify(b.ServiceRoleKey)
	if err != nil || claims["role"] != "service_role" {
		t.Fatalf("service key not signed with the configured secret: %v %v", claims, err)
	}
}

// Two processes starting on a fresh data dir (serve, and `daybase keys`
// run right after it, as tests/compat/run.mjs does) must agree on one
// secret: the first to create it wins, the other reads it.
func TestConcurrentEnsureAgreesOnOneSecret(t *testing.T) {
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "secrets.json")
		const n = 8
		got := make([]Keys, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i], errs[i] = Ensure(path, "")
			}()
		}
		wg.Wait()
		stored, _, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if errs[i] != nil || !reflect.DeepEqual(got[i], stored) {
				t.Fatalf("round %d, caller %d: err %v, keys differ from the stored ones", round, i, errs[i])
			}
		}
	}
}
