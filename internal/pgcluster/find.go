package pgcluster

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ErrNoBinaries means no initdb/postgres pair was found on this machine.
var ErrNoBinaries = errors.New("PostgreSQL server binaries (initdb, postgres) not found; " +
	"install them (Debian/Ubuntu: apt-get install postgresql) or set DAYBASE_DATABASE_URL to an existing server")

// Binaries are the paths of the server programs of one PostgreSQL version.
type Binaries struct {
	Initdb   string
	Postgres string
	Version  int // major version, e.g. 15; 0 when unknown
}

// systemBinDirs are where distributions install versioned server binaries.
var systemBinDirs = []string{"/usr/lib/postgresql/*/bin", "/usr/pgsql-*/bin", "/usr/local/pgsql/bin"}

// FindBinaries looks for initdb and postgres: first a directory named by
// $DAYBASE_PG_BINDIR, then PATH, then `pg_config --bindir`, then
// /usr/lib/postgresql/*/bin and /usr/pgsql-*/bin, newest version first.
// Versions older than 15 are skipped.
func FindBinaries() (Binaries, error) {
	var dirs []string
	if d := os.Getenv("DAYBASE_PG_BINDIR"); d != "" {
		dirs = append(dirs, d)
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	var versioned []string
	for _, pattern := range systemBinDirs {
		m, _ := filepath.Glob(pattern)
		versioned = append(versioned, m...)
	}
	sort.SliceStable(versioned, func(i, j int) bool { return dirVersion(versioned[i]) > dirVersion(versioned[j]) })
	dirs = append(dirs, versioned...)

	var tooOld []string
	for _, d := range dirs {
		b := Binaries{Initdb: filepath.Join(d, "initdb"), Postgres: filepath.Join(d, "postgres")}
		if !isExecutable(b.Initdb) || !isExecutable(b.Postgres) {
			continue
		}
		b.Version = binaryVersion(b.Postgres)
		if b.Version != 0 && b.Version < 15 {
			tooOld = append(tooOld, fmt.Sprintf("%s (version %d)", d, b.Version))
			continue
		}
		return b, nil
	}
	if len(tooOld) > 0 {
		return Binaries{}, fmt.Errorf("%w (found only versions older than 15: %s)", ErrNoBinaries, strings.Join(tooOld, ", "))
	}
	return Binaries{}, ErrNoBinaries
}

func isExecutable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// dirVersion extracts the major version from paths like
// /usr/lib/postgresql/16/bin or /usr/pgsql-16/bin.
func dirVersion(dir string) int {
	for _, part := range strings.FieldsFunc(dir, func(r rune) bool { return r == '/' || r == '-' }) {
		if v, err := strconv.Atoi(part); err == nil {
			return v
		}
	}
	return 0
}

// binaryVersion runs `postgres --version` ("postgres (PostgreSQL) 15.18 ...").
func binaryVersion(postgres string) int {
	out, err := exec.Command(postgres, "--version").Output()
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(out))
	for _, f := range fields {
		if major, _, ok := strings.Cut(f, "."); ok {
			if v, err := strconv.Atoi(major); err == nil {
				return v
			}
		}
	}
	return 0
}
