// Command pgfind prints the directory of the PostgreSQL server binaries
// daybase would use, or explains what is missing (exit status 1). The
// Taskfile uses it to decide whether to install PostgreSQL, and with
// -major and -sharedir which PostGIS package to install and where its
// extension files would be.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"daybase/internal/pgcluster"
)

func main() {
	major := flag.Bool("major", false, "print only the major version")
	sharedir := flag.Bool("sharedir", false, "print only the share directory (pg_config --sharedir), where extensions live")
	flag.Parse()
	b, err := pgcluster.FindBinaries()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bindir := filepath.Dir(b.Postgres)
	switch {
	case *major:
		fmt.Println(b.Version)
	case *sharedir:
		out, err := exec.Command(filepath.Join(bindir, "pg_config"), "--sharedir").Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "pg_config --sharedir in %s: %v\n", bindir, err)
			os.Exit(1)
		}
		fmt.Println(strings.TrimSpace(string(out)))
	default:
		fmt.Printf("%s (PostgreSQL %d)\n", bindir, b.Version)
	}
}
