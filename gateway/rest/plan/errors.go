package plan

import (
	"net/http"
	"strconv"
)

// Error is a request the planner rejects. It implements gateway/rest's
// Coder interface (PostgRESTError), so the REST handler renders it in
// PostgREST's error shape without this package importing gateway/rest.
// Codes and messages are PostgREST v13's (src/PostgREST/Error.hs) and are
// wire contract.
type Error struct {
	Status  int
	Code    string
	Message string
	Details any // nil, a string or a JSON value
	Hint    string
}

func (e *Error) Error() string { return "plan: " + e.Code + ": " + e.Message }

// PostgRESTError describes the response for the REST handler.
func (e *Error) PostgRESTError() (status int, code, message string, details any, hint string) {
	return e.Status, e.Code, e.Message, e.Details, e.Hint
}

func notEmbedded(resource string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST108",
		Message: "'" + resource + "' is not an embedded resource in this request",
		Hint:    "Verify that '" + resource + "' is included in the 'select' query parameter."}
}

func relatedOrder(origin, target string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST118",
		Message: "A related order on '" + target + "' is not possible",
		Details: "'" + origin + "' and '" + target + "' do not form a many-to-one or one-to-one relationship"}
}

func unacceptableFilter(target string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST120",
		Message: "Bad operator on the '" + target + "' embedded resource",
		Details: "Only is null or not is null filters are allowed on embedded resources"}
}

func aggregatesNotAllowed() *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST123", Message: "Use of aggregate functions is not allowed"}
}

func notImplemented(details string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST127", Message: "Feature not implemented", Details: details}
}

// InvalidBody is PGRST102: "Empty or invalid json", "All object keys must
// match", "Content-Type not acceptable: x".
func InvalidBody(message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST102", Message: message}
}

func invalidPutFilters() *Error {
	return &Error{Status: http.StatusMethodNotAllowed, Code: "PGRST105",
		Message: "Filters must include all and only primary key columns with 'eq' operators"}
}

// PutMatchingPK is PGRST115: a PUT body's key differs from the URL's.
func PutMatchingPK() *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST115",
		Message: "Payload values do not match URL in primary key column(s)"}
}

func maxAffectedRPC() *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST128",
		Message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict"}
}

func unsafeCast(cast string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "PGRST100",
		Message: "\"failed to parse select parameter\"", Details: "unexpected cast " + strconv.Quote(cast)}
}
