// Package verdict reads what a memory checker said about one run of a
// program: the errors it reported, each as a memlens bug kind with the
// stacks it showed. It reads memlens's JSON Lines records, the text reports
// of AddressSanitizer, LeakSanitizer and MemorySanitizer, and Valgrind
// Memcheck's XML (docs/BENCHMARKS.md says how each kind is mapped).
package verdict

import (
	"path"
	"strings"
)

// Other is the Kind of a finding that maps to no memlens kind (ASan's
// memcpy-param-overlap, Valgrind's Overlap, …): an error all the same.
const Other = "OTHER"

// Frame is one stack frame a tool printed.
type Frame struct {
	Function string `json:"function,omitempty"`
	File     string `json:"file,omitempty"` // as printed: a path, maybe relative
	Line     int    `json:"line,omitempty"`
}

// Base is the frame's file base name.
func (f Frame) Base() string { return path.Base(strings.ReplaceAll(f.File, "\\", "/")) }

// Finding is one error a tool reported.
type Finding struct {
	Kind  string  `json:"kind"`            // a memlens kind (corpus.Kinds) or Other
	Tool  string  `json:"tool_kind"`       // the tool's own name for it: heap-use-after-free, InvalidRead
	Stack []Frame `json:"stack,omitempty"` // where it happened, innermost first
	Alloc []Frame `json:"alloc,omitempty"` // where the block involved (or leaked) was allocated
	// Chains are the statements that carried the bad value (memlens's
	// value propagation chains), newest first.
	Chains [][]Frame `json:"chains,omitempty"`
}

// At returns the first frame of stack in one of the files (base names), the
// place the report names in the program; ok is false when none is.
func At(stack []Frame, files map[string]bool) (f Frame, ok bool) {
	for _, f := range stack {
		if f.Line > 0 && files[f.Base()] {
			return f, true
		}
	}
	return Frame{}, false
}

// nullPage is the bound under which an address counts as a null pointer
// dereferenced (with an offset): the page Linux never maps.
const nullPage = 0x1000

// wildKind is the kind of an access to an address no object holds.
func wildKind(addr uint64) string {
	if addr < nullPage {
		return "NULL-POINTER-DEREF"
	}
	return "INVALID-DEREF"
}
