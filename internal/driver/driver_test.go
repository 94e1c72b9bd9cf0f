package driver

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"memlens/internal/instrument"
	"memlens/internal/rtbuild"
)

// These tests run the whole driver with gcc, a fake instrumenter (gcc -E
// plus a marker string, so the tests do not depend on the instrumenter's
// progress) and a stub runtime holding one exported symbol.

const marker = "memlens-fake-instrumented"

// realInstrumenter is the instrumenter setup replaces by a fake.
var realInstrumenter = newInstrumenter

var sources = map[string]string{
	"inc/util.h": "int twice(int);\n#define GREETING \"hello\"\n",
	"main.c":     "#include <stdio.h>\n#include \"util.h\"\nint main(void) { printf(\"%s %d\\n\", GREETING, twice(21)); return 0; }\n",
	"util.c":     "#include \"util.h\"\nint twice(int x) { return 2 * x; }\n",
	"bad.c":      "int FAKE_PARSE_ERROR;\nint bad(void) { return 1; }\n",
	"broken.c":   "int f(void) { return undeclared; }\n",
	"panic.c":    "int FAKE_PANIC;\n",
	"rejected.c": "int FAKE_REJECTED;\n",
}

// fake stands in for instrument.Config.
type fake struct {
	cc    string
	args  []string
	full  bool
	stdin string // mode.Stdin
	files []string
}

func (f *fake) File(path string, pre []byte) ([]byte, error) {
	f.files = append(f.files, path)
	switch {
	case bytes.Contains(pre, []byte("FAKE_PARSE_ERROR")):
		return nil, &instrument.ParseError{Msg: path + ":1:1: fake parse error\n" + path + ":2:1: and another\n"}
	case bytes.Contains(pre, []byte("FAKE_PANIC")):
		panic("fake instrumenter panic")
	case bytes.Contains(pre, []byte("FAKE_REJECTED")):
		return append(pre, "#error the unit rejected\n"...), nil
	}
	tag := "static const char __ml_marker[] __attribute__((used)) = \"" + marker + "\";\n"
	return append([]byte(tag), pre...), nil
}

// GCC: the tests' C compiler is gcc.
func (f *fake) GCC() bool { return true }

// env is a temporary directory holding the sources, the current directory
// of a test.
type env struct {
	t          *testing.T
	tmp        string // TMPDIR of the driver: must be left empty
	fake       *fake  // the last instrumenter made
	rtDir      string // stub runtime
	rtRequests int
	rtPrepared int // prepareRuntime's calls
}

func setup(t *testing.T) *env {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found: driver integration tests skipped")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	for name, content := range sources {
		write(t, name, content)
	}
	e := &env{t: t, tmp: filepath.Join(dir, "tmp"), rtDir: filepath.Join(dir, "rt")}
	for _, d := range []string{e.tmp, e.rtDir, "build", "deps"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, "rt/stub.c", "int __memlens_stub = 1;\n")
	write(t, filepath.Join("rt", rtbuild.ExportsName), "{\n  __memlens_stub;\n};\n")
	gcc(t, "-c", "rt/stub.c", "-o", "rt/stub.o")
	if out, err := exec.Command("ar", "rcs", "rt/libmemlens_rt.a", "rt/stub.o").CombinedOutput(); err != nil {
		t.Fatalf("ar: %v\n%s", err, out)
	}
	t.Setenv("MEMLENS_CC", "gcc")
	t.Setenv("MEMLENS_DEBUG", "")
	t.Setenv("TMPDIR", e.tmp)

	oldNew, oldEnsure, oldPrepare := newInstrumenter, ensureRuntime, prepareRuntime
	t.Cleanup(func() { newInstrumenter, ensureRuntime, prepareRuntime = oldNew, oldEnsure, oldPrepare })
	prepareRuntime = func(cc string) {
		if cc != "gcc" {
			t.Errorf("runtime prepared for compiler %q", cc)
		}
		e.rtPrepared++
	}
	newInstrumenter = func(cc, args []string, mode instrument.Mode) (instrumenter, error) {
		e.fake = &fake{cc: cc[0], args: slices.Concat(cc[1:], args), full: mode.Full, stdin: mode.Stdin}
		return e.fake, nil
	}
	ensureRuntime = func(cc string) (string, error) {
		if cc != "gcc" {
			t.Errorf("runtime requested for compiler %q", cc)
		}
		e.rtRequests++
		return e.rtDir, nil
	}
	return e
}

func write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func gcc(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %v: %v\n%s", args, err, out)
	}
}

// cc runs `memlens cc args...` and checks its status and that it left no
// temporary files.
func (e *env) cc(wantStatus int, args ...string) (stdout, stderr string) {
	e.t.Helper()
	var out, errOut bytes.Buffer
	status := Run(args, &out, &errOut)
	if status != wantStatus {
		e.t.Fatalf("memlens cc %s: status %d, want %d\nstderr:\n%s", strings.Join(args, " "), status, wantStatus, errOut.String())
	}
	if left, _ := os.ReadDir(e.tmp); len(left) != 0 {
		e.t.Errorf("memlens cc %s left %s in TMPDIR", strings.Join(args, " "), left[0].Name())
	}
	return out.String(), errOut.String()
}

// runs runs the program prog and checks it prints what main.c prints.
func (e *env) runs(prog string) {
	e.t.Helper()
	out, err := exec.Command(prog).CombinedOutput()
	if err != nil || string(out) != "hello 42\n" {
		e.t.Fatalf("%s: %v, output %q", prog, err, out)
	}
}

// hasRuntime reports whether the ELF file exports the stub runtime's symbol.
func (e *env) hasRuntime(file string) bool {
	e.t.Helper()
	f, err := elf.Open(file)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	syms, _ := f.DynamicSymbols()
	return slices.ContainsFunc(syms, func(s elf.Symbol) bool { return s.Name == "__memlens_stub" })
}

// contains reports whether file exists and holds s.
func (e *env) contains(file, s string) bool {
	e.t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		e.t.Fatal(err)
	}
	return bytes.Contains(b, []byte(s))
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

func TestCompileThenLink(t *testing.T) {
	e := setup(t)
	e.cc(0, "-Iinc", "-DUNUSED=1", "-O1", "-c", "main.c", "-o", "build/main.o")
	if want := []string{"-Iinc", "-DUNUSED=1", "-O1"}; !slices.Equal(e.fake.args, want) || e.fake.cc != "gcc" {
		t.Errorf("instrumenter configured with %s %q, want gcc %q", e.fake.cc, e.fake.args, want)
	}
	e.cc(0, "-Iinc", "-c", "util.c", "-o", "build/util.o")
	for _, o := range []string{"build/main.o", "build/util.o"} {
		if !e.contains(o, marker) {
			t.Errorf("%s was not compiled from the instrumented source", o)
		}
	}
	if e.rtRequests != 0 || e.rtPrepared != 0 {
		t.Error("compiling without linking asked for the runtime")
	}
	e.cc(0, "build/main.o", "build/util.o", "-o", "prog")
	e.runs("./prog")
	// the link's command has its runtime key started while its units
	// compile (here none), once
	if e.rtPrepared != 1 {
		t.Errorf("the runtime was prepared %d times for one link, want once", e.rtPrepared)
	}
	if !e.hasRuntime("prog") {
		t.Error("prog does not export the runtime's symbols")
	}
}

func TestCompileWithoutOutput(t *testing.T) {
	e := setup(t)
	e.cc(0, "-c", "-Iinc", "main.c", "util.c")
	if !exists("main.o") || !exists("util.o") {
		t.Fatal("-c without -o did not write main.o and util.o in the current directory")
	}
	e.cc(0, "main.o", "util.o")
	e.runs("./a.out")
}

func TestCompileAndLink(t *testing.T) {
	e := setup(t)
	e.cc(0, "-Iinc", "main.c", "util.c", "-o", "prog", "-lm")
	e.runs("./prog")
	if !e.hasRuntime("prog") || !e.contains("prog", marker) {
		t.Error("prog lacks the runtime or the instrumented code")
	}
	if exists("main.o") || exists("util.o") {
		t.Error("a link left objects in the current directory")
	}
}

// TestOutputToStdout: -S -o - prints the assembly, as gcc does.
func TestOutputToStdout(t *testing.T) {
	e := setup(t)
	asm, _ := e.cc(0, "-Iinc", "-S", "util.c", "-o", "-")
	if !strings.Contains(asm, "twice:") || !strings.Contains(asm, marker) {
		t.Errorf("-S -o - printed no instrumented assembly:\n%.400s", asm)
	}
	if exists("-") {
		t.Error("-o - wrote a file named -")
	}
}

// TestFailedOutputToStdout: -S -o - of a file gcc rejects prints what gcc
// prints, its messages on the standard error and cc1's start of the
// assembly (the .file line) on the standard output, with gcc's status.
func TestFailedOutputToStdout(t *testing.T) {
	e := setup(t)
	cmd := exec.Command("gcc", "-S", "broken.c", "-o", "-")
	var gccErr strings.Builder
	cmd.Stderr = &gccErr
	gccOut, _ := cmd.Output()
	if !strings.Contains(string(gccOut), ".file") {
		t.Fatalf("gcc printed no .file line: %q", gccOut)
	}
	if out, stderr := e.cc(1, "-S", "broken.c", "-o", "-"); out != string(gccOut) || stderr != gccErr.String() {
		t.Errorf("memlens cc printed\n%s\nand said\n%s\ngcc printed\n%s\nand said\n%s", out, stderr, gccOut, gccErr.String())
	}
}

// TestOutputNotCreatable: an object gcc cannot create fails as gcc's
// compile fails, with its messages and status and no internal error.
func TestOutputNotCreatable(t *testing.T) {
	e := setup(t)
	for _, out := range []string{"nodir/util.o", "-"} {
		gccErr, _ := exec.Command("gcc", "-Iinc", "-c", "util.c", "-o", out).CombinedOutput()
		if _, stderr := e.cc(1, "-Iinc", "-c", "util.c", "-o", out); stderr != string(gccErr) {
			t.Errorf("-o %s: memlens cc said\n%s\ngcc said\n%s", out, stderr, gccErr)
		}
	}
}

func TestResponseFile(t *testing.T) {
	e := setup(t)
	write(t, "args.rsp", "-Iinc 'main.c'\n\"util.c\" -o prog\n")
	e.cc(0, "@args.rsp")
	e.runs("./prog")
}

func TestDependencies(t *testing.T) {
	e := setup(t)
	e.cc(0, "-Iinc", "-MD", "-c", "main.c", "-o", "build/main.o")
	d, err := os.ReadFile("build/main.d")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(d), "build/main.o: main.c") || !strings.Contains(string(d), "inc/util.h") || strings.Contains(string(d), ".ml.c") {
		t.Errorf("build/main.d:\n%s", d)
	}

	e.cc(0, "-Iinc", "-MMD", "-MP", "-MF", "deps/util.dep", "-MT", "custom", "-c", "util.c")
	d, err = os.ReadFile("deps/util.dep")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(d), "custom: util.c inc/util.h") || !strings.Contains(string(d), "\ninc/util.h:") {
		t.Errorf("deps/util.dep:\n%s", d)
	}
	if !exists("util.o") || exists("util.d") {
		t.Error("-MF: wrong outputs")
	}

	e.cc(0, "-Iinc", "-Wp,-MMD,build/.main.o.d", "-c", "main.c", "-o", "build/main.o")
	if !e.contains("build/.main.o.d", "inc/util.h") {
		t.Error("-Wp,-MMD did not name the user's header")
	}

	e.cc(0, "-Iinc", "-c", "util.c", "-o", "build/util.o")
	e.cc(0, "-Iinc", "-MD", "main.c", "build/util.o", "-o", "build/prog")
	if !e.contains("build/prog.d", "build/prog: main.c") {
		t.Error("-MD in a link did not write build/prog.d as gcc does")
	}
}

// TestParseError: C the instrumenter cannot parse (gcc can) is compiled
// without checks after a warning, or with --memlens-strict stops the build.
func TestParseError(t *testing.T) {
	e := setup(t)
	_, stderr := e.cc(0, "-c", "-Iinc", "util.c", "bad.c")
	if stderr != "memlens: warning: bad.c compiled without instrumentation: bad.c:1:1: fake parse error\n" {
		t.Errorf("stderr:\n%s", stderr)
	}
	if !exists("bad.o") || e.contains("bad.o", marker) || !e.contains("util.o", marker) {
		t.Error("fallback: wrong objects")
	}
	os.Remove("bad.o")

	_, stderr = e.cc(1, "--memlens-strict", "-c", "-Iinc", "bad.c")
	if !strings.Contains(stderr, "bad.c:1:1: fake parse error\nbad.c:2:1: and another\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if exists("bad.o") {
		t.Error("--memlens-strict: bad.o compiled although it could not be instrumented")
	}
}

// TestCompilerFailure: C gcc rejects gets gcc's diagnostics and status
// and nothing of memlens's; the other inputs are still compiled, as gcc
// does.
func TestCompilerFailure(t *testing.T) {
	e := setup(t)
	_, stderr := e.cc(1, "-c", "broken.c", "util.c", "-Iinc")
	want, _ := exec.Command("gcc", "-c", "broken.c", "-o", os.DevNull).CombinedOutput()
	if stderr != string(want) {
		t.Errorf("stderr:\n%s\nwant gcc's:\n%s", stderr, want)
	}
	if exists("broken.o") || !exists("util.o") {
		t.Error("broken.o written, or util.o not")
	}
	// The link's status is the linker's.
	e.cc(1, "-Iinc", "main.c", "-o", "prog")
}

// warner is the fake instrumenter, saying it instrumented a file: on the
// driver's stream for warnings, and in the file "instrumented".
type warner struct {
	*fake
	warn io.Writer
}

func (w warner) File(path string, pre []byte) ([]byte, error) {
	io.WriteString(w.warn, path+": fake instrumenter warning\n")
	os.WriteFile("instrumented", nil, 0o644)
	return w.fake.File(path, pre)
}

// TestDiagnosticsWhileInstrumenting: gcc's diagnostics compile runs while
// the unit is instrumented (its compiler here waits for the instrumenter
// to finish), and what the instrumenter says comes after gcc's messages,
// or not at all if gcc rejects the file.
func TestDiagnosticsWhileInstrumenting(t *testing.T) {
	e := setup(t)
	write(t, "waitcc", `#!/bin/sh
case "$*" in *diagnostics.s*)
	for i in 1 2 3 4 5 6 7 8 9 10; do [ -e instrumented ] && break; sleep 1; done
	[ -e instrumented ] || { echo "diagnostics compile ran alone" >&2; exit 1; }
	echo "gcc's diagnostics" >&2;;
esac
exec gcc "$@"
`)
	os.Chmod("waitcc", 0o755)
	t.Setenv("MEMLENS_CC", "./waitcc")
	newInstrumenter = func(cc, args []string, mode instrument.Mode) (instrumenter, error) {
		e.fake = &fake{cc: cc[0], args: slices.Concat(cc[1:], args), full: mode.Full, stdin: mode.Stdin}
		return warner{e.fake, mode.Warnings}, nil
	}
	if _, stderr := e.cc(0, "-c", "-Iinc", "util.c"); stderr != "gcc's diagnostics\nutil.c: fake instrumenter warning\n" {
		t.Errorf("stderr:\n%s", stderr)
	}
	if !e.contains("util.o", marker) {
		t.Error("util.o not instrumented")
	}
	os.Remove("instrumented")
	_, stderr := e.cc(1, "-c", "broken.c")
	want, _ := exec.Command("gcc", "-c", "broken.c", "-o", os.DevNull).CombinedOutput()
	if stderr != "gcc's diagnostics\n"+string(want) {
		t.Errorf("stderr:\n%s\nwant gcc's:\n%s", stderr, want)
	}
}

func TestLanguageFlags(t *testing.T) {
	e := setup(t)
	write(t, "main.src", sources["main.c"])
	e.cc(0, "-Iinc", "-c", "util.c", "-o", "build/util.o")
	e.cc(0, "-Iinc", "-x", "c", "main.src", "-x", "none", "build/util.o", "-o", "p1")
	e.runs("./p1")
	e.cc(0, "-Iinc", "build/util.o", "-xc", "main.src", "-o", "p2") // -x c still on at the runtime
	e.runs("./p2")
	if !e.contains("p2", marker) {
		t.Error("main.src under -x c was not instrumented")
	}
}

func TestAssemblyAndOtherInputs(t *testing.T) {
	e := setup(t)
	e.cc(0, "-S", "-Iinc", "main.c")
	if !e.contains("main.s", marker) {
		t.Error("-S: main.s missing or not instrumented")
	}
	gcc(t, "-S", "-Iinc", "util.c", "-o", "asm.s")
	e.cc(0, "-c", "-Iinc", "main.c", "asm.s")
	if !exists("main.o") || !exists("asm.o") {
		t.Error("-c of a .c and a .s did not write both objects")
	}
	if len(e.fake.files) != 1 {
		t.Errorf("instrumented %q, want main.c only", e.fake.files)
	}
	e.cc(0, "main.o", "asm.s", "-o", "prog")
	e.runs("./prog")
}

func TestSaveTemps(t *testing.T) {
	e := setup(t)
	_, stderr := e.cc(0, "--memlens-save-temps", "-Iinc", "-c", "main.c", "-o", "build/main.o")
	if !e.contains("build/main.ml.i", marker) || !strings.Contains(stderr, "build/main.ml.i") {
		t.Errorf("instrumented source not kept as build/main.ml.i; stderr:\n%s", stderr)
	}
}

// TestGccSaveTemps: -save-temps keeps gcc's preprocessed text and the
// assembly where gcc 12 keeps them, and leaves none of its own behind.
func TestGccSaveTemps(t *testing.T) {
	e := setup(t)
	e.cc(0, "-save-temps", "-Iinc", "-c", "main.c", "-o", "build/x.o")
	if !e.contains("build/x.i", "int main(void)") || !exists("build/x.s") || !exists("build/x.o") {
		t.Error("-c -o build/x.o: build/x.i (the user's preprocessed source), x.s or x.o missing")
	}
	e.cc(0, "-save-temps", "-Iinc", "main.c", "util.c", "-o", "build/p")
	for _, f := range []string{"build/p-main.i", "build/p-util.i", "build/p-main.s", "build/p-main.o", "build/p"} {
		if !exists(f) {
			t.Errorf("link -o build/p: %s missing", f)
		}
	}
	e.runs("./build/p")
}

// TestSaveTempsNoOutputFile: an output that is no file of its own (-o
// /dev/null, as configure scripts and editors' checkers compile) names no
// intermediate file: gcc keeps main.i in the current directory, and so must
// memlens, with --memlens-save-temps's unit too (it wrote /dev/null.i and
// /dev/main.ml.i).
func TestSaveTempsNoOutputFile(t *testing.T) {
	e := setup(t)
	t.Cleanup(func() {
		for _, f := range []string{"/dev/null.i", "/dev/null.s", "/dev/main.ml.i"} {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
				os.Remove(f)
			}
		}
	})
	e.cc(0, "-save-temps", "--memlens-save-temps", "-Iinc", "-S", "main.c", "-o", "/dev/null")
	if !e.contains("main.i", "int main(void)") || !e.contains("main.ml.i", marker) {
		t.Error("-save-temps -S -o /dev/null: main.i or main.ml.i not in the current directory")
	}
	for _, f := range []string{"/dev/null.i", "/dev/main.ml.i"} {
		if exists(f) {
			t.Errorf("-save-temps -S -o /dev/null wrote %s", f)
		}
	}
}

// TestFullChecking: --memlens-full reaches the instrumenter, and never
// the C compiler; without it units are built for detection mode.
func TestFullChecking(t *testing.T) {
	e := setup(t)
	e.cc(0, "-Iinc", "-c", "main.c")
	if e.fake.full {
		t.Error("full checking without --memlens-full")
	}
	e.cc(0, "--memlens-full", "-Iinc", "-c", "main.c")
	if !e.fake.full {
		t.Error("--memlens-full did not reach the instrumenter")
	}
	if slices.Contains(e.fake.args, "--memlens-full") {
		t.Errorf("--memlens-full passed on to the compiler: %q", e.fake.args)
	}
}

func TestPassthrough(t *testing.T) {
	e := setup(t)
	if stdout, _ := e.cc(0, "--version"); !strings.Contains(stdout, "gcc") {
		t.Errorf("--version printed %q", stdout)
	}
	if stdout, _ := e.cc(0, "-Iinc", "-E", "main.c"); !strings.Contains(stdout, "int twice(int);") {
		t.Errorf("-E printed %q", stdout)
	}
	e.cc(1, "-E", "missing.c")
	e.cc(0, "-Iinc", "inc/util.h", "-o", "util.h.gch") // a precompiled header, not a program
	if !e.contains("util.h.gch", "gpch") {
		t.Error("util.h.gch is not gcc's precompiled header")
	}
	if e.fake != nil {
		t.Error("the instrumenter ran for a passthrough command")
	}
}

// TestSharedLibraryNoUndefined: a shared library linked with
// --no-undefined or -z defs (meson's default) may refer to the runtime,
// which the executable defines, and nothing else undefined.
func TestSharedLibraryNoUndefined(t *testing.T) {
	e := setup(t)
	write(t, "uses.c", "extern int __memlens_stub;\nint get(void) { return __memlens_stub; }\n")
	write(t, "misses.c", "extern int not_defined;\nint get(void) { return not_defined; }\n")
	for _, flags := range [][]string{{"-Wl,--no-undefined"}, {"-Wl,-z,defs"}, {"-z", "defs"}, {"-Xlinker", "-z", "-Xlinker", "defs"}} {
		e.cc(0, slices.Concat([]string{"-shared", "-fPIC", "uses.c", "-o", "libuses.so"}, flags)...)
		if _, stderr := e.cc(1, slices.Concat([]string{"-shared", "-fPIC", "misses.c", "-o", "libmisses.so"}, flags)...); !strings.Contains(stderr, "undefined reference to `not_defined'") {
			t.Errorf("%v: a symbol neither the library nor the runtime defines was not reported:\n%s", flags, stderr)
		}
	}
}

func TestSharedLibraryHasNoRuntime(t *testing.T) {
	e := setup(t)
	e.cc(0, "-shared", "-fPIC", "-Iinc", "util.c", "-o", "libutil.so")
	if e.rtRequests != 0 || e.rtPrepared != 0 || e.hasRuntime("libutil.so") {
		t.Error("the runtime was linked into a shared library")
	}
}

func TestStdin(t *testing.T) {
	e := setup(t)
	f, err := os.Open("util.c")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = old }()
	if _, stderr := e.cc(0, "-Iinc", "-x", "c", "-c", "-", "-o", "stdin.o"); stderr != "" {
		t.Errorf("stderr:\n%s", stderr)
	}
	if !exists("stdin.o") || !e.contains("stdin.o", marker) {
		t.Error("stdin.o missing or not instrumented")
	}
	if !slices.Equal(e.fake.files, []string{"<stdin>"}) || e.fake.stdin != sources["util.c"] {
		t.Errorf("instrumented %q with standard input %q", e.fake.files, e.fake.stdin)
	}
}

func TestInternalError(t *testing.T) {
	e := setup(t)
	_, stderr := e.cc(1, "-c", "panic.c")
	if stderr != "memlens: internal error: fake instrumenter panic\n" {
		t.Errorf("stderr:\n%s", stderr)
	}
	t.Setenv("MEMLENS_DEBUG", "1")
	if _, stderr = e.cc(1, "-c", "panic.c"); !strings.Contains(stderr, "goroutine") {
		t.Errorf("MEMLENS_DEBUG=1 printed no stack:\n%s", stderr)
	}
}

// TestUnitRejected: when gcc accepts a file but not its instrumented unit,
// memlens says so, fails, and leaves no object, as a failed gcc leaves
// none (an uninstrumented one left behind, make took it as up to date
// and linked it: grep 3.8's grep.o).
func TestUnitRejected(t *testing.T) {
	e := setup(t)
	_, stderr := e.cc(1, "-c", "rejected.c")
	if !strings.Contains(stderr, "memlens: internal error: gcc accepts rejected.c but not memlens's instrumented unit") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if exists("rejected.o") {
		t.Error("rejected.o written")
	}
}

func TestConfigError(t *testing.T) {
	e := setup(t)
	newInstrumenter = func([]string, []string, instrument.Mode) (instrumenter, error) {
		return nil, errors.New("cannot query the C compiler")
	}
	if _, stderr := e.cc(1, "--memlens-strict", "-Iinc", "-c", "util.c"); stderr != "memlens: instrumenting util.c: cannot query the C compiler\n" {
		t.Errorf("stderr:\n%s", stderr)
	}
	e.cc(0, "-Iinc", "-c", "util.c")
	if !exists("util.o") {
		t.Error("fallback did not compile util.c")
	}
}

// TestRealInstrumenter compiles with the real instrumenter.
func TestRealInstrumenter(t *testing.T) {
	e := setup(t)
	newInstrumenter = realInstrumenter
	_, stderr := e.cc(0, "--memlens-strict", "--memlens-save-temps", "-Iinc", "-c", "main.c")
	if !exists("main.o") || !exists("main.ml.i") {
		t.Errorf("main.o or main.ml.i missing; stderr:\n%s", stderr)
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalled{syscall.SIGINT})
	j := &job{ctx: ctx, stdout: io.Discard, stderr: io.Discard}
	var status *statusError
	if err := j.runCmd([]string{"true"}); !errors.As(err, &status) || status.code != 130 {
		t.Errorf("runCmd after SIGINT = %v, want exit status 130", err)
	}
}

// TestAssemblerPiped: the instrumented unit's assembly goes to the
// assembler through a pipe, so that gcc runs the two side by side; not
// under -save-temps, which keeps it in a file.
func TestAssemblerPiped(t *testing.T) {
	e := setup(t)
	t.Setenv("MEMLENS_DEBUG", "1")
	for _, c := range []struct {
		args []string
		pipe bool
	}{{[]string{"-c", "main.c", "-o", "build/main.o"}, true}, {[]string{"-save-temps", "-c", "main.c", "-o", "build/main.o"}, false}} {
		_, stderr := e.cc(0, append([]string{"-Iinc"}, c.args...)...)
		line := ""
		for _, l := range strings.Split(stderr, "\n") {
			if strings.Contains(l, "cpp-output") {
				line = l
			}
		}
		if strings.Contains(line, " -pipe ") != c.pipe {
			t.Errorf("%q: the instrumented unit's compile, -pipe %v: %q", c.args, c.pipe, line)
		}
	}
}

// TestCompileWhileNextInstrumented: a unit's compile runs while the next
// unit is preprocessed and instrumented (the compile of util.c's unit here
// waits for main.c's preprocessing), and a failure is still the status.
func TestCompileWhileNextInstrumented(t *testing.T) {
	e := setup(t)
	write(t, "waitcc", `#!/bin/sh
case "$*" in
*" -E main.c"*) touch main-preprocessed;;
*cpp-output*util.ml.i*)
	for i in 1 2 3 4 5 6 7 8 9 10; do [ -e main-preprocessed ] && break; sleep 1; done
	[ -e main-preprocessed ] || { echo "util.c compiled before main.c was preprocessed" >&2; exit 1; };;
esac
exec gcc "$@"
`)
	os.Chmod("waitcc", 0o755)
	t.Setenv("MEMLENS_CC", "./waitcc")
	e.cc(0, "-Iinc", "-c", "util.c", "main.c")
	if !e.contains("util.o", marker) || !e.contains("main.o", marker) {
		t.Error("util.o or main.o not instrumented")
	}
	os.Remove("main-preprocessed")
	os.Remove("util.o")
	e.cc(1, "-Iinc", "-c", "util.c", "broken.c", "main.c")
	if !exists("util.o") || exists("broken.o") {
		t.Error("util.o not compiled, or broken.o written")
	}
}

// TestInternalErrorWaitsForCompiles: the driver failing on an input (the
// instrumenter's panic) still waits for the compiles of the inputs before
// it, as it did when it compiled one input after another.
func TestInternalErrorWaitsForCompiles(t *testing.T) {
	e := setup(t)
	write(t, "slowcc", `#!/bin/sh
case "$*" in *cpp-output*util.ml.i*) sleep 1;; esac
exec gcc "$@"
`)
	os.Chmod("slowcc", 0o755)
	t.Setenv("MEMLENS_CC", "./slowcc")
	e.cc(1, "-Iinc", "-c", "util.c", "panic.c")
	if !e.contains("util.o", marker) {
		t.Error("util.o not compiled when the driver returned")
	}
}

// TestLargestCompileFirst: when a compile slot frees, the largest unit
// waiting is compiled first, not the next on the command line (one slot
// here; util.c's compile waits until big.c's unit is written, so main.c's
// and big.c's units both wait for it).
func TestLargestCompileFirst(t *testing.T) {
	e := setup(t)
	// (large to preprocess, quick to compile)
	write(t, "big.c", "const char *big = \""+strings.Repeat("large unit ", 20000)+"\";\n")
	write(t, "ordercc", `#!/bin/sh
case "$*" in *cpp-output*)
	for a in "$@"; do case "$a" in *.ml.i) echo "$a" >> compiled;; esac; done
	case "$*" in *util.ml.i*)
		for i in 1 2 3 4 5 6 7 8 9 10; do ls tmp/*/2/big.ml.i >/dev/null 2>&1 && break; sleep 1; done
		sleep 1;; # (its compile queued right after it is written)
	esac;;
esac
exec gcc "$@"
`)
	os.Chmod("ordercc", 0o755)
	t.Setenv("MEMLENS_CC", "./ordercc")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	e.cc(0, "-Iinc", "-c", "util.c", "main.c", "big.c")
	b, err := os.ReadFile("compiled")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, line := range strings.Fields(string(b)) {
		order = append(order, strings.TrimSuffix(filepath.Base(line), ".ml.i"))
	}
	if want := []string{"util", "big", "main"}; !slices.Equal(order, want) {
		t.Errorf("compiles in the order %q, want %q", order, want)
	}
}
