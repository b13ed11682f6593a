package pgoutput

import (
	"encoding/binary"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// render is the inverse of Parse, used to build inputs and to check that
// parse → render → parse is stable.
func render(msg any) []byte {
	var b []byte
	u8 := func(v uint8) { b = append(b, v) }
	u16 := func(v uint16) { b = binary.BigEndian.AppendUint16(b, v) }
	u32 := func(v uint32) { b = binary.BigEndian.AppendUint32(b, v) }
	u64 := func(v uint64) { b = binary.BigEndian.AppendUint64(b, v) }
	str := func(s string) { b = append(append(b, s...), 0) }
	tuple := func(cols []Column) {
		u16(uint16(len(cols)))
		for _, c := range cols {
			u8(c.Kind)
			if c.Kind == ColumnText || c.Kind == ColumnBinary {
				u32(uint32(len(c.Data)))
				b = append(b, c.Data...)
			}
		}
	}
	switch m := msg.(type) {
	case *Begin:
		u8('B')
		u64(uint64(m.FinalLSN))
		u64(uint64(Micros(m.CommitTime)))
		u32(m.Xid)
	case *Commit:
		u8('C')
		u8(m.Flags)
		u64(uint64(m.CommitLSN))
		u64(uint64(m.EndLSN))
		u64(uint64(Micros(m.CommitTime)))
	case *Origin:
		u8('O')
		u64(uint64(m.CommitLSN))
		str(m.Name)
	case *Relation:
		u8('R')
		u32(m.RelationID)
		str(m.Namespace)
		str(m.Name)
		u8(m.ReplicaIdentity)
		u16(uint16(len(m.Columns)))
		for _, c := range m.Columns {
			if c.Key {
				u8(1)
			} else {
				u8(0)
			}
			str(c.Name)
			u32(c.TypeOID)
			u32(uint32(c.TypeMod))
		}
	case *Type:
		u8('Y')
		u32(m.TypeOID)
		str(m.Namespace)
		str(m.Name)
	case *Insert:
		u8('I')
		u32(m.RelationID)
		u8('N')
		tuple(m.New)
	case *Update:
		u8('U')
		u32(m.RelationID)
		if m.OldKind != 0 {
			u8(m.OldKind)
			tuple(m.Old)
		}
		u8('N')
		tuple(m.New)
	case *Delete:
		u8('D')
		u32(m.RelationID)
		u8(m.OldKind)
		tuple(m.Old)
	case *Truncate:
		u8('T')
		u32(uint32(len(m.RelationIDs)))
		u8(m.Options)
		for _, id := range m.RelationIDs {
			u32(id)
		}
	case *LogicalMessage:
		u8('M')
		if m.Transactional {
			u8(1)
		} else {
			u8(0)
		}
		u64(uint64(m.LSN))
		str(m.Prefix)
		u32(uint32(len(m.Content)))
		b = append(b, m.Content...)
	}
	return b
}

var commitTime = time.Date(2024, 5, 1, 12, 0, 0, 123456000, time.UTC)

func text(s string) Column { return Column{Kind: ColumnText, Data: []byte(s)} }

func TestParse(t *testing.T) {
	msgs := []any{
		&Begin{FinalLSN: 0x16B3748, CommitTime: commitTime, Xid: 735},
		&Commit{CommitLSN: 0x16B3748, EndLSN: 0x16B3778, CommitTime: commitTime},
		&Origin{CommitLSN: 5, Name: "node_a"},
		&Relation{RelationID: 16384, Namespace: "public", Name: "tasks", ReplicaIdentity: IdentityFull, Columns: []RelationColumn{
			{Key: true, Name: "id", TypeOID: 20, TypeMod: -1},
			{Name: "title", TypeOID: 1043, TypeMod: 104},
		}},
		&Type{TypeOID: 90000, Namespace: "public", Name: "mood"},
		&Insert{RelationID: 16384, New: []Column{text("7"), {Kind: ColumnNull}}},
		&Update{RelationID: 16384, OldKind: 'O', Old: []Column{text("7"), text("old")}, New: []Column{text("7"), {Kind: ColumnUnchanged}}},
		&Update{RelationID: 16384, New: []Column{text("7"), text("")}},
		&Delete{RelationID: 16384, OldKind: 'K', Old: []Column{text("7"), {Kind: ColumnNull}}},
		&Truncate{Options: 1, RelationIDs: []uint32{16384, 16390}},
		&LogicalMessage{Transactional: true, LSN: 9, Prefix: "p", Content: []byte("hello")},
	}
	for _, want := range msgs {
		got, err := Parse(render(want))
		if err != nil {
			t.Fatalf("%T: %v", want, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%T mismatch (-want +got):\n%s", want, diff)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":              {},
		"unknown type":       {'Z'},
		"truncated begin":    {'B', 0, 0},
		"unterminated name":  append([]byte{'R', 0, 0, 0, 1}, "public"...),
		"lying column count": {'I', 0, 0, 0, 1, 'N', 0xff, 0xff, 't'},
		"bad column kind":    {'I', 0, 0, 0, 1, 'N', 0, 1, 'x'},
		"insert without N":   {'I', 0, 0, 0, 1, 'K', 0, 0},
		"negative length":    {'I', 0, 0, 0, 1, 'N', 0, 1, 't', 0xff, 0xff, 0xff, 0xff},
		"trailing bytes":     append(render(&Truncate{RelationIDs: []uint32{1}}), 0),
	} {
		if _, err := Parse(in); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: err = %v, want ErrMalformed", name, err)
		}
	}
}

func TestCopyData(t *testing.T) {
	w := []byte{'w'}
	w = binary.BigEndian.AppendUint64(w, 100)
	w = binary.BigEndian.AppendUint64(w, 200)
	w = binary.BigEndian.AppendUint64(w, uint64(Micros(commitTime)))
	w = append(w, 'B')
	got, err := ParseCopyData(w)
	if err != nil {
		t.Fatal(err)
	}
	want := &XLogData{WALStart: 100, ServerWALEnd: 200, ServerTime: commitTime, Data: []byte{'B'}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("XLogData mismatch (-want +got):\n%s", diff)
	}
	k := []byte{'k'}
	k = binary.BigEndian.AppendUint64(k, 300)
	k = binary.BigEndian.AppendUint64(k, uint64(Micros(commitTime)))
	k = append(k, 1)
	got, err = ParseCopyData(k)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Keepalive{ServerWALEnd: 300, ServerTime: commitTime, ReplyRequested: true}, got); diff != "" {
		t.Errorf("Keepalive mismatch (-want +got):\n%s", diff)
	}
	st := StandbyStatus{Written: 1, Flushed: 2, Applied: 3, ClientTime: commitTime}.Encode()
	if len(st) != 34 || st[0] != 'r' || binary.BigEndian.Uint64(st[9:]) != 2 {
		t.Errorf("StandbyStatus.Encode = %x", st)
	}
}

func TestLSN(t *testing.T) {
	l, err := ParseLSN("16/B374D848")
	if err != nil || l != 0x16B374D848 || l.String() != "16/B374D848" {
		t.Errorf("ParseLSN = %v %v", l, err)
	}
	if _, err := ParseLSN("nope"); err == nil {
		t.Error("ParseLSN accepted garbage")
	}
}

// FuzzDecode feeds arbitrary bytes to both decoders: no input may panic,
// and anything that parses must render back to bytes that parse the same.
func FuzzDecode(f *testing.F) {
	// Every message type, well-formed.
	for _, m := range []any{
		&Begin{FinalLSN: 1, CommitTime: commitTime, Xid: 2},
		&Commit{CommitLSN: 1, EndLSN: 2, CommitTime: commitTime},
		&Relation{RelationID: 1, Namespace: "s", Name: "t", ReplicaIdentity: 'd', Columns: []RelationColumn{{Key: true, Name: "id", TypeOID: 23, TypeMod: -1}}},
		&Insert{RelationID: 1, New: []Column{text("1"), {Kind: ColumnNull}, {Kind: ColumnUnchanged}}},
		&Update{RelationID: 1, OldKind: 'K', Old: []Column{text("1")}, New: []Column{text("2")}},
		&Delete{RelationID: 1, OldKind: 'O', Old: []Column{text("1")}},
		&Truncate{RelationIDs: []uint32{1, 2}},
		&LogicalMessage{Prefix: "x", Content: []byte{0}},
	} {
		f.Add(render(m))
	}
	// Nasty: huge counts and lengths, missing terminators, CopyData frames.
	f.Add([]byte{'R', 0, 0, 0, 1, 0, 0, 'd', 0xff, 0xff})
	f.Add([]byte{'U', 0, 0, 0, 1, 'O', 0, 1, 't', 0x7f, 0xff, 0xff, 0xff})
	f.Add([]byte{'T', 0xff, 0xff, 0xff, 0xff, 0})
	f.Add([]byte{'M', 1, 0, 0, 0, 0, 0, 0, 0, 0, 'p'})
	f.Add([]byte{'w', 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{'k', 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if cd, err := ParseCopyData(data); err == nil {
			if x, ok := cd.(*XLogData); ok {
				Parse(x.Data)
			}
		}
		msg, err := Parse(data)
		if err != nil {
			return
		}
		again, err := Parse(render(msg))
		if err != nil {
			t.Fatalf("re-parse of %T: %v", msg, err)
		}
		if diff := cmp.Diff(msg, again); diff != "" {
			t.Fatalf("round trip mismatch (-first +second):\n%s", diff)
		}
	})
}
