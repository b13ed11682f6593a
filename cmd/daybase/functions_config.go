package main

import (
	"fmt"

	"daybase/functions"
	"daybase/functions/reminders"
)

// functionsEnv is the /functions/v1 and background-jobs part of the
// environment (README "Configuration").
//
//	DAYBASE_JOBS_DISABLED   true: this instance runs no scheduler (another one
//	                        does); reminders are still scheduled
//	(SMTP: the auth service's DAYBASE_SMTP_* settings; without them reminder
//	e-mail goes to the dev outbox, auth.outbox)
type functionsEnv struct {
	jobsDisabled bool
	mailer       reminders.Mailer
}

func functionsConfig(d deps, getenv func(string) string) (functionsEnv, error) {
	var e functionsEnv
	switch v := getenv("DAYBASE_JOBS_DISABLED"); v {
	case "", "false", "0":
	case "true", "1":
		e.jobsDisabled = true
	default:
		return e, fmt.Errorf("DAYBASE_JOBS_DISABLED=%q: want true or false", v)
	}
	authCfg, err := authConfig(getenv, d.cfg.SiteURL)
	if err != nil {
		return e, err
	}
	if s := authCfg.SMTP; s.Host != "" {
		e.mailer = reminders.SMTPMailer{Host: s.Host, Port: s.Port, User: s.User, Password: s.Pass, From: s.From}
	} else {
		e.mailer = reminders.OutboxMailer{Pool: d.adminPool, Log: d.log.With("component", "reminders")}
	}
	return e, nil
}

// buildFunctions returns every server function; the configuration was
// validated by startJobs.
func buildFunctions(d deps, getenv func(string) string) []functions.Function {
	rem := reminders.NewService(d.adminPool, d.log)
	return []functions.Function{
		rem.Function(),
	}
}

// jobs is the running background work of one instance.
type jobs struct{ sched *reminders.Scheduler }

func (j *jobs) Close() {
	if j.sched != nil {
		j.sched.Close()
	}
}

// startJobs starts the reminder scheduler (unless DAYBASE_JOBS_DISABLED);
// Close stops it with the server.
func startJobs(d deps, getenv func(string) string) (*jobs, error) {
	e, err := functionsConfig(d, getenv)
	if err != nil {
		return nil, fmt.Errorf("functions configuration: %w", err)
	}
	j := &jobs{}
	if e.jobsDisabled {
		d.log.Info("background jobs disabled on this instance (DAYBASE_JOBS_DISABLED)")
		return j, nil
	}
	j.sched = reminders.NewScheduler(reminders.NewService(d.adminPool, d.log), reminders.SchedulerConfig{
		Mailer: e.mailer, AppURL: d.cfg.PublicURL(),
	})
	if err := j.sched.Start(); err != nil {
		return nil, err
	}
	return j, nil
}
