package tasks_test

import (
	"fmt"
	"testing"
	"time"
)

// capCase is one plan cap: fill up to one below the limit (as the
// superuser, quickly), then the user adds one (reaching the limit, which
// must pass) and one more (which must fail with msg).
type capCase struct {
	name  string
	plan  string // plan_id of an active subscription; "" is the Free plan
	limit int
	// fill makes limit-1 items for u in container (a project of u, or a
	// task of u for subtasks); add is run as u with $1 = container.
	fill func(b *bundle, u actor, container string, n int)
	add  string
	past string // the one past the limit, when it differs from add
	msg  string
}

func TestPlanCaps(t *testing.T) {
	t.Parallel()
	fill := func(sql string) func(*bundle, actor, string, int) {
		return func(b *bundle, u actor, container string, n int) { b.Super(sql, u.ID, n) }
	}
	fillIn := func(sql string) func(*bundle, actor, string, int) {
		return func(b *bundle, u actor, container string, n int) { b.Super(sql, u.ID, n, container) }
	}
	var (
		// The container is a project already, so one fewer.
		fillProjects = func(b *bundle, u actor, _ string, n int) {
			b.Super("INSERT INTO projects (user_id, name) SELECT $1, 'p' || g FROM generate_series(1, $2) g", u.ID, n-1)
		}
		fillTasks    = fill("INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, $2) g")
		fillInProj   = fillIn("INSERT INTO tasks (user_id, title, project_id) SELECT $1, 't' || g, $3 FROM generate_series(1, $2) g")
		fillSubtasks = fillIn("INSERT INTO tasks (user_id, title, parent_id) SELECT $1, 's' || g, $3 FROM generate_series(1, $2) g")
		fillTags     = fill("INSERT INTO global_tags (user_id, name) SELECT $1, 'tag' || g FROM generate_series(1, $2) g")
		fillFilters  = fill(`INSERT INTO smart_lists (user_id, name, filters_data) SELECT $1, 'Filter ' || g,
			'{"conditions":[{"field":"completed","operator":"equals","value":false}]}' FROM generate_series(1, $2) g`)
		// Open invitations hold seats as members do.
		fillInvites = fillIn("INSERT INTO project_invites (project_id, email, invited_by) SELECT $3, 'guest' || g || '@example.com', $1 FROM generate_series(1, $2) g")
		// Members joined through accepted invitations.
		fillMembers = func(b *bundle, u actor, container string, n int) {
			b.Super(`WITH g AS (INSERT INTO auth.users (email, email_confirmed_at)
				SELECT 'member' || g || '@example.com', now() FROM generate_series(1, $2) g RETURNING id)
				INSERT INTO project_members (project_id, user_id) SELECT $1, id FROM g`, container, n)
		}
	)
	const (
		addProject = `INSERT INTO projects (name) VALUES ('new ' || extensions.gen_random_uuid())`
		addTask    = `INSERT INTO tasks (title) VALUES ('new')`
		addInProj  = `INSERT INTO tasks (title, project_id) VALUES ('new', $1)`
		addSubtask = `INSERT INTO tasks (title, parent_id) VALUES ('new', $1)`
		addTag     = `INSERT INTO global_tags (name) VALUES ('new ' || extensions.gen_random_uuid())`
		addFilter  = `INSERT INTO smart_lists (name, filters_data) VALUES ('New ' || extensions.gen_random_uuid(),
			'{"conditions":[{"field":"completed","operator":"equals","value":false}]}')`
		addInvite = `SELECT create_project_invite($1, 'new' || extensions.gen_random_uuid() || '@example.com', auth.uid())`
		addLink   = `SELECT create_project_invite_link($1, auth.uid())`
	)
	cases := []capCase{
		{"projects/free", "", 10, fillProjects, addProject, "", "Project limit reached for Free plan"},
		{"tasksTotal/free", "", 500, fillTasks, addTask, "", "Task limit reached for Free plan"},
		{"tasksPerProject/free", "", 100, fillInProj, addInProj, "", "Project task limit reached for Free plan"},
		{"subtasksPerTask/free", "", 20, fillSubtasks, addSubtask, "", "Subtask limit reached for Free plan"},
		{"tagsTotal/free", "", 50, fillTags, addTag, "", "Tag limit reached for Free plan"},
		{"smartFilters/free", "", 2, fillFilters, addFilter, "", "Smart filter limit reached for Free plan"},
		{"collaboratorsPerProject/free", "", 5, fillInvites, addInvite, "", "Collaborator limit reached for Free plan"},
		{"collaboratorsPerProject/free by link", "", 5, fillMembers, addInvite, addLink, "Collaborator limit reached for Free plan"},
		{"collaboratorsPerProject/pro", "pro_monthly", 25, fillMembers, addInvite, "", "Collaborator limit reached for Pro plan"},
		{"collaboratorsPerProject/team", "team_monthly", 100, fillInvites, addInvite, "", "Collaborator limit reached for Team plan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			u := b.NewUser("capped@example.com", nil)
			if c.plan != "" {
				b.SetPlan(u, c.plan)
			}
			container := superScalar[string](b, "INSERT INTO projects (user_id, name) VALUES ($1, 'Container') RETURNING id::text", u.ID)
			if c.add == addSubtask {
				container = superScalar[string](b, "INSERT INTO tasks (user_id, title) VALUES ($1, 'parent') RETURNING id::text", u.ID)
			}
			c.fill(b, u, container, c.limit-1)
			args := []any{container}
			if c.add == addProject || c.add == addTask || c.add == addTag || c.add == addFilter {
				args = nil
			}
			if err := b.Exec(u, c.add, args...); err != nil {
				t.Fatalf("adding number %d: %s", c.limit, describe(err))
			}
			past := c.add
			if c.past != "" {
				past = c.past
			}
			wantError(t, b.Exec(u, past, args...), "P0001", c.msg)
		})
	}
}

func TestCapDetailAndHint(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("capped@example.com", nil)
	b.Super("INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 500) g", u.ID)
	err := b.Exec(u, "INSERT INTO tasks (title) VALUES ('one too many')")
	wantError(t, err, "P0001", "Task limit reached for Free plan", "This would make 501 tasks; the Free plan allows 500.")
	if pe := pgError(err); pe.Hint != "Upgrade the plan for more." {
		t.Errorf("hint %q", pe.Hint)
	}
}

func TestCapsCountLiveRowsAndRecheckOnRestore(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("capped@example.com", nil)
	b.Super("INSERT INTO projects (user_id, name) SELECT $1, 'p' || g FROM generate_series(1, 10) g", u.ID)
	// Deleting one frees a slot; bringing it back when full is refused.
	must(t, b.Exec(u, "UPDATE projects SET is_deleted = true WHERE name = 'p1'"))
	must(t, b.Exec(u, "INSERT INTO projects (name) VALUES ('p11')"))
	wantError(t, b.Exec(u, "UPDATE projects SET is_deleted = false WHERE name = 'p1'"), "P0001", "Project limit reached for Free plan")

	// Moving a task into a full project is adding one to it.
	full := superScalar[string](b, "SELECT id::text FROM projects WHERE user_id = $1 AND name = 'p2'", u.ID)
	b.Super("INSERT INTO tasks (user_id, title, project_id) SELECT $1, 't' || g, $2 FROM generate_series(1, 100) g", u.ID, full)
	loose := b.newTask(u, "title", "loose")
	wantError(t, b.Exec(u, "UPDATE tasks SET project_id = $2 WHERE id = $1", loose, full), "P0001", "Project task limit reached for Free plan")
	wantError(t, b.Exec(u, "UPDATE tasks SET list = 'p2' WHERE id = $1", loose), "P0001", "Project task limit reached for Free plan")
}

func TestReminderCap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("free@example.com", nil)
	id := b.newTask(u, "title, reminders", "one reminder", []int{15})
	wantError(t, b.Exec(u, "UPDATE tasks SET reminders = '{15,60}' WHERE id = $1", id), "P0001", "Reminder limit reached for Free plan")
	wantError(t, b.Exec(u, "INSERT INTO tasks (title, reminders) VALUES ('two', '{0,5}')"), "P0001", "Reminder limit reached for Free plan")
	must(t, b.Exec(u, "UPDATE tasks SET reminders = '{30}' WHERE id = $1", id))

	// Pro removes the cap (001 §1); a downgrade keeps what exists editable.
	b.SetPlan(u, "pro_yearly")
	must(t, b.Exec(u, "UPDATE tasks SET reminders = '{0,5,15,30,60,1440}' WHERE id = $1", id))
	b.Super("UPDATE user_subscriptions SET status = 'canceled' WHERE user_id = $1", u.ID)
	must(t, b.Exec(u, "UPDATE tasks SET title = 'still editable', reminders = '{0,5}' WHERE id = $1", id))
}

func TestPaidPlansLiftFreeCaps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("pro@example.com", nil)
	b.SetPlan(u, "pro_monthly")
	b.Super("INSERT INTO projects (user_id, name) SELECT $1, 'p' || g FROM generate_series(1, 10) g", u.ID)
	b.Super("INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 500) g", u.ID)
	b.Super("INSERT INTO global_tags (user_id, name) SELECT $1, 'g' || g FROM generate_series(1, 50) g", u.ID)
	must(t, b.Exec(u, "INSERT INTO projects (name) VALUES ('eleventh')"))
	must(t, b.Exec(u, "INSERT INTO tasks (title) VALUES ('501st')"))
	must(t, b.Exec(u, "INSERT INTO global_tags (name) VALUES ('51st')"))
	for i := range 3 {
		must(t, b.Exec(u, fmt.Sprintf(`INSERT INTO smart_lists (name, filters_data) VALUES ('Filter %d', '{"conditions":[{"field":"completed","operator":"equals","value":false}]}')`, i)))
	}
}

func TestPlanFromSubscriptions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for i, c := range []struct {
		name string
		subs [][2]string // status, plan_id
		want string
	}{
		{"no subscription", nil, "free"},
		{"active pro", [][2]string{{"active", "pro_monthly"}}, "pro"},
		{"trialing pro", [][2]string{{"trialing", "pro"}}, "pro"},
		{"past_due pro", [][2]string{{"past_due", "price_pro_yearly"}}, "pro"},
		{"canceled pro", [][2]string{{"canceled", "pro_monthly"}}, "free"},
		{"unpaid pro", [][2]string{{"unpaid", "pro_monthly"}}, "free"},
		{"active free plan", [][2]string{{"active", "free"}}, "free"},
		{"team by word", [][2]string{{"active", "Team_Annual"}}, "team"},
		{"team beats pro", [][2]string{{"active", "pro_monthly"}, {"active", "team_monthly"}}, "team"},
		{"canceled team, active pro", [][2]string{{"canceled", "team_monthly"}, {"active", "pro_monthly"}}, "pro"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := b.NewUser(fmt.Sprintf("plan-%d@example.com", i), nil)
			for _, s := range c.subs {
				b.Super("INSERT INTO user_subscriptions (user_id, status, plan_id) VALUES ($1, $2, $3)", u.ID, s[0], s[1])
			}
			if got := superScalar[string](b, "SELECT private.user_plan($1)", u.ID); got != c.want {
				t.Errorf("plan %q, want %q", got, c.want)
			}
		})
	}
}

// TestCapsHoldUnderRaces: two requests that each see one slot left cannot
// both take it, and two projects of one name cannot both be made; the
// second waits for the first and then fails with the spec's message.
func TestCapsHoldUnderRaces(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("racer@example.com", nil)
	b.Super("INSERT INTO tasks (user_id, title) SELECT $1, 't' || g FROM generate_series(1, 499) g", u.ID)
	for _, c := range []struct {
		name, sql, code, msg string
	}{
		{"the last task slot", "INSERT INTO tasks (title) VALUES ('mine')", "P0001", "Task limit reached for Free plan"},
		{"one project name", "INSERT INTO projects (name) VALUES ('Same')", "23505", "A project with this name already exists. Please try again."},
	} {
		t.Run(c.name, func(t *testing.T) {
			first := b.Begin(u)
			defer first.Rollback(b.Ctx)
			if _, err := first.Exec(b.Ctx, c.sql); err != nil {
				t.Fatalf("first: %s", describe(err))
			}
			second := make(chan error, 1)
			go func() {
				tx, err := b.API.Begin(b.Ctx)
				if err != nil {
					second <- err
					return
				}
				defer tx.Rollback(b.Ctx)
				if _, err := tx.Exec(b.Ctx, "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", u.Role, u.Claims()); err != nil {
					second <- err
					return
				}
				_, err = tx.Exec(b.Ctx, c.sql)
				second <- err
			}()
			// Wait until the second request queues behind the first's lock.
			for i := 0; ; i++ {
				if superScalar[int](b, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())") == 1 {
					break
				}
				if i == 500 {
					t.Fatal("the second request never waited for the first")
				}
				time.Sleep(10 * time.Millisecond)
			}
			if err := first.Commit(b.Ctx); err != nil {
				t.Fatal(err)
			}
			wantError(t, <-second, c.code, c.msg)
		})
	}
}
