package rest_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"

	"daybase/gateway/rest"
	"daybase/gateway/rest/schemacache"
)

// A planner's schema cache lookup fails; the handler renders the error
// the way PostgREST does.
func ExampleWriteError() {
	err := &schemacache.TableNotFoundError{Schema: "public", Name: "taks", Suggestion: "tasks"}
	rec := httptest.NewRecorder()
	rest.WriteError(rec, slog.New(slog.NewTextHandler(io.Discard, nil)), "anon", err)
	fmt.Println(rec.Code, rec.Header().Get("Proxy-Status"))
	fmt.Println(rec.Body.String())
	// Output:
	// 404 PostgREST; error=PGRST205
	// {"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.tasks'","message":"Could not find the table 'public.taks' in the schema cache"}
}
