package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// dbServer is `daybase serve`, started and seeded, with the user's token.
type dbServer struct {
	*process
	anonKey, token string
	taskID, itemID string
}

// plainTable is the comparison the issue names: the same engine, a table
// whose only policy is owner = auth.uid().
const plainTable = `
CREATE TABLE public.bench_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner uuid NOT NULL DEFAULT auth.uid(),
  title text NOT NULL,
  priority smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON public.bench_items (owner);
ALTER TABLE public.bench_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY owner_only ON public.bench_items TO authenticated USING (owner = auth.uid()) WITH CHECK (owner = auth.uid());`

func startDaybase(ctx context.Context, bin string) (*dbServer, error) {
	binPath, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	var env []string
	p, err := startProcess(binPath, []string{"serve"}, func(dir string, port int) []string {
		env = []string{"DAYBASE_DATA_DIR=" + dir, "DAYBASE_HOST=127.0.0.1", "DAYBASE_PORT=" + strconv.Itoa(port), "DAYBASE_LOG_LEVEL=warn"}
		return env
	}, "/health")
	if err != nil {
		return nil, fmt.Errorf("%w (build it with go build -o bin/daybase ./cmd/daybase)", err)
	}
	s := &dbServer{process: p}
	if err := s.seed(binPath, env); err != nil {
		p.stop()
		return nil, err
	}
	return s, nil
}

func (s *dbServer) seed(binPath string, env []string) error {
	b, err := os.ReadFile(filepath.Join(s.dir, "secrets.json"))
	if err != nil {
		return err
	}
	var k struct {
		Anon    string `json:"anon_key"`
		Service string `json:"service_role_key"`
	}
	if err := json.Unmarshal(b, &k); err != nil {
		return err
	}
	s.anonKey = k.Anon
	service := map[string][]string{"Apikey": {k.Service}, "Authorization": {"Bearer " + k.Service}}
	if err := call("POST", s.base+"/auth/v1/admin/users", service,
		map[string]any{"email": email, "password": password, "email_confirm": true}, nil); err != nil {
		return fmt.Errorf("create the user: %w", err)
	}
	daybase := func(args ...string) error {
		cmd := exec.Command(binPath, args...)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("daybase %s: %w: %s", args[0], err, out)
		}
		return nil
	}
	if err := daybase("plan", "set", email, "pro"); err != nil {
		return err
	}
	if err := daybase("sql", "-c", plainTable); err != nil {
		return err
	}
	var session struct {
		AccessToken string `json:"access_token"`
	}
	if err := call("POST", s.base+"/auth/v1/token?grant_type=password", map[string][]string{"Apikey": {k.Anon}},
		map[string]string{"email": email, "password": password}, &session); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	s.token = session.AccessToken
	user := map[string][]string{"Apikey": {k.Anon}, "Authorization": {"Bearer " + s.token}, "Prefer": {"return=representation"}}
	tasks := make([]map[string]any, *nTasks)
	for i := range tasks {
		tasks[i] = map[string]any{"title": fmt.Sprintf("Task %d", i), "priority": i % 5}
	}
	// In chunks: the tasks' triggers make one statement of 1,000 rows
	// slow enough on a loaded machine to meet the role's statement_timeout.
	insert := func(table string) (id string, err error) {
		for i := 0; i < len(tasks); i += 100 {
			var rows []struct{ ID string }
			if err := call("POST", s.base+"/rest/v1/"+table+"?select=id", user, tasks[i:min(i+100, len(tasks))], &rows); err != nil {
				return "", fmt.Errorf("insert into %s: %w", table, err)
			}
			if i <= len(tasks)/2 && len(tasks)/2 < i+len(rows) {
				id = rows[len(tasks)/2-i].ID
			}
		}
		return id, nil
	}
	if s.taskID, err = insert("tasks"); err != nil {
		return err
	}
	// The schema cache reloads after the DDL above (an event trigger
	// notifies it); wait until bench_items is known.
	for range 50 {
		if err = call("GET", s.base+"/rest/v1/bench_items?select=id&limit=1", user, nil, nil); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.itemID, err = insert("bench_items")
	return err
}
