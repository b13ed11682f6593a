package parse

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// PostgREST error codes this package produces. The values are wire
// contract: supabase-js users branch on them. Codes of later stages (the
// PGRST2xx schema-cache errors, PGRST108 and friends) belong to the planner.
const (
	CodeQueryParam        = "PGRST100" // a query parameter does not parse
	CodeRPCMethod         = "PGRST101" // a method other than GET, HEAD, POST, OPTIONS on /rpc
	CodeRange             = "PGRST103" // limit, offset or Range cannot be satisfied
	CodeMediaType         = "PGRST107" // no acceptable media type (Negotiate)
	CodePutLimit          = "PGRST114" // limit/offset on PUT
	CodeUnsupportedMethod = "PGRST117" // an HTTP method PostgREST does not know
	CodeStrictPreferences = "PGRST122" // Prefer: handling=strict with unknown preferences
	CodeInvalidPath       = "PGRST125" // a path that is neither /, /{name} nor /rpc/{name}
)

// Error is a request the parser rejects. It carries PostgREST's error body
// and the HTTP status to send it with; every Error this package returns has
// a 4xx Status.
//
// Details and Hint are rendered as JSON null when empty, as PostgREST does
// for errors that have none.
type Error struct {
	Code    string
	Message string
	Details string
	Hint    string
	Status  int
}

func (e *Error) Error() string {
	if e.Details == "" {
		return e.Code + ": " + e.Message
	}
	return e.Code + ": " + e.Message + ": " + e.Details
}

// MarshalJSON renders the PostgREST error body. The keys and their order
// are wire contract (PostgREST's aeson output sorts them); do not rename.
func (e *Error) MarshalJSON() ([]byte, error) {
	nullable := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	return json.Marshal(struct {
		Code    string  `json:"code"`
		Details *string `json:"details"`
		Hint    *string `json:"hint"`
		Message string  `json:"message"`
	}{e.Code, nullable(e.Details), nullable(e.Hint), e.Message})
}

// queryParamError is PostgREST's QPError: the message is parsec's rendering
// of the error position, prefixed by the parser's name (what failed and the
// raw input), and the details are parsec's message list on one line.
func queryParamError(name string, e perror) *Error {
	return &Error{
		Code:    CodeQueryParam,
		Message: fmt.Sprintf("\"%s\" (line %d, column %d)", name, e.pos.line, e.pos.col),
		Details: e.details(),
		Status:  http.StatusBadRequest,
	}
}

func rangeError(details string) *Error {
	return &Error{
		Code:    CodeRange,
		Message: "Requested range not satisfiable",
		Details: details,
		Status:  http.StatusRequestedRangeNotSatisfiable,
	}
}

func negativeLimitError() *Error {
	return rangeError("Limit should be greater than or equal to zero.")
}

func lowerGTUpperError() *Error {
	return rangeError("The lower boundary must be lower than or equal to the upper boundary in the Range header.")
}

// OutOfBoundsError is the 416 the executor sends when a counted read's
// offset lies past the total number of rows; its body is PostgREST's.
func OutOfBoundsError(offset, total int64) *Error {
	return rangeError(fmt.Sprintf("An offset of %d was requested, but there are only %d rows.", offset, total))
}

func putLimitError() *Error {
	return &Error{
		Code:    CodePutLimit,
		Message: "limit/offset querystring parameters are not allowed for PUT",
		Status:  http.StatusBadRequest,
	}
}

func unsupportedMethodError(method string) *Error {
	return &Error{
		Code:    CodeUnsupportedMethod,
		Message: "Unsupported HTTP method: " + method,
		Status:  http.StatusMethodNotAllowed,
	}
}

func rpcMethodError(method string) *Error {
	return &Error{
		Code:    CodeRPCMethod,
		Message: "Cannot use the " + method + " method on RPC",
		Status:  http.StatusMethodNotAllowed,
	}
}

func invalidPathError() *Error {
	return &Error{
		Code:    CodeInvalidPath,
		Message: "Invalid path specified in request URL",
		Status:  http.StatusNotFound,
	}
}

func mediaTypeError(accepts []MediaType) *Error {
	mimes := make([]string, len(accepts))
	for i, m := range accepts {
		mimes[i] = m.Mime()
	}
	return &Error{
		Code:    CodeMediaType,
		Message: "None of these media types are available: " + strings.Join(mimes, ", "),
		Status:  http.StatusNotAcceptable,
	}
}

func strictPreferencesError(invalid []string) *Error {
	return &Error{
		Code:    CodeStrictPreferences,
		Message: "Invalid preferences given with handling=strict",
		Details: "Invalid preferences: " + strings.Join(invalid, ", "),
		Status:  http.StatusBadRequest,
	}
}

// invalidUTF8Error reports a query string that does not decode to UTF-8.
// PostgREST fails such requests with a 500 from an uncaught decoding
// exception; a client sent the bytes, so we answer 400.
func invalidUTF8Error(key string) *Error {
	return &Error{
		Code:    CodeQueryParam,
		Message: "failed to parse query string",
		Details: fmt.Sprintf("the parameter %q is not valid UTF-8 after percent-decoding", key),
		Status:  http.StatusBadRequest,
	}
}
