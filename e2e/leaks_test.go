package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/report"
)

// TestLeakRecords checks the leak check's loss records: a recursively
// built tree of 511 nodes, allocated through as many call stacks, is a
// handful of records (stacks sharing their four innermost frames are one:
// at most 2^3 paths per category), and a lost block allocated by a helper
// is its own record.
func TestLeakRecords(t *testing.T) {
	t.Parallel()
	recs := runReports(t, buildReporter(t, "testdata/leaks.c"), ":leak_check=exit")
	lines := map[int]int{}
	for _, r := range recs {
		if r.Kind != "MEMORY-LEAK" || r.When != "exit" {
			t.Errorf("unexpected record %s", r.String())
			continue
		}
		lines[r.Line]++
	}
	if n := lines[12]; n == 0 || n > 16 {
		t.Errorf("the lost tree (allocated at leaks.c:12) is %d loss records, want 1 to 16", n)
	}
	if lines[22] != 1 {
		t.Errorf("the dropped name (leaks.c:22) is %d loss records, want 1", lines[22])
	}
}

// TestLossRecords checks the leaks of leaks.c found where they happen:
// the tree's root lost by an assignment (its 510 other nodes lost with
// it, one pointer step or more away, are one record: they share the
// allocation site and the statement), and a name overwritten.
func TestLossRecords(t *testing.T) {
	t.Parallel()
	recs := runReports(t, buildReporter(t, "testdata/leaks.c"), ":leak_check=loss")
	var got []string
	for _, r := range recs {
		if r.Kind != "MEMORY-LEAK" || r.When != "run" || r.Lost == nil || r.Alloc == nil {
			t.Errorf("unexpected record %s", r.String())
			continue
		}
		got = append(got, fmt.Sprintf("%d %s %s %s %d alloc:%d", r.Line, r.Leak, r.Lost.How, r.Lost.Variable, r.Depth, r.Alloc.Line))
	}
	want := []string{
		"30 definite assignment t 0 alloc:12",
		"30 indirect lost-container t 1 alloc:12",
		"32 definite assignment name 0 alloc:22",
	}
	if !slices.Equal(got, want) {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLossOptions checks that suppressions cover leaks found during the
// run, that leak_check=loss reports nothing at exit (a leak memlens lost
// sight of is left to the check at exit, which says so), and that a bad
// leak_check value names the choices.
func TestLossOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	supp := filepath.Join(dir, "supp.txt")
	if err := os.WriteFile(supp, []byte("leak:tree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs := runReports(t, buildReporter(t, "testdata/leaks.c"), ":leak_check=loss:suppressions="+supp)
	if len(recs) != 1 || recs[0].Line != 32 || recs[0].When != report.WhenRun {
		t.Errorf("with the tree suppressed, want the one run record of leaks.c:32, got %v", recs)
	}

	prog := buildCode(t, "hidden.c", "#include <stdint.h>\n#include <stdlib.h>\nuintptr_t seen;\n"+
		"int main(void) {\n\tchar *p = malloc(8);\n\tseen = (uintptr_t)p;\n\tseen = 0;\n\tp = NULL;\n\treturn p != NULL;\n}\n")
	if recs := runReports(t, prog, ":leak_check=loss"); len(recs) != 0 {
		t.Errorf("leak_check=loss: a block cast to an integer was reported: %v", recs)
	}
	recs = runReports(t, prog, "")
	if len(recs) != 1 || recs[0].When != report.WhenExit || !recs[0].Untracked || recs[0].Alloc == nil || recs[0].Alloc.Line != 5 {
		t.Errorf("want one exit record of hidden.c:5 saying the block was untracked, got %v", recs)
	}

	cmd := exec.Command(prog)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=leak_check=sometimes")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "bad value 'sometimes' for option 'leak_check' (expected one of exit, loss, both)") {
		t.Errorf("a bad leak_check value was not explained:\n%s", out)
	}
}

// TestLeakOptions checks detect_leaks=0, show_reachable=1 and
// suppressions=FILE (including a malformed line, reported with file:line).
func TestLeakOptions(t *testing.T) {
	t.Parallel()
	prog := buildReporter(t, "testdata/leaks.c")
	stderr := func(opts string) string {
		cmd := exec.Command(prog)
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=leak_check=exit:"+opts)
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	if out := stderr("detect_leaks=0"); strings.Contains(out, "MEMORY-LEAK") || strings.Contains(out, "LEAK SUMMARY") {
		t.Errorf("detect_leaks=0 still checked:\n%s", out)
	}

	dir := t.TempDir()
	supp := filepath.Join(dir, "supp.txt")
	if err := os.WriteFile(supp, []byte("# the tree is known\nleak:tree\nleak\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "log.jsonl")
	out := stderr("suppressions=" + supp + ":log_json=" + log)
	if !strings.Contains(out, supp+":3: expected KIND:PATTERN") {
		t.Errorf("the malformed suppression line was not reported with file:line:\n%s", out)
	}
	if !strings.Contains(out, "suppressed: ") {
		t.Errorf("the summary does not count the suppressed bytes:\n%s", out)
	}
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Line == 12 {
			t.Errorf("suppressed record reported: %s", r.String())
		}
	}
	if len(recs) != 1 || recs[0].Line != 22 {
		t.Errorf("with the tree suppressed, want the one record of leaks.c:22, got %v", recs)
	}

	// nothing lost: no summary unless asked for
	prog = buildCode(t, "kept.c", "#include <stdlib.h>\nstatic char *kept;\nint main(void) { kept = malloc(100); return 0; }\n")
	if out := stderr(""); out != "" {
		t.Errorf("nothing lost, but the program printed:\n%s", out)
	}
	out = stderr("show_reachable=1")
	if !strings.Contains(out, "LEAK SUMMARY") || !strings.Contains(out, "still reachable: 100 bytes in 1 block") ||
		!strings.Contains(out, "100 bytes in 1 block allocated at main") {
		t.Errorf("show_reachable=1 did not list the kept block:\n%s", out)
	}
}

// TestLossCycles checks the records of cycles: one cut off during the
// run is reported where it was cut (the way the statement cut it, its
// blocks, the rest one pointer step further each); one that main's return
// cut off is reported at exit, naming the return; one held only by an
// integer is never taken for lost during the run.
func TestLossCycles(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "cycles.c", `#include <stdint.h>
#include <stdlib.h>
struct n { struct n *next; };
static struct n *ring(int k)
{
	struct n *h = malloc(sizeof *h), *t = h;
	for (int i = 1; i < k; i++) {
		t->next = malloc(sizeof *t);
		t = t->next;
	}
	t->next = h;
	return h;
}
uintptr_t hidden;
int main(void)
{
	struct n *a = ring(3);
	a = a->next;
	a = NULL;
	struct n *b = ring(2);
	hidden = (uintptr_t)ring(4) ^ 0x5a5a0000;
	return b == NULL;
}
`)
	var got []string
	for _, r := range runReports(t, prog, "") {
		if r.Kind != "MEMORY-LEAK" || r.Alloc == nil {
			t.Errorf("unexpected record %s", r.String())
			continue
		}
		s := fmt.Sprintf("%s %d %s alloc:%d", r.When, r.Line, r.Leak, r.Alloc.Line)
		if r.Lost != nil {
			s += fmt.Sprintf(" lost:%d %s %q depth:%d cycle:%d", r.Lost.Line, r.Lost.How, r.Lost.Variable, r.Depth, r.Cycle)
		}
		if r.Untracked {
			s += " untracked"
		}
		got = append(got, s)
	}
	slices.Sort(got)
	want := []string{
		"exit 6 definite alloc:6 lost:22 cycle \"\" depth:0 cycle:0",
		"exit 6 definite alloc:6 untracked",
		"exit 8 indirect alloc:8",
		"exit 8 indirect alloc:8 lost:22 cycle \"\" depth:0 cycle:0",
		"run 19 definite alloc:8 lost:19 cycle \"a\" depth:0 cycle:3",
		"run 19 indirect alloc:6 lost:19 lost-container \"a\" depth:2 cycle:0",
		"run 19 indirect alloc:8 lost:19 lost-container \"a\" depth:1 cycle:0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCycleFoundDuringRun checks that a cycle cut off in a loop that makes
// many blocks is reported while the loop runs (a collection at a
// statement's end, put off to the caller's statement while the cycle may
// still be its callee's result), not only as the program ends.
func TestCycleFoundDuringRun(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "pairs.c", `#include <stdio.h>
#include <stdlib.h>
struct p { struct p *other; };
static void pair(void)
{
	struct p *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->other = b;
	b->other = a;
}
int main(void)
{
	for (int i = 0; i < 6000; i++)
		pair();
	fputs("loop over\n", stderr);
	return 0;
}
`)
	out, _ := exec.Command(prog).CombinedOutput()
	leak, over := strings.Index(string(out), "MEMORY-LEAK"), strings.Index(string(out), "loop over")
	if leak < 0 || over < 0 || leak > over {
		t.Errorf("want the cycle reported before the loop ends:\n%s", out)
	}
}

// TestCyclesAtHeapGrowth checks when collections run: once the program's
// live blocks have grown eight times since the last one (the first at
// 4096), not every so many blocks made. A program whose heap keeps its size
// while it frees and makes blocks is never collected during the run: the
// cycle it cut off is reported as it ends, at the statement that cut it.
// One whose heap grows is collected when the heap has grown eight times:
// ring_b, cut off after the collections at 4096 live blocks (the one due
// there, then the one at main's statement that ring_a's cut waited for,
// at 5002), is reported once the heap has passed 40016, not at 16000.
func TestCyclesAtHeapGrowth(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "growth.c", `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct n { struct n *next; long v; };
static struct n *keep[60000];
static void ring_a(void)
{
	struct n *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->next = b;
	b->next = a;
}
static void ring_b(void)
{
	struct n *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->next = b;
	b->next = a;
}
static void grow(int to)
{
	for (int i = 0; i < to; i++)
		if (!keep[i])
			keep[i] = calloc(1, sizeof *keep[i]);
}
int main(int argc, char **argv)
{
	grow(1000);
	ring_a();
	if (argc > 1 && strcmp(argv[1], "steady") == 0) {
		for (int i = 0; i < 100000; i++) {
			free(keep[i % 1000]);
			keep[i % 1000] = malloc(sizeof *keep[0]);
		}
		fputs("churned\n", stderr);
		return 0;
	}
	grow(5000);
	ring_b();
	grow(16000);
	fputs("quadrupled\n", stderr);
	grow(60000);
	fputs("grown\n", stderr);
	return 0;
}
`)
	run := func(arg string) string {
		out, _ := exec.Command(prog, arg).CombinedOutput()
		return string(out)
	}
	// (each section of the output between the markers: which rings it reports)
	reported := func(section, ring string) bool {
		return strings.Contains(section, "MEMORY-LEAK") && strings.Contains(section, ring)
	}
	out := run("steady")
	before, after, ok := strings.Cut(out, "churned\n")
	if !ok || strings.Contains(before, "MEMORY-LEAK") || !reported(after, "ring_a") {
		t.Errorf("steady heap: want ring_a's cycle reported only as the program ends:\n%s", out)
	}
	out = run("grow")
	first, rest, ok1 := strings.Cut(out, "quadrupled\n")
	second, last, ok2 := strings.Cut(rest, "grown\n")
	if !ok1 || !ok2 || !reported(first, "ring_a") || strings.Contains(first, "ring_b") ||
		!reported(second, "ring_b") || strings.Contains(last, "definitely lost\n") {
		t.Errorf("growing heap: want ring_a's cycle reported at 4096 live blocks, ring_b's past 40016 (not at 16000):\n%s", out)
	}
}

// TestLeakNewestBlock checks that glibc's pointer to its top chunk, which
// lies inside the block allocated last, does not make a lost block look
// possibly lost (Valgrind says definitely lost).
func TestLeakNewestBlock(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "newest.c", `#include <stdio.h>
#include <stdlib.h>
struct n { struct n *next; long v, w; }; /* 24 bytes: the top chunk starts 16 bytes in */
int main(void)
{
	printf("start\n");
	struct n *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->next = b;
	b->next = a;
	a = b = NULL;
	return 0;
}
`)
	var got []string
	for _, r := range runReports(t, prog, ":leak_check=exit") {
		got = append(got, fmt.Sprintf("%s %d", r.Leak, r.Blocks))
	}
	slices.Sort(got)
	if want := []string{"definite 1", "indirect 1"}; !slices.Equal(got, want) {
		t.Errorf("records %v, want %v", got, want)
	}
}

// TestLeakRuntimeState checks that the runtime's own thread state, which
// keeps the address of the word each argument was loaded from, is no root:
// two lost arrays whose last such addresses are one's start and the
// other's middle are both definitely lost (before, the first was
// reachable, its leak unreported, and the second possibly lost).
func TestLeakRuntimeState(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "argwords.c", `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct span { const char *text; long len; };
static long seventh(long a, long b, long c, long d, long e, long f, const char *text)
{
	return a + b + c + d + e + f + (long)strlen(text);
}
static long eighth(long a, long b, long c, long d, long e, long f, long g, const char *text)
{
	return a + b + c + d + e + f + g + (long)strlen(text);
}
int main(void)
{
	struct span *first = malloc(2 * sizeof *first), *second = malloc(2 * sizeof *second);
	first[0].text = second[0].text = "start";
	first[1].text = second[1].text = "middle";
	long w = seventh(1, 2, 3, 4, 5, 6, first[1].text) + seventh(1, 2, 3, 4, 5, 6, first[0].text);
	w += eighth(1, 2, 3, 4, 5, 6, 7, second[0].text) + eighth(1, 2, 3, 4, 5, 6, 7, second[1].text);
	printf("%ld\n", w);
	first = second = NULL;
	return 0;
}
`)
	var got []string
	for _, r := range runReports(t, prog, ":leak_check=exit") {
		got = append(got, fmt.Sprintf("%s %d", r.Leak, r.Blocks))
	}
	if want := []string{"definite 1", "definite 1"}; !slices.Equal(got, want) {
		t.Errorf("records %v, want %v", got, want)
	}
}

// TestLossNames checks the names a lost block had during its life
// (paper 001's "pointed to or returned by"), and the local a function's
// return lost it with: a list node named by the local given malloc's
// result, its function's result and stores through pointers (not by the
// parameters and loop variables it passed through); a buffer whose local
// left scope at a return; a block a local got from malloc and another
// copied (the copy does not name it).
func TestLossNames(t *testing.T) {
	t.Parallel()
	recs := runReports(t, buildReporter(t, "testdata/names.c"), ":leak_check=loss")
	var got []string
	for _, r := range recs {
		if r.Lost == nil || r.Alloc == nil {
			t.Errorf("unexpected record %s", r.String())
			continue
		}
		s := fmt.Sprintf("alloc:%d lost:%d %s %q names:", r.Alloc.Line, r.Lost.Line, r.Lost.How, r.Lost.Variable)
		for _, n := range r.Names {
			s += fmt.Sprintf(" %s@%s:%d", n.Name, n.Function, n.Line)
			if n.Returned {
				s += "()"
			}
		}
		got = append(got, s)
	}
	want := []string{
		`alloc:10 lost:48 lost-container "list" names: n->name@make:10`,
		`alloc:31 lost:32 scope-exit "buf" names: buf@scratch:31`,
		`alloc:37 lost:39 scope-exit "a" names: a@pair:37`,
		`alloc:9 lost:48 assignment "list" names: n@make:9 make@make:12() *head@push:18`,
		`alloc:9 lost:48 lost-container "list" names: n@make:9 make@make:12() *head@push:18 item->next@push:17`,
	}
	slices.Sort(got) // (the order of count's, scratch's and pair's calls is the compiler's)
	if !slices.Equal(got, want) {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBlockNames checks that reports about a heap block list its names: the
// second free of a shallow copy (paper 000's Tidy bug) names the field the
// pointer was copied into.
func TestBlockNames(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "tidy.c", "#include <stdlib.h>\nstruct attr { char *php; };\n"+
		"static void free_attrs(struct attr *a) { free(a->php); free(a); }\n"+
		"int main(void) {\n\tstruct attr *attrs = malloc(sizeof *attrs);\n\tattrs->php = malloc(8);\n"+
		"\tstruct attr *copy = malloc(sizeof *copy);\n\tcopy->php = attrs->php;\n"+
		"\tfree_attrs(attrs);\n\tfree_attrs(copy);\n\treturn 0;\n}\n")
	got := doubleFreeBlockNames(t, prog)
	if want := []string{"attrs->php@main:6", "copy->php@main:8"}; !slices.Equal(got, want) {
		t.Errorf("block names %q, want %q", got, want)
	}
}

// TestBlockNamesMemo checks that a return naming one block again and again
// (its site's memo, memlens.h's __ml_name) still names the next block it
// returns: the double free of b lists pick's return as one of b's names.
func TestBlockNamesMemo(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "memo.c", "#include <stdlib.h>\n"+
		"static char *pick(char *p) { return p; }\n"+
		"int main(void) {\n\tchar *a = malloc(8), *b;\n\tfor (int i = 0; i < 3; i++)\n\t\ta = pick(a);\n"+
		"\tfree(a);\n\tb = malloc(8);\n\tb = pick(b);\n\tfree(b);\n\tfree(b);\n\treturn 0;\n}\n")
	got := doubleFreeBlockNames(t, prog)
	if want := []string{"b@main:8", "pick@pick:2"}; !slices.Equal(got, want) {
		t.Errorf("block names %q, want %q", got, want)
	}
}

// doubleFreeBlockNames runs prog, which must report one DOUBLE-FREE, and
// returns its block's names as NAME@FUNCTION:LINE.
func doubleFreeBlockNames(t *testing.T, prog string) []string {
	t.Helper()
	recs := runReports(t, prog, "")
	if len(recs) != 1 || recs[0].Kind != "DOUBLE-FREE" || recs[0].Block == nil {
		t.Fatalf("want one DOUBLE-FREE record with its block, got %v", recs)
	}
	var got []string
	for _, n := range recs[0].Block.Names {
		got = append(got, fmt.Sprintf("%s@%s:%d", n.Name, n.Function, n.Line))
	}
	return got
}

// jumpLosses are the corpus programs TestLossJumpRecords builds, and the
// loss each reports.
var jumpLosses = map[string]string{
	"loss_break_out_of_block.c":    `14 scope-exit "copy"`,
	"loss_goto_out_of_block.c":     `14 scope-exit "tmp"`,
	"loss_longjmp_skipped_frame.c": `13 scope-exit "copy"`,
}

// TestLossJumpRecords checks how leaks at jumps are told: a break and a
// goto out of a block are scope exits of the block's variable (not results
// discarded), and a longjmp names the local of the frame it skipped.
func TestLossJumpRecords(t *testing.T) {
	t.Parallel()
	for src, want := range jumpLosses {
		var got []string
		for _, r := range runReports(t, buildCorpus(t, src, "--memlens-full"), ":leak_check=loss") {
			if r.Lost != nil {
				got = append(got, fmt.Sprintf("%d %s %q", r.Lost.Line, r.Lost.How, r.Lost.Variable))
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: losses %q, want [%s]", src, got, want)
		}
	}
}

// TestLeakRecordOrder checks that loss records of the same size come in
// the same order in every run: by size, then by their first block's slot
// (the order the blocks were made in), not by where the address hash of
// their stacks put them, which moves with the program's load address.
func TestLeakRecordOrder(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "order.c", `#include <stdlib.h>
static void *keep;
__attribute__((noinline)) static void a(void) { keep = malloc(24); }
__attribute__((noinline)) static void b(void) { keep = malloc(24); }
__attribute__((noinline)) static void c(void) { keep = malloc(24); }
__attribute__((noinline)) static void d(void) { keep = malloc(24); }
__attribute__((noinline)) static void e(void) { keep = malloc(24); }
__attribute__((noinline)) static void f(void) { keep = malloc(24); }
int main(void)
{
	a(); b(); c(); d(); e(); f();
	keep = 0;
	return 0;
}
`)
	var want []int
	for run := 0; run < 8; run++ {
		var lines []int
		for _, r := range runReports(t, prog, ":leak_check=exit") {
			lines = append(lines, r.Line)
		}
		if run == 0 {
			want = lines
			if !slices.IsSorted(want) || len(want) != 6 {
				t.Fatalf("loss records at lines %v, want six in the order their blocks were made", want)
			}
		} else if !slices.Equal(lines, want) {
			t.Fatalf("run %d: loss records at lines %v, run 0: %v", run, lines, want)
		}
	}
}

// TestLeakCheckAsked checks the reports of the leak checks a program asks
// for: each says which function the program called ("when": "check"), not
// "at exit"; __lsan_do_recoverable_leak_check reports and returns non-zero
// and leaves the later checks to come (its lost block is reported again by
// __lsan_do_leak_check, which replaces the one at exit); memlens report's
// text of the records is what the program printed.
func TestLeakCheckAsked(t *testing.T) {
	t.Parallel()
	prog := buildCode(t, "asked.c", `#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static size_t measure(const char *s)
{
	char *copy = malloc(strlen(s) + 1);
	strcpy(copy, s);
	return strlen(copy);
}

int main(void)
{
	size_t n = measure("memlens");
	int found = __lsan_do_recoverable_leak_check();
	__lsan_do_leak_check();
	printf("%zu %d\n", n, found);
	return 0;
}
`)
	log := filepath.Join(t.TempDir(), "log.jsonl")
	cmd := exec.Command(prog)
	cmd.Dir = filepath.Dir(prog)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=leak_check=exit:log_json="+log)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run() // exits non-zero: errors are reported
	if stdout.String() != "7 1\n" {
		t.Errorf("stdout %q, want \"7 1\\n\" (the recoverable check found the leak)", stdout.String())
	}
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		got = append(got, fmt.Sprintf("%s %d %s %s | %s", r.Kind, r.Line, r.When, r.Check, r.Message))
	}
	want := []string{
		"MEMORY-LEAK 8 check __lsan_do_recoverable_leak_check | 8 bytes definitely lost when the program called __lsan_do_recoverable_leak_check: no pointer to it remains",
		"MEMORY-LEAK 8 check __lsan_do_leak_check | 8 bytes definitely lost when the program called __lsan_do_leak_check: no pointer to it remains",
	}
	if !slices.Equal(got, want) {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(stderr.String(), "at exit") {
		t.Errorf("a report of a check the program asked for says \"at exit\":\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "memlens: LEAK SUMMARY: when the program called __lsan_do_leak_check\n") {
		t.Errorf("the summary does not name the check:\n%s", stderr.String())
	}
	if d := textDiff(recs, filepath.Dir(prog), []byte(stderr.String())); d != "" {
		t.Errorf("the records' text differs from the program's report: %s", d)
	}
}

// TestLeakPoolAcrossUnits builds a pool allocator whose free list's head
// is a global one unit defines and another, which only declares it, keeps
// pointing into the middle of the pool's chunk: no leak at exit (the
// chunk is reachable through the pointers instrumented code stored), in
// both modes, with -fcommon and tentative definitions of the head in two
// units too (one object, one record); and an overflow of an array the
// overflowing unit only declares `extern` is found (its meta is the
// defining unit's, shared).
func TestLeakPoolAcrossUnits(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	srcs := []string{"pool.c", "ops.c", "main.c"}
	for _, v := range []struct {
		name  string
		flags []string
	}{
		{"plain", nil},
		{"common", []string{"-fcommon", "-DTENTATIVE"}},
		{"full", []string{"--memlens-full"}},
		{"full-common", []string{"--memlens-full", "-fcommon", "-DTENTATIVE"}},
	} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			prog := filepath.Join(t.TempDir(), "pool")
			args := slices.Concat([]string{"cc", "-g", "-O2"}, v.flags, []string{"-o", prog})
			for _, s := range srcs {
				args = append(args, filepath.Join("testdata/pool", s))
			}
			if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
				t.Fatalf("memlens %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			for _, arg := range []string{"16", "20"} {
				out, got := runReporting(t, prog, arg)
				want := []string{}
				if arg == "20" {
					want = []string{"GLOBAL-BUFFER-OVERFLOW ops.c:30"}
				} else if string(out) != "a abcd\n" {
					t.Errorf("%s: printed %q, want %q", arg, out, "a abcd\n")
				}
				if strings.Join(got, "; ") != strings.Join(want, "; ") {
					t.Errorf("%s: reports %q, want %q", arg, got, want)
				}
			}
		})
	}
}

// TestCommonSizes: with -fcommon, tentative definitions of one array of
// different sizes in two units (testdata/common: 10 ints in small.c, 20
// in large.c) are one object of the largest, whichever unit registers it
// first: large.c's memset of its 20 ints and small.c's read of 20 through
// a pointer are clean, the 21st is reported.
func TestCommonSizes(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, order := range [][]string{{"small.c", "large.c"}, {"large.c", "small.c"}} {
		for _, mode := range [][]string{nil, {"--memlens-full"}} {
			t.Run(strings.Join(append(order, mode...), ","), func(t *testing.T) {
				t.Parallel()
				prog := filepath.Join(t.TempDir(), "common")
				args := slices.Concat([]string{"cc", "-g", "-O1", "-fcommon"}, mode, []string{"-o", prog})
				for _, s := range order {
					args = append(args, filepath.Join("testdata/common", s))
				}
				if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
					t.Fatalf("memlens %s: %v\n%s", strings.Join(args, " "), err, out)
				}
				for _, tc := range []struct{ n, out, want string }{
					{"20", "190\n", ""},
					{"21", "", "GLOBAL-BUFFER-OVERFLOW small.c:15"},
				} {
					out, got := runReporting(t, prog, tc.n)
					if strings.Join(got, "; ") != tc.want {
						t.Errorf("%s: reports %q, want %q", tc.n, got, tc.want)
					}
					if tc.out != "" && string(out) != tc.out {
						t.Errorf("%s: printed %q, want %q", tc.n, out, tc.out)
					}
				}
			})
		}
	}
}

// runReporting runs prog with arg, its reports logged as JSON Lines, and
// returns its standard output and its reports as "KIND file:line".
func runReporting(t *testing.T, prog, arg string) (out []byte, reports []string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "log.jsonl")
	cmd := exec.Command(prog, arg)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log)
	out, _ = cmd.Output()
	recs, err := report.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		reports = append(reports, fmt.Sprintf("%s %s:%d", r.Kind, filepath.Base(r.File), r.Line))
	}
	return out, reports
}

// TestLeakExitRuntimeFrames checks that the check at exit scans this
// thread's stack from where the runtime's exit handler begins, not from
// the scan's own frame: the runtime's frames below lie over the dead frames
// of calls the program made before exit, and a copy of a pointer left
// there, one instrumented code stored (so it counts as the block's own
// handle), kept a lost block still reachable. Valgrind calls it definitely
// lost. (GNU patch's file entries, lost before a fatal exit, were possibly
// lost so.) The pad keeps the copies below the exit handlers' own frames.
func TestLeakExitRuntimeFrames(t *testing.T) {
	t.Parallel()
	prog := buildC(t, `#include <stdio.h>
#include <stdlib.h>
struct entry {
	char *name;
	long stat[16];
};
static struct entry *pending;
static __attribute__((noinline)) void setup(void)
{
	pending = calloc(1, sizeof *pending);
}
static __attribute__((noinline)) long inner(const long *st)
{
	const long *volatile copies[2048];
	long sum = 0;
	for (int i = 0; i < 2048; i++)
		copies[i] = st;
	for (int i = 0; i < 2048; i += 256)
		sum += *copies[i];
	return sum;
}
static __attribute__((noinline)) long outer(int n)
{
	volatile char pad[1024];
	pad[0] = (char)n;
	return inner(pending->stat + 3) + pad[0];
}
static __attribute__((noinline)) void fail(const char *why)
{
	long sum = outer(1);
	pending = NULL;
	printf("%s: %ld\n", why, sum);
	exit(2);
}
int main(void)
{
	setup();
	fail("stopping");
	return 0;
}
`, "-O2", "-g")
	var got []string
	for _, r := range runReports(t, prog, ":leak_check=exit") {
		got = append(got, fmt.Sprintf("%s %d %d", r.Leak, r.Blocks, r.Size))
	}
	if want := []string{"definite 1 136"}; !slices.Equal(got, want) {
		t.Errorf("records %v, want %v", got, want)
	}
}
