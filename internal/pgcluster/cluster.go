// Package pgcluster runs a private PostgreSQL cluster from the system's own
// server binaries: initdb on first start, a free loopback port remembered in
// the data directory, a unix socket beside it, wal_level=logical for
// realtime, and a shutdown tied to the daybase process.
//
// When daybase runs as root the cluster runs as an unprivileged system user
// (postgres, or daybase created on demand), because PostgreSQL refuses root.
//
//	c, err := pgcluster.Open(pgcluster.Options{Dir: "/srv/daybase/pg"}, log)
//	...
//	err = c.Start(ctx)
//	defer c.Stop()
//	pool, err := pgxpool.New(ctx, c.URL("postgres", "postgres"))
package pgcluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Superuser is the bootstrap superuser initdb creates.
const Superuser = "postgres"

// Options configure a cluster.
type Options struct {
	// Dir is the cluster directory (PGDATA); created by initdb when empty.
	Dir string
	// StateFile remembers the port and the superuser password; default
	// Dir/../cluster.json.
	StateFile string
	// Durable keeps fsync on. Test clusters turn it off for speed.
	Durable bool
	// ExtraConfig lines are appended to the generated configuration.
	ExtraConfig []string
}

// Cluster is one PostgreSQL cluster managed by this process.
type Cluster struct {
	opts  Options
	log   *slog.Logger
	bins  Binaries
	owner owner
	state state

	cmd  *exec.Cmd
	done chan struct{} // closed when the postmaster exits
	err  error         // exit status, valid after done
}

// state is what survives restarts besides PGDATA itself.
type state struct {
	Port     int    `json:"port"`
	Password string `json:"superuser_password"`
}

// Open finds the binaries and prepares (but does not start) the cluster.
func Open(opts Options, log *slog.Logger) (*Cluster, error) {
	if opts.StateFile == "" {
		opts.StateFile = filepath.Join(filepath.Dir(opts.Dir), "cluster.json")
	}
	bins, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	o, err := currentOwner(log)
	if err != nil {
		return nil, err
	}
	c := &Cluster{opts: opts, log: log, bins: bins, owner: o}
	if err := c.loadState(); err != nil {
		return nil, err
	}
	return c, nil
}

// Port is the TCP port on 127.0.0.1.
func (c *Cluster) Port() int { return c.state.Port }

// SocketDir holds the unix socket.
func (c *Cluster) SocketDir() string { return filepath.Join(c.opts.Dir, "run") }

// Password is the superuser's password for TCP connections.
func (c *Cluster) Password() string { return c.state.Password }

// URL returns a connection URL for user and database over TCP loopback
// with the superuser's password (other roles authenticate how their
// caller arranged).
func (c *Cluster) URL(user, database string) string {
	u := url.URL{
		Scheme: "postgres",
		Host:   net.JoinHostPort("127.0.0.1", strconv.Itoa(c.state.Port)),
		Path:   "/" + database,
	}
	if user == Superuser {
		u.User = url.UserPassword(user, c.state.Password)
	} else {
		u.User = url.User(user)
	}
	u.RawQuery = "sslmode=disable"
	return u.String()
}

func (c *Cluster) loadState() error {
	b, err := os.ReadFile(c.opts.StateFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read cluster state: %w", err)
	}
	if err := json.Unmarshal(b, &c.state); err != nil {
		return fmt.Errorf("cluster state %s is corrupt (%v); delete it and restart only if the cluster is new", c.opts.StateFile, err)
	}
	return nil
}

func (c *Cluster) saveState() error {
	b, _ := json.MarshalIndent(c.state, "", "  ")
	return writeFileAtomic(c.opts.StateFile, b, 0o600)
}

// Start initialises the cluster if needed, removes a stale lock left by a
// killed postmaster, starts postgres and waits until it accepts connections.
func (c *Cluster) Start(ctx context.Context) error {
	if err := os.MkdirAll(filepath.Dir(c.opts.Dir), 0o711); err != nil {
		return fmt.Errorf("create data dir: %w (choose a writable DAYBASE_DATA_DIR)", err)
	}
	if err := c.owner.ensureTraversable(c.opts.Dir, c.log); err != nil {
		return err
	}
	if c.state.Password == "" {
		c.state.Password = randomHex(24)
	}
	if err := c.initdb(ctx); err != nil {
		return err
	}
	if err := c.choosePort(); err != nil {
		return err
	}
	if err := c.saveState(); err != nil {
		return fmt.Errorf("save cluster state: %w (is the data dir writable?)", err)
	}
	if err := c.writeConfig(); err != nil {
		return err
	}
	if err := c.clearStaleLock(); err != nil {
		return err
	}
	return c.launch(ctx)
}

func (c *Cluster) initdb(ctx context.Context) error {
	if _, err := os.Stat(filepath.Join(c.opts.Dir, "PG_VERSION")); err == nil {
		st, _ := os.Stat(c.opts.Dir)
		return errOwnedByOther(c.opts.Dir, st)
	}
	start := time.Now()
	c.log.Info("initialising PostgreSQL cluster (first start)", "dir", c.opts.Dir, "initdb", c.bins.Initdb)
	if err := os.MkdirAll(c.opts.Dir, 0o700); err != nil {
		return fmt.Errorf("create cluster dir: %w (choose a writable DAYBASE_DATA_DIR)", err)
	}
	if err := c.owner.chown(c.opts.Dir); err != nil {
		return fmt.Errorf("chown cluster dir: %w", err)
	}
	pwfile := filepath.Join(filepath.Dir(c.opts.Dir), ".initdb-pwfile")
	if err := os.WriteFile(pwfile, []byte(c.state.Password+"\n"), 0o600); err != nil {
		return fmt.Errorf("write password file: %w", err)
	}
	defer os.Remove(pwfile)
	if err := c.owner.chown(pwfile); err != nil {
		return err
	}
	run := func(locale string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, c.bins.Initdb, "-D", c.opts.Dir, "-U", Superuser,
			"--pwfile="+pwfile, "--auth-local=trust", "--auth-host=scram-sha-256",
			"--encoding=UTF8", locale)
		cmd.Env = c.env()
		c.owner.command(cmd)
		return cmd.CombinedOutput()
	}
	out, err := run("--locale=C.UTF-8")
	if err != nil && bytes.Contains(out, []byte("invalid locale")) {
		// Some systems lack C.UTF-8; the byte-order C locale always exists.
		c.clearDir()
		out, err = run("--no-locale")
	}
	if err != nil {
		c.clearDir()
		return fmt.Errorf("initdb failed: %v\n%s", err, out)
	}
	c.log.Info("cluster initialised", "duration", time.Since(start).Round(time.Millisecond))
	return nil
}

// clearDir empties a half-made cluster dir so the next initdb can run.
func (c *Cluster) clearDir() {
	entries, _ := os.ReadDir(c.opts.Dir)
	for _, e := range entries {
		os.RemoveAll(filepath.Join(c.opts.Dir, e.Name()))
	}
}

// choosePort keeps the remembered port when it is free, else picks a new one.
func (c *Cluster) choosePort() error {
	if c.state.Port != 0 && portFree(c.state.Port) {
		return nil
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("find a free port for PostgreSQL: %w", err)
	}
	defer l.Close()
	if c.state.Port != 0 {
		c.log.Warn("remembered PostgreSQL port is taken, using another", "old", c.state.Port)
	}
	c.state.Port = l.Addr().(*net.TCPAddr).Port
	return nil
}

func portFree(port int) bool {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// writeConfig rewrites daybase.conf, included from postgresql.conf.
func (c *Cluster) writeConfig() error {
	if err := os.MkdirAll(c.SocketDir(), 0o700); err != nil {
		return fmt.Errorf("create socket dir: %w", err)
	}
	if err := c.owner.chown(c.SocketDir()); err != nil {
		return err
	}
	lines := []string{
		"# Written by daybase at every start; edit postgresql.conf for your own settings.",
		"listen_addresses = '127.0.0.1'",
		fmt.Sprintf("port = %d", c.state.Port),
		fmt.Sprintf("unix_socket_directories = '%s'", strings.ReplaceAll(c.SocketDir(), "'", "''")),
		"unix_socket_permissions = 0700",
		"wal_level = logical",
		"max_replication_slots = 20",
		"max_wal_senders = 20",
		"max_connections = 200",
		"shared_buffers = 128MB",
		"log_destination = 'stderr'",
		"logging_collector = off",
		"log_min_messages = warning",
		"timezone = 'UTC'",
	}
	if !c.opts.Durable {
		lines = append(lines, "fsync = off", "synchronous_commit = off", "full_page_writes = off")
	}
	lines = append(lines, c.opts.ExtraConfig...)
	conf := filepath.Join(c.opts.Dir, "daybase.conf")
	if err := os.WriteFile(conf, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", conf, err)
	}
	if err := c.owner.chown(conf); err != nil {
		return err
	}
	main := filepath.Join(c.opts.Dir, "postgresql.conf")
	b, err := os.ReadFile(main)
	if err != nil {
		return fmt.Errorf("read %s: %w", main, err)
	}
	const include = "include_if_exists = 'daybase.conf'"
	if !bytes.Contains(b, []byte(include)) {
		b = append(b, []byte("\n"+include+"\n")...)
		if err := os.WriteFile(main, b, 0o600); err != nil {
			return fmt.Errorf("write %s: %w", main, err)
		}
	}
	return nil
}

// clearStaleLock deals with postmaster.pid left behind by a kill -9: a dead
// or foreign PID is simply removed; a live orphan postmaster of this very
// cluster (its daybase died without taking it down) is shut down first.
// The caller holds the data dir lock, so no other daybase owns it.
func (c *Cluster) clearStaleLock() error {
	pidFile := filepath.Join(c.opts.Dir, "postmaster.pid")
	b, err := os.ReadFile(pidFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", pidFile, err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, _ := strconv.Atoi(strings.TrimSpace(first))
	if pid > 0 && c.isOurPostmaster(pid) {
		c.log.Warn("found an orphaned PostgreSQL of this data dir still running; shutting it down", "pid", pid)
		_ = syscall.Kill(pid, syscall.SIGINT)
		for i := 0; i < 300 && processAlive(pid); i++ {
			time.Sleep(100 * time.Millisecond)
		}
		if processAlive(pid) {
			_ = syscall.Kill(pid, syscall.SIGQUIT)
			time.Sleep(time.Second)
		}
	} else {
		c.log.Info("removing stale postmaster.pid from an earlier crash", "pid", pid)
	}
	if err := os.Remove(pidFile); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove stale %s: %w", pidFile, err)
	}
	return nil
}

func (c *Cluster) isOurPostmaster(pid int) bool {
	if !processAlive(pid) {
		return false
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	return bytes.Contains(cmdline, []byte(c.opts.Dir))
}

func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

func (c *Cluster) launch(ctx context.Context) error {
	logPath := filepath.Join(filepath.Dir(c.opts.Dir), "postgres.log")
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open %s: %w", logPath, err)
	}
	cmd := exec.Command(c.bins.Postgres, "-D", c.opts.Dir)
	cmd.Env = c.env()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// Own process group: a terminal's Ctrl-C reaches daybase only, which
	// drains requests before it stops the cluster. Pdeathsig asks for a
	// fast shutdown if daybase dies without doing so (Linux).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGINT}
	c.owner.command(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return fmt.Errorf("start postgres: %w", err)
	}
	c.cmd, c.done = cmd, make(chan struct{})
	go func() {
		c.err = cmd.Wait()
		logFile.Close()
		close(c.done)
	}()
	if err := c.waitReady(ctx); err != nil {
		c.Stop()
		return fmt.Errorf("%w\nlast lines of %s:\n%s", err, logPath, tail(logPath, 15))
	}
	c.log.Info("PostgreSQL ready", "port", c.state.Port, "version", c.bins.Version,
		"duration", time.Since(start).Round(time.Millisecond))
	return nil
}

func (c *Cluster) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for delay := 20 * time.Millisecond; ; delay = min(delay*2, 250*time.Millisecond) {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		conn, err := pgconn.Connect(pctx, c.URL(Superuser, "postgres"))
		cancel()
		if err == nil {
			conn.Close(ctx)
			return nil
		}
		select {
		case <-c.done:
			return fmt.Errorf("postgres exited during start-up: %v", c.err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not accept connections within 60s: %v", err)
		}
	}
}

// Done is closed when the postmaster exits.
func (c *Cluster) Done() <-chan struct{} { return c.done }

// Stop asks for a fast shutdown (SIGINT) and waits; after 30 s it escalates
// to an immediate shutdown (SIGQUIT).
func (c *Cluster) Stop() error {
	if c.cmd == nil || c.cmd.Process == nil {
		return nil
	}
	_ = c.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		c.log.Warn("PostgreSQL did not stop within 30s; forcing immediate shutdown")
		_ = c.cmd.Process.Signal(syscall.SIGQUIT)
		<-c.done
	}
	c.log.Info("PostgreSQL stopped")
	return nil
}

func (c *Cluster) env() []string {
	return []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TZ=UTC"}
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b)
}

func writeFileAtomic(path string, data []byte, mode os.FileMode) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
