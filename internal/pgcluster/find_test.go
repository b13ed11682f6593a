package pgcluster

import "testing"

func TestDirVersion(t *testing.T) {
	for dir, want := range map[string]int{
		"/usr/lib/postgresql/16/bin": 16,
		"/usr/pgsql-15/bin":          15,
		"/usr/local/pgsql/bin":       0,
	} {
		if got := dirVersion(dir); got != want {
			t.Errorf("dirVersion(%q) = %d, want %d", dir, got, want)
		}
	}
}

func TestFindBinariesOnThisMachine(t *testing.T) {
	b, err := FindBinaries()
	if err != nil {
		t.Fatalf("the test suite needs PostgreSQL server binaries (go tool task deps:postgres installs them): %v", err)
	}
	if b.Version < 15 {
		t.Fatalf("found version %d at %s, want 15 or newer", b.Version, b.Postgres)
	}
}

func TestBinDirOverrideMustHoldBinaries(t *testing.T) {
	t.Setenv("PATH", "")
	t.Setenv("DAYBASE_PG_BINDIR", t.TempDir())
	// An empty override falls through to the versioned directories, so the
	// search still succeeds on a machine with PostgreSQL installed.
	if _, err := FindBinaries(); err != nil {
		t.Fatalf("fallback search failed: %v", err)
	}
}
