// Package validate holds the file rules of the spec (002 §5, "File upload")
// that the server enforces on uploads to the app's buckets, whatever the
// client checked: file names, blocked extensions, the MIME allow-list,
// content signatures and the per-plan size limit.
//
// Every check returns an [*Error] whose Msg is the text the spec gives, so
// the storage service can show it to the user as it is.
//
//	if err := validate.Name("report.exe"); err != nil {
//		fmt.Println(err) // File type "exe" is not allowed for security reasons
//	}
package validate

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"
)

// Kind is the class of a failed check; the storage service maps each to a
// wire error code.
type Kind int

// Kinds of failure.
const (
	TooLarge         Kind = iota + 1 // larger than the plan allows
	Empty                            // zero bytes
	BadName                          // a file-name rule
	BlockedExtension                 // an executable or script extension
	UnsupportedType                  // not on the MIME allow-list
	BadSignature                     // the bytes are not the declared image type
	Unreadable                       // the first bytes could not be read
	Dangerous                        // an executable signature
)

// Error is a failed check; Msg is safe to show to the user.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func fail(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// MaxNameLen is the longest file name allowed, in characters.
const MaxNameLen = 255

// BlockedExtensions are refused whatever the declared type (002 §5).
var BlockedExtensions = map[string]bool{}

func init() {
	for _, e := range strings.Fields(`exe bat cmd com pif scr vbs js jar msi dll app deb rpm dmg pkg
		run sh bash zsh fish ps1 psm1 psd1 php asp aspx jsp cgi pl py rb`) {
		BlockedExtensions[e] = true
	}
}

// reserved are Windows device names; "con.txt" is as reserved as "CON".
var reserved = map[string]bool{"CON": true, "PRN": true, "AUX": true, "NUL": true}

func init() {
	for i := '1'; i <= '9'; i++ {
		reserved["COM"+string(i)] = true
		reserved["LPT"+string(i)] = true
	}
}

// Extension is the lower-cased text after the last dot of name, or "".
func Extension(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 || i == len(name)-1 {
		return ""
	}
	return strings.ToLower(name[i+1:])
}

// Name checks a file name (the last segment of an object path): not empty,
// at most MaxNameLen characters, no slashes, parent-path sequences or
// control characters, not a reserved device name, and not a blocked
// extension.
func Name(name string) error {
	switch {
	case name == "":
		return fail(BadName, "File name is required")
	case !utf8.ValidString(name):
		return fail(BadName, "File name is not valid UTF-8")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return fail(BadName, "File name is longer than %d characters", MaxNameLen)
	case strings.ContainsAny(name, `/\`):
		return fail(BadName, "File name %q must not contain slashes", name)
	case strings.Contains(name, ".."):
		return fail(BadName, "File name %q must not contain parent-path sequences", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fail(BadName, "File name must not contain control characters")
		}
	}
	base, _, _ := strings.Cut(name, ".")
	if reserved[strings.ToUpper(strings.TrimSpace(base))] {
		return fail(BadName, "File name %q is reserved by the system", name)
	}
	if ext := Extension(name); BlockedExtensions[ext] {
		return fail(BlockedExtension, "File type %q is not allowed for security reasons", ext)
	}
	return nil
}

// BaseType is the lower-cased media type without parameters
// ("text/plain;charset=UTF-8" -> "text/plain"), or "" when the whole value
// is not one well-formed media type: "image/png;x,text/html" is not
// "image/png" (a browser reads it as text/html).
func BaseType(contentType string) string {
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil || strings.Contains(contentType, ",") || strings.Count(t, "/") != 1 {
		return ""
	}
	return t
}

// TypeAllowed reports whether contentType matches one of allowed, which
// may hold wildcards such as "image/*". An empty list allows everything.
func TypeAllowed(contentType string, allowed []string) bool {
	if len(allowed) == 0 {
		return true
	}
	t := BaseType(contentType)
	if t == "" {
		return false
	}
	major, _, _ := strings.Cut(t, "/")
	for _, a := range allowed {
		a = strings.ToLower(strings.TrimSpace(a))
		if a == t || a == "*/*" || a == major+"/*" {
			return true
		}
	}
	return false
}

// Type checks contentType against the allow-list with the spec's message.
func Type(contentType string, allowed []string) error {
	if TypeAllowed(contentType, allowed) {
		return nil
	}
	return fail(UnsupportedType, "File type %q is not supported", BaseType(contentType))
}

// HeadLen is how many leading bytes Content needs to see.
const HeadLen = 1024

var (
	sigJPEG = []byte{0xff, 0xd8, 0xff}
	sigPNG  = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}
	sigGIF7 = []byte("GIF87a")
	sigGIF9 = []byte("GIF89a")
)

// dangerous are executable signatures refused in any file: a Windows PE
// ("MZ"), a Java class (CAFEBABE), a script with a shebang, and ELF.
var dangerous = [][]byte{{'M', 'Z'}, {0xca, 0xfe, 0xba, 0xbe}, []byte("#!"), {0x7f, 'E', 'L', 'F'}}

// Content checks the first bytes of a file (up to HeadLen; fewer when the
// file is shorter) against its declared type: no executable signature, and
// an image must start with the signature of its type.
func Content(name, contentType string, head []byte) error {
	for _, sig := range dangerous {
		if bytes.HasPrefix(head, sig) {
			return fail(Dangerous, "File %q contains dangerous executable signature", name)
		}
	}
	t := BaseType(contentType)
	var ok bool
	switch t {
	case "image/jpeg", "image/jpg", "image/pjpeg":
		ok = bytes.HasPrefix(head, sigJPEG)
	case "image/png":
		ok = bytes.HasPrefix(head, sigPNG)
	case "image/gif":
		ok = bytes.HasPrefix(head, sigGIF7) || bytes.HasPrefix(head, sigGIF9)
	case "image/webp":
		ok = len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP"
	case "image/svg+xml":
		ok = looksLikeSVG(head)
	default:
		return nil
	}
	if !ok {
		return fail(BadSignature, "File %q does not match its declared type %q", name, t)
	}
	return nil
}

// UnreadableError is the spec's error for a file whose first bytes cannot be read.
func UnreadableError() error { return fail(Unreadable, "Cannot validate file signature") }

// EmptyError refuses a file with no bytes.
func EmptyError(name string) error { return fail(Empty, "File %q is empty", name) }

// TooLargeError is the spec's message for a file over limit bytes.
func TooLargeError(name string, limit int64) error {
	return fail(TooLarge, "File %q exceeds maximum size of %s", name, FormatMB(limit))
}

func looksLikeSVG(head []byte) bool {
	h := bytes.TrimPrefix(head, []byte{0xef, 0xbb, 0xbf})
	h = bytes.TrimLeft(h, " \t\r\n")
	return bytes.HasPrefix(h, []byte("<")) && bytes.Contains(bytes.ToLower(h), []byte("<svg"))
}

// MB is the unit of the spec's limits (binary megabytes, as the app's
// client computed them).
const MB = 1 << 20

// FormatMB renders a byte limit the way the spec writes it: "10MB".
func FormatMB(n int64) string {
	if n%MB == 0 {
		return fmt.Sprintf("%dMB", n/MB)
	}
	return fmt.Sprintf("%.1fMB", float64(n)/MB)
}

// FormatSize renders a remaining budget for humans: "512 KB", "12.5 MB".
func FormatSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < MB:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/MB)
	}
}

// Plans of the spec (000 §9) and their per-file size limits.
const (
	PlanFree = "free"
	PlanPro  = "pro"
	PlanTeam = "team"
)

// MaxFileSize is the per-file limit of a plan: 10 MB on Free, 100 MB on Pro
// and Team. Unknown plans get the Free limit.
func MaxFileSize(plan string) int64 {
	switch plan {
	case PlanPro, PlanTeam:
		return 100 * MB
	default:
		return 10 * MB
	}
}
