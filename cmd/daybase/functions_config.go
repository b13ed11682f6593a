package main

import (
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"

	"daybase/functions"
	"daybase/functions/adminsql"
	"daybase/functions/billing"
	"daybase/functions/export"
	"daybase/functions/integrations"
	"daybase/functions/reminders"
	"daybase/functions/restore"
	"daybase/functions/support"
	"daybase/gateway/auth"
	"daybase/internal/config"
	"daybase/internal/mail"
)

// functionsSettings is the /functions/v1 and background-jobs part of the
// environment (README "Configuration").
//
//	DAYBASE_JOBS_DISABLED   true: this instance runs no scheduler (another one
//	                        does); reminders are still scheduled
//	DAYBASE_STRIPE_SECRET_KEY      enables Stripe billing (else the local provider)
//	DAYBASE_STRIPE_WEBHOOK_SECRET  verifies /functions/v1/billing-webhook
//	DAYBASE_STRIPE_PRICE_PRO_MONTHLY, _PRO_ANNUAL, _TEAM_MONTHLY, _TEAM_ANNUAL
//	                        Stripe price ids of the four named prices
//	DAYBASE_STRIPE_API_URL  Stripe API base URL (tests; default Stripe's)
//	DAYBASE_GITHUB_API_URL  code-hosting API base (default https://api.github.com)
//	DAYBASE_INTEGRATIONS_ALLOW_HOSTS  host:port list chat webhooks may reach although
//	                        internal (default none: private addresses are refused)
//	DAYBASE_SUPPORT_EMAIL   where support-request mails go (default none: kept in
//	                        the dev outbox, auth.outbox, and logged)
//	(SMTP: the auth service's DAYBASE_SMTP_* settings; without them reminder
//	and support e-mail goes to the dev outbox, auth.outbox)
type functionsSettings struct {
	jobsDisabled bool
	billing      billing.Config
	integrations integrations.Config
	supportTo    string // empty: support requests stay in the outbox
}

func functionsConfig(getenv func(string) string, cfg config.Config) (functionsSettings, error) {
	var e functionsSettings
	var errs []error
	switch v := getenv("DAYBASE_JOBS_DISABLED"); v {
	case "", "false", "0":
	case "true", "1":
		e.jobsDisabled = true
	default:
		errs = append(errs, fmt.Errorf("DAYBASE_JOBS_DISABLED=%q: want true or false", v))
	}
	e.billing = billing.Config{
		PublicURL:           cfg.PublicURL(),
		StripeSecretKey:     strings.TrimSpace(getenv("DAYBASE_STRIPE_SECRET_KEY")),
		StripeWebhookSecret: strings.TrimSpace(getenv("DAYBASE_STRIPE_WEBHOOK_SECRET")),
		StripeAPIURL:        strings.TrimSpace(getenv("DAYBASE_STRIPE_API_URL")),
		StripePrices:        map[string]string{},
		// The free "pay" button is for a development server nobody else
		// reaches (issue 17); anywhere else it must be asked for.
		LocalCheckout: loopbackOnly(cfg),
	}
	switch v := strings.TrimSpace(getenv("DAYBASE_BILLING_LOCAL_CHECKOUT")); v {
	case "":
	case "true", "1":
		e.billing.LocalCheckout = true
	case "false", "0":
		e.billing.LocalCheckout = false
	default:
		errs = append(errs, fmt.Errorf("DAYBASE_BILLING_LOCAL_CHECKOUT=%q: want true or false", v))
	}
	for _, p := range billing.Prices {
		if v := strings.TrimSpace(getenv("DAYBASE_STRIPE_PRICE_" + strings.ToUpper(p.Name))); v != "" {
			e.billing.StripePrices[p.Name] = v
		}
	}
	e.integrations = integrations.Config{GitHubAPIURL: strings.TrimSpace(getenv("DAYBASE_GITHUB_API_URL"))}
	if v := strings.TrimSpace(getenv("DAYBASE_INTEGRATIONS_ALLOW_HOSTS")); v != "" {
		e.integrations.AllowInternalHosts = strings.Split(v, ",")
	}
	if v := strings.TrimSpace(getenv("DAYBASE_SUPPORT_EMAIL")); v != "" {
		a, err := netmail.ParseAddress(v)
		if err != nil || a.Name != "" {
			errs = append(errs, fmt.Errorf("DAYBASE_SUPPORT_EMAIL=%q: want a plain e-mail address", v))
		} else {
			e.supportTo = a.Address
		}
	}
	return e, errors.Join(errs...)
}

// functionsEnv is what the functions and the background jobs are built
// from: their settings and the services they share.
type functionsEnv struct {
	functionsSettings
	// reminders is the one reminders service: the function that schedules
	// a task's notifications and the scheduler that sends them share it.
	reminders *reminders.Service
	mailer    mail.Sender
	support   support.Config
}

// newFunctionsEnv builds the shared services of d.set.functions once.
func newFunctionsEnv(d deps) (functionsEnv, error) {
	e := functionsEnv{functionsSettings: d.set.functions, reminders: reminders.NewService(d.adminPool, d.log)}
	outbox := mail.NewOutbox(d.adminPool, d.log.With("component", "functions"))
	e.mailer = outbox
	if d.set.auth.SMTP.Host != "" {
		m, err := mail.NewSMTP(d.set.auth.SMTP.Mail())
		if err != nil {
			return e, err
		}
		e.mailer = m
	}
	e.support = support.Config{Mailer: e.mailer, To: e.supportTo}
	if e.support.To == "" || d.set.auth.SMTP.Host == "" {
		e.support.Mailer = outbox
	}
	return e, nil
}

// buildFunctions returns every server function of configuration e.
func buildFunctions(d deps, e functionsEnv) []functions.Function {
	fns := []functions.Function{
		e.reminders.Function(),
		export.Function(),
		restore.Function(),
		support.New(e.support, d.log).Function(),
		adminsql.New(adminsql.Config{}, d.adminPool, d.log).Function(),
	}
	fns = append(fns, billing.New(e.billing, d.adminPool, d.log).Functions()...)
	fns = append(fns, integrations.New(e.integrations, d.adminPool, d.log).Functions()...)
	return fns
}

// jobs is the running background work of one instance.
type jobs struct {
	sched *reminders.Scheduler
	stop  context.CancelFunc // ends the anonymous-user pruning
	done  chan struct{}
}

func (j *jobs) Close() {
	if j.sched != nil {
		j.sched.Close()
	}
	if j.stop != nil {
		j.stop()
		<-j.done
	}
}

// pruneInterval is how often idle anonymous users are looked for.
const pruneInterval = time.Hour

// startJobs starts the reminder scheduler and the pruning of idle
// anonymous users (unless DAYBASE_JOBS_DISABLED); Close stops them with
// the server.
func startJobs(d deps, e functionsEnv, authSvc *auth.Service) (*jobs, error) {
	j := &jobs{}
	if e.jobsDisabled {
		d.log.Info("background jobs disabled on this instance (DAYBASE_JOBS_DISABLED)")
		return j, nil
	}
	j.sched = reminders.NewScheduler(e.reminders, reminders.SchedulerConfig{
		Mailer: e.mailer, AppURL: d.cfg.PublicURL(),
	})
	if err := j.sched.Start(); err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	j.stop, j.done = stop, make(chan struct{})
	go func() {
		defer close(j.done)
		authSvc.PruneAnonymousUsersEvery(ctx, pruneInterval)
	}()
	return j, nil
}
