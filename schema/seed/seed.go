// Package seed fills a Daybase database with data to look at: [Demo]
// creates a demo account (demo@daybase.local, password "daybase-demo")
// with realistic projects, tasks, smart filters, tags and focus sessions,
// and a teammate (sam@daybase.local, same password) who shares a project
// with it, plus notes, a journal and a team with that teammate (spec 002).
// `daybase seed --demo` runs it.
//
// The SQL lives in demo.sql; each "-- step:" section runs in order inside
// one transaction, so a failed seed leaves nothing behind.
package seed

import (
	"context"
	_ "embed"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The demo account's sign-in.
const (
	DemoEmail    = "demo@daybase.local"
	DemoPassword = "daybase-demo"
)

//go:embed demo.sql
var demoSQL string

// step is one "-- step: name" section of a seed file.
type step struct {
	name string
	sql  string
}

// steps splits a seed file into its sections, in file order.
func steps(file string) []step {
	var out []step
	for _, part := range strings.Split(file, "\n-- step: ")[1:] {
		name, body, _ := strings.Cut(part, "\n")
		out = append(out, step{name: strings.TrimSpace(name), sql: body})
	}
	return out
}

// Demo creates the demo accounts and, unless the demo account already has
// projects, its content. It is idempotent: a second run finds the accounts
// and the content in place and changes nothing. pool must connect as a
// role that may write auth.users (the migrating superuser).
func Demo(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("seed.Demo: %w", err)
		}
	}()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, s := range steps(demoSQL) {
			if s.name == "already_seeded" {
				var seeded bool
				if err := tx.QueryRow(ctx, s.sql).Scan(&seeded); err != nil {
					return fmt.Errorf("step %s: %w", s.name, err)
				}
				if seeded {
					log.Info("demo data already present; nothing to add", "email", DemoEmail)
					return nil
				}
				continue
			}
			log.Info("seeding demo data", "step", s.name)
			if _, err := tx.Exec(ctx, s.sql); err != nil {
				return fmt.Errorf("step %s: %w", s.name, err)
			}
		}
		log.Info("demo data ready", "email", DemoEmail, "password", DemoPassword)
		return nil
	})
}
