package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memlens/internal/report"
)

// TestReportKeepsRegisters: a failed check calls the runtime from a stub
// the C compiler does not see as a call, so the report must give back
// every register as it was: doubles (xmm), integers in the registers a
// callee may clobber, and AVX vectors (ymm, whose upper halves glibc's
// vzeroupper clears) held across the failing access; and across a pointer
// load whose slow path, a stub too, finds the meta the report then uses,
// and across a load of NULL, which the stub answers itself.
// In both modes, at -O2 (the stubs are for optimised code) and -O0 (calls,
// not stubs).
func TestReportKeepsRegisters(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, flags := range [][]string{{"-O2"}, {"-O2", "--memlens-full"}, {"-O0"}} {
		prog := filepath.Join(t.TempDir(), "registers")
		args := append([]string{"cc", "-g", "-o", prog, "testdata/registers.c"}, flags...)
		if out, err := exec.Command(memlens, args...).CombinedOutput(); err != nil {
			t.Fatalf("memlens %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		log := filepath.Join(t.TempDir(), "log.jsonl")
		cmd := exec.Command(prog)
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log)
		out, _ := cmd.Output() // exits non-zero: errors are reported
		for _, want := range []string{"scalars kept\n", "integers kept\n", "loads kept\n", "null loads kept\n", "vectors "} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%v: output lacks %q:\n%s", flags, want, out)
			}
		}
		if strings.Contains(string(out), "clobbered") {
			t.Errorf("%v: a report changed the program's registers:\n%s", flags, out)
		}
		recs, err := report.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		var lines []int
		for _, r := range recs {
			if r.Kind != "HEAP-BUFFER-OVERFLOW" {
				t.Errorf("%v: unexpected %s at line %d", flags, r.Kind, r.Line)
			}
			lines = append(lines, r.Line)
		}
		want := []int{19, 28, 56, 39}
		if strings.Contains(string(out), "vectors not tried") {
			want = want[:3] // (no AVX)
		}
		if !slices.Equal(lines, want) {
			t.Errorf("%v: reports at lines %v, want %v", flags, lines, want)
		}
	}
}

// TestX87AcrossKeepg: a registration and a block's end call the runtime
// through fn_keepg from asm, which keeps the general registers only; gcc
// held mix's two long doubles in st(0) and st(1) across that call until
// the asm clobbered the x87 stack (the runtime may use all of it: the ABI
// has it empty at a call). At -O2 no x87 register is live at the first
// such call, and the program prints what its native build prints.
func TestX87AcrossKeepg(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/x87.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, argv := range [][]string{{gcc, "-O2", src, "-o", "native"}, {memlens, "cc", "-O2", src, "-o", "instrumented"},
		{memlens, "cc", "-O2", "-S", src, "-o", "x87.s"}} {
		if out, err := build(dir, argv); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
	if native, got := run(t, dir, "./native", nil), run(t, dir, "./instrumented", nil); got != native {
		t.Errorf("instrumented, it printed\n%s\nnatively\n%s", got, native)
	}
	asm, err := os.ReadFile(filepath.Join(dir, "x87.s"))
	if err != nil {
		t.Fatal(err)
	}
	depth, called := x87DepthAtKeepg(string(asm), "mix")
	if !called {
		t.Fatalf("mix calls no _keepg trampoline:\n%s", asm)
	}
	if depth != 0 {
		t.Errorf("mix holds %d x87 registers across its first _keepg call", depth)
	}
}

// x87DepthAtKeepg follows fn's straight-line start in asm to its first
// call of a _keepg trampoline, counting the x87 registers pushed and
// popped.
func x87DepthAtKeepg(asm, fn string) (depth int, called bool) {
	_, body, ok := strings.Cut(asm, "\n"+fn+":\n")
	if !ok {
		return 0, false
	}
	for _, l := range strings.Split(body, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		op := f[0]
		switch {
		case op == "call" && len(f) > 1 && strings.Contains(f[1], "_keepg"):
			return depth, true
		case op == "ret" || op == ".cfi_endproc":
			return depth, false
		case op == "fcompp" || op == "fucompp":
			depth -= 2
		case strings.HasPrefix(op, "fld") || strings.HasPrefix(op, "fild"):
			depth++
		case strings.HasPrefix(op, "fst") && strings.Contains(op, "p"), strings.HasPrefix(op, "fist") && strings.Contains(op, "p"),
			strings.HasPrefix(op, "f") && strings.HasSuffix(op, "p") && !strings.HasPrefix(op, "fx"):
			depth--
		}
	}
	return depth, false
}
