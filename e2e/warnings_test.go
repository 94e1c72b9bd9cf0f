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

// unitWarningFlags are what corpusBuild's memlens cc compiles the
// instrumented units with instead of -w (MEMLENS_TEST_UNIT_WARNINGS),
// writing their messages next to them: the compile that builds the
// program gives the warnings a compile of its own with warningFlags gave,
// for no parse of its own (a seventh of a corpus program's builds). That
// compile runs gcc's middle end, which -fsyntax-only does not: the
// warnings only it gives (at -O1, -Wclobbered on memlens's locals around
// setjmp) are off, so the check stays the one of the unit's front end.
// Warning flags change no code: TestCorpusBuildShared.
var unitWarningFlags = []string{"-Wall", "-Wextra", "-Wno-implicit-fallthrough",
	"-Wno-aggressive-loop-optimizations", "-Wno-array-bounds", "-Wno-attribute-warning", "-Wno-clobbered",
	"-Wno-dangling-pointer", "-Wno-format-overflow", "-Wno-format-truncation", "-Wno-free-nonheap-object",
	"-Wno-infinite-recursion", "-Wno-maybe-uninitialized", "-Wno-mismatched-dealloc", "-Wno-nonnull-compare",
	"-Wno-stringop-overflow", "-Wno-stringop-overread", "-Wno-stringop-truncation", "-Wno-uninitialized",
	"-Wno-unused-result", "-Wno-use-after-free", "-Wno-zero-length-bounds"}

// middleEndMessages are the warnings of a flag both ends use that only the
// middle end gives: -Wreturn-type's "control reaches end" comes from the
// control-flow graph, which -fsyntax-only never builds (at -O0, a
// function whose every path returns inside a block with cleanups:
// bugs/hbo_far_pointer_many_args), while its front-end messages ("return
// with no value") stay checked.
var middleEndMessages = []string{"control reaches end of non-void function"}

// middleEndOnly reports whether warning w ("file:line: text") is one of
// middleEndMessages.
func middleEndOnly(w string) bool {
	_, text, _ := strings.Cut(w, ": ")
	return slices.ContainsFunc(middleEndMessages, func(m string) bool { return strings.HasPrefix(text, m) })
}

// instrumentedWarnings reads the warnings of the instrumented units
// memlens cc --memlens-save-temps kept in dir, one per source of p, each
// compiled with unitWarningFlags, and returns the problems: a unit or its
// warnings missing, or a warning gcc does not give the program itself
// (own, compiled only then: seldom). memlens's code is well-defined C that trips none,
// -Wsequence-point included.
func instrumentedWarnings(p *corpus.Program, dir string, own func() map[string]bool) []string {
	var out, problems []string
	for _, s := range p.Sources {
		unit := filepath.Join(dir, strings.TrimSuffix(filepath.Base(s), ".c")+".ml.i")
		if _, err := os.Stat(unit); err != nil {
			problems = append(problems, "no instrumented unit of "+s+" (compiled without instrumentation?)")
			continue
		}
		said, err := os.ReadFile(unit + ".warnings")
		if err != nil {
			problems = append(problems, "no warnings of the instrumented unit of "+s+" (MEMLENS_TEST_UNIT_WARNINGS not applied?)")
			continue
		}
		out = append(out, string(said))
	}
	for w := range warnings([]byte(strings.Join(out, ""))) {
		if !own()[w] && !middleEndOnly(w) {
			problems = append(problems, "instrumented code warns: "+w)
		}
	}
	slices.Sort(problems)
	return problems
}
