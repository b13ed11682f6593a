package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"daybase/internal/admins"
)

const adminUsage = `Usage: daybase admin <grant|revoke|list> [EMAIL] [flags]

  grant EMAIL    make the account with this e-mail an admin (the SQL console
                 at /app/admin/sql); the account must exist
  revoke EMAIL   take it back; effective at the next request
  list           the admins (--json for machines)

Works while "daybase serve" runs on the same data dir, and without it.
`

// adminCmd names the app's admins (package admins): grant, revoke, list.
func adminCmd(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(e.stderr, adminUsage)
		return errUsage
	}
	sub, rest := args[0], args[1:]
	e.name = "admin " + sub
	var email string
	var asJSON bool
	switch sub {
	case "grant", "revoke":
		// The e-mail comes first or last: `grant EMAIL -data-dir D` or `grant -data-dir D EMAIL`.
		switch {
		case len(rest) > 0 && !strings.HasPrefix(rest[0], "-"):
			email, rest = rest[0], rest[1:]
		case len(rest) > 0 && !strings.HasPrefix(rest[len(rest)-1], "-"):
			email, rest = rest[len(rest)-1], rest[:len(rest)-1]
		}
		if err := e.parse(rest, nil); err != nil {
			return err
		}
		if !strings.Contains(email, "@") {
			fmt.Fprintf(e.stderr, "daybase admin %s: say whose account: daybase admin %s EMAIL\n", sub, sub)
			return errUsage
		}
	case "list":
		if err := e.parse(rest, func(fs *flag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, `print [{"id","email","last_sign_in_at"}] as JSON`)
		}); err != nil {
			return err
		}
	default:
		fmt.Fprintf(e.stderr, "daybase admin: unknown subcommand %q\n\n%s", sub, adminUsage)
		return errUsage
	}

	conn, done, err := e.adminPool(ctx)
	if err != nil {
		return err
	}
	defer done()

	console := e.cfg.PublicURL() + "/app/admin/sql"
	switch sub {
	case "grant":
		a, err := admins.Grant(ctx, conn, email)
		if errors.Is(err, admins.ErrNoUser) {
			return fmt.Errorf("no account has the e-mail %s: the person signs up first (%s/auth?mode=signup), then run this again", email, e.cfg.PublicURL())
		} else if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s is an admin (user %s).\nThe SQL console is at %s; the app shows it from the account's next sign-in or token refresh (within the hour).\n", a.Email, a.ID, console)
	case "revoke":
		a, err := admins.Revoke(ctx, conn, email)
		if errors.Is(err, admins.ErrNoUser) {
			return fmt.Errorf("no account has the e-mail %s (daybase admin list shows the admins)", email)
		} else if err != nil {
			return err
		}
		if !a.WasAdmin {
			fmt.Fprintf(e.stdout, "%s was not an admin; nothing changed.\n", a.Email)
			return nil
		}
		fmt.Fprintf(e.stdout, "%s is no longer an admin; the SQL console refuses the account from its next request.\n", a.Email)
	case "list":
		list, err := admins.List(ctx, conn)
		if err != nil {
			return err
		}
		if asJSON {
			type row struct {
				ID           string     `json:"id"`
				Email        string     `json:"email"`
				LastSignInAt *time.Time `json:"last_sign_in_at"`
			}
			out := make([]row, len(list))
			for i, a := range list {
				out[i] = row{a.ID, a.Email, a.LastSignIn}
			}
			return json.NewEncoder(e.stdout).Encode(out)
		}
		if len(list) == 0 {
			fmt.Fprintln(e.stdout, "No admins yet: daybase admin grant EMAIL names one.")
			return nil
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "EMAIL\tUSER ID\tLAST SIGN-IN")
		for _, a := range list {
			last := "never"
			if a.LastSignIn != nil {
				last = a.LastSignIn.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", a.Email, a.ID, last)
		}
		tw.Flush()
	}
	return nil
}
