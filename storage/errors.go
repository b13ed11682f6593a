package storage

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"daybase/storage/transform"
	"daybase/storage/validate"
)

// Error is a failure the client sees, rendered the way the hosted storage
// API renders it (supabase/storage src/internal/errors/codes.ts):
//
//	HTTP 400
//	{"statusCode":"404","code":"NoSuchKey","error":"not_found","message":"Object not found"}
//
// The real status travels as a string in statusCode; the HTTP status is 400
// for every client error and 500 for server errors, except where HTTP says
// otherwise (429 rate limits, 403 for a role the API refuses). storage-js
// reads statusCode, code and message; the JSON names are wire contract — do
// not rename them.
type Error struct {
	Status  int    // rendered as the statusCode string
	Code    string // the hosted API's ErrorCode
	Name    string // the legacy "error" field; Code when empty
	Message string // safe to show to the user
	// HTTP overrides the HTTP status (0: 500 for Status 500, else 400).
	HTTP int
	// RetryAfter, in seconds, is sent as the Retry-After header when > 0.
	RetryAfter int
	// Err is the cause, logged and never sent.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// body is the JSON answer; the field names are wire contract.
type errorBody struct {
	StatusCode string `json:"statusCode"`
	Code       string `json:"code"`
	Error      string `json:"error"`
	Message    string `json:"message"`
}

func (e *Error) httpStatus() int {
	switch {
	case e.HTTP != 0:
		return e.HTTP
	case e.Status >= 500:
		return http.StatusInternalServerError
	default:
		return http.StatusBadRequest
	}
}

func (e *Error) body() errorBody {
	name := e.Name
	if name == "" {
		name = e.Code
	}
	return errorBody{StatusCode: strconv.Itoa(e.Status), Code: e.Code, Error: name, Message: e.Message}
}

// The vocabulary. Each constructor is one row of the hosted API's table.

func errNoSuchBucket() *Error {
	return &Error{Status: 404, Code: "NoSuchBucket", Name: "Bucket not found", Message: "Bucket not found"}
}

func errNoSuchKey() *Error {
	return &Error{Status: 404, Code: "NoSuchKey", Name: "not_found", Message: "Object not found"}
}

func errDuplicate(cause error) *Error {
	return &Error{Status: 409, Code: "ResourceAlreadyExists", Name: "Duplicate", Message: "The resource already exists", Err: cause}
}

func errBucketExists(cause error) *Error {
	return &Error{Status: 409, Code: "BucketAlreadyExists", Name: "Duplicate", Message: "The resource already exists", Err: cause}
}

func errBucketNotEmpty() *Error {
	return &Error{Status: 409, Code: "ResourceNotEmpty", Message: "The bucket you tried to delete is not empty"}
}

// errRLS is a policy that said no; message is PostgreSQL's, as the hosted
// API passes it through ("new row violates row-level security policy ...").
func errRLS(message string, cause error) *Error {
	return &Error{Status: 403, Code: "AccessDenied", Name: "Unauthorized", Message: message, Err: cause}
}

// errRole refuses a JWT whose role the API does not serve, with a real
// HTTP 403 as the hosted JWT plugin does.
func errRole(role string) *Error {
	return &Error{Status: 403, Code: "AccessDenied", Name: "Unauthorized", HTTP: http.StatusForbidden,
		Message: fmt.Sprintf("Access denied: role %q is not allowed", role)}
}

// errNoCredentials answers a request that carries neither an apikey nor a
// token. The message is the hosted server's for an absent JWT (its JWT
// library's words), which storage-js's tests and the apps built on them
// expect.
func errNoCredentials() *Error {
	return &Error{Status: 403, Code: "AccessDenied", Name: "Unauthorized", HTTP: http.StatusForbidden,
		Message: "Invalid Compact JWS"}
}

func errInvalidJWT(cause error) *Error {
	return &Error{Status: 400, Code: "InvalidJWT", Name: "Unauthorized", Message: "Invalid JWT", Err: cause}
}

func errInvalidKey(name string) *Error {
	return &Error{Status: 400, Code: "InvalidKey", Message: fmt.Sprintf("Invalid key: %s", name)}
}

// errInvalidParameter is the hosted API's answer to a malformed parameter
// such as a listV2 cursor or an image transformation.
func errInvalidParameter(name string) *Error {
	return &Error{Status: 400, Code: "InvalidParameter", Message: "Invalid Parameter " + name}
}

func errInvalidBucketName() *Error {
	return &Error{Status: 400, Code: "InvalidBucketName", Name: "Invalid Input", Message: "Bucket name invalid"}
}

func errInvalidRequest(format string, args ...any) *Error {
	return &Error{Status: 400, Code: "InvalidRequest", Message: fmt.Sprintf(format, args...)}
}

func errTooLarge(message string) *Error {
	if message == "" {
		message = "The object exceeded the maximum allowed size"
	}
	return &Error{Status: 413, Code: "EntityTooLarge", Name: "Payload too large", Message: message}
}

func errMimeType(message string) *Error {
	return &Error{Status: 415, Code: "InvalidMimeType", Name: "invalid_mime_type", Message: message}
}

// errBadMimeType refuses a Content-Type that is not exactly one media
// type (storage/mediatype.go).
func errBadMimeType(declared string) *Error {
	return &Error{Status: 415, Code: "InvalidMimeType", Name: "invalid_mime_type",
		Message: fmt.Sprintf("mime type %q is not valid: send one media type, such as text/plain; charset=utf-8", declared)}
}

// errBodyRead is an upload whose bytes stopped coming: cut short (the
// client closed the connection early) or stalled past the idle deadline.
func errBodyRead(cause error) *Error {
	var ne net.Error
	if errors.As(cause, &ne) && ne.Timeout() {
		return &Error{Status: 408, Code: "InvalidRequest", Name: "request_timeout", Err: cause,
			Message: "The upload stopped sending bytes; try again"}
	}
	return &Error{Status: 400, Code: "InvalidRequest", Err: cause, Message: "The upload was cut short; try again"}
}

func errInvalidSignature(message string, cause error) *Error {
	if message == "" {
		message = "Invalid signature"
	}
	return &Error{Status: 400, Code: "InvalidSignature", Message: message, Err: cause}
}

func errExpiredToken() *Error {
	return &Error{Status: 400, Code: "ExpiredToken", Message: "The provided token has expired."}
}

// errSlowDown is an upload rate limit of 002 §5, with a real HTTP 429.
func errSlowDown(message string, retryAfter int) *Error {
	return &Error{Status: 429, Code: "SlowDown", Name: "too_many_requests", HTTP: http.StatusTooManyRequests,
		Message: message, RetryAfter: retryAfter}
}

func errInternal(cause error) *Error {
	return &Error{Status: 500, Code: "InternalError", Name: "Internal", Message: "Internal server error", Err: cause}
}

// validationCodes maps the file rules' kinds (storage/validate) to wire
// errors; the message is always the rule's own text.
var validationCodes = map[validate.Kind]func(msg string) *Error{
	validate.TooLarge:         errTooLarge,
	validate.Empty:            func(m string) *Error { return &Error{Status: 400, Code: "InvalidRequest", Message: m} },
	validate.BadName:          func(m string) *Error { return &Error{Status: 400, Code: "InvalidKey", Message: m} },
	validate.BlockedExtension: errMimeType,
	validate.UnsupportedType:  errMimeType,
	validate.BadSignature:     errMimeType,
	validate.Dangerous:        errMimeType,
	validate.Unreadable:       func(m string) *Error { return &Error{Status: 400, Code: "InvalidRequest", Message: m} },
}

// renderRefusals maps what the image renderer refuses to the hosted API's
// answers (src/storage/renderer/image.ts: status 400, code InvalidRequest).
var renderRefusals = []struct {
	err     error
	message string
}{
	{transform.ErrUnsupported, "The source image is invalid or unsupported for rendering"},
	{transform.ErrSourceTooLarge, "The source image file is too large to process"},
	{transform.ErrTooManyPixels, "The source image resolution is too large to process"},
}

// statusClientClosed is what the access log shows for a client that left
// before the answer (nginx's convention).
const statusClientClosed = 499

// classify turns any error into the wire error to render.
func classify(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var ve *validate.Error
	if errors.As(err, &ve) {
		if f, ok := validationCodes[ve.Kind]; ok {
			return f(ve.Msg)
		}
	}
	for _, rr := range renderRefusals {
		if errors.Is(err, rr.err) {
			return &Error{Status: 400, Code: "InvalidRequest", Message: rr.message, Err: err}
		}
	}
	if errors.Is(err, transform.ErrInvalid) {
		return &Error{Status: 400, Code: "InvalidRequest", Message: strings.TrimPrefix(err.Error(), transform.ErrInvalid.Error()+": "), Err: err}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "42501": // insufficient_privilege: RLS or a missing grant
			return errRLS(pe.Message, err)
		case "23505": // unique_violation
			return errDuplicate(err)
		case "57014": // query_canceled (statement_timeout)
			return &Error{Status: 544, Code: "DatabaseTimeout", HTTP: http.StatusServiceUnavailable,
				Message: "The connection to the database timed out", Err: err}
		}
	}
	if errors.Is(err, context.Canceled) {
		return &Error{Status: statusClientClosed, Code: "Aborted", Message: "The request was aborted", HTTP: statusClientClosed, Err: err}
	}
	return errInternal(err)
}
