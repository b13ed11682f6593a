package config

import (
	"flag"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func load(t *testing.T, args []string, env map[string]string) (Config, error) {
	t.Helper()
	c := Defaults()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	c.Flags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	err := c.Load(fs, func(k string) string { return env[k] })
	return c, err
}

func TestDefaults(t *testing.T) {
	c, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr() != "127.0.0.1:54321" || c.PublicURL() != "http://127.0.0.1:54321" || c.LogLevel != slog.LevelInfo {
		t.Fatalf("defaults: %+v", c)
	}
	if !strings.HasSuffix(c.DataDir, "/.daybase") {
		t.Fatalf("data dir %q is not absolute ./.daybase", c.DataDir)
	}
}

func TestFlagsWinOverEnvironment(t *testing.T) {
	c, err := load(t, []string{"-port", "7000"}, map[string]string{
		"DAYBASE_PORT": "8000", "DAYBASE_HOST": "0.0.0.0", "DAYBASE_SITE_URL": "https://day.example/",
		"DAYBASE_LOG_LEVEL": "debug", "DAYBASE_SHUTDOWN_TIMEOUT": "3s",
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 7000 || c.Host != "0.0.0.0" || c.PublicURL() != "https://day.example" ||
		c.LogLevel != slog.LevelDebug || c.ShutdownTimeout != 3*time.Second {
		t.Fatalf("got %+v", c)
	}
}

func TestBadValuesAreReportedTogether(t *testing.T) {
	_, err := load(t, nil, map[string]string{
		"DAYBASE_PORT": "eighty", "DAYBASE_LOG_LEVEL": "loud", "DAYBASE_JWT_SECRET": "short",
		"DAYBASE_SHUTDOWN_TIMEOUT": "soon",
	})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"DAYBASE_PORT", "DAYBASE_LOG_LEVEL", "DAYBASE_JWT_SECRET", "DAYBASE_SHUTDOWN_TIMEOUT"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}

func TestSecuritySettings(t *testing.T) {
	c, err := load(t, nil, map[string]string{
		"DAYBASE_BODY_READ_TIMEOUT": "5s", "DAYBASE_STORAGE_FILES_URL": "https://files.example.test/",
		"DAYBASE_SITE_URL": "https://app.example.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.BodyReadTimeout != 5*time.Second || c.FilesURL != "https://files.example.test" {
		t.Fatalf("got %v %q", c.BodyReadTimeout, c.FilesURL)
	}
	if d, _ := load(t, nil, nil); d.BodyReadTimeout != 30*time.Second || d.FilesURL != "" {
		t.Fatalf("defaults: %v %q", d.BodyReadTimeout, d.FilesURL)
	}
	for name, env := range map[string]map[string]string{
		"no deadline":        {"DAYBASE_BODY_READ_TIMEOUT": "0s"},
		"not an origin":      {"DAYBASE_STORAGE_FILES_URL": "files.example.test"},
		"a path":             {"DAYBASE_STORAGE_FILES_URL": "https://files.example.test/storage"},
		"the app's own host": {"DAYBASE_STORAGE_FILES_URL": "https://app.example.test", "DAYBASE_SITE_URL": "https://app.example.test"},
	} {
		if _, err := load(t, nil, env); err == nil {
			t.Errorf("%s: %v accepted", name, env)
		}
	}
}
