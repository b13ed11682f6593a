package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"daybase/internal/datadir"
	"daybase/internal/keys"
	"daybase/internal/token"
)

// keysCmd prints the URL, the API keys and the signing keys without
// starting anything; `keys rotate` makes a new signing key.
func keysCmd(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 && args[0] == "rotate" {
		return keysRotate(ctx, e, args[1:])
	}
	var asJSON bool
	if err := e.parse(args, func(fs *flag.FlagSet) {
		fs.BoolVar(&asJSON, "json", false, `print {"url","anon_key","service_role_key","jwt_algorithm","signing_keys"} as JSON`)
	}); err != nil {
		return err
	}
	k, err := e.dataDirKeys()
	if err != nil {
		return err
	}
	maxAge, err := e.maxTokenAge()
	if err != nil {
		return err
	}
	out := keysOutput(e, k, maxAge, time.Now())
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(out)
	}
	fmt.Fprintf(e.stdout, "API URL:          %s\nanon key:         %s\nservice_role key: %s\n", out.URL, out.AnonKey, out.ServiceRoleKey)
	fmt.Fprintf(e.stdout, "access tokens:    %s\n", out.Algorithm)
	for _, sk := range out.SigningKeys {
		line := fmt.Sprintf("  %s %s %s since %s", sk.Status, sk.Alg, sk.KID, sk.CreatedAt.Format(time.RFC3339))
		if sk.VerifiesUntil != nil {
			line += ", verifies until " + sk.VerifiesUntil.Format(time.RFC3339)
		}
		fmt.Fprintln(e.stdout, line)
	}
	return nil
}

type signingKeyInfo struct {
	KID           string     `json:"kid"`
	Alg           string     `json:"alg"`
	Status        string     `json:"status"` // "current" (signs) or "previous" (verifies)
	CreatedAt     time.Time  `json:"created_at"`
	VerifiesUntil *time.Time `json:"verifies_until,omitempty"`
}

type keysInfo struct {
	URL            string           `json:"url"`
	AnonKey        string           `json:"anon_key"`
	ServiceRoleKey string           `json:"service_role_key"`
	Algorithm      string           `json:"jwt_algorithm"` // what access tokens are signed with
	SigningKeys    []signingKeyInfo `json:"signing_keys"`
}

// keysOutput describes the keys trusted at now; never a private key.
func keysOutput(e *env, k keys.Keys, maxAge time.Duration, now time.Time) keysInfo {
	out := keysInfo{URL: e.cfg.PublicURL(), AnonKey: k.AnonKey, ServiceRoleKey: k.ServiceRoleKey,
		Algorithm: "HS256", SigningKeys: []signingKeyInfo{}}
	if cur := k.Current(); cur != nil {
		out.Algorithm = cur.Alg
	}
	for _, sk := range k.Trusted(maxAge, now) {
		info := signingKeyInfo{KID: sk.KID, Alg: sk.Alg, Status: "current", CreatedAt: sk.CreatedAt}
		if until := sk.VerifiesUntil(maxAge); !until.IsZero() {
			info.Status, info.VerifiesUntil = "previous", &until
		}
		out.SigningKeys = append(out.SigningKeys, info)
	}
	return out
}

// keysRotate makes a new signing key. A running serve picks it up within
// seconds (watchSigningKeys); tokens signed by the old key keep verifying
// until they expire, and the API keys do not change.
func keysRotate(_ context.Context, e *env, args []string) error {
	alg := token.ES256
	var asJSON bool
	e.name = "keys rotate"
	if err := e.parse(args, func(fs *flag.FlagSet) {
		fs.StringVar(&alg, "alg", token.ES256, "algorithm of the new key: ES256 or RS256")
		fs.BoolVar(&asJSON, "json", false, "print the keys afterwards as JSON (as keys --json)")
	}); err != nil {
		return err
	}
	alg = strings.ToUpper(alg)
	if alg != token.ES256 && alg != token.RS256 {
		fmt.Fprintf(e.stderr, "daybase keys rotate: -alg %s: want ES256 or RS256\n", alg)
		return errUsage
	}
	if _, err := e.dataDirKeys(); err != nil {
		return err
	}
	maxAge, err := e.maxTokenAge()
	if err != nil {
		return err
	}
	now := time.Now()
	k, err := keys.Rotate(datadir.Dir(e.cfg.DataDir).Secrets(), alg, maxAge, now)
	if err != nil {
		return err
	}
	out := keysOutput(e, k, maxAge, now)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(out)
	}
	fmt.Fprintf(e.stdout, "New %s signing key %s signs access tokens from now on.\n", alg, k.Current().KID)
	for _, sk := range out.SigningKeys {
		if sk.VerifiesUntil != nil {
			fmt.Fprintf(e.stdout, "Previous key %s verifies until %s (when its last token expires).\n", sk.KID, sk.VerifiesUntil.Format(time.RFC3339))
		}
	}
	fmt.Fprintln(e.stdout, "The anon and service_role keys are unchanged. A running daybase serve picks the new key up within seconds.")
	return nil
}

// maxTokenAge is the access-token lifetime (DAYBASE_AUTH_JWT_EXPIRY): how
// long a retired key must keep verifying.
func (e *env) maxTokenAge() (time.Duration, error) {
	c, err := authConfig(os.Getenv, e.cfg)
	if err != nil {
		return 0, fmt.Errorf("auth configuration: %w", err)
	}
	return c.JWTExpiry, nil
}

// keysPollInterval is how often serve looks for a rotation.
const keysPollInterval = 2 * time.Second

// watchSigningKeys installs the data dir's signing keys into signer, then
// re-reads them until ctx ends: a `daybase keys rotate` takes effect
// without a restart, and a retired key stops verifying once its last
// token has expired.
func watchSigningKeys(ctx context.Context, e *env, path string, signer *token.Signer, maxAge time.Duration) error {
	k, _, err := keys.Load(path)
	if err != nil {
		return err
	}
	if err := k.Install(signer, maxAge, time.Now()); err != nil {
		return err
	}
	seen, _ := os.Stat(path)
	go func() {
		t := time.NewTicker(keysPollInterval)
		defer t.Stop()
		lastInstall := time.Now()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				st, err := os.Stat(path)
				changed := err == nil && (seen == nil || !st.ModTime().Equal(seen.ModTime()) || st.Size() != seen.Size())
				if !changed && now.Sub(lastInstall) < time.Minute {
					continue
				}
				k, _, err := keys.Load(path)
				if err == nil {
					err = k.Install(signer, maxAge, now)
				}
				if err != nil {
					e.log.Error("signing keys not reloaded; the previous ones stay in force", "err", err)
					continue
				}
				if changed {
					seen = st
					e.log.Info("signing keys reloaded", "signing_kid", signer.SigningKID())
				}
				lastInstall = now
			}
		}
	}()
	return nil
}
