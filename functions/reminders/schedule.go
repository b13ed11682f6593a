package reminders

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/functions"
	"daybase/internal/identity"
)

// Service holds what the function and the scheduler share.
type Service struct {
	admin *pgxpool.Pool // bypasses RLS: the jobs schema is the server's
	log   *slog.Logger
	now   func() time.Time
}

// NewService returns the reminders service; admin must be a pool whose role
// bypasses row-level security and owns the jobs schema.
func NewService(admin *pgxpool.Pool, log *slog.Logger) *Service {
	return &Service{admin: admin, log: log, now: time.Now}
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// scheduleRequest is the body 001 §7 sends: the task as the app holds it and
// the caller's user id. timeZone (an IANA name) is a daybase extension: when
// present it is stored as the user's "timezone" preference first.
type scheduleRequest struct {
	Task     json.RawMessage `json:"task"`
	UserID   string          `json:"userId"`
	TimeZone string          `json:"timeZone"`
}

// scheduled is one stored reminder in the response (wire contract).
type scheduled struct {
	Type          string    `json:"type"`
	OffsetMinutes int       `json:"offsetMinutes"`
	At            time.Time `json:"at"`
}

// Function is schedule-task-notifications.
func (s *Service) Function() functions.Function {
	return functions.Function{Name: "schedule-task-notifications", Handler: s.schedule, Timeout: 10 * time.Second}
}

func (s *Service) schedule(ctx context.Context, r *functions.Request) (any, error) {
	var in scheduleRequest
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	taskID, err := taskIDOf(in.Task)
	if err != nil {
		return nil, err
	}
	switch {
	case in.UserID == "":
		return nil, functions.Errorf(http.StatusBadRequest, "Missing userId")
	case r.Caller.Role != identity.ServiceRole && in.UserID != r.UserID():
		return nil, functions.Errorf(http.StatusForbidden, "userId must be the signed-in user")
	}
	if tz := strings.TrimSpace(in.TimeZone); tz != "" && r.Caller.Role != identity.ServiceRole {
		if _, err := time.LoadLocation(tz); err != nil || tz == "Local" {
			return nil, functions.Errorf(http.StatusBadRequest, "Unknown time zone %q", tz)
		}
		tzJSON, _ := json.Marshal(tz)
		err := r.AsUser(ctx, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, stmt.TimezoneSave, string(tzJSON))
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	// The caller must see the task (their own or one of a shared project):
	// checked as the caller, under row-level security.
	var visible bool
	if err := r.AsUser(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, stmt.TaskVisible, taskID).Scan(&visible)
	}); err != nil {
		return nil, err
	}
	if !visible {
		return nil, functions.Errorf(http.StatusNotFound, "Task not found")
	}
	var plan []Reminder
	err = pgx.BeginFunc(ctx, s.admin, func(tx pgx.Tx) error {
		plan, err = Replace(ctx, tx, taskID, s.now())
		return err
	})
	if errors.Is(err, ErrTaskNotFound) {
		return nil, functions.Errorf(http.StatusNotFound, "Task not found")
	}
	if err != nil {
		return nil, err
	}
	out := make([]scheduled, 0, len(plan))
	for _, p := range plan {
		out = append(out, scheduled{Type: p.Kind, OffsetMinutes: p.OffsetMinutes, At: p.FireAt.UTC()})
	}
	return map[string]any{"taskId": taskID, "scheduled": out}, nil
}

// taskIDOf accepts the task object ({"id": …}) or, leniently, its id.
func taskIDOf(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", functions.Errorf(http.StatusBadRequest, "Missing task")
	}
	var id string
	if err := json.Unmarshal(raw, &id); err != nil {
		var obj struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil {
			return "", functions.Errorf(http.StatusBadRequest, "task must be an object with an id")
		}
		id = obj.ID
	}
	if _, err := uuid.Parse(id); err != nil {
		return "", functions.Errorf(http.StatusBadRequest, "task.id must be a UUID")
	}
	return id, nil
}
