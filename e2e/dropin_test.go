package e2e

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// dropinCases are programs of testdata/dropin with the flags a real build
// would give them: each must build with memlens cc exactly as with gcc.
var dropinCases = []struct {
	file  string
	flags []string
}{
	{"pack.c", []string{"-O2", "-Wall"}},
	{"strict.c", []string{"-std=c89", "-pedantic", "-Wall", "-Wextra", "-Werror", "-Wno-error=unused-parameter",
		"-Wdeclaration-after-statement", "-Wc++-compat", "-Wconversion", "-Wshadow", "-Wcast-qual", "-Wbad-function-cast",
		"-Wstrict-prototypes", "-Wmissing-prototypes", "-Wunused-macros", "-Wswitch-enum"}},
	{"features.c", []string{"-O1", "-Wall"}},
	{"syntax_error.c", []string{"-Wall"}},
	{"missing_include.c", nil},
	{"o0_switch.c", []string{"-O0", "-Wall", "-Werror=return-type"}},
	{"simd_o0.c", []string{"-O0", "-msse2"}},
	{"recursion.c", []string{"-O0"}},
	{"autoconf_funcs.c", []string{"-g", "-O2"}},
	{"implicit_exit.c", []string{"-O2"}},
	{"frame_warning.c", []string{"-O2", "-Wall", "-Wframe-larger-than=1"}},
	{"utf8_char.c", []string{"-std=c2x", "-O1", "-Wall", "-Wextra", "-pedantic"}},
	{"empty_members.c", []string{"-O1", "-Wall", "-pedantic"}},
	{"wide_char.c", []string{"-O1", "-Wall"}},
	{"float_constants.c", []string{"-O2", "-Wall"}},
	{"constant_middle.c", []string{"-O0", "-Wall"}},
	{"typeof_type.c", []string{"-O1", "-Wall"}},
	{"local_labels.c", []string{"-O1", "-Wall"}},
	{"constant_p.c", []string{"-O0"}},
	{"conditional_null.c", []string{"-O1", "-Wall"}},
	{"multichar.c", []string{"-O1", "-Wall"}},
	{"static_assert_places.c", []string{"-O1", "-Wall"}},
	{"enum_middle.c", []string{"-O0", "-Wall"}},
	{"nested_ranges.c", []string{"-O1", "-Wall"}},
	{"types_compatible.c", []string{"-O1", "-Wall"}},
	{"sizeof_middle.c", []string{"-O0", "-Wall"}},
	{"big_constants.c", []string{"-O1", "-Wall"}},
	{"auto_type_loops.c", []string{"-O1", "-Wall"}},
	{"typeof_typedef.c", []string{"-O1", "-Wall"}},
	{"va_arg_pack.c", []string{"-O2", "-Wall"}},
	{"star_bounds.c", []string{"-O1", "-Wall"}},
	{"uchar_strings.c", []string{"-O1", "-Wall"}},
	{"surrogate_pairs.c", []string{"-O1", "-Wall"}},
	{"surrogate_pairs.c", []string{"-O0"}},
	{"int128_cases.c", []string{"-O2", "-Wall"}},
	{"pragma_places.c", []string{"-std=gnu11", "-O2", "-Wall", "-Wextra", "-Wcast-align=strict", "-Wduplicated-branches", "-Werror"}},
	{"int128_cases.c", []string{"-O0"}},
	{"wide_bitfields.c", []string{"-O2", "-Wall"}},
	{"wide_bitfields.c", []string{"-O0"}},
	{"convertvector.c", []string{"-O2", "-Wall"}},
	{"convertvector.c", []string{"-O0"}},
	{"nested_function.c", []string{"-O2", "-Wall"}},
	{"nested_function.c", []string{"-O0"}},
	{"register_variables.c", []string{"-O2", "-Wall"}},
	{"register_variables.c", []string{"-O0"}},
	{"packed_asserts.c", []string{"-O2", "-Wall", "-std=c11", "-pedantic"}},
	{"packed_asserts.c", []string{"-O0"}},
	{"object_sizes.c", []string{"-O2", "-Wall"}},
	{"object_sizes.c", []string{"-O1", "-D_FORTIFY_SOURCE=2"}},
	{"object_sizes.c", []string{"-O0"}},
	{"address_spaces.c", []string{"-O2", "-Wall"}},
	{"address_spaces.c", []string{"-O0"}},
	{"transparent_union.c", []string{"-O2", "-Wall"}},
	{"transparent_union.c", []string{"-O0"}},
	{"asm_rejected.c", []string{"-O2", "-Wall"}},
	{"ifunc.c", []string{"-O2", "-Wall"}},
	{"ifunc.c", []string{"-O0"}},
	{"ifunc_callees.c", []string{"-O2", "-Wall"}},
	{"ifunc_callees.c", []string{"-O0"}},
	{"packed_members.c", []string{"-O2", "-Wall", "-fsanitize=alignment", "-fno-sanitize-recover=alignment"}},
	{"packed_members.c", []string{"-O0", "-fsanitize=alignment", "-fno-sanitize-recover=alignment"}},
	{"union_values.c", []string{"-O2", "-Wall"}},
	{"union_values.c", []string{"-O0"}},
	{"nested_calls.c", []string{"-O2", "-Wall"}},
	{"nested_calls.c", []string{"-O0"}},
	{"pack_flags.c", []string{"-O2", "-Wall", "-fpack-struct"}},
	{"pack_flags.c", []string{"-O0", "-fpack-struct"}},
	{"pack_flags.c", []string{"-O2", "-Wall", "-fpack-struct=2"}},
	{"pack_flags.c", []string{"-O0", "-fpack-struct=4"}},
	{"block_tags.c", []string{"-O2", "-Wall"}},
	{"block_tags.c", []string{"-O0"}},
	{"label_address_inline.c", []string{"-O2", "-Wall"}},
	{"label_address_inline.c", []string{"-O1"}},
	{"profiled_functions.c", []string{"-O2", "-Wall", "-finstrument-functions"}},
	{"profiled_functions.c", []string{"-O0", "-finstrument-functions"}},
	{"same_store.c", []string{"-O2", "-Wall"}},
	{"same_store.c", []string{"-O0"}},
}

// TestDropIn builds each case with gcc and with memlens cc (both modes) from
// the same directory and compares what a user sees: the compiler's
// diagnostics byte for byte (but for the random letters of the temporary
// object the linker may name), the exit status, and the program's output
// and status.
func TestDropIn(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, tc := range dropinCases {
		t.Run(tc.file+strings.Join(tc.flags, ""), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, f := range []string{tc.file, "features.h"} {
				b, err := os.ReadFile(filepath.Join("testdata/dropin", f))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := append(append([]string{}, tc.flags...), tc.file, "-o", "native")
			wantDiag, wantErr := build(dir, append([]string{gcc}, args...))
			wantDiag = tempObject.ReplaceAll(wantDiag, []byte("ccXXXXXX$1"))
			native := run(t, dir, "./native", wantErr)
			for _, mode := range [][]string{{"cc"}, {"cc", "--memlens-full"}} {
				args := append(append(append([]string{memlens}, mode...), tc.flags...), tc.file, "-o", "instrumented")
				diag, err := build(dir, args)
				diag = tempObject.ReplaceAll(diag, []byte("ccXXXXXX$1"))
				if string(diag) != string(wantDiag) || exitStatus(err) != exitStatus(wantErr) {
					t.Errorf("%s: status %d, diagnostics:\n%s\ngcc: status %d, diagnostics:\n%s", strings.Join(mode, " "), exitStatus(err), diag, exitStatus(wantErr), wantDiag)
					continue
				}
				if got := run(t, dir, "./instrumented", err); got != native {
					t.Errorf("%s: the program printed\n%s\nnatively\n%s", strings.Join(mode, " "), got, native)
				}
			}
		})
	}
}

// TestDropInStdin compiles a program read from standard input (-x c -)
// with gcc and with memlens cc (both modes): the same diagnostics, status
// and output (__FILE__ is "<stdin>"), the same -MD dependency file (-.d,
// target "-"), and the unit is instrumented: an overflow is reported at
// <stdin>'s line, with the line's text.
func TestDropInStdin(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	src, err := os.ReadFile("testdata/dropin/stdin.c")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	compile := func(argv ...string) (string, error) {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env, cmd.Stdin = dir, environ(), strings.NewReader(string(src))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	flags := []string{"-O1", "-Wall", "-x", "c", "-"}
	wantDiag, wantErr := compile(slices.Concat([]string{gcc}, flags, []string{"-o", "native"})...)
	native := run(t, dir, "./native", wantErr)
	if !strings.Contains(native, "<stdin>:17 3") {
		t.Fatalf("gcc's build printed %q", native)
	}
	if _, err := compile(slices.Concat([]string{gcc}, flags, []string{"-c", "-MD"})...); err != nil {
		t.Fatal(err)
	}
	wantDeps, err := os.ReadFile(filepath.Join(dir, "-.d"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range [][]string{{"cc"}, {"cc", "--memlens-full"}} {
		name := strings.Join(mode, " ")
		diag, err := compile(slices.Concat([]string{memlens}, mode, flags, []string{"-o", "instrumented"})...)
		if diag != wantDiag || exitStatus(err) != exitStatus(wantErr) {
			t.Errorf("%s: status %d, diagnostics:\n%s\ngcc: status %d, diagnostics:\n%s", name, exitStatus(err), diag, exitStatus(wantErr), wantDiag)
			continue
		}
		if got := run(t, dir, "./instrumented", err); got != native {
			t.Errorf("%s: the program printed\n%s\nnatively\n%s", name, got, native)
		}
		cmd := exec.Command("./instrumented", "overflow")
		cmd.Dir, cmd.Env = dir, environ()
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "HEAP-BUFFER-OVERFLOW") || !strings.Contains(string(out), "at <stdin>:16:") ||
			!strings.Contains(string(out), "cells[CELLS] = 0;") {
			t.Errorf("%s: the overflow at <stdin>:16 was not reported with its line:\n%s", name, out)
		}
		// -c names the object after "-", as gcc does
		os.Remove(filepath.Join(dir, "-.o"))
		os.Remove(filepath.Join(dir, "-.d"))
		if diag, err := compile(slices.Concat([]string{memlens}, mode, flags, []string{"-c", "-MD"})...); err != nil || diag != wantDiag {
			t.Errorf("%s -c: %v\n%s", name, err, diag)
		} else if _, err := os.Stat(filepath.Join(dir, "-.o")); err != nil {
			t.Errorf("%s -c: %v", name, err)
		} else if deps, _ := os.ReadFile(filepath.Join(dir, "-.d")); string(deps) != string(wantDeps) {
			t.Errorf("%s -c -MD: -.d holds\n%s\ngcc's:\n%s", name, deps, wantDeps)
		}
	}
}

// TestLinkDiagnostics links, with gcc and with memlens cc, an object each
// compiled from the same source calling functions nobody defines: the
// linkers' messages (which name the object, not a temporary file) must be
// the same, one undefined reference a call, but for the offsets in the
// code, which instrumentation moves; and ld's cut-off after five
// references to a name in a row where gcc's link has it (seven calls of
// one function, in two sections at -O2). Compiled and linked in one
// command, the object the messages name is a temporary one, named in
// gcc's form (/tmp/ccXXXXXX.o) rather than memlens's own directory.
func TestLinkDiagnostics(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	src, err := os.ReadFile("testdata/dropin/undefined_calls.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"-O0"}, {"-O2"}, {"-g", "-O2"}, {"-fPIE", "-O2"}} {
		t.Run(strings.Join(flags, ""), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "undefined_calls.c"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			diagnostics := func(cc ...string) string {
				compile := slices.Concat(cc, flags, []string{"-c", "undefined_calls.c", "-o", "u.o"})
				if out, err := build(dir, compile); err != nil {
					t.Fatalf("%s: %v\n%s", strings.Join(compile, " "), err, out)
				}
				out, err := build(dir, slices.Concat(cc, []string{"u.o", "-o", "prog"}))
				return fmt.Sprintf("%sstatus %d", codeOffset.ReplaceAll(out, []byte("+0x…)")), exitStatus(err))
			}
			// compiled and linked in one command: the object is a temporary
			oneCommand := func(cc ...string) string {
				out, err := build(dir, slices.Concat(cc, flags, []string{"undefined_calls.c", "-o", "prog"}))
				out = tempObject.ReplaceAll(codeOffset.ReplaceAll(out, []byte("+0x…)")), []byte("ccXXXXXX$1"))
				return fmt.Sprintf("%sstatus %d", out, exitStatus(err))
			}
			want, wantOne := diagnostics(gcc), oneCommand(gcc)
			for _, mode := range [][]string{{memlens, "cc"}, {memlens, "cc", "--memlens-full"}} {
				if got := diagnostics(mode...); got != want {
					t.Errorf("%s: the link printed\n%s\ngcc's\n%s", strings.Join(mode[1:], " "), got, want)
				}
				if got := oneCommand(mode...); got != wantOne {
					t.Errorf("%s: the one-command build printed\n%s\ngcc's\n%s", strings.Join(mode[1:], " "), got, wantOne)
				}
			}
		})
	}
}

// codeOffset is where in its section the linker says a reference is.
var codeOffset = regexp.MustCompile(`\+0x[0-9a-f]+\)`)

// tempObject is the name of gcc's temporary object for a C file it
// compiles and links in one command, or of its assembly, which the
// assembler's messages name (mkstemps's "cc" and six letters).
var tempObject = regexp.MustCompile(`cc[A-Za-z0-9]{6}(\.[os])\b`)

// TestSharedLibraryAsmCallsThroughGOT: a shared library's asm calls of
// the runtime's register-keeping routines go through the GOT. Through the
// PLT, the first call ran the dynamic linker's lazy binding, which lost the
// values gcc kept in r10 and r11 (expat's xmlwf crashed in XmlInitEncoding).
func TestSharedLibraryAsmCallsThroughGOT(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join(cwd(t), "testdata/dropin/shared_lib.c")
	if out, err := build(dir, []string{memlens, "cc", "-O2", "-fPIC", "-shared", src, "-o", "lib.so"}); err != nil {
		t.Fatalf("memlens cc -shared: %v\n%s", err, out)
	}
	out, err := exec.Command("readelf", "-rW", filepath.Join(dir, "lib.so")).CombinedOutput()
	if err != nil {
		t.Fatalf("readelf: %v\n%s", err, out)
	}
	throughGOT := 0
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.Contains(line, "_keep") && !strings.Contains(line, "_fail") {
			continue
		}
		switch {
		case strings.Contains(line, "JUMP_SLOT"):
			t.Errorf("a register-keeping runtime routine is called through the PLT: %s", line)
		case strings.Contains(line, "GLOB_DAT"):
			throughGOT++
		}
	}
	if throughGOT == 0 {
		t.Errorf("no register-keeping runtime routine is called through the GOT:\n%s", out)
	}
}

// TestSharedLibraryWithoutPIC: gcc (built PIE by default) compiles and
// links a shared library in one command without -fPIC, as xxHash's
// Makefile does when CFLAGS is given on make's command line; memlens's code
// then reaches its thread-local state as a shared library's must, not at a
// fixed offset from the thread pointer, which no shared object can hold.
func TestSharedLibraryWithoutPIC(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join(cwd(t), "testdata/dropin/shared_lib.c")
	if out, err := build(dir, []string{"gcc", "-O2", "-shared", src, "-o", "native.so"}); err != nil {
		t.Skipf("gcc itself cannot link it without -fPIC here: %v\n%s", err, out)
	}
	if out, err := build(dir, []string{memlens, "cc", "-O2", "-shared", src, "-o", "lib.so"}); err != nil {
		t.Fatalf("memlens cc -shared without -fPIC: %v\n%s", err, out)
	}
}

// TestStackAcrossSharedLibrary: an allocation stack whose sites lie in an
// instrumented shared library and in the executable, more than 2 GiB
// apart, is kept whole by the stack depot (whose records keep the sites
// after the first as 32-bit offsets where they fit) and reported frame by
// frame.
func TestStackAcrossSharedLibrary(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	lib := "#include <stdlib.h>\n\nvoid *lib_make(size_t n)\n{\n\treturn malloc(n);\n}\n"
	main := "#include <stdio.h>\n\nvoid *lib_make(size_t n);\n\nstatic void *make(void)\n{\n\treturn lib_make(24);\n}\n\n" +
		"int main(void)\n{\n\tvoid *lost = make();\n\tlost = 0;\n\tprintf(\"%p\\n\", lost);\n\treturn 0;\n}\n"
	for name, text := range map[string]string{"lib.c": lib, "main.c": main} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := build(dir, []string{memlens, "cc", "-O0", "-fPIC", "-shared", "lib.c", "-o", "liblib.so"}); err != nil {
		t.Fatalf("memlens cc -shared: %v\n%s", err, out)
	}
	built, err := build(dir, []string{memlens, "cc", "-O0", "main.c", "-o", "main", "-L.", "-llib", "-Wl,-rpath," + dir})
	if err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, built)
	}
	out := run(t, dir, filepath.Join(dir, "main"), nil)
	want := "#0 lib_make lib.c:5\n      #1 make main.c:7\n      #2 main main.c:12\n"
	if !strings.Contains(out, "MEMORY-LEAK") || !strings.Contains(out, want) {
		t.Errorf("the leak's allocation stack is not\n%s\nin\n%s", want, out)
	}
}

// run runs a program built without error (built reports the build's
// error) and returns its output and exit status.
func run(t *testing.T, dir, prog string, built error) string {
	t.Helper()
	if built != nil {
		return ""
	}
	cmd := exec.Command(prog)
	cmd.Dir = dir
	cmd.Env = environ()
	out, err := cmd.CombinedOutput()
	return fmt.Sprintf("%sexit %d", out, exitStatus(err))
}

func exitStatus(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestCCScript: a build whose CC is a script running memlens (make exports
// it, so memlens sees it as $CC) compiles once, instrumented, instead of
// memlens running the script as its host compiler, again and again. The
// script counts how deep it runs, so a regression fails instead of
// exhausting the machine.
func TestCCScript(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "mlcc")
	text := "#!/bin/sh\nd=${MLCC_DEPTH:-0}\nif [ $d -ge 2 ]; then echo \"mlcc ran itself\" >&2; exit 99; fi\n" +
		"MLCC_DEPTH=$((d+1)) exec " + memlens + " cc \"$@\"\n"
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(cwd(t), "../testdata/bugs/hbo_2d_flat_stride.c")
	cmd := exec.Command(script, "-O2", src, "-o", "prog")
	cmd.Dir = dir
	cmd.Env = append(environ(), "CC="+script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CC=mlcc mlcc: %v\n%s", err, out)
	}
	out, _ := exec.Command(filepath.Join(dir, "prog")).CombinedOutput()
	if !strings.Contains(string(out), "SUMMARY: memlens: HEAP-BUFFER-OVERFLOW") {
		t.Errorf("the program built through the script was not instrumented:\n%s", out)
	}
}

// TestUnlimitedStack: under ulimit -s unlimited the kernel lays out
// mappings bottom-up, over memlens's tables; the program still runs, with
// its deep recursion.
func TestUnlimitedStack(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	if out, err := build(dir, []string{memlens, "cc", "-O0", filepath.Join(cwd(t), "testdata/dropin/recursion.c"), "-o", "prog"}); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	cmd := exec.Command("bash", "-c", "ulimit -s unlimited || exit 77; for i in 1 2 3 4 5; do ./prog || exit; done")
	cmd.Dir = dir
	cmd.Env = environ()
	out, err := cmd.CombinedOutput()
	if exitStatus(err) == 77 {
		t.Skip("the stack limit cannot be raised to unlimited here")
	}
	if err != nil || strings.Count(string(out), "119766\n") != 5 {
		t.Errorf("under ulimit -s unlimited: %v\n%s", err, out)
	}
}

// TestDeepRecursion: a recursive-descent parser 60,000 levels deep
// (dropin/descent.c) runs instrumented, both modes, at -O0 and -O2,
// wherever it runs natively: in the usual 8 MiB stack, which it needs,
// since natively it dies in 1 MiB (gcc cannot turn its recursion into a
// loop). The limit is hard as well as soft, so memlens cannot raise it for
// larger frames: the frames themselves must fit (under a hard 8 MiB, -O0
// reaches 104,462 levels natively, 73,228 instrumented, 65,420 in full mode).
// At -O2, 261,855 natively and 174,658 in full mode, whose parse_value is
// 48 bytes to gcc's 32 (80 before the definedness checks' cold calls kept
// every register: 104,462 levels): 160,000 levels, beyond what 64 bytes a
// level reach, must run in full mode too.
func TestDeepRecursion(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	src := filepath.Join(cwd(t), "testdata/dropin/descent.c")
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			dir := t.TempDir()
			progs := map[string][]string{"native": {gcc}, "instrumented": {memlens, "cc"}, "full": {memlens, "cc", "--memlens-full"}}
			for out, cc := range progs {
				argv := append(append([]string{}, cc...), opt, src, "-o", out)
				if msg, err := build(dir, argv); err != nil {
					t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, msg)
				}
			}
			inStack := func(kib int, prog string, args ...string) (string, error) {
				cmd := exec.Command("bash", "-c", fmt.Sprintf("ulimit -s %d || exit 77; exec ./%s %s", kib, prog, strings.Join(args, " ")))
				cmd.Dir = dir
				cmd.Env = environ()
				out, err := cmd.CombinedOutput()
				if exitStatus(err) == 77 {
					t.Skipf("cannot set the stack limit to %d KiB", kib)
				}
				return string(out), err
			}
			if out, err := inStack(1024, "native"); err == nil {
				t.Fatalf("natively it runs in a 1 MiB stack (%q): it does not recurse deeply", out)
			}
			want, err := inStack(8192, "native")
			if err != nil {
				t.Fatalf("natively in an 8 MiB stack: %v\n%s", err, want)
			}
			for _, prog := range []string{"instrumented", "full"} {
				if got, err := inStack(8192, prog); err != nil || got != want {
					t.Errorf("%s, in an 8 MiB stack: %v\n%s\nnatively:\n%s", prog, err, got, want)
				}
			}
			if opt != "-O2" {
				return
			}
			deep, err := inStack(8192, "native", "160000")
			if err != nil {
				t.Fatalf("natively 160,000 levels deep in an 8 MiB stack: %v\n%s", err, deep)
			}
			for _, prog := range []string{"instrumented", "full"} {
				if got, err := inStack(8192, prog, "160000"); err != nil || got != deep {
					t.Errorf("%s, 160,000 levels deep in an 8 MiB stack: %v\n%s\nnatively:\n%s", prog, err, got, deep)
				}
			}
		})
	}
}

func cwd(t *testing.T) string {
	t.Helper()
	d, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestFrameSize: at -O0, where gcc gives every named variable a stack slot
// of its own, memlens's variables are register, its checks push no
// argument and the function's depth is the thread's, not a variable, so
// the frame of dropin/recursion.c's recursing function stays within 1.7
// times gcc's (it was 4.3 times: 208 bytes for gcc's 48; 2 times with
// __ml_d), and main's, which stores a pointer, within 2 times (it was 3
// times when that store pushed two arguments).
func TestFrameSize(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	src, err := filepath.Abs("testdata/dropin/recursion.c")
	if err != nil {
		t.Fatal(err)
	}
	native, instrumented := frameSizes(t, src, "-O0", gcc), frameSizes(t, src, "-O0", memlens, "cc")
	for fn, bound := range map[string]float64{"nest": 1.7, "main": 2} {
		if float64(instrumented[fn]) > bound*float64(native[fn]) {
			t.Errorf("%s's frame: %d bytes instrumented, %d with gcc (over %g times)", fn, instrumented[fn], native[fn], bound)
		}
	}
}

// TestFrameSizeCJSON: the frames of a real library's functions, cJSON of
// the real-world corpus (its functions recurse as deep as the JSON nests),
// summed over the unit (a function inlined on one side counts nothing
// there), stay within a bound of gcc's at -O0 and -O2; so does each
// function's, with an allowance of 64 bytes for functions gcc gives almost
// no frame. The bounds are where memlens is, to keep it there: the goal is
// 1.5 times (issue 18). It was 3.67 times at -O0 and 5.13 at -O2 before
// __ml_t was reached without a GOT load, and, unoptimised, static
// functions whose extra parameters do not fit in registers passed them
// through it and memlens's variables of a single use were register; 3.27
// at -O0 before, unoptimised, pure arguments were passed without
// temporaries, the steps of parameters and calls' results were made at
// once (no pending site per pointer) and the frame's slot was no variable.
// At -O2 it went from 4.97 to 5.14 when a pointer store's explanation step
// became inline (list.c's explanations: 16.0% → 12.4% over explain=0), a callee-saved
// register more in many functions; from 5.17 to 4.67 when the extra
// words of a static function's parameters that do not fit in registers
// went through __ml_t instead of being pushed (every caller had an
// outgoing area of 8 bytes a word); 2.72 at -O0 and 4.45 at -O2 before a
// function's depth was read from the thread's instead of held in __ml_d
// (2.60 and 4.23) and, unoptimised, a pointer store whose step is not
// pending took six arguments instead of eight (2.50: no outgoing area
// for the two pushed); 2.50 and 4.23 before the metas and provenance of
// pointer locals and parameters (unoptimised, all memlens's variables)
// went to the thread's side stack (1.81 and 3.36); at -O2, 3.33 to 3.13
// when a call's frame slot was computed at the call and a check's stub
// rebuilt the meta, and to 2.12 when the helpers' cold calls into the
// runtime went through trampolines keeping every register; at -O0, 1.81
// to 1.73 when leaf functions' variables went to the side stack too;
// at -O2, 2.12 to 1.87 when checks compared the whole meta with the record
// (no register for the generation) and loads' and steps' slow paths
// became stubs; at -O0, 1.73 to 1.71 when a check's call returned the
// address it was passed last (no variable holding it) and a direct
// function's extra words went through __ml_t; at -O2, to 1.75 when loads'
// and stores' asm statements read their 64-bit constants from memory (no
// register of their own), and 1.73 when each check computed its record's
// address; at -O2, 1.75 to 1.61 when a calling function's address was
// computed at each use instead of held across calls; at -O0, 1.71 to 1.68
// when a pointer load was one call setting its meta and provenance through
// pointers (no variables for the slot's address and the value); at -O0,
// 1.68 to 1.50 when hoisted arguments' metas and provenance and local
// objects' metas went to side words and a pointer call's result and a
// pointer moved in place went through one call each; at -O0, 1.50 to
// 1.46 when a pending step's word was stored from a conditional (no
// side word's address held across __ml_pend), and 1.45 when __ml_t.callee
// was compared at each use of the arguments' metas (no variable for
// __ml_own's answer); at -O2, 1.61 to 1.54 when gcc's code hoisting was
// off and its loop-invariant motion weighed register pressure, and to
// 1.46 without its partial redundancy elimination, and 1.44 when static
// functions only called by name were named in their handshakes by a byte
// of the unit's, not their address (gcc inlines more of them); at -O0,
// 1.45 to 1.43 when a return's integer or pointer value went through one
// helper call, passed last, popping the frame (no register variable held
// across __ml_setret and __ml_leave), 1.42 when pointer locals took
// their values before their companions were set, and 1.39 when a pointer
// return of the program's own text was evaluated after the exit's calls
// (no register variable for a pending step's return); at -O2, 1.44 to
// 1.42 when cold calls kept every register and parameters' provenance
// stayed in the thread's words, 1.38 when gcc's budget for inlining a
// function given the hint was raised; at -O0, 1.39 to 1.29 when the
// helpers' calls of functions that call nothing were made in asm skipping
// the red zone (gcc gives such a function no frame); hence 1.29 and 1.38,
// and 3 times per function; -O0 1.28 to 1.26 when such a small function's
// temporaries became plain locals, in the red zone (cJSON_Is*: 24 bytes
// to 16).
func TestFrameSizeCJSON(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	src, err := filepath.Abs("../../shared/realworld/cjson/cJSON.c")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(src); err != nil {
		t.Skipf("the real-world corpus is not here: %v", err)
	}
	for _, c := range []struct {
		opt       string
		unitBound float64
	}{{"-O0", 1.26}, {"-O2", 1.38}} {
		native, instrumented := frameSizes(t, src, c.opt, gcc), frameSizes(t, src, c.opt, memlens, "cc")
		nativeSum, instrumentedSum := frameSum(native), frameSum(instrumented)
		for fn, n := range native {
			if m, ok := instrumented[fn]; ok && float64(m) > 3*float64(n+64) {
				t.Errorf("%s: %s's frame is %d bytes instrumented, %d with gcc (over 3 times gcc's + 64)", c.opt, fn, m, n)
			}
		}
		if ratio := float64(instrumentedSum) / float64(nativeSum); ratio > c.unitBound {
			t.Errorf("%s: cJSON's frames sum to %d bytes instrumented, %d with gcc: %.2f times (over %.2f)", c.opt, instrumentedSum, nativeSum, ratio, c.unitBound)
		}
	}
}

// TestFrameSizeZlib: the -O2 frames of zlib's units of the real-world
// corpus stay within a bound of gcc's, where memlens is (the goal is 1.5
// times, issue 18). trees.c was 2.37 times and inftrees.c 4.00 before an
// index check's failure and a static local's registration were cold calls
// keeping every register (trees.c indexes the state's arrays in every
// loop; inftrees.c's inflate_table registers four static tables at its
// start, its six parameters live across the calls); then trees.c 1.61,
// inftrees.c 2.69, inflate.c 1.74 and deflate.c 1.71 before a function
// whose calls set no parameter words of the thread kept its pointer
// parameters' provenance there, read by its checks as memory operands,
// instead of variables; deflate.c 1.65 to 1.67 when a pending step's
// resolution lost its inner test optimising (deflate_slow 112 to 128
// bytes: a simpler text, cc1 1-4% faster on Lua's units); inffast.c 3.29,
// inftrees.c 1.92 and inflate.c 1.65 before such a function calling
// nothing kept its pointer locals' provenance there too (inflate_fast's
// loop: eleven pointers, a site and a word each); inflate.c 1.64,
// deflate.c 1.60 and infback.c 1.76 before a call's argument sites were
// stored volatile (gcc's SLP pass packed two constant sites into a vector
// made at entry and held in a frame slot); crc32.c 2.28 before a static
// function taking no pointers needed no side frame in its callers, 2.00
// before crc32_z's endianness test (*(unsigned char *)&endian) left the
// local no object, and the function no frame of memlens's. Every unit
// with globals 8 bytes fewer when the unit's constructor became one tail
// call with its globals described in read-only data (inftrees.c 1.62,
// zutil.c 1.80, inffast.c 2.14 before); trees.c 1.53 and deflate.c 1.58
// before gcc's budget for hinted functions was raised from 120 to 200.
// Without the unit's constructor in the sums (frameSizes), 8 bytes each:
// inffast.c 1.71 to 1.57, zutil.c 1.60 to 1.40, inftrees.c 1.54 to 1.46.
// A leaf's pointer metas in the thread's argument words, but for those
// named in its innermost loops (metasInThreadWords): inffast.c 1.57 to
// 1.00 (inflate_fast 88 to 56 bytes), inftrees.c 1.46 to 1.00
// (inflate_table 152 to 104), deflate.c 1.45 to 1.44, trees.c 1.15 to
// 1.14.
func TestFrameSizeZlib(t *testing.T) {
	t.Parallel()
	unitFramesWithin(t, "zlib", "-O2", map[string]float64{"trees.c": 1.14, "inftrees.c": 1.01, "inflate.c": 1.37, "deflate.c": 1.44,
		"inffast.c": 1.01, "crc32.c": 1.01, "infback.c": 1.36, "zutil.c": 1.41})
}

// TestFrameSizeUnoptimised: the -O0 frames of zlib's units, and of
// Lua's ldo.c, stay within a bound of gcc's. A function that calls
// nothing keeps its locals below the stack pointer, in the red zone,
// natively; the helpers' calls (calls at -O0) gave it a frame until they
// were made in asm statements that skip the red zone: trees.c was 2.13
// times gcc's (send_tree 16 bytes to 160), inffast.c 3.71, inftrees.c
// 2.92, zutil.c 1.57, adler32.c 1.47, ldo.c 1.54; then 8 bytes fewer in
// every unit when the constructor, compiled optimised, became one tail
// call (infback.c 1.53, inftrees.c 1.77, inffast.c 1.43 before); then
// inftrees.c 1.69, infback.c 1.50 before a static local's registration
// result was a register variable (a slot each: inflate_table's four
// tables, 32 bytes); then trees.c 1.36, crc32.c 1.23, zutil.c 1.29 and
// Lua's lopcodes.c 1.75 before a small function's temporaries, calling
// nothing, were plain locals in the red zone rather than registers gcc
// saves (luaP_isIT 24 bytes to 16). Tightened at stop 71 to where the
// units are (trees.c 1.330, inffast.c 1.143, inftrees.c 1.308, inflate.c
// 1.329, deflate.c 1.344, infback.c 1.375, zutil.c 1.143, adler32.c 1.053,
// crc32.c 1.186, ldo.c 1.235 since precallC's words went through __ml_t,
// lopcodes.c 1.000).
func TestFrameSizeUnoptimised(t *testing.T) {
	t.Parallel()
	unitFramesWithin(t, "zlib", "-O0", map[string]float64{"trees.c": 1.335, "inffast.c": 1.15, "inftrees.c": 1.31, "inflate.c": 1.335,
		"deflate.c": 1.345, "infback.c": 1.38, "zutil.c": 1.15, "adler32.c": 1.06, "crc32.c": 1.19})
	unitFramesWithin(t, "lua", "-O0", map[string]float64{"ldo.c": 1.24, "lopcodes.c": 1.01})
}

// TestFrameSizeLua: the -O2 frames of Lua's parser and code generator
// stay within a bound of gcc's. Their static functions called once (a
// statement's parser) are inlined natively; checked, their caller passed
// gcc's large-function size or its called-once size and they stayed out
// of line with frames of their own: lparser.c 2.05 times gcc's, lcode.c
// 1.81, before the limits were tripled for checked units (1.85 and 1.70);
// lcode.c 1.67 when another register fewer was saved here and there. And
// its interpreter's, luaV_execute being recursive: lvm.c 4.76 times before
// a call's constant argument sites stopped being packed into vectors gcc
// hoisted into luaV_execute's frame (2.06); 2.10 since short copies in
// loops are made inline (luaV_concat 144 to 224 bytes, for hash.c's speed).
// Helpers given the inline hint stayed out of line, their callers no longer
// leaves (ltable.c 2.38, lparser.c 1.79) until gcc's budget for them was
// raised (2.25, 1.75); 2.27 and 1.76 with the other changes of that stop
// (ltable.c 2,528 to 2,552 bytes, lparser.c 5,096 to 5,112). The API's
// functions and the table getters copy TValues: ltable.c 2.23 and lapi.c
// 2.20 before a small copy's rare runtime calls kept every register (2.07,
// 2.12; ldo.c 1.94 to 1.88); ldebug.c 1.93 and lvm.c 2.07 before a lent
// scalar's registration and its block's end did too (1.80, 2.02; lcode.c
// 1.64 to 1.63); ldo.c 1.87 before luaD_rawrunprotected's jmp_buf kept its
// setjmp's words and depth (1.85). Small static functions gcc inlines
// natively stayed out of line checked, their callers saving registers
// across their calls, until they got the inline hint (hintNativeInlined):
// lcode.c 1.63 to 1.48, lparser.c 1.73 to 1.67, lgc.c 2.12 to 2.02,
// lundump.c 1.91 to 1.74, ldebug.c 1.80 to 1.76, ltable.c 2.05 to 2.03,
// ldo.c 1.85 to 1.845; and larger ones called from few places, whose
// frames hold no object: ltable.c 2.03 to 1.844, lgc.c 2.02 to 1.817,
// lapi.c 2.082 to 2.075, ldebug.c 1.76 to 1.745, lcode.c 1.48 to 1.474.
// gcc's budget for declared-inline and hinted functions raised from 120
// to 200: ldo.c 1.845 to 1.756 (its declared-inline precallC, ccall,
// prepCallInfo), lcode.c 1.474 to 1.343, lparser.c 1.660 to 1.567, lgc.c
// 1.817 to 1.704, lvm.c 1.948 to 1.843, ltable.c 1.801 to 1.759, lundump.c
// 1.741 to 1.707; lapi.c 2.075 to 2.094, where index2value went into its
// callers: fifteen grew 8 or 16 bytes where each called its 32 (no stack
// through them deeper). Pushed parameter words read in place (pushedExtras)
// keep some in callee-saved registers: lparser.c's singlevaraux +16 bytes,
// 1.567 to 1.578. A side frame's top a variable only in a function with a
// loop (sideTopWords): lapi.c 2.026 to 1.959, ldebug.c 1.732 to 1.656,
// ltable.c 1.730 to 1.702, lgc.c 1.615 to 1.604, lparser.c 1.578 to
// 1.573 (lvm.c 1.774 to 1.791: luaV_objlen +16 bytes). A meta reused
// from a slot's last read (reloads.go) is held in a register: lgc.c 1.604
// to 1.615 (+16 bytes). A pointer's step settled by an earlier move is
// its word alone (settled steps), with gcc's large-function size raised
// from 8,100 to 9,000 (at 8,100 lparser.c's statement reached it and
// kept retstat and globalnames out of line: 1.619): lparser.c 1.573 to
// 1.534, lcode.c 1.330 to 1.317, but ltable.c 1.702 to 1.730 (luaH_getn
// 48 to 80 bytes: the table's word, no longer behind a test, lives in a
// register through its inlined searches, L spilled). The load's and the
// move's asm statements with an early-clobbered scratch register fewer
// each (a rotate for the live test, the record's register for the
// hashes): lapi.c 1.884 to 1.861, ldo.c 1.671 to 1.634, lundump.c 1.672
// to 1.638, ldebug.c 1.650 to 1.643, lgc.c 1.615 to 1.604. Both together:
// lparser.c 1.534, lcode.c 1.303, ldo.c 1.615. A struct copy's inline
// retagging one asm statement with two scratch registers (gcc's C held
// both shadow addresses, both hashes, the value and the multiplier):
// lapi.c 1.861 to 1.798, ltable.c 1.730 to 1.624, ldo.c 1.615 to 1.582,
// lgc.c 1.604 to 1.580. A local whose address initializes a pointer local
// only dereferenced (setobj's io1 = &temp) lent, and a lent struct holding
// no array registered keeping every register: lapi.c 1.798 to 1.757
// (lua_rotate 144 to 56 bytes, reverse's TValue temp), ltable.c 1.624 to
// 1.539. A side frame's top in a variable only from 64 words
// (luaV_execute's): lgc.c 1.580 to 1.532, lundump.c 1.637 to 1.603, lvm.c
// 1.791 to 1.773, ldo.c 1.582 to 1.591 (luaD_pretailcall). Small
// loop-free bodies hinted from any number of places (loadInt, checknext),
// and a function holding an object hinted when one function makes all
// its calls (checkliteral), with gcc's large-function size at 12,000:
// lundump.c 1.603 to 1.328, lparser.c 1.523 to 1.504, lcode.c 1.297.
// gcc's called-once size raised to 30,000 (checked luaV_execute is 20,774):
// forprep and pushclosure inlined into it, lvm.c 1.774 to 1.548.
// gcc's budget for declared-inline and hinted functions raised from 200
// to 240 (checked LTnum and LEnum are 230): lvm.c 1.548 to 1.478,
// lparser.c 1.504 to 1.458, ldebug.c 1.631 to 1.516, ldo.c 1.592 to
// 1.563, but lgc.c 1.533 to 1.550 (traverseephemeron went into
// convergeephemerons, which left atomic). With the same stop's result
// variables (resultVar) besides, lparser.c's singlevaraux 160 to 176
// bytes: lparser.c 1.463.
// A pending step's store inline (wt-vm12, __ml_store_steps_at: vm's run
// time halved): loadFunction 112 to 128 bytes, lundump.c 1.328 to 1.362.
// RTL's loop-invariant motion off (-fno-move-loop-invariants): lapi.c
// 1.749 to 1.734, ldo.c 1.558 to 1.512, lgc.c 1.550 to 1.491, ltable.c
// 1.525 to 1.511, ldebug.c 1.516 to 1.510, lvm.c 1.478 to 1.426,
// lparser.c 1.463 to 1.458, lundump.c 1.362 to 1.328.
// A scalar's end test adding the size to its address in place, where the
// address serves the access alone (__ML_ALONE: no early-clobbered
// temporary): lapi.c 1.734 to 1.682, ltable.c 1.511 to 1.461, ldebug.c
// 1.510 to 1.484, lparser.c 1.458 to 1.447, lcode.c 1.297 to 1.284, lvm.c
// 1.426 to 1.417; in loops too, lparser.c 1.463 (an invariant address
// copied before each check).
// With the pointer shadow's 2 MiB addend (an inlining estimate moved):
// gcc no longer inlines correctstack into luaD_reallocstack, ldo.c 1.512
// to 1.516 (2,576 to 2,584 bytes).
// An assignment's steps and __ml_pend2 as one asm statement each (cc1 a
// fifth faster on tree.c's unit): gcc's inliner counts each as one
// instruction where it counted their C, so more small functions go inline
// (correctgraylist, separatetobefnz and sweep2old into atomic, allocupvalue
// into its caller): lgc.c 2,016 to 2,040 bytes (1.491 to 1.509), lparser.c
// 4,224 to 4,240 (1.447 to 1.452). A static function declared inline and
// called from four places or fewer always inlined (precallC, 548 of gcc's
// instructions, passed the budget of 240): ldo.c 1.516 to 1.422.
// Without the unit's constructor in the sums (frameSizes): lapi.c 1.663,
// lgc.c 1.503, lparser.c 1.449, ltable.c 1.454, ldo.c 1.423, ldebug.c
// 1.414, lvm.c 1.409, lundump.c 1.310, lcode.c 1.278. A whole-object
// parameter pointing to a pointer bare (aux_upvalue's val): lapi.c 1.644
// (lua_setupvalue 144 to 112 bytes). A call's pointer result as one asm
// statement (__ml_result): lparser.c 4,240 to 4,256 bytes with the
// constructor (1.452 to 1.458). An optional out-parameter (some calls
// pass NULL) used only under its own test bare too (getupvalref's pf,
// aux_upvalue's owner): lapi.c 1.644 to 1.622. A small loop called from
// more than four places always inlined (propagateall): lgc.c 1.503 to 1.491.
// A leaf's pointer metas, its parameters' too, in the thread's argument
// words but for those named in its innermost loops (metasInThreadWords):
// lapi.c 1.621 to 1.565 (lua_pushvalue 40 to 24 bytes), lcode.c 1.277 to
// 1.271, lstring.c 1.313 to 1.298, ldebug.c 1.414 to 1.394, ldo.c 1.422
// to 1.417.
// A function body's end retiring the locals registered at its depth
// (__ml_scope_end_body) instead of holding the entry's count of live
// locals in a callee-saved register: lapi.c 1.566 to 1.536, lcode.c 1.271
// to 1.245, ldo.c 1.418 to 1.409, ltable.c 1.454 to 1.440, lgc.c 1.491 to
// 1.479, lparser.c 1.444 to 1.395, lundump.c 1.310 to 1.276. Its
// runtime calls and a local's registration through a trampoline keeping
// the other caller-saved general registers (__ML_KEEPG3): lapi.c 1.536
// to 1.476, lcode.c 1.245 to 1.199, ldo.c 1.409 to 1.399, lvm.c 1.339 to
// 1.322, ldebug.c 1.395 to 1.382, lstring.c 1.299 to 1.269.
// No inline hint for a body making calls into a function calling itself
// (intoRecursion), with a recursive function's words all through __ml_t
// when more than one parameter's would be pushed: lparser.c 1.395 to
// 1.362 (singlevaraux 192 to 96 bytes), ldebug.c 1.382 to 1.331
// (getobjname 128 to 96), but lgc.c 1.479 to 1.491 (objsize out of line,
// 16 bytes, as gcc keeps it).
// No inline hint for a leaf whose loop writes memory with three pointers
// or more, where a caller makes other calls (pressingLeafLoop): lgc.c
// 1.491 to 1.438 (separatetobefnz out of line, 56 bytes: atomic 192 to
// 112, luaC_freeallobjects 96 to 48), lstring.c 1.269 to 1.254,
// ldo.c 1.399 to 1.404 (luaD_reallocstack 128 to 96, correctstack out of
// line, 40), but lvm.c 1.322 to 1.374 (luaV_concat 208 to 160, copy2buff
// out of line, 96: recursion is shallower, the sum larger; the bound
// 1.33 to 1.38 for that trade, still under the goal).
// The goal is 1.5 times (issue 18).
func TestFrameSizeLua(t *testing.T) {
	t.Parallel()
	unitFramesWithin(t, "lua", "-O2", map[string]float64{"lparser.c": 1.365, "lcode.c": 1.205, "lvm.c": 1.38, "ltable.c": 1.445,
		"lapi.c": 1.48, "ldo.c": 1.405, "ldebug.c": 1.335, "lgc.c": 1.445, "lundump.c": 1.28, "lstring.c": 1.26})
}

// TestFrameSizeRecursive: the frames of recursive functions, whose growth
// bounds how deep a program recurses instrumented, stay within bounds in
// bytes, where memlens is (stop 69; gcc's in brackets): Lua's -O2 lgc.c
// atomic 112 (48; 192 while separatetobefnz, pressingLeafLoop's, went
// into it), lstrlib.c gmatch_aux 128 (48) and match 112 (64),
// cJSON's -O2 compare_json 80 (48), Lua's -O0 ldo.c precallC 96 (80) and
// luaD_precall 112 (96): 208 and 224 while precallC, declared inline,
// which gcc -O0 does not inline, took its two pointers' six extra words
// as register parameters, five callee-saved registers (direct.go), and
// luaD_precall pushed four of them. match and compare_json were 176 and 144, and
// gmatch_aux, calling match, 176, while a recursive function pushed the
// extra words of the pointer parameters it steps (direct.go). In full mode
// dropin/descent.c's -O2 parse_value 48 (gcc's parse_list, into which gcc
// inlines it, 32): 80 while the definedness checks' cold calls were calls
// and gcc held a shadow address and a WILD test's flag across the
// recursion (memlens.h's __ml_use). Stop 71 (gcc's in brackets): Lua's
// -O2 lparser.c singlevaraux 96 (32) and ldebug.c getobjname 96 (80),
// cJSON_Utils's create_patches 208 (gcc inlines it) and sort_list 48 (48): singlevaraux
// 192, getobjname 128, create_patches 224 and sort_list 96 while a
// recursive function pushed the words of more than one pointer parameter
// it passes on (72 bytes of outgoing area in singlevaraux; create_patches,
// calling itself in a loop, still does: nbody.c's force, the same shape,
// ran 19% more instructions through __ml_t) and allocupvalue,
// making calls, had the inline hint into it (direct.go). Lua's -O2
// lvm.c luaV_concat 160 (gcc splits it: 8, and 160 in its .part.0),
// lstring.c luaS_resize 96 (64) and ldo.c luaD_reallocstack 96 (80):
// 208, 160 and 128 while a leaf whose loop steps three pointers or
// more, copy2buff, tablerehash and correctstack, had the inline hint
// into them beside their other calls (direct.go's pressingLeafLoop).
func TestFrameSizeRecursive(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	t.Run("descent.c-O2-full", func(t *testing.T) {
		t.Parallel()
		src := filepath.Join(cwd(t), "testdata/dropin/descent.c")
		native, full := frameSizes(t, src, "-O2", gcc), frameSizes(t, src, "-O2", memlens, "cc", "--memlens-full")
		if n, ok := full["parse_value"]; !ok || n > 48 {
			t.Errorf("parse_value's frame: %d bytes in full mode (over 48), gcc's parse_list %d", n, native["parse_list"])
		}
	})
	dir, err := filepath.Abs("../../shared/realworld")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the real-world corpus is not here: %v", err)
	}
	for _, c := range []struct {
		unit, opt string
		bounds    map[string]int
	}{
		{"lua/lgc.c", "-O2", map[string]int{"atomic": 112}},
		{"lua/lvm.c", "-O2", map[string]int{"luaV_concat": 160}},
		{"lua/lstring.c", "-O2", map[string]int{"luaS_resize": 96}},
		{"lua/ldo.c", "-O2", map[string]int{"luaD_reallocstack": 96}},
		{"lua/lparser.c", "-O2", map[string]int{"singlevaraux": 96}},
		{"lua/ldebug.c", "-O2", map[string]int{"getobjname": 96}},
		{"lua/lstrlib.c", "-O2", map[string]int{"gmatch_aux": 128, "match": 112}},
		{"cjson/cJSON_Utils.c", "-O2", map[string]int{"compare_json": 80, "create_patches": 208, "sort_list": 48}},
		{"lua/ldo.c", "-O0", map[string]int{"precallC": 96, "luaD_precall": 112}},
	} {
		t.Run(c.unit+c.opt, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(dir, c.unit)
			native, instrumented := frameSizes(t, src, c.opt, gcc), frameSizes(t, src, c.opt, memlens, "cc")
			for fn, bound := range c.bounds {
				if n, ok := instrumented[fn]; !ok || n > bound {
					t.Errorf("%s's frame: %d bytes instrumented (over %d), %d with gcc", fn, n, bound, native[fn])
				}
			}
		})
	}
}

// unitFramesWithin checks that each unit of a real-world project, built
// at optimisation level opt, has frames summing to at most its bound
// times gcc's.
func unitFramesWithin(t *testing.T, project, opt string, bounds map[string]float64) {
	needMemlens(t)
	dir, err := filepath.Abs("../../shared/realworld/" + project)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the real-world corpus is not here: %v", err)
	}
	for unit, bound := range bounds {
		t.Run(project+"/"+unit, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(dir, unit)
			nativeSum, instrumentedSum := frameSum(frameSizes(t, src, opt, gcc)), frameSum(frameSizes(t, src, opt, memlens, "cc"))
			if ratio := float64(instrumentedSum) / float64(nativeSum); ratio > bound {
				t.Errorf("%s's %s frames sum to %d bytes instrumented, %d with gcc: %.2f times (over %.2f)", unit, opt, instrumentedSum, nativeSum, ratio, bound)
			}
		})
	}
}

// frameSum is the sum of a unit's frame sizes.
func frameSum(sizes map[string]int) int {
	sum := 0
	for _, n := range sizes {
		sum += n
	}
	return sum
}

// frameSizes compiles src with compiler command cc at optimisation level
// opt and -fstack-usage, and returns the frame size of each function of
// src (not of the runtime header's helpers, which -O0 keeps out of line:
// they call nothing, so no recursion stacks their frames; nor of the
// unit's constructor, __ml_register_unit, which the instrumenter adds at
// src's end: it runs once, before main, in no recursion; its 8 bytes,
// the return address, are a fifth of gcc's 40 for zlib's zutil.c). The
// compile is made once a run (frameCompiles); the map is the callers' to
// read, not to change.
func frameSizes(t *testing.T, src, opt string, cc ...string) map[string]int {
	t.Helper()
	argv := slices.Concat(cc, []string{opt, "-fstack-usage", "-c", src})
	sizes, err := frameCompiles.get(argv)
	if err != nil {
		t.Fatal(err)
	}
	return sizes
}

// frameCompiles are the run's compiles of frameSizes, by command and the
// bytes of the unit: the frame tests compile some units alike
// (TestFrameSizeRecursive's lgc.c at -O2 is TestFrameSizeLua's, its ldo.c
// at -O0 TestFrameSizeUnoptimised's, with gcc and with memlens cc), and
// the frame sizes of a unit depend on nothing else (the headers it
// includes are the run's too).
var frameCompiles frameCache

// A frameCache holds frame sizes by compile.
type frameCache struct {
	sync.Mutex
	m map[string]func() (map[string]int, error)
}

// get returns the frame sizes of the unit argv compiles (its last word),
// compiling it the first time.
func (fc *frameCache) get(argv []string) (map[string]int, error) {
	src := argv[len(argv)-1]
	data, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%q %x", argv, sha256.Sum256(data))
	fc.Lock()
	if fc.m == nil {
		fc.m = map[string]func() (map[string]int, error){}
	}
	f := fc.m[key]
	if f == nil {
		f = sync.OnceValues(func() (map[string]int, error) { return compileFrames(argv) })
		fc.m[key] = f
	}
	fc.Unlock()
	return f()
}

// compileFrames runs argv, a compile of one unit with -fstack-usage, in a
// directory of its own and reads the frame sizes of the unit's functions
// (as frameSizes says).
func compileFrames(argv []string) (map[string]int, error) {
	dir, err := os.MkdirTemp("", "memlens-frames-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src := argv[len(argv)-1]
	argv = append(slices.Clip(argv), "-o", filepath.Join(dir, "u.o"))
	if out, err := build(dir, argv); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	su, err := os.ReadFile(filepath.Join(dir, "u.su"))
	if err != nil {
		return nil, err
	}
	sizes := map[string]int{}
	for _, l := range strings.Split(string(su), "\n") {
		// FILE:LINE:COLUMN:FUNCTION<TAB>BYTES<TAB>KIND
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			continue
		}
		where := strings.SplitN(f[0], ":", 4)
		if len(where) == 4 && where[0] == src && where[3] != "__ml_register_unit" {
			var n int
			fmt.Sscan(f[1], &n)
			sizes[where[3]] = n
		}
	}
	if len(sizes) == 0 {
		return nil, fmt.Errorf("no frame sizes in\n%s", su)
	}
	return sizes, nil
}

// TestAutoconfProbeStatus: autoconf's run probes (conftest from
// conftest.c) keep their own exit status, configure's answer, when memlens
// reports: gnulib's AC_FUNC_MALLOC probe, `return !malloc(0);`, leaks its
// block and made configure decide malloc(0) returns NULL (lbzip2). The
// report still reaches the probe's stderr; any other program's status
// still says there was one.
func TestAutoconfProbeStatus(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := "#include <stdlib.h>\nint main(void) { return !malloc(0); }\n"
	if err := os.WriteFile(filepath.Join(dir, "conftest.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for prog, want := range map[string]string{"conftest": "exit 0", "other": "exit 23"} {
		if diag, err := build(dir, []string{memlens, "cc", "-o", prog, "conftest.c"}); err != nil {
			t.Fatalf("building %s: %v\n%s", prog, err, diag)
		}
		got := run(t, dir, "./"+prog, nil)
		if !strings.HasSuffix(got, want) || !strings.Contains(got, "MEMORY-LEAK") {
			t.Errorf("%s printed\n%s\nwant a MEMORY-LEAK report and %s", prog, got, want)
		}
	}
}

// TestAutoconfSymbolPrefix: configure scripts tell whether C symbols get
// a leading underscore by compiling `int a_global_symbol;` and grepping
// nm's output for `_a_global_symbol` (nettle's, as GMP's). The global's
// shared meta, a symbol of the object too, must not match, or the
// project's assembly gets a prefix its C code does not (nettle 3.8.1:
// libnettle.so's undefined `_nettle_aes_decrypt`, which the assembly
// named `__nettle_aes_decrypt`). Both modes.
func TestAutoconfSymbolPrefix(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if _, err := exec.LookPath("nm"); err != nil {
		t.Skip("nm is not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "conftest.c"), []byte("int a_global_symbol;\nint *use(void) { return &a_global_symbol; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range [][]string{nil, {"--memlens-full"}} {
		argv := append(append([]string{memlens, "cc"}, mode...), "-c", "conftest.c")
		if diag, err := build(dir, argv); err != nil {
			t.Fatalf("%v: %v\n%s", argv, err, diag)
		}
		out, err := exec.Command("nm", filepath.Join(dir, "conftest.o")).Output()
		if err != nil {
			t.Fatalf("nm: %v", err)
		}
		if !strings.Contains(string(out), " a_global_symbol\n") {
			t.Errorf("%v: no symbol a_global_symbol in\n%s", mode, out)
		}
		if strings.Contains(string(out), "_a_global_symbol") {
			t.Errorf("%v: a symbol of the object matches _a_global_symbol, as if C symbols got an underscore:\n%s", mode, out)
		}
	}
}

// TestUnderValgrind runs a clean corpus program built by memlens cc under
// Valgrind, as test suites do when it is installed (GNU sed's): memcheck
// and helgrind, which would take hours and terabytes marking the shadow
// memory memlens reserves, end at once with one clear message (the run
// hung before); callgrind runs the program, which prints what its native
// build prints.
func TestUnderValgrind(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	valgrind := lookTool("valgrind")
	if valgrind == "" {
		t.Skip("valgrind is not installed")
	}
	dir := t.TempDir()
	src, err := filepath.Abs("../testdata/clean/binary_tree.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, argv := range [][]string{{gcc, "-O1", src, "-o", "native"}, {memlens, "cc", "-O1", src, "-o", "instrumented"}} {
		if out, err := build(dir, argv); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
	native := run(t, dir, "./native", nil)
	under := func(tool string) (stdout, stderr string, status int) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, valgrind, "-q", "--tool="+tool, "--callgrind-out-file=/dev/null", "./instrumented")
		if tool != "callgrind" {
			cmd.Args = slices.Delete(cmd.Args, 3, 4)
		}
		cmd.Dir = dir
		cmd.Env = environ()
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if ctx.Err() != nil {
			t.Fatalf("valgrind --tool=%s: the program hung (killed after 3 minutes)", tool)
		}
		return o.String(), e.String(), exitStatus(err)
	}
	for _, tool := range []string{"memcheck", "helgrind"} {
		stdout, stderr, status := under(tool)
		msg := "memlens: this program was built with memlens cc, which checks its memory itself; it cannot run under Valgrind's " + tool
		if status != 1 || stdout != "" || !strings.Contains(stderr, msg) {
			t.Errorf("valgrind --tool=%s: status %d, stdout %q, stderr:\n%s\nwant status 1 and %q", tool, status, stdout, stderr, msg)
		}
	}
	stdout, _, status := under("callgrind")
	if got := fmt.Sprintf("%sexit %d", stdout, status); got != native {
		t.Errorf("valgrind --tool=callgrind: the program printed\n%s\nnatively\n%s", got, native)
	}
}

// TestCMakeCXXLink builds testdata/cmake_cxx with CMake: a C library built
// by memlens cc, a C++ executable linked by g++ (CMake's C++ link). A
// static library links and runs as is: CMake adds the runtime archive,
// which it took for one of memlens cc's implicit libraries, and the
// library's references pull in what it needs. A shared one leaves the
// runtime out of the executable, which then links only through memlens cc
// (CMAKE_CXX_LINK_EXECUTABLE, as USAGE.md says). Each built program prints
// what it should and reports the library's overflow.
func TestCMakeCXXLink(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	cmake := lookTool("cmake")
	if cmake == "" {
		t.Skip("cmake is not installed")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed")
	}
	src, err := filepath.Abs("testdata/cmake_cxx")
	if err != nil {
		t.Fatal(err)
	}
	linkRule := "-DCMAKE_CXX_LINK_EXECUTABLE=" + memlens + " cc <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES> -lstdc++"
	for _, tc := range []struct {
		name  string
		flags []string
		links bool // whether g++'s own link succeeds
	}{
		{"static", nil, true},
		{"shared", []string{"-DUTIL_SHARED=ON"}, false},
		{"shared-memlens-link", []string{"-DUTIL_SHARED=ON", linkRule}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			env := append(environ(), "CC="+memlens+" cc", "CXX=g++")
			cfg := exec.Command(cmake, append([]string{"-S", src, "-B", dir}, tc.flags...)...)
			cfg.Env = env
			if out, err := cfg.CombinedOutput(); err != nil {
				t.Fatalf("cmake: %v\n%s", err, out)
			}
			mk := exec.Command(cmake, "--build", dir)
			mk.Env = env
			out, err := mk.CombinedOutput()
			if !tc.links {
				if err == nil || !strings.Contains(string(out), "undefined reference to `__ml_") {
					t.Fatalf("g++ linked the executable of a shared instrumented library: %v\n%s", err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("cmake --build: %v\n%s", err, out)
			}
			if got := run(t, dir, "./app", nil); got != "mixed 3\nexit 0" {
				t.Errorf("app printed %q, want \"mixed 3\\nexit 0\"", got)
			}
			cmd := exec.Command("./app", "past")
			cmd.Dir = dir
			cmd.Env = environ()
			bad, _ := cmd.CombinedOutput()
			if !strings.Contains(string(bad), "memlens: HEAP-BUFFER-OVERFLOW: write of 4 bytes") {
				t.Errorf("app past did not report the overflow:\n%s", bad)
			}
		})
	}
}
