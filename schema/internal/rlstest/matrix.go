package rlstest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

// Outcome is what one statement did for one actor: the rows it returned
// (first column, through the suite's label, sorted) or the SQLSTATE it
// failed with.
type Outcome struct {
	set  bool // guards against a forgotten actor in a case
	Rows []string
	Code string
}

// Rows is an outcome of these rows, in any order.
func Rows(r ...string) Outcome {
	sorted := append([]string{}, r...) // never nil: no rows is an empty list
	slices.Sort(sorted)
	return Outcome{set: true, Rows: sorted}
}

// Fails is an outcome of an error with this SQLSTATE.
func Fails(code string) Outcome { return Outcome{set: true, Code: code} }

// MatrixCase is one statement on one object (a table, view or RPC) and what
// each actor may get from it; P is the suite's list of actors' outcomes.
// A suite defines its own type from it (type matrixCase
// rlstest.MatrixCase[perActor]), so that its many literals need no keys.
type MatrixCase[P any] struct {
	Object, Op string
	SQL        string
	Args       []any
	Want       P
}

// caseOf is MatrixCase's type set: the suite's own type, or MatrixCase itself.
type caseOf[P any] interface {
	~struct {
		Object, Op string
		SQL        string
		Args       []any
		Want       P
	}
}

// MatrixActor is one actor of an isolation matrix and where its outcome is in P.
type MatrixActor[P any] struct {
	Name  string
	Actor Actor
	Want  func(P) Outcome
}

// Matrix runs every case as every actor, each in a transaction rolled back
// afterwards, and compares what the actor saw or changed with what it may.
// label turns the fixture's ids in a returned value into names.
func Matrix[P any, C caseOf[P]](t *testing.T, b *Bundle, label func(string) string, actors []MatrixActor[P], cases []C) {
	t.Helper()
	for _, each := range cases {
		c := MatrixCase[P](each)
		for _, ac := range actors {
			want := ac.Want(c.Want)
			t.Run(fmt.Sprintf("%s/%s/%s", c.Object, c.Op, ac.Name), func(t *testing.T) {
				if !want.set {
					t.Fatalf("case lists no outcome for %s", ac.Name)
				}
				got := b.Run(ac.Actor, label, c.SQL, c.Args...)
				if diff := cmp.Diff(want, got, cmp.AllowUnexported(Outcome{})); diff != "" {
					t.Errorf("%s\nmismatch (-want +got):\n%s", c.SQL, diff)
				}
			})
		}
	}
}

// Run executes sql as a in a transaction that is always rolled back: the
// first column of the rows it returns, through label, or its error's code.
func (b *Bundle) Run(a Actor, label func(string) string, sql string, args ...any) Outcome {
	tx := b.Begin(a)
	defer tx.Rollback(b.Ctx)
	r, err := tx.Query(b.Ctx, sql, args...)
	if err != nil {
		return Fails(codeOf(err))
	}
	got, err := pgx.CollectRows(r, func(row pgx.CollectableRow) (string, error) {
		var s *string
		if err := row.Scan(&s); err != nil {
			return "", err
		}
		if s == nil {
			return "<null>", nil
		}
		return label(*s), nil
	})
	if err != nil {
		return Fails(codeOf(err))
	}
	return Rows(got...)
}

func codeOf(err error) string {
	if pe := PgError(err); pe != nil {
		return pe.Code
	}
	return err.Error()
}
