package datamodel2_test

import "testing"

// Tests of issue 20's server parts: the creation rate limit per request
// (0670).

// TestImportCountsOnce: one insert of 500 notes (an import) counts as one
// creation, while creating one by one is limited as before (10 a minute);
// one request creates at most 1,000 rows; the Free cap still counts rows.
func TestImportCountsOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("import@example.com", nil)
	b.SetPlan(u, "pro_monthly")

	n, err := scalar[int](b, u, `WITH i AS (INSERT INTO notes (title, content)
		SELECT 'Imported ' || g, '# Imported ' || g FROM generate_series(1, 500) g RETURNING 1) SELECT count(*) FROM i`)
	must(t, err)
	if n != 500 {
		t.Fatalf("imported %d notes, want 500", n)
	}
	creations := superScalar[int](b, "SELECT count(*) FROM private.content_creations WHERE user_id = $1", u.ID)
	if creations != 1 {
		t.Errorf("the import counted %d creations, want 1", creations)
	}
	// Nine more one by one make ten this minute; the eleventh is refused.
	for i := 0; i < 9; i++ {
		must(t, b.Exec(u, "INSERT INTO notes (title) VALUES ('one by one')"))
	}
	err = b.Exec(u, "INSERT INTO notes (title) VALUES ('eleventh')")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last minute. Please wait.")
	// So is an import at that point, and it creates nothing.
	err = b.Exec(u, "INSERT INTO notes (title) SELECT 'late ' || g FROM generate_series(1, 20) g")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last minute. Please wait.")
	if got := superScalar[int](b, "SELECT count(*) FROM notes WHERE user_id = $1", u.ID); got != 509 {
		t.Errorf("%d notes, want 509", got)
	}

	// A fresh minute: 1,001 rows in one request are too many; journal
	// entries count the same way.
	b.Super("UPDATE private.content_creations SET created_at = created_at - interval '2 minutes'")
	err = b.Exec(u, "INSERT INTO notes (title) SELECT 'n' || g FROM generate_series(1, 1001) g")
	wantError(t, err, "PT413", "Too many items in one request",
		"This request creates 1001 notes; one request creates at most 1,000.")
	must(t, b.Exec(u, "INSERT INTO journal_entries (title, date) SELECT 'day ' || g, current_date - g FROM generate_series(1, 300) g"))
	if got := superScalar[int](b, "SELECT count(*) FROM private.content_creations WHERE user_id = $1 AND created_at > now() - interval '1 minute'", u.ID); got != 1 {
		t.Errorf("%d creations this minute after the journal import, want 1", got)
	}
	// The service side is not counted at all.
	b.Super("INSERT INTO notes (user_id, title) SELECT $1, 's' || g FROM generate_series(1, 50) g", u.ID)

	// Free: the cap counts each row of an import.
	f := b.NewUser("import-free@example.com", nil)
	must(t, b.Exec(f, "INSERT INTO notes (title) SELECT 'f' || g FROM generate_series(1, 50) g"))
	err = b.Exec(f, "INSERT INTO notes (title) SELECT 'g' || g FROM generate_series(1, 51) g")
	wantError(t, err, "P0001", "Note limit reached for Free plan", "This would make 101 notes; the Free plan allows 100.")
	if got := superScalar[int](b, "SELECT count(*) FROM notes WHERE user_id = $1", f.ID); got != 50 {
		t.Errorf("%d notes after the refused import, want 50", got)
	}
}
