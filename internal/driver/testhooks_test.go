package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestSettings: with MEMLENS_TEST_DIAGNOSED a build repeating a
// diagnostics compile prints what the first printed without running it,
// and one repeating a preprocessing writes the text the first wrote, its
// working directory's line marker naming its own;
// with MEMLENS_TEST_UNIT_WARNINGS the instrumented unit is compiled with
// those flags and its warnings are kept next to it. Without them, a
// user's build, the unit is compiled with -w and nothing else is kept.
func TestTestSettings(t *testing.T) {
	e := setup(t)
	write(t, "countcc", `#!/bin/sh
case "$*" in *diagnostics.s*) echo >>diagnosed; echo "gcc's diagnostics" >&2;; esac
case "$*" in *cpp-output*) echo "$*" >>unit-compiles;; esac
case "$*" in *" -E "*) echo >>preprocessed;; esac
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
	if runs := strings.Count(string(mustRead(t, "preprocessed")), "\n"); runs != 2 { // (the user's build's, then the first recorded)
		t.Errorf("the preprocessing ran %d times, not twice", runs)
	}
	replayedElsewhere(t, e)
}

// replayedElsewhere: a preprocessing with -g recorded in one directory and
// replayed in another names the other in its working directory's line
// marker, as gcc's own does; nothing else of the text changes.
func replayedElsewhere(t *testing.T, e *env) {
	cc, err := filepath.Abs("countcc") // (the same command in both)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("MEMLENS_CC", cc)
	top, _ := os.Getwd()
	t.Setenv(diagnosedEnv, filepath.Join(top, "records"))
	units := map[string]string{}
	for _, dir := range []string{"here", "there"} {
		t.Chdir(top)
		os.Mkdir(dir, 0o755)
		t.Chdir(dir)
		write(t, "unused.c", "int main(void) { int unused; return 0; }\n")
		os.Remove("preprocessed")
		e.cc(0, "--memlens-save-temps", "-g", "-c", "unused.c")
		wd, _ := os.Getwd()
		marker := "# 1 \"" + wd + "//\""
		units[dir] = strings.Replace(string(mustRead(t, "unused.ml.i")), marker, "# 1 \"DIR//\"", 1)
		if !strings.Contains(string(mustRead(t, "unused.ml.i")), marker) {
			t.Errorf("%s: the unit does not name its directory:\n%s", dir, mustRead(t, "unused.ml.i"))
		}
	}
	if _, err := os.Stat("preprocessed"); err == nil {
		t.Error("the second directory's build preprocessed again")
	}
	if units["here"] != units["there"] {
		t.Errorf("the replayed unit differs:\n%s\nagainst\n%s", units["there"], units["here"])
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

// TestNamesDirOnlyInMarker: a preprocessed text is recorded for a replay
// elsewhere only if its directory appears in the working directory's
// line marker alone.
func TestNamesDirOnlyInMarker(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"# 0 \"a.c\"\nint x;\n", true},
		{"# 0 \"a.c\"\n# 1 \"/b//\"\nint x;\n", true},
		{"# 0 \"a.c\"\n# 1 \"/b//\"\n# 1 \"/b/h.h\" 1\nint x;\n", false}, // (a header named by its absolute path)
		{"# 0 \"a.c\"\n# 1 \"/elsewhere//\"\nint x;\n", false},           // (the directory spelt otherwise)
		{"# 0 \"a.c\"\nchar *d = \"/b\";\n", false},
	} {
		if got := namesDirOnlyInMarker([]byte(c.text), "/b"); got != c.want {
			t.Errorf("%q: %v, want %v", c.text, got, c.want)
		}
	}
}
