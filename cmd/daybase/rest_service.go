package main

import (
	"context"
	"fmt"
	"time"

	"daybase/gateway"
	"daybase/gateway/rest"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
)

// restService builds /rest/v1: the PostgREST-compatible engine on the API
// pool, with a schema cache loaded now and kept fresh by NOTIFY pgrst
// through the admin pool. The returned func stops the watcher.
func restService(d deps) (gateway.Service, func(), error) {
	log := d.log.With("service", "rest")
	cache := schemacache.New(schemacache.Config{}, log)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := cache.Reload(ctx, d.adminPool); err != nil {
		return gateway.Service{}, nil, fmt.Errorf("rest schema cache: %w", err)
	}
	watchCtx, stop := context.WithCancel(context.Background())
	go cache.Watch(watchCtx, d.adminPool) //nolint:errcheck // returns the context's error once stopped
	srv := rest.New(rest.Config{
		Pool: d.apiPool, Cache: cache, Log: log,
		// The hosted backend's max_rows; aggregates are enabled as issue 4
		// asks (docs/decisions.md, REST engine).
		Plan:    plan.Config{MaxRows: 1000, AggregatesEnabled: true},
		OpenAPI: rest.OpenAPIConfig{ServerURL: d.cfg.PublicURL() + "/rest/v1"},
	})
	return gateway.Service{Prefix: "/rest/v1", Handler: srv}, stop, nil
}
