package workspace_test

import (
	"testing"
)

// Issue 17, finding 6: created_at and the other server-owned columns
// (migration 0622) are the server's for API users.

var serverOwned = []string{"created_at", "uploaded_at", "joined_at", "invited_at", "updated_at"}

// TestEveryTableOwnsItsTimestamps fails when a table in public with a
// server-owned column lacks the trigger, or another BEFORE trigger runs
// after it (and could undo it).
func TestEveryTableOwnsItsTimestamps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	missing, err := column(b, service, `
		SELECT c.relname::text FROM pg_class c
		 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
		   AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0
		                 AND NOT a.attisdropped AND a.attname = ANY ($1))
		   AND NOT EXISTS (SELECT FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'zz_server_owned_columns'
		                     AND g.tgfoid = 'private.server_owned_columns'::regproc
		                     AND g.tgtype & 1 = 1 AND g.tgtype & 2 = 2 AND g.tgtype & 4 = 4 AND g.tgtype & 16 = 16)
		 ORDER BY 1`, serverOwned)
	must(t, err)
	if len(missing) > 0 {
		t.Errorf("tables whose server-owned columns a client can choose: %v; add\n"+
			"CREATE TRIGGER zz_server_owned_columns BEFORE INSERT OR UPDATE ON public.t FOR EACH ROW\n"+
			"  EXECUTE FUNCTION private.server_owned_columns('created_at', '|', 'updated_at', 'id');", missing)
	}
	later, err := column(b, service, `
		SELECT g.tgrelid::regclass::text || '.' || g.tgname FROM pg_trigger g
		 WHERE g.tgrelid IN (SELECT tgrelid FROM pg_trigger WHERE tgname = 'zz_server_owned_columns')
		   AND NOT g.tgisinternal AND g.tgtype & 2 = 2 AND g.tgtype & 1 = 1 AND g.tgname > 'zz_server_owned_columns'
		 ORDER BY 1`)
	must(t, err)
	if len(later) > 0 {
		t.Errorf("BEFORE triggers that run after zz_server_owned_columns: %v", later)
	}
}

// TestClientCannotChooseServerColumns performs the attack: backdate a
// task's created_at and updated_at on insert, then rewrite them and the id
// on update. The server's values win; the service role (imports, seeds)
// keeps its own. (completed_at keeps 0105's rule: TestCompletedAtFollowsIsCompleted.)
func TestClientCannotChooseServerColumns(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	const past = "2001-02-03 04:05:06+00"
	id, err := scalar[string](b, w.owner, `INSERT INTO public.tasks (user_id, title, created_at, updated_at)
		VALUES ($1, 'backdated', $2, $2) RETURNING id::text`, w.owner.ID, past)
	must(t, err)
	recent := `SELECT created_at > now() - interval '1 minute' AND updated_at > now() - interval '1 minute'
	             FROM public.tasks WHERE id = $1`
	if ok := superScalar[bool](b, recent, id); !ok {
		t.Fatalf("insert kept the client's timestamps: %s", superScalar[string](b,
			`SELECT format('%s %s', created_at, updated_at) FROM public.tasks WHERE id = $1`, id))
	}
	before := superScalar[string](b, `SELECT format('%s', created_at) FROM public.tasks WHERE id = $1`, id)
	n, err := scalar[int](b, w.owner, `WITH u AS (
		UPDATE public.tasks SET created_at = $2, updated_at = $2, id = gen_random_uuid(), title = 'renamed'
		 WHERE id = $1 RETURNING 1) SELECT count(*) FROM u`, id, past)
	must(t, err)
	if n != 1 {
		t.Fatalf("update touched %d rows", n)
	}
	after := superScalar[string](b, `SELECT format('%s', created_at) FROM public.tasks WHERE id = $1 AND title = 'renamed'`, id)
	if after != before {
		t.Errorf("update changed server columns: %s -> %s", before, after)
	}
	if ok := superScalar[bool](b, `SELECT updated_at > now() - interval '1 minute' FROM public.tasks WHERE id = $1`, id); !ok {
		t.Error("update kept the client's updated_at")
	}

	// A note, a team and a comment: the same for every table.
	for _, stmt := range []string{
		`INSERT INTO public.notes (user_id, title, created_at) VALUES ($1, 'old note', $2) RETURNING created_at > now() - interval '1 minute'`,
		`INSERT INTO public.teams (owner_id, name, created_at) VALUES ($1, 'Old team', $2) RETURNING created_at > now() - interval '1 minute'`,
		`INSERT INTO public.projects (user_id, name, created_at, updated_at) VALUES ($1, 'Old project', $2, $2) RETURNING created_at > now() - interval '1 minute'`,
	} {
		ok, err := scalar[bool](b, w.owner, stmt, w.owner.ID, past)
		if err != nil || !ok {
			t.Errorf("%s: kept the client's created_at (%v)", stmt, describe(err))
		}
	}

	// The service role keeps what it writes.
	kept, err := scalar[bool](b, service, `INSERT INTO public.notes (user_id, title, created_at) VALUES ($1, 'imported', $2)
		RETURNING created_at = $2::timestamptz`, w.owner.ID, past)
	must(t, err)
	if !kept {
		t.Error("service_role's created_at was replaced")
	}
}
