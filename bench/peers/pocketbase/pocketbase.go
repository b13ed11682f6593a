package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
)

// pbServer is PocketBase, started and seeded, with the user's token.
type pbServer struct {
	*process
	token, taskID string
}

func startPocketBase(ctx context.Context) (*pbServer, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	p, err := startProcess(self, []string{"pocketbase-serve"}, func(dir string, port int) []string {
		return []string{"BENCH_DIR=" + dir, "BENCH_PORT=" + strconv.Itoa(port), "BENCH_TASKS=" + strconv.Itoa(*nTasks)}
	}, "/api/health")
	if err != nil {
		return nil, err
	}
	s := &pbServer{process: p}
	var auth struct{ Token string }
	if err := call("POST", p.base+"/api/collections/users/auth-with-password", nil,
		map[string]string{"identity": email, "password": password}, &auth); err != nil {
		p.stop()
		return nil, err
	}
	s.token = auth.Token
	var list struct{ Items []struct{ ID string } }
	if err := call("GET", p.base+"/api/collections/tasks/records?perPage=1&sort=-priority", map[string][]string{"Authorization": {s.token}}, nil, &list); err != nil || len(list.Items) == 0 {
		p.stop()
		return nil, fmt.Errorf("read a task: %v", err)
	}
	s.taskID = list.Items[0].ID
	return s, nil
}

// servePocketBase is the child process: PocketBase on BENCH_DIR and
// 127.0.0.1:BENCH_PORT, with a tasks collection (title, priority, owner;
// list and view rules owner-only, an index on owner) and the user's
// BENCH_TASKS tasks, made once the system migrations have run.
func servePocketBase(args []string) error {
	n, _ := strconv.Atoi(os.Getenv("BENCH_TASKS"))
	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: os.Getenv("BENCH_DIR"), HideStartBanner: true})
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		if err := seedPocketBase(e.App, n); err != nil {
			return err
		}
		return e.Next()
	})
	os.Args = []string{os.Args[0], "serve", "--http=127.0.0.1:" + os.Getenv("BENCH_PORT")}
	return app.Start()
}

func seedPocketBase(app core.App, n int) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	rule := "owner = @request.auth.id"
	tasks := core.NewBaseCollection("tasks")
	tasks.ListRule, tasks.ViewRule = &rule, &rule
	tasks.Fields.Add(
		&core.TextField{Name: "title", Required: true},
		&core.NumberField{Name: "priority"},
		&core.RelationField{Name: "owner", CollectionId: users.Id, MaxSelect: 1, Required: true},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	tasks.AddIndex("idx_tasks_owner", false, "owner", "")
	if err := app.Save(tasks); err != nil {
		return fmt.Errorf("tasks collection: %w", err)
	}
	return app.RunInTransaction(func(tx core.App) error {
		u := core.NewRecord(users)
		u.SetEmail(email)
		u.SetPassword(password)
		u.SetVerified(true)
		if err := tx.Save(u); err != nil {
			return fmt.Errorf("user: %w", err)
		}
		for i := range n {
			r := core.NewRecord(tasks)
			r.Set("title", fmt.Sprintf("Task %d", i))
			r.Set("priority", i%5)
			r.Set("owner", u.Id)
			if err := tx.Save(r); err != nil {
				return fmt.Errorf("task: %w", err)
			}
		}
		return nil
	})
}
