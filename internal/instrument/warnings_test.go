package instrument

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// TestCorpusWarnings instruments every program of the end-to-end corpus
// (../../testdata), in both modes, and compiles the result with -Wall
// -Wextra: each warning gcc gives must be one it gives the program itself
// (same line, same text). memlens's own code is well-defined C that trips
// none, -Wsequence-point included.
func TestCorpusWarnings(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.c")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	flags := []string{"-fsyntax-only", "-Wall", "-Wextra", "-Wno-implicit-fallthrough"}
	for _, mode := range []struct {
		name string
		full bool
	}{{"detect", false}, {"full", true}} {
		t.Run(mode.name, func(t *testing.T) {
			cfg := newTestConfig(t, mode.full)
			var native sync.Map // file → its own warnings
			for _, file := range files {
				t.Run(filepath.Base(file), func(t *testing.T) {
					t.Parallel()
					own, ok := native.Load(file)
					if !ok {
						b, _ := exec.Command("gcc", append(flags, file)...).CombinedOutput()
						own, _ = native.LoadOrStore(file, warnings(b))
					}
					out, err := fileOf(cfg, file)
					if err != nil {
						t.Fatal(err)
					}
					src := filepath.Join(t.TempDir(), "out.i")
					if err := os.WriteFile(src, out, 0o644); err != nil {
						t.Fatal(err)
					}
					b, _ := exec.Command("gcc", append(flags, "-x", "cpp-output", src)...).CombinedOutput()
					for w := range warnings(b) {
						if !own.(map[string]bool)[w] {
							t.Errorf("instrumented code warns: %s", w)
						}
					}
				})
			}
		})
	}
}

var diagnostic = regexp.MustCompile(`(?m)^([^:\n]+):(\d+):\d+: (warning|error): (.*)$`)

// warnings are gcc's diagnostics in out, each as "file-base:line: text".
func warnings(out []byte) map[string]bool {
	ws := map[string]bool{}
	for _, m := range diagnostic.FindAllStringSubmatch(string(out), -1) {
		ws[filepath.Base(m[1])+":"+m[2]+": "+strings.TrimSpace(m[4])] = true
	}
	return ws
}
