// Package tasks holds the tests of the task area's data model, specs 000
// and 001 (schema/migrations/0100-0199): tables, triggers, plan caps, row-level
// security, views and RPCs, exercised against a real PostgreSQL the way the
// REST gateway uses it — as the authenticator role switching to anon or
// authenticated with the request's JWT claims.
//
// docs/spec-inventory.md maps every table, view and RPC of the spec to its
// migration and to the test here that covers it. The package has no code of
// its own: everything it checks lives in the database.
package tasks
