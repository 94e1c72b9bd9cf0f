package driver

import (
	"os"
	"strings"
	"testing"
)

// TestTestSettings: with MEMLENS_TEST_DIAGNOSED a build repeating a
// diagnostics compile prints what the first printed without running it;
// with MEMLENS_TEST_UNIT_WARNINGS the instrumented unit is compiled with
// those flags and its warnings are kept next to it.
func TestTestSettings(t *testing.T) {
	e := setup(t)
	write(t, "countcc", `#!/bin/sh
case "$*" in *diagnostics.s*) echo >>diagnosed; echo "gcc's diagnostics" >&2;; esac
exec gcc "$@"
`)
	os.Chmod("countcc", 0o755)
	t.Setenv("MEMLENS_CC", "./countcc")
	t.Setenv(diagnosedEnv, "records")
	t.Setenv(unitWarningsEnv, "-Wall")
	write(t, "unused.c", "int main(void) { int unused; return 0; }\n")
	for range 2 {
		if _, stderr := e.cc(0, "--memlens-save-temps", "-c", "unused.c"); !strings.HasPrefix(stderr, "gcc's diagnostics\n") {
			t.Errorf("stderr:\n%s", stderr)
		}
	}
	if runs := strings.Count(string(mustRead(t, "diagnosed")), "\n"); runs != 1 {
		t.Errorf("the diagnostics compile ran %d times, not once", runs)
	}
	if said := string(mustRead(t, "unused.ml.i.warnings")); !strings.Contains(said, "unused variable") {
		t.Errorf("the unit's warnings:\n%s", said)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
