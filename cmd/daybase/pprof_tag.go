//go:build pprof

package main

// Built with -tags pprof only (never in a release): PPROF_ADDR,
// e.g. 127.0.0.1:6060, serves net/http/pprof there, for profiling the
// process under a bench's load (docs/notes/issue-25h.md).

import (
	"net/http"
	_ "net/http/pprof" //nolint:gosec // only in a -tags pprof build
	"os"
)

func init() {
	if addr := os.Getenv("PPROF_ADDR"); addr != "" {
		go http.ListenAndServe(addr, nil) //nolint:errcheck,gosec // a profiling aid
	}
}
