package e2e

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/report"
)

// TestReportStacks checks the call, allocation and free stacks of reports
// frame by frame: a function that makes no calls (and so pushes no frame)
// still shows with its caller, and stacks captured after other paths have
// returned name the path actually taken, and stack_depth bounds them all.
func TestReportStacks(t *testing.T) {
	t.Parallel()
	prog := buildReporter(t, "testdata/stacks.c")
	// kind: call stack, alloc stack, free stack
	full := map[string][3]string{
		"HEAP-BUFFER-OVERFLOW":   {"poke <- middle <- main", "alloc_here <- path_b <- main", ""},
		"DANGLING-POINTER-DEREF": {"main", "alloc_here <- path_a <- main", "release <- main"},
		// a local's declaration: its function and that function's caller
		"USE-AFTER-RETURN": {"main", "keep_local <- through_here", ""},
		// never freed: a leak is told by its allocation stack
		"MEMORY-LEAK": {"alloc_here <- path_b <- main", "alloc_here <- path_b <- main", ""},
	}
	checkStacks(t, prog, "", full)
	// stack_depth keeps the innermost frames of every stack
	checkStacks(t, prog, ":stack_depth=2", map[string][3]string{
		"HEAP-BUFFER-OVERFLOW":   {"poke <- middle", "alloc_here <- path_b", ""},
		"DANGLING-POINTER-DEREF": {"main", "alloc_here <- path_a", "release <- main"},
		"USE-AFTER-RETURN":       {"main", "keep_local <- through_here", ""},
		"MEMORY-LEAK":            {"alloc_here <- path_b", "alloc_here <- path_b", ""},
	})
	checkStacks(t, prog, ":stack_depth=1", map[string][3]string{
		"HEAP-BUFFER-OVERFLOW":   {"poke", "alloc_here", ""},
		"DANGLING-POINTER-DEREF": {"main", "alloc_here", "release"},
		"USE-AFTER-RETURN":       {"main", "keep_local", ""},
		"MEMORY-LEAK":            {"alloc_here", "alloc_here", ""},
	})
}

// buildReporter compiles the test program src, a file of e2e/testdata
// named by its relative path, -g -O1 with memlens (full checking), once a
// run (buildShared: leaks.c is four tests' program, control.c three's);
// the program is the callers' to run, not to change. Its reports name src
// as before, the build's directory holding a copy of it at that path.
func buildReporter(t *testing.T, src string) string {
	t.Helper()
	needMemlens(t)
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	prog := strings.TrimSuffix(filepath.Base(src), ".c")
	b, err := buildShared(reporterCommand(prog, src), map[string][]byte{src: data})
	if err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, b.out)
	}
	return filepath.Join(b.dir, prog)
}

// reporterCommand is buildReporter's compile of src into prog.
func reporterCommand(prog, src string) []string {
	return []string{memlens, "cc", "--memlens-full", "-g", "-O1", "-o", prog, src}
}

// buildCode writes C source code to a file named name and builds it as
// buildReporter does, for t alone.
func buildCode(t *testing.T, name, code string) string {
	t.Helper()
	needMemlens(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := strings.TrimSuffix(name, ".c")
	argv := reporterCommand(filepath.Join(dir, prog), filepath.Join(dir, name))
	if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	return filepath.Join(dir, prog)
}

// runReports runs prog with MEMLENS_OPTIONS log_json (and opts, each
// starting with ':') and returns its records.
func runReports(t *testing.T, prog, opts string) []report.Record {
	t.Helper()
	log := filepath.Join(t.TempDir(), "log.jsonl")
	cmd := exec.Command(prog)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log+opts)
	cmd.Run() // exits non-zero: errors are reported
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func checkStacks(t *testing.T, prog, opts string, want map[string][3]string) {
	t.Helper()
	recs := runReports(t, prog, opts)
	names := func(fs []report.Frame) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.Function)
		}
		return strings.Join(s, " <- ")
	}
	seen := map[string]bool{}
	for _, r := range recs {
		w, ok := want[r.Kind]
		if !ok {
			t.Errorf("%s: unexpected %s at line %d", opts, r.Kind, r.Line)
			continue
		}
		seen[r.Kind] = true
		if got := names(r.Stack); got != w[0] {
			t.Errorf("%s %s: call stack %q, want %q", opts, r.Kind, got, w[0])
		}
		if r.Block == nil || r.Block.Alloc == nil {
			t.Errorf("%s %s: no allocation stack", opts, r.Kind)
			continue
		}
		if r.Kind == "USE-AFTER-RETURN" && (r.Block.Kind != "stack" || r.Block.Name != "local") {
			t.Errorf("%s %s: block kind %q name %q, want stack local", opts, r.Kind, r.Block.Kind, r.Block.Name)
		}
		if got := names(r.Block.Alloc.Stack); got != w[1] {
			t.Errorf("%s %s: allocation stack %q, want %q", opts, r.Kind, got, w[1])
		}
		got := ""
		if r.Block.Free != nil {
			got = names(r.Block.Free.Stack)
		}
		if got != w[2] {
			t.Errorf("%s %s: free stack %q, want %q", opts, r.Kind, got, w[2])
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("%s: no %s reported", opts, k)
		}
	}
}

// TestCallSiteInExpression: several calls in one expression, built -O2,
// each callee's frame names its own call's line. (The site was stored by
// a comma expression; two of those in one expression are unsequenced
// stores, which gcc -O2 hoisted above all the calls.)
func TestCallSiteInExpression(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "sites.c")
	code := `#include <stdlib.h>
static int k(int *p, int i) { return p[i]; }
static int z(int a) { return a; }
int main(void) {
	int *p = malloc(3 * sizeof *p);
	p[0] = p[1] = p[2] = 1;
	int r = z(1) * z(5) +
		k(p, 3) +
		z(2);
	free(p);
	return r == 0;
}
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "sites")
	if out, err := exec.Command(memlens, "cc", "-g", "-O2", "-o", prog, src).CombinedOutput(); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	recs := runReports(t, prog, "")
	if len(recs) != 1 || len(recs[0].Stack) != 2 {
		t.Fatalf("want one report with a two-frame stack, got %+v", recs)
	}
	if f := recs[0].Stack[1]; f.Function != "main" || f.Line != 8 {
		t.Errorf("caller frame %s:%d, want main:8 (the line of the call of k)", f.Function, f.Line)
	}
}

// TestFramesOfCallsThatNeverReturn: a function whose only calls never
// return pushes no frame of its own; each such call pushes one, so a
// report in the callee still shows the caller at the call's line, and the
// caller's own reports show it above its caller; and optimised, with
// checked inlined into main, p is still seen at exit (no leak).
func TestFramesOfCallsThatNeverReturn(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "noreturn.c")
	code := `#include <stdio.h>
#include <stdlib.h>
static void fail(const char *why, char *p)
{
	p[8] = 0;
	fprintf(stderr, "%s\n", why);
	exit(3);
}
static int checked(char *p, int v)
{
	p[v] = 1;
	if (v < 2)
		fail("too small", p);
	return v;
}
int main(void) {
	char *p = malloc(8);
	int s = checked(p, 8) +
		checked(p, 1);
	free(p);
	return s;
}
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"-O2"}, {"-O2", "--memlens-full"}, {"-O0"}} {
		prog := filepath.Join(dir, "noreturn")
		args := append([]string{"cc", "-g", "-o", prog, src}, flags...)
		if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
			t.Fatalf("memlens cc: %v\n%s", err, out)
		}
		recs := runReports(t, prog, "")
		var got []string
		for _, r := range recs {
			s := r.Kind
			for _, f := range r.Stack {
				s += fmt.Sprintf(" %s:%d", f.Function, f.Line)
			}
			got = append(got, s)
		}
		want := []string{
			"HEAP-BUFFER-OVERFLOW checked:11 main:18",
			"HEAP-BUFFER-OVERFLOW fail:5 checked:13 main:19",
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v: reports\n%s\nwant\n%s", flags, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestLeafCopyStacks: a fixed-size copy made inline in a function that
// makes no other call pushes no frame but around its report; the report's
// stack names the leaf, its caller and main, the leaf inlined by gcc or
// not (detection mode, where such copies are made inline).
func TestLeafCopyStacks(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	want := map[int]string{14: "read32 <- sum <- main", 21: "read32_out <- sum <- main", 27: "copy_bytes <- read16 <- sum <- main", 39: "store32 <- main"}
	for _, opt := range []string{"-O0", "-O2"} {
		prog := filepath.Join(t.TempDir(), "leaf")
		if out, err := exec.Command(memlens, "cc", "-g", opt, "-o", prog, "../testdata/bugs/hbo_fixed_memcpy_in_leaf.c").CombinedOutput(); err != nil {
			t.Fatalf("memlens cc %s: %v\n%s", opt, err, out)
		}
		got := map[int]string{}
		for _, r := range runReports(t, prog, "") {
			var s []string
			for _, f := range r.Stack {
				s = append(s, f.Function)
			}
			got[r.Line] = strings.Join(s, " <- ")
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: call stacks by line %v, want %v", opt, got, want)
		}
	}
}

// TestLeafCallSiteStacks: optimised, a call of a direct leaf stores no
// frame site, the leaf is handed it (instrument's callSiteLeaf); the
// reports inside such leaves (checks, an index's), inlined by gcc or not,
// through a function that never returns, and a fatal signal's, still name
// each caller's line.
func TestLeafCallSiteStacks(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	want := map[string]map[int]string{
		"hbo_leaf_call_site": {18: "get:18 <- sum:36 <- main:51", 23: "get_out:23 <- sum:38 <- main:51",
			12: "fail:12 <- checked:29 <- sum:40 <- main:51"},
		"ari_leaf_call_site": {10: "ratio:10 <- both:16 <- main:23"},
		"hbo_leaf_ptr_call_site": {14: "at:14 <- offsets:27 <- main:38", 20: "at_out:20 <- offsets:29 <- main:38",
			30: "offsets:30 <- main:38"},
		"ioo_leaf_call_site": {15: "at:15 <- twice:21 <- main:30"},
		// (gcc moved the store of the next call's site, line 27's, above
		// the inlined leaf's check while callers stored it before a leaf)
		"hbo_macro":            {15: "vec_append:15 <- main:26"},
		"sbo_addressed_scalar": {7: "clear:7 <- main:14"}, // (before: main:10, main's entry)
		// (a typestate unit's leaves take their call's site too: a failed
		// typestate check stores it, __ml_pck_chk_local_at, before its
		// report; main:32's pck_put left its own site in main's slot)
		"ts_chunk_run": {18: "set_tag:18 <- main:33", 24: "set_field:24 <- main:34"},
		// (loops storing their call's site once, before them; dispatch's
		// at depth 301 again each time round, as tally overwrites it)
		"hbo_hoisted_loop_site": {19: "peek:19 <- main:48", 24: "poke:24 <- dispatch:33" + strings.Repeat(" <- descend:39", 14)},
		// (main at depth 301 tests the depth once, before its loop)
		"hbo_hoisted_loop_main_deep": {20: "poke:20 <- main:31" + strings.Repeat(" <- main:28", 14)},
		// (op_add makes no call nor step: its check reads the depth, which
		// gcc would otherwise leave unchanged, dropping main's frame)
		"hbo_table_handler_cursor": {29: "op_add:29 <- main:56"},
		// (the handlers and pair push no frame: a helper's report pushes
		// its call's, and pops it before op_at's own report)
		"hbo_frameless_handler_stacks": {21: "push:21 <- op_push:46 <- main:78", 26: "at:26 <- op_at:56 <- main:78",
			31: "cell:31 <- pair:41 <- op_pair:62 <- main:78", 36: "top:36 <- op_top:51 <- main:78", 57: "op_at:57 <- main:78"},
	}
	for name, lines := range want {
		src := []string{"../testdata/bugs/" + name + ".c"}
		if dir := "../testdata/bugs/" + name; isDirectory(dir) {
			src = []string{"-I", dir, dir + "/main.c"}
		}
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(name+opt, func(t *testing.T) { // (22 builds: each a parallel subtest)
				t.Parallel()
				prog := filepath.Join(t.TempDir(), name)
				if out, err := exec.Command(memlens, append([]string{"cc", "-g", opt, "-o", prog}, src...)...).CombinedOutput(); err != nil {
					t.Fatalf("memlens cc %s: %v\n%s", opt, err, out)
				}
				got := map[int]string{}
				for _, r := range runReports(t, prog, "") {
					var s []string
					for _, f := range r.Stack {
						s = append(s, fmt.Sprintf("%s:%d", f.Function, f.Line))
					}
					got[r.Line] = strings.Join(s, " <- ")
				}
				if !maps.Equal(got, lines) {
					t.Errorf("%s %s: call stacks by line %v, want %v", name, opt, got, lines)
				}
			})
		}
	}
}

func isDirectory(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
