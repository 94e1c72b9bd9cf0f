package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"memlens/internal/corpus"
	"memlens/internal/report"
)

// buildTypestate copies the corpus program testdata/clean/NAME into a
// temporary directory and builds it with memlens cc and flags, as
// TestCorpus does (corpusBuild).
func buildTypestate(t *testing.T, name string, flags ...string) (dir, exe string) {
	t.Helper()
	needMemlens(t)
	p, err := corpus.Load(filepath.Join("..", "testdata", "clean", name))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if err := copyProgram(p, dir); err != nil {
		t.Fatal(err)
	}
	exe = filepath.Join(dir, name)
	if b, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, flags), exe); err != nil {
		t.Fatalf("%v\n$ %s\n%s", err, b.command(), head(b.out))
	}
	return dir, exe
}

// runTypestate runs exe with args and MEMLENS_OPTIONS=opts (log_json
// added) and returns its records, stdout and stderr.
func runTypestate(t *testing.T, dir, exe, opts string, args ...string) ([]report.Record, []byte, []byte) {
	t.Helper()
	log := filepath.Join(dir, fmt.Sprintf("run%d.jsonl", len(args)+len(opts)))
	os.Remove(log)
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(environ(), "MEMLENS_OPTIONS=log_json="+log+":"+opts)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run() // (an injected bug may end it with a status of its own)
	recs, err := report.ReadFile(log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return recs, stdout.Bytes(), stderr.Bytes()
}

// injectMark is where a bug template of an annotated allocator is
// reported: the line of a comment "reported: TEMPLATE[, TEMPLATE...]".
var injectMark = regexp.MustCompile(`/\* reported: ([a-z_, ]+) \*/`)

// injectedAllocators are the corpus's annotated allocators that carry the
// six bug templates of docs/TYPESTATE.md.
var injectedAllocators = []string{"ts_segfit", "ts_buddy"}

type injectAt struct {
	file string
	line int
}

// injectMarks reads where each template of testdata/clean/NAME is reported.
func injectMarks(t *testing.T, name string) map[string]injectAt {
	t.Helper()
	dir := filepath.Join("..", "testdata", "clean", name)
	files, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	marks := map[string]injectAt{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(data), "\n") {
			if m := injectMark.FindStringSubmatch(l); m != nil {
				for _, name := range strings.Split(m[1], ", ") {
					marks[name] = injectAt{filepath.Base(f), i + 1}
				}
			}
		}
	}
	if len(marks) != 6 {
		t.Fatalf("%s marks %d templates (%v), want the six of docs/TYPESTATE.md", name, len(marks), marks)
	}
	return marks
}

// TestTypestateInjections injects each bug template of the annotated
// allocators (paper 003 §6) once and wants the typestate check to report
// it where the program's comment says, in both build modes and both
// typestate modes, before any symptom memlens's other checks may report
// later (the bugs stay inside the allocator's arena, one object to them:
// docs/TYPESTATE.md's table).
func TestTypestateInjections(t *testing.T) {
	t.Parallel()
	for _, prog := range injectedAllocators {
		marks := injectMarks(t, prog)
		for _, m := range modes {
			t.Run(prog+"/"+m.name, func(t *testing.T) {
				dir, exe := buildTypestate(t, prog, m.flags...)
				for name, at := range marks {
					for _, ts := range []string{"light", "heavy"} {
						checkInjection(t, dir, exe, name, ts, at)
					}
				}
			})
		}
	}
}

// checkInjection runs exe with template name injected in typestate mode ts.
func checkInjection(t *testing.T, dir, exe, name, ts string, at injectAt) {
	t.Helper()
	opts := "typestate=" + ts
	recs, _, stderr := runTypestate(t, dir, exe, opts+":halt_on_error=1", name, "100")
	if !bytes.Contains(stderr, []byte(": injecting "+name)) {
		t.Errorf("%s: the template was never injected:\n%s", name, head(stderr))
		return
	}
	if len(recs) != 1 || recs[0].Kind != "TYPESTATE-VIOLATION" || recs[0].Base() != at.file || recs[0].Line != at.line {
		t.Errorf("%s (%s): records %v, want one TYPESTATE-VIOLATION at %s:%d\n%s", name, ts, recs, at.file, at.line, head(stderr))
		return
	}
	if r := recs[0].Typestate; r == nil || r.Observed == "" || len(r.Changed) == 0 {
		t.Errorf("%s (%s): the record lacks the observed typestate or where it changed: %+v", name, ts, r)
	}
	// with every check on, the typestate report comes first: what other
	// checks see is a later symptom
	all, _, _ := runTypestate(t, dir, exe, opts, name, "100")
	if len(all) == 0 || all[0].Kind != "TYPESTATE-VIOLATION" {
		t.Errorf("%s (%s): run to the end, the first record is not the TYPESTATE-VIOLATION: %v", name, ts, all)
	}
}

// TestTypestateHeavy runs the annotated allocator in heavy mode: its
// annotations grant all it touches, so it runs clean and prints what the
// light run prints; a program that tracks typestates but grants nothing
// has each access through a pointer reported in heavy mode (UNMAPPED), and
// none in light mode.
func TestTypestateHeavy(t *testing.T) {
	t.Parallel()
	dirs := map[string]string{}
	for _, prog := range injectedAllocators {
		dir, exe := buildTypestate(t, prog)
		dirs[prog] = dir
		light, lightOut, _ := runTypestate(t, dir, exe, "")
		heavy, heavyOut, stderr := runTypestate(t, dir, exe, "typestate=heavy")
		if len(light) != 0 || len(heavy) != 0 || !bytes.Equal(lightOut, heavyOut) {
			t.Fatalf("%s: light %v, heavy %v; outputs equal: %v\n%s", prog, light, heavy, bytes.Equal(lightOut, heavyOut), head(stderr))
		}
	}

	dir := dirs["ts_segfit"]
	src := `#include <stdio.h>
#include "seg_pck.h"
static long cells[4];
static long sum(const long *p) { return p[0] + p[3]; }
int main(void)
{
	long *p = cells;
	p[1] = 2; /* unmapped: write */
	printf("%ld\n", sum(p)); /* (p[0], p[3]: reads) */
	return 0;
}
`
	if err := os.WriteFile(filepath.Join(dir, "bare.c"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	bare := filepath.Join(dir, "bare")
	if out, err := build(dir, []string{memlens, "cc", "-O1", "-g", "bare.c", "-o", bare}); err != nil {
		t.Fatalf("%v\n%s", err, head(out))
	}
	if recs, _, _ := runTypestate(t, dir, bare, ""); len(recs) != 0 {
		t.Errorf("light mode reported %v, want nothing: no annotation names a typestate", recs)
	}
	recs, out, _ := runTypestate(t, dir, bare, "typestate=heavy")
	var got []string
	for _, r := range recs {
		if r.Kind != "TYPESTATE-VIOLATION" || r.Typestate == nil || r.Typestate.Observed != "PCK_UNMAPPED" || r.Typestate.Mode != "heavy" {
			t.Errorf("unexpected record %v (%+v)", r, r.Typestate)
		}
		got = append(got, fmt.Sprintf("%s %d", r.Access, r.Line))
	}
	if want := "write 8,read 4,read 4"; strings.Join(got, ",") != want || string(out) != "0\n" {
		t.Errorf("heavy mode reported %q, want %q; output %q", strings.Join(got, ","), want, out)
	}
}

// TestTypestateHeaderPair checks the generated header's put of a header's
// two one-word fields together (runtime/typestate.c's ml_pck_put_pair and
// __ml_pck_pair_rest): a transition again over a header whose tag kept its
// typestate changes only the link, so the tag's "last changed" stack stays
// the first transition's; a pair across the end of a 256-byte page still
// lands. The transitions are made in leaves (instrument's leafCalls), one a
// call-site leaf and one not, each call in a frame of its own: the stack
// names the transition's line and its caller's, inlined or not.
func TestTypestateHeaderPair(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	files := map[string]string{
		"pool.pck": `Pool -> seq { # Slot }
Slot -> union {
    Free -> seq { Tag, Link, # words }
  | Live -> seq { Tag, Size, # words } }
Tag -> 1 words
Link -> 1 words
Size -> 1 words
`,
		"main.c": `#include <stdio.h>

#include "pool_pck.h"

static long slots[64] __attribute__((aligned(256)));

static void make_free(long *s)
{
	pck_transition_Slot_Free(s, 4 * sizeof *s);
}

/* (three words of arguments besides the pointer's: no call-site leaf) */
static void make_free_at(long *base, unsigned long i, unsigned long n)
{
	pck_transition_Slot_Free(base + i, n * sizeof *base);
}

PCK_NONE(PCK_Slot_Free_Tag)
static long tag(const long *s)
{
	return *s;
}

PCK_NONE(PCK_Slot_Free_Link)
static long link(const long *s)
{
	return *s;
}

int main(void)
{
	make_free(&slots[0]); /* line 32: both words change */
	pck_put(&slots[1], sizeof(long), PCK_Slot_Live_Size);
	make_free(&slots[0]); /* only the link changes */
	make_free_at(slots, 31, 4); /* line 35: the tag ends a page, the link starts the next */
	printf("%ld\n", tag(&slots[0]) + link(&slots[32]));
	return 0;
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := build(dir, []string{memlens, "typestate", "gen", "pool.pck", "-o", "pool_pck.h"}); err != nil {
		t.Fatalf("typestate gen: %v\n%s", err, head(out))
	}
	for _, opt := range []string{"-O1", "-O2"} {
		exe := filepath.Join(dir, "pair"+opt)
		if out, err := build(dir, []string{memlens, "cc", opt, "-g", "main.c", "-o", exe}); err != nil {
			t.Fatalf("memlens cc %s: %v\n%s", opt, err, head(out))
		}
		recs, _, stderr := runTypestate(t, dir, exe, "")
		// the read's line: where its word last changed
		want := map[int]string{21: "make_free:9 <- main:32", 27: "make_free_at:15 <- main:35"}
		for _, r := range recs {
			var changed []string
			if r.Typestate != nil {
				for _, f := range r.Typestate.Changed {
					changed = append(changed, fmt.Sprintf("%s:%d", f.Function, f.Line))
				}
			}
			if w, ok := want[r.Line]; !ok || r.Kind != "TYPESTATE-VIOLATION" || strings.Join(changed, " <- ") != w {
				t.Errorf("%s: record %s at line %d, its word last changed at %s; want reads at lines 21 and 27 changed at %v\n%s",
					opt, r.Kind, r.Line, strings.Join(changed, " <- "), want, head(stderr))
			}
			delete(want, r.Line)
		}
		if len(want) != 0 {
			t.Errorf("%s: no report of the reads at %v\n%s", opt, want, head(stderr))
		}
	}
}
