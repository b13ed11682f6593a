// Package miniotest runs a real MinIO server on a loopback port for one
// test, so the S3 backend is tested against the S3 API rather than a mock.
//
//	func TestSomething(t *testing.T) {
//		srv := miniotest.Start(t)
//		store, err := s3.New(ctx, srv.Config(t))
//		...
//	}
//
// The server binary is found, in order: $DAYBASE_TEST_MINIO; `minio` on
// $PATH; the per-user cache (os.UserCacheDir()/daybase-test/minio-VERSION/).
// When none exists it is built once into that cache with
// `go install github.com/minio/minio@VERSION` from the Go module proxy,
// which takes a few minutes on a fresh machine and nothing afterwards.
// A missing or unbuildable binary fails the test; it is never skipped.
package miniotest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"daybase/storage/s3"
)

// Version is the MinIO server module version built when no binary is found.
const Version = "v0.0.0-20260212201848-7aac2a2c5b7c"

// EnvBinary names a MinIO server binary to use instead of building one.
const EnvBinary = "DAYBASE_TEST_MINIO"

const (
	accessKey = "daybase-test"
	secretKey = "daybase-test-secret-key"
)

// Server is one running MinIO.
type Server struct {
	// Endpoint is host:port of the S3 API.
	Endpoint string
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// Binary returns the path of a MinIO server binary, building it if needed.
func Binary() (string, error) {
	binOnce.Do(func() { binPath, binErr = findOrBuild() })
	return binPath, binErr
}

func findOrBuild() (string, error) {
	if p := os.Getenv(EnvBinary); p != "" {
		return p, nil
	}
	if p, err := exec.LookPath("minio"); err == nil {
		return p, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "daybase-test", "minio-"+Version)
	bin := filepath.Join(dir, "minio")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Several test binaries may get here at once: one builds, the rest wait.
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fmt.Fprintf(os.Stderr, "miniotest: building the MinIO server %s into %s (first run only, a few minutes)\n", Version, dir)
	cmd := exec.Command("go", "install", "github.com/minio/minio@"+Version)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-buildvcs=false", "CGO_ENABLED=0")
	cmd.Dir = os.TempDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install github.com/minio/minio@%s: %w\n%s\n(set %s to a MinIO server binary to skip the build)", Version, err, out, EnvBinary)
	}
	return bin, nil
}

// Start runs a MinIO server with its data in a temporary directory; it is
// stopped and removed when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatalf("miniotest: %v", err)
	}
	dir := t.TempDir()
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		port, cport := freePort(t), freePort(t)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(bin, "server", "--quiet", "--address", addr,
			"--console-address", "127.0.0.1:"+strconv.Itoa(cport), filepath.Join(dir, "data"))
		cmd.Env = append(os.Environ(),
			"MINIO_ROOT_USER="+accessKey, "MINIO_ROOT_PASSWORD="+secretKey,
			"MINIO_BROWSER=off", "MINIO_UPDATE=off")
		logf, _ := os.Create(filepath.Join(dir, "minio.log"))
		cmd.Stdout, cmd.Stderr = logf, logf
		// The server dies with the test binary even if cleanup never runs.
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			t.Fatalf("miniotest: start %s: %v", bin, err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		if lastErr = waitLive(addr, exited, 30*time.Second); lastErr == nil {
			t.Cleanup(func() {
				cmd.Process.Kill()
				<-exited
				logf.Close()
			})
			return &Server{Endpoint: addr}
		}
		cmd.Process.Kill()
		<-exited
		logf.Close()
	}
	log, _ := os.ReadFile(filepath.Join(dir, "minio.log"))
	t.Fatalf("miniotest: MinIO did not start: %v\n%s", lastErr, log)
	return nil
}

func waitLive(addr string, exited <-chan struct{}, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("server exited during start-up")
		default:
		}
		resp, err := http.Get("http://" + addr + "/minio/health/live")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no healthy answer on %s within %s", addr, timeout)
}

// Config returns the settings of a fresh, uniquely named bucket for t
// (s3.New creates it).
func (s *Server) Config(t testing.TB) s3.Config {
	b := make([]byte, 4)
	rand.Read(b)
	// S3 bucket names: 3-63 characters of a-z, 0-9 and '-'.
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, strings.ToLower(t.Name()))
	if len(name) > 40 {
		name = name[len(name)-40:]
	}
	name = "t-" + strings.Trim(name, "-") + "-" + hex.EncodeToString(b)
	return s3.Config{
		Endpoint:  s.Endpoint,
		Region:    "us-east-1",
		Bucket:    name,
		AccessKey: accessKey,
		SecretKey: secretKey,
		PathStyle: true,
		PartSize:  5 << 20,
	}
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("miniotest: free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
