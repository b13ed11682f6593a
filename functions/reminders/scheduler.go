package reminders

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/robfig/cron/v3"

	"daybase/internal/mail"
)

// SchedulerConfig configures the reminder scheduler.
type SchedulerConfig struct {
	// Mailer sends reminder e-mails; nil sends none.
	Mailer mail.Sender
	// AppURL is the web app's base URL for links in e-mails
	// (e.g. http://127.0.0.1:54321).
	AppURL string
	// LateAfter is how long after its moment a reminder counts as late
	// (delivered after downtime): flagged late, and superseded by a later
	// reminder of the same task that is also due. Default 5 minutes.
	LateAfter time.Duration
	// BatchSize is how many reminders one transaction claims. Default 500.
	BatchSize int
	// DeliverSpec and RequestsSpec are the cron schedules (robfig/cron with
	// seconds) of the delivery sweep and of recomputing requested tasks.
	// Defaults "@every 1s" and "@every 2s".
	DeliverSpec, RequestsSpec string
}

// Scheduler delivers due reminders. Any number of schedulers (one per
// daybase instance) may run against one database: each claims its batch
// with FOR UPDATE SKIP LOCKED and marks it handled in the same
// transaction, so a reminder is delivered by exactly one of them.
type Scheduler struct {
	svc *Service
	cfg SchedulerConfig
	log *slog.Logger

	mu     sync.Mutex // protects cron and cancel
	cron   *cron.Cron
	cancel context.CancelFunc

	warnedNoTable atomic.Bool
}

// NewScheduler returns a stopped scheduler over svc's pool and clock.
func NewScheduler(svc *Service, cfg SchedulerConfig) *Scheduler {
	if cfg.LateAfter == 0 {
		cfg.LateAfter = 5 * time.Minute
	}
	if cfg.BatchSize == 0 {
		cfg.BatchSize = 500
	}
	if cfg.DeliverSpec == "" {
		cfg.DeliverSpec = "@every 1s"
	}
	if cfg.RequestsSpec == "" {
		cfg.RequestsSpec = "@every 2s"
	}
	return &Scheduler{svc: svc, cfg: cfg, log: svc.log.With("component", "reminders")}
}

// Start runs the periodic sweeps until Close. A sweep still running when
// its next tick comes is not started twice.
func (s *Scheduler) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	c := cron.New(cron.WithSeconds(), cron.WithChain(cron.Recover(cronLogger{s.log}), cron.SkipIfStillRunning(cronLogger{s.log})))
	jobs := []struct {
		spec string
		name string
		fn   func(context.Context) (int, error)
	}{
		{s.cfg.DeliverSpec, "deliver", s.Deliver},
		{s.cfg.RequestsSpec, "recompute", s.ProcessRequests},
		{"@every 1h", "prune", s.Prune},
	}
	for _, j := range jobs {
		if _, err := c.AddFunc(j.spec, func() {
			if _, err := j.fn(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("reminder sweep failed", "sweep", j.name, "err", err)
			}
		}); err != nil {
			cancel()
			return fmt.Errorf("reminder schedule %q: %w", j.spec, err)
		}
	}
	s.cron, s.cancel = c, cancel
	c.Start()
	return nil
}

// Close stops the sweeps and waits (up to 10 s) for a running one.
func (s *Scheduler) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cron == nil {
		return
	}
	done := s.cron.Stop()
	s.cancel()
	select {
	case <-done.Done():
	case <-time.After(10 * time.Second):
	}
	s.cron = nil
}

// due is one claimed reminder with what delivery needs.
type due struct {
	id                         int64
	taskID, userID, kind       string
	offset                     int
	taskDueAt, fireAt          time.Time
	title                      string
	priority                   int
	dueDate                    string
	dueTime                    *time.Time
	completed, deleted         bool
	superseded                 bool
	inApp, browser, email      bool
	inAppMin, browserMin, mMin int
	enabled, taskReminders     bool
	address                    string
}

// Deliver hands out every reminder due by now, batch by batch, and
// returns how many it handled (delivered, superseded or dropped).
func (s *Scheduler) Deliver(ctx context.Context) (int, error) {
	total := 0
	for {
		n, err := s.deliverBatch(ctx)
		total += n
		if err != nil || n < s.cfg.BatchSize {
			return total, err
		}
	}
}

// notificationRow is one row for stmt.InsertNotifications.
type notificationRow struct{ typ, title, message, userID, taskID, metadata string }

func (s *Scheduler) deliverBatch(ctx context.Context) (int, error) {
	now := s.svc.now()
	var mails []mail.Message
	n := 0
	err := pgx.BeginFunc(ctx, s.svc.admin, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, stmt.NotificationsExist).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			if !s.warnedNoTable.Swap(true) {
				s.log.Warn("reminders wait: table public.notifications does not exist yet")
			}
			return nil
		}
		rows, err := tx.Query(ctx, stmt.Claim, now, s.cfg.BatchSize)
		if err != nil {
			return err
		}
		claimed, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (due, error) {
			var d due
			var prio int16
			var inMin, brMin, emMin int16
			err := row.Scan(&d.id, &d.taskID, &d.userID, &d.kind, &d.offset, &d.taskDueAt, &d.fireAt,
				&d.title, &prio, &d.dueDate, &d.dueTime, &d.completed, &d.deleted, &d.superseded,
				&d.inApp, &d.browser, &d.email, &inMin, &brMin, &emMin, &d.enabled, &d.taskReminders, &d.address)
			d.priority, d.inAppMin, d.browserMin, d.mMin = int(prio), int(inMin), int(brMin), int(emMin)
			return d, err
		})
		if err != nil {
			return err
		}
		n = len(claimed)
		if n == 0 {
			return nil
		}
		ids := make([]int64, 0, n)
		statuses := make([]string, 0, n)
		lates := make([]bool, 0, n)
		var notes []notificationRow
		for _, d := range claimed {
			late := now.Sub(d.fireAt) > s.cfg.LateAfter
			status, note, m := s.decide(d, late)
			ids, statuses, lates = append(ids, d.id), append(statuses, status), append(lates, late)
			if note != nil {
				notes = append(notes, *note)
			}
			if m != nil {
				mails = append(mails, *m)
			}
		}
		if len(notes) > 0 {
			cols := make([][]string, 6)
			for _, r := range notes {
				for i, v := range []string{r.typ, r.title, r.message, r.userID, r.taskID, r.metadata} {
					cols[i] = append(cols[i], v)
				}
			}
			if _, err := tx.Exec(ctx, stmt.InsertNotifications, cols[0], cols[1], cols[2], cols[3], cols[4], cols[5]); err != nil {
				return fmt.Errorf("insert notifications: %w", err)
			}
		}
		_, err = tx.Exec(ctx, stmt.Mark, ids, statuses, lates, now)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("deliver reminders: %w", err)
	}
	// E-mail goes after the commit, so a rolled-back batch sends nothing;
	// a crash between the two loses the e-mail, never duplicates it.
	for _, m := range mails {
		if err := s.cfg.Mailer.Send(ctx, m); err != nil {
			s.log.Error("reminder e-mail failed", "to", m.To, "err", err)
		}
	}
	return n, nil
}

// passes says whether a task's priority reaches a channel's threshold. A
// task without priority (0) counts as low (1), so the default threshold of
// 1 lets every reminder through (docs/decisions.md).
func passes(priority, threshold int) bool { return max(priority, 1) >= threshold }

// decide turns one claimed reminder into its status and what to send.
func (s *Scheduler) decide(d due, late bool) (string, *notificationRow, *mail.Message) {
	switch {
	case d.completed || d.deleted:
		return "dropped", nil, nil
	case late && d.superseded:
		return "superseded", nil, nil
	case !d.enabled || !d.taskReminders:
		return "dropped", nil, nil
	}
	inApp := (d.inApp && passes(d.priority, d.inAppMin)) || (d.browser && passes(d.priority, d.browserMin))
	email := s.cfg.Mailer != nil && d.email && d.address != "" && passes(d.priority, d.mMin)
	if !inApp && !email {
		return "dropped", nil, nil
	}
	typ, title, message := texts(d)
	actionURL := "/app/tasks?taskId=" + d.taskID
	meta := map[string]any{
		"actionUrl": actionURL, "task_title": d.title, "due_date": nilIfEmpty(d.dueDate),
		"due_time": d.dueTime, "priority": d.priority, "reminder_type": d.kind,
		"offset_minutes": d.offset, "fire_at": d.fireAt.UTC(), "late": late, "reminder_id": d.id,
	}
	b, _ := json.Marshal(meta)
	var note *notificationRow
	if inApp {
		note = &notificationRow{typ: typ, title: title, message: message, userID: d.userID, taskID: d.taskID, metadata: string(b)}
	}
	var m *mail.Message
	if email {
		body := message + "\n\n" + d.title + "\n"
		if late {
			body += "\n(This reminder is late: the server was unavailable at " + d.fireAt.UTC().Format(time.RFC1123) + ".)\n"
		}
		body += "\nOpen the task: " + strings.TrimRight(s.cfg.AppURL, "/") + actionURL + "\n"
		m = &mail.Message{To: d.address, Subject: title, Body: body, Kind: "task_reminder"}
	}
	return "delivered", note, m
}

// texts are a reminder's notification type, title and message. Advance
// and due reminders are of type reminder, overdue ones deadline (002 §3).
func texts(d due) (typ, title, message string) {
	switch d.kind {
	case KindAdvance:
		return "reminder", "Reminder: " + d.title, "Due in " + humanMinutes(d.offset)
	case KindDue:
		if d.dueTime == nil {
			return "reminder", "Due today: " + d.title, "This task is due today"
		}
		return "reminder", "Due now: " + d.title, "This task is due now"
	default:
		return "deadline", "Overdue: " + d.title, "This task is overdue"
	}
}

func humanMinutes(m int) string {
	unit := func(n int, s string) string {
		if n == 1 {
			return "1 " + s
		}
		return fmt.Sprintf("%d %ss", n, s)
	}
	switch {
	case m%10080 == 0:
		return unit(m/10080, "week")
	case m%1440 == 0:
		return unit(m/1440, "day")
	case m%60 == 0:
		return unit(m/60, "hour")
	default:
		return unit(m, "minute")
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// ProcessRequests recomputes the reminders of tasks that changed (the
// jobs.reminder_requests queue the tasks trigger fills).
func (s *Scheduler) ProcessRequests(ctx context.Context) (int, error) {
	total := 0
	for {
		n := 0
		err := pgx.BeginFunc(ctx, s.svc.admin, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, stmt.ClaimRequests)
			if err != nil {
				return err
			}
			ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return err
			}
			n = len(ids)
			now := s.svc.now()
			for _, id := range ids {
				if _, err := Replace(ctx, tx, id, now); err != nil {
					return err
				}
			}
			return nil
		})
		total += n
		if err != nil {
			return total, fmt.Errorf("recompute reminders: %w", err)
		}
		if n < 200 {
			return total, nil
		}
	}
}

// Prune deletes handled reminders older than 30 days.
func (s *Scheduler) Prune(ctx context.Context) (int, error) {
	tag, err := s.svc.admin.Exec(ctx, stmt.Prune,
		s.svc.now().Add(-30*24*time.Hour))
	return int(tag.RowsAffected()), err
}

// cronLogger adapts slog to cron's logger.
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Debug(msg, kv...) }
func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error(msg, append(kv, "err", err)...)
}
