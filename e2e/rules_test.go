package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"memlens/internal/report"
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
	t.Parallel()
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
	needGdbCalls(t)
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
	t.Parallel()
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

// churnProgram frees n blocks (argv[1]), the one at n/2 while its alive
// bit is set and the tenth from the end 1000 bytes larger, then calls gc.
const churnProgram = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct obj {
	uintptr_t mark;
	struct obj *next;
	size_t size;
};

static int gc(long n)
{
	return (int)(n & 1);
}

int main(int argc, char **argv)
{
	long n = atol(argv[1]);
	for (long i = 0; i < n; i++) {
		struct obj *o = malloc(sizeof *o + (i == n - 10 ? 1000 : 0));
		o->mark = i == n / 2;
		o->next = 0;
		o->size = (size_t)i;
		free(o);
	}
	printf("%d\n", gc(24));
	return 0;
}
`

// churnRules quantify over F: FREED-ALIVE's body reads only the block
// (the runtime evaluates it as each block is freed and keeps counts),
// FREED-OF-SIZE's reads n, bound outside it (the log of the newest frees).
const churnRules = `def IsAlive(bid) = (Word(bid, 0) & 1) == 1

rule FREED-ALIVE "a block was freed while marked alive"
  detect ret gc
  when   exists bid in F: IsAlive(bid)
  locate VPC(bid)

rule FREED-OF-SIZE "a block of the size asked was freed"
  detect ret gc(n)
  when   exists b in F: Size(b) == n + 1000
  locate VPC(b)
`

// TestRulesFreedBounded: rules over F answer after millions of frees, and
// the memory F costs does not grow with them (docs/RULES.md: summaries,
// and a log of the newest frees).
func TestRulesFreedBounded(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "churn.c"), []byte(churnProgram), 0o644)
	os.WriteFile(filepath.Join(dir, "churn.rules"), []byte(churnRules), 0o644)
	build := func(name string, flags ...string) string {
		cmd := exec.Command(memlens, append(append([]string{"cc", "-g", "-O1"}, flags...), "-o", name, "churn.c")...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("memlens cc: %v\n%s", err, out)
		}
		return filepath.Join(dir, name)
	}
	peak := func(prog string) (int64, []report.Record) {
		log := filepath.Join(t.TempDir(), "log.jsonl")
		cmd := exec.Command(prog, "3000000")
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=log_json="+log)
		cmd.Run() // exits non-zero: errors are reported
		recs, err := report.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss, recs
	}
	plain, _ := peak(build("plain"))
	ruled, recs := peak(build("ruled", "--memlens-rules=churn.rules"))
	var kinds []string
	for _, r := range recs {
		kinds = append(kinds, r.Kind)
	}
	if got := strings.Join(kinds, " "); got != "FREED-ALIVE FREED-OF-SIZE" {
		t.Errorf("reports %q, want FREED-ALIVE FREED-OF-SIZE", got)
	}
	// (3 million frees logged whole would take 240 MB)
	if ruled > plain+32<<10 {
		t.Errorf("peak memory %d KiB with rules over F, %d KiB without: F grows with the frees", ruled, plain)
	}
}
