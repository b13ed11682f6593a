package store

import (
	"reflect"
	"strings"
	"testing"
)

// TestEveryFragmentIsPasted: no {{placeholder}} reaches PostgreSQL, and
// the statements that name the user column list read it whole.
func TestEveryFragmentIsPasted(t *testing.T) {
	v := reflect.ValueOf(*SQL)
	for i := range v.NumField() {
		if sql := v.Field(i).String(); strings.Contains(sql, "{{") {
			t.Errorf("%s: %s", v.Type().Field(i).Name, sql)
		}
	}
	for name, sql := range map[string]string{"UserByID": SQL.UserByID, "UserForAnswer": SQL.UserForAnswer, "AdminListUsers": SQL.AdminListUsers} {
		if !strings.Contains(sql, "u.raw_app_meta_data") {
			t.Errorf("%s lacks the user columns: %s", name, sql)
		}
	}
}
