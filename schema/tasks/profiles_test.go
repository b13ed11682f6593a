package tasks_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

func TestNewAccountGetsProfileRows(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("ada@example.com", map[string]any{"full_name": "Ada Lovelace", "avatar_url": "https://img.example/ada.png"})

	type profile struct {
		MainFocus            string
		NotificationsEnabled bool
	}
	var p profile
	must(t, b.As(u, func(tx pgx.Tx) error {
		return tx.QueryRow(b.Ctx, "SELECT main_focus, notifications_enabled FROM profiles WHERE id = $1", u.ID).
			Scan(&p.MainFocus, &p.NotificationsEnabled)
	}))
	if diff := cmp.Diff(profile{"personal_organization", true}, p); diff != "" {
		t.Errorf("profiles mismatch (-want +got):\n%s", diff)
	}

	type userProfile struct {
		Email, FullName, AvatarURL                                  string
		Push, EmailNotif, Reminders, Compact, DataSharing, AutoSync bool
		StorageUsed, StorageLimit                                   int64
	}
	var up userProfile
	must(t, b.As(u, func(tx pgx.Tx) error {
		return tx.QueryRow(b.Ctx, `SELECT email, full_name, avatar_url, push_notifications, email_notifications,
			task_reminders, compact_mode, data_sharing, auto_sync, storage_used, storage_limit
			FROM user_profiles WHERE id = $1`, u.ID).
			Scan(&up.Email, &up.FullName, &up.AvatarURL, &up.Push, &up.EmailNotif, &up.Reminders, &up.Compact,
				&up.DataSharing, &up.AutoSync, &up.StorageUsed, &up.StorageLimit)
	}))
	want := userProfile{
		Email: "ada@example.com", FullName: "Ada Lovelace", AvatarURL: "https://img.example/ada.png",
		Push: true, EmailNotif: false, Reminders: true, Compact: false, DataSharing: false, AutoSync: true,
		StorageUsed: 0, StorageLimit: 16106127360,
	}
	if diff := cmp.Diff(want, up); diff != "" {
		t.Errorf("user_profiles mismatch (-want +got):\n%s", diff)
	}

	type channel struct {
		Type      string
		Enabled   bool
		Threshold int
	}
	var got []channel
	must(t, b.As(u, func(tx pgx.Tx) error {
		rows, _ := tx.Query(b.Ctx, "SELECT channel_type, enabled, priority_threshold FROM user_notification_preferences ORDER BY channel_type")
		var err error
		got, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (channel, error) {
			var c channel
			return c, r.Scan(&c.Type, &c.Enabled, &c.Threshold)
		})
		return err
	}))
	wantChannels := []channel{{"browser", true, 1}, {"email", false, 1}, {"in_app", true, 1}}
	if diff := cmp.Diff(wantChannels, got); diff != "" {
		t.Errorf("notification preferences mismatch (-want +got):\n%s", diff)
	}
}

func TestOAuthMetadataNamesTheProfile(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("grace@example.com", map[string]any{"name": "Grace Hopper", "picture": "https://img.example/g.png"})
	got := superScalar[string](b, "SELECT full_name || ' ' || avatar_url FROM user_profiles WHERE id = $1", u.ID)
	if got != "Grace Hopper https://img.example/g.png" {
		t.Errorf("got %q", got)
	}
}

func TestProfileFollowsAccountChanges(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("old@example.com", map[string]any{"full_name": "Old Name"})
	b.Super(`UPDATE auth.users SET email = 'new@example.com',
		raw_user_meta_data = raw_user_meta_data || '{"full_name": "New Name"}' WHERE id = $1`, u.ID)
	got := superScalar[string](b, "SELECT email || ' ' || full_name FROM user_profiles WHERE id = $1", u.ID)
	if got != "new@example.com New Name" {
		t.Errorf("user_profiles after account change: %q", got)
	}
}

func TestUserProfileServerFieldsIgnoreClients(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("eve@example.com", nil)
	// The app upserts its settings; the quota and e-mail are not its to set.
	must(t, b.Exec(u, `INSERT INTO user_profiles (id, email, compact_mode, storage_used, storage_limit)
		VALUES ($1, 'forged@example.com', true, 5, 999999999999999)
		ON CONFLICT (id) DO UPDATE SET email = excluded.email, compact_mode = excluded.compact_mode,
		  storage_used = excluded.storage_used, storage_limit = excluded.storage_limit`, u.ID))
	got := superScalar[string](b, "SELECT concat_ws(' ', email, compact_mode, storage_used, storage_limit) FROM user_profiles WHERE id = $1", u.ID)
	if want := "eve@example.com t 0 16106127360"; got != want {
		t.Errorf("after upsert got %q, want %q", got, want)
	}

	// A fresh row (first login without one, 000 §4) gets the defaults too.
	b.Super("DELETE FROM user_profiles WHERE id = $1", u.ID)
	must(t, b.Exec(u, `INSERT INTO user_profiles (id, full_name, storage_limit) VALUES ($1, 'Eve', 1)`, u.ID))
	got = superScalar[string](b, "SELECT concat_ws(' ', email, full_name, storage_limit) FROM user_profiles WHERE id = $1", u.ID)
	if want := "eve@example.com Eve 16106127360"; got != want {
		t.Errorf("after insert got %q, want %q", got, want)
	}
}

func TestUserPreferencesUpsertOnKey(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("pref@example.com", nil)
	upsert := `INSERT INTO user_preferences (user_id, preference_key, preference_value) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, preference_key) DO UPDATE SET preference_value = excluded.preference_value`
	must(t, b.Exec(u, upsert, u.ID, "privacy", `{"saleShareOptOut":false,"limitSensitiveUse":true,"gpc":false}`))
	must(t, b.Exec(u, upsert, u.ID, "privacy", `{"saleShareOptOut":true,"limitSensitiveUse":true,"gpc":true}`))
	must(t, b.Exec(u, upsert, u.ID, "tasks.creation.defaultDateForTime", `"tomorrow"`))
	got, err := scalar[string](b, u, "SELECT string_agg(preference_key || '=' || preference_value, ' ' ORDER BY preference_key) FROM user_preferences")
	must(t, err)
	want := `privacy={"saleShareOptOut":true,"limitSensitiveUse":true,"gpc":true} tasks.creation.defaultDateForTime="tomorrow"`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}

	err = b.Exec(u, upsert, u.ID, "appearance.showDashboardBackground", "not json")
	if pe := pgError(err); pe == nil || pe.Code != "23514" || pe.ConstraintName != "user_preferences_value_is_json" {
		t.Errorf("non-JSON value: %s", describe(err))
	}
}
