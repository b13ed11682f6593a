package auth

import (
	"context"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
)

// TestInvitationHijackNeedsTheMailbox is issue 17's finding 4 performed as
// an attacker would: someone invites victim@…; the attacker signs up first
// with that address to read the invitation's token and join. With e-mail
// confirmation (the default of any server others can reach) the sign-up
// gets no session and no sign-in, and an account whose address is not
// confirmed sees no invitation and cannot accept one even with the token.
func TestInvitationHijackNeedsTheMailbox(t *testing.T) {
	b := setup(t, func(c *Config) { c.Autoconfirm = false })
	ctx := context.Background()
	victim := uniqueEmail("invited")
	var inviteToken string
	err := b.db.Pool.QueryRow(ctx, `
		WITH o AS (INSERT INTO auth.users (email, email_confirmed_at) VALUES ($1, now()) RETURNING id),
		     p AS (INSERT INTO public.projects (user_id, name, sort_order) SELECT id, 'Secret plans', 1 FROM o RETURNING id, user_id)
		INSERT INTO public.project_invites (project_id, email, invited_by) SELECT id, $2, user_id FROM p RETURNING token`,
		uniqueEmail("owner"), victim).Scan(&inviteToken)
	if err != nil {
		t.Fatal(err)
	}

	res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": victim, "password": "attacker-pass-1"}})
	wantStatus(t, res, http.StatusOK)
	if m := res.object(t); m["access_token"] != nil {
		t.Fatalf("sign-up with an invited address returned a session: %s", res.Body)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=password",
		body: map[string]any{"email": victim, "password": "attacker-pass-1"}}), 400, apierr.CodeEmailNotConfirmed)

	// Even a token for that account (an OAuth provider vouching for an
	// address it never checked, say) reaches neither the invitation nor
	// the project.
	var attacker string
	if err := b.db.Pool.QueryRow(ctx, `SELECT id::text FROM auth.users WHERE email = $1`, victim).Scan(&attacker); err != nil {
		t.Fatal(err)
	}
	at, err := b.signer.Sign(map[string]any{"sub": attacker, "role": "authenticated", "aal": "aal1", "email": victim})
	if err != nil {
		t.Fatal(err)
	}
	err = b.asUser(t, at, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM public.project_invites`).Scan(&n); err != nil || n != 0 {
			t.Errorf("unconfirmed address reads %d invitations (%v)", n, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = b.asUser(t, at, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT public.accept_project_invite($1)`, inviteToken)
		return err
	})
	if sqlState(err) != "42501" {
		t.Fatalf("accepting with the token as an unconfirmed address: %v, want 42501", err)
	}
}
