package driver

import (
	"os"
	"strings"
	"testing"
)

// TestTestSettings: with MEMLENS_TEST_DIAGNOSED a build repeating a
// diagnostics compile prints what the first printed without running it;
// with MEMLENS_TEST_UNIT_WARNINGS the instrumented unit is compiled with
// those flags and its warnings are kept next to it. Without them, a
// user's build, the unit is compiled with -w and nothing else is kept.
func TestTestSettings(t *testing.T) {
	e := setup(t)
	write(t, "countcc", `#!/bin/sh
case "$*" in *diagnostics.s*) echo >>diagnosed; echo "gcc's diagnostics" >&2;; esac
case "$*" in *cpp-output*) echo "$*" >>unit-compiles;; esac
exec gcc "$@"
`)
	os.Chmod("countcc", 0o755)
	t.Setenv("MEMLENS_CC", "./countcc")
	write(t, "unused.c", "int main(void) { int unused; return 0; }\n")
	e.cc(0, "--memlens-save-temps", "-c", "unused.c")
	if unit := string(mustRead(t, "unit-compiles")); !strings.Contains(unit, " -w ") {
		t.Errorf("a user's build compiled the unit without -w: %s", unit)
	}
	if _, err := os.Stat("unused.ml.i.warnings"); err == nil {
		t.Error("a user's build kept the unit's warnings")
	}
	os.Remove("diagnosed")
	t.Setenv(diagnosedEnv, "records")
	t.Setenv(unitWarningsEnv, "-Wall")
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
