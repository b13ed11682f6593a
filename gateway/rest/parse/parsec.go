package parse

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// This file is a small re-implementation of the parts of Haskell's parsec
// 3.1.16 that PostgREST's query-string grammar uses. PostgREST reports parse
// errors as parsec renders them ("unexpected 'x' expecting ..." at a line and
// column), and supabase-js users see those strings, so the grammar in the
// other files is a transcription of PostgREST's parsers onto these
// combinators rather than a hand-written lexer: the same alternatives tried
// in the same order produce the same positions and the same expectations.
//
// A parser reports one of four outcomes, as in parsec: consumed-ok,
// empty-ok, consumed-error and empty-error. Only an empty error lets an
// alternative run; try turns a consumed error into an empty one. Every
// outcome carries a perror, merged between alternatives and sequenced
// parsers exactly as parsec's mergeError does, which is what makes
// "expecting a, b or c" lists come out the same.

// srcPos is a parsec SourcePos without the name: a 1-based line and column.
type srcPos struct{ line, col int }

func (p srcPos) compare(q srcPos) int {
	switch {
	case p.line != q.line:
		if p.line < q.line {
			return -1
		}
		return 1
	case p.col < q.col:
		return -1
	case p.col > q.col:
		return 1
	}
	return 0
}

// next is parsec's updatePosChar: a newline starts a new line and a tab
// moves to the next multiple-of-eight column.
func (p srcPos) next(c rune) srcPos {
	switch c {
	case '\n':
		return srcPos{p.line + 1, 1}
	case '\t':
		return srcPos{p.line, p.col + 8 - (p.col-1)%8}
	}
	return srcPos{p.line, p.col + 1}
}

// msgKind orders messages the way parsec's Message constructors are ordered.
type msgKind uint8

const (
	msgSysUnExpect msgKind = iota
	msgUnExpect
	msgExpect
	msgMessage
)

// pmsg is one message. A character a parser did not expect is kept as
// the rune and shown only when the error is rendered: almost every failed
// match is discarded by an alternative, and showing it eagerly would
// dominate the parser's cost.
type pmsg struct {
	kind msgKind
	text string
	ch   rune
	isCh bool
}

func (m pmsg) String() string {
	if m.isCh {
		return hsShowString(string(m.ch))
	}
	return m.text
}

// perror is parsec's ParseError. An error without messages is "unknown":
// it marks a position but says nothing and loses every merge.
//
// Errors are built on every failed match and nearly all are dropped, so
// they are cheap to make: a single message is stored inline, and merging
// or relabelling builds a persistent tree node instead of copying lists.
// The list is only flattened when an error is rendered.
type perror struct {
	pos  srcPos
	one  pmsg     // the message, when has is set and msgs is nil
	has  bool     // the error has at least one message
	msgs *msgTree // the messages, when there may be more than one
}

// msgTree is a message list: one message, the concatenation of two lists,
// or (relabel) a list whose expectations are replaced by one label.
type msgTree struct {
	m       pmsg
	a, b    *msgTree
	concat  bool
	relabel bool // Expect m.text, then b without its expectations
}

func leafErr(pos srcPos, m pmsg) perror { return perror{pos: pos, one: m, has: true} }

func (e perror) tree() *msgTree {
	if e.msgs == nil && e.has {
		return &msgTree{m: e.one}
	}
	return e.msgs
}

func (t *msgTree) flatten(out []pmsg) []pmsg {
	switch {
	case t == nil:
		return out
	case t.relabel:
		out = append(out, pmsg{kind: msgExpect, text: t.m.text})
		for _, m := range t.b.flatten(nil) {
			if m.kind != msgExpect {
				out = append(out, m)
			}
		}
		return out
	case t.concat:
		return t.b.flatten(t.a.flatten(out))
	}
	return append(out, t.m)
}

func (e perror) messages() []pmsg {
	if e.msgs == nil && e.has {
		return []pmsg{e.one}
	}
	return e.msgs.flatten(nil)
}

func (e perror) unknown() bool { return !e.has }

// mergeErr is parsec's mergeError: prefer an error that says something,
// then the one further into the input, and concatenate errors at the same
// position.
func mergeErr(a, b perror) perror {
	switch {
	case b.unknown() && !a.unknown():
		return a
	case a.unknown() && !b.unknown():
		return b
	}
	switch a.pos.compare(b.pos) {
	case 0:
		if a.unknown() {
			return a
		}
		return perror{pos: a.pos, has: true, msgs: &msgTree{concat: true, a: a.tree(), b: b.tree()}}
	case 1:
		return a
	}
	return b
}

// withExpect is parsec's setErrorMessage (Expect label): the label replaces
// every other expectation.
func (e perror) withExpect(label string) perror {
	if e.unknown() || (e.msgs == nil && e.one.kind == msgExpect) {
		return leafErr(e.pos, pmsg{kind: msgExpect, text: label})
	}
	return perror{pos: e.pos, has: true, msgs: &msgTree{relabel: true, m: pmsg{text: label}, b: e.tree()}}
}

// details renders the messages as parsec's showErrorMessages does, with the
// line breaks PostgREST replaces by spaces already replaced.
func (e perror) details() string {
	msgs := e.messages()
	if len(msgs) == 0 {
		return "unknown parse error"
	}
	slices.SortStableFunc(msgs, func(a, b pmsg) int { return int(a.kind) - int(b.kind) })
	var sys, un, exp, other []string
	for _, m := range msgs {
		switch m.kind {
		case msgSysUnExpect:
			sys = append(sys, m.String())
		case msgUnExpect:
			un = append(un, m.String())
		case msgExpect:
			exp = append(exp, m.String())
		default:
			other = append(other, m.String())
		}
	}
	var showSys string
	switch {
	case len(un) > 0 || len(sys) == 0:
	case sys[0] == "":
		showSys = "unexpected end of input"
	default:
		showSys = "unexpected " + sys[0]
	}
	parts := clean([]string{showSys, showMany("unexpected", un), showMany("expecting", exp), showMany("", other)})
	return hsStrip(strings.Join(parts, " "))
}

func showMany(pre string, texts []string) string {
	ms := clean(texts)
	if len(ms) == 0 {
		return ""
	}
	s := ms[0]
	if len(ms) > 1 {
		s = strings.Join(ms[:len(ms)-1], ", ") + " or " + ms[len(ms)-1]
	}
	if pre == "" {
		return s
	}
	return pre + " " + s
}

// clean is Haskell's nub . filter (not . null).
func clean(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// pstate is the input and where we are in it. depth counts nested
// parentheses so that hostile input cannot grow the goroutine stack without
// bound (see maxNesting).
type pstate struct {
	in    []rune
	i     int
	pos   srcPos
	depth int
	// quiet skips building error messages. Errors never steer a parser
	// (only ok and consumed do), so a quiet run takes the same path as a
	// loud one; run parses quietly first and only repeats the parse with
	// messages when it fails. Merging and relabelling errors is most of
	// what a successful parse would otherwise allocate.
	quiet bool
}

type reply[T any] struct {
	val      T
	st       pstate
	err      perror
	ok       bool
	consumed bool
}

type parser[T any] func(pstate) reply[T]

type unit struct{}

func fail[T any](consumed bool, err perror) reply[T] {
	return reply[T]{err: err, consumed: consumed}
}

// run applies p to input, as parsec's parse does: trailing input that p
// does not consume is not an error.
//
// The input is parsed quietly (no error messages); only a failed parse
// runs again to build its message.
func run[T any](p parser[T], input string) (T, *perror) {
	in := []rune(input)
	r := p(pstate{in: in, pos: srcPos{1, 1}, quiet: true})
	if r.ok {
		return r.val, nil
	}
	r = p(pstate{in: in, pos: srcPos{1, 1}})
	if !r.ok {
		var zero T
		return zero, &r.err
	}
	return r.val, nil // unreachable: both runs take the same path
}

func pure[T any](v T) parser[T] {
	return func(s pstate) reply[T] {
		return reply[T]{val: v, st: s, err: perror{pos: s.pos}, ok: true}
	}
}

// zero is parsec's parserZero (mzero, Alternative's empty).
func zero[T any]() parser[T] {
	return func(s pstate) reply[T] { return fail[T](false, perror{pos: s.pos}) }
}

func guard(ok bool) parser[unit] {
	if ok {
		return pure(unit{})
	}
	return zero[unit]()
}

// bind is parsec's parserBind.
func bind[A, B any](m parser[A], k func(A) parser[B]) parser[B] {
	return func(s pstate) reply[B] {
		r := m(s)
		if !r.ok {
			return fail[B](r.consumed, r.err)
		}
		r2 := k(r.val)(r.st)
		if r2.consumed {
			return r2
		}
		if !r.err.unknown() && !s.quiet {
			r2.err = mergeErr(r.err, r2.err)
		}
		r2.consumed = r.consumed
		return r2
	}
}

func mapP[A, B any](p parser[A], f func(A) B) parser[B] {
	return func(s pstate) reply[B] {
		r := p(s)
		out := reply[B]{st: r.st, err: r.err, ok: r.ok, consumed: r.consumed}
		if r.ok {
			out.val = f(r.val)
		}
		return out
	}
}

func constP[A, B any](p parser[A], v B) parser[B] {
	return mapP(p, func(A) B { return v })
}

func void[A any](p parser[A]) parser[unit] { return constP(p, unit{}) }

// seqR is a *> b.
func seqR[A, B any](a parser[A], b parser[B]) parser[B] {
	return bind(a, func(A) parser[B] { return b })
}

// seqL is a <* b.
func seqL[A, B any](a parser[A], b parser[B]) parser[A] {
	return bind(a, func(x A) parser[A] { return constP(b, x) })
}

// alt is p1 <|> p2 <|> ... (parsec's parserPlus, right-associated; the
// merge is associative so a loop gives the same errors).
func alt[T any](ps ...parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		acc := perror{pos: s.pos}
		for i, p := range ps {
			r := p(s)
			if r.consumed {
				return r
			}
			if i > 0 && !s.quiet {
				r.err = mergeErr(acc, r.err)
			}
			if r.ok {
				return r
			}
			acc = r.err
		}
		return fail[T](false, acc)
	}
}

func try[T any](p parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		r := p(s)
		if !r.ok {
			r.consumed = false
		}
		return r
	}
}

func lookAhead[T any](p parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		r := p(s)
		if r.ok {
			return reply[T]{val: r.val, st: s, err: perror{pos: s.pos}, ok: true}
		}
		return r
	}
}

// label is p <?> msg.
func label[T any](p parser[T], msg string) parser[T] {
	return func(s pstate) reply[T] {
		r := p(s)
		if !r.consumed && (!r.ok || !r.err.unknown()) && !s.quiet {
			r.err = r.err.withExpect(msg)
		}
		return r
	}
}

// many is parsec's many. parsec aborts when p succeeds without consuming;
// no parser in this package does that, and we stop rather than loop.
func many[T any](p parser[T]) parser[[]T] {
	return func(s pstate) reply[[]T] {
		var xs []T
		consumed := false
		cur := s
		for {
			r := p(cur)
			if r.ok && r.consumed {
				xs = append(xs, r.val)
				cur = r.st
				consumed = true
				continue
			}
			if !r.ok && r.consumed {
				return fail[[]T](true, r.err)
			}
			return reply[[]T]{val: xs, st: cur, err: r.err, ok: true, consumed: consumed}
		}
	}
}

func many1[T any](p parser[T]) parser[[]T] {
	return bind(p, func(x T) parser[[]T] {
		return mapP(many(p), func(xs []T) []T { return append([]T{x}, xs...) })
	})
}

func sepBy1[T, S any](p parser[T], sep parser[S]) parser[[]T] {
	return bind(p, func(x T) parser[[]T] {
		return mapP(many(seqR(sep, p)), func(xs []T) []T { return append([]T{x}, xs...) })
	})
}

func sepBy[T, S any](p parser[T], sep parser[S]) parser[[]T] {
	return alt(sepBy1(p, sep), pure[[]T](nil))
}

func option[T any](def T, p parser[T]) parser[T] { return alt(p, pure(def)) }

func between[O, C, T any](open parser[O], closing parser[C], p parser[T]) parser[T] {
	return seqR(open, seqL(p, closing))
}

// satisfy is parsec's satisfy: the unexpected character is shown as a
// one-character Haskell string literal.
func satisfy(f func(rune) bool) parser[rune] {
	return func(s pstate) reply[rune] {
		if s.i >= len(s.in) {
			return fail[rune](false, leafErr(s.pos, pmsg{kind: msgSysUnExpect}))
		}
		c := s.in[s.i]
		if !f(c) {
			return fail[rune](false, leafErr(s.pos, pmsg{kind: msgSysUnExpect, ch: c, isCh: true}))
		}
		n := s
		n.i++
		n.pos = s.pos.next(c)
		return reply[rune]{val: c, st: n, err: perror{pos: n.pos}, ok: true, consumed: true}
	}
}

func char(c rune) parser[rune] {
	return label(satisfy(func(r rune) bool { return r == c }), hsShowString(string(c)))
}

var anyChar = satisfy(func(rune) bool { return true })

func oneOf(cs string) parser[rune] {
	return satisfy(func(r rune) bool { return strings.ContainsRune(cs, r) })
}

func noneOf(cs string) parser[rune] {
	return satisfy(func(r rune) bool { return !strings.ContainsRune(cs, r) })
}

var (
	letter   = label(satisfy(unicode.IsLetter), "letter")
	digit    = label(satisfy(isDigit), "digit")
	alphaNum = label(satisfy(isAlphaNum), "letter or digit")
	spaces   = label(void(many(label(satisfy(isHsSpace), "space"))), "white space")
)

// str is parsec's string (tokens): a mismatch after the first character is
// a consumed error reported at the position where the string started.
func str(want string) parser[string] {
	ws := []rune(want)
	shown := hsShowString(want)
	return func(s pstate) reply[string] {
		if len(ws) == 0 {
			return reply[string]{val: "", st: s, err: perror{pos: s.pos}, ok: true}
		}
		for k, w := range ws {
			if s.i+k >= len(s.in) {
				if s.quiet {
					return fail[string](k > 0, perror{pos: s.pos})
				}
				return fail[string](k > 0, mergeErr(leafErr(s.pos, pmsg{kind: msgExpect, text: shown}), leafErr(s.pos, pmsg{kind: msgSysUnExpect})))
			}
			if got := s.in[s.i+k]; got != w {
				if s.quiet {
					return fail[string](k > 0, perror{pos: s.pos})
				}
				return fail[string](k > 0, mergeErr(leafErr(s.pos, pmsg{kind: msgExpect, text: shown}), leafErr(s.pos, pmsg{kind: msgSysUnExpect, ch: got, isCh: true})))
			}
		}
		n := s
		n.i += len(ws)
		for _, c := range ws {
			n.pos = n.pos.next(c)
		}
		return reply[string]{val: want, st: n, err: perror{pos: n.pos}, ok: true, consumed: true}
	}
}

func unexpected[T any](msg string) parser[T] {
	return func(s pstate) reply[T] {
		return fail[T](false, leafErr(s.pos, pmsg{kind: msgUnExpect, text: msg}))
	}
}

// notFollowedBy is parsec's notFollowedBy; show renders what p matched the
// way Haskell's show would.
func notFollowedBy[T any](p parser[T], show func(T) string) parser[unit] {
	return try(alt(
		bind(try(p), func(c T) parser[unit] { return unexpected[unit](show(c)) }),
		pure(unit{}),
	))
}

// anyToken accepts any character without moving the position, as parsec's
// anyToken does; it only appears inside eof.
var anyToken parser[rune] = func(s pstate) reply[rune] {
	if s.i >= len(s.in) {
		return fail[rune](false, leafErr(s.pos, pmsg{kind: msgSysUnExpect}))
	}
	n := s
	n.i++
	return reply[rune]{val: s.in[s.i], st: n, err: perror{pos: n.pos}, ok: true, consumed: true}
}

var eof = label(notFollowedBy(anyToken, hsShowChar), "end of input")

// maxNesting bounds how deeply select embeds and logic trees may nest.
// PostgREST has no limit; we need one because each level costs goroutine
// stack and a megabyte of "a(" must not crash the process.
const maxNesting = 100

// nested guards a recursive parser. Hitting the limit is reported as a
// consumed error so that no alternative is tried and no other expectation
// is merged into the message.
func nested[T any](p func() parser[T]) parser[T] {
	return func(s pstate) reply[T] {
		if s.depth >= maxNesting {
			return fail[T](true, leafErr(s.pos, pmsg{kind: msgMessage, text: "nesting deeper than " + strconv.Itoa(maxNesting) + " levels"}))
		}
		s.depth++
		r := p()(s)
		r.st.depth--
		return r
	}
}

// Haskell character classes, as Data.Char defines them.

func isDigit(c rune) bool { return c >= '0' && c <= '9' }

func isAlphaNum(c rune) bool { return unicode.IsLetter(c) || unicode.IsNumber(c) }

// isHsSpace is Data.Char.isSpace: unlike Go's unicode.IsSpace it does not
// include U+0085.
func isHsSpace(c rune) bool {
	if c <= 0x377 {
		return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0
	}
	return unicode.Is(unicode.Zs, c)
}

// hsStrip is Data.Text.strip.
func hsStrip(s string) string { return strings.TrimFunc(s, isHsSpace) }

var asciiNames = [...]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

// writeLitChar is Haskell's showLitChar; next is the character that will
// follow in the output, needed for the "\&" separators.
func writeLitChar(b *strings.Builder, c, next rune) {
	switch {
	case c > 0x7f:
		b.WriteByte('\\')
		b.WriteString(strconv.Itoa(int(c)))
		if isDigit(next) {
			b.WriteString(`\&`)
		}
	case c == 0x7f:
		b.WriteString(`\DEL`)
	case c == '\\':
		b.WriteString(`\\`)
	case c >= ' ':
		b.WriteRune(c)
	case c == '\a':
		b.WriteString(`\a`)
	case c == '\b':
		b.WriteString(`\b`)
	case c == '\f':
		b.WriteString(`\f`)
	case c == '\n':
		b.WriteString(`\n`)
	case c == '\r':
		b.WriteString(`\r`)
	case c == '\t':
		b.WriteString(`\t`)
	case c == '\v':
		b.WriteString(`\v`)
	case c == 0x0e:
		b.WriteString(`\SO`)
		if next == 'H' {
			b.WriteString(`\&`)
		}
	default:
		b.WriteByte('\\')
		b.WriteString(asciiNames[c])
	}
}

// hsShowString is Haskell's show for a String.
func hsShowString(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.WriteByte('"')
	for i, c := range rs {
		next := '"'
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		if c == '"' {
			b.WriteString(`\"`)
			continue
		}
		writeLitChar(&b, c, next)
	}
	b.WriteByte('"')
	return b.String()
}

// hsShowChar is Haskell's show for a Char.
func hsShowChar(c rune) string {
	if c == '\'' {
		return `'\''`
	}
	var b strings.Builder
	b.WriteByte('\'')
	writeLitChar(&b, c, '\'')
	b.WriteByte('\'')
	return b.String()
}
