package pgident_test

import (
	"context"
	"testing"

	"daybase/internal/pgident"
	"daybase/internal/pgtest"
)

func TestQuote(t *testing.T) {
	for name, want := range map[string]string{
		"tasks":      `"tasks"`,
		"Mixed Case": `"Mixed Case"`,
		`a"b`:        `"a""b"`,
		"select":     `"select"`,
		"":           `""`,
	} {
		if got := pgident.Quote(name); got != want {
			t.Errorf("Quote(%q) = %s, want %s", name, got, want)
		}
	}
	if got := pgident.Qual("public", `we"ird`); got != `"public"."we""ird"` {
		t.Errorf("Qual = %s", got)
	}
}

// PostgreSQL's own quote_ident agrees wherever it quotes (it leaves plain
// lower-case names bare, which means the same).
func TestQuoteMatchesPostgres(t *testing.T) {
	db := pgtest.New(t)
	for _, name := range []string{"Mixed Case", `a"b`, `""`, "select", "ünï côdé", "x y\tz"} {
		var pg string
		if err := db.Pool.QueryRow(context.Background(), "SELECT quote_ident($1)", name).Scan(&pg); err != nil {
			t.Fatal(err)
		}
		if got := pgident.Quote(name); got != pg {
			t.Errorf("Quote(%q) = %s, PostgreSQL says %s", name, got, pg)
		}
	}
}

func TestMain(m *testing.M) { pgtest.Main(m) }
