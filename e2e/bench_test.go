package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/bench"
	"memlens/internal/inject"
)

// TestInjectAndBench injects every template into a correct program, scores
// the variants and the original with memlens bench, and checks the
// verdicts: memlens with full checking finds and localises, with its kind,
// every injected bug that is harmful on the program's input, and reports
// nothing on the original, whose instrumented runs behave as the native
// one; AddressSanitizer (when libasan works here) is judged from its own
// reports.
func TestInjectAndBench(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if _, err := exec.LookPath("gcov"); err != nil {
		t.Skip("gcov (gcc's coverage tool) is missing: memlens inject needs it")
	}
	dir := t.TempDir()
	variants := filepath.Join(dir, "injected")
	src, err := filepath.Abs(filepath.Join("testdata", "inject", "inventory.c"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(memlens, "inject", "--max", "2", "--seed", "7", src, "-o", variants)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("memlens inject: %v\n%s", err, out)
	}
	t.Logf("memlens inject:\n%s", out)
	written, err := filepath.Glob(filepath.Join(variants, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tmpl := range inject.Templates {
		n := 0
		for _, f := range written {
			if strings.Contains(filepath.Base(f), "__"+tmpl.Name+"_") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("template %s wrote no variant of inventory.c", tmpl.Name)
		}
	}

	// The variants are judged by the tools whose verdicts are checked; the
	// original, which must be clean for each, by default mode too.
	res := runBench(t, dir, "memlens-full,asan", variants)
	if len(res.Programs) != len(written) {
		t.Fatalf("bench judged %d programs, want the %d variants", len(res.Programs), len(written))
	}
	orig := runBench(t, dir, "memlens,memlens-full,asan", filepath.Dir(src))
	if len(orig.Programs) != 1 {
		t.Fatalf("bench judged %d programs in %s, want the original", len(orig.Programs), filepath.Dir(src))
	}
	_, asan := res.Skipped["asan"]
	asan = !asan
	for _, pr := range slices.Concat(res.Programs, orig.Programs) {
		full := pr.Tools["memlens-full"]
		if full == nil {
			t.Fatalf("%s: no memlens-full outcome", pr.Name)
		}
		if pr.Class == "clean" {
			for tool, o := range pr.Tools {
				if o.Reported || o.Differs != "" || o.Status != "ok" {
					t.Errorf("%s: %s: status %s, reported %v, differs %q", pr.Name, tool, o.Status, o.Reported, o.Differs)
				}
			}
			continue
		}
		// Only valgrind runs a bug program's native build: without it
		// none is made.
		if n := pr.Tools["native"]; n == nil || n.Status != "unused" {
			t.Errorf("%s: native outcome %+v, want status unused (no valgrind among the tools)", pr.Name, n)
		}
		// Some injections are harmless on the program's input (an
		// allocation one byte short whose last byte is never used): those
		// no other tool sees either.
		a := pr.Tools["asan"]
		certain := !strings.Contains(pr.Name, "__alloc-short_") || asan && a.Reported
		if certain && (!full.Reported || !full.Localised || !full.RightKind) {
			t.Errorf("%s (%v): memlens-full reported %v, localised %v, right kind %v; findings %+v",
				pr.Name, pr.Wants, full.Reported, full.Localised, full.RightKind, full.Findings)
		}
		// ASan sees every injected kind but leaks inside main's frame;
		// its verdict must come with the kind read from its report.
		if asan && strings.Contains(pr.Name, "double-free") && !a.RightKind {
			t.Errorf("%s: asan: reported %v, right kind %v; findings %+v", pr.Name, a.Reported, a.RightKind, a.Findings)
		}
	}
	all := res.Summary.Detection["memlens-full"][bench.All]
	if all.Programs != len(written) || all.Localised+res.Summary.Undetected < len(written) {
		t.Errorf("summary: memlens-full localised %d of %d bug programs (%d seen by no tool), want all %d",
			all.Localised, all.Programs, res.Summary.Undetected, len(written))
	}
}

// runBench runs memlens bench with tools on the corpus directories dirs
// and returns its result.
func runBench(t *testing.T, dir, tools string, dirs ...string) *bench.Result {
	t.Helper()
	result := filepath.Join(dir, "bench.json")
	cmd := exec.Command(memlens, slices.Concat([]string{"bench", "--tools", tools, "-j", "2", "--json", result}, dirs)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("memlens bench: %v\n%s", err, out)
	}
	t.Logf("memlens bench --tools %s:\n%s", tools, out)
	data, err := os.ReadFile(result)
	if err != nil {
		t.Fatal(err)
	}
	var res bench.Result
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return &res
}
