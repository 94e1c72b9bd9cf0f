package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"memlens/internal/corpus"
)

// warningFlags compile a unit for gcc's warnings alone.
// (-Wimplicit-fallthrough reads comments, which preprocessed text has none
// of; gcc's own -save-temps loses them too.)
var warningFlags = []string{"-fsyntax-only", "-Wall", "-Wextra", "-Wno-implicit-fallthrough"}

var diagnostic = regexp.MustCompile(`(?m)^([^:\n]+):(\d+):\d+: (warning|error): (.*)$`)

// warnings are gcc's diagnostics in out, each as "file-base:line: text".
func warnings(out []byte) map[string]bool {
	ws := map[string]bool{}
	for _, m := range diagnostic.FindAllStringSubmatch(string(out), -1) {
		ws[filepath.Base(m[1])+":"+m[2]+": "+strings.TrimSpace(m[4])] = true
	}
	return ws
}

// nativeWarnings are gcc's warnings on p's sources, copied in dir.
func nativeWarnings(p *corpus.Program, dir string) map[string]bool {
	cmd := exec.Command(gcc, slices.Concat(warningFlags, p.CFlags, p.Sources)...)
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	return warnings(out)
}

// instrumentedWarnings compiles with -Wall -Wextra the instrumented units
// memlens cc --memlens-save-temps kept in dir, one per source of p, and
// returns the problems: a unit missing, or a warning gcc does not give the
// program itself (own). memlens's code is well-defined C that trips none,
// -Wsequence-point included.
func instrumentedWarnings(p *corpus.Program, dir string, own map[string]bool) []string {
	var units, problems []string
	for _, s := range p.Sources {
		unit := filepath.Join(dir, strings.TrimSuffix(filepath.Base(s), ".c")+".ml.i")
		if _, err := os.Stat(unit); err != nil {
			problems = append(problems, "no instrumented unit of "+s+" (compiled without instrumentation?)")
			continue
		}
		units = append(units, unit)
	}
	if len(units) == 0 {
		return problems
	}
	out, _ := exec.Command(gcc, slices.Concat(warningFlags, p.CFlags, []string{"-x", "cpp-output"}, units)...).CombinedOutput()
	for w := range warnings(out) {
		if !own[w] {
			problems = append(problems, "instrumented code warns: "+w)
		}
	}
	slices.Sort(problems)
	return problems
}
