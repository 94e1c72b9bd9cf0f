package rtbuild

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestABIMatchesHeader(t *testing.T) {
	m := regexp.MustCompile(`(?m)^#define __ML_ABI (\d+)$`).FindSubmatch(Header())
	if m == nil {
		t.Fatal("memlens.h defines no __ML_ABI")
	}
	if got := string(m[1]); got != strconv.Itoa(ABI) {
		t.Fatalf("memlens.h has __ML_ABI %s, rtbuild.ABI is %d", got, ABI)
	}
}

func needGCC(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
}

// stub stands in for the runtime so the cache logic is tested whatever
// state rt/ is in.
var stub = []source{
	{"a.c", []byte("#include \"memlens.h\"\nint __memlens_stub_a(void) { return __ML_ABI; }\n")},
	{"b.c", []byte("int __memlens_stub_b(void) { return 2; }\n")},
	{"memlens.h", Header()},
}

func TestEnsureCaches(t *testing.T) {
	needGCC(t)
	t.Setenv("MEMLENS_CACHE", t.TempDir())
	dir, err := ensure([]string{"gcc"}, stub)
	if err != nil {
		t.Fatal(err)
	}
	members, err := exec.Command("ar", "t", filepath.Join(dir, ArchiveName)).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Fields(string(members)); !slices.Equal(got, []string{partialName}) {
		t.Fatalf("the archive holds %q, want the one relocatable object %s", got, partialName)
	}
	h, err := os.ReadFile(filepath.Join(dir, HeaderName))
	if err != nil || !bytes.Equal(h, Header()) {
		t.Fatalf("cached %s differs from the embedded one (err %v)", HeaderName, err)
	}
	again, err := ensure([]string{"gcc"}, stub)
	if err != nil || again != dir {
		t.Fatalf("second ensure = %q, %v; want %q", again, err, dir)
	}
	other, err := ensure([]string{"gcc", "-m64"}, stub)
	if err != nil || other == dir {
		t.Fatalf("ensure with other compiler arguments = %q, %v; want a directory other than %q", other, err, dir)
	}
	changed := append([]source{{"a.c", []byte("int __memlens_stub_a(void) { return 3; }\n")}}, stub[1:]...)
	if d, err := ensure([]string{"gcc"}, changed); err != nil || d == dir {
		t.Fatalf("ensure with changed sources = %q, %v; want a directory other than %q", d, err, dir)
	}
}

// TestEnsureConcurrent: builds of the same runtime at once (make -j's
// first compiles) give one directory, built once: the others wait for it.
func TestEnsureConcurrent(t *testing.T) {
	needGCC(t)
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	// a compiler counting the compiles of runtime sources
	tools := t.TempDir()
	compiles := filepath.Join(tools, "compiles")
	cc := filepath.Join(tools, "cc")
	script := "#!/bin/sh\ncase \" $* \" in *\" -c \"*) echo \"$*\" >>" + compiles + ";; esac\nexec gcc \"$@\"\n"
	if err := os.WriteFile(cc, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	const n = 4
	var wg sync.WaitGroup
	dirs := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = ensure([]string{cc}, stub)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if dirs[i] != dirs[0] {
			t.Fatalf("concurrent builds gave %q and %q", dirs[0], dirs[i])
		}
	}
	if _, err := os.Stat(filepath.Join(dirs[0], ArchiveName)); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(cache, ".build-*"))
	if len(left) != 0 {
		t.Fatalf("build directories left behind: %v", left)
	}
	log, err := os.ReadFile(compiles)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(log), "\n"); lines != 2 {
		t.Errorf("%d builds at once compiled %d runtime sources, not the stub's 2 once:\n%s", n, lines, log)
	}
}

// TestEnsureRuntime: the real runtime is in the cache memlens cc uses,
// built there if it was not (as TestSanitizerInterface reads it), and found
// again. Its build into an empty directory (17 s of CPU) is the driver's
// TestPrivateRuntimeCache's, made in every run of the suite, where a build
// here repeated it; builds at once are TestEnsureConcurrent's, through the
// same code with the stub.
func TestEnsureRuntime(t *testing.T) {
	needGCC(t)
	dir, err := Ensure("gcc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, ArchiveName)); err != nil {
		t.Fatal(err)
	}
	if again, err := Ensure("gcc"); err != nil || again != dir {
		t.Fatalf("second Ensure = %q, %v; want %q", again, err, dir)
	}
}

func TestBuildErrorHasCompilerOutput(t *testing.T) {
	needGCC(t)
	tmp := t.TempDir()
	err := build([]string{"gcc"}, []source{{"bad.c", []byte("int f( {\n")}}, tmp, tmp)
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("build of bad C = %v, want a *BuildError", err)
	}
	if !strings.Contains(err.Error(), "bad.c:1") {
		t.Fatalf("error lacks the compiler's diagnostic:\n%v", err)
	}
}

// unwritableCaches returns cache directories Ensure cannot build in: one
// under a regular file (which stops root too) and, unless the test runs as
// root, one that is read-only. The keys are the reasons the note gives.
func unwritableCaches(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	caches := map[string]string{"not a directory": filepath.Join(file, "memlens")}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	if f, err := os.CreateTemp(ro, "probe-"); err == nil { // root
		f.Close()
		os.Remove(f.Name())
	} else {
		caches["permission denied"] = ro
	}
	return caches
}

// TestEnsureUnwritableCache: a cache directory that cannot be written is
// an error, or with UsePrivate a build in the private directory after one
// note.
func TestEnsureUnwritableCache(t *testing.T) {
	needGCC(t)
	for reason, cache := range unwritableCaches(t) {
		t.Run(reason, func(t *testing.T) {
			t.Setenv("MEMLENS_CACHE", cache)
			if _, err := ensure([]string{"gcc"}, stub); err == nil || !strings.Contains(err.Error(), "set MEMLENS_CACHE") {
				t.Fatalf("ensure in %s without a private directory = %v, want an error", cache, err)
			}
			private := filepath.Join(t.TempDir(), "private")
			var notes []string
			restore := UsePrivate(private, func(reason string) { notes = append(notes, reason) })
			dir, err := ensure([]string{"gcc"}, stub)
			restore()
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Dir(dir) != private || !complete(dir) {
				t.Errorf("ensure built in %s, want a complete build in %s", dir, private)
			}
			want := "cache directory " + cache + " is not writable (" + reason + ")"
			if len(notes) != 1 || notes[0] != want {
				t.Errorf("notes %q, want one: %q", notes, want)
			}
			if left, _ := filepath.Glob(filepath.Join(private, ".build-*")); len(left) != 0 {
				t.Errorf("build directories left behind: %v", left)
			}
			if _, err := ensure([]string{"gcc"}, stub); err == nil {
				t.Error("UsePrivate still in effect after restore")
			}
		})
	}
}

// TestEnsureNoCacheDirectory: without $HOME and $XDG_CACHE_HOME there is
// no cache directory: a private one, with a note saying so.
func TestEnsureNoCacheDirectory(t *testing.T) {
	needGCC(t)
	t.Setenv("MEMLENS_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	private := t.TempDir()
	var notes []string
	defer UsePrivate(private, func(reason string) { notes = append(notes, reason) })()
	dir, err := ensure([]string{"gcc"}, stub)
	if err != nil || filepath.Dir(dir) != private {
		t.Fatalf("ensure = %q, %v; want a build in %s", dir, err, private)
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "no cache directory (") {
		t.Errorf("notes %q", notes)
	}
}

// TestEnsureReadOnlyCompleteCache: a finished build in a cache that cannot
// be written any more is used as it is, without a note.
func TestEnsureReadOnlyCompleteCache(t *testing.T) {
	needGCC(t)
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	dir, err := ensure([]string{"gcc"}, stub)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(cache, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(cache, 0o755)
	defer UsePrivate(t.TempDir(), func(reason string) { t.Errorf("note %q", reason) })()
	if again, err := ensure([]string{"gcc"}, stub); err != nil || again != dir {
		t.Fatalf("ensure in the read-only cache = %q, %v; want %q", again, err, dir)
	}
}

// TestEnsureRelativeCache: MEMLENS_CACHE may be relative to the current
// directory (the compiler runs in the build directory).
func TestEnsureRelativeCache(t *testing.T) {
	needGCC(t)
	t.Chdir(t.TempDir())
	t.Setenv("MEMLENS_CACHE", "cache")
	dir, err := ensure([]string{"gcc"}, stub)
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(dir) || !complete(dir) {
		t.Fatalf("ensure = %q, want a complete build at an absolute path", dir)
	}
}

// TestSanitizerInterface checks that the runtime defines every function
// the installed gcc's <sanitizer/asan_interface.h>, lsan_interface.h and
// common_interface_defs.h declare (runtime/asan.c): memlens defines
// __SANITIZE_ADDRESS__, under which programs call them, and a newer gcc's
// additions would not link.
func TestSanitizerInterface(t *testing.T) {
	needGCC(t)
	out, err := exec.Command("gcc", "-print-file-name=include").Output()
	if err != nil {
		t.Fatal(err)
	}
	include := filepath.Join(strings.TrimSpace(string(out)), "sanitizer")
	comment := regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	declared := regexp.MustCompile(`\b((?:__asan_|__lsan_|__sanitizer_)\w+)\s*\(`)
	want := map[string]bool{}
	for _, h := range []string{"asan_interface.h", "lsan_interface.h", "common_interface_defs.h"} {
		text, err := os.ReadFile(filepath.Join(include, h))
		if err != nil {
			t.Skipf("gcc's sanitizer headers: %v", err)
		}
		for _, m := range declared.FindAllSubmatch(comment.ReplaceAll(text, nil), -1) {
			want[string(m[1])] = true
		}
	}
	if len(want) == 0 {
		t.Fatalf("no function declared in %s", include)
	}
	// the cache memlens cc uses: its runtime is the one the e2e tests
	// build (17 s of CPU each build in an empty cache)
	dir, err := Ensure("gcc")
	if err != nil {
		t.Fatal(err)
	}
	syms, err := exec.Command("nm", "--defined-only", "-g", filepath.Join(dir, ArchiveName)).Output()
	if err != nil {
		t.Fatalf("nm: %v", err)
	}
	for _, line := range strings.Split(string(syms), "\n") {
		if f := strings.Fields(line); len(f) == 3 {
			delete(want, f[2])
		}
	}
	for name := range want {
		t.Errorf("the runtime does not define %s, which %s declares", name, include)
	}
}

// TestExportsList checks the list of names a program linked with the
// runtime exports (ld reads it, ExportsName): every global symbol the
// runtime defines for instrumented shared libraries, and the hooks it
// looks for in the program, one by one in ld's dynamic list format.
func TestExportsList(t *testing.T) {
	needGCC(t)
	dir, err := Ensure("gcc") // (the cache memlens cc uses, as TestSanitizerInterface)
	if err != nil {
		t.Fatal(err)
	}
	list, err := os.ReadFile(filepath.Join(dir, ExportsName))
	if err != nil {
		t.Fatal(err)
	}
	text := string(list)
	if !strings.HasPrefix(text, "{\n") || !strings.HasSuffix(text, "};\n") || strings.ContainsAny(text, "*?[") {
		t.Fatalf("%s is not a dynamic list of names:\n%s", ExportsName, text)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(text, "{\n"), "};\n"), "\n") {
		if name, ok := strings.CutSuffix(strings.TrimSpace(line), ";"); ok {
			listed[name] = true
		}
	}
	syms, err := exec.Command("nm", "-g", filepath.Join(dir, ArchiveName)).Output()
	if err != nil {
		t.Fatalf("nm: %v", err)
	}
	want := 0
	for _, line := range strings.Split(string(syms), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		name := f[len(f)-1]
		if !strings.HasPrefix(name, "__ml_") && !strings.HasPrefix(name, "__memlens_") && !strings.HasPrefix(name, "__asan_") {
			continue
		}
		want++
		if !listed[name] {
			t.Errorf("%s is not in %s", name, ExportsName)
		}
	}
	for _, hook := range []string{"__memlens_default_options", "__asan_default_options"} { // (the first only referred to)
		if !listed[hook] {
			t.Errorf("%s is not in %s", hook, ExportsName)
		}
	}
	if want == 0 {
		t.Fatal("nm found no symbol of the runtime")
	}
}

// TestRuntimeWarningFree compiles each runtime source with -Wall -Werror:
// the build swallows gcc's output when it succeeds, so a warning (an
// implicitly declared libc function, a macro defined twice) would
// otherwise go unseen. The front end alone is enough and keeps it cheap.
func TestRuntimeWarningFree(t *testing.T) {
	needGCC(t)
	srcs, err := sources()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, s := range srcs {
		if err := os.WriteFile(filepath.Join(dir, s.name), s.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range srcs {
		if !strings.HasSuffix(s.name, ".c") {
			continue
		}
		args := append(append([]string{}, cflags...), "-Wall", "-Werror", "-fsyntax-only", s.name)
		cmd := exec.Command("gcc", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", s.name, err, out)
		}
	}
}

// TestGdbCalledSourcesExist guards sourceFlags against a renamed source:
// gdb's calls of malloc and memlens_enable need their units at -g.
func TestGdbCalledSourcesExist(t *testing.T) {
	srcs, err := sources()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range gdbCalledSources {
		if !slices.ContainsFunc(srcs, func(s source) bool { return s.name == name }) {
			t.Errorf("%s is no runtime source", name)
		}
	}
}

// TestCompilerIdentity: a compiler's own binary named alone is known by
// its file (a new build of it, another key) without being run; a script
// named as a compiler, or a compiler named with arguments, by the
// --version it prints: a wrapper stays the same while its compiler
// changes.
func TestCompilerIdentity(t *testing.T) {
	dir := t.TempDir()
	binary := filepath.Join(dir, "x86_64-linux-gnu-gcc-12")
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true to stand for a compiler's binary")
	}
	data, err := os.ReadFile(truePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(binary, data, 0o755); err != nil {
		t.Fatal(err)
	}
	first, err := compilerVersion(binary, []string{binary})
	if err != nil || len(first) == 0 {
		t.Fatalf("the binary's identity: %q, %v", first, err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(binary, later, later); err != nil {
		t.Fatal(err)
	}
	if again, _ := compilerVersion(binary, []string{binary}); bytes.Equal(first, again) {
		t.Error("a compiler rebuilt (its modification time changed) kept its identity")
	}
	script := filepath.Join(dir, "gcc")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho 'gcc 12.2'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, cc := range [][]string{{script}, {binary, "-m64"}} {
		want := "gcc 12.2\n"
		if cc[0] == binary {
			want = "" // (true prints nothing)
		}
		if v, err := compilerVersion(cc[0], cc); err != nil || string(v) != want {
			t.Errorf("%q: %q, %v; want its --version, %q", cc, v, err, want)
		}
	}
}
