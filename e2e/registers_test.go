package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/report"
)

// TestReportKeepsRegisters: a failed check calls the runtime from a stub
// the C compiler does not see as a call, so the report must give back
// every register as it was: doubles (xmm), integers in the registers a
// callee may clobber, and AVX vectors (ymm, whose upper halves glibc's
// vzeroupper clears) held across the failing access; and across a pointer
// load whose slow path, a stub too, finds the meta the report then uses,
// and across a load of NULL, which the stub answers itself.
// In both modes, at -O2 (the stubs are for optimised code) and -O0 (calls,
// not stubs).
func TestReportKeepsRegisters(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, flags := range [][]string{{"-O2"}, {"-O2", "--memlens-full"}, {"-O0"}} {
		prog := filepath.Join(t.TempDir(), "registers")
		args := append([]string{"cc", "-g", "-o", prog, "testdata/registers.c"}, flags...)
		if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
			t.Fatalf("memlens %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		log := filepath.Join(t.TempDir(), "log.jsonl")
		cmd := exec.Command(prog)
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log)
		out, _ := cmd.Output() // exits non-zero: errors are reported
		for _, want := range []string{"scalars kept\n", "integers kept\n", "loads kept\n", "null loads kept\n", "vectors "} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%v: output lacks %q:\n%s", flags, want, out)
			}
		}
		if strings.Contains(string(out), "clobbered") {
			t.Errorf("%v: a report changed the program's registers:\n%s", flags, out)
		}
		recs, err := report.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		var lines []int
		for _, r := range recs {
			if r.Kind != "HEAP-BUFFER-OVERFLOW" {
				t.Errorf("%v: unexpected %s at line %d", flags, r.Kind, r.Line)
			}
			lines = append(lines, r.Line)
		}
		want := []int{19, 28, 56, 39}
		if strings.Contains(string(out), "vectors not tried") {
			want = want[:3] // (no AVX)
		}
		if !slices.Equal(lines, want) {
			t.Errorf("%v: reports at lines %v, want %v", flags, lines, want)
		}
	}
}
