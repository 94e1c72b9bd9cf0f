package e2e

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMixedModes links a unit built for full checking with one built for
// detection mode: the second writes memory without telling the runtime,
// so definedness must not be checked at all (or the fully checked unit
// would report what the other wrote), and the program says why once.
// Built all full, the same program reports its one real uninitialized
// read.
func TestMixedModes(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	compile := func(obj, src string, full bool) {
		args := []string{"cc", "-g", "-O1", "-c", "-o", filepath.Join(dir, obj), filepath.Join("testdata/mixed", src)}
		if full {
			args = append(args, "--memlens-full")
		}
		memlensRun(t, args...)
	}
	link := func(exe string, objs ...string) string {
		args := []string{"cc", "-o", filepath.Join(dir, exe)}
		for _, o := range objs {
			args = append(args, filepath.Join(dir, o))
		}
		memlensRun(t, args...)
		return filepath.Join(dir, exe)
	}
	compile("main-full.o", "main.c", true)
	compile("fill-full.o", "fill.c", true)
	compile("fill-detect.o", "fill.c", false)

	full := link("full", "main-full.o", "fill-full.o")
	recs := runReports(t, full, "")
	if len(recs) != 1 || recs[0].Kind != "UNINITIALIZED-READ" || recs[0].Line != 13 {
		t.Errorf("all units full: want one UNINITIALIZED-READ at main.c:13, got %v", recs)
	}

	mixed := link("mixed", "main-full.o", "fill-detect.o")
	if recs := runReports(t, mixed, ""); len(recs) != 0 {
		t.Errorf("mixed units: want no report, got %v", recs)
	}
	out, _ := exec.Command(mixed).CombinedOutput()
	note := "memlens: note: uninitialized reads are not checked: testdata/mixed/fill.c was compiled without --memlens-full\n"
	if strings.Count(string(out), note) != 1 {
		t.Errorf("mixed units: want the note %q once in the output, got:\n%s", note, out)
	}
}

// TestLossPointerStoredByPlainCode links a unit built for full checking
// with one built by gcc alone (testdata/plainrealloc), which reallocates a
// block whose pointer lives in an instrumented function's local struct:
// the block is held there, though memlens counts no reference from plain
// code's store, and only the program's real leak is reported.
func TestLossPointerStoredByPlainCode(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	plain := plainObject(t, dir, "testdata/plainrealloc/plain.c", "-O2")
	exe := filepath.Join(dir, "plainrealloc")
	args := []string{"cc", "--memlens-full", "-g", "-O1", "-o", exe, "testdata/plainrealloc/main.c", plain}
	memlensRun(t, args...)
	recs := runReports(t, exe, "")
	if len(recs) != 1 || recs[0].Kind != "MEMORY-LEAK" || recs[0].Line != 34 {
		t.Errorf("want one MEMORY-LEAK at main.c:34 (scratch = NULL), got %v", recs)
	}
}

// TestUninitOutputCursors links a unit built for full checking with one
// built by gcc alone (testdata/streams), declared in a system header but
// for two functions: the bytes the plain code writes through the output
// cursors it advances (next_out in the struct it is passed, a pointer
// passed by address, zstd's pos into dst), as the compression libraries'
// streams do, are defined; the byte past them is still reported, also
// after a call that had no room to write it (a cursor passed by address,
// an unsigned char **, is no array of rows either).
func TestUninitOutputCursors(t *testing.T) {
	t.Parallel()
	outs := withPlainLibrary(t, "streams", 46, "-isystem", "testdata/streams/include")
	for opt, out := range outs {
		if first, _, _ := strings.Cut(out, "\n"); first != "31" {
			t.Errorf("%s: output %q, want the native build's 31 first", opt, out)
		}
	}
}

// TestUninitWrittenAfterCallback links a unit built for full checking
// with one built by gcc alone (testdata/callsback) that calls the
// instrumented code back before it writes through the pointers it was
// passed (and calls libc, whose public entries take no metas): the
// callback and its own calls took their metas, which left the caller's
// test after the call believing the library had taken its own, and the
// bytes it wrote were reported (both reads); now only the local never
// passed anywhere is. So with a callback taking no arguments, one called
// twice that calls a function of the library's (whose word its second
// call finds), and one that calls the library again, which calls back
// in turn (both callers test).
func TestUninitWrittenAfterCallback(t *testing.T) {
	t.Parallel()
	for opt, out := range withPlainLibrary(t, "callsback", 69) {
		if want := "3 abcdefgh 13\n4 ijklmnop 25\n5 qrstuvwx 34\n5 qrstuvwx 70\n"; out != want {
			t.Errorf("%s: output %q, want the native build's %q", opt, out, want)
		}
	}
}

// TestUninitAllocatorCalledBack links a unit built for full checking with a
// shared object built by gcc alone (testdata/allocback) that calls the
// program's allocator back and writes the block it returns, as libpng
// does with its malloc_fn: the block is defined as it goes back to the
// library (another module); the same allocator called through a pointer
// by the program returns a block still undefined, whose read is reported.
func TestUninitAllocatorCalledBack(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join("testdata", "allocback")
	if out, err := exec.Command(gcc, "-O2", "-fPIC", "-shared", "-o", filepath.Join(dir, "libkeep.so"), filepath.Join(src, "plain.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, opt := range []string{"-O0", "-O2"} {
		exe := filepath.Join(dir, "allocback"+opt)
		memlensRun(t, "cc", "--memlens-full", "-g", opt, "-o", exe, filepath.Join(src, "main.c"), "-L"+dir, "-lkeep", "-Wl,-rpath,"+dir)
		if recs := runReports(t, exe, ""); len(recs) != 1 || recs[0].Kind != "UNINITIALIZED-READ" || recs[0].Line != 24 {
			t.Errorf("%s: want one UNINITIALIZED-READ at main.c:24, got %v", opt, recs)
		}
		if out, _ := exec.Command(exe).Output(); string(out) != "kept by the library\n" && string(out) != "kept by the library\nseven\n" {
			t.Errorf("%s: output %q, want the library's string", opt, out)
		}
	}
}

// TestUninitRowsFilled links a unit built for full checking with one built
// by gcc alone (testdata/rows) that fills rows through an array of
// pointers to them, as libpng's png_read_image and libjpeg's
// jpeg_read_scanlines do: declared in a system header (rows of bytes in
// one block, and an array of two such arrays, libjpeg's components) and
// by the program itself (rows of shorts, each a block, the array a
// local), and rows whose pointers memlens knows by their addresses alone
// (interior pointers from the library, WILD), copied out after the call.
// The rows are defined after the call; a row the library was not given is
// still reported, though its pointer follows the array in the array's
// block (a pool, or a struct: rows in one block, then a pointer into
// another, end the array).
func TestUninitRowsFilled(t *testing.T) {
	t.Parallel()
	for opt, out := range withPlainLibrary(t, "rows", 58, "-isystem", "testdata/rows/include") {
		if first, _, _ := strings.Cut(out, "\n"); first != "26014" {
			t.Errorf("%s: output %q, want the native build's 26014 first", opt, out)
		}
	}
}

// withPlainLibrary builds testdata/NAME/main.c for full checking (and
// flags) at -O0 and at -O2, linked with testdata/NAME/plain.c built by gcc
// -O2 alone, checks that each build reports one UNINITIALIZED-READ, at
// main.c:line, and returns each one's output by level.
func withPlainLibrary(t *testing.T, name string, line int, flags ...string) map[string]string {
	t.Helper()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join("testdata", name)
	plain := plainObject(t, dir, filepath.Join(src, "plain.c"), "-O2")
	outs := map[string]string{}
	for _, opt := range []string{"-O0", "-O2"} {
		exe := filepath.Join(dir, name+opt)
		memlensRun(t, slices.Concat([]string{"cc", "--memlens-full", "-g", opt}, flags, []string{"-o", exe, filepath.Join(src, "main.c"), plain})...)
		if recs := runReports(t, exe, ""); len(recs) != 1 || recs[0].Kind != "UNINITIALIZED-READ" || recs[0].Line != line {
			t.Errorf("%s: want one UNINITIALIZED-READ at main.c:%d, got %v", opt, line, recs)
		}
		out, _ := exec.Command(exe).Output()
		outs[opt] = string(out)
	}
	return outs
}

// TestUninitFunctionPointerLocal: a function pointer local set on one path
// only and called on the other is reported at the call with full checking,
// at -O2 too, where gcc, taking the set path for the only one, calls it
// (without memlens, or in detection mode, no report: the program's
// behaviour there is undefined, so this is no corpus program).
func TestUninitFunctionPointerLocal(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	for _, opt := range []string{"-O0", "-O2"} {
		exe := filepath.Join(dir, "local"+opt)
		args := []string{"cc", "--memlens-full", "-g", opt, "-o", exe, "testdata/fnptr/local_called.c"}
		memlensRun(t, args...)
		recs := runReports(t, exe, "")
		if len(recs) != 1 || recs[0].Kind != "UNINITIALIZED-READ" || recs[0].Line != 14 {
			t.Errorf("%s: want one UNINITIALIZED-READ at local_called.c:14, got %v", opt, recs)
		}
	}
}

// TestUninitStackReusedByPlainCode links a unit built for full checking
// with one built by gcc alone (testdata/stackreuse): the plain code's
// stack buffer, written where an instrumented frame's never-written local
// had been, is handed to instrumented code that copies and reads it:
// after that function returned, after one whose initialized local a copy
// gave never-written bytes returned, after a longjmp skipped another's
// end (with leak tracking, whose unwinding ran the cleanups
// already, and without), and after the plain code had instrumented code
// copy a struct whose padding was never written into a local of its own
// (which it then reuses). The dead locals' bytes were set back to defined
// when their scope ended, and the copy into the plain code's stack defined
// its bytes, so nothing is reported there; the instrumented
// function reading its own local on a call that never wrote it is still
// reported, after a call that did.
func TestUninitStackReusedByPlainCode(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	plain := plainObject(t, dir, "testdata/stackreuse/plain.c", "-g", "-O1")
	exe := filepath.Join(dir, "stackreuse")
	args := []string{"cc", "--memlens-full", "-g", "-O1", "-o", exe, "testdata/stackreuse/main.c", plain}
	memlensRun(t, args...)
	for _, opts := range []string{"", ":detect_leaks=0"} {
		recs := runReports(t, exe, opts)
		if len(recs) != 1 || recs[0].Kind != "UNINITIALIZED-READ" || recs[0].Line != 55 {
			t.Errorf("%q: want one UNINITIALIZED-READ at main.c:55 (own_local's second call), got %v", opts, recs)
		}
	}
	out, _ := exec.Command(exe).Output()
	if want := "1000\n1000\n1000\n42\n1000\n1\n"; string(out) != want {
		t.Errorf("output %q, want the native build's %q", out, want)
	}
}

// memlensRun runs memlens with args, stopping the test if it fails.
func memlensRun(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
		t.Fatalf("memlens %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// plainObject compiles src with gcc alone (flags) into dir's plain.o:
// code memlens does not see.
func plainObject(t *testing.T, dir, src string, flags ...string) string {
	t.Helper()
	plain := filepath.Join(dir, "plain.o")
	args := append(append(flags, "-c", "-o", plain), src)
	if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", src, err, out)
	}
	return plain
}
