package calsync

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/internal/asrole"
)

// CalDAV (RFC 4791) for tasks, at <Prefix>/dav/:
//
//	<Prefix>/dav/<user>/                 the user's principal
//	<Prefix>/dav/<user>/tasks/           their calendar home
//	<Prefix>/dav/<user>/tasks/inbox/     tasks in no project
//	<Prefix>/dav/<user>/tasks/<project>/ each project they can see
//	.../<name>.ics                       one task as a VTODO
//
// Calendar apps sign in with HTTP Basic: the e-mail address and an app
// password (migration 0731). Every read and write then runs as the user,
// through row-level security, as the app's own would.

// davUser is who a CalDAV request signed in as.
type davUser struct {
	id  string
	loc *time.Location
	req asrole.Request
	// ifMatch is the request's If-Match: go-webdav hands it to PUT but not
	// to DELETE, which needs it as much.
	ifMatch string
}

type davKey struct{}

func userOf(ctx context.Context) davUser { u, _ := ctx.Value(davKey{}).(davUser); return u }

const signInHelp = "Sign in with your Daybase e-mail address and an app password: make one in Daybase, Settings → Integrations → Calendar sync."

// dav authenticates a calendar app and hands the request to go-webdav.
func (s *Service) dav(w http.ResponseWriter, r *http.Request) {
	email, password, ok := r.BasicAuth()
	if !ok {
		w.Header().Set("WWW-Authenticate", `Basic realm="Daybase", charset="UTF-8"`)
		fail(w, http.StatusUnauthorized, signInHelp)
		return
	}
	ctx := r.Context()
	var u davUser
	var allowed bool
	var tz string
	err := s.cfg.Admin.QueryRow(ctx, `
		SELECT o.user_id::text, o.allowed, jobs.user_time_zone(o.user_id)
		FROM private.app_password_owner($1, $2) o WHERE o.user_id IS NOT NULL`, email, password).
		Scan(&u.id, &allowed, &tz)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		w.Header().Set("WWW-Authenticate", `Basic realm="Daybase", charset="UTF-8"`)
		fail(w, http.StatusUnauthorized, "That e-mail address and app password do not match. "+signInHelp)
		return
	case err != nil:
		s.cfg.Log.Error("caldav: sign in", "err", err)
		fail(w, http.StatusInternalServerError, "Daybase could not check the app password; try again shortly.")
		return
	case !allowed:
		fail(w, http.StatusForbidden, "Calendar sync is part of the Pro and Team plans. Upgrade in Daybase (Settings → Billing) to sync your tasks.")
		return
	}
	if u.loc, err = time.LoadLocation(tz); err != nil {
		u.loc = time.UTC
	}
	// The gateway strips the mount prefix; hrefs must carry it.
	r.URL.Path = s.cfg.Prefix + r.URL.Path
	u.req, u.ifMatch = asrole.FromHTTP(r), r.Header.Get("If-Match")
	h := caldav.Handler{Backend: &backend{s: s}, Prefix: s.cfg.Prefix + "/dav"}
	h.ServeHTTP(w, r.WithContext(context.WithValue(ctx, davKey{}, u)))
}

// backend is go-webdav's caldav.Backend over tasks.
type backend struct{ s *Service }

func (b *backend) root() string { return b.s.cfg.Prefix + "/dav/" }

func (b *backend) CurrentUserPrincipal(ctx context.Context) (string, error) {
	return b.root() + userOf(ctx).id + "/", nil
}

func (b *backend) CalendarHomeSetPath(ctx context.Context) (string, error) {
	return b.root() + userOf(ctx).id + "/tasks/", nil
}

func (b *backend) CreateCalendar(context.Context, *caldav.Calendar) error {
	return webdav.NewHTTPError(http.StatusForbidden, errors.New("make projects in Daybase: each project is a task list here"))
}

// inbox is the collection of tasks in no project.
const inbox = "inbox"

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// parse splits a path under the user's home into its collection and
// object name ("" for the collection itself).
func (b *backend) parse(ctx context.Context, p string) (coll, name string, err error) {
	home, _ := b.CalendarHomeSetPath(ctx)
	rest, ok := strings.CutPrefix(p, home)
	coll, name, _ = strings.Cut(rest, "/")
	if !ok || (coll != inbox && !uuidRE.MatchString(coll)) || strings.Contains(name, "/") {
		return "", "", webdav.NewHTTPError(http.StatusNotFound, fmt.Errorf("no task list at %s", p))
	}
	return coll, name, nil
}

func (b *backend) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	u := userOf(ctx)
	return asrole.Tx(ctx, b.s.cfg.API, As(u.id), u.req, fn)
}

// calendars are the user's task lists: the inbox, then each project they
// can see that is neither deleted nor archived.
func (b *backend) calendars(ctx context.Context, tx pgx.Tx, only string) ([]caldav.Calendar, error) {
	home, _ := b.CalendarHomeSetPath(ctx)
	cal := func(id, name, desc string) caldav.Calendar {
		return caldav.Calendar{Path: home + id + "/", Name: name, Description: desc,
			SupportedComponentSet: []string{ical.CompToDo}, MaxResourceSize: 100_000}
	}
	var out []caldav.Calendar
	if only == "" || only == inbox {
		out = append(out, cal(inbox, "Inbox", "Daybase tasks in no project"))
	}
	if only == inbox {
		return out, nil
	}
	rows, err := tx.Query(ctx, stmt.Projects, only)
	if err != nil {
		return nil, fmt.Errorf("list projects: %w", err)
	}
	var id, name, desc string
	_, err = pgx.ForEachRow(rows, []any{&id, &name, &desc}, func() error {
		out = append(out, cal(id, name, desc))
		return nil
	})
	return out, err
}

func (b *backend) ListCalendars(ctx context.Context) (cals []caldav.Calendar, err error) {
	err = b.tx(ctx, func(tx pgx.Tx) error { cals, err = b.calendars(ctx, tx, ""); return err })
	return cals, err
}

func (b *backend) GetCalendar(ctx context.Context, p string) (*caldav.Calendar, error) {
	coll, name, err := b.parse(ctx, p)
	if err != nil {
		return nil, err
	}
	if name != "" {
		return nil, webdav.NewHTTPError(http.StatusNotFound, fmt.Errorf("%s is a task, not a list", p))
	}
	var cals []caldav.Calendar
	err = b.tx(ctx, func(tx pgx.Tx) error { cals, err = b.calendars(ctx, tx, coll); return err })
	if err != nil {
		return nil, err
	}
	if len(cals) == 0 {
		return nil, webdav.NewHTTPError(http.StatusNotFound, fmt.Errorf("no task list at %s", p))
	}
	return &cals[0], nil
}

// object is a task with what its calendar app wrote beside it.
type object struct {
	Task
	name, uid string
	extra     Extra
}

func (b *backend) objects(ctx context.Context, tx pgx.Tx, coll, name string, lock bool) ([]object, error) {
	q, args := stmt.Objects, []any{coll}
	if lock {
		q = stmt.ObjectsLocked
	}
	if name != "" {
		var id *string
		if s, ok := strings.CutSuffix(name, ".ics"); ok && uuidRE.MatchString(s) {
			id = &s
		}
		q, args = stmt.NamedObjects, append(args, name, id)
		if lock {
			q = stmt.NamedObjectsLocked
		}
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read tasks: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (object, error) {
		var o object
		var reminders []int32
		var extra []byte
		err := row.Scan(&o.ID, &o.Title, &o.Notes, &o.DueDate, &o.DueTime, &o.Priority, &o.Tags, &o.List,
			&o.Location, &reminders, &o.Recurrence, &o.Completed, &o.CompletedAt, &o.Created, &o.Updated, &o.Duration,
			&o.name, &o.uid, &extra)
		for _, m := range reminders {
			o.Reminders = append(o.Reminders, int(m))
		}
		if err == nil {
			err = json.Unmarshal(extra, &o.extra)
		}
		return o, err
	})
}

// calendarObject encodes o; its ETag is the hash of its bytes, so any
// change to the task or to what the app wrote changes it.
func (b *backend) calendarObject(ctx context.Context, coll string, o object) (caldav.CalendarObject, error) {
	home, _ := b.CalendarHomeSetPath(ctx)
	cal := ToDoCalendar(ToDo(o.Task, o.uid, o.extra))
	var buf bytes.Buffer
	if err := ical.NewEncoder(&buf).Encode(cal); err != nil {
		return caldav.CalendarObject{}, fmt.Errorf("encode task %s: %w", o.ID, err)
	}
	sum := sha256.Sum256(buf.Bytes())
	return caldav.CalendarObject{Path: home + coll + "/" + o.name, ModTime: o.Updated, ContentLength: int64(buf.Len()),
		ETag: hex.EncodeToString(sum[:16]), Data: cal}, nil
}

func (b *backend) GetCalendarObject(ctx context.Context, p string, _ *caldav.CalendarCompRequest) (*caldav.CalendarObject, error) {
	coll, name, err := b.parse(ctx, p)
	if err != nil {
		return nil, err
	}
	var co caldav.CalendarObject
	err = b.tx(ctx, func(tx pgx.Tx) error {
		objs, err := b.objects(ctx, tx, coll, name, false)
		if err != nil || len(objs) == 0 {
			return err
		}
		co, err = b.calendarObject(ctx, coll, objs[0])
		return err
	})
	if err == nil && co.Data == nil {
		err = webdav.NewHTTPError(http.StatusNotFound, fmt.Errorf("no task at %s", p))
	}
	return &co, err
}

func (b *backend) ListCalendarObjects(ctx context.Context, p string, _ *caldav.CalendarCompRequest) ([]caldav.CalendarObject, error) {
	cal, err := b.GetCalendar(ctx, p)
	if err != nil {
		return nil, err
	}
	coll, _, _ := b.parse(ctx, cal.Path)
	var out []caldav.CalendarObject
	err = b.tx(ctx, func(tx pgx.Tx) error {
		objs, err := b.objects(ctx, tx, coll, "", false)
		if err != nil {
			return err
		}
		out = make([]caldav.CalendarObject, 0, len(objs))
		for _, o := range objs {
			co, err := b.calendarObject(ctx, coll, o)
			if err != nil {
				return err
			}
			out = append(out, co)
		}
		return nil
	})
	return out, err
}

func (b *backend) QueryCalendarObjects(ctx context.Context, p string, q *caldav.CalendarQuery) ([]caldav.CalendarObject, error) {
	all, err := b.ListCalendarObjects(ctx, p, nil)
	if err != nil {
		return nil, err
	}
	return caldav.Filter(q, all)
}

// preconditionFailed is 412: the app's copy is stale (or the object it
// meant to create exists), and it should fetch again before writing.
func preconditionFailed(why string) error {
	return webdav.NewHTTPError(http.StatusPreconditionFailed, errors.New(why))
}

// checkMatch applies If-Match / If-None-Match to the object as it is now
// (nil: none).
func checkMatch(cur *caldav.CalendarObject, ifMatch, ifNoneMatch webdav.ConditionalMatch) error {
	if ifNoneMatch.IsSet() {
		if ifNoneMatch.IsWildcard() && cur != nil {
			return preconditionFailed("the task already exists")
		}
		if etag, err := ifNoneMatch.ETag(); err == nil && cur != nil && etag == cur.ETag {
			return preconditionFailed("the task has not changed from that version")
		}
	}
	if ifMatch.IsSet() {
		if cur == nil {
			return preconditionFailed("the task no longer exists")
		}
		if ifMatch.IsWildcard() {
			return nil
		}
		if etag, err := ifMatch.ETag(); err != nil || etag != cur.ETag {
			return preconditionFailed("the task changed since it was read; fetch it again")
		}
	}
	return nil
}

// current locks and encodes the object at coll/name, nil when there is none.
func (b *backend) current(ctx context.Context, tx pgx.Tx, coll, name string) (*object, *caldav.CalendarObject, error) {
	objs, err := b.objects(ctx, tx, coll, name, true)
	if err != nil || len(objs) == 0 {
		return nil, nil, err
	}
	co, err := b.calendarObject(ctx, coll, objs[0])
	return &objs[0], &co, err
}

func (b *backend) PutCalendarObject(ctx context.Context, p string, cal *ical.Calendar, opts *caldav.PutCalendarObjectOptions) (*caldav.CalendarObject, error) {
	coll, name, err := b.parse(ctx, p)
	if err != nil {
		return nil, err
	}
	if _, err := b.GetCalendar(ctx, strings.TrimSuffix(p, name)); err != nil {
		return nil, err
	}
	if !strings.HasSuffix(name, ".ics") || len(name) > 200 {
		return nil, webdav.NewHTTPError(http.StatusForbidden, errors.New("a task's name must end in .ics and be at most 200 characters"))
	}
	var todo *ical.Component
	for _, c := range cal.Children {
		switch c.Name {
		case ical.CompToDo:
			if todo != nil {
				return nil, caldav.NewPreconditionError(caldav.PreconditionValidCalendarObjectResource)
			}
			todo = c
		case ical.CompTimezone:
		default:
			return nil, caldav.NewPreconditionError(caldav.PreconditionSupportedCalendarComponent)
		}
	}
	if todo == nil {
		return nil, caldav.NewPreconditionError(caldav.PreconditionSupportedCalendarComponent)
	}
	uid := text(todo, ical.PropUID)
	if uid == "" || len(uid) > 500 {
		return nil, caldav.NewPreconditionError(caldav.PreconditionValidCalendarObjectResource)
	}
	u := userOf(ctx)
	var out caldav.CalendarObject
	err = b.tx(ctx, func(tx pgx.Tx) error {
		old, cur, err := b.current(ctx, tx, coll, name)
		if err != nil {
			return err
		}
		if err := checkMatch(cur, opts.IfMatch, opts.IfNoneMatch); err != nil {
			return err
		}
		now := ""
		if old != nil {
			now = old.Recurrence
		}
		e := DecodeToDo(todo, now, u.loc)
		id, err := saveTask(ctx, tx, old, coll, e)
		if err != nil {
			return err
		}
		extra, _ := json.Marshal(e.Extra)
		if _, err := tx.Exec(ctx, stmt.KeepObject,
			id, name, uid, extra); err != nil {
			return fmt.Errorf("keep the calendar app's properties: %w", err)
		}
		_, cur, err = b.current(ctx, tx, coll, name)
		if err == nil && cur == nil {
			err = fmt.Errorf("task %s vanished after writing", id)
		}
		if err == nil {
			out = *cur
		}
		return err
	})
	if err != nil {
		return nil, davError(err)
	}
	return &out, nil
}

// saveTask writes e to the task old (nil: a new task in coll) and returns
// its id. Completing sets completed_at; the database's triggers do the
// rest (the next occurrence of a repeating task, activity, caps).
func saveTask(ctx context.Context, tx pgx.Tx, old *object, coll string, e Edit) (string, error) {
	var project *string
	if coll != inbox {
		project = &coll
	}
	var completedAt *time.Time
	if e.Completed {
		completedAt = e.CompletedAt
		if completedAt == nil && old != nil {
			completedAt = old.CompletedAt
		}
		if completedAt == nil {
			t := time.Now()
			completedAt = &t
		}
	}
	reminders := e.Reminders
	if reminders == nil {
		reminders = []int32{}
	}
	args := []any{e.Title, nullable(e.Notes), nullable(e.Location), nullable(e.Tags), e.Priority, e.DueDate, e.DueTime,
		e.Completed, completedAt, reminders, nullable(e.Recurrence), e.KeepRecurrence, e.Duration}
	var id string
	var err error
	if old == nil {
		err = tx.QueryRow(ctx, stmt.InsertTask,
			append(args, project)...).Scan(&id)
	} else {
		err = tx.QueryRow(ctx, stmt.UpdateTask, append(args, old.ID)...).Scan(&id)
	}
	if err != nil {
		return "", fmt.Errorf("save task: %w", err)
	}
	return id, nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (b *backend) DeleteCalendarObject(ctx context.Context, p string) error {
	coll, name, err := b.parse(ctx, p)
	if err != nil {
		return err
	}
	if name == "" {
		return webdav.NewHTTPError(http.StatusForbidden, errors.New("delete projects in Daybase"))
	}
	err = b.tx(ctx, func(tx pgx.Tx) error {
		old, cur, err := b.current(ctx, tx, coll, name)
		if err != nil {
			return err
		}
		if cur == nil {
			return webdav.NewHTTPError(http.StatusNotFound, fmt.Errorf("no task at %s", p))
		}
		if err := checkMatch(cur, webdav.ConditionalMatch(userOf(ctx).ifMatch), ""); err != nil {
			return err
		}
		// Into the trash, as deleting in the app does: restorable there.
		if _, err := tx.Exec(ctx, stmt.TrashTask, old.ID); err != nil {
			return fmt.Errorf("delete task: %w", err)
		}
		return nil
	})
	return davError(err)
}

// davError maps what the database refused to an HTTP status a calendar app
// understands, with the database's own message (a cap, a constraint).
func davError(err error) error {
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		return err
	}
	switch {
	case pg.Code == "42501" || pg.Code == "P0001":
		return webdav.NewHTTPError(http.StatusForbidden, errors.New(pg.Message))
	case strings.HasPrefix(pg.Code, "22") || strings.HasPrefix(pg.Code, "23"):
		return webdav.NewHTTPError(http.StatusBadRequest, errors.New(pg.Message))
	}
	return err
}
