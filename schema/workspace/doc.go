// Package workspace holds the tests of the notes, journal and teams data
// model, spec 002 (schema/migrations/0200-0299): notes, journal, teams, comments,
// mentions, attachments, linked content, notifications and the activity
// log — tables, triggers, plan caps, row-level security, views and RPCs,
// exercised against a real PostgreSQL the way the REST gateway uses it:
// as the authenticator role switching to anon or authenticated with the
// request's JWT claims.
//
// docs/spec-inventory.md ("Spec 002") maps every table, view and RPC of
// the spec to its migration and to the test here that covers it. The
// package has no code of its own: everything it checks lives in the
// database. Its helpers mirror those of schema/tasks.
package workspace
