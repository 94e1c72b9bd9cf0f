package driver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// kind says what an argument is to the driver, hence which commands get it.
type kind uint8

const (
	kindFlag       kind = iota // any other flag: every compile and the link get it
	kindInput                  // a file operand, or "-" for standard input
	kindOutput                 // -o FILE
	kindStage                  // -c, -S: the driver adds its own
	kindLang                   // -x LANG: applies to the inputs after it
	kindDep                    // -MD -MMD -MF -MT -MQ -MP -MG -Wp,-M…: the dependency run only
	kindPreinclude             // -include, -imacros: already inside the instrumented unit
	kindSaveTemps              // -save-temps[=…]: the driver keeps gcc's intermediate files itself
)

// arg is one command-line argument, with its value when given separately.
type arg struct {
	words []string // as given: the flag, then its separate value if any
	kind  kind
	lang  string // kindInput: the -x language in effect, "" to go by extension
}

// value returns the argument of a flag, given separately or joined to it.
func (a arg) value(flag string) string {
	if len(a.words) == 2 {
		return a.words[1]
	}
	return strings.TrimPrefix(a.words[0], flag)
}

// stage is where compilation stops.
type stage uint8

const (
	stageLink     stage = iota
	stageCompile        // -c: objects
	stageAssemble       // -S: assembly
)

// commandLine is a gcc command line after response files are expanded.
type commandLine struct {
	args        []arg
	stage       stage
	output      string // -o FILE, "" if absent
	lastLang    string // the -x language in effect after the last argument
	inputs      int    // number of file operands
	headers     int    // how many of them are headers (gcc precompiles them)
	passthrough bool   // nothing to instrument: run the C compiler as is
	noRuntime   bool   // -shared or -r: the runtime belongs in the final executable
	shared      bool   // -shared: the units compiled here go into a shared object
	deps        bool   // the compile writes a dependency file
	depDefaults bool   // -MD/-MMD: the driver, not cc1, names the dependency file and target
	depFile     bool   // -MF given
	depTarget   bool   // -MT or -MQ given
	saveTemps   string // -save-temps: "cwd" or "obj" ("" without)
}

// separate lists the flags whose value may be the next argument. Only an
// exact match takes the next argument: "-u" does, "-undef" does not.
var separate = map[string]bool{
	"-o": true, "-x": true, "-I": true, "-D": true, "-U": true, "-L": true, "-l": true,
	"-A": true, "-B": true, "-e": true, "-u": true, "-T": true, "-z": true,
	"-include": true, "-imacros": true, "-isystem": true, "-iquote": true, "-idirafter": true,
	"-iprefix": true, "-iwithprefix": true, "-iwithprefixbefore": true, "-isysroot": true,
	"-imultilib": true, "-imultiarch": true,
	"-MF": true, "-MT": true, "-MQ": true,
	"-Xlinker": true, "-Xpreprocessor": true, "-Xassembler": true,
	"-aux-info": true, "--param": true, "-specs": true, "--sysroot": true,
	"-dumpbase": true, "-dumpbase-ext": true, "-dumpdir": true, "-wrapper": true,
	// clang's, for MEMLENS_CC=clang
	"-Xclang": true, "-mllvm": true, "-target": true,
}

// informational flags make gcc print something and compile nothing.
var informational = map[string]bool{
	"--version": true, "-dumpversion": true, "-dumpfullversion": true, "-dumpmachine": true,
	"-dumpspecs": true, "--help": true, "--target-help": true, "-###": true,
}

// parseCommandLine classifies argv (gcc arguments, response files expanded).
// It never rejects an argument: what it does not know is a flag for gcc.
func parseCommandLine(argv []string) *commandLine {
	cl := &commandLine{}
	var lang string // current -x language, "" for none
	var sawM bool   // -M or -MM: dependencies instead of compiling
	for i := 0; i < len(argv); i++ {
		a := arg{words: []string{argv[i]}, kind: kindFlag}
		w := argv[i]
		if w == "-" || !strings.HasPrefix(w, "-") {
			a.kind, a.lang = kindInput, lang
			cl.inputs++
			if a.isHeader() {
				cl.headers++
			}
			cl.args = append(cl.args, a)
			continue
		}
		if separate[w] {
			if i+1 < len(argv) {
				i++
				a.words = append(a.words, argv[i])
			} else {
				cl.passthrough = true // for gcc to report the missing value
			}
		}
		switch {
		case strings.HasPrefix(w, "-o"):
			a.kind, cl.output = kindOutput, a.value("-o")
		case strings.HasPrefix(w, "-x"):
			a.kind, lang = kindLang, a.value("-x")
			if lang == "none" {
				lang = ""
			}
		case w == "-c":
			a.kind = kindStage
			cl.stage = max(cl.stage, stageCompile)
		case w == "-S":
			a.kind, cl.stage = kindStage, stageAssemble
		case w == "-E", w == "-fsyntax-only", informational[w],
			strings.HasPrefix(w, "-print-"), strings.HasPrefix(w, "--print-"),
			strings.HasPrefix(w, "--help="):
			cl.passthrough = true
		case w == "-M", w == "-MM":
			a.kind, sawM = kindDep, true
		case w == "-MD", w == "-MMD":
			a.kind, cl.deps, cl.depDefaults = kindDep, true, true
		case w == "-MP", w == "-MG":
			a.kind = kindDep
		case strings.HasPrefix(w, "-MF"):
			a.kind, cl.depFile = kindDep, true
		case strings.HasPrefix(w, "-MT"), strings.HasPrefix(w, "-MQ"):
			a.kind, cl.depTarget = kindDep, true
		case isWpDep(w):
			a.kind, cl.deps = kindDep, true
		case strings.HasPrefix(w, "-include"), strings.HasPrefix(w, "-imacros"):
			a.kind = kindPreinclude
		case w == "-save-temps" || strings.HasPrefix(w, "-save-temps="):
			a.kind, cl.saveTemps = kindSaveTemps, strings.TrimPrefix(strings.TrimPrefix(w, "-save-temps"), "=")
			if cl.saveTemps == "" {
				cl.saveTemps = "obj" // as gcc 11 and later: next to the output
			}
		case w == "-shared":
			cl.noRuntime, cl.shared = true, true
		case w == "-r":
			cl.noRuntime = true
		}
		cl.args = append(cl.args, a)
	}
	cl.lastLang = lang
	// -M/-MM imply -E unless -MD/-MMD asks for a compile too. Headers
	// alone make a precompiled header, which holds no code to check: the
	// units that include it are instrumented from the header's text.
	if (sawM && !cl.depDefaults) || cl.inputs == cl.headers {
		cl.passthrough = true
	}
	// gcc 12 cannot keep the temporary files of standard input (its cc1
	// takes "-.i" for an option): let it fail as it does.
	if cl.saveTemps != "" && slices.ContainsFunc(cl.args, func(a arg) bool { return a.isC() && a.words[0] == "-" }) {
		cl.passthrough = true
	}
	// gcc refuses -o with -c or -S and several inputs: let it say so.
	if cl.output != "" && cl.stage != stageLink && cl.inputs > 1 {
		cl.passthrough = true
	}
	return cl
}

// words returns the words of the arguments of the given kinds, in order.
func (cl *commandLine) words(kinds ...kind) []string {
	var words []string
	for _, a := range cl.args {
		if slices.Contains(kinds, a.kind) {
			words = append(words, a.words...)
		}
	}
	return words
}

// diagnosticsFlags are the flags of the compile that gives gcc's
// diagnostics of a C input: the user's and the preincludes, but not the
// plain requests for debug information. gcc generates the same code with
// and without them (what -fcompare-debug checks), so no warning depends on
// them, and that compile's output is thrown away; the variable tracking and
// DWARF cost it 8-15% of its time. Only forms every gcc accepts are
// left out, so a malformed -g option is still gcc's to diagnose. With gcc
// (not clang, which warns of flags it ignores) it also runs without the
// RTL optimisations rtlPassesOff lists, unless the user asked for reports
// that depend on them (rtlReports).
func (cl *commandLine) diagnosticsFlags(gcc bool) []string {
	var words []string
	rtl := false
	for _, a := range cl.args {
		if (a.kind == kindFlag || a.kind == kindPreinclude) && !(len(a.words) == 1 && debugLevel[a.words[0]]) {
			words = append(words, a.words...)
			rtl = rtl || slices.ContainsFunc(a.words, rtlReports)
		}
	}
	if gcc && !rtl {
		words = append(words, rtlPassesOff...)
	}
	return words
}

var debugLevel = map[string]bool{"-g": true, "-g1": true, "-g2": true, "-g3": true, "-ggdb": true, "-ggdb3": true}

// rtlPassesOff turns off gcc's optimisations of its RTL (after GIMPLE, in
// which every optimisation-dependent warning is given) that no message
// depends on, for the diagnostics compile, whose code is thrown away: a
// fifth of its work (cc1's instructions on bench tree.c at -O2 461.1M ->
// 368.0M, vm.c 564.1M -> 446.9M). Expansion to RTL (warning and error
// attributes, asm operands) and register allocation (asm constraints)
// still run; each flag names an RTL pass alone, none a GIMPLE one.
var rtlPassesOff = []string{"-fno-gcse", "-fno-schedule-insns2", "-fno-peephole2", "-fno-reorder-blocks",
	"-fno-reorder-blocks-and-partition", "-fno-cse-follow-jumps", "-fno-rerun-cse-after-loop", "-fno-if-conversion",
	"-fno-if-conversion2", "-fno-move-loop-invariants", "-fno-ree", "-fno-crossjumping", "-fno-split-wide-types",
	"-fno-forward-propagate", "-fno-cprop-registers", "-fno-dse", "-fno-shrink-wrap", "-fno-combine-stack-adjustments",
	"-fno-ipa-ra", "-fno-auto-inc-dec"}

// rtlReports reports a flag asking gcc for messages that depend on its
// RTL optimisations: frame sizes (-Wframe-larger-than=, -Wstack-usage=,
// -fstack-usage), the variables register allocation leaves where a
// longjmp clobbers them (-Wclobbered, in -Wextra), the passes it gave up
// on (-Wdisabled-optimization: RTL global CSE's limits) and its
// optimisation notes (-fopt-info).
func rtlReports(w string) bool {
	return w == "-W" || w == "-Wextra" || strings.Contains(w, "clobbered") ||
		strings.Contains(w, "frame-larger-than") || strings.Contains(w, "stack-usage") ||
		strings.Contains(w, "disabled-optimization") || strings.HasPrefix(w, "-fopt-info")
}

// instrumentedFlags returns the flags an instrumented unit is made and
// compiled with: the user's, and -fPIC when it goes into a shared object
// linked in this command. gcc links code built PIE, its default, into one
// when nothing in it needs a fixed address, but memlens's code does: it
// takes its functions' addresses and reaches the runtime's thread-locals at
// a fixed offset from the thread pointer (memlens.h), which a shared object
// must do through the GOT instead.
func (cl *commandLine) instrumentedFlags() []string {
	flags := cl.words(kindFlag)
	if cl.shared {
		flags = append(flags, "-fPIC")
	}
	if slices.Contains(flags, "-finstrument-functions") {
		// (the runtime header's helpers are no function of the program's:
		// profiled, they call the program's hooks, whose own checks call
		// them again, without end; gcc matches the names by substring)
		flags = append(flags, "-finstrument-functions-exclude-function-list=__ml_")
	}
	return flags
}

// isWpDep reports a preprocessor option passed with -Wp that writes
// dependencies, as in kbuild's -Wp,-MMD,dir/.x.o.d.
func isWpDep(w string) bool {
	opts, ok := strings.CutPrefix(w, "-Wp,")
	return ok && slices.ContainsFunc(strings.Split(opts, ","), func(o string) bool {
		return strings.HasPrefix(o, "-M")
	})
}

// isC reports whether an input is C to instrument: a .c file or any file
// under -x c, standard input ("-") included. Other languages go to the
// compiler as they are.
func (a arg) isC() bool {
	if a.kind != kindInput {
		return false
	}
	if a.lang != "" {
		return a.lang == "c"
	}
	return filepath.Ext(a.words[0]) == ".c"
}

// isHeader reports whether an input is a header, which gcc compiles to a
// precompiled header: by its -x language or its name, as gcc goes.
func (a arg) isHeader() bool {
	if a.lang != "" {
		return strings.HasSuffix(a.lang, "-header")
	}
	return headerExts[filepath.Ext(a.words[0])]
}

var headerExts = map[string]bool{".h": true, ".hh": true, ".H": true, ".hp": true, ".hxx": true, ".hpp": true, ".HPP": true, ".h++": true, ".tcc": true}

// stem returns the base name of path without its last extension, from
// which gcc derives default output names: dir/a.b.c -> a.b.
func stem(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// objectName returns where -c or -S puts the output for input src: the -o
// file, else (gcc semantics) the source's name in the current directory.
func (cl *commandLine) objectName(src string) string {
	if cl.output != "" {
		return cl.output
	}
	if cl.stage == stageAssemble {
		return stem(src) + ".s"
	}
	return stem(src) + ".o"
}

// depNames returns the dependency file and make target gcc chooses for src
// under -MD when no -MF or -MT/-MQ says (as measured on gcc 12; standard
// input's target is "-").
func (cl *commandLine) depNames(src string) (file, target string) {
	target = stem(src) + ".o"
	if src == "-" {
		target = "-"
	}
	switch {
	case cl.output != "": // -c/-S -o X and link -o X alike
		dir, base := filepath.Split(cl.output)
		return dir + strings.TrimSuffix(base, filepath.Ext(base)) + ".d", cl.output
	case cl.stage == stageLink && cl.inputs > 1: // gcc's dumpbase "a-"
		return "a-" + stem(src) + ".d", target
	default:
		return stem(src) + ".d", target
	}
}

// tempBase returns the path without extension under which gcc keeps the
// intermediate files of input src with -save-temps (as gcc 12 names them):
// after the output when -o names one (out/x.o: out/x; a link's out/p.x:
// out/p.x-src), else after the input (a link of several inputs: a-src), in
// the output's directory unless -save-temps=cwd. An output that is no
// file of its own (-o /dev/null, -o -) names nothing, as for gcc.
func (cl *commandLine) tempBase(src string) string {
	name, output := stem(src), cl.output
	if !actualFile(output) {
		output = ""
	}
	switch {
	case output != "" && cl.stage == stageLink:
		name = filepath.Base(output) + "-" + name
	case output != "":
		name = strings.TrimSuffix(filepath.Base(output), filepath.Ext(output))
	case cl.stage == stageLink && cl.inputs > 1:
		name = "a-" + name
	}
	if cl.saveTemps == "obj" && output != "" {
		return filepath.Join(filepath.Dir(output), name)
	}
	return name
}

// actualFile tells whether output path name is a file of its own, as gcc's
// not_actual_file_p does: not "-", nor an existing device, pipe or
// directory. Intermediate files are never named after, nor put beside,
// such an output (gcc writes t.i in the current directory for
// -save-temps -o /dev/null, not /dev/null.i).
func actualFile(name string) bool {
	if name == "-" {
		return false
	}
	st, err := os.Stat(name)
	return err != nil || st.Mode().IsRegular()
}

// saveTempsFlags make the compile of src's instrumented unit keep its
// assembly where gcc keeps src's (the unit itself stands for the .i).
func (cl *commandLine) saveTempsFlags(src string) []string {
	if cl.saveTemps == "" {
		return nil
	}
	base := cl.tempBase(src)
	return []string{"-save-temps=obj", "-dumpdir", filepath.Dir(base) + string(filepath.Separator), "-dumpbase", filepath.Base(base)}
}

// pipeFlags make the compile of an instrumented unit run the assembler
// alongside the compiler, reading the assembly through a pipe: as takes
// a tenth of cc1's time on a unit full of checks (its debug information is
// large), which then overlaps cc1's instead of following it. The object
// is the same. gcc keeps its temporary files under -save-temps, where it
// ignores -pipe.
func (cl *commandLine) pipeFlags() []string {
	if cl.saveTemps != "" {
		return nil
	}
	return []string{"-pipe"}
}
