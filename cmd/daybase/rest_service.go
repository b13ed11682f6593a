package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"daybase/gateway"
	"daybase/gateway/rest"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
)

// restSettings are the /rest/v1 settings read from the environment, named
// after PostgREST's: db-schemas, db-max-rows, db-tx-end and db-plan-enabled.
type restSettings struct {
	Schemas         []string // DAYBASE_REST_SCHEMAS, default public
	MaxRows         int64    // DAYBASE_REST_MAX_ROWS, default 1000 (the hosted default)
	TxAllowOverride bool     // DAYBASE_REST_TX_ALLOW_OVERRIDE: honour Prefer: tx=rollback
	PlanEnabled     bool     // DAYBASE_REST_PLAN_ENABLED: answer application/vnd.pgrst.plan; default false
}

var schemaName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]{0,62}$`)

func restConfig(getenv func(string) string) (restSettings, error) {
	s := restSettings{Schemas: []string{"public"}, MaxRows: 1000}
	var errs []error
	if v := strings.TrimSpace(getenv("DAYBASE_REST_SCHEMAS")); v != "" {
		s.Schemas = nil
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			if !schemaName.MatchString(name) {
				errs = append(errs, fmt.Errorf("DAYBASE_REST_SCHEMAS=%q: %q is not a schema name (comma-separated, the first is the default)", v, name))
				continue
			}
			s.Schemas = append(s.Schemas, name)
		}
	}
	if v := strings.TrimSpace(getenv("DAYBASE_REST_MAX_ROWS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			errs = append(errs, fmt.Errorf("DAYBASE_REST_MAX_ROWS=%q: want a positive number", v))
		}
		s.MaxRows = int64(n)
	}
	boolean := func(name string, dst *bool) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: want true or false", name, v))
			}
			*dst = b
		}
	}
	boolean("DAYBASE_REST_TX_ALLOW_OVERRIDE", &s.TxAllowOverride)
	boolean("DAYBASE_REST_PLAN_ENABLED", &s.PlanEnabled)
	return s, errors.Join(errs...)
}

// restService builds /rest/v1: the PostgREST-compatible engine on the API
// pool, with a schema cache loaded now and kept fresh by NOTIFY pgrst
// through the admin pool. The returned func stops the watcher.
func restService(d deps) (gateway.Service, func(), error) {
	settings := d.set.rest
	log := d.log.With("service", "rest")
	cache := schemacache.New(schemacache.Config{Schemas: settings.Schemas}, log)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := cache.Reload(ctx, d.adminPool); err != nil {
		return gateway.Service{}, nil, fmt.Errorf("rest schema cache: %w", err)
	}
	watchCtx, stop := context.WithCancel(context.Background())
	go cache.Watch(watchCtx, d.adminPool) //nolint:errcheck // returns the context's error once stopped
	srv := rest.New(rest.Config{
		Pool: d.apiPool, Cache: cache, Log: log,
		// Aggregates are enabled as issue 4 asks (docs/decisions.md, REST engine).
		Plan:            plan.Config{MaxRows: settings.MaxRows, AggregatesEnabled: true},
		TxAllowOverride: settings.TxAllowOverride,
		PlanEnabled:     settings.PlanEnabled,
		OpenAPI:         rest.OpenAPIConfig{ServerURL: d.cfg.PublicURL() + "/rest/v1"},
	})
	return gateway.Service{Prefix: "/rest/v1", Handler: srv}, stop, nil
}
