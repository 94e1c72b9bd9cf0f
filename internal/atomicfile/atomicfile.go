// Package atomicfile writes a file whole or not at all: memlens's outputs
// (reports, headers, benchmark results) and its caches, which other
// builds running beside read, are never seen half written, and a failed
// write leaves what was there.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to path with permissions perm, through a temporary
// file in path's directory renamed into place. No fsync: the files are
// outputs a crash would have the user make again, and caches.
func Write(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
