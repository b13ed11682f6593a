package main

import (
	"errors"
	"fmt"

	"daybase/gateway/auth"
	"daybase/internal/config"
)

// settings is the whole configuration of `daybase serve` beyond the
// server's own (config.Config, flags and environment): one typed section
// per service, every one read from the environment here, once, before
// anything connects. The names are listed by section in config.Settings
// and documented in README "Configuration", docs/auth.md and
// docs/storage.md.
type settings struct {
	auth      auth.Config       // DAYBASE_AUTH_*, DAYBASE_SMTP_* (authConfig)
	rest      restSettings      // DAYBASE_REST_* (restConfig)
	storage   storageEnv        // DAYBASE_STORAGE_* (storageConfig)
	functions functionsSettings // jobs, billing, integrations, support (functionsConfig)
}

// loadSettings reads every section, and reports every malformed value at
// once, each error naming its variable.
func loadSettings(getenv func(string) string, cfg config.Config) (settings, error) {
	var s settings
	var errs []error
	add := func(section string, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", section, err))
		}
	}
	var err error
	s.auth, err = authConfig(getenv, cfg)
	add("auth", err)
	s.rest, err = restConfig(getenv)
	add("rest", err)
	s.storage, err = storageConfig(getenv)
	add("storage", err)
	s.functions, err = functionsConfig(getenv, cfg)
	add("functions", err)
	return s, errors.Join(errs...)
}
