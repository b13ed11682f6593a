package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
)

// TestRefreshAnswerFollowsChanges: a refresh answers from the user's kept
// answer (auth.user_answers, 0786), and every change of the user, its
// identities or its factors — through the API, the admin API or plain SQL —
// clears it in the same transaction, so the next refresh is again byte for
// byte GET /user (read from the tables) and its claims the user's. Each step
// refreshes twice: the first rebuilds and keeps the answer, the second
// answers from what was kept.
func TestRefreshAnswerFollowsChanges(t *testing.T) {
	b := setup(t, func(c *Config) { c.ManualLinking = true }) // unlinking an identity
	ctx := context.Background()
	email := uniqueEmail("follow")
	s := b.signUp(t, email, "hunter-two-2")
	uid, rt, at := s.User.ID, s.RefreshToken, s.AccessToken
	admin := func(method, path string, body any) response {
		return b.do(t, req{method: method, path: path, body: body, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	sql := func(q string, args ...any) {
		t.Helper()
		if _, err := b.db.Pool.Exec(ctx, q, append([]any{uid}, args...)...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	kept := func() bool {
		t.Helper()
		var k bool
		if err := b.db.Pool.QueryRow(ctx, "SELECT answer IS NOT NULL FROM auth.user_answers WHERE user_id = $1", uid).Scan(&k); err != nil {
			t.Fatal(err)
		}
		return k
	}
	var user map[string]any
	check := func(step string) {
		t.Helper()
		for round := range 2 {
			res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": rt}})
			if res.Status != 200 {
				t.Fatalf("%s, refresh %d: %d %s", step, round, res.Status, res.Body)
			}
			var answer struct {
				AccessToken  string          `json:"access_token"`
				RefreshToken string          `json:"refresh_token"`
				User         json.RawMessage `json:"user"`
			}
			res.decode(t, &answer)
			rt, at = answer.RefreshToken, answer.AccessToken
			me := b.do(t, req{method: "GET", path: "/user", bearer: at})
			wantStatus(t, me, 200)
			if !bytes.Equal(answer.User, bytes.TrimSpace(me.Body)) {
				t.Fatalf("%s, refresh %d: the answer's user\n%s\ndiffers from GET /user\n%s", step, round, answer.User, me.Body)
			}
			user = nil
			if err := json.Unmarshal(answer.User, &user); err != nil {
				t.Fatal(err)
			}
			c := b.claims(t, at)
			for _, k := range []string{"email", "phone", "role", "aud", "is_anonymous", "app_metadata", "user_metadata"} {
				if !reflect.DeepEqual(c[k], user[k]) {
					t.Errorf("%s, refresh %d: claim %s = %v, the user's %v", step, round, k, c[k], user[k])
				}
			}
			if c["sub"] != uid {
				t.Errorf("%s: sub = %v", step, c["sub"])
			}
			if !kept() {
				t.Fatalf("%s, refresh %d: no answer kept", step, round)
			}
		}
	}
	// changed makes a change and checks that it cleared the kept answer
	// before the refreshes that follow.
	changed := func(step string, change func()) {
		t.Helper()
		if !kept() {
			t.Fatalf("%s: no answer kept before the change", step)
		}
		change()
		if kept() {
			t.Fatalf("%s: the kept answer survived the change", step)
		}
		check(step)
	}
	check("after sign-up")

	changed("user metadata (PUT /user)", func() {
		wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: at, body: map[string]any{"data": map[string]any{
			"full_name": "Grace <Q> & Hopper", "n": 1e21, "f": 2.5, "list": []any{1, nil, "é ✓"}}}}), 200)
	})
	changed("app metadata (SQL)", func() {
		sql(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"plan": {"tier": "pro", "seats": 3}}' WHERE id = $1`)
	})
	var githubID string
	changed("identity linked", func() {
		if err := b.db.Pool.QueryRow(ctx, `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
			VALUES ('gh-4711', $1, '{"sub": "gh-4711", "email": "Grace@Example.test"}', 'github', now(), now() + interval '1 second', now())
			RETURNING id::text`, uid).Scan(&githubID); err != nil {
			t.Fatal(err)
		}
	})
	changed("identity data updated", func() {
		sql(`UPDATE auth.identities SET identity_data = identity_data || '{"user_name": "grace"}', updated_at = now() WHERE user_id = $1 AND provider = 'github'`)
	})
	changed("identity unlinked (DELETE /user/identities)", func() {
		wantStatus(t, b.do(t, req{method: "DELETE", path: "/user/identities/" + githubID, bearer: at}), 200)
	})
	var f enrolled
	changed("factor enrolled", func() { f = b.enroll(t, at, "Phone app") })
	changed("factor verified", func() {
		ch := b.challenge(t, at, f.ID)
		res := b.verify(t, at, f.ID, ch, totpCode(t, f.Secret, time.Now()))
		wantStatus(t, res, 200)
		var v session
		res.decode(t, &v)
		rt, at = v.RefreshToken, v.AccessToken
	})
	if n := len(user["factors"].([]any)); n != 1 {
		t.Fatalf("%d factors in the answer, want 1", n)
	}
	changed("factor removed (DELETE /factors)", func() {
		wantStatus(t, b.do(t, req{method: "DELETE", path: "/factors/" + f.ID, bearer: at}), 200)
	})
	if _, ok := user["factors"]; ok {
		t.Fatalf("factors still in the answer: %v", user["factors"])
	}
	changed("e-mail and phone (SQL)", func() {
		sql(`UPDATE auth.users SET email = 'moved-' || email, phone = '15550100', phone_confirmed_at = now() WHERE id = $1`)
	})
	changed("admin update", func() {
		wantStatus(t, admin("PUT", "/admin/users/"+uid, map[string]any{
			"user_metadata": map[string]any{"team": "blue"}, "app_metadata": map[string]any{"plan": "team"}, "role": "authenticated"}), 200)
	})
	changed("ban and unban (SQL)", func() {
		sql(`UPDATE auth.users SET banned_until = now() + interval '1 hour' WHERE id = $1`)
		wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": rt}}),
			400, apierr.CodeUserBanned)
		sql(`UPDATE auth.users SET banned_until = now() - interval '1 second' WHERE id = $1`)
	})
	changed("ban and unban (admin), signed in again", func() {
		wantStatus(t, admin("PUT", "/admin/users/"+uid, map[string]any{"ban_duration": "24h"}), 200)
		wantStatus(t, admin("PUT", "/admin/users/"+uid, map[string]any{"ban_duration": "none"}), 200)
		res := b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": "moved-" + email, "password": "hunter-two-2"}})
		wantStatus(t, res, 200)
		var v session
		res.decode(t, &v)
		rt, at = v.RefreshToken, v.AccessToken
	})
	changed("factor added and removed in SQL", func() {
		sql(`INSERT INTO auth.mfa_factors (user_id, factor_type, created_at) VALUES ($1, 'webauthn', now())`)
		check("factor added in SQL")
		sql(`DELETE FROM auth.mfa_factors WHERE user_id = $1`)
	})
	changed("an answer of another framing", func() {
		sql(`UPDATE auth.user_answers SET answer = '\x00ff' WHERE user_id = $1`)
		check("an answer of another framing")
		// check kept a rebuilt answer; clear it as a change would.
		sql(`UPDATE auth.user_answers SET answer = NULL WHERE user_id = $1`)
	})
	// The admin API's deletions end the sessions too; marked deleted in
	// SQL, a live token still meets the deleted user.
	changed("marked deleted and restored (SQL)", func() {
		sql(`UPDATE auth.users SET deleted_at = now() WHERE id = $1`)
		wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": rt}}),
			403, apierr.CodeSessionNotFound)
		if kept() {
			t.Fatal("an answer was kept for a deleted user")
		}
		sql(`UPDATE auth.users SET deleted_at = NULL WHERE id = $1`)
	})
}

// TestUserAnswerKeptOnlyAtItsVersion: an answer built from a user read
// before a change (committed since, or still running) is not kept.
func TestUserAnswerKeptOnlyAtItsVersion(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	uid := b.signUp(t, uniqueEmail("version"), "hunter-two-2").User.ID
	var v int64
	if err := b.db.Pool.QueryRow(ctx, "SELECT version FROM auth.user_answers WHERE user_id = $1", uid).Scan(&v); err != nil {
		t.Fatal(err)
	}
	fill := func(version int64) int64 {
		t.Helper()
		tag, err := b.db.Pool.Exec(ctx, store.SQL.FillUserAnswer, uid, version, []byte("answer"))
		if err != nil {
			t.Fatal(err)
		}
		return tag.RowsAffected()
	}
	// Committed in between.
	if _, err := b.db.Pool.Exec(ctx, "UPDATE auth.users SET raw_user_meta_data = '{\"x\": 1}' WHERE id = $1", uid); err != nil {
		t.Fatal(err)
	}
	if n := fill(v); n != 0 {
		t.Fatalf("kept at the version before a committed change (%d rows)", n)
	}
	// Still running: the fill waits for it, then finds the version moved.
	v++
	tx, err := b.db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO auth.mfa_factors (user_id, factor_type) VALUES ($1, 'webauthn')", uid); err != nil {
		t.Fatal(err)
	}
	done := make(chan int64)
	go func() {
		tag, err := b.db.Pool.Exec(ctx, store.SQL.FillUserAnswer, uid, v, []byte("answer"))
		if err != nil {
			t.Error(err)
		}
		done <- tag.RowsAffected()
	}()
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n := <-done; n != 0 {
		t.Fatalf("kept at the version before a concurrent change (%d rows)", n)
	}
	var kept bool
	if err := b.db.Pool.QueryRow(ctx, "SELECT answer IS NOT NULL FROM auth.user_answers WHERE user_id = $1", uid).Scan(&kept); err != nil || kept {
		t.Fatalf("answer kept %v (%v)", kept, err)
	}
	if n := fill(v + 1); n != 1 {
		t.Fatalf("not kept at the current version (%d rows)", n)
	}
}

// TestRefreshAMRFollowsClaims: the refresh's amr comes from the session's
// row (auth.sessions.amr, 0787), which a trigger on auth.mfa_amr_claims
// keeps; after every change of the claims it is what the claims table
// says, newest first, in whole seconds.
func TestRefreshAMRFollowsClaims(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	s := b.signUp(t, uniqueEmail("amr"), "hunter-two-2")
	rt, at := s.RefreshToken, s.AccessToken
	sid := b.claims(t, at)["session_id"]
	check := func(step string) {
		t.Helper()
		res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": rt}})
		wantStatus(t, res, 200)
		var v session
		res.decode(t, &v)
		rt, at = v.RefreshToken, v.AccessToken
		var want []any
		rows, err := b.db.Pool.Query(ctx, `SELECT authentication_method, floor(extract(epoch FROM updated_at))::bigint
			FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY updated_at DESC`, sid)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var m string
			var ts int64
			if err := rows.Scan(&m, &ts); err != nil {
				t.Fatal(err)
			}
			want = append(want, map[string]any{"method": m, "timestamp": float64(ts)})
		}
		if got := b.claims(t, at)["amr"]; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: amr %v, the claims table %v", step, got, want)
		}
	}
	check("after sign-up")
	f := b.enroll(t, at, "phone")
	res := b.verify(t, at, f.ID, b.challenge(t, at, f.ID), totpCode(t, f.Secret, time.Now()))
	wantStatus(t, res, 200)
	var v session
	res.decode(t, &v)
	rt, at = v.RefreshToken, v.AccessToken
	check("after the second factor")
	for _, q := range []string{
		`UPDATE auth.mfa_amr_claims SET updated_at = now() + interval '1 minute' WHERE session_id = $1 AND authentication_method = 'password'`,
		`INSERT INTO auth.mfa_amr_claims (session_id, authentication_method, updated_at) VALUES ($1, 'otp', now() + interval '2 minutes')`,
		`DELETE FROM auth.mfa_amr_claims WHERE session_id = $1 AND authentication_method = 'totp'`,
	} {
		if _, err := b.db.Pool.Exec(ctx, q, sid); err != nil {
			t.Fatal(err)
		}
		check(q)
	}
}
