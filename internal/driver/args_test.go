package driver

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var kindNames = map[kind]string{
	kindFlag: "flag", kindInput: "input", kindOutput: "output", kindStage: "stage",
	kindLang: "lang", kindDep: "dep", kindPreinclude: "preinclude",
}

// render shows an argument as kind:words, inputs as input[lang]:file.
func render(a arg) string {
	k := kindNames[a.kind]
	if a.kind == kindInput && a.lang != "" {
		k += "[" + a.lang + "]"
	}
	return k + ":" + strings.Join(a.words, " ")
}

func renderAll(cl *commandLine) []string {
	var out []string
	for _, a := range cl.args {
		out = append(out, render(a))
	}
	return out
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"-c -O2 -Wall a.c -o out/a.o", []string{"stage:-c", "flag:-O2", "flag:-Wall", "input:a.c", "output:-o out/a.o"}},
		{"-ofoo.o -c a.c", []string{"output:-ofoo.o", "stage:-c", "input:a.c"}},
		{"-I inc -Iinc2 -D X=1 -DY -U Z -UW a.c", []string{"flag:-I inc", "flag:-Iinc2", "flag:-D X=1", "flag:-DY", "flag:-U Z", "flag:-UW", "input:a.c"}},
		{"-include pre.h -includepre2.h -imacros m.h a.c", []string{"preinclude:-include pre.h", "preinclude:-includepre2.h", "preinclude:-imacros m.h", "input:a.c"}},
		{"a.o -L lib -Llib2 -l m -lz -Wl,--gc-sections b.a c.so libd.so.1",
			[]string{"input:a.o", "flag:-L lib", "flag:-Llib2", "flag:-l m", "flag:-lz", "flag:-Wl,--gc-sections", "input:b.a", "input:c.so", "input:libd.so.1"}},
		{"-MD -MF a.d -MT t -MQ q -MP -MG -MMD -MFx.d -MTu a.c",
			[]string{"dep:-MD", "dep:-MF a.d", "dep:-MT t", "dep:-MQ q", "dep:-MP", "dep:-MG", "dep:-MMD", "dep:-MFx.d", "dep:-MTu", "input:a.c"}},
		{"-Wp,-MMD,.a.o.d -Wp,-DX a.c", []string{"dep:-Wp,-MMD,.a.o.d", "flag:-Wp,-DX", "input:a.c"}},
		{"-x c a.inc -x none b.c -xassembler-with-cpp c.S - d.c",
			[]string{"lang:-x c", "input[c]:a.inc", "lang:-x none", "input:b.c", "lang:-xassembler-with-cpp", "input[assembler-with-cpp]:c.S", "input[assembler-with-cpp]:-", "input[assembler-with-cpp]:d.c"}},
		{"-undef -u sym -fno-common --weird=1 -std=c99 a.c", []string{"flag:-undef", "flag:-u sym", "flag:-fno-common", "flag:--weird=1", "flag:-std=c99", "input:a.c"}},
		{"-shared -fPIC a.c -o liba.so", []string{"flag:-shared", "flag:-fPIC", "input:a.c", "output:-o liba.so"}},
	} {
		cl := parseCommandLine(strings.Fields(tc.cmd))
		if got := renderAll(cl); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.cmd, got, tc.want)
		}
	}
}

// TestSeparateValue checks that each flag taking a separate value keeps it,
// even when the value looks like an input.
func TestSeparateValue(t *testing.T) {
	for _, flag := range []string{
		"-o", "-x", "-I", "-D", "-U", "-L", "-l", "-A", "-B", "-e", "-u", "-T", "-z",
		"-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-iprefix",
		"-iwithprefix", "-iwithprefixbefore", "-isysroot", "-imultilib", "-imultiarch",
		"-MF", "-MT", "-MQ", "-Xlinker", "-Xpreprocessor", "-Xassembler", "-aux-info",
		"--param", "-specs", "--sysroot", "-dumpbase", "-dumpbase-ext", "-dumpdir", "-wrapper",
		"-Xclang", "-mllvm", "-target",
	} {
		cl := parseCommandLine([]string{"-c", flag, "v.c", "a.c"})
		if cl.inputs != 1 || len(cl.args) != 3 || !reflect.DeepEqual(cl.args[1].words, []string{flag, "v.c"}) {
			t.Errorf("%s v.c: got %q", flag, renderAll(cl))
		}
	}
}

func TestCommandLineState(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string // commandLine fields, see state
	}{
		{"a.c", "link inputs=1"},
		{"-c a.c", "compile inputs=1"},
		{"-S a.c", "assemble inputs=1"},
		{"-c -S a.c", "assemble inputs=1"},
		{"-S -c a.c", "assemble inputs=1"},
		{"-c a.c -o x.o", "compile inputs=1 output=x.o"},
		{"a.o b.o -o prog", "link inputs=2 output=prog"},
		{"-x c a.inc", "link inputs=1 lastLang=c"},
		{"-x c a.inc -x none", "link inputs=1"},
		{"-shared a.o", "link inputs=1 noRuntime"},
		{"-r a.o b.o -o c.o", "link inputs=2 output=c.o noRuntime"},
		{"-nostdlib a.o", "link inputs=1"},
		{"-c -MD a.c", "compile inputs=1 deps depDefaults"},
		{"-c -MMD -MF a.d a.c", "compile inputs=1 deps depDefaults depFile"},
		{"-c -MD -MT t a.c", "compile inputs=1 deps depDefaults depTarget"},
		{"-c -MD -MQ t a.c", "compile inputs=1 deps depDefaults depTarget"},
		{"-c -Wp,-MD,a.d a.c", "compile inputs=1 deps"},
		{"-c -MF a.d a.c", "compile inputs=1 depFile"},
		{"-M -MD -c a.c", "compile inputs=1 deps depDefaults"},
		{"-v a.c", "link inputs=1"},
		// run the compiler untouched
		{"", "link passthrough"},
		{"-v", "link passthrough"},
		{"-lm -o x", "link output=x passthrough"},
		{"-E a.c", "link inputs=1 passthrough"},
		{"-M a.c", "link inputs=1 passthrough"},
		{"-MM -MF x.d a.c", "link inputs=1 passthrough depFile"},
		{"-fsyntax-only a.c", "link inputs=1 passthrough"},
		{"--version a.c", "link inputs=1 passthrough"},
		{"-dumpversion", "link passthrough"},
		{"-dumpmachine", "link passthrough"},
		{"-dumpfullversion", "link passthrough"},
		{"-print-prog-name=cc1", "link passthrough"},
		{"-print-search-dirs", "link passthrough"},
		{"--print-file-name=libc.so", "link passthrough"},
		{"--help=warnings", "link passthrough"},
		{"-### a.c", "link inputs=1 passthrough"},
		{"-c a.c b.c -o x.o", "compile inputs=2 output=x.o passthrough"},
		{"-c a.c -o", "compile inputs=1 passthrough"},
		// precompiled headers
		{"a.h -o a.h.gch", "link inputs=1 output=a.h.gch passthrough"},
		{"-x c-header a.inc", "link inputs=1 lastLang=c-header passthrough"},
		{"-c a.h b.hpp", "compile inputs=2 passthrough"},
		{"a.c b.h", "link inputs=2"},
		// standard input
		{"-x c -c -", "compile inputs=1 lastLang=c"},
		{"-save-temps -x c -c -", "compile inputs=1 lastLang=c passthrough"},
		{"-save-temps -c - a.c", "compile inputs=2"},
	} {
		if got := state(parseCommandLine(strings.Fields(tc.cmd))); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

func state(cl *commandLine) string {
	s := []string{[]string{"link", "compile", "assemble"}[cl.stage]}
	if cl.inputs > 0 {
		s = append(s, fmt.Sprint("inputs=", cl.inputs))
	}
	if cl.output != "" {
		s = append(s, "output="+cl.output)
	}
	if cl.lastLang != "" {
		s = append(s, "lastLang="+cl.lastLang)
	}
	for _, f := range []struct {
		on   bool
		name string
	}{
		{cl.passthrough, "passthrough"}, {cl.noRuntime, "noRuntime"}, {cl.deps, "deps"},
		{cl.depDefaults, "depDefaults"}, {cl.depFile, "depFile"}, {cl.depTarget, "depTarget"},
	} {
		if f.on {
			s = append(s, f.name)
		}
	}
	return strings.Join(s, " ")
}

func TestIsC(t *testing.T) {
	cl := parseCommandLine(strings.Fields("a.c b.C c.cc d.i e.s f.S g.h h.o -x c i.inc - -x c-header j.c - -x none k.c l -"))
	var got []string
	for _, a := range cl.args {
		if a.isC() {
			got = append(got, a.words[0])
		}
	}
	if want := []string{"a.c", "i.inc", "-", "k.c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("instrumented inputs %q, want %q", got, want)
	}
}

func TestObjectName(t *testing.T) {
	for _, tc := range []struct{ cmd, src, want string }{
		{"-c", "src/a.c", "a.o"},
		{"-c", "src/a.b.c", "a.b.o"},
		{"-c", "noext", "noext.o"},
		{"-S", "src/a.c", "a.s"},
		{"-c -o out/x.o", "src/a.c", "out/x.o"},
		{"-S -o out/x.asm", "src/a.c", "out/x.asm"},
	} {
		cl := parseCommandLine(append(strings.Fields(tc.cmd), tc.src))
		if got := cl.objectName(tc.src); got != tc.want {
			t.Errorf("%s %s: object %q, want %q", tc.cmd, tc.src, got, tc.want)
		}
	}
}

// TestDepNames checks the dependency file and target gcc 12 chooses
// (measured with gcc -MD and each command).
func TestDepNames(t *testing.T) {
	for _, tc := range []struct{ cmd, src, file, target string }{
		{"-c -MD sub/a.c", "sub/a.c", "a.d", "a.o"},
		{"-S -MD sub/a.c", "sub/a.c", "a.d", "a.o"},
		{"-c -MD sub/a.c -o out/x.o", "sub/a.c", "out/x.d", "out/x.o"},
		{"-c -MD sub/a.c -o out/a.b.c.o", "sub/a.c", "out/a.b.c.d", "out/a.b.c.o"},
		{"-c -MD sub/a.c -o out/ao", "sub/a.c", "out/ao.d", "out/ao"},
		{"-S -MMD sub/a.c -o out/a.s", "sub/a.c", "out/a.d", "out/a.s"},
		{"-MD sub/a.c", "sub/a.c", "a.d", "a.o"},
		{"-MD sub/a.c -lm", "sub/a.c", "a.d", "a.o"},
		{"-MD sub/a.c b.o", "sub/a.c", "a-a.d", "a.o"},
		{"-MD sub/a.c sub/b.c", "sub/b.c", "a-b.d", "b.o"},
		{"-MD sub/a.c -o out/prog.exe", "sub/a.c", "out/prog.d", "out/prog.exe"},
		{"-MD sub/a.c sub/b.c -o out/p", "sub/b.c", "out/p.d", "out/p"},
		{"-c -MD -x c -", "-", "-.d", "-"},
		{"-c -MD -x c - -o x.o", "-", "x.d", "x.o"},
		{"-MD -x c - b.c", "-", "a--.d", "-"},
	} {
		file, target := parseCommandLine(strings.Fields(tc.cmd)).depNames(tc.src)
		if file != tc.file || target != tc.target {
			t.Errorf("%s: %s: %s, want %s: %s", tc.cmd, target, file, tc.target, tc.file)
		}
	}
}

func TestOurFlags(t *testing.T) {
	opts, rest, err := ourFlags([]string{"-c", "--memlens-strict", "a.c", "--memlens-save-temps"})
	if err != nil || !opts.strict || !opts.saveTemps || !reflect.DeepEqual(rest, []string{"-c", "a.c"}) {
		t.Errorf("got %+v %q %v", opts, rest, err)
	}
	if opts, _, _ := ourFlags([]string{"--memlens-strict", "--memlens-fallback"}); opts.strict {
		t.Error("--memlens-fallback after --memlens-strict left it strict")
	}
	if _, _, err := ourFlags([]string{"--memlens-nope"}); err == nil {
		t.Error("an unknown --memlens- flag was accepted")
	}
}

func TestUnsupportedBuilds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" = accepted
	}{
		{[]string{"-O2", "-c", "a.c"}, ""},
		{[]string{"-static", "a.c"}, "-static is not supported"},
		{[]string{"-static-pie", "a.c"}, "-static-pie is not supported"},
		{[]string{"-m32", "a.c"}, "x86_64 programs only"},
		{[]string{"-static-libgcc", "a.c"}, ""},
		{[]string{"-fsso-struct=big-endian", "a.c"}, "-fsso-struct=big-endian is not supported"},
		{[]string{"-fsso-struct=big-endian", "-fsso-struct=native", "a.c"}, ""},
	} {
		err := unsupported(tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: unexpected error %v", tc.args, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}

// TestDiagnosticsWithoutDebugInfo: the diagnostics compile leaves out the
// plain -g levels (its output is thrown away, and no warning depends on
// them) but keeps every other flag, a -g form gcc may reject and a
// separate value that reads as -g.
func TestDiagnosticsWithoutDebugInfo(t *testing.T) {
	cl := parseCommandLine(strings.Fields("-g -O2 -g3 -ggdb -gdwarf-9 -gsplit-dwarf -I -g -include pre.h -Wall -c a.c -o a.o"))
	want := []string{"-O2", "-gdwarf-9", "-gsplit-dwarf", "-I", "-g", "-include", "pre.h", "-Wall"}
	if got := cl.diagnosticsFlags(false); !reflect.DeepEqual(got, want) {
		t.Errorf("diagnostics flags %q, want %q", got, want)
	}
	if got := cl.instrumentedFlags(); !reflect.DeepEqual(got[:3], []string{"-g", "-O2", "-g3"}) {
		t.Errorf("instrumented flags %q lost the debug levels", got)
	}
}

// TestDiagnosticsWithoutRTLPasses: gcc's diagnostics compile runs without
// the RTL optimisations, after the user's flags so that none turns one
// back on; not with clang, nor when the user asks for messages that
// depend on them.
func TestDiagnosticsWithoutRTLPasses(t *testing.T) {
	user := []string{"-O2", "-fgcse", "-Wall"}
	cl := parseCommandLine(append(slices.Clone(user), "-c", "a.c"))
	if got, want := cl.diagnosticsFlags(true), slices.Concat(user, rtlPassesOff); !reflect.DeepEqual(got, want) {
		t.Errorf("gcc's diagnostics flags %q, want %q", got, want)
	}
	if got := cl.diagnosticsFlags(false); !reflect.DeepEqual(got, user) {
		t.Errorf("clang's diagnostics flags %q, want %q", got, user)
	}
	for _, f := range []string{"-Wframe-larger-than=64", "-Werror=frame-larger-than=64", "-Wstack-usage=100",
		"-fstack-usage", "-W", "-Wextra", "-Wclobbered", "-Werror=clobbered", "-Wdisabled-optimization", "-fopt-info-vec-missed"} {
		cl := parseCommandLine([]string{"-O2", f, "-c", "a.c"})
		if got, want := cl.diagnosticsFlags(true), []string{"-O2", f}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: diagnostics flags %q, want %q", f, got, want)
		}
	}
}
