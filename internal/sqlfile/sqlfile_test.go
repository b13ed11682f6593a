package sqlfile_test

import (
	"testing"
	"testing/fstest"

	"daybase/internal/sqlfile"
)

func TestLoad(t *testing.T) {
	fsys := fstest.MapFS{
		"sql/table_oid.sql":      {Data: []byte("SELECT {{cols}} FROM t\n")},
		"sql/cols.sql":           {Data: []byte(" a, b\n")},
		"sql/lock.sql":           {Data: []byte("LOCK\n")},
		"sql/user_id_by_aal.sql": {Data: []byte("SELECT 2\n")},
	}
	got := sqlfile.Load[struct {
		TableOid, UserIDByAAL string
		LockAll               string `sql:"lock"`
	}](fsys)
	if got.TableOid != "SELECT a, b FROM t\n" || got.LockAll != "LOCK\n" || got.UserIDByAAL != "SELECT 2\n" {
		t.Fatalf("Load = %+v", *got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a missing file did not panic")
		}
	}()
	sqlfile.Load[struct{ Missing string }](fsys)
}
