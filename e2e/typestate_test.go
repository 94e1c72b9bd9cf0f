package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"memlens/internal/report"
)

// buildTypestate copies the corpus program testdata/clean/NAME into a
// temporary directory and builds it with memlens cc and flags.
func buildTypestate(t *testing.T, name string, flags ...string) (dir, exe string) {
	t.Helper()
	needMemlens(t)
	from := filepath.Join("..", "testdata", "clean", name)
	dir = t.TempDir()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o666); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(e.Name(), ".c") {
			srcs = append(srcs, e.Name())
		}
	}
	exe = filepath.Join(dir, name)
	argv := append(append(append([]string{memlens, "cc", "-O1", "-g"}, flags...), srcs...), "-o", exe)
	if out, err := build(dir, argv); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, head(out))
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

// injectMark is where a bug template of ts_segfit is reported: the line of
// a comment "reported: TEMPLATE".
var injectMark = regexp.MustCompile(`/\* reported: ([a-z_]+) \*/`)

// TestTypestateInjections injects each bug template of the annotated
// allocator ts_segfit (paper 003 §6) once and wants the typestate check to
// report it where the program's comment says, in both build modes, before
// any symptom memlens's other checks may report later (the bugs stay inside
// the allocator's arena, one object to them: docs/TYPESTATE.md's table).
func TestTypestateInjections(t *testing.T) {
	type mark struct {
		file string
		line int
	}
	marks := map[string]mark{}
	for _, f := range []string{"main.c", "seg.c"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "clean", "ts_segfit", f))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(data), "\n") {
			if m := injectMark.FindStringSubmatch(l); m != nil {
				marks[m[1]] = mark{f, i + 1}
			}
		}
	}
	if len(marks) != 6 {
		t.Fatalf("ts_segfit marks %d templates (%v), want the six of docs/TYPESTATE.md", len(marks), marks)
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			dir, exe := buildTypestate(t, "ts_segfit", m.flags...)
			for name, at := range marks {
				recs, _, stderr := runTypestate(t, dir, exe, "halt_on_error=1", name, "100")
				if !bytes.Contains(stderr, []byte("seg: injecting "+name)) {
					t.Errorf("%s: the template was never injected:\n%s", name, head(stderr))
					continue
				}
				if len(recs) != 1 || recs[0].Kind != "TYPESTATE-VIOLATION" || recs[0].Base() != at.file || recs[0].Line != at.line {
					t.Errorf("%s: records %v, want one TYPESTATE-VIOLATION at %s:%d\n%s", name, recs, at.file, at.line, head(stderr))
					continue
				}
				if ts := recs[0].Typestate; ts == nil || ts.Observed == "" || len(ts.Changed) == 0 {
					t.Errorf("%s: the record lacks the observed typestate or where it changed: %+v", name, ts)
				}
				// with every check on, the typestate report comes first:
				// what other checks see is a later symptom
				all, _, _ := runTypestate(t, dir, exe, "", name, "100")
				if len(all) == 0 || all[0].Kind != "TYPESTATE-VIOLATION" {
					t.Errorf("%s: run to the end, the first record is not the TYPESTATE-VIOLATION: %v", name, all)
				}
			}
		})
	}
}

// TestTypestateHeavy runs the annotated allocator in heavy mode: its
// annotations grant all it touches, so it runs clean and prints what the
// light run prints; a program that tracks typestates but grants nothing
// has each access through a pointer reported in heavy mode (UNMAPPED), and
// none in light mode.
func TestTypestateHeavy(t *testing.T) {
	dir, exe := buildTypestate(t, "ts_segfit")
	light, lightOut, _ := runTypestate(t, dir, exe, "")
	heavy, heavyOut, stderr := runTypestate(t, dir, exe, "typestate=heavy")
	if len(light) != 0 || len(heavy) != 0 || !bytes.Equal(lightOut, heavyOut) {
		t.Fatalf("ts_segfit: light %v, heavy %v; outputs equal: %v\n%s", light, heavy, bytes.Equal(lightOut, heavyOut), head(stderr))
	}

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
