package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/corpus"
	"memlens/internal/report"
)

// Fatal signals (runtime/signals.c): a fault no check caught
// gets a report like every other (kind, the faulting line, the stack),
// then the program dies of the signal exactly as its native build does. A
// program with a handler of its own behaves as natively, with no report.

var sigModes = []mode{{name: corpus.ModeDetect}, {name: corpus.ModeFull, flags: []string{"--memlens-full"}}}

// A program that dies of a signal. The lines holding `/* fault */` are
// where the report may be (a cycle of functions may overflow in either);
// for STACK-OVERFLOW, the lines from the first to the last of them.
type sigCase struct {
	name   string
	code   string
	kind   string
	signal string
	fn     []string // the function of the location (any of them)
	cycle  []string // STACK-OVERFLOW: the recursion, outermost first
	thread int
	cflags []string
	says   string // what the report's text must say ("": nothing more)
}

var sigCases = []sigCase{
	{name: "wild", kind: "INVALID-DEREF", signal: "SIGSEGV", fn: []string{"poke"}, code: `#include <stdio.h>
#include <stdint.h>

static void poke(volatile int *p, int v)
{
	*p = v; /* fault */
}

int main(void)
{
	uintptr_t reg = 0xdead0000;
	printf("poking\n");
	poke((int *)reg, 42);
	printf("done\n");
	return 0;
}
`},
	{name: "recursion", kind: "STACK-OVERFLOW", signal: "SIGSEGV", fn: []string{"countdown"}, cycle: []string{"countdown"}, code: `#include <stdio.h>

static long countdown(long n) /* fault */
{
	char pad[64];
	pad[n % 64] = (char)n; /* fault */
	return countdown(n + 1) + pad[(n + 1) % 64]; /* fault */
}

int main(void)
{
	printf("%ld\n", countdown(0));
	return 0;
}
`},
	{name: "mutual", kind: "STACK-OVERFLOW", signal: "SIGSEGV", fn: []string{"is_even", "is_odd"}, cycle: []string{"is_even", "is_odd"}, code: `#include <stdio.h>

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n + 1); } /* fault */
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n + 1); } /* fault */

int main(void)
{
	printf("%d\n", is_even(1));
	return 0;
}
`},
	{name: "thread", kind: "STACK-OVERFLOW", signal: "SIGSEGV", fn: []string{"depth"}, cycle: []string{"depth"}, thread: 1, cflags: []string{"-pthread"}, code: `#include <pthread.h>
#include <stdio.h>

static int depth(int n) /* fault */
{
	volatile char buf[128];
	buf[0] = (char)n; /* fault */
	return depth(n + 1) + buf[0]; /* fault */
}

static void *run(void *arg)
{
	(void)arg;
	printf("%d\n", depth(0));
	return 0;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, 0, run, 0);
	pthread_join(t, 0);
	return 0;
}
`},
	{name: "division", kind: "ARITHMETIC-ERROR", signal: "SIGFPE", fn: []string{"average"}, code: `#include <stdio.h>

static int average(int total, int count)
{
	return total / count; /* fault */
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%d\n", average(10, argc - 1));
	return 0;
}
`},
	{name: "trap", kind: "ILLEGAL-INSTRUCTION", signal: "SIGILL", fn: []string{"check"}, code: `#include <stdio.h>

static void check(int ok)
{
	if (!ok)
		__builtin_trap(); /* fault */
}

int main(int argc, char **argv)
{
	(void)argv;
	check(argc > 1);
	printf("checked\n");
	return 0;
}
`},
	{name: "null_function", kind: "NULL-POINTER-DEREF", signal: "SIGSEGV", fn: []string{"main"}, says: "call of 0x0 (SIGSEGV)", code: `#include <stdio.h>

typedef int (*op_fn)(int);
static int twice(int x) { return 2 * x; }
static op_fn ops[4] = {twice};

int main(int argc, char **argv)
{
	(void)argv;
	op_fn f = ops[argc];
	printf("%d\n", f(3)); /* fault */
	return 0;
}
`},
	// (a return to an address in page 0 is no NULL dereference, nor a call)
	{name: "smashed_return", kind: "INVALID-DEREF", signal: "SIGSEGV", fn: []string{"main"}, says: "return to 0x21 (SIGSEGV)", code: `#include <stdint.h>
#include <stdio.h>

/* A wild write lands on the function's own return address. */
static __attribute__((noinline)) void smash(uintptr_t wild)
{
	volatile uintptr_t *ret = (volatile uintptr_t *)__builtin_frame_address(0) + 1;
	*ret = wild;
}

int main(int argc, char **argv)
{
	(void)argv;
	smash(0x20 + (uintptr_t)argc); /* fault */
	printf("returned\n");
	return 0;
}
`},
	{name: "bus", kind: "INVALID-DEREF", signal: "SIGBUS", fn: []string{"main"}, code: `#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/memlens-busXXXXXX";
	int fd = mkstemp(path);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 100) != 0)
		return 1;
	const char *p = mmap(0, 8192, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	printf("%d\n", p[4096]); /* fault */
	return 0;
}
`},
	{name: "code", kind: "READ-ONLY-WRITE", signal: "SIGSEGV", fn: []string{"patch"}, code: `#include <stdint.h>
#include <stdio.h>

static int answer(void) { return 42; }

static void patch(uintptr_t at)
{
	unsigned char *code = (unsigned char *)at;
	code[0] = 0xc3; /* fault */
}

int main(void)
{
	patch((uintptr_t)&answer);
	printf("%d\n", answer());
	return 0;
}
`},
}

// faultLines are the lines of code marked /* fault */.
func faultLines(code string) []int {
	var ls []int
	for i, l := range strings.Split(code, "\n") {
		if strings.Contains(l, "/* fault */") {
			ls = append(ls, i+1)
		}
	}
	return ls
}

// sigBuild compiles code (file name, written into dir) with memlens in
// every mode, -g -O1 and flags, and natively too if native; the native
// binary ("" if not built), then one per mode. Each build is made once a
// run (buildShared: TestSignalOptions's program is TestSignalReports's
// first) and linked into dir.
func sigBuild(t *testing.T, dir, name, code string, flags []string, native bool) (string, []string) {
	t.Helper()
	src := name + ".c"
	if err := os.WriteFile(filepath.Join(dir, src), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	compile := func(cc []string, out string) {
		b, err := buildShared(slices.Concat(cc, []string{"-g", "-O1"}, flags, []string{src, "-o", out}), map[string][]byte{src: []byte(code)})
		if err == nil {
			err = linkInto(b, dir, out)
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", b.command(), err, head(b.out))
		}
	}
	nativeExe := ""
	if native {
		compile([]string{gcc}, "native")
		nativeExe = filepath.Join(dir, "native")
	}
	var exes []string
	for _, m := range sigModes {
		exe := "inst-" + m.name
		compile(slices.Concat([]string{memlens, "cc"}, m.flags), exe)
		exes = append(exes, exe)
	}
	return nativeExe, exes
}

// sigRun runs exe in dir with log_json (and opts, each starting with ':')
// and returns the outcome and its records.
func sigRun(t *testing.T, dir, exe, opts string) (outcome, []report.Record) {
	t.Helper()
	log := filepath.Join(dir, exe+".jsonl")
	os.Remove(log)
	o := execute(dir, filepath.Join(dir, exe), &corpus.Program{}, "log_json="+log+opts)
	if o.timedOut {
		t.Fatalf("%s timed out", exe)
	}
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return o, recs
}

func TestSignalReports(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, tc := range sigCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			native, exes := sigBuild(t, dir, tc.name, tc.code, tc.cflags, true)
			want := execute(dir, native, &corpus.Program{}, "")
			if !strings.HasPrefix(want.status, "killed by signal") {
				t.Fatalf("the native build %s: the test program is wrong", want.status)
			}
			lines := faultLines(tc.code)
			if tc.kind == "STACK-OVERFLOW" {
				// (where the frame runs out: the prologue, at the function's
				// first line or its brace, or a statement; the marks span it)
				for l := lines[0] + 1; l < lines[len(lines)-1]; l++ {
					lines = append(lines, l)
				}
			}
			for i, exe := range exes {
				t.Run(sigModes[i].name, func(t *testing.T) {
					got, recs := sigRun(t, dir, exe, "")
					if got.status != want.status {
						t.Errorf("instrumented: %s, native: %s", got.status, want.status)
					}
					if !bytes.Equal(got.stdout, want.stdout) {
						t.Errorf("stdout %q, native %q", got.stdout, want.stdout)
					}
					if len(recs) != 1 {
						t.Fatalf("%d records, want one %s:\n%s", len(recs), tc.kind, got.stderr)
					}
					r := recs[0]
					if r.Kind != tc.kind || r.Base() != tc.name+".c" || !slices.Contains(lines, r.Line) ||
						!slices.Contains(tc.fn, r.Function) || r.Signal != tc.signal || r.Thread != tc.thread {
						t.Errorf("record %s %s:%d in %s, signal %s, thread %d; want %s %s.c:%v in %v, %s, thread %d\n%s",
							r.Kind, r.File, r.Line, r.Function, r.Signal, r.Thread,
							tc.kind, tc.name, lines, tc.fn, tc.signal, tc.thread, got.stderr)
					}
					if len(r.Stack) == 0 || r.Stack[0].Function != r.Function || r.Stack[0].Line != r.Line {
						t.Errorf("stack %+v does not start at the location", r.Stack)
					}
					summary := fmt.Sprintf("SUMMARY: memlens: %s %s:%d in %s\n", r.Kind, r.File, r.Line, r.Function)
					if !bytes.Contains(got.stderr, []byte(summary)) {
						t.Errorf("stderr lacks %q:\n%s", summary, got.stderr)
					}
					if !bytes.Contains(got.stderr, []byte(tc.says)) {
						t.Errorf("stderr does not say %q:\n%s", tc.says, got.stderr)
					}
					if !bytes.Contains(got.stderr, []byte("the program dies of "+tc.signal)) {
						t.Errorf("stderr does not say the program dies of %s:\n%s", tc.signal, got.stderr)
					}
					if tc.kind == "STACK-OVERFLOW" {
						rec := r.Recursion
						if rec == nil || rec.Function != tc.cycle[0] || !slices.Equal(rec.Cycle, tc.cycle) || rec.Depth < 1000 {
							t.Errorf("recursion %+v, want %v over 1000 deep", rec, tc.cycle)
						}
						if r.StackSize == 0 {
							t.Errorf("no stack size")
						}
						if !bytes.Contains(got.stderr, []byte("`"+tc.cycle[0]+"`")) {
							t.Errorf("the text does not name %s:\n%s", tc.cycle[0], got.stderr)
						}
					}
				})
			}
		})
	}
}

// TestSignalOwnHandler: a program handling its faults (siglongjmp out of
// a SIGSEGV and a SIGFPE handler) runs as natively, unreported.
func TestSignalOwnHandler(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	code := `#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf env;
static volatile sig_atomic_t caught;

static void recover(int sig)
{
	caught = sig;
	siglongjmp(env, 1);
}

static int probe(volatile int *p)
{
	if (sigsetjmp(env, 1))
		return -1;
	return *p;
}

static int divide(int a, volatile int b)
{
	if (sigsetjmp(env, 1))
		return -1;
	return a / b;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = recover;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, 0);
	sigaction(SIGFPE, &sa, 0);
	int x = 41;
	uintptr_t bad = 0xdead0000;
	printf("%d\n", probe(&x));
	printf("%d (signal %d)\n", probe((int *)bad), (int)caught);
	printf("%d\n", divide(84, 2));
	printf("%d (signal %d)\n", divide(1, 0), (int)caught);
	fprintf(stderr, "recovered\n");
	return 3;
}
`
	dir := t.TempDir()
	native, exes := sigBuild(t, dir, "own", code, nil, true)
	want := execute(dir, native, &corpus.Program{}, "")
	if want.status != "exit status 3" {
		t.Fatalf("native: %s", want.status)
	}
	for i, exe := range exes {
		got, recs := sigRun(t, dir, exe, "")
		if got.status != want.status || !bytes.Equal(got.stdout, want.stdout) || !bytes.Equal(got.stderr, want.stderr) || len(recs) != 0 {
			t.Errorf("%s: %s, stdout %q, stderr %q, %d records; native: %s, stdout %q, stderr %q",
				sigModes[i].name, got.status, got.stdout, got.stderr, len(recs), want.status, want.stdout, want.stderr)
		}
	}
}

// TestSignalNotTwice: an access reported by its check, which then faults,
// is reported once (by the check); the program still dies of the fault.
func TestSignalNotTwice(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	code := `#include <stdio.h>
#include <string.h>

struct entry {
	int key, value;
};

static struct entry *lookup(int key)
{
	(void)key;
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		const char *volatile text = NULL;
		puts(text);
		return 0;
	}
	struct entry *e = lookup(3);
	printf("%d\n", e->value);
	return 0;
}
`
	dir := t.TempDir()
	native, exes := sigBuild(t, dir, "twice", code, nil, true)
	for _, args := range [][]string{nil, {"x"}} {
		p := &corpus.Program{Args: args}
		want := execute(dir, native, p, "")
		kind := "NULL-POINTER-DEREF" // (the second: in puts, which then faults in libc)
		for i, exe := range exes {
			log := filepath.Join(dir, "twice.jsonl")
			os.Remove(log)
			got := execute(dir, filepath.Join(dir, exe), p, "log_json="+log)
			recs, err := report.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if got.status != want.status || len(recs) != 1 || recs[0].Kind != kind {
				t.Errorf("%s %v: %s (native %s), records %v, want one %s\n%s", sigModes[i].name, args, got.status, want.status, recs, kind, got.stderr)
			}
		}
	}
}

// TestSignalOptions: handle_segv=0 and disable=KIND leave the fault
// unreported; symbolize=0, or a build without -g, name the innermost
// instrumented function without a line; a SIGSEGV sent by raise() is no
// fault.
func TestSignalOptions(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	code := sigCases[0].code
	native, exes := sigBuild(t, dir, "wild", code, nil, true)
	want := execute(dir, native, &corpus.Program{}, "")
	for i, exe := range exes {
		for _, opts := range []string{":handle_segv=0", ":disable=INVALID-DEREF", ":symbolize=0"} {
			got, recs := sigRun(t, dir, exe, opts)
			if got.status != want.status {
				t.Errorf("%s %s: %s, native %s", sigModes[i].name, opts, got.status, want.status)
			}
			if opts != ":symbolize=0" {
				if len(recs) != 0 || len(got.stderr) != 0 {
					t.Errorf("%s %s: %d records, stderr:\n%s", sigModes[i].name, opts, len(recs), got.stderr)
				}
				continue
			}
			if len(recs) != 1 || recs[0].Kind != "INVALID-DEREF" || recs[0].Line != 0 || recs[0].Base() != "wild.c" ||
				(recs[0].Function != "main" && recs[0].Function != "poke") || !bytes.Contains(got.stderr, []byte("the faulting line is not known (symbolize=0)")) {
				t.Errorf("%s %s: records %v\n%s", sigModes[i].name, opts, recs, got.stderr)
			}
		}
	}

	// no -g
	if out, err := build(dir, []string{memlens, "cc", "-O1", "wild.c", "-o", "nog"}); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	got, recs := sigRun(t, dir, "nog", "")
	if got.status != want.status || len(recs) != 1 || recs[0].Kind != "INVALID-DEREF" || recs[0].Line != 0 ||
		recs[0].Function == "" || !bytes.Contains(got.stderr, []byte("build with -g")) {
		t.Errorf("without -g: %s, records %v\n%s", got.status, recs, got.stderr)
	}

	// raise(SIGSEGV): no fault
	raise := "#include <signal.h>\n#include <stdio.h>\nint main(void) { puts(\"x\"); fflush(stdout); raise(SIGSEGV); return 0; }\n"
	native, exes = sigBuild(t, dir, "raise", raise, nil, true)
	want = execute(dir, native, &corpus.Program{}, "")
	for i, exe := range exes {
		got, recs := sigRun(t, dir, exe, "")
		if got.status != want.status || string(got.stdout) != "x\n" || len(recs) != 0 || len(got.stderr) != 0 {
			t.Errorf("%s raise: %s (native %s), stdout %q, %d records, stderr:\n%s", sigModes[i].name, got.status, want.status, got.stdout, len(recs), got.stderr)
		}
	}
}
