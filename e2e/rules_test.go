package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildWithRules builds a program of testdata/rules/bugs with its rules file.
func buildWithRules(t *testing.T, name, rulesFile string) string {
	t.Helper()
	needMemlens(t)
	dir := filepath.Join("..", "testdata", "rules", "bugs")
	prog := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(memlens, "cc", "-g", "-O1", "--memlens-rules="+rulesFile, "-o", prog, name+".c")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	return prog
}

// TestRulesControl: a program's rules are kinds like the built-in ones:
// disable= names them in any case, memlens gdb stops at their reports in
// the frame that called the watched function, and memlens_enable switches
// them from there.
func TestRulesControl(t *testing.T) {
	prog := buildWithRules(t, "leak_in_ts_keepalive", "transactions.rules")
	kinds := func(opts string) string {
		var ks []string
		for _, r := range runReports(t, prog, opts) {
			ks = append(ks, r.Kind)
		}
		return strings.Join(ks, " ")
	}
	if got := kinds(""); got != "LEAK-IN-TS" {
		t.Errorf("no option: reports %q, want LEAK-IN-TS", got)
	}
	if got := kinds(":disable=leak-in-ts"); got != "" {
		t.Errorf("disable=leak-in-ts: reports %q, want none", got)
	}
	if got := kinds(":disable=all"); got != "" {
		t.Errorf("disable=all: reports %q, want none", got)
	}
	if _, err := exec.LookPath("gdb"); err != nil {
		t.Skip("gdb is not installed: memlens gdb is not tested")
	}
	out, err := exec.Command(memlens, "gdb", "-batch", "-nx", "-ex", "run",
		"-ex", `call (int)memlens_enable("LEAK-IN-TS", 0)`, "-ex", "continue", "--", prog).CombinedOutput()
	text := string(out)
	if err != nil {
		t.Fatalf("memlens gdb: %v\n%s", err, text)
	}
	for _, want := range []string{"memlens: LEAK-IN-TS", "memlens: stopped", "in main () at leak_in_ts_keepalive.c:57", "$1 = 1", "55 bytes"} {
		if !strings.Contains(text, want) {
			t.Errorf("memlens gdb output lacks %q:\n%s", want, text)
		}
	}
}

// TestRulesBuildErrors: memlens cc stops at a rules file that does not
// check, with its errors as gcc prints them.
func TestRulesBuildErrors(t *testing.T) {
	needMemlens(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x.rules"), []byte("rule R\n  detect free r\n  when Allocated(r) && Freed(r, r1\n  locate VPC(r)\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.c"), []byte("int main(void) { return 0; }\n"), 0o644)
	cmd := exec.Command(memlens, "cc", "--memlens-rules=x.rules", "p.c", "-o", "p")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "x.rules:3:35: error: expected ')' before 'locate'") {
		t.Errorf("memlens cc with a broken rules file: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "p")); err == nil {
		t.Errorf("memlens cc wrote the program despite the rules' errors")
	}
}
