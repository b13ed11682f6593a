package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"daybase/internal/typegen"
)

// genCmd generates code from the database: `daybase gen types --lang typescript`.
func genCmd(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] != "types" {
		fmt.Fprintln(e.stderr, "Usage: daybase gen types --lang typescript [--schema public,...]")
		return errUsage
	}
	var lang, schemas string
	if err := e.parse(args[1:], func(fs *flag.FlagSet) {
		fs.StringVar(&lang, "lang", "typescript", "output language (typescript)")
		fs.StringVar(&schemas, "schema", "public", "comma-separated schemas")
	}); err != nil {
		return err
	}
	if lang != "typescript" {
		fmt.Fprintf(e.stderr, "daybase gen types: --lang %q is not supported; use typescript\n", lang)
		return errUsage
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
	// A cluster this command started may be behind the binary's schema.
	if db.cluster != nil {
		if err := db.migrate(ctx, e, k); err != nil {
			return err
		}
	}
	conn, err := pgx.Connect(ctx, db.adminURL)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	return typegen.TypeScript(ctx, conn, strings.Split(schemas, ","), e.stdout)
}
