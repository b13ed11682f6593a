// Package pgoutput decodes what a PostgreSQL walsender streams for a
// logical replication slot using the pgoutput plugin: the CopyData framing
// of the streaming replication protocol (XLogData 'w', primary keepalive
// 'k', and the standby status update 'r' a client sends back) and the
// logical replication messages inside XLogData, protocol version 1.
//
// References: PostgreSQL manual, "Streaming Replication Protocol" and
// "Logical Replication Message Formats". All integers are big-endian;
// strings are NUL-terminated. Decoding never panics: malformed input gives
// an error wrapping ErrMalformed.
//
//	msg, err := pgoutput.Parse(xld.Data)
//	switch m := msg.(type) {
//	case *pgoutput.Relation: // remember m.RelationID → columns
//	case *pgoutput.Insert:   // m.New holds one Column per relation column
//	}
package pgoutput

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrMalformed wraps every decoding failure.
var ErrMalformed = errors.New("malformed pgoutput message")

// LSN is a WAL position.
type LSN uint64

// String formats an LSN as PostgreSQL does, e.g. 0/16B3748.
func (l LSN) String() string {
	return fmt.Sprintf("%X/%X", uint32(l>>32), uint32(l))
}

// ParseLSN parses the X/X form.
func ParseLSN(s string) (LSN, error) {
	hi, lo, ok := strings.Cut(s, "/")
	if !ok {
		return 0, fmt.Errorf("invalid LSN %q", s)
	}
	h, err1 := strconv.ParseUint(hi, 16, 32)
	l, err2 := strconv.ParseUint(lo, 16, 32)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("invalid LSN %q", s)
	}
	return LSN(h<<32 | l), nil
}

// pgEpochMicros is the PostgreSQL timestamp epoch, 2000-01-01 UTC, in Unix
// microseconds; timestamps on the wire are microseconds since it.
const pgEpochMicros = 946_684_800_000_000

// Time converts wire microseconds to a UTC time.
func Time(micros int64) time.Time { return time.UnixMicro(micros + pgEpochMicros).UTC() }

// Micros converts a time to wire microseconds.
func Micros(t time.Time) int64 { return t.UnixMicro() - pgEpochMicros }

// XLogData is a 'w' CopyData message: a chunk of WAL (here, one pgoutput
// message).
type XLogData struct {
	WALStart     LSN
	ServerWALEnd LSN
	ServerTime   time.Time
	Data         []byte
}

// Keepalive is a 'k' CopyData message.
type Keepalive struct {
	ServerWALEnd   LSN
	ServerTime     time.Time
	ReplyRequested bool
}

// ParseCopyData decodes the payload of a CopyData message from the server:
// *XLogData or *Keepalive. Data aliases buf.
func ParseCopyData(buf []byte) (any, error) {
	if len(buf) == 0 {
		return nil, fmt.Errorf("%w: empty CopyData", ErrMalformed)
	}
	r := reader{b: buf[1:]}
	switch buf[0] {
	case 'w':
		x := &XLogData{WALStart: LSN(r.u64()), ServerWALEnd: LSN(r.u64()), ServerTime: Time(int64(r.u64()))}
		if r.err != nil {
			return nil, r.err
		}
		x.Data = r.b
		return x, nil
	case 'k':
		k := &Keepalive{ServerWALEnd: LSN(r.u64()), ServerTime: Time(int64(r.u64())), ReplyRequested: r.u8() != 0}
		return k, r.err
	}
	return nil, fmt.Errorf("%w: unknown CopyData type %q", ErrMalformed, buf[0])
}

// StandbyStatus is the 'r' message a client sends to report progress.
// Flushed is what the slot may forget: its confirmed_flush_lsn.
type StandbyStatus struct {
	Written, Flushed, Applied LSN
	ClientTime                time.Time
	ReplyRequested            bool
}

// Encode renders the CopyData payload.
func (s StandbyStatus) Encode() []byte {
	b := make([]byte, 34)
	b[0] = 'r'
	binary.BigEndian.PutUint64(b[1:], uint64(s.Written))
	binary.BigEndian.PutUint64(b[9:], uint64(s.Flushed))
	binary.BigEndian.PutUint64(b[17:], uint64(s.Applied))
	binary.BigEndian.PutUint64(b[25:], uint64(Micros(s.ClientTime)))
	if s.ReplyRequested {
		b[33] = 1
	}
	return b
}

// Begin starts a transaction.
type Begin struct {
	FinalLSN   LSN // the commit's LSN
	CommitTime time.Time
	Xid        uint32
}

// Commit ends a transaction.
type Commit struct {
	Flags      uint8
	CommitLSN  LSN
	EndLSN     LSN // the position to confirm once the transaction is handled
	CommitTime time.Time
}

// Origin names the replication origin of a transaction.
type Origin struct {
	CommitLSN LSN
	Name      string
}

// Replica identity settings in Relation.ReplicaIdentity.
const (
	IdentityDefault = 'd'
	IdentityNothing = 'n'
	IdentityFull    = 'f'
	IdentityIndex   = 'i'
)

// Relation describes a table before its first change in a session (and
// again after it changes).
type Relation struct {
	RelationID      uint32
	Namespace       string
	Name            string
	ReplicaIdentity byte
	Columns         []RelationColumn
}

// RelationColumn is one column of a Relation.
type RelationColumn struct {
	Key     bool // part of the replica identity
	Name    string
	TypeOID uint32
	TypeMod int32
}

// Type describes a non-built-in data type.
type Type struct {
	TypeOID   uint32
	Namespace string
	Name      string
}

// Column kinds in tuple data.
const (
	ColumnNull      = 'n'
	ColumnUnchanged = 'u' // an unchanged TOASTed value, not sent
	ColumnText      = 't'
	ColumnBinary    = 'b'
)

// Column is one value of a tuple.
type Column struct {
	Kind byte
	Data []byte // for ColumnText and ColumnBinary
}

// Insert is a new row.
type Insert struct {
	RelationID uint32
	New        []Column
}

// Update carries the new row and, when the replica identity provides it,
// the old one: OldKind 'K' (identity columns only, others null), 'O' (the
// whole row, REPLICA IDENTITY FULL) or 0 (none sent).
type Update struct {
	RelationID uint32
	OldKind    byte
	Old        []Column
	New        []Column
}

// Delete carries the old row's identity ('K') or the whole row ('O').
type Delete struct {
	RelationID uint32
	OldKind    byte
	Old        []Column
}

// Truncate empties relations.
type Truncate struct {
	Options     uint8 // 1 CASCADE, 2 RESTART IDENTITY
	RelationIDs []uint32
}

// LogicalMessage is a pg_logical_emit_message (sent with messages 'true').
type LogicalMessage struct {
	Transactional bool
	LSN           LSN
	Prefix        string
	Content       []byte
}

// Parse decodes one logical replication message. Byte slices in the
// result alias buf.
func Parse(buf []byte) (any, error) {
	if len(buf) == 0 {
		return nil, fmt.Errorf("%w: empty message", ErrMalformed)
	}
	r := &reader{b: buf[1:]}
	var msg any
	switch buf[0] {
	case 'B':
		msg = &Begin{FinalLSN: LSN(r.u64()), CommitTime: Time(int64(r.u64())), Xid: r.u32()}
	case 'C':
		msg = &Commit{Flags: r.u8(), CommitLSN: LSN(r.u64()), EndLSN: LSN(r.u64()), CommitTime: Time(int64(r.u64()))}
	case 'O':
		msg = &Origin{CommitLSN: LSN(r.u64()), Name: r.str()}
	case 'R':
		rel := &Relation{RelationID: r.u32(), Namespace: r.str(), Name: r.str(), ReplicaIdentity: r.u8()}
		n := int(r.u16())
		for i := 0; i < n && r.err == nil; i++ {
			c := RelationColumn{Key: r.u8()&1 != 0, Name: r.str(), TypeOID: r.u32(), TypeMod: int32(r.u32())}
			rel.Columns = append(rel.Columns, c)
		}
		msg = rel
	case 'Y':
		msg = &Type{TypeOID: r.u32(), Namespace: r.str(), Name: r.str()}
	case 'I':
		ins := &Insert{RelationID: r.u32()}
		if tag := r.u8(); tag != 'N' && r.err == nil {
			return nil, fmt.Errorf("%w: insert without new tuple (tag %q)", ErrMalformed, tag)
		}
		ins.New = r.tuple()
		msg = ins
	case 'U':
		up := &Update{RelationID: r.u32()}
		tag := r.u8()
		if tag == 'K' || tag == 'O' {
			up.OldKind = tag
			up.Old = r.tuple()
			tag = r.u8()
		}
		if tag != 'N' && r.err == nil {
			return nil, fmt.Errorf("%w: update without new tuple (tag %q)", ErrMalformed, tag)
		}
		up.New = r.tuple()
		msg = up
	case 'D':
		del := &Delete{RelationID: r.u32()}
		tag := r.u8()
		if tag != 'K' && tag != 'O' && r.err == nil {
			return nil, fmt.Errorf("%w: delete without old tuple (tag %q)", ErrMalformed, tag)
		}
		del.OldKind = tag
		del.Old = r.tuple()
		msg = del
	case 'T':
		n := int(r.u32())
		t := &Truncate{Options: r.u8()}
		for i := 0; i < n && r.err == nil; i++ {
			t.RelationIDs = append(t.RelationIDs, r.u32())
		}
		msg = t
	case 'M':
		m := &LogicalMessage{Transactional: r.u8() != 0, LSN: LSN(r.u64()), Prefix: r.str()}
		m.Content = r.bytes(int(r.u32()))
		msg = m
	default:
		return nil, fmt.Errorf("%w: unknown message type %q", ErrMalformed, buf[0])
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%w: %d trailing bytes after %q message", ErrMalformed, len(r.b), buf[0])
	}
	return msg, nil
}

// reader consumes big-endian fields, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) need(n int) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || len(r.b) < n {
		r.err = fmt.Errorf("%w: truncated (need %d bytes, have %d)", ErrMalformed, n, len(r.b))
		return false
	}
	return true
}

func (r *reader) u8() uint8 {
	if !r.need(1) {
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) u16() uint16 {
	if !r.need(2) {
		return 0
	}
	v := binary.BigEndian.Uint16(r.b)
	r.b = r.b[2:]
	return v
}

func (r *reader) u32() uint32 {
	if !r.need(4) {
		return 0
	}
	v := binary.BigEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *reader) u64() uint64 {
	if !r.need(8) {
		return 0
	}
	v := binary.BigEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *reader) str() string {
	if r.err != nil {
		return ""
	}
	for i, c := range r.b {
		if c == 0 {
			s := string(r.b[:i])
			r.b = r.b[i+1:]
			return s
		}
	}
	r.err = fmt.Errorf("%w: unterminated string", ErrMalformed)
	return ""
}

func (r *reader) bytes(n int) []byte {
	if !r.need(n) {
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) tuple() []Column {
	n := int(r.u16())
	if r.err != nil {
		return nil
	}
	// Each column takes at least one byte: a lying count cannot make us
	// allocate more than the message holds.
	if n > len(r.b) {
		r.err = fmt.Errorf("%w: tuple claims %d columns in %d bytes", ErrMalformed, n, len(r.b))
		return nil
	}
	cols := make([]Column, n)
	for i := range cols {
		kind := r.u8()
		switch kind {
		case ColumnNull, ColumnUnchanged:
			cols[i] = Column{Kind: kind}
		case ColumnText, ColumnBinary:
			l := int32(r.u32())
			cols[i] = Column{Kind: kind, Data: r.bytes(int(l))}
		default:
			if r.err == nil {
				r.err = fmt.Errorf("%w: unknown column kind %q", ErrMalformed, kind)
			}
		}
		if r.err != nil {
			return nil
		}
	}
	return cols
}
