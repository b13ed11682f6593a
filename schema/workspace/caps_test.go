package workspace_test

import (
	"fmt"
	"testing"
)

// TestNoteCap: Free holds 100 live notes ('Note limit reached for Free
// plan', the spec's text); deleted notes do not count, restoring one
// counts again; Pro is unlimited.
func TestNoteCap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("notes@example.com", nil)
	b.Super(`INSERT INTO notes (user_id, title) SELECT $1, 'n' || g FROM generate_series(1, 100) g`, u.ID)

	err := b.Exec(u, "INSERT INTO notes (title) VALUES ('one too many')")
	wantError(t, err, "P0001", "Note limit reached for Free plan", "This would make 101 notes; the Free plan allows 100.")

	must(t, b.Exec(u, "UPDATE notes SET is_deleted = true WHERE title = 'n1'"))
	must(t, b.Exec(u, "INSERT INTO notes (title) VALUES ('fits again')"))
	err = b.Exec(u, "UPDATE notes SET is_deleted = false WHERE title = 'n1'")
	wantError(t, err, "P0001", "Note limit reached for Free plan")

	b.SetPlan(u, "pro_monthly")
	must(t, b.Exec(u, "INSERT INTO notes (title) VALUES ('pro')"))
}

// TestJournalMonthlyCap: Free creates 30 entries a calendar month
// ('Journal limit reached for Free plan this month'); last month's do not
// count.
func TestJournalMonthlyCap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("journal@example.com", nil)
	b.Super(`INSERT INTO journal_entries (user_id, title, created_at)
		SELECT $1, 'old ' || g, date_trunc('month', now()) - interval '2 days' FROM generate_series(1, 30) g`, u.ID)
	b.Super(`INSERT INTO journal_entries (user_id, title) SELECT $1, 'e' || g FROM generate_series(1, 29) g`, u.ID)
	must(t, b.Exec(u, "INSERT INTO journal_entries (title, date) VALUES ('thirtieth', '2026-01-02')"))
	err := b.Exec(u, "INSERT INTO journal_entries (title) VALUES ('thirty-first')")
	wantError(t, err, "P0001", "Journal limit reached for Free plan this month",
		"This would make 31 journal entries this month; the Free plan allows 30.")
	b.SetPlan(u, "team_monthly")
	must(t, b.Exec(u, "INSERT INTO journal_entries (title) VALUES ('team plan')"))
}

// TestTeamMemberCap: members besides the owner plus open invitations are
// capped by the owner's plan (Free 5); a team subscription's seats
// (owner included) replace the plan's figure.
func TestTeamMemberCap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	o := b.NewUser("teamowner@example.com", nil)
	id, err := scalar[string](b, o, "INSERT INTO teams (name) VALUES ('Cap') RETURNING id::text")
	must(t, err)
	for i := 1; i <= 5; i++ {
		must(t, b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, $2)", id, fmt.Sprintf("p%d@example.com", i)))
	}
	err = b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'p6@example.com')", id)
	wantError(t, err, "P0001", "Team member limit reached for Free plan", "This would make 6 team members; the Free plan allows 5.")
	// Re-inviting an address replaces its invitation and needs no new seat.
	must(t, b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'p1@example.com')", id))
	// An expired invitation gives its seat back.
	b.Super("UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE email = 'p2@example.com'")
	must(t, b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'p6@example.com')", id))

	b.Super("INSERT INTO team_subscriptions (team_id, status, plan_id, seats) VALUES ($1, 'active', 'team_monthly', 7)", id)
	// 1 owner + 5 open invitations = 6 of 7 seats.
	must(t, b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'p7@example.com')", id))
	err = b.Exec(o, "INSERT INTO team_invitations (team_id, email) VALUES ($1, 'p8@example.com')", id)
	wantError(t, err, "P0001", "Team member limit reached for Team plan", "This would make 8 team members; the team's subscription has 7 seats.")
}

// TestAttachmentCaps: Free records one attachment a day, files up to
// 10 MB and 100 MB in all; Pro files up to 100 MB, unlimited a day.
func TestAttachmentCaps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("files@example.com", nil)
	task, err := scalar[string](b, u, "INSERT INTO tasks (title) VALUES ('t') RETURNING id::text")
	must(t, err)
	insert := func(name string, size int64) error {
		return b.Exec(u, "INSERT INTO task_attachments (task_id, filename, file_size, mime_type) VALUES ($1, $2, $3, 'application/pdf')", task, name, size)
	}
	const mb = 1 << 20

	err = insert("big.pdf", 10*mb+1)
	wantError(t, err, "P0001", `File "big.pdf" exceeds maximum size of 10MB`, "The Free plan allows files of up to 10 MB.")
	must(t, insert("first.pdf", 10*mb))
	err = insert("second.pdf", 1)
	wantError(t, err, "P0001", "Attachment limit reached for Free plan today", "This would make 2 attachments today; the Free plan allows 1.")
	// A deleted attachment gives its day's slot back.
	must(t, b.Exec(u, "UPDATE task_attachments SET is_marked_deleted = true"))
	must(t, insert("again.pdf", 1))

	// Storage: 100 MB of live attachments in all (earlier days count).
	b.Super("UPDATE task_attachments SET is_marked_deleted = true WHERE filename = 'again.pdf'")
	b.Super(`INSERT INTO task_attachments (task_id, user_id, filename, file_size, mime_type, created_at)
		SELECT $1, $2, 'old' || g || '.pdf', 9 * 1048576, 'application/pdf', now() - interval '3 days' FROM generate_series(1, 11) g`, task, u.ID)
	must(t, insert("fills.pdf", mb)) // 99 + 1 = 100 MB
	b.Super("UPDATE task_attachments SET is_marked_deleted = true, created_at = now() - interval '2 days' WHERE filename = 'fills.pdf'")
	err = insert("over.pdf", 2*mb)
	wantError(t, err, "P0001", "Storage limit reached for Free plan", "This would make 101 MB of attachments; the Free plan allows 100.")

	b.SetPlan(u, "pro_monthly")
	must(t, insert("pro1.pdf", 100*mb))
	must(t, insert("pro2.pdf", 1))
	err = insert("huge.pdf", 100*mb+1)
	wantError(t, err, "P0001", `File "huge.pdf" exceeds maximum size of 100MB`)
}

// TestContentCreationRateLimit: 10 notes or journal entries a minute and
// 50 an hour per user (002 §5's texts); deleting gives nothing back; the
// service side is not limited.
func TestContentCreationRateLimit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("rate@example.com", nil)
	for i := 0; i < 5; i++ {
		must(t, b.Exec(u, "INSERT INTO notes (title) VALUES ('n')"))
		must(t, b.Exec(u, "INSERT INTO journal_entries (title) VALUES ('j')"))
	}
	must(t, b.Exec(u, "UPDATE notes SET is_deleted = true"))
	err := b.Exec(u, "INSERT INTO notes (title) VALUES ('eleventh')")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last minute. Please wait.")
	b.Super("INSERT INTO notes (user_id, title) VALUES ($1, 'by the server')", u.ID)

	b.Super("UPDATE private.content_creations SET created_at = created_at - interval '5 minutes'")
	b.Super("INSERT INTO private.content_creations (user_id, created_at) SELECT $1, now() - interval '30 minutes' FROM generate_series(1, 40)", u.ID)
	err = b.Exec(u, "INSERT INTO journal_entries (title) VALUES ('fifty-first')")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last hour. Please try again later.")
}
