package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// asUser runs fn in a transaction as the API would for the access token:
// role authenticated and the token's claims in request.jwt.claims. The
// transaction commits when fn returns nil.
func (b *testBundle) asUser(t testing.TB, accessToken string, fn func(tx pgx.Tx) error) error {
	t.Helper()
	claims, err := json.Marshal(b.claims(t, accessToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	return pgx.BeginFunc(ctx, b.db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", string(claims)); err != nil {
			return err
		}
		return fn(tx)
	})
}

func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// mfaUser signs up, enrolls and verifies a factor, and returns the aal1
// sign-in session, the aal2 session and the factor.
func (b *testBundle) mfaUser(t testing.TB) (aal1, aal2 session, f enrolled) {
	t.Helper()
	email := uniqueEmail("twofa")
	s := b.signUp(t, email, "hunter-two-2")
	f = b.enroll(t, s.AccessToken, "app")
	ch := b.challenge(t, s.AccessToken, f.ID)
	res := b.verify(t, s.AccessToken, f.ID, ch, totpCode(t, f.Secret, time.Now()))
	wantStatus(t, res, http.StatusOK)
	res.decode(t, &aal2)
	aal1 = b.signInPassword(t, email, "hunter-two-2")
	return aal1, aal2, f
}

func TestBackupCodes(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	aal1, aal2, _ := b.mfaUser(t)
	uid := aal2.User.ID

	// aal1 may not mint codes; nobody may mint codes for someone else.
	err := b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.generate_backup_codes($1)", uid)
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("generate at aal1: %v", err)
	}
	stranger := b.signUp(t, uniqueEmail("stranger"), "hunter-two-2")
	err = b.asUser(t, stranger.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.generate_backup_codes($1)", uid)
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("generate for another user: %v", err)
	}

	var codes []string
	if err := b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT public.generate_backup_codes($1)", uid).Scan(&codes)
	}); err != nil {
		t.Fatal(err)
	}
	if len(codes) != 10 {
		t.Fatalf("%d codes", len(codes))
	}
	format := regexp.MustCompile(`^[a-z2-9]{4}-[a-z2-9]{4}$`)
	for _, c := range codes {
		if !format.MatchString(c) {
			t.Fatalf("code %q is not xxxx-xxxx", c)
		}
	}
	// Only hashes are stored, where the API roles cannot read them.
	var plain int
	b.db.Pool.QueryRow(ctx, "SELECT count(*) FROM auth.user_2fa_backup_code_hashes WHERE code_hash = ANY($1)", codes).Scan(&plain)
	if plain != 0 {
		t.Fatal("codes stored in plain text")
	}
	err = b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT * FROM auth.user_2fa_backup_code_hashes")
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("hashes readable by authenticated: %v", err)
	}
	var visible int
	b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT count(*) FROM public.user_2fa_backup_codes WHERE NOT is_deleted").Scan(&visible)
	})
	if visible != 10 {
		t.Fatalf("user sees %d of their codes", visible)
	}

	validate := func(tok, code string) bool {
		t.Helper()
		var ok bool
		if err := b.asUser(t, tok, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "SELECT public.validate_backup_code($1)", code).Scan(&ok)
		}); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if validate(aal1.AccessToken, "zzzz-zzzz") {
		t.Fatal("wrong code accepted")
	}
	// Spaces, case and the dash do not matter; a code works once.
	typed := " " + strings.ToUpper(strings.Replace(codes[3], "-", " ", 1)) + " "
	if !validate(aal1.AccessToken, typed) {
		t.Fatalf("code %q (typed %q) refused", codes[3], typed)
	}
	if validate(aal1.AccessToken, codes[3]) {
		t.Fatal("used code accepted twice")
	}

	// The grant raises the aal1 session to aal2 on its next refresh.
	res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": aal1.RefreshToken}})
	wantStatus(t, res, 200)
	var raised session
	res.decode(t, &raised)
	c := b.claims(t, raised.AccessToken)
	if c["aal"] != "aal2" || c["amr"].([]any)[0].(map[string]any)["method"] != "recovery" {
		t.Fatalf("after backup code and refresh: aal %v amr %v", c["aal"], c["amr"])
	}
	// The grant is single-use: another session of the user stays aal1.
	again := b.signInPassword(t, aal2.User.Email, "hunter-two-2")
	res = b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": again.RefreshToken}})
	var still session
	res.decode(t, &still)
	if b.claims(t, still.AccessToken)["aal"] != "aal1" {
		t.Fatal("recovery grant applied to another session")
	}

	// Regenerating replaces the old codes.
	var fresh []string
	if err := b.asUser(t, raised.AccessToken, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT public.generate_backup_codes($1)", uid).Scan(&fresh)
	}); err != nil {
		t.Fatal(err)
	}
	if validate(raised.AccessToken, codes[0]) {
		t.Fatal("an old code still works after regeneration")
	}
}

func TestBackupCodeThrottle(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	aal1, aal2, _ := b.mfaUser(t)
	var codes []string
	b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT public.generate_backup_codes($1)", aal2.User.ID).Scan(&codes)
	})
	for range 10 {
		b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "SELECT public.validate_backup_code('aaaa-aaaa')")
			return err
		})
	}
	var ok bool
	b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT public.validate_backup_code($1)", codes[0]).Scan(&ok)
	})
	if ok {
		t.Fatal("a valid code was accepted after ten failures in a row")
	}
}

func TestTwoFactorSettingsAndDisable(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	aal1, aal2, _ := b.mfaUser(t)
	uid := aal2.User.ID

	upsert := "INSERT INTO public.user_2fa_settings (user_id, is_enabled) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET is_enabled = excluded.is_enabled"
	if err := b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, upsert, uid, true)
		return err
	}); err != nil {
		t.Fatalf("aal2 enables: %v", err)
	}
	// aal1 cannot switch it off behind the factor's back.
	err := b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, upsert, uid, false)
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("aal1 disables settings: %v", err)
	}
	err = b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.disable_2fa('hunter-two-2')")
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("disable_2fa at aal1 with the password: %v", err)
	}
	// The event log takes the app's events.
	if err := b.asUser(t, aal1.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.log_2fa_event(event_type => 'challenge_failed', factor_id => NULL, challenge_id => NULL, success => false, metadata => '{\"n\":1}')")
		return err
	}); err != nil {
		t.Fatalf("log_2fa_event: %v", err)
	}
	// A wrong password is refused even at aal2.
	err = b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.disable_2fa('wrong password')")
		return err
	})
	if sqlState(err) != "28P01" {
		t.Fatalf("disable with a wrong password: %v", err)
	}
	if err := b.asUser(t, aal2.AccessToken, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT public.disable_2fa('hunter-two-2')")
		return err
	}); err != nil {
		t.Fatalf("disable_2fa: %v", err)
	}
	var enabled, deleted bool
	var factors, events int
	b.db.Pool.QueryRow(ctx, "SELECT is_enabled, is_deleted FROM public.user_2fa_settings WHERE user_id = $1", uid).Scan(&enabled, &deleted)
	b.db.Pool.QueryRow(ctx, "SELECT count(*) FROM auth.mfa_factors WHERE user_id = $1", uid).Scan(&factors)
	b.db.Pool.QueryRow(ctx, "SELECT count(*) FROM public.user_2fa_events WHERE user_id = $1", uid).Scan(&events)
	if enabled || !deleted || factors != 0 || events < 2 {
		t.Fatalf("after disable: enabled %v deleted %v factors %d events %d", enabled, deleted, factors, events)
	}
	u := b.do(t, req{method: "GET", path: "/user", bearer: aal1.AccessToken}).object(t)
	if _, ok := u["factors"]; ok {
		t.Fatal("factors listed after disable")
	}
}
