package tasks_test

import (
	"fmt"
	"strings"
	"testing"
)

const insertFilter = `INSERT INTO smart_lists (name, description, filters_data) VALUES ($1, $2, $3)`

func cond(field, operator string, value any) string {
	if value == nil {
		return fmt.Sprintf(`{"field":%q,"operator":%q}`, field, operator)
	}
	v := fmt.Sprintf("%v", value)
	if s, ok := value.(string); ok {
		v = fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf(`{"field":%q,"operator":%q,"value":%s}`, field, operator, v)
}

func filters(logic string, conds ...string) string {
	return fmt.Sprintf(`{"logic":%q,"conditions":[%s]}`, logic, strings.Join(conds, ","))
}

func TestSmartFilterValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("f@example.com", nil)
	b.SetPlan(u, "pro_monthly") // many filters, no cap in the way
	ok := filters("AND", cond("completed", "equals", false))
	eleven := make([]string, 11)
	for i := range eleven {
		eleven[i] = cond("title", "contains", fmt.Sprintf("w%d", i))
	}
	for _, c := range []struct {
		name, filterName, description, data string
		msg, detail                         string // empty msg: accepted
	}{
		// Name (001 §5).
		{"name required", "  ", "", ok, "Invalid Name", "Filter name is required"},
		{"name of 100", strings.Repeat("n", 100), "", ok, "", ""},
		{"name of 101", strings.Repeat("n", 101), "", ok, "Invalid Name", "Filter name must be less than 100 characters"},
		{"name characters allowed", "Work-items_(v2), 1.0 Café", "", ok, "", ""},
		{"name with a slash", "Work/Home", "", ok, "Invalid Name", "Filter name contains invalid characters"},
		{"name with markup", "<b>x</b>", "", ok, "Invalid Name", "Filter name contains invalid characters"},
		{"reserved name", "inbox", "", ok, "Invalid Name", "This name is reserved for a built-in filter"},
		// Description.
		{"description of 500", "D500", strings.Repeat("d", 500), ok, "", ""},
		{"description of 501", "D501", strings.Repeat("d", 501), ok, "Invalid Description", "Description must be less than 500 characters"},
		// Criteria.
		{"criteria required", "C", "", " ", "Invalid Filter Criteria", "Filter criteria is required"},
		{"criteria not JSON", "C", "", "{conditions:", "Invalid Filter Criteria", "Invalid filter data format"},
		{"criteria without conditions", "C", "", `{"logic":"AND"}`, "Invalid Filter Criteria", "Invalid filter structure"},
		{"conditions not an array", "C", "", `{"conditions":{}}`, "Invalid Filter Criteria", "Invalid filter structure"},
		{"criteria an array", "C", "", `[]`, "Invalid Filter Criteria", "Invalid filter structure"},
		{"logic XOR", "C", "", filters("XOR", cond("completed", "equals", true)), "Invalid Filter Criteria", "Invalid filter logic"},
		{"logic lower case", "C", "", filters("and", cond("completed", "equals", true)), "Invalid Filter Criteria", "Invalid filter logic"},
		{"logic OR", "Or", "", filters("OR", cond("completed", "equals", true), cond("is_starred", "equals", "Yes")), "", ""},
		{"no conditions", "C", "", filters("AND"), "Invalid Filter Criteria", "At least one condition is required"},
		{"ten conditions", "Ten", "", filters("AND", eleven[:10]...), "", ""},
		{"eleven conditions", "C", "", filters("AND", eleven...), "Invalid Filter Criteria", "Maximum 10 conditions allowed"},
		{"condition without operator", "C", "", `{"conditions":[{"field":"title","value":"x"}]}`, "Invalid Filter Criteria", "All conditions must have field and operator"},
		{"condition with empty field", "C", "", `{"conditions":[{"field":"","operator":"equals","value":"x"}]}`, "Invalid Filter Criteria", "All conditions must have field and operator"},
		{"unknown field", "C", "", filters("AND", cond("owner", "equals", "me")), "Invalid Filter Criteria", "Unknown filter field: owner"},
		{"text operator on a boolean", "C", "", filters("AND", cond("completed", "contains", "x")), "Invalid Filter Criteria", "Operator contains is not allowed for field completed"},
		{"date operator on a level", "C", "", filters("AND", cond("priority", "is_today", nil)), "Invalid Filter Criteria", "Operator is_today is not allowed for field priority"},
		{"greater_than on project", "C", "", filters("AND", cond("project_id", "greater_than", "x")), "Invalid Filter Criteria", "Operator greater_than is not allowed for field project_id"},
		{"value required", "C", "", filters("AND", cond("title", "contains", nil)), "Invalid Filter Criteria", "Condition value is required"},
		{"blank value", "C", "", filters("AND", cond("title", "contains", "  ")), "Invalid Filter Criteria", "Condition value is required"},
		{"no value for is_overdue", "Overdue", "", filters("AND", cond("due_date", "is_overdue", nil)), "", ""},
		{"no value for is_empty", "Unassigned", "", filters("AND", cond("project_id", "is_empty", nil)), "", ""},
		{"boolean Yes", "Starred", "", filters("AND", cond("is_starred", "equals", "Yes")), "", ""},
		{"boolean maybe", "C", "", filters("AND", cond("is_starred", "equals", "maybe")), "Invalid Filter Criteria", "Condition value for is_starred must be Yes or No"},
		{"priority high", "High Priority", "", filters("AND", cond("priority", "equals", 3)), "", ""},
		{"priority as text", "High Priority 2", "", filters("AND", cond("priority", "greater_than", "2")), "", ""},
		{"priority 5", "C", "", filters("AND", cond("priority", "equals", 5)), "Invalid Filter Criteria", "Condition value for priority must be a whole number from 0 to 4"},
		{"urgency 4", "C", "", filters("AND", cond("urgency", "equals", 4)), "Invalid Filter Criteria", "Condition value for urgency must be a whole number from 0 to 3"},
		{"relative date", "Recently Created", "", filters("AND", cond("created_at", "greater_than", "now-3d")), "", ""},
		{"absolute date", "Before Launch", "", filters("AND", cond("due_date", "less_than", "2026-12-24")), "", ""},
		{"bad date", "C", "", filters("AND", cond("due_date", "less_than", "soon")), "Invalid Filter Criteria", "Condition value for due_date must be a date or a relative date such as now-3d"},
		{"object value", "C", "", `{"conditions":[{"field":"title","operator":"contains","value":{"a":1}}]}`, "Invalid Filter Criteria", "Condition value for title must be a single value"},
		{"recurrence has", "Repeating", "", filters("AND", cond("recurrence", "is_not_empty", nil)), "", ""},
		// The assignee (0752): me, a user id, or nobody/anyone.
		{"assigned to me", "Mine assigned", "", filters("AND", cond("assigned_to", "equals", "me")), "", ""},
		{"assigned to a user", "Bea", "", filters("AND", cond("assigned_to", "not_equals", "5f0c2a8e-1b9d-4c3e-9a7f-2d6b8e4c1a03")), "", ""},
		{"unassigned", "Nobody", "", filters("AND", cond("assigned_to", "is_empty", nil)), "", ""},
		{"assigned to a name", "C", "", filters("AND", cond("assigned_to", "equals", "Bea")), "Invalid Filter Criteria", "Condition value for assigned_to must be me or a user id"},
		{"contains on the assignee", "C", "", filters("AND", cond("assigned_to", "contains", "me")), "Invalid Filter Criteria", "Operator contains is not allowed for field assigned_to"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := b.Begin(u)
			defer tx.Rollback(b.Ctx)
			_, err := tx.Exec(b.Ctx, insertFilter, c.filterName, c.description, c.data)
			if c.msg == "" {
				must(t, err)
				return
			}
			wantError(t, err, "23514", c.msg, c.detail)
		})
	}

	// The same rules hold on update.
	must(t, b.Exec(u, insertFilter, "Mine", "", ok))
	wantError(t, b.Exec(u, "UPDATE smart_lists SET filters_data = '{}' WHERE name = 'Mine'"), "23514", "Invalid Filter Criteria", "Invalid filter structure")
	wantError(t, b.Exec(u, "UPDATE smart_lists SET name = '' WHERE name = 'Mine'"), "23514", "Invalid Name", "Filter name is required")
}

func TestSmartFilterNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("f@example.com", nil)
	ok := filters("AND", cond("completed", "equals", false))
	must(t, b.Exec(u, insertFilter, "  Deep Work ", "", ok))
	got, err := scalar[string](b, u, "SELECT name || '|' || name_normalized FROM smart_lists")
	must(t, err)
	if got != "Deep Work|deep work" {
		t.Errorf("stored %q", got)
	}
	// The server refuses the duplicates the app would collapse (001 §4).
	wantError(t, b.Exec(u, insertFilter, "DEEP WORK", "", ok), "23505", "A filter with this name already exists")
	must(t, b.Exec(u, "UPDATE smart_lists SET is_deleted = true"))
	must(t, b.Exec(u, insertFilter, "deep work", "", ok))
	// name_normalized is the server's.
	must(t, b.Exec(u, "UPDATE smart_lists SET name_normalized = 'forged' WHERE NOT is_deleted"))
	if n := superScalar[int](b, "SELECT count(*) FROM smart_lists WHERE name_normalized = 'forged'"); n != 0 {
		t.Errorf("client set name_normalized")
	}
}

func TestSmartFilterRateLimit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("pro@example.com", nil)
	b.SetPlan(u, "pro_monthly")
	ok := filters("AND", cond("completed", "equals", false))
	for i := range 10 {
		must(t, b.Exec(u, insertFilter, fmt.Sprintf("Filter %d", i), "", ok))
	}
	// Deleting does not give creations back.
	must(t, b.Exec(u, "DELETE FROM smart_lists"))
	wantError(t, b.Exec(u, insertFilter, "Filter 11", "", ok), "P0001", "Too many filters created recently. Please wait before creating more.")
	// Five minutes later there is room again.
	b.Super("UPDATE private.smart_list_creations SET created_at = created_at - interval '5 minutes 1 second'")
	must(t, b.Exec(u, insertFilter, "Filter 11", "", ok))
	// Built-ins do not count.
	n, err := scalar[int](b, u, "SELECT ensure_default_smart_lists(auth.uid())")
	must(t, err)
	if n != 7 {
		t.Errorf("built-ins created: %d", n)
	}
}

func TestEnsureDefaultSmartLists(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("f@example.com", nil)
	n, err := scalar[int](b, u, "SELECT ensure_default_smart_lists($1)", u.ID)
	must(t, err)
	if n != 7 {
		t.Fatalf("created %d, want 7", n)
	}
	got, err := scalar[string](b, u, "SELECT string_agg(system_key || ':' || name || ':' || icon_name || ':' || sort_option, ' ' ORDER BY sort_order) FROM smart_lists")
	must(t, err)
	want := "inbox:Inbox:list:created_at all:All:hash:created_at today:Today:star:due_date upcoming:Upcoming:calendar:due_date " +
		"anytime:Anytime:clock:created_at someday:Someday:flag:created_at logbook:Logbook:check-circle:completed_at"
	if got != want {
		t.Errorf("built-ins:\n got %s\nwant %s", got, want)
	}
	// Idempotent, and a deleted built-in stays deleted.
	must(t, b.Exec(u, "UPDATE smart_lists SET is_deleted = true WHERE system_key = 'someday'"))
	n, err = scalar[int](b, u, "SELECT ensure_default_smart_lists($1)", u.ID)
	must(t, err)
	if n != 0 {
		t.Errorf("second call created %d", n)
	}
	if c := superScalar[int](b, "SELECT count(*) FROM smart_lists WHERE user_id = $1", u.ID); c != 7 {
		t.Errorf("%d rows after two calls", c)
	}
	// They do not use up the Free plan's two filters.
	ok := filters("AND", cond("completed", "equals", false))
	must(t, b.Exec(u, insertFilter, "One", "", ok))
	must(t, b.Exec(u, insertFilter, "Two", "", ok))
	wantError(t, b.Exec(u, insertFilter, "Three", "", ok), "P0001", "Smart filter limit reached for Free plan")

	// Built-ins are the server's: no forging, renaming or redefining.
	wantError(t, b.Exec(u, `INSERT INTO smart_lists (name, filters_data, system_key) VALUES ('Fake', $1, 'logbook')`, ok),
		"42501", "Built-in filters are created by the server")
	wantError(t, b.Exec(u, "UPDATE smart_lists SET name = 'My Inbox' WHERE system_key = 'inbox'"), "42501", "Built-in filters cannot be renamed or redefined")
	wantError(t, b.Exec(u, "UPDATE smart_lists SET system_key = NULL WHERE system_key = 'inbox'"), "42501", "The built-in key of a filter cannot be changed")
	must(t, b.Exec(u, "UPDATE smart_lists SET hide_when_empty = true, color = '#ef4444', sort_order = 20, is_enabled = false WHERE system_key = 'inbox'"))

	// Only for oneself; service_role for anyone; anon not at all.
	other := b.NewUser("o@example.com", nil)
	_, err = scalar[int](b, u, "SELECT ensure_default_smart_lists($1)", other.ID)
	wantError(t, err, "42501", "Not authorized")
	n, err = scalar[int](b, service, "SELECT ensure_default_smart_lists($1)", other.ID)
	must(t, err)
	if n != 7 {
		t.Errorf("service_role created %d", n)
	}
	_, err = scalar[int](b, anonymous, "SELECT ensure_default_smart_lists($1)", other.ID)
	wantError(t, err, "42501", "permission denied for function ensure_default_smart_lists")
}

func TestGlobalTags(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("t@example.com", nil)
	must(t, b.Exec(u, "INSERT INTO global_tags (name, color, usage_count) VALUES (' Urgent ', '#ef4444', 1)"))
	wantError(t, b.Exec(u, "INSERT INTO global_tags (name) VALUES ('urgent')"), "23505", "A tag with this name already exists")
	wantError(t, b.Exec(u, "INSERT INTO global_tags (name) VALUES ('')"), "23514", "Tag name is required")
	must(t, b.Exec(u, "UPDATE global_tags SET usage_count = usage_count + 1 WHERE name = 'Urgent'"))
	got, err := scalar[string](b, u, "SELECT name || ':' || usage_count FROM global_tags WHERE NOT is_deleted ORDER BY usage_count DESC LIMIT 1")
	must(t, err)
	if got != "Urgent:2" {
		t.Errorf("got %q", got)
	}
}
