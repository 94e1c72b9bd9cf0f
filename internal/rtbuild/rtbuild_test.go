package rtbuild

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
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
	if _, err := os.Stat(filepath.Join(dir, ArchiveName)); err != nil {
		t.Fatal(err)
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

func TestEnsureConcurrent(t *testing.T) {
	needGCC(t)
	cache := t.TempDir()
	t.Setenv("MEMLENS_CACHE", cache)
	const n = 4
	var wg sync.WaitGroup
	dirs := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = ensure([]string{"gcc"}, stub)
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
}

// TestEnsureRuntime builds the real runtime, twice at once.
func TestEnsureRuntime(t *testing.T) {
	needGCC(t)
	srcs, err := sources()
	if err != nil {
		t.Fatal(err)
	}
	if !hasC(srcs) {
		t.Skip("internal/rtbuild/rt has no .c files yet")
	}
	t.Setenv("MEMLENS_CACHE", t.TempDir())
	var wg sync.WaitGroup
	var dirs [2]string
	var errs [2]error
	for i := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = Ensure("gcc")
		}()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
	}
	if dirs[0] != dirs[1] {
		t.Fatalf("concurrent builds gave %q and %q", dirs[0], dirs[1])
	}
	if _, err := os.Stat(filepath.Join(dirs[0], ArchiveName)); err != nil {
		t.Fatal(err)
	}
	if again, err := Ensure("gcc"); err != nil || again != dirs[0] {
		t.Fatalf("second Ensure = %q, %v; want %q", again, err, dirs[0])
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
