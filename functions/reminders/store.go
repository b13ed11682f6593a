package reminders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrTaskNotFound means the task does not exist.
var ErrTaskNotFound = errors.New("task not found")

// Replace recomputes the pending reminders of one task in tx (which must
// bypass row-level security: the admin pool or service_role): earlier
// pending rows go, the plan's rows come in. A reminder already delivered
// for the same moment is not inserted again. It returns the plan stored.
func Replace(ctx context.Context, tx pgx.Tx, taskID string, now time.Time) (_ []Reminder, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("reminders.Replace(%s): %w", taskID, err)
		}
	}()
	var (
		t         Task
		dueTime   *time.Time
		recipient string
		tzName    string
	)
	err = tx.QueryRow(ctx, stmt.LoadTask, taskID).Scan(&t.ID, &t.DueDate, &dueTime, &t.Reminders,
		&t.Completed, &t.Deleted, &recipient, &tzName)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrTaskNotFound
	}
	if err != nil {
		return nil, err
	}
	if dueTime != nil {
		t.DueTime = *dueTime
	}
	loc, lerr := time.LoadLocation(tzName)
	if lerr != nil {
		loc = time.UTC
	}
	plan := Plan(t, loc, now)
	// Pending rows already due stay when the due moment is unchanged: they
	// are waiting for the scheduler (perhaps after downtime) and go out late
	// rather than never. Everything else pending is replaced.
	var dueAt *time.Time
	if d, _, ok := DueMoment(t, loc); ok && !t.Completed && !t.Deleted {
		dueAt = &d
	}
	// The task's request row first, then its reminders: the scheduler holds
	// the request (claimed FOR UPDATE) when it gets here, and the tasks
	// trigger (0788) takes them in that order too; the other order
	// deadlocked with the scheduler replacing the same task.
	if _, err := tx.Exec(ctx, stmt.DeleteRequests, taskID); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, stmt.DeletePending,
		taskID, now, dueAt); err != nil {
		return nil, err
	}
	if len(plan) == 0 {
		return nil, nil
	}
	kinds := make([]string, len(plan))
	offsets := make([]int32, len(plan))
	dues := make([]time.Time, len(plan))
	fires := make([]time.Time, len(plan))
	for i, r := range plan {
		kinds[i], offsets[i], dues[i], fires[i] = r.Kind, int32(r.OffsetMinutes), r.TaskDueAt, r.FireAt
	}
	_, err = tx.Exec(ctx, stmt.InsertReminders, taskID, recipient, kinds, offsets, dues, fires)
	if err != nil {
		return nil, err
	}
	return plan, nil
}
