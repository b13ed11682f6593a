package calsync

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/teambition/rrule-go"
)

// Extra is what a calendar app wrote that tasks have no column for: the
// VTODO's unknown properties and components, kept as they came and written
// back on every read (RFC 4791 §4.1: a server keeps what it does not
// understand).
type Extra struct {
	Props    ical.Props        `json:"props,omitempty"`
	Children []*ical.Component `json:"children,omitempty"`
}

// mapped are the VTODO properties a task holds; everything else is Extra.
// DTSTART and RRULE are mapped only when the rule is one tasks can repeat
// by (decodeToDo).
var mapped = map[string]bool{
	ical.PropUID: true, ical.PropDateTimeStamp: true, ical.PropCreated: true, ical.PropLastModified: true,
	ical.PropSummary: true, ical.PropDescription: true, ical.PropLocation: true, ical.PropCategories: true,
	ical.PropPriority: true, ical.PropDue: true, ical.PropStatus: true, ical.PropPercentComplete: true,
	ical.PropCompleted: true, ical.PropDuration: true, ical.PropDateTimeEnd: true,
}

// ToDo is a task as a CalDAV VTODO: timed or not, a to-do with a DUE (a
// date-time in UTC, or a date), its stamps from the task so that the same
// task always encodes the same bytes (the ETag is their hash), uid the UID
// the calendar app gave it (or the task's own) and extra written back.
func ToDo(t Task, uid string, extra Extra) *ical.Component {
	c := ical.NewComponent(ical.CompToDo)
	c.Props.SetText(ical.PropUID, uid)
	c.Props.SetDateTime(ical.PropDateTimeStamp, t.Updated.UTC())
	describe(c, t)
	switch {
	case t.DueTime != nil:
		c.Props.SetDateTime(ical.PropDue, t.DueTime.UTC())
	case t.DueDate != nil:
		c.Props.SetDate(ical.PropDue, *t.DueDate)
	}
	completion(c, t)
	if rule := RRule(t.Recurrence); rule != nil && (t.DueDate != nil || t.DueTime != nil) {
		if t.DueTime != nil {
			c.Props.SetDateTime(ical.PropDateTimeStart, t.DueTime.UTC())
		} else {
			c.Props.SetDate(ical.PropDateTimeStart, *t.DueDate)
		}
		c.Props.SetRecurrenceRule(rule)
	}
	for _, m := range t.Reminders {
		c.Children = append(c.Children, Alarm(t.Title, m, true))
	}
	for name, props := range extra.Props {
		if c.Props.Get(name) == nil {
			c.Props[name] = props
		}
	}
	c.Children = append(c.Children, extra.Children...)
	return c
}

// ToDoCalendar wraps a VTODO in the VCALENDAR a CalDAV object is.
func ToDoCalendar(todo *ical.Component) *ical.Calendar {
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, ProductID)
	cal.Children = append(cal.Children, todo)
	return cal
}

// Edit is what a calendar app's VTODO sets on a task.
type Edit struct {
	Title, Notes, Location, Tags string
	Priority                     int16
	DueDate, DueTime             *time.Time
	Completed                    bool
	CompletedAt                  *time.Time
	Reminders                    []int32
	// Recurrence is the task's recurrence JSON; KeepRecurrence says the
	// VTODO left it as it was (the same rule, or none where the task's
	// rule is one iCalendar cannot say).
	Recurrence     string
	KeepRecurrence bool
	// Duration is the minutes a timed to-do lasts (tasks.duration_minutes),
	// nil to keep the task's as it is.
	Duration *int32
	Extra    Extra
}

// untitled is the title of a to-do sent without a SUMMARY.
const untitled = "Untitled task"

// DecodeToDo reads a VTODO as an edit of a task whose recurrence is now
// (empty for a new task). loc reads floating and TZID times.
func DecodeToDo(c *ical.Component, now string, loc *time.Location) Edit {
	e := Edit{Title: text(c, ical.PropSummary), Notes: text(c, ical.PropDescription), Location: text(c, ical.PropLocation)}
	if strings.TrimSpace(e.Title) == "" {
		e.Title = untitled
	}
	if p := c.Props.Get(ical.PropCategories); p != nil {
		var tags []string
		for _, p := range c.Props.Values(ical.PropCategories) {
			l, _ := p.TextList()
			tags = append(tags, l...)
		}
		e.Tags = strings.Join(Tags(strings.Join(tags, ",")), ", ")
	}
	if p := c.Props.Get(ical.PropPriority); p != nil {
		n, _ := strconv.Atoi(strings.TrimSpace(p.Value))
		e.Priority = priorityOf(n)
	}
	if p := c.Props.Get(ical.PropDue); p != nil {
		if at, err := p.DateTime(loc); err == nil {
			if p.ValueType() == ical.ValueDate {
				d := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
				e.DueDate = &d
			} else {
				local := at.In(loc)
				d := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
				e.DueDate, e.DueTime = &d, &at
			}
		}
	}
	e.Duration = durationOf(c, e.DueTime, loc)
	status := strings.ToUpper(text(c, ical.PropStatus))
	if p := c.Props.Get(ical.PropCompleted); p != nil || status == "COMPLETED" {
		e.Completed = true
		if p != nil {
			if at, err := p.DateTime(time.UTC); err == nil {
				e.CompletedAt = &at
			}
		}
	}
	e.Extra = Extra{Props: ical.Props{}}
	for name, props := range c.Props {
		if !mapped[name] && name != ical.PropRecurrenceRule && name != ical.PropDateTimeStart {
			e.Extra.Props[name] = props
		}
	}
	e.Recurrence, e.KeepRecurrence = recurrenceOf(c, now)
	if !e.KeepRecurrence && e.Recurrence == "" && c.Props.Get(ical.PropRecurrenceRule) != nil {
		// A rule tasks cannot repeat by stays the app's own, with its start.
		e.Extra.Props[ical.PropRecurrenceRule] = c.Props[ical.PropRecurrenceRule]
	}
	if c.Props.Get(ical.PropDateTimeStart) != nil && (e.Extra.Props.Get(ical.PropRecurrenceRule) != nil || c.Props.Get(ical.PropRecurrenceRule) == nil) {
		e.Extra.Props[ical.PropDateTimeStart] = c.Props[ical.PropDateTimeStart]
	}
	for _, child := range c.Children {
		if m, ok := reminderOf(child); ok {
			e.Reminders = append(e.Reminders, m)
			continue
		}
		e.Extra.Children = append(e.Extra.Children, child)
	}
	return e
}

// Shortest and longest duration a task holds (check
// tasks_duration_minutes_range, migration 0762).
const minDuration, maxDuration = 5, 24 * 60

// durationOf reads how long a timed to-do lasts: its DURATION, else its
// DTEND less its start (DTSTART when it is a time, else DUE). RFC 5545
// gives a VTODO no DTEND and no DURATION beside DUE, yet apps send both
// (jtx writes DURATION, VEVENT habits bring DTEND), so both are read. nil
// keeps the task's duration: an all-day to-do, neither property, or a
// value the column cannot hold (not whole minutes, outside 5 min–24 h,
// unparsable) — a calendar app's odd value is no reason to refuse its edit.
func durationOf(c *ical.Component, due *time.Time, loc *time.Location) *int32 {
	start := due
	if p := c.Props.Get(ical.PropDateTimeStart); p != nil && p.ValueType() != ical.ValueDate {
		if at, err := p.DateTime(loc); err == nil {
			start = &at
		}
	}
	if start == nil {
		return nil
	}
	var d time.Duration
	if p := c.Props.Get(ical.PropDuration); p != nil {
		v, err := p.Duration()
		if err != nil {
			return nil
		}
		d = v
	} else if p := c.Props.Get(ical.PropDateTimeEnd); p != nil && p.ValueType() != ical.ValueDate {
		end, err := p.DateTime(loc)
		if err != nil {
			return nil
		}
		d = end.Sub(*start)
	} else {
		return nil
	}
	if d%time.Minute != 0 || d < minDuration*time.Minute || d > maxDuration*time.Minute {
		return nil
	}
	m := int32(d / time.Minute)
	return &m
}

func text(c *ical.Component, name string) string {
	p := c.Props.Get(name)
	if p == nil {
		return ""
	}
	s, _ := p.Text()
	return s
}

// priorityOf inverts Priority: iCalendar's 1 (highest) to 9 (lowest) onto
// urgent, high, medium and low.
func priorityOf(n int) int16 {
	switch {
	case n <= 0 || n > 9:
		return 0
	case n <= 2:
		return 4
	case n <= 4:
		return 3
	case n == 5:
		return 2
	}
	return 1
}

// reminderOf reads a VALARM that fires a number of minutes before the due
// time (what tasks.reminders holds); other alarms are Extra.
func reminderOf(c *ical.Component) (int32, bool) {
	if c.Name != ical.CompAlarm {
		return 0, false
	}
	trig := c.Props.Get(ical.PropTrigger)
	if trig == nil || trig.ValueType() == ical.ValueDateTime || trig.Params.Get(ical.ParamRelated) == "START" {
		return 0, false
	}
	d, err := trig.Duration()
	if err != nil || d > 0 || d%time.Minute != 0 || -d > 365*24*time.Hour {
		return 0, false
	}
	return int32(-d / time.Minute), true
}

// recurrenceOf is the recurrence JSON of the VTODO's RRULE, or keep when
// the task's own recurrence (now) should stay: the VTODO repeats by the
// rule now encodes to, or has no rule while now is one iCalendar cannot
// say. It is "" with keep false for no recurrence, or for a rule tasks
// cannot repeat by (kept as Extra).
func recurrenceOf(c *ical.Component, now string) (js string, keep bool) {
	p := c.Props.Get(ical.PropRecurrenceRule)
	if p == nil {
		return "", now != "" && RRule(now) == nil
	}
	if cur := RRule(now); cur != nil && cur.RRuleString() == p.Value {
		return "", true
	}
	o, err := rrule.StrToROption(p.Value)
	if err != nil || o.Count != 0 || len(o.Bymonthday) > 0 || len(o.Bysetpos) > 0 || len(o.Bymonth) > 0 ||
		len(o.Byyearday) > 0 || len(o.Byweekno) > 0 || len(o.Byhour) > 0 || len(o.Byminute) > 0 || o.Interval > 30 {
		return "", false
	}
	r := recurrence{Interval: float64(max(1, o.Interval))}
	for _, d := range o.Byweekday {
		r.DaysOfWeek = append(r.DaysOfWeek, (d.Day()+1)%7) // rrule-go: Monday 0; tasks: Sunday 0
	}
	switch o.Freq {
	case rrule.DAILY:
		r.Type = "daily"
		if len(r.DaysOfWeek) > 0 {
			return "", false
		}
	case rrule.WEEKLY:
		r.Type = "weekly"
	case rrule.MONTHLY:
		r.Type = "monthly"
		if len(o.Byweekday) > 1 {
			return "", false
		}
		if len(o.Byweekday) == 1 {
			if n := o.Byweekday[0].N(); n != 0 {
				r.WeekOfMonth = n
			} else {
				return "", false
			}
		}
	case rrule.YEARLY:
		r.Type = "yearly"
		if len(r.DaysOfWeek) > 0 {
			return "", false
		}
	default:
		return "", false
	}
	out := map[string]any{"type": r.Type, "interval": r.Interval}
	if len(r.DaysOfWeek) > 0 {
		out["daysOfWeek"] = r.DaysOfWeek
	}
	if r.WeekOfMonth != 0 {
		out["weekOfMonth"] = r.WeekOfMonth
	}
	if !o.Until.IsZero() {
		out["endDate"] = o.Until.UTC().Format(time.DateOnly)
	}
	b, _ := json.Marshal(out)
	return string(b), false
}
