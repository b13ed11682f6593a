package sqlfile_test

import (
	"testing"
	"testing/fstest"

	"daybase/internal/sqlfile"
)

func TestLoader(t *testing.T) {
	query := sqlfile.Loader(fstest.MapFS{"sql/one.sql": {Data: []byte("SELECT 1\n")}})
	if got := query("one"); got != "SELECT 1\n" {
		t.Fatalf("query(one) = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a missing file did not panic")
		}
	}()
	query("two")
}
