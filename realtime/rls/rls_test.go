package rls_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgtest"
	"daybase/realtime/rls"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const schema = `
CREATE SCHEMA rt;
GRANT USAGE ON SCHEMA rt TO anon, authenticated, service_role;
CREATE TABLE rt.members (project_id int, user_id uuid);
ALTER TABLE rt.members ENABLE ROW LEVEL SECURITY;
CREATE POLICY members_self ON rt.members FOR SELECT TO authenticated USING (user_id = auth.uid());
CREATE TABLE rt.notes (
  id        int PRIMARY KEY,
  owner     uuid NOT NULL,
  project   int,
  secret    text,
  "Odd ""name""" text,
  archived  boolean NOT NULL DEFAULT false
);
ALTER TABLE rt.notes ENABLE ROW LEVEL SECURITY;
-- Own notes, or notes of a project the caller is a member of.
CREATE POLICY notes_owner ON rt.notes FOR SELECT TO authenticated USING (owner = auth.uid());
CREATE POLICY notes_member ON rt.notes FOR SELECT TO authenticated
  USING (EXISTS (SELECT 1 FROM rt.members m WHERE m.project_id = notes.project AND m.user_id = (SELECT auth.uid())));
-- Never archived ones.
CREATE POLICY notes_live ON rt.notes AS RESTRICTIVE FOR SELECT TO authenticated USING (NOT archived);
-- anon may see nothing; the secret column is hidden from authenticated.
REVOKE ALL ON rt.notes FROM anon, authenticated;
GRANT SELECT (id, owner, project, "Odd ""name""", archived) ON rt.notes TO authenticated;
GRANT SELECT ON rt.members TO authenticated;
GRANT ALL ON rt.notes TO service_role;
`

const (
	alice = "00000000-0000-4000-8000-00000000000a"
	bob   = "00000000-0000-4000-8000-00000000000b"
	carol = "00000000-0000-4000-8000-00000000000c"
)

func setup(t *testing.T) (*pgtest.DB, *pgxpool.Pool, *rls.Catalog) {
	t.Helper()
	db := pgtest.New(t)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, schema); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, fmt.Sprintf(`INSERT INTO rt.members VALUES (1, '%s')`, carol)); err != nil {
		t.Fatal(err)
	}
	return db, db.AuthenticatorPool(t), rls.NewCatalog(db.Pool, time.Minute)
}

func s(v string) *string { return &v }

func claims(sub string) []byte {
	return []byte(fmt.Sprintf(`{"sub":%q,"role":"authenticated"}`, sub))
}

func TestViewsAndChecks(t *testing.T) {
	ctx := context.Background()
	_, api, cat := setup(t)
	tbl, err := cat.TableByName(ctx, "rt", "notes")
	if err != nil {
		t.Fatal(err)
	}
	if !tbl.RLS || len(tbl.Columns) != 6 || !tbl.Columns[0].PK || tbl.Columns[4].Name != `Odd "name"` {
		t.Fatalf("table = %+v", tbl)
	}

	anon, err := cat.View(ctx, tbl, "anon", rls.Select)
	if err != nil {
		t.Fatal(err)
	}
	if v, decided := anon.Visible(); !decided || v {
		t.Errorf("anon without privileges: visible=%v decided=%v", v, decided)
	}
	svc, err := cat.View(ctx, tbl, "service_role", rls.Select)
	if err != nil {
		t.Fatal(err)
	}
	if v, decided := svc.Visible(); !decided || !v {
		t.Errorf("service_role bypasses RLS: visible=%v decided=%v", v, decided)
	}
	unknown, err := cat.View(ctx, tbl, "no_such_role", rls.Select)
	if err != nil {
		t.Fatal(err)
	}
	if v, decided := unknown.Visible(); !decided || v {
		t.Errorf("unknown role: visible=%v decided=%v", v, decided)
	}
	auth, err := cat.View(ctx, tbl, "authenticated", rls.Select)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]bool{true, true, true, false, true, true}, auth.Columns); diff != "" {
		t.Errorf("column privileges (-want +got):\n%s", diff)
	}
	if _, decided := auth.Visible(); decided || auth.SQL == "" {
		t.Fatalf("authenticated needs a per-row check, SQL %q", auth.SQL)
	}

	// Rows: alice's, bob's, an archived one of alice, and one in project 1.
	rows := [][]*string{
		{s("1"), s(alice), nil, s("x"), nil, s("f")},
		{s("2"), s(bob), nil, nil, nil, s("false")},
		{s("3"), s(alice), nil, nil, nil, s("t")},
		{s("4"), s(bob), s("1"), nil, s("odd"), s("f")},
	}
	who := map[string]string{"alice": alice, "bob": bob, "carol": carol, "nobody": "00000000-0000-4000-8000-0000000000ff"}
	var checks []*rls.Check
	for _, name := range []string{"alice", "bob", "carol", "nobody"} {
		checks = append(checks, &rls.Check{SQL: auth.SQL, Role: "authenticated", Claims: claims(who[name]), Rows: rows})
	}
	if err := rls.Run(ctx, api, checks); err != nil {
		t.Fatal(err)
	}
	want := [][]bool{
		{true, false, false, false}, // alice: her live note only
		{false, true, false, true},  // bob: his two
		{false, false, false, true}, // carol: the project note, through membership
		{false, false, false, false},
	}
	for i, c := range checks {
		if diff := cmp.Diff(want[i], c.Visible); diff != "" {
			t.Errorf("check %d visibility (-want +got):\n%s", i, diff)
		}
	}
}

// TestManyClaimsOneRoundTrip checks many distinct users in a single Run:
// a row is visible to its owner and to nobody else.
func TestManyClaimsOneRoundTrip(t *testing.T) {
	ctx := context.Background()
	_, api, cat := setup(t)
	tbl, _ := cat.TableByName(ctx, "rt", "notes")
	view, err := cat.View(ctx, tbl, "authenticated", rls.Select)
	if err != nil {
		t.Fatal(err)
	}
	user := func(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }
	note := func(i int) []*string { return []*string{s(fmt.Sprint(i)), s(user(i)), nil, nil, nil, s("f")} }

	// 200 users, each checked against everybody's 200 notes.
	const n = 200
	rows := make([][]*string, n)
	for i := range rows {
		rows[i] = note(i)
	}
	checks := make([]*rls.Check, n)
	for i := range checks {
		checks[i] = &rls.Check{SQL: view.SQL, Role: "authenticated", Claims: claims(user(i)), Rows: rows}
	}
	if err := rls.Run(ctx, api, checks); err != nil {
		t.Fatal(err)
	}
	for i, c := range checks {
		for j, v := range c.Visible {
			if v != (i == j) {
				t.Fatalf("user %d sees note %d: %v", i, j, v)
			}
		}
	}

	// The broadcast case: one new note, 1,000 subscribers without a filter.
	checks = make([]*rls.Check, 1000)
	for i := range checks {
		checks[i] = &rls.Check{SQL: view.SQL, Role: "authenticated", Claims: claims(user(i)), Rows: [][]*string{note(7)}}
	}
	start := time.Now()
	if err := rls.Run(ctx, api, checks); err != nil {
		t.Fatal(err)
	}
	t.Logf("one row checked for 1,000 distinct users in one round trip: %v", time.Since(start))
	for i, c := range checks {
		if c.Visible[0] != (i == 7) {
			t.Fatalf("user %d sees note 7: %v", i, c.Visible[0])
		}
	}
}

// TestFailingPolicyFailsClosed: claims that make a policy raise (a sub
// that is not a UUID) see nothing, and do not spoil the other checks.
func TestFailingPolicyFailsClosed(t *testing.T) {
	ctx := context.Background()
	_, api, cat := setup(t)
	tbl, _ := cat.TableByName(ctx, "rt", "notes")
	view, _ := cat.View(ctx, tbl, "authenticated", rls.Select)
	rows := [][]*string{{s("1"), s(alice), nil, nil, nil, s("f")}}
	good := &rls.Check{SQL: view.SQL, Role: "authenticated", Claims: claims(alice), Rows: rows}
	bad := &rls.Check{SQL: view.SQL, Role: "authenticated", Claims: []byte(`{"sub":"not-a-uuid"}`), Rows: rows}
	err := rls.Run(ctx, api, []*rls.Check{bad, good})
	if err == nil {
		t.Error("a policy error was not reported")
	}
	if bad.Visible[0] || !good.Visible[0] {
		t.Errorf("bad sees %v (want false), good sees %v (want true)", bad.Visible[0], good.Visible[0])
	}
	// A role the authenticator cannot become sees nothing either.
	su := &rls.Check{SQL: view.SQL, Role: "postgres", Claims: claims(alice), Rows: rows}
	if err := rls.Run(ctx, api, []*rls.Check{su}); err == nil || su.Visible[0] {
		t.Errorf("checking as postgres: err %v, visible %v", err, su.Visible[0])
	}
}

func TestInsertPolicies(t *testing.T) {
	ctx := context.Background()
	db, api, cat := setup(t)
	if _, err := db.Pool.Exec(ctx, `
		CREATE POLICY read_rooms ON realtime.messages FOR SELECT TO authenticated
		  USING (realtime.topic() LIKE 'room-%' AND extension = 'broadcast');
		CREATE POLICY write_own ON realtime.messages FOR INSERT TO authenticated
		  WITH CHECK (realtime.topic() = 'room-' || (auth.jwt() ->> 'sub'))`); err != nil {
		t.Fatal(err)
	}
	tbl, err := cat.TableByName(ctx, "realtime", "messages")
	if err != nil {
		t.Fatal(err)
	}
	row := func(topic, ext string) []*string {
		out := make([]*string, len(tbl.Columns))
		vals := map[string]string{"id": "6f1c0a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f", "topic": topic, "extension": ext,
			"private": "true", "updated_at": "2024-01-01 00:00:00", "inserted_at": "2024-01-01 00:00:00"}
		for i, c := range tbl.Columns {
			if v, ok := vals[c.Name]; ok {
				out[i] = &v
			}
		}
		return out
	}
	sel, _ := cat.View(ctx, tbl, "authenticated", rls.Select)
	ins, _ := cat.View(ctx, tbl, "authenticated", rls.Insert)
	for _, tc := range []struct {
		topic               string
		read, write, presRd bool
	}{
		{"room-" + alice, true, true, false},
		{"room-" + bob, true, false, false},
		{"lobby", false, false, false},
	} {
		rows := [][]*string{row(tc.topic, "broadcast"), row(tc.topic, "presence")}
		topic := tc.topic
		r := &rls.Check{SQL: sel.SQL, Role: "authenticated", Claims: claims(alice), Topic: topic, Rows: rows}
		w := &rls.Check{SQL: ins.SQL, Role: "authenticated", Claims: claims(alice), Topic: topic, Rows: rows}
		if err := rls.Run(ctx, api, []*rls.Check{r, w}); err != nil {
			t.Fatal(err)
		}
		if r.Visible[0] != tc.read || w.Visible[0] != tc.write || r.Visible[1] != tc.presRd {
			t.Errorf("%s: read %v write %v presence read %v, want %v %v %v", tc.topic,
				r.Visible[0], w.Visible[0], r.Visible[1], tc.read, tc.write, tc.presRd)
		}
	}
	// No policy for anon: nothing.
	anonView, _ := cat.View(ctx, tbl, "anon", rls.Select)
	if v, decided := anonView.Visible(); !decided || v {
		t.Errorf("anon on realtime.messages: visible %v decided %v", v, decided)
	}
}

// A table added to the publication after the catalog read it is published
// at once, before any schema notification reaches Invalidate: a client
// subscribing right after the DDL is not refused on the cached answer.
func TestPublishedSeesATableAddedSinceTheLastRead(t *testing.T) {
	db, _, cat := setup(t)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `CREATE PUBLICATION rt_pub FOR TABLE rt.members`); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"members", "notes"} {
		want := table == "members"
		if got, err := cat.Published(ctx, "rt_pub", "rt", table); err != nil || got != want {
			t.Fatalf("Published(rt.%s) = %v, %v; want %v", table, got, err, want)
		}
	}
	if _, err := db.Pool.Exec(ctx, `ALTER PUBLICATION rt_pub ADD TABLE rt.notes`); err != nil {
		t.Fatal(err)
	}
	if got, err := cat.Published(ctx, "rt_pub", "rt", "notes"); err != nil || !got {
		t.Fatalf("Published(rt.notes) after ALTER PUBLICATION = %v, %v; want true", got, err)
	}
}
