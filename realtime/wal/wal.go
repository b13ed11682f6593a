// Package wal reads row changes from a permanent logical replication slot
// with the pgoutput plugin, on a replication connection opened with pgconn.
//
// A Reader creates the slot when it is missing, starts streaming from the
// slot's confirmed position, and hands out each transaction's changes in
// commit order as Chunks (a big transaction comes in several chunks; the
// last has Final set). The slot forgets a transaction only when the
// consumer calls Ack with its EndLSN — so a consumer that acks after
// fan-out loses nothing across crashes and restarts: unacknowledged
// transactions are streamed again by the next Reader (possibly on another
// instance).
//
//	r := wal.New(cfg)
//	go r.Run(ctx, chunks)
//	for c := range chunks {
//		deliver(c)
//		if c.Final {
//			r.Ack(c.EndLSN)
//		}
//	}
package wal

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"

	"daybase/internal/pgident"
	"daybase/realtime/pgoutput"
)

// LSN is a WAL position.
type LSN = pgoutput.LSN

// Config configures a Reader.
type Config struct {
	// Conn logs in as a superuser or a role with REPLICATION. It is copied;
	// the replication=database parameter and the text-output settings
	// pgjson relies on are added.
	Conn *pgconn.Config
	// Slot is the logical slot's name: lower-case letters, digits and _.
	Slot string
	// Publication is the publication whose tables are streamed.
	Publication string
	// ChunkSize caps the changes per Chunk. Default 500.
	ChunkSize int
	// StatusInterval is how often progress is reported to the server when
	// nothing else prompts it. Default 10 s (the server's
	// wal_sender_timeout defaults to 60 s).
	StatusInterval time.Duration
	// ApplicationName shows in pg_stat_replication.
	ApplicationName string
	Log             *slog.Logger
}

// Relation is a table as the stream described it.
type Relation struct {
	ID       uint32
	Schema   string
	Name     string
	Identity byte // pgoutput.IdentityDefault, IdentityFull, ...
	Columns  []Column
}

// Column is one column of a Relation.
type Column struct {
	Name    string
	TypeOID uint32
	TypeMod int32
	Key     bool // part of the replica identity
}

// Value kinds (pgoutput's tuple column kinds).
const (
	Null      = pgoutput.ColumnNull
	Unchanged = pgoutput.ColumnUnchanged // a TOASTed value the update did not touch
	Text      = pgoutput.ColumnText
)

// Value is one column value in text form.
type Value struct {
	Kind byte
	Text string
}

// Change is one row change.
type Change struct {
	Op  byte // 'I', 'U' or 'D'
	Rel *Relation
	// New is the new row (INSERT, UPDATE), one Value per Rel column.
	New []Value
	// Old is the old row (UPDATE, DELETE) as the replica identity gives it:
	// OldKind 'K' holds the key columns only (others Null), 'O' the whole
	// row; nil when the server sent none (an UPDATE with REPLICA IDENTITY
	// DEFAULT that did not change the key).
	Old     []Value
	OldKind byte
}

// Chunk is part (or all) of one committed transaction.
type Chunk struct {
	Xid        uint32
	CommitLSN  LSN
	CommitTime time.Time
	Changes    []Change
	// Final marks the transaction's last chunk; EndLSN is set only then.
	Final  bool
	EndLSN LSN
	// Backlog marks transactions committed before this Reader started:
	// while nobody was streaming (a restart or a failover), or streamed
	// before but never acknowledged.
	Backlog bool
}

// Reader streams one slot. Run may be called again after it returns.
type Reader struct {
	cfg   Config
	acked atomic.Uint64
}

var slotName = regexp.MustCompile(`^[a-z0-9_]{1,63}$`)

// New returns a Reader.
func New(cfg Config) *Reader {
	if cfg.ChunkSize <= 0 {
		cfg.ChunkSize = 500
	}
	if cfg.StatusInterval <= 0 {
		cfg.StatusInterval = 10 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Reader{cfg: cfg}
}

// Ack reports that every transaction ending at or before lsn has been
// handled; the slot may release it. Safe for concurrent use.
func (r *Reader) Ack(lsn LSN) {
	for {
		cur := r.acked.Load()
		if uint64(lsn) <= cur || r.acked.CompareAndSwap(cur, uint64(lsn)) {
			return
		}
	}
}

// ErrSlotBusy means another process streams the slot right now.
var ErrSlotBusy = errors.New("replication slot is in use by another process")

// Run connects, ensures the slot, and streams until ctx ends or the
// connection fails. Chunks are sent on out in commit order.
func (r *Reader) Run(ctx context.Context, out chan<- *Chunk) (err error) {
	if !slotName.MatchString(r.cfg.Slot) {
		return fmt.Errorf("wal: slot name %q must be 1-63 lower-case letters, digits or _", r.cfg.Slot)
	}
	cc := r.cfg.Conn.Copy()
	if cc.RuntimeParams == nil {
		cc.RuntimeParams = map[string]string{}
	}
	for k, v := range map[string]string{
		"replication":        "database",
		"DateStyle":          "ISO, MDY",
		"TimeZone":           "UTC",
		"IntervalStyle":      "postgres",
		"extra_float_digits": "3",
		"bytea_output":       "hex",
	} {
		cc.RuntimeParams[k] = v
	}
	if r.cfg.ApplicationName != "" {
		cc.RuntimeParams["application_name"] = r.cfg.ApplicationName
	}
	conn, err := pgconn.ConnectConfig(ctx, cc)
	if err != nil {
		return fmt.Errorf("wal: connect: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		conn.Close(cctx)
	}()

	if err := r.ensureSlot(ctx, conn); err != nil {
		return err
	}
	catchUp, err := currentLSN(ctx, conn)
	if err != nil {
		return err
	}
	// publication_names is a list of identifiers in a string literal.
	sql := fmt.Sprintf(stmt.StartReplication, r.cfg.Slot, escapeLiteral(pgident.Quote(r.cfg.Publication)))
	conn.Frontend().Send(&pgproto3.Query{String: sql})
	if err := conn.Frontend().Flush(); err != nil {
		return fmt.Errorf("wal: start replication: %w", err)
	}
	for started := false; !started; {
		msg, err := conn.ReceiveMessage(ctx)
		if err != nil {
			return fmt.Errorf("wal: start replication: %w", err)
		}
		switch m := msg.(type) {
		case *pgproto3.CopyBothResponse:
			started = true
		case *pgproto3.ErrorResponse:
			pgErr := pgconn.ErrorResponseToPgError(m)
			if pgErr.Code == "55006" { // object_in_use: another walsender holds the slot
				return fmt.Errorf("%w: %s", ErrSlotBusy, pgErr.Message)
			}
			return fmt.Errorf("wal: start replication: %w", pgErr)
		case *pgproto3.NoticeResponse, *pgproto3.ParameterStatus:
		default:
			return fmt.Errorf("wal: start replication: unexpected %T", msg)
		}
	}
	r.cfg.Log.Info("replication streaming", "slot", r.cfg.Slot, "publication", r.cfg.Publication, "caught_up_at", catchUp.String())
	s := &stream{r: r, conn: conn, out: out, catchUp: catchUp, rels: map[uint32]*Relation{}}
	return s.loop(ctx)
}

func (r *Reader) ensureSlot(ctx context.Context, conn *pgconn.PgConn) error {
	res, err := conn.Exec(ctx, fmt.Sprintf(stmt.SlotState, r.cfg.Slot, escapeLiteral(r.cfg.Publication))).ReadAll()
	if err != nil {
		return fmt.Errorf("wal: look up slot %s: %w", r.cfg.Slot, err)
	}
	if len(res) != 2 || len(res[1].Rows) != 1 || string(res[1].Rows[0][0]) == "0" {
		return fmt.Errorf("wal: publication %q does not exist; the 0400 migration creates it", r.cfg.Publication)
	}
	if rows := res[0].Rows; len(rows) == 1 {
		if plugin := string(rows[0][0]); plugin != "pgoutput" {
			return fmt.Errorf("wal: slot %s uses plugin %q, not pgoutput; drop it or choose another slot name", r.cfg.Slot, plugin)
		}
		if db, here := string(rows[0][1]), string(rows[0][2]); db != here {
			return fmt.Errorf("wal: slot %s belongs to database %s, not %s; choose another slot name", r.cfg.Slot, db, here)
		}
		return nil
	}
	_, err = conn.Exec(ctx, fmt.Sprintf(stmt.CreateSlot, r.cfg.Slot)).ReadAll()
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42710" { // duplicate_object: another instance made it first
		return nil
	}
	if err != nil {
		return fmt.Errorf("wal: create slot %s: %w", r.cfg.Slot, err)
	}
	r.cfg.Log.Info("created replication slot", "slot", r.cfg.Slot)
	return nil
}

func currentLSN(ctx context.Context, conn *pgconn.PgConn) (LSN, error) {
	res, err := conn.Exec(ctx, stmt.CurrentLSN).ReadAll()
	if err != nil || len(res) != 1 || len(res[0].Rows) != 1 {
		return 0, fmt.Errorf("wal: read current WAL position: %v", err)
	}
	return pgoutput.ParseLSN(string(res[0].Rows[0][0]))
}

func escapeLiteral(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			b = append(b, '\'')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// stream is one START_REPLICATION session.
type stream struct {
	r       *Reader
	conn    *pgconn.PgConn
	out     chan<- *Chunk
	catchUp LSN
	rels    map[uint32]*Relation

	cur      *Chunk // the open transaction's pending chunk
	inTxn    bool
	emitted  LSN // EndLSN of the last final chunk handed out
	received LSN // the furthest WAL position seen
	idleEnd  LSN // a keepalive position we may confirm while idle
	lastSent LSN // flush position last reported
	lastAt   time.Time
}

// pollInterval bounds how long an acknowledgement waits to be reported.
const pollInterval = 100 * time.Millisecond

func (s *stream) loop(ctx context.Context) error {
	defer s.sendStatus(false) // best effort: report the final position
	for {
		if err := s.maybeSendStatus(); err != nil {
			return err
		}
		rctx, cancel := context.WithTimeout(ctx, pollInterval)
		msg, err := s.conn.ReceiveMessage(rctx)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if pgconn.Timeout(err) {
				continue
			}
			return fmt.Errorf("wal: receive: %w", err)
		}
		switch m := msg.(type) {
		case *pgproto3.CopyData:
			if err := s.handleCopyData(ctx, m.Data); err != nil {
				return err
			}
		case *pgproto3.ErrorResponse:
			return fmt.Errorf("wal: server: %w", pgconn.ErrorResponseToPgError(m))
		case *pgproto3.CopyDone:
			return errors.New("wal: server ended the replication stream")
		}
	}
}

func (s *stream) handleCopyData(ctx context.Context, data []byte) error {
	cd, err := pgoutput.ParseCopyData(data)
	if err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	switch m := cd.(type) {
	case *pgoutput.Keepalive:
		s.received = max(s.received, m.ServerWALEnd)
		if !s.inTxn {
			s.idleEnd = m.ServerWALEnd
		}
		if m.ReplyRequested {
			return s.sendStatus(false)
		}
	case *pgoutput.XLogData:
		s.received = max(s.received, m.WALStart)
		return s.handleMessage(ctx, m.Data)
	}
	return nil
}

func (s *stream) handleMessage(ctx context.Context, data []byte) error {
	msg, err := pgoutput.Parse(data)
	if err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	switch m := msg.(type) {
	case *pgoutput.Begin:
		s.inTxn = true
		s.cur = &Chunk{Xid: m.Xid, CommitLSN: m.FinalLSN, CommitTime: m.CommitTime, Backlog: m.FinalLSN <= s.catchUp}
	case *pgoutput.Commit:
		if s.cur == nil {
			return errors.New("wal: commit without begin")
		}
		s.cur.Final, s.cur.EndLSN = true, m.EndLSN
		if err := s.emit(ctx); err != nil {
			return err
		}
		s.inTxn = false
		s.emitted = m.EndLSN
		s.received = max(s.received, m.EndLSN)
	case *pgoutput.Relation:
		rel := &Relation{ID: m.RelationID, Schema: m.Namespace, Name: m.Name, Identity: m.ReplicaIdentity}
		for _, c := range m.Columns {
			rel.Columns = append(rel.Columns, Column{Name: c.Name, TypeOID: c.TypeOID, TypeMod: c.TypeMod, Key: c.Key})
		}
		s.rels[m.RelationID] = rel
	case *pgoutput.Insert:
		return s.add(ctx, 'I', m.RelationID, 0, nil, m.New)
	case *pgoutput.Update:
		return s.add(ctx, 'U', m.RelationID, m.OldKind, m.Old, m.New)
	case *pgoutput.Delete:
		return s.add(ctx, 'D', m.RelationID, m.OldKind, m.Old, nil)
	}
	// Truncate, Type, Origin and logical messages carry nothing the hosted
	// Realtime delivers.
	return nil
}

func (s *stream) add(ctx context.Context, op byte, relID uint32, oldKind byte, old, new []pgoutput.Column) error {
	rel := s.rels[relID]
	if rel == nil || s.cur == nil {
		return fmt.Errorf("wal: change for unknown relation %d", relID)
	}
	s.cur.Changes = append(s.cur.Changes, Change{Op: op, Rel: rel, New: values(new), Old: values(old), OldKind: oldKind})
	if len(s.cur.Changes) >= s.r.cfg.ChunkSize {
		if err := s.emit(ctx); err != nil {
			return err
		}
	}
	return nil
}

// values copies a tuple: the receive buffer is reused by the next message.
func values(cols []pgoutput.Column) []Value {
	if cols == nil {
		return nil
	}
	vs := make([]Value, len(cols))
	for i, c := range cols {
		vs[i] = Value{Kind: c.Kind, Text: string(c.Data)}
	}
	return vs
}

func (s *stream) emit(ctx context.Context) error {
	c := s.cur
	select {
	case s.out <- c:
	case <-ctx.Done():
		return ctx.Err()
	}
	if !c.Final {
		s.cur = &Chunk{Xid: c.Xid, CommitLSN: c.CommitLSN, CommitTime: c.CommitTime, Backlog: c.Backlog}
	} else {
		s.cur = nil
	}
	return nil
}

// flushPos is what the slot may forget: everything acknowledged, or — when
// every handed-out transaction is acknowledged and none is open — the
// server's last keepalive position, so WAL of unpublished tables is not
// retained forever.
func (s *stream) flushPos() LSN {
	acked := LSN(s.r.acked.Load())
	if !s.inTxn && acked >= s.emitted && s.idleEnd > acked {
		return s.idleEnd
	}
	return acked
}

func (s *stream) maybeSendStatus() error {
	if s.flushPos() != s.lastSent || time.Since(s.lastAt) >= s.r.cfg.StatusInterval {
		return s.sendStatus(false)
	}
	return nil
}

func (s *stream) sendStatus(reply bool) error {
	flush := s.flushPos()
	st := pgoutput.StandbyStatus{Written: max(s.received, flush), Flushed: flush, Applied: flush, ClientTime: time.Now(), ReplyRequested: reply}
	s.conn.Frontend().Send(&pgproto3.CopyData{Data: st.Encode()})
	if err := s.conn.Frontend().Flush(); err != nil {
		return fmt.Errorf("wal: send status: %w", err)
	}
	s.lastSent, s.lastAt = flush, time.Now()
	return nil
}

// DropSlot removes the slot, for tests and decommissioning. It fails while
// a Reader streams it.
func DropSlot(ctx context.Context, conn *pgconn.PgConn, slot string) error {
	if !slotName.MatchString(slot) {
		return fmt.Errorf("wal: bad slot name %q", slot)
	}
	_, err := conn.Exec(ctx, fmt.Sprintf(stmt.DropSlot, slot)).ReadAll()
	return err
}
