package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/term"

	"daybase/functions/billing"
	"daybase/internal/datadir"
	"daybase/internal/keys"
	"daybase/internal/sqlconsole"
	"daybase/schema/seed"
)

// dataDirKeys makes the data dir if needed and returns its keys, generating
// them on first use.
func (e *env) dataDirKeys() (keys.Keys, error) {
	dir := datadir.Dir(e.cfg.DataDir)
	if err := dir.Ensure(); err != nil {
		return keys.Keys{}, err
	}
	return keys.Ensure(dir.Secrets(), e.cfg.JWTSecret)
}

// migrate applies pending migrations and exits.
func migrate(ctx context.Context, e *env, args []string) error {
	if err := e.parse(args, nil); err != nil {
		return err
	}
	k, err := e.dataDirKeys()
	if err != nil {
		return err
	}
	db, err := openDatabase(ctx, e, k, false)
	if err != nil {
		return err
	}
	defer db.close()
	return db.migrate(ctx, e, k)
}

// keysCmd prints the URL and API keys without starting anything.
func keysCmd(_ context.Context, e *env, args []string) error {
	var asJSON bool
	if err := e.parse(args, func(fs *flag.FlagSet) {
		fs.BoolVar(&asJSON, "json", false, `print {"url","anon_key","service_role_key"} as JSON`)
	}); err != nil {
		return err
	}
	k, err := e.dataDirKeys()
	if err != nil {
		return err
	}
	out := struct {
		URL            string `json:"url"`
		AnonKey        string `json:"anon_key"`
		ServiceRoleKey string `json:"service_role_key"`
	}{e.cfg.PublicURL(), k.AnonKey, k.ServiceRoleKey}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(out)
	}
	fmt.Fprintf(e.stdout, "API URL:          %s\nanon key:         %s\nservice_role key: %s\n", out.URL, out.AnonKey, out.ServiceRoleKey)
	return nil
}

// sqlCmd is the admin SQL console. It works while serve runs (it connects
// to that process's cluster) and without it (it starts the cluster).
func sqlCmd(ctx context.Context, e *env, args []string) error {
	var command string
	if err := e.parse(args, func(fs *flag.FlagSet) {
		fs.StringVar(&command, "c", "", "run this SQL and exit")
	}); err != nil {
		return err
	}
	k, err := e.dataDirKeys()
	if err != nil {
		return err
	}
	db, err := openDatabase(ctx, e, k, true)
	if err != nil {
		return err
	}
	defer db.close()
	conn, err := pgconn.Connect(ctx, db.adminURL)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	c := sqlconsole.New(conn, e.stdout, e.stderr)
	switch {
	case command != "":
		return c.Script(ctx, command)
	case isTerminal(e.stdin):
		return c.Interactive(ctx, e.stdin)
	default:
		return c.ScriptFrom(ctx, e.stdin)
	}
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// adminPool opens the data dir's database up to date (openUpToDate) and a
// superuser pool on it, for the commands that work beside a running serve
// or without one. done closes both.
func (e *env) adminPool(ctx context.Context) (*pgxpool.Pool, func(), error) {
	db, err := openUpToDate(ctx, e)
	if err != nil {
		return nil, nil, err
	}
	pool, err := pgxpool.New(ctx, db.adminURL)
	if err != nil {
		db.close()
		return nil, nil, fmt.Errorf("connect: %w", err)
	}
	return pool, func() { pool.Close(); db.close() }, nil
}

// seedCmd migrates, then adds the demo accounts and their content
// (demo@daybase.local / daybase-demo). Running it twice changes nothing.
func seedCmd(ctx context.Context, e *env, args []string) error {
	var demo bool
	if err := e.parse(args, func(fs *flag.FlagSet) {
		fs.BoolVar(&demo, "demo", false, "seed the demo accounts and content")
	}); err != nil {
		return err
	}
	if !demo {
		fmt.Fprintln(e.stderr, "daybase seed: say what to seed: --demo")
		return errUsage
	}
	pool, done, err := e.adminPool(ctx)
	if err != nil {
		return err
	}
	defer done()
	if err := seed.Demo(ctx, pool, e.log); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "Demo data ready: sign in as demo@daybase.local / daybase-demo (also sam@daybase.local).")
	return nil
}

// planCmd assigns plans without a payment — how plans are given on a
// server whose billing is not set up (no Stripe, no local checkout):
//
//	daybase plan set EMAIL free|pro|team
//	daybase plan show EMAIL
func planCmd(ctx context.Context, e *env, args []string) error {
	var rest []string
	switch {
	case len(args) >= 3 && args[0] == "set":
		rest, args = args[:3], args[3:]
	case len(args) >= 2 && args[0] == "show":
		rest, args = args[:2], args[2:]
	default:
		fmt.Fprintln(e.stderr, "Usage: daybase plan set EMAIL free|pro|team, or daybase plan show EMAIL")
		return errUsage
	}
	if err := e.parse(args, nil); err != nil {
		return err
	}
	pool, done, err := e.adminPool(ctx)
	if err != nil {
		return err
	}
	defer done()
	email := rest[1]
	if rest[0] == "set" {
		if err := billing.AssignPlan(ctx, pool, email, rest[2]); err != nil {
			if errors.Is(err, billing.ErrNoAccount) {
				return fmt.Errorf("%w (the person signs up first, then you assign the plan)", err)
			}
			return err
		}
	}
	plan, err := billing.CurrentPlan(ctx, pool, email)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s is on the %s plan.\n", email, plan)
	return nil
}
