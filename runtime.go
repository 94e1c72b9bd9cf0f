// Package memlens embeds the memlens runtime: the C library in runtime/ that
// is linked into every instrumented program (memlens.h is its ABI header, each
// .c file one concern, as in compiler-rt). It lives in a folder of its own at
// the top because it is the biggest component; Go does not allow C files in a
// package that does not use cgo, so the embedding package is this one.
// internal/rtbuild compiles the sources with the host C compiler on first use
// and caches the archive.
package memlens

import "embed"

// Runtime holds runtime/*.c and runtime/*.h.
//
//go:embed runtime/*.c runtime/*.h
var Runtime embed.FS
