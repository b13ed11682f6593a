package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"daybase/internal/token"
)

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"serve", "-no-such-flag"}, {"keys", "extra-arg"}} {
		var out, errOut bytes.Buffer
		code := run(args, nil, &out, &errOut)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if !strings.Contains(errOut.String(), "Usage: daybase") {
			t.Errorf("%v: usage not on stderr: %q", args, errOut.String())
		}
	}
}

// TestUnknownSettingStopsTheStart: a misspelt variable is named, with
// the setting it was probably meant to be, before anything starts.
func TestUnknownSettingStopsTheStart(t *testing.T) {
	t.Setenv("DAYBASE_DATA_DIR", t.TempDir())
	t.Setenv("DAYBASE_SMTP_PASSWORD", "secret")
	t.Setenv("DAYBASE_BIN", "bin/daybase") // the suites' own variables are fine
	var out, errOut bytes.Buffer
	if code := run([]string{"keys", "--json"}, nil, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut.String())
	}
	want := "DAYBASE_SMTP_PASSWORD: unknown setting (did you mean DAYBASE_SMTP_PASS?)"
	if !strings.Contains(errOut.String(), want) || strings.Contains(errOut.String(), "DAYBASE_BIN") {
		t.Fatalf("stderr %q does not name only DAYBASE_SMTP_PASSWORD", errOut.String())
	}
}

func TestKeysJSONCreatesPrivateSecrets(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DAYBASE_DATA_DIR", dir)
	var out, errOut bytes.Buffer
	if code := run([]string{"keys", "--json"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var got struct{ URL, AnonKey, ServiceRoleKey string }
	dec := json.NewDecoder(&out)
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	got.URL, got.AnonKey, got.ServiceRoleKey = raw["url"].(string), raw["anon_key"].(string), raw["service_role_key"].(string)
	if got.URL != "http://127.0.0.1:54321" {
		t.Errorf("url = %q", got.URL)
	}
	st, err := os.Stat(filepath.Join(dir, "secrets.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secrets.json: %v, mode %v", err, st.Mode())
	}
	var secrets struct {
		JWTSecret string `json:"jwt_secret"`
	}
	b, _ := os.ReadFile(filepath.Join(dir, "secrets.json"))
	json.Unmarshal(b, &secrets)
	signer := token.NewSigner(secrets.JWTSecret)
	for key, role := range map[string]string{got.AnonKey: "anon", got.ServiceRoleKey: "service_role"} {
		claims, err := signer.Verify(key)
		if err != nil || claims["role"] != role || claims["iss"] != "daybase" {
			t.Errorf("key for %s: claims %v, err %v", role, claims, err)
		}
	}
	// A second call prints the same keys: they are stable for the data dir.
	var again bytes.Buffer
	run([]string{"keys", "--json"}, nil, &again, &errOut)
	if !strings.Contains(again.String(), got.AnonKey) {
		t.Error("keys changed between calls")
	}
}

// daybaseBinary builds the real binary once for the process tests.
func daybaseBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "daybase")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

type proc struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	done   chan error
	exited chan struct{} // closed once the process is gone
}

func startServe(t *testing.T, bin, dataDir string, port int) *proc {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir, fmt.Sprintf("DAYBASE_PORT=%d", port))
	p := &proc{cmd: cmd, stderr: &bytes.Buffer{}, done: make(chan error, 1), exited: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- cmd.Wait(); close(p.exited) }()
	// An interrupt stops the embedded PostgreSQL too; a kill would leave it
	// writing into the data dir while the test's TempDir is removed.
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-p.exited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

func waitHealth(t *testing.T, p *proc, port int) {
	t.Helper()
	url := fmt.Sprintf("http://127.0.0.1:%d/health", port)
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-p.done:
			t.Fatalf("daybase exited early: %v\n%s", err, p.stderr)
		default:
		}
		if r, err := http.Get(url); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no /health 200 within 60s\n%s", p.stderr)
}

func TestServeLifecycle(t *testing.T) {
	bin := daybaseBinary(t)
	dataDir := t.TempDir()
	port := freePort(t)

	first := startServe(t, bin, dataDir, port)
	waitHealth(t, first, port)

	t.Run("second instance on one data dir is refused", func(t *testing.T) {
		second := startServe(t, bin, dataDir, freePort(t))
		select {
		case err := <-second.done:
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Fatalf("exit: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("second instance kept running")
		}
		if !strings.Contains(second.stderr.String(), "in use by another daybase process") {
			t.Errorf("unclear message: %s", second.stderr)
		}
	})

	t.Run("port in use is reported", func(t *testing.T) {
		other := startServe(t, bin, t.TempDir(), port)
		<-other.done
		if !strings.Contains(other.stderr.String(), "already in use") {
			t.Errorf("unclear message: %s", other.stderr)
		}
	})

	t.Run("sql console works beside serve", func(t *testing.T) {
		cmd := exec.Command(bin, "sql", "-c", "SELECT 40 + 2 AS answer")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "42") || !strings.Contains(string(out), "(1 row)") {
			t.Fatalf("sql: %v\n%s", err, out)
		}
		cmd = exec.Command(bin, "sql", "-c", "SELECT * FROM no_such_table")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, _ = cmd.CombinedOutput()
		if !strings.Contains(string(out), "SQLSTATE 42P01") {
			t.Fatalf("error without SQLSTATE:\n%s", out)
		}
	})

	t.Run("seed --demo beside serve, twice", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			cmd := exec.Command(bin, "seed", "--demo")
			cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "demo@daybase.local") {
				t.Fatalf("seed run %d: %v\n%s", i+1, err, out)
			}
		}
		cmd := exec.Command(bin, "sql", "-c", "SELECT count(*) AS n FROM auth.users WHERE email = 'demo@daybase.local'")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), " 1\n") {
			t.Fatalf("demo account count:\n%s", out)
		}
	})

	// Issue 17, finding 11: the operator assigns plans where billing is
	// not set up; the start-up log says whether sign-up needs the mailbox.
	t.Run("plan set beside serve", func(t *testing.T) {
		cmd := exec.Command(bin, "plan", "set", "Demo@daybase.local", "team")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != "Demo@daybase.local is on the team plan.\n" {
			t.Fatalf("plan set: %v\n%s", err, out)
		}
		cmd = exec.Command(bin, "plan", "set", "nobody@daybase.local", "pro")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, err = cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), "signs up first") {
			t.Fatalf("unknown address: %v\n%s", err, out)
		}
		if !strings.Contains(first.stderr.String(), "new accounts are confirmed without mail: a loopback development server") {
			t.Errorf("start-up does not say that addresses are taken on trust:\n%s", first.stderr)
		}
	})

	// kill -9, then a new start on the same data dir must work.
	first.cmd.Process.Signal(syscall.SIGKILL)
	<-first.done
	restarted := startServe(t, bin, dataDir, port)
	waitHealth(t, restarted, port)

	// SIGTERM lets a request in flight finish, then stops PostgreSQL with
	// the process. The slow function is made in the SQL console; the schema
	// cache picks it up from the DDL trigger's NOTIFY.
	sql := exec.Command(bin, "sql", "-c", `CREATE FUNCTION public.slow_answer() RETURNS int LANGUAGE sql AS 'SELECT 42 FROM pg_sleep(2.5)'`)
	sql.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
	if out, err := sql.CombinedOutput(); err != nil {
		t.Fatalf("create function: %v\n%s", err, out)
	}
	keysOut, err := exec.Command(bin, "keys", "--json", "--data-dir", dataDir).Output()
	if err != nil {
		t.Fatal(err)
	}
	var k struct {
		AnonKey string `json:"anon_key"`
	}
	if err := json.Unmarshal(keysOut, &k); err != nil {
		t.Fatal(err)
	}
	rpc := func() (int, string) {
		req, _ := http.NewRequest("POST", fmt.Sprintf("http://127.0.0.1:%d/rest/v1/rpc/slow_answer", port), strings.NewReader("{}"))
		req.Header.Set("apikey", k.AnonKey)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(res.Body)
		return res.StatusCode, b.String()
	}
	deadline := time.Now().Add(10 * time.Second)
	for code, body := rpc(); code != 200; code, body = rpc() {
		if time.Now().After(deadline) {
			t.Fatalf("rpc never answered 200: %d %s", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	inFlight := make(chan string, 1)
	go func() {
		code, body := rpc()
		inFlight <- fmt.Sprint(code, " ", body)
	}()
	// SIGTERM once the request is in PostgreSQL's pg_sleep, not after a
	// guessed pause (a slow start of the request met a closed port). A
	// poll slower than the sleep finds it answered: SIGTERM then proves
	// less, and nothing false.
	var answered string
	deadline = time.Now().Add(30 * time.Second)
	for answered == "" {
		select {
		case answered = <-inFlight:
			continue
		default:
		}
		cmd := exec.Command(bin, "sql", "-c", "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'")
		cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir)
		out, err := cmd.CombinedOutput()
		if err == nil && strings.Contains(string(out), " 1\n") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the slow request never reached PostgreSQL:\n%s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	restarted.cmd.Process.Signal(syscall.SIGTERM)
	if answered == "" {
		answered = <-inFlight
	}
	if answered != "200 42" {
		t.Errorf("request in flight at SIGTERM: %s", answered)
	}
	select {
	case err := <-restarted.done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, restarted.stderr)
		}
	case <-time.After(40 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	if !strings.Contains(restarted.stderr.String(), "PostgreSQL stopped") {
		t.Errorf("cluster not stopped:\n%s", restarted.stderr)
	}
	if _, err := os.Stat(filepath.Join(dataDir, "pg", "postmaster.pid")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("postmaster.pid left behind: %v", err)
	}
}

// TestServeAsUnprivilegedUser: daybase as a normal user runs PostgreSQL as
// itself. Under root (CI) the test drops to "nobody" to get a normal user.
func TestServeAsUnprivilegedUser(t *testing.T) {
	root := t.TempDir()
	// nobody must reach the binary and own the data dir; t.TempDir's
	// parents are private to root.
	for d := root; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(root, "daybase")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dataDir := filepath.Join(root, "data")
	if err := os.Mkdir(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dataDir, fmt.Sprintf("DAYBASE_PORT=%d", port), "HOME="+root)
	if os.Getuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Fatalf("running as root, the test needs the nobody user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dataDir, uid, gid); err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	}
	p := &proc{cmd: cmd, stderr: &bytes.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill(); <-p.done })
	waitHealth(t, p, port)

	st, err := os.Stat(filepath.Join(dataDir, "pg"))
	if err != nil {
		t.Fatal(err)
	}
	if owner := st.Sys().(*syscall.Stat_t).Uid; owner == 0 {
		t.Fatalf("the cluster is owned by root")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, p.stderr)
		}
		p.done <- nil
	case <-time.After(40 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
}
