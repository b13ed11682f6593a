// Command pgfind prints the directory of the PostgreSQL server binaries
// daybase would use, or explains what is missing (exit status 1). The
// Taskfile uses it to decide whether to install PostgreSQL.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"daybase/internal/pgcluster"
)

func main() {
	b, err := pgcluster.FindBinaries()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%s (PostgreSQL %d)\n", filepath.Dir(b.Postgres), b.Version)
}
