// Command daybase is the Daybase server: a Supabase-compatible backend
// (REST, auth, storage, realtime, functions) with an embedded PostgreSQL,
// serving the Daybase web app.
//
//	daybase [serve]        run the server (the default)
//	daybase migrate        apply pending migrations and exit
//	daybase keys --json    print the URL, API keys and signing keys of the data dir
//	daybase keys rotate    make a new access-token signing key (ES256; -alg RS256)
//	daybase sql [-c SQL]   the admin SQL console
//	daybase admin grant|revoke|list  who may use the SQL console in the app
//	daybase plan set EMAIL free|pro|team   assign a plan without billing
//	daybase version        print the version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"daybase/internal/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = ""

const usage = `Usage: daybase <command> [flags]

Commands:
  serve       run the API and the web app (default)
  migrate     apply pending database migrations and exit
  keys        print the URL, API keys and signing keys (--json for machines);
              keys rotate [-alg ES256|RS256]: a new access-token signing key
  sql         admin SQL console; -c "SQL" or stdin for scripts
  admin       grant EMAIL, revoke EMAIL, list: the app's admins (SQL console)
  seed        add demo accounts and content (--demo); idempotent
  plan        plan set EMAIL free|pro|team, plan show EMAIL: assign plans
              where billing is not set up (no Stripe, no local checkout)
  gen types   print TypeScript types of the database (--lang typescript)
  version     print the version

Common flags (each also an environment variable):
  -data-dir      DAYBASE_DATA_DIR      data directory (default ./.daybase)
  -host          DAYBASE_HOST          listen host (default 127.0.0.1)
  -port          DAYBASE_PORT          listen port (default 54321)
  -database-url  DAYBASE_DATABASE_URL  external PostgreSQL (default: embedded)
  -site-url      DAYBASE_SITE_URL      public URL of the app
  -log-level     DAYBASE_LOG_LEVEL     debug|info|warn|error
Also: DAYBASE_JWT_SECRET (else generated and kept in the data dir).
Run "daybase <command> -h" for a command's own flags.
`

// errUsage marks command-line mistakes: usage is printed, exit status 2.
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	commands := map[string]func(context.Context, *env, []string) error{
		"serve":   serve,
		"migrate": migrate,
		"keys":    keysCmd,
		"sql":     sqlCmd,
		"admin":   adminCmd,
		"gen":     genCmd,
		"seed":    seedCmd,
		"plan":    planCmd,
		"version": func(_ context.Context, e *env, _ []string) error {
			fmt.Fprintln(e.stdout, "daybase", versionString())
			return nil
		},
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	fn, ok := commands[cmd]
	if !ok {
		fmt.Fprintf(stderr, "daybase: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, name: cmd}
	err := fn(ctx, e, args)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage), errors.Is(err, flag.ErrHelp):
		return 2
	default:
		fmt.Fprintf(stderr, "daybase %s: %v\n", cmd, err)
		return 1
	}
}

// env is what every command gets besides its arguments.
type env struct {
	name           string
	stdin          io.Reader
	stdout, stderr io.Writer
	cfg            config.Config
	log            *slog.Logger
	flags          *flag.FlagSet
}

// parse reads the common flags plus the command's own (registered by
// register) and the environment, and builds the logger.
func (e *env) parse(args []string, register func(*flag.FlagSet)) error {
	e.cfg = config.Defaults()
	fs := flag.NewFlagSet("daybase "+e.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	e.cfg.Flags(fs)
	if register != nil {
		register(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: daybase %s [flags]\n\nFlags:\n", e.name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "daybase %s: unexpected argument %q\n", e.name, fs.Arg(0))
		fs.Usage()
		return errUsage
	}
	if err := errors.Join(e.cfg.Load(fs, os.Getenv), config.CheckEnviron(os.Environ())); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	e.flags = fs
	e.log = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: e.cfg.LogLevel}))
	return nil
}

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return "dev-" + s.Value[:12]
			}
		}
	}
	return "dev"
}
