package tasks_test

import (
	"testing"

	"daybase/internal/pgtest"
	"daybase/schema/internal/rlstest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// The harness is schema/internal/rlstest, shared with schema/workspace; these names
// keep the tests short. bundle is a local type so that the tests can add
// their own helpers to it (fixtures of this package).
type (
	bundle struct{ *rlstest.Bundle }
	actor  = rlstest.Actor
)

var (
	anonymous = rlstest.Anonymous
	service   = rlstest.Service
	user      = rlstest.User
	must      = rlstest.Must
	describe  = rlstest.Describe
	pgError   = rlstest.PgError
	wantError = rlstest.WantError
)

func setup(t testing.TB) *bundle { return &bundle{rlstest.Setup(t)} }

// scalar runs a one-value query as a and commits.
func scalar[T any](b *bundle, a actor, sql string, args ...any) (T, error) {
	return rlstest.Scalar[T](b.Bundle, a, sql, args...)
}

// superScalar runs a one-value query as the superuser.
func superScalar[T any](b *bundle, sql string, args ...any) T {
	return rlstest.SuperScalar[T](b.Bundle, sql, args...)
}
