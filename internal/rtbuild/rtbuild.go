// Package rtbuild builds the memlens runtime (the C sources under rt/) with
// the host C compiler and caches the archive, so that each program links a
// runtime compiled by the same compiler as its instrumented objects.
package rtbuild

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"memlens"
)

// ABI is the runtime ABI version, __ML_ABI in memlens.h.
const ABI = 63

// File names inside the directory returned by Ensure.
const (
	ArchiveName = "libmemlens_rt.a"
	HeaderName  = "memlens.h"
	// ExportsName is the list of the runtime's symbols a program exports
	// (ld's --export-dynamic-symbol-list), by name.
	ExportsName = "exports.list"
)

// Exports returns the names in the exports list of the runtime in dir.
func Exports(dir string) ([]string, error) {
	text, err := os.ReadFile(filepath.Join(dir, ExportsName))
	if err != nil {
		return nil, fmt.Errorf("rtbuild: %w", err)
	}
	var names []string
	for _, line := range strings.Split(string(text), "\n") {
		if name, ok := strings.CutSuffix(strings.TrimSpace(line), ";"); ok && name != "}" {
			names = append(names, name)
		}
	}
	return names, nil
}

// rtFS is the runtime's C sources (the top-level runtime folder).
var rtFS = mustSub(memlens.Runtime, "runtime")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // a constant, valid directory name
	}
	return sub
}

// Header returns the content of memlens.h, the ABI header.
func Header() []byte {
	b, err := fs.ReadFile(rtFS, HeaderName)
	if err != nil {
		panic(err) // embedded at build time: missing means a broken build
	}
	return b
}

// source is one embedded runtime file.
type source struct {
	name string // base name, e.g. "alloc.c"
	data []byte
}

// sources returns the embedded .c and .h files sorted by name.
func sources() ([]source, error) {
	entries, err := fs.ReadDir(rtFS, ".")
	if err != nil {
		return nil, err
	}
	var srcs []source
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if e.IsDir() || (ext != ".c" && ext != ".h") {
			continue
		}
		data, err := fs.ReadFile(rtFS, e.Name())
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, source{e.Name(), data})
	}
	sort.Slice(srcs, func(i, j int) bool { return srcs[i].name < srcs[j].name })
	return srcs, nil
}

// BuildError is a runtime source the C compiler (or ar) rejected.
type BuildError struct {
	Command []string
	Output  string // the tool's combined stdout and stderr
	Err     error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("rtbuild: building the runtime: %s: %v\n%s",
		strings.Join(e.Command, " "), e.Err, strings.TrimRight(e.Output, "\n"))
}

func (e *BuildError) Unwrap() error { return e.Err }
