// Package metrics serves the process's Prometheus metrics: HTTP requests
// by service, route class and status with latency histograms, bytes in
// and out per service (storage's are its uploads and downloads), the
// database pools, realtime sockets and replication lag, the job queue and
// reminder lag. Off unless configured (DAYBASE_METRICS_TOKEN or
// DAYBASE_METRICS_ADDR), and then only behind a bearer token or on a
// listen address of its own.
package metrics

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is one process's registry and HTTP instruments.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	bytesIn  *prometheus.CounterVec
	bytesOut *prometheus.CounterVec
}

// Sources are the parts whose state is read at each scrape.
type Sources struct {
	// Pools by name ("api", "admin").
	Pools map[string]*pgxpool.Pool
	// Admin reads the job queue, reminder lag and replication lag (nil:
	// not reported).
	Admin *pgxpool.Pool
	// Sockets returns the open realtime sockets (nil: not reported).
	Sockets func() int
	Log     *slog.Logger
}

// New registers the metric families.
func New(src Sources) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "daybase_http_requests_total", Help: "HTTP requests by service, route class and status.",
	}, []string{"service", "route", "status"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "daybase_http_request_duration_seconds", Help: "HTTP request latency by service and route class.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"service", "route"})
	m.bytesIn = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "daybase_http_request_bytes_total", Help: "Request body bytes read, by service (storage: uploads).",
	}, []string{"service"})
	m.bytesOut = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "daybase_http_response_bytes_total", Help: "Response body bytes written, by service (storage: downloads).",
	}, []string{"service"})
	m.reg.MustRegister(m.requests, m.duration, m.bytesIn, m.bytesOut,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&poolCollector{pools: src.Pools})
	if src.Sockets != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "daybase_realtime_sockets", Help: "Open realtime WebSocket connections.",
		}, func() float64 { return float64(src.Sockets()) }))
	}
	if src.Admin != nil {
		log := src.Log
		if log == nil {
			log = slog.New(slog.DiscardHandler)
		}
		m.reg.MustRegister(&dbCollector{pool: src.Admin, log: log})
	}
	return m
}

// Observe records one finished request.
func (m *Metrics) Observe(service, route string, status int, d time.Duration, in, out int64) {
	m.requests.WithLabelValues(service, route, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(service, route).Observe(d.Seconds())
	if in > 0 {
		m.bytesIn.WithLabelValues(service).Add(float64(in))
	}
	if out > 0 {
		m.bytesOut.WithLabelValues(service).Add(float64(out))
	}
}

// Handler serves the metrics in the Prometheus text format; with a token,
// only to requests that carry it as a bearer token (401 otherwise).
func (m *Metrics) Handler(token string) http.Handler {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "metrics need Authorization: Bearer <DAYBASE_METRICS_TOKEN>", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// RouteClass names the kind of route a path (with its service prefix
// removed) is, from a fixed set, so labels stay few: tables and RPCs of
// /rest/v1, the first path segment of the other services when it is one
// they define.
func RouteClass(service, path string) string {
	seg, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	switch service {
	case "rest":
		switch {
		case seg == "rpc":
			return "rpc"
		case seg == "":
			return "openapi"
		}
		return "table"
	case "auth":
		if seg == "admin" || seg == "factors" {
			return seg
		}
		if authRoutes[seg] {
			return seg
		}
	case "storage":
		if seg == "object" {
			sub, _, _ := strings.Cut(rest, "/")
			if storageObjectRoutes[sub] {
				return "object/" + sub
			}
			return "object"
		}
		if storageRoutes[seg] {
			return seg
		}
	case "realtime":
		if seg == "websocket" || seg == "api" {
			return seg
		}
	case "functions":
		return "invoke" // function names are the operator's, not a fixed set
	}
	return "other"
}

var (
	authRoutes = map[string]bool{"token": true, "user": true, "signup": true, "logout": true, "recover": true,
		"verify": true, "otp": true, "settings": true, "authorize": true, "callback": true, "magiclink": true,
		"resend": true, "reauthenticate": true, "health": true, "invite": true, "sso": true}
	storageRoutes       = map[string]bool{"bucket": true, "render": true, "upload": true}
	storageObjectRoutes = map[string]bool{"public": true, "sign": true, "authenticated": true, "info": true,
		"list": true, "list-v2": true, "move": true, "copy": true, "upload": true}
)
