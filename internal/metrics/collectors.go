package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// poolCollector reports pgxpool's statistics at each scrape.
type poolCollector struct{ pools map[string]*pgxpool.Pool }

var (
	poolConns = prometheus.NewDesc("daybase_db_pool_connections",
		"Database pool connections by state (acquired, idle, constructing).", []string{"pool", "state"}, nil)
	poolMax = prometheus.NewDesc("daybase_db_pool_max_connections",
		"The pool's maximum size.", []string{"pool"}, nil)
	poolAcquires = prometheus.NewDesc("daybase_db_pool_acquires_total",
		"Connections acquired from the pool.", []string{"pool"}, nil)
	poolWaits = prometheus.NewDesc("daybase_db_pool_empty_acquires_total",
		"Acquires that had to wait for a connection.", []string{"pool"}, nil)
	poolWait = prometheus.NewDesc("daybase_db_pool_acquire_seconds_total",
		"Time spent acquiring connections.", []string{"pool"}, nil)
)

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolConns, poolMax, poolAcquires, poolWaits, poolWait} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	for name, p := range c.pools {
		s := p.Stat()
		ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.AcquiredConns()), name, "acquired")
		ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.IdleConns()), name, "idle")
		ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.ConstructingConns()), name, "constructing")
		ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(s.MaxConns()), name)
		ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()), name)
		ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()), name)
		ch <- prometheus.MustNewConstMetric(poolWait, prometheus.CounterValue, s.AcquireDuration().Seconds(), name)
	}
}

// dbCollector reads the job queue, the reminders' lag and the realtime
// replication slot's lag from the database at each scrape (one statement,
// bounded by a short timeout; on error the families are left out and the
// error logged).
type dbCollector struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

var (
	queueDepth = prometheus.NewDesc("daybase_jobs_queue_depth",
		"Jobs waiting: reminder recomputations asked for, and reminders due but not yet sent.", []string{"queue"}, nil)
	reminderLag = prometheus.NewDesc("daybase_reminders_lag_seconds",
		"How late the oldest due, unsent reminder is (0 when none is due).", nil, nil)
	replicationLag = prometheus.NewDesc("daybase_realtime_replication_lag_bytes",
		"WAL not yet confirmed by the realtime replication slot(s), the largest.", nil, nil)
)

func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- queueDepth
	ch <- reminderLag
	ch <- replicationLag
}

func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var requests, due int64
	var lag, walLag float64
	if err := c.pool.QueryRow(ctx, stmt.DBState).Scan(&requests, &due, &lag, &walLag); err != nil {
		c.log.Warn("metrics: read job and replication state", "err", err)
		return
	}
	ch <- prometheus.MustNewConstMetric(queueDepth, prometheus.GaugeValue, float64(requests), "reminder_requests")
	ch <- prometheus.MustNewConstMetric(queueDepth, prometheus.GaugeValue, float64(due), "reminders_due")
	ch <- prometheus.MustNewConstMetric(reminderLag, prometheus.GaugeValue, lag)
	ch <- prometheus.MustNewConstMetric(replicationLag, prometheus.GaugeValue, walLag)
}
