package tasks_test

import "testing"

// TestIntegrationConnectionsAudited: connecting, changing and disconnecting
// an integration are logged by the server (0702), without secrets.
func TestIntegrationConnectionsAudited(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("i@example.com", nil)
	must(t, b.Exec(u, `INSERT INTO integration_connections (provider_key, config) VALUES ('slack', '{"webhook_url": "https://hooks.example/x", "channel": "general"}')`))
	must(t, b.Exec(u, `UPDATE integration_connections SET config = config || '{"channel": "team"}'`))
	must(t, b.Exec(u, `UPDATE integration_connections SET updated_at = now()`)) // nothing changed: no entry
	must(t, b.Exec(u, `DELETE FROM integration_connections`))
	got, err := scalar[string](b, u, `SELECT string_agg(action || ' ' || metadata::text, ' | ' ORDER BY created_at, action <> 'connect')
		FROM integration_audit_logs`)
	must(t, err)
	want := `connect {"status": "connected"} | update {"status": "connected", "changed": ["channel"]} | disconnect {"status": "connected"}`
	if got != want {
		t.Errorf("log:\n got %s\nwant %s", got, want)
	}
	if n := superScalar[int](b, `SELECT count(*) FROM integration_audit_logs WHERE metadata::text LIKE '%hooks.example%'`); n != 0 {
		t.Errorf("%d entries hold the webhook URL", n)
	}
	// Deleting the account deletes its connections and log without a new entry.
	must(t, b.Exec(u, `INSERT INTO integration_connections (provider_key) VALUES ('github')`))
	b.Super(`DELETE FROM auth.users WHERE id = $1`, u.ID)
	if n := superScalar[int](b, `SELECT count(*) FROM integration_audit_logs WHERE user_id = $1`, u.ID); n != 0 {
		t.Errorf("%d entries left after the account was deleted", n)
	}
}
