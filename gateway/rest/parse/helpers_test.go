package parse

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// equateEmpty makes nil and empty slices equal: the parser does not
// promise which one an empty list is.
var equateEmpty = cmpopts.EquateEmpty()

func diff(t *testing.T, want, got any, opts ...cmp.Option) {
	t.Helper()
	if d := cmp.Diff(want, got, append(opts, equateEmpty)...); d != "" {
		t.Errorf("mismatch (-want +got):\n%s", d)
	}
}

// asError returns err as *Error, failing the test for any other type.
func asError(t *testing.T, err error) *Error {
	t.Helper()
	if err == nil {
		return nil
	}
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("error %v is %T, want *Error", err, err)
	}
	return e
}

// qpErr is the PGRST100 error PostgREST reports for a query parameter.
func qpErr(message, details string) *Error {
	return &Error{Code: CodeQueryParam, Message: message, Details: details, Status: http.StatusBadRequest}
}

// Builders for expected values.

func f(name string, path ...JSONOp) Field { return Field{Name: name, JSONPath: path} }

func arrow(key string) JSONOp  { return JSONOp{Arrow: ArrowJSON, Key: key} }
func arrow2(key string) JSONOp { return JSONOp{Arrow: ArrowText, Key: key} }
func index(i string) JSONOp    { return JSONOp{Arrow: ArrowJSON, Key: i, Index: true} }
func index2(i string) JSONOp   { return JSONOp{Arrow: ArrowText, Key: i, Index: true} }

func col(sf SelectField) SelectItem { return SelectItem{Field: &sf} }

func name(n string) SelectItem { return col(SelectField{Field: f(n)}) }

var star = name("*")

func embed(e Embed) SelectItem { return SelectItem{Embed: &e} }

func leaf(flt Filter) LogicTree { return LogicTree{Filter: &flt} }

func or(children ...LogicTree) LogicTree  { return LogicTree{Op: LogicOr, Children: children} }
func and(children ...LogicTree) LogicTree { return LogicTree{Op: LogicAnd, Children: children} }

func not(t LogicTree) LogicTree { t.Negate = true; return t }
