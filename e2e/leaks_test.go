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

// TestLeakOptions checks detect_leaks=0, show_reachable=1 and
// suppressions=FILE (including a malformed line, reported with file:line).
func TestLeakOptions(t *testing.T) {
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
	if !strings.Contains(out, supp+":3: expected leak:PATTERN") {
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
	free := filepath.Join(dir, "kept.c")
	src := "#include <stdlib.h>\nstatic char *kept;\nint main(void) { kept = malloc(100); return 0; }\n"
	if err := os.WriteFile(free, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog = buildReporter(t, free)
	if out := stderr(""); out != "" {
		t.Errorf("nothing lost, but the program printed:\n%s", out)
	}
	out = stderr("show_reachable=1")
	if !strings.Contains(out, "LEAK SUMMARY") || !strings.Contains(out, "still reachable: 100 bytes in 1 block") ||
		!strings.Contains(out, "100 bytes in 1 block allocated at main") {
		t.Errorf("show_reachable=1 did not list the kept block:\n%s", out)
	}
}
