package main

import (
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/functions"
	"daybase/gateway"
	"daybase/gateway/auth"
	"daybase/gateway/calsync"
	"daybase/internal/config"
	"daybase/internal/keys"
	"daybase/internal/token"
	"daybase/realtime"
)

// deps is what the services are built from.
type deps struct {
	cfg       config.Config
	keys      keys.Keys
	signer    *token.Signer
	adminPool *pgxpool.Pool // superuser-capable: auth, schema cache, jobs
	apiPool   *pgxpool.Pool // authenticator: requests run as the JWT's role
	set       settings      // every service's settings, read once by serve (loadSettings)
	log       *slog.Logger
}

// services builds every API the gateway mounts. Each entry is one line of
// wiring; the services themselves never import each other.
func services(d deps) ([]gateway.Service, func(), error) {
	var list []gateway.Service
	var closers []func()
	closeAll := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}

	logConfirmation(d.log, d.set.auth, loopbackOnly(d.cfg))
	authSvc, err := auth.New(d.set.auth, d.adminPool, d.signer, d.cfg.PublicURL(), d.log)
	if err != nil {
		return nil, nil, err
	}
	closers = append(closers, authSvc.Close)
	list = append(list, gateway.Service{Prefix: "/auth/v1", Handler: authSvc,
		OpenPaths: []string{"/verify", "/callback", "/authorize"}, ChangesSessions: true,
		KeepsSessions: auth.KeepsSessions})

	storageSvc, closeStorage, err := storageService(d)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	closers = append(closers, closeStorage)
	list = append(list, storageSvc)

	fnEnv, err := newFunctionsEnv(d)
	if err != nil {
		closeAll()
		return nil, nil, fmt.Errorf("functions: %w", err)
	}
	bg, err := startJobs(d, fnEnv, authSvc) // reminder scheduler; stops with serve
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	closers = append(closers, bg.Close)
	restSvc, stopRest, err := restService(d)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	closers = append(closers, stopRest)
	list = append(list, restSvc)

	list = append(list, gateway.Service{Prefix: "/functions/v1", APIKey: gateway.APIKeyOptional,
		Handler: functions.New(d.apiPool, d.log, buildFunctions(d, fnEnv)...)})

	// Calendar apps send no apikey: the feed's secret token, or CalDAV's
	// Basic sign-in with an app password, authorises.
	list = append(list, gateway.Service{Prefix: "/calendar/v1", APIKey: gateway.APIKeyOptional,
		Handler: calsync.New(calsync.Config{Admin: d.adminPool, API: d.apiPool, Log: d.log.With("service", "calendar"), Prefix: "/calendar/v1"})})
	list = append(list, gateway.Service{Prefix: "/.well-known/caldav", APIKey: gateway.APIKeyOptional,
		Handler: calsync.WellKnown("/calendar/v1/dav/")})

	rt, err := realtime.New(realtime.Config{Signer: d.signer, Admin: d.adminPool, API: d.apiPool, Log: d.log.With("service", "realtime")})
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	closers = append(closers, rt.Close)
	list = append(list, gateway.Service{Prefix: "/realtime/v1", Handler: rt})

	return list, closeAll, nil
}

// logConfirmation says at start-up whether new e-mail addresses must be
// confirmed by mail, and warns when a server others can reach takes them on
// trust (invitations then reach whoever signs up first with an address).
func logConfirmation(log *slog.Logger, c auth.Config, loopback bool) {
	switch {
	case !c.Autoconfirm:
		log.Info("auth: new accounts confirm their e-mail address by mail before they can sign in")
	case loopback:
		log.Info("auth: new accounts are confirmed without mail: a loopback development server; " +
			"listening beyond loopback, a public DAYBASE_SITE_URL or DAYBASE_SMTP_HOST turns confirmation on")
	default:
		log.Warn("auth: DAYBASE_AUTH_AUTOCONFIRM=true on a server others can reach: anyone can claim any " +
			"e-mail address, and with it the invitations sent to it; unset it to require confirmation by mail")
	}
}
