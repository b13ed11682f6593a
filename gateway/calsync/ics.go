package calsync

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/teambition/rrule-go"
)

// Task is a task as calendar sync reads it.
type Task struct {
	ID, Title, Notes     string
	DueDate, DueTime     *time.Time
	Priority             int16
	Tags, List, Location string
	Reminders            []int // minutes before
	Recurrence           string
	Completed            bool
	CompletedAt          *time.Time
	Created, Updated     time.Time
	Duration             *int32 // minutes a timed task lasts; nil is EventLength
}

// EventLength is how long a timed task's VEVENT lasts when the task has no
// duration_minutes (migration 0762): a zero-length event is drawn as a
// hairline or not at all. The week view draws the same default.
const EventLength = 30 * time.Minute

// ProductID names Daybase in the calendars it writes.
const ProductID = "-//Daybase//Calendar sync//EN"

// Calendar is the feed of tasks: a VEVENT for each timed task, a VTODO for
// each task with a date only. now stamps the components (DTSTAMP).
func Calendar(tasks []Task, loc *time.Location, now time.Time) *ical.Calendar {
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, ProductID)
	cal.Props.SetText(ical.PropCalendarScale, "GREGORIAN")
	cal.Props.SetText("X-WR-CALNAME", "Daybase")
	cal.Props.SetText("X-WR-TIMEZONE", loc.String())
	// Calendar apps poll at this pace when they honour it.
	ttl := ical.NewProp("X-PUBLISHED-TTL")
	ttl.SetDuration(15 * time.Minute)
	cal.Props.Set(ttl)
	for _, t := range tasks {
		cal.Children = append(cal.Children, Component(t, now))
	}
	if len(cal.Children) == 0 {
		// go-ical refuses an empty VCALENDAR (RFC 5545 wants a component);
		// a user with nothing dated still gets a calendar that parses.
		cal.Children = append(cal.Children, emptyTimeZone(loc))
	}
	return cal
}

// emptyTimeZone is a VTIMEZONE of loc with its standard offset: the
// component an empty feed carries.
func emptyTimeZone(loc *time.Location) *ical.Component {
	tz := ical.NewComponent(ical.CompTimezone)
	tz.Props.SetText(ical.PropTimezoneID, loc.String())
	std := ical.NewComponent(ical.CompTimezoneStandard)
	_, off := time.Date(2000, 1, 1, 0, 0, 0, 0, loc).Zone()
	std.Props.SetText(ical.PropDateTimeStart, "19700101T000000")
	std.Props.SetText(ical.PropTimezoneOffsetFrom, utcOffset(off))
	std.Props.SetText(ical.PropTimezoneOffsetTo, utcOffset(off))
	tz.Children = append(tz.Children, std)
	return tz
}

func utcOffset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec%3600/60)
}

// Length is how long the task's event lasts.
func (t Task) Length() time.Duration {
	if t.Duration == nil || *t.Duration <= 0 {
		return EventLength
	}
	return time.Duration(*t.Duration) * time.Minute
}

// UID is the iCalendar UID of a task.
func UID(taskID string) string { return taskID + "@daybase" }

// Component is one task as a VEVENT (timed) or VTODO (date only).
func Component(t Task, now time.Time) *ical.Component {
	var c *ical.Component
	timed := t.DueTime != nil
	if timed {
		c = ical.NewComponent(ical.CompEvent)
		start := t.DueTime.UTC()
		c.Props.SetDateTime(ical.PropDateTimeStart, start)
		c.Props.SetDateTime(ical.PropDateTimeEnd, start.Add(t.Length()))
	} else {
		c = ical.NewComponent(ical.CompToDo)
		c.Props.SetDate(ical.PropDue, *t.DueDate)
		completion(c, t)
	}
	c.Props.SetText(ical.PropUID, UID(t.ID))
	c.Props.SetDateTime(ical.PropDateTimeStamp, now.UTC())
	describe(c, t)
	if rule := RRule(t.Recurrence); rule != nil {
		if !timed {
			// RRULE expands from DTSTART, which a date-only VTODO otherwise
			// leaves out.
			c.Props.SetDate(ical.PropDateTimeStart, *t.DueDate)
		}
		c.Props.SetRecurrenceRule(rule)
	}
	for _, m := range t.Reminders {
		c.Children = append(c.Children, Alarm(t.Title, m, !timed))
	}
	return c
}

// describe sets what every component of a task says about it, whatever its
// kind: stamps, title, notes, place, tags and priority.
func describe(c *ical.Component, t Task) {
	c.Props.SetDateTime(ical.PropCreated, t.Created.UTC())
	c.Props.SetDateTime(ical.PropLastModified, t.Updated.UTC())
	c.Props.SetText(ical.PropSummary, t.Title)
	if t.Notes != "" {
		c.Props.SetText(ical.PropDescription, t.Notes)
	}
	if t.Location != "" {
		c.Props.SetText(ical.PropLocation, t.Location)
	}
	if cats := Tags(t.Tags); len(cats) > 0 {
		p := ical.NewProp(ical.PropCategories)
		p.SetTextList(cats)
		c.Props.Set(p)
	}
	if p := Priority(t.Priority); p > 0 {
		setInt(c.Props, ical.PropPriority, p)
	}
}

// Alarm is a reminder minutes before the task: before DTSTART of an event,
// before DUE of a to-do.
func Alarm(title string, minutes int, due bool) *ical.Component {
	a := ical.NewComponent(ical.CompAlarm)
	a.Props.SetText(ical.PropAction, "DISPLAY")
	a.Props.SetText(ical.PropDescription, title)
	trig := ical.NewProp(ical.PropTrigger)
	trig.SetDuration(-time.Duration(minutes) * time.Minute)
	if due {
		trig.Params.Set(ical.ParamRelated, "END")
	}
	a.Props.Set(trig)
	return a
}

// Priority maps a task's priority (0 none, 1 low ... 3 high, 4 urgent) to
// iCalendar's PRIORITY (1 highest ... 9 lowest, 0 undefined).
func Priority(p int16) int {
	switch p {
	case 4:
		return 1
	case 3:
		return 3
	case 2:
		return 5
	case 1:
		return 9
	}
	return 0
}

// Tags splits a task's tags ("a, b") into CATEGORIES.
func Tags(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "#")); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// recurrence is tasks.recurrence as migration 0530 documents it.
type recurrence struct {
	Type        string  `json:"type"`
	Interval    float64 `json:"interval"`
	DaysOfWeek  []int   `json:"daysOfWeek"`
	WeekOfMonth int     `json:"weekOfMonth"`
	EndDate     string  `json:"endDate"`
	From        string  `json:"from"`
}

var weekdays = [7]rrule.Weekday{rrule.SU, rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR, rrule.SA}

// RRule is the RRULE of a task's recurrence JSON, nil when it has none or
// one iCalendar cannot say: "from completion" moves with the day the task
// is done, which no rule knows in advance.
func RRule(js string) *rrule.ROption {
	if js == "" {
		return nil
	}
	var r recurrence
	if json.Unmarshal([]byte(js), &r) != nil || r.From == "completion" {
		return nil
	}
	var days []rrule.Weekday
	for _, d := range r.DaysOfWeek {
		if d >= 0 && d <= 6 {
			days = append(days, weekdays[d])
		}
	}
	o := &rrule.ROption{Interval: min(30, max(1, int(r.Interval)))}
	switch r.Type {
	case "daily":
		o.Freq = rrule.DAILY
	case "weekly":
		o.Freq, o.Byweekday = rrule.WEEKLY, days
	case "monthly":
		o.Freq = rrule.MONTHLY
		if r.WeekOfMonth != 0 && len(days) > 0 {
			o.Byweekday = []rrule.Weekday{days[0].Nth(r.WeekOfMonth)}
		}
	case "yearly":
		o.Freq = rrule.YEARLY
	case "custom":
		o.Freq = rrule.DAILY
		if len(days) > 0 {
			o.Freq, o.Byweekday = rrule.WEEKLY, days
		}
	default:
		return nil
	}
	if end, err := time.Parse(time.DateOnly, r.EndDate); err == nil {
		o.Until = end.Add(24*time.Hour - time.Second)
	}
	return o
}

// setInt sets an INTEGER property: SetText would mark it VALUE=TEXT, which
// calendar apps read as no priority at all.
func setInt(props ical.Props, name string, n int) {
	p := ical.NewProp(name)
	p.Value = strconv.Itoa(n)
	props.Set(p)
}

// completion sets a VTODO's STATUS, PERCENT-COMPLETE and COMPLETED.
func completion(c *ical.Component, t Task) {
	if t.Completed {
		c.Props.SetText(ical.PropStatus, "COMPLETED")
		setInt(c.Props, ical.PropPercentComplete, 100)
	} else {
		c.Props.SetText(ical.PropStatus, "NEEDS-ACTION")
	}
	if t.CompletedAt != nil {
		c.Props.SetDateTime(ical.PropCompleted, t.CompletedAt.UTC())
	}
}
