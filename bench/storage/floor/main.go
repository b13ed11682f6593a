// Command floor is the baseline of bench/storage/bench.sh: the least any
// HTTP file upload or download can cost on this machine. It writes a
// request body to a file with a 256 KiB buffer (PUT /{name}) and serves
// files with http.ServeFile (GET /{name}, sendfile) — no database, no
// hashing, no fsync. Usage: floor ADDR DIR
package main

import (
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: floor ADDR DIR")
	}
	dir := os.Args[2]
	log.Fatal(http.ListenAndServe(os.Args[1], http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := filepath.Join(dir, filepath.Base(r.URL.Path))
		if r.Method == http.MethodGet {
			http.ServeFile(w, r, path)
			return
		}
		f, err := os.Create(path)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer f.Close()
		buf := make([]byte, 256<<10)
		if _, err := io.CopyBuffer(struct{ io.Writer }{f}, r.Body, buf); err != nil {
			http.Error(w, err.Error(), 500)
		}
	})))
}
