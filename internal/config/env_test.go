package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestUnknownSettingsFailNamingThem(t *testing.T) {
	err := CheckEnviron([]string{
		"HOME=/root", "DAYBASE_PORT=1", "DAYBASE_BIN=bin/daybase", "DAYBASE_TEST_PGURL=postgres://x",
		"DAYBASE_SMTP_PASSWORD=secret", "DAYBASE_PROT=8000", "DAYBASE_WHATEVER_ELSE_ENTIRELY=1",
	})
	if err == nil {
		t.Fatal("unknown settings were accepted")
	}
	for _, want := range []string{
		"DAYBASE_SMTP_PASSWORD: unknown setting (did you mean DAYBASE_SMTP_PASS?)",
		"DAYBASE_PROT: unknown setting (did you mean DAYBASE_PORT?)",
		"DAYBASE_WHATEVER_ELSE_ENTIRELY: unknown setting;",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	for _, accepted := range []string{"HOME", "DAYBASE_PORT=", "DAYBASE_BIN", "DAYBASE_TEST_PGURL"} {
		if strings.Contains(err.Error(), accepted) {
			t.Errorf("error names %s, which is fine:\n%v", accepted, err)
		}
	}
	if err := CheckEnviron([]string{"DAYBASE_DATA_DIR=/tmp/x", "DAYBASE_AUTH_GITHUB_REDIRECT_URL=http://x", "DAYBASE_URL=http://x"}); err != nil {
		t.Fatalf("known settings refused: %v", err)
	}
}

var nameInSource = regexp.MustCompile(`\bDAYBASE_[A-Z0-9_]*[A-Z0-9]\b`)

// TestEveryVariableInTheTreeIsKnown keeps Settings complete: a DAYBASE_*
// name anywhere in the code, the suites or the scripts that the table does
// not list would make the binary refuse to start where it is set.
func TestEveryVariableInTheTreeIsKnown(t *testing.T) {
	root := filepath.Join("..", "..")
	exts := []string{".go", ".ts", ".tsx", ".mjs", ".js", ".sh", ".yml", ".yaml", ".service", ".env"}
	found := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "dist", "docs", "artifacts", ".daybase", "test-results":
				return filepath.SkipDir
			}
			return nil
		}
		// Go tests name unknown variables on purpose, and one that starts
		// a server with an unknown one fails on its own.
		if strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if !slices.Contains(exts, filepath.Ext(path)) && d.Name() != "Dockerfile" && d.Name() != "run" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, n := range nameInSource.FindAllString(string(b), -1) {
			found[n] = path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 50 {
		t.Fatalf("found only %d names; is the walk rooted at the repository?", len(found))
	}
	for n, path := range found {
		if !Known(n) {
			t.Errorf("%s (in %s) is not in config.Settings or config.Tooling: add it, and document it", n, path)
		}
	}
}

// TestSettingsAreDocumented: every setting has a row in the README or in
// the docs its section points to.
func TestSettingsAreDocumented(t *testing.T) {
	var docs strings.Builder
	for _, f := range []string{"README.md", "docs/auth.md", "docs/storage.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", f))
		if err != nil {
			t.Fatal(err)
		}
		docs.Write(b)
	}
	text := docs.String()
	// Families are documented as one row: `DAYBASE_STRIPE_PRICE_PRO_MONTHLY`, `_PRO_ANNUAL`, ...
	families := []string{"DAYBASE_AUTH_GOOGLE", "DAYBASE_AUTH_GITHUB", "DAYBASE_STRIPE_PRICE"}
	all := map[string][]string{"tooling": Tooling}
	for section, names := range Settings {
		all[section] = names
	}
	for section, names := range all {
		for _, n := range names {
			if strings.Contains(text, "`"+n+"`") {
				continue
			}
			documented := false
			for _, f := range families {
				if rest, ok := strings.CutPrefix(n, f); ok && strings.Contains(text, f) && strings.Contains(text, "`"+rest+"`") {
					documented = true
				}
			}
			if !documented {
				t.Errorf("%s (%s) is not documented in README.md, docs/auth.md or docs/storage.md", n, section)
			}
		}
	}
}
