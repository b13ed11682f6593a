package pgcluster

import (
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// owner is the operating-system account the cluster's processes run as.
// initdb and postgres refuse to run as root, so when daybase is root the
// cluster belongs to an unprivileged system account instead.
type owner struct {
	name     string
	uid, gid uint32
	asRoot   bool // daybase itself runs as root and must switch users
}

// systemUser is created when daybase runs as root and no "postgres"
// account exists (the Debian package creates that one).
const systemUser = "daybase"

func currentOwner(log *slog.Logger) (owner, error) {
	if os.Geteuid() != 0 {
		return owner{uid: uint32(os.Geteuid()), gid: uint32(os.Getegid())}, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		u, err = user.Lookup(systemUser)
	}
	if err != nil {
		log.Info("running as root: creating system user for PostgreSQL", "user", systemUser)
		out, cerr := exec.Command("useradd", "--system", "--user-group", "--no-create-home",
			"--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", systemUser).CombinedOutput()
		if cerr != nil {
			return owner{}, fmt.Errorf("running as root, PostgreSQL needs an unprivileged user; useradd %s: %v: %s (create a user named postgres or %s and retry)", systemUser, cerr, out, systemUser)
		}
		if u, err = user.Lookup(systemUser); err != nil {
			return owner{}, fmt.Errorf("look up user %s after creating it: %w", systemUser, err)
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return owner{name: u.Username, uid: uint32(uid), gid: uint32(gid), asRoot: true}, nil
}

// command prepares cmd to run as the owner.
func (o owner) command(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	if o.asRoot {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: o.uid, Gid: o.gid}
	}
}

// chownTree gives the owner everything under dir.
func (o owner) chownTree(dir string) error {
	if !o.asRoot {
		return nil
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(o.uid), int(o.gid))
	})
}

// chown gives the owner one path.
func (o owner) chown(path string) error {
	if !o.asRoot {
		return nil
	}
	return os.Chown(path, int(o.uid), int(o.gid))
}

// ensureTraversable makes every ancestor of dir searchable (o+x) so the
// unprivileged owner can reach its cluster; only needed as root, and only
// the search bit is added, never read or write.
func (o owner) ensureTraversable(dir string, log *slog.Logger) error {
	if !o.asRoot {
		return nil
	}
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err != nil {
			return fmt.Errorf("stat %s: %w", d, err)
		}
		if st.Mode().Perm()&0o001 == 0 {
			log.Info("making directory searchable for the PostgreSQL user", "dir", d, "user", o.name)
			if err := os.Chmod(d, st.Mode().Perm()|0o001); err != nil {
				return fmt.Errorf("user %s cannot reach %s and chmod o+x failed: %w", o.name, d, err)
			}
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// errOwnedByOther explains a cluster directory made by another account.
func errOwnedByOther(dir string, st fs.FileInfo) error {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() && os.Geteuid() != 0 {
		return fmt.Errorf("cluster directory %s belongs to uid %d, not to you (uid %d): run daybase as that user or as root, or use another DAYBASE_DATA_DIR", dir, sys.Uid, os.Geteuid())
	}
	return nil
}
