package verdict

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The testdata are the real outputs of gcc 12's AddressSanitizer and
// Valgrind 3.19 on variants memlens inject wrote of
// e2e/testdata/inject/inventory.c.
type expect struct {
	kind       string
	file       string // the program's file the finding must name
	line       int    // in its stack (or, for leaks, its allocation)
	allocLine  int    // 0: not checked
	numFinding int
	vgFindings int // Valgrind's, when it differs: it also reports the leak a failed free makes
}

var cases = map[string]expect{
	"double-free_47":     {kind: "DOUBLE-FREE", line: 47, allocLine: 38, numFinding: 1},
	"free-before-use_33": {kind: "DANGLING-POINTER-DEREF", line: 32, allocLine: 19, numFinding: 1},
	"missing-free_67":    {kind: "MEMORY-LEAK", line: 62, allocLine: 62, numFinding: 1},
	"interior-free_67":   {kind: "UNMATCHED-FREE", line: 67, numFinding: 1, vgFindings: 2},
}

func files(name string) map[string]bool {
	return map[string]bool{"inventory__" + name + ".c": true}
}

func check(t *testing.T, tool, name string, fs []Finding, e expect) {
	t.Helper()
	if len(fs) != e.numFinding {
		t.Fatalf("%s %s: %d findings, want %d: %+v", tool, name, len(fs), e.numFinding, fs)
	}
	f := fs[0]
	if f.Kind != e.kind {
		t.Errorf("%s %s: kind %s (%s), want %s", tool, name, f.Kind, f.Tool, e.kind)
	}
	stack := f.Stack
	if f.Kind == "MEMORY-LEAK" {
		stack = f.Alloc
	}
	if at, ok := At(stack, files(name)); !ok || at.Line != e.line {
		t.Errorf("%s %s: names %+v (%v), want line %d", tool, name, at, ok, e.line)
	}
	if e.allocLine != 0 {
		if at, ok := At(f.Alloc, files(name)); !ok || at.Line != e.allocLine {
			t.Errorf("%s %s: allocation %+v (%v), want line %d", tool, name, at, ok, e.allocLine)
		}
	}
}

func TestSanitizer(t *testing.T) {
	for name, e := range cases {
		data, err := os.ReadFile(filepath.Join("testdata", "asan_"+name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		check(t, "asan", name, Sanitizer(data), e)
	}
	// table[8] read on the stack, caught by ASan where it happens.
	data, err := os.ReadFile(filepath.Join("testdata", "asan_loop-bound_73.txt"))
	if err != nil {
		t.Fatal(err)
	}
	check(t, "asan", "loop-bound_73", Sanitizer(data), expect{kind: "STACK-BUFFER-OVERFLOW", line: 74, numFinding: 1})
}

func TestValgrind(t *testing.T) {
	for name, e := range cases {
		data, err := os.ReadFile(filepath.Join("testdata", "valgrind_"+name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		fs, err := Valgrind(data)
		if err != nil {
			t.Fatal(err)
		}
		if e.vgFindings != 0 {
			e.numFinding = e.vgFindings
		}
		check(t, "valgrind", name, fs, e)
	}
	// Valgrind cannot see table[8]; it sees the frees of what was read
	// there, a stack address.
	data, err := os.ReadFile(filepath.Join("testdata", "valgrind_loop-bound_73.xml"))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := Valgrind(data)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "valgrind", "loop-bound_73", fs, expect{kind: "UNMATCHED-FREE", line: 32, numFinding: 2})
}

func TestSanitizerSynthetic(t *testing.T) {
	out := []byte(`AddressSanitizer:DEADLYSIGNAL
=================================================================
==7==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000008 (pc 0x55 bp 0x7ff sp 0x7ff T0)
==7==The signal is caused by a READ memory access.
==7==Hint: address points to the zero page.
    #0 0x5555 in lookup /src/npd.c:12
    #1 0x5556 in main /src/npd.c:20:3
    #2 0x7f00 in __libc_start_main (/lib/libc.so.6+0x2724a)

SUMMARY: AddressSanitizer: SEGV /src/npd.c:12 in lookup
==7==ABORTING
==8==WARNING: MemorySanitizer: use-of-uninitialized-value
    #0 0x5555 in main /src/uir.c:7:7

  Uninitialized value was created by an allocation of 'x' in the stack frame of function 'main'
    #0 0x5554 in main /src/uir.c:4

SUMMARY: MemorySanitizer: use-of-uninitialized-value /src/uir.c:7:7 in main
`)
	fs := Sanitizer(out)
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2: %+v", len(fs), fs)
	}
	if fs[0].Kind != "NULL-POINTER-DEREF" || fs[0].Stack[0].Line != 12 || fs[0].Stack[2].File != "" {
		t.Errorf("SEGV: %+v", fs[0])
	}
	if fs[1].Kind != "UNINITIALIZED-READ" || fs[1].Stack[0].Line != 7 || len(fs[1].Alloc) != 1 || fs[1].Alloc[0].Line != 4 {
		t.Errorf("MSan: %+v", fs[1])
	}
}

func TestValgrindReadOnly(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "valgrind_row_const_global.xml"))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := Valgrind(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Kind != "READ-ONLY-WRITE" {
		t.Fatalf("findings %+v, want one READ-ONLY-WRITE", fs)
	}
	if at, ok := At(fs[0].Stack, map[string]bool{"row_const_global.c": true}); !ok || at.Line != 10 {
		t.Errorf("names %+v, want row_const_global.c:10", at)
	}
}

func TestSanitizerFatalSignals(t *testing.T) {
	out := []byte(`==9==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd3c9f2ff8 (pc 0x55 bp 0x7ff sp 0x7ff T0)
    #0 0x5555 in depth /src/so.c:6
SUMMARY: AddressSanitizer: stack-overflow /src/so.c:6 in depth
==10==ERROR: AddressSanitizer: FPE on unknown address 0x55cb0bd62a79 (pc 0x55cb0bd62a79 bp 0x7ff sp 0x7ff T0)
    #0 0x5555 in average /src/fpe.c:8
SUMMARY: AddressSanitizer: FPE /src/fpe.c:8 in average
==11==ERROR: AddressSanitizer: ILL on unknown address 0x558c0b6d9a7e (pc 0x558c0b6d9a7e bp 0x7ff sp 0x7ff T0)
    #0 0x5555 in percent /src/ill.c:7
SUMMARY: AddressSanitizer: ILL /src/ill.c:7 in percent
`)
	var kinds []string
	for _, f := range Sanitizer(out) {
		kinds = append(kinds, f.Kind)
	}
	if want := []string{"STACK-OVERFLOW", "ARITHMETIC-ERROR", "ILLEGAL-INSTRUCTION"}; !slices.Equal(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
}
