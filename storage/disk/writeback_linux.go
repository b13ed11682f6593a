package disk

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks the kernel to start writing the dirty pages of
// [off, off+n) of f to disk, without waiting for them. It is only a hint:
// an error (a file system without support) changes nothing, because Put
// fsyncs before the object becomes visible.
func startWriteback(f *os.File, off, n int64) {
	if c, err := f.SyscallConn(); err == nil {
		c.Control(func(fd uintptr) {
			unix.SyncFileRange(int(fd), off, n, unix.SYNC_FILE_RANGE_WRITE)
		})
	}
}
