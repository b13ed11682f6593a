package store

import (
	"io/fs"
	"strings"
	"testing"
)

// TestEveryFragmentIsPasted: a statement that names {{userColumns}} is
// loaded through withUserColumns, so no placeholder reaches PostgreSQL.
func TestEveryFragmentIsPasted(t *testing.T) {
	for name, sql := range map[string]string{"UserByID": UserByID, "RefreshGrant": RefreshGrant, "AdminListUsers": AdminListUsers} {
		if strings.Contains(sql, "{{") || !strings.Contains(sql, "u.raw_app_meta_data") {
			t.Errorf("%s: %s", name, sql)
		}
	}
	files, err := fs.Glob(sqlFiles, "sql/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	pasted := map[string]bool{"user_by_id": true, "refresh_grant": true, "admin_list_users": true}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "sql/"), ".sql")
		if strings.Contains(query(name), "{{userColumns}}") && !pasted[name] {
			t.Errorf("%s names {{userColumns}}: load it through withUserColumns and list it here", f)
		}
	}
}
