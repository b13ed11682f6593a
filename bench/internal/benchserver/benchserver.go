// Package benchserver starts `daybase serve` on a fresh data dir as a
// second process for the benchmarks under bench/, and tells them its URL,
// keys and embedded cluster.
package benchserver

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"daybase/internal/datadir"
	"daybase/internal/keys"
	"daybase/internal/pgcluster"
)

// Server is a running daybase serve.
type Server struct {
	Base         string    // http://127.0.0.1:PORT
	Keys         keys.Keys // the data dir's keys (JWT secret, API keys)
	SuperuserURL string    // the embedded cluster, as its superuser
	cmd          *exec.Cmd
	clean        func()
}

// Start builds nothing: it runs bin serve on a new data dir under the temp
// dir (named prefix*, removed by Stop unless keep) with DAYBASE_LOG_LEVEL
// logLevel, and waits for /health 200.
func Start(bin, prefix, logLevel string, keep bool) (*Server, error) {
	binPath, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	clean := func() {
		if !keep {
			os.RemoveAll(dir)
		}
	}
	port, err := freePort()
	if err != nil {
		clean()
		return nil, err
	}
	cmd := exec.Command(binPath, "serve")
	cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+dir, "DAYBASE_PORT="+strconv.Itoa(port), "DAYBASE_HOST=127.0.0.1", "DAYBASE_LOG_LEVEL="+logLevel)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		clean()
		return nil, fmt.Errorf("start %s: %w (build it with go build -o bin/daybase ./cmd/daybase)", binPath, err)
	}
	s := &Server{Base: "http://127.0.0.1:" + strconv.Itoa(port), cmd: cmd, clean: clean}
	if err := s.waitHealthy(); err != nil {
		s.Stop()
		return nil, err
	}
	if s.Keys, err = keys.Ensure(datadir.Dir(dir).Secrets(), ""); err != nil {
		s.Stop()
		return nil, err
	}
	c, err := pgcluster.Open(pgcluster.Options{Dir: datadir.Dir(dir).Cluster()}, slog.New(slog.DiscardHandler))
	if err != nil {
		s.Stop()
		return nil, err
	}
	s.SuperuserURL = c.URL(pgcluster.Superuser, "postgres")
	return s, nil
}

func (s *Server) waitHealthy() error {
	for range 600 {
		if r, err := http.Get(s.Base + "/health"); err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("daybase did not become healthy")
}

// Pid is the server's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Stop interrupts the server, waits for it and removes its data dir
// (unless kept).
func (s *Server) Stop() {
	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
	s.clean()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
