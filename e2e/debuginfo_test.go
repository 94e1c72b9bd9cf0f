package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDebugInfoPointsAtUserSource checks that the instrumented program's
// debug information names the user's file and lines (the instrumented
// translation unit carries linemarkers), as gdb and addr2line need.
func TestDebugInfoPointsAtUserSource(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for _, tool := range []string{"nm", "addr2line"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s (binutils) not installed", tool)
		}
	}
	dir := t.TempDir()
	src, err := filepath.Abs("../examples/demo.c")
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "demo")
	if out, err := exec.Command(memlens, "cc", "-g", "-O0", "-o", prog, src).CombinedOutput(); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	syms, err := exec.Command("nm", prog).Output()
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"copy_name", "new_user", "main"} {
		addr := ""
		for _, l := range strings.Split(string(syms), "\n") {
			if f := strings.Fields(l); len(f) == 3 && f[2] == fn {
				addr = "0x" + f[0]
			}
		}
		if addr == "" {
			t.Fatalf("no symbol %s in the instrumented program", fn)
		}
		out, err := exec.Command("addr2line", "-e", prog, addr).Output()
		if err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSpace(string(out))
		file, line, _ := strings.Cut(got, ":")
		if file != src {
			t.Errorf("%s: addr2line says %s, want a line of %s", fn, got, src)
			continue
		}
		// the function's entry is on the line of its name or its brace
		lines := strings.Split(string(text), "\n")
		n := 0
		for _, c := range line {
			n = n*10 + int(c-'0')
		}
		if n < 1 || n > len(lines) || !(strings.Contains(lines[n-1], fn+"(") || strings.TrimSpace(lines[n-1]) == "{") {
			t.Errorf("%s: addr2line says line %d: %q", fn, n, lines[max(n-1, 0)])
		}
	}
}
