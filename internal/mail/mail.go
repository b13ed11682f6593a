// Package mail sends the service's e-mail: through an SMTP server when one
// is configured (implicit TLS or STARTTLS, with dial and I/O timeouts and
// the caller's context), or into the dev outbox, auth.outbox, when none is.
//
// Auth, reminders and support all send through a [Sender] from here, so
// they read the same DAYBASE_SMTP_* settings the same way.
package mail

import (
	"context"
	"embed"
	"fmt"
	"log/slog"
	"mime"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/sqlfile"
)

// Message is one plain-text e-mail.
type Message struct {
	To, Subject, Body string
	// Kind names what the mail is for (recovery, task_reminder, …); the
	// outbox keeps it so a developer can find the mail.
	Kind string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field InsertOutbox is
// sql/insert_outbox.sql.
type statements struct{ InsertOutbox string }

var stmt = sqlfile.Load[statements](sqlFiles)

// Outbox keeps mail in auth.outbox (and the log) for development, when no
// SMTP server is configured: links can be read with
// `daybase sql -c "select body from auth.outbox order by id desc limit 1"`.
type Outbox struct {
	db  *pgxpool.Pool
	log *slog.Logger
}

// NewOutbox returns a Sender that writes to auth.outbox through db.
func NewOutbox(db *pgxpool.Pool, log *slog.Logger) *Outbox {
	return &Outbox{db: db, log: log}
}

// Send implements Sender.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if _, err := o.db.Exec(ctx, stmt.InsertOutbox, m.To, m.Subject, m.Body, m.Kind); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.log.Info("mail kept in the dev outbox (no SMTP configured)", "to", m.To, "kind", m.Kind, "subject", m.Subject, "body", m.Body)
	return nil
}

// mimeHeader encodes a header value when it is not plain ASCII.
func mimeHeader(v string) string {
	for _, r := range v {
		if r > 127 {
			return mime.QEncoding.Encode("utf-8", v)
		}
	}
	return v
}
