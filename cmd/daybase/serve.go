package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway"
	"daybase/internal/dataaccess"
	"daybase/internal/datadir"
	"daybase/internal/keys"
	"daybase/internal/metrics"
	"daybase/internal/token"
	"daybase/web"
)

// serve runs the API and the web app until SIGINT/SIGTERM, then drains
// requests and stops the embedded cluster.
func serve(ctx context.Context, e *env, args []string) error {
	if err := e.parse(args, nil); err != nil {
		return err
	}
	start := time.Now()
	// Every setting is read now: a malformed one stops the start before
	// the port, the cluster or the database are touched.
	set, err := loadSettings(os.Getenv, e.cfg)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	dir := datadir.Dir(e.cfg.DataDir)
	if err := dir.Ensure(); err != nil {
		return err
	}
	// Bind first: a taken port is reported before any slow start-up work.
	ln, err := net.Listen("tcp", e.cfg.Addr())
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("port %d on %s is already in use: stop the other process or set DAYBASE_PORT", e.cfg.Port, e.cfg.Host)
		}
		return fmt.Errorf("listen on %s: %w", e.cfg.Addr(), err)
	}
	defer ln.Close()

	k, err := keys.Ensure(dir.Secrets(), e.cfg.JWTSecret)
	if err != nil {
		return err
	}
	db, err := openDatabase(ctx, e, k, false)
	if err != nil {
		return err
	}
	defer db.close()
	if err := db.migrate(ctx, e, k); err != nil {
		return err
	}
	adminPool, err := newPool(ctx, "admin", db.adminURL)
	if err != nil {
		return err
	}
	defer adminPool.Close()
	apiPool, err := newPool(ctx, "api", db.apiURL)
	if err != nil {
		return err
	}
	defer apiPool.Close()

	signer := token.NewSigner(k.JWTSecret)
	authCfg := set.auth
	if err := watchSigningKeys(ctx, e, dir.Secrets(), signer, authCfg.JWTExpiry); err != nil {
		return err
	}
	svcs, closeServices, err := services(deps{cfg: e.cfg, keys: k, signer: signer, adminPool: adminPool, apiPool: apiPool, log: e.log, set: set})
	if err != nil {
		return err
	}
	defer closeServices()
	m, stopMetrics, err := startMetrics(e, adminPool, apiPool, svcs)
	if err != nil {
		return err
	}
	defer stopMetrics()
	access := dataaccess.New(adminPool, e.log.With("service", "gateway"), dataaccess.DefaultTTL)
	go access.Run(ctx)
	gw := gateway.New(gateway.Config{
		Signer:          signer,
		PublicURL:       e.cfg.PublicURL(),
		AnonKey:         k.AnonKey,
		MaxBodyBytes:    e.cfg.MaxBodyBytes,
		BodyReadTimeout: e.cfg.BodyReadTimeout,
		FilesURL:        e.cfg.FilesURL,
		Metrics:         m,
		MetricsToken:    e.cfg.MetricsToken,
		DataAccess:      access,
	}, adminPool, svcs, gateway.WebApp(web.App(), gateway.WebConfig{
		PublicURL: e.cfg.PublicURL(), AnonKey: k.AnonKey, FilesURL: e.cfg.FilesURL,
		AnonymousSignIns: authCfg.AnonymousSignIns,
	}), e.log)

	srv := &http.Server{
		Handler:           gw,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	e.log.Info("daybase ready", "url", "http://"+ln.Addr().String(), "version", versionString(),
		"startup", time.Since(start).Round(time.Millisecond))

	var clusterDone <-chan struct{}
	if db.cluster != nil {
		clusterDone = db.cluster.Done()
	}
	select {
	case <-ctx.Done():
		e.log.Info("shutting down: draining requests", "timeout", e.cfg.ShutdownTimeout)
	case err := <-serveErr:
		return fmt.Errorf("http server: %w", err)
	case <-clusterDone:
		srv.Close()
		return errors.New("embedded PostgreSQL exited unexpectedly; see postgres.log in the data dir")
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		e.log.Warn("requests still running at shutdown timeout were cut off", "err", err)
	}
	return nil
}

// startMetrics sets up /metrics when DAYBASE_METRICS_TOKEN or
// DAYBASE_METRICS_ADDR asks for it (nil otherwise): on the main listener
// behind the token, and on a listener of its own at the address.
func startMetrics(e *env, adminPool, apiPool *pgxpool.Pool, svcs []gateway.Service) (*metrics.Metrics, func(), error) {
	if e.cfg.MetricsToken == "" && e.cfg.MetricsAddr == "" {
		return nil, func() {}, nil
	}
	src := metrics.Sources{Pools: map[string]*pgxpool.Pool{"api": apiPool, "admin": adminPool}, Admin: adminPool, Log: e.log}
	for _, s := range svcs {
		if rt, ok := s.Handler.(interface{ Sockets() int }); ok {
			src.Sockets = rt.Sockets
		}
	}
	m := metrics.New(src)
	if e.cfg.MetricsAddr == "" {
		e.log.Info("metrics at /metrics (bearer token DAYBASE_METRICS_TOKEN)")
		return m, func() {}, nil
	}
	ln, err := net.Listen("tcp", e.cfg.MetricsAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("metrics: listen on %s (DAYBASE_METRICS_ADDR): %w", e.cfg.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler(e.cfg.MetricsToken))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	e.log.Info("metrics ready", "url", "http://"+ln.Addr().String()+"/metrics", "token", e.cfg.MetricsToken != "")
	return m, func() { srv.Close() }, nil
}

// poolConns is each pool's size. pgxpool's default, max(4, cores), would
// leave the admin pool (auth's statements) four connections on a small
// machine, and then no more than four durable commits can share one WAL
// flush: every token refresh and sign-in commits, so auth would be bound
// at four per flush (about 1,000 refreshes/s on a disk that flushes in
// 4 ms; docs/benchmarks.md, "Token refresh since 9f3e45d"). More
// connections let PostgreSQL's group commit take more of them per flush;
// durability is unchanged.
const poolConns = 20

// newPool opens one of serve's pools: admin (superuser-capable: auth,
// schema cache, jobs) or api (the authenticator role requests run as).
func newPool(ctx context.Context, name, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%s pool: %w", name, err)
	}
	cfg.MaxConns = poolConns
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s pool: %w", name, err)
	}
	return pool, nil
}
