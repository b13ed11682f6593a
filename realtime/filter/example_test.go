package filter_test

import (
	"fmt"

	"daybase/realtime/filter"
	"daybase/realtime/pgjson"
)

type row map[string]string

func (r row) Value(col string) (string, bool, *pgjson.Type, bool) {
	v, ok := r[col]
	return v, false, &pgjson.Type{Name: "int4", Kind: pgjson.Number}, ok
}

func ExampleFilter_Match() {
	f, _ := filter.Parse("priority=gte.2,project_id=in.(7,9)")
	fmt.Println(f.Match(row{"priority": "10", "project_id": "9"}))
	fmt.Println(f.Match(row{"priority": "1", "project_id": "9"}))
	// Output:
	// true
	// false
}
