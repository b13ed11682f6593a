package calsync

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/jackc/pgx/v5"

	"daybase/internal/asrole"
	"daybase/internal/identity"
)

// tokenRE is the shape of a feed token (0730's CHECK): anything else is
// refused before it reaches the database.
var tokenRE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// owner is the user a feed token names.
type owner struct {
	id       string
	allowed  bool // the plan includes calendar sync
	timeZone string
}

// lookup finds the owner of token; ok is false for an unknown or revoked
// token.
func (s *Service) lookup(ctx context.Context, token string) (o owner, ok bool, err error) {
	err = s.cfg.Admin.QueryRow(ctx, `
		SELECT o.user_id::text, o.allowed, jobs.user_time_zone(o.user_id)
		FROM private.calendar_feed_owner($1) o WHERE o.user_id IS NOT NULL`, token).
		Scan(&o.id, &o.allowed, &o.timeZone)
	if errors.Is(err, pgx.ErrNoRows) {
		return owner{}, false, nil
	}
	if err != nil {
		return owner{}, false, fmt.Errorf("look up calendar feed: %w", err)
	}
	return o, true, nil
}

// As is the identity the owner's reads and writes run as. A feed token or
// an app password is a credential the owner made from an assured session
// (the RPCs that create them assert data access), so it acts at aal2.
func As(userID string) identity.Identity {
	return identity.New(map[string]any{"sub": userID, "role": identity.Authenticated, "aal": "aal2"}, "")
}

// feed serves GET /feed/<token>.ics.
func (s *Service) feed(w http.ResponseWriter, r *http.Request) {
	token, _ := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !tokenRE.MatchString(token) {
		fail(w, http.StatusNotFound, "This calendar feed does not exist or was revoked. Copy the feed URL again from Daybase: Settings → Integrations → Calendar sync.")
		return
	}
	ctx := r.Context()
	o, ok, err := s.lookup(ctx, token)
	if err != nil {
		s.cfg.Log.Error("calendar feed", "err", err)
		fail(w, http.StatusInternalServerError, "The calendar feed could not be read; try again shortly.")
		return
	}
	if !ok {
		fail(w, http.StatusNotFound, "This calendar feed does not exist or was revoked. Copy the feed URL again from Daybase: Settings → Integrations → Calendar sync.")
		return
	}
	if !o.allowed {
		fail(w, http.StatusForbidden, "Calendar sync is part of the Pro and Team plans. Upgrade in Daybase (Settings → Billing) to turn this feed back on.")
		return
	}
	loc, err := time.LoadLocation(o.timeZone)
	if err != nil {
		loc = time.UTC
	}
	var tasks []Task
	err = asrole.Tx(ctx, s.cfg.API, As(o.id), asrole.FromHTTP(r), func(tx pgx.Tx) error {
		tasks, err = datedTasks(ctx, tx, o.id)
		return err
	})
	if err != nil {
		s.cfg.Log.Error("calendar feed", "user", o.id, "err", err)
		fail(w, http.StatusInternalServerError, "The calendar feed could not be read; try again shortly.")
		return
	}
	cal := Calendar(tasks, loc, time.Now())
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, no-cache")
	w.Header().Set("Content-Disposition", `inline; filename="daybase.ics"`)
	if err := ical.NewEncoder(w).Encode(cal); err != nil {
		s.cfg.Log.Error("calendar feed: encode", "user", o.id, "err", err)
	}
}

// datedTasks are the owner's tasks with a date: their own unassigned ones
// and those assigned to them (a teammate's tasks in a shared project stay
// in the teammate's calendar), not deleted.
func datedTasks(ctx context.Context, tx pgx.Tx, userID string) ([]Task, error) {
	rows, err := tx.Query(ctx, stmt.DatedTasks, userID)
	if err != nil {
		return nil, fmt.Errorf("read dated tasks: %w", err)
	}
	return pgx.CollectRows(rows, scanTask)
}

func scanTask(row pgx.CollectableRow) (Task, error) {
	var t Task
	var reminders []int32
	err := row.Scan(&t.ID, &t.Title, &t.Notes, &t.DueDate, &t.DueTime, &t.Priority, &t.Tags, &t.List,
		&t.Location, &reminders, &t.Recurrence, &t.Completed, &t.CompletedAt, &t.Created, &t.Updated, &t.Duration)
	for _, m := range reminders {
		t.Reminders = append(t.Reminders, int(m))
	}
	return t, err
}
