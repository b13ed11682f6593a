package sqlconsole

import "strings"

// space is PostgreSQL's white space (scan.l).
const space = " \t\n\r\f\v"

// Statement is one statement of a script, as Split found it.
type Statement struct {
	// Text is the statement without its terminating semicolon, trimmed of
	// surrounding white space (comments inside or before it are kept).
	Text string
	// Offset is the byte offset of Text in the script.
	Offset int
}

// Split cuts a script into statements at the semicolons outside string
// literals (standard, and E-strings with backslash escapes), quoted identifiers,
// dollar-quoted bodies and comments (nested /* */ included). Pieces that
// hold only white space and comments are dropped. A body in BEGIN ATOMIC …
// END is not recognised: its inner semicolons split it (dollar-quote such
// a body instead).
//
// Split only finds boundaries; PostgreSQL parses each piece. The admin-sql
// function sends each piece on its own over the extended protocol, which
// refuses more than one command per message, so a piece Split got wrong
// fails rather than running as something else.
func Split(sql string) []Statement {
	segs, _ := segments(sql)
	var out []Statement
	for _, s := range segs {
		if !s.code {
			continue
		}
		text := sql[s.start:s.end]
		trimmed := strings.TrimLeft(text, space)
		offset := s.start + len(text) - len(trimmed)
		out = append(out, Statement{Text: strings.TrimRight(trimmed, space), Offset: offset})
	}
	return out
}

// Complete reports whether sql ends with a semicolon outside quotes,
// dollar-quoted bodies and comments: the end of a statement.
func Complete(sql string) bool {
	segs, unterminated := segments(sql)
	return !unterminated && len(segs) > 1 && !segs[len(segs)-1].code
}

// segment is the text between two top-level semicolons (or the ends of the
// script); code is false when it holds only white space and comments.
type segment struct {
	start, end int
	code       bool
}

// segments cuts sql at top-level semicolons; the last segment is what
// follows the last one (possibly empty). unterminated is true when the
// script ends inside a literal, a quoted identifier, a dollar-quoted body
// or a block comment.
func segments(sql string) (segs []segment, unterminated bool) {
	cur := segment{}
	for i := 0; i < len(sql); i++ {
		ch := sql[i]
		switch {
		case ch == '\'':
			escapes := i > 0 && (sql[i-1] == 'E' || sql[i-1] == 'e') && (i < 2 || !identByte(sql[i-2]))
			end := closeQuote(sql, i+1, '\'', escapes)
			if end < 0 {
				return append(segs, segment{cur.start, len(sql), true}), true
			}
			i, cur.code = end, true
		case ch == '"':
			end := closeQuote(sql, i+1, '"', false)
			if end < 0 {
				return append(segs, segment{cur.start, len(sql), true}), true
			}
			i, cur.code = end, true
		case ch == '-' && strings.HasPrefix(sql[i:], "--"):
			j := strings.IndexByte(sql[i:], '\n')
			if j < 0 {
				i = len(sql)
			} else {
				i += j
			}
		case ch == '/' && strings.HasPrefix(sql[i:], "/*"):
			end := closeComment(sql, i)
			if end < 0 {
				return append(segs, segment{cur.start, len(sql), cur.code}), true
			}
			i = end
		case ch == '$' && (i == 0 || !identByte(sql[i-1])):
			tag := dollarTag(sql[i:])
			cur.code = true
			if tag == "" {
				continue // a parameter ($1) or a lone $
			}
			j := strings.Index(sql[i+len(tag):], tag)
			if j < 0 {
				return append(segs, segment{cur.start, len(sql), true}), true
			}
			i += len(tag) + j + len(tag) - 1
		case ch == ';':
			cur.end = i
			segs = append(segs, cur)
			cur = segment{start: i + 1}
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v':
		default:
			cur.code = true
		}
	}
	cur.end = len(sql)
	return append(segs, cur), false
}

// closeQuote returns the index of the quote that closes a literal or
// identifier opened before from (a doubled quote is part of it; with
// escapes, so is a backslash-escaped one), or -1.
func closeQuote(sql string, from int, q byte, escapes bool) int {
	for i := from; i < len(sql); i++ {
		switch sql[i] {
		case '\\':
			if escapes {
				i++
			}
		case q:
			if i+1 < len(sql) && sql[i+1] == q {
				i++
				continue
			}
			return i
		}
	}
	return -1
}

// closeComment returns the index of the '/' that ends the block comment
// opened at from, counting nested ones, or -1.
func closeComment(sql string, from int) int {
	depth := 0
	for i := from; i+1 < len(sql); i++ {
		switch {
		case sql[i] == '/' && sql[i+1] == '*':
			depth++
			i++
		case sql[i] == '*' && sql[i+1] == '/':
			depth--
			i++
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// identByte reports whether b may continue an identifier (so a quote or
// dollar after it is not the start of a literal).
func identByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// dollarTag returns "$tag$" when s starts with a dollar-quote opener.
func dollarTag(s string) string {
	for i := 1; i < len(s); i++ {
		ch := s[i]
		if ch == '$' {
			return s[:i+1]
		}
		if !(ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80 || i > 1 && ch >= '0' && ch <= '9') {
			return ""
		}
	}
	return ""
}
