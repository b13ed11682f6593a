// Package config holds the settings of a daybase process, read once from
// flags and environment variables in cmd/daybase and passed down explicitly.
//
// Every field documents its meaning, unit and default. Flags win over
// environment variables, which win over defaults.
package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration of one daybase process.
type Config struct {
	// DataDir holds the embedded PostgreSQL cluster (pg/), the generated
	// secrets (secrets.json, mode 0600), local file storage and the process
	// lock. Env DAYBASE_DATA_DIR, default ./.daybase.
	DataDir string
	// Host is the address the HTTP server listens on. Env DAYBASE_HOST,
	// default 127.0.0.1.
	Host string
	// Port is the HTTP port. Env DAYBASE_PORT, default 54321.
	Port int
	// DatabaseURL points at an external PostgreSQL (15+, wal_level=logical)
	// whose user may create roles and schemas. Empty means the embedded
	// cluster in DataDir/pg. Env DAYBASE_DATABASE_URL.
	DatabaseURL string
	// SiteURL is the public URL of the app, used in e-mail links and OAuth
	// redirects. Env DAYBASE_SITE_URL, default http://Host:Port.
	SiteURL string
	// JWTSecret signs access tokens and API keys (HS256, at least 32
	// characters). Empty means the secret generated on first start and kept
	// in DataDir/secrets.json. Env DAYBASE_JWT_SECRET.
	JWTSecret string
	// LogLevel is debug, info, warn or error. Env DAYBASE_LOG_LEVEL, default info.
	LogLevel slog.Level
	// ShutdownTimeout bounds how long in-flight requests may drain on
	// SIGINT/SIGTERM. Env DAYBASE_SHUTDOWN_TIMEOUT, default 10s.
	ShutdownTimeout time.Duration
	// MaxBodyBytes caps request bodies outside storage uploads, in bytes.
	// Env DAYBASE_MAX_BODY_BYTES, default 10 MiB.
	MaxBodyBytes int64
	// DatabaseConnectTimeout is how long to keep retrying an unreachable
	// DatabaseURL before giving up. Env DAYBASE_DATABASE_CONNECT_TIMEOUT,
	// default 30s.
	DatabaseConnectTimeout time.Duration
	// BodyReadTimeout is how long a request body may take to arrive before
	// the request is answered 408, and the longest pause between bytes of
	// a storage upload (which may take as long as it keeps moving). Env
	// DAYBASE_BODY_READ_TIMEOUT, default 30s.
	BodyReadTimeout time.Duration
	// FilesURL is a separate origin for user files
	// (https://files.example.com): public and signed object URLs on the
	// app's origin redirect there, and that host serves nothing but the
	// objects, so a file a browser renders can never reach the app's
	// session. Empty serves files from the app's origin. Env
	// DAYBASE_STORAGE_FILES_URL.
	FilesURL string
	// MetricsToken, when set, serves GET /metrics (Prometheus) on the main
	// listener to requests with Authorization: Bearer <token>. Env
	// DAYBASE_METRICS_TOKEN (at least 16 characters). Off by default.
	MetricsToken string
	// MetricsAddr, when set, serves /metrics on a listener of its own
	// (e.g. 127.0.0.1:9464), without a token unless MetricsToken is set
	// too. Env DAYBASE_METRICS_ADDR. Off by default.
	MetricsAddr string
}

// Defaults returns the configuration used when nothing is set.
func Defaults() Config {
	return Config{
		DataDir:                ".daybase",
		Host:                   "127.0.0.1",
		Port:                   54321,
		LogLevel:               slog.LevelInfo,
		ShutdownTimeout:        10 * time.Second,
		MaxBodyBytes:           10 << 20,
		DatabaseConnectTimeout: 30 * time.Second,
		BodyReadTimeout:        30 * time.Second,
	}
}

// Addr is the HTTP listen address.
func (c Config) Addr() string { return net.JoinHostPort(c.Host, strconv.Itoa(c.Port)) }

// PublicURL is the base URL clients use: SiteURL when set, else http://Addr.
func (c Config) PublicURL() string {
	if c.SiteURL != "" {
		return strings.TrimRight(c.SiteURL, "/")
	}
	return "http://" + c.Addr()
}

// Flags registers the shared flags on fs, writing into c. Call Load after
// fs.Parse to apply environment variables beneath the flags that were set.
func (c *Config) Flags(fs *flag.FlagSet) {
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "data directory (env DAYBASE_DATA_DIR)")
	fs.StringVar(&c.Host, "host", c.Host, "listen host (env DAYBASE_HOST)")
	fs.IntVar(&c.Port, "port", c.Port, "listen port (env DAYBASE_PORT)")
	fs.StringVar(&c.DatabaseURL, "database-url", c.DatabaseURL, "external PostgreSQL URL (env DAYBASE_DATABASE_URL)")
	fs.StringVar(&c.SiteURL, "site-url", c.SiteURL, "public site URL (env DAYBASE_SITE_URL)")
	fs.Func("log-level", "debug|info|warn|error (env DAYBASE_LOG_LEVEL)", func(s string) error {
		return c.LogLevel.UnmarshalText([]byte(s))
	})
}

// Load applies environment variables (via getenv) to every field whose flag
// was not set explicitly, then validates the result.
func (c *Config) Load(fs *flag.FlagSet, getenv func(string) string) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var errs []error
	str := func(flagName, env string, dst *string) {
		if v := getenv(env); v != "" && !set[flagName] {
			*dst = v
		}
	}
	str("data-dir", "DAYBASE_DATA_DIR", &c.DataDir)
	str("host", "DAYBASE_HOST", &c.Host)
	str("database-url", "DAYBASE_DATABASE_URL", &c.DatabaseURL)
	str("site-url", "DAYBASE_SITE_URL", &c.SiteURL)
	c.JWTSecret = getenv("DAYBASE_JWT_SECRET")
	c.MetricsToken = getenv("DAYBASE_METRICS_TOKEN")
	c.MetricsAddr = getenv("DAYBASE_METRICS_ADDR")
	if v := getenv("DAYBASE_PORT"); v != "" && !set["port"] {
		p, err := strconv.Atoi(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("DAYBASE_PORT=%q: not a number", v))
		}
		c.Port = p
	}
	if v := getenv("DAYBASE_LOG_LEVEL"); v != "" && !set["log-level"] {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			errs = append(errs, fmt.Errorf("DAYBASE_LOG_LEVEL=%q: want debug, info, warn or error", v))
		}
	}
	dur := func(env string, dst *time.Duration) {
		if v := getenv(env); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: want a duration such as 10s", env, v))
			}
			*dst = d
		}
	}
	dur("DAYBASE_SHUTDOWN_TIMEOUT", &c.ShutdownTimeout)
	dur("DAYBASE_DATABASE_CONNECT_TIMEOUT", &c.DatabaseConnectTimeout)
	dur("DAYBASE_BODY_READ_TIMEOUT", &c.BodyReadTimeout)
	if c.BodyReadTimeout <= 0 {
		errs = append(errs, fmt.Errorf("DAYBASE_BODY_READ_TIMEOUT=%v: want a positive duration", c.BodyReadTimeout))
	}
	if v := strings.TrimRight(strings.TrimSpace(getenv("DAYBASE_STORAGE_FILES_URL")), "/"); v != "" {
		if err := checkFilesURL(v); err != nil {
			errs = append(errs, fmt.Errorf("DAYBASE_STORAGE_FILES_URL=%q: %w", v, err))
		}
		c.FilesURL = v
	}
	if v := getenv("DAYBASE_MAX_BODY_BYTES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			errs = append(errs, fmt.Errorf("DAYBASE_MAX_BODY_BYTES=%q: want a positive number of bytes", v))
		}
		c.MaxBodyBytes = n
	}
	if c.Port < 0 || c.Port > 65535 {
		errs = append(errs, fmt.Errorf("port %d: want 0..65535", c.Port))
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < 16 {
		errs = append(errs, errors.New("DAYBASE_METRICS_TOKEN: want at least 16 characters"))
	}
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		errs = append(errs, errors.New("DAYBASE_JWT_SECRET: want at least 32 characters"))
	}
	if c.FilesURL != "" && sameHost(c.FilesURL, c.PublicURL()) {
		errs = append(errs, fmt.Errorf("DAYBASE_STORAGE_FILES_URL=%q: must be another host than the app's %s", c.FilesURL, c.PublicURL()))
	}
	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		errs = append(errs, fmt.Errorf("data dir %q: %w", c.DataDir, err))
	}
	c.DataDir = abs
	return errors.Join(errs...)
}

// checkFilesURL accepts an origin: http(s)://host[:port], nothing after.
func checkFilesURL(v string) error {
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return err
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return errors.New("want an origin such as https://files.example.com")
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return errors.New("want an origin only, without a path: files keep their /storage/v1/object/... paths there")
	}
	return nil
}

func sameHost(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	return err1 == nil && err2 == nil && strings.EqualFold(ua.Host, ub.Host)
}

// FromEnv is Defaults with the environment applied, for tools without flags.
func FromEnv() (Config, error) {
	c := Defaults()
	fs := flag.NewFlagSet("env", flag.ContinueOnError)
	c.Flags(fs)
	err := c.Load(fs, os.Getenv)
	return c, err
}
