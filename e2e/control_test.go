package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisable checks MEMLENS_OPTIONS=disable: the kinds listed are not
// reported, the others are, and an unknown kind is named.
func TestDisable(t *testing.T) {
	t.Parallel()
	prog := buildReporter(t, "testdata/control.c")
	kinds := func(opts string) string {
		var ks []string
		for _, r := range runReports(t, prog, opts) {
			ks = append(ks, r.Kind)
		}
		return strings.Join(ks, " ")
	}
	if got, want := kinds(""), "DANGLING-POINTER-DEREF DOUBLE-FREE"; got != want {
		t.Errorf("no option: reports %q, want %q", got, want)
	}
	if got, want := kinds(":disable=double-free"), "DANGLING-POINTER-DEREF"; got != want {
		t.Errorf("disable=double-free: reports %q, want %q", got, want)
	}
	if got := kinds(":disable=all"); got != "" {
		t.Errorf("disable=all: reports %q, want none", got)
	}
	cmd := exec.Command(prog)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=disable=DOUBLE-FREE,NO-SUCH-KIND")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "unknown kind 'NO-SUCH-KIND' in option 'disable'") ||
		strings.Contains(string(out), "memlens: DOUBLE-FREE") || !strings.Contains(string(out), "memlens: DANGLING-POINTER-DEREF") {
		t.Errorf("disable with an unknown kind: want it named and the known one still off, got:\n%s", out)
	}
	// break=1 without a debugger goes on, and says why it did not stop
	cmd = exec.Command(prog)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=break=1")
	out, _ = cmd.CombinedOutput()
	if !strings.Contains(string(out), "no debugger is attached") || !strings.Contains(string(out), "done") {
		t.Errorf("break=1 without a debugger: want a note and the program to go on, got:\n%s", out)
	}
}

// TestSuppressions: a suppressions file's KIND:PATTERN lines cover reports
// of every kind, by a function or file of the report's stack, and a
// suppressed error does not change the exit status.
func TestSuppressions(t *testing.T) {
	t.Parallel()
	prog := buildReporter(t, "testdata/control.c")
	supp := filepath.Join(t.TempDir(), "control.supp")
	run := func(lines string) (string, int) {
		if err := os.WriteFile(supp, []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		var ks []string
		for _, r := range runReports(t, prog, ":suppressions="+supp) {
			ks = append(ks, r.Kind)
		}
		cmd := exec.Command(prog)
		cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=suppressions="+supp)
		err := cmd.Run()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		}
		return strings.Join(ks, " "), status
	}
	if got, _ := run("DANGLING-POINTER-DEREF:peek\n"); got != "DOUBLE-FREE" {
		t.Errorf("DANGLING-POINTER-DEREF:peek: reports %q, want DOUBLE-FREE alone", got)
	}
	if got, _ := run("double-free:control.c\n# a comment\n"); got != "DANGLING-POINTER-DEREF" {
		t.Errorf("double-free:control.c: reports %q, want DANGLING-POINTER-DEREF alone", got)
	}
	if got, _ := run("DOUBLE-FREE:peek\n"); got != "DANGLING-POINTER-DEREF DOUBLE-FREE" {
		t.Errorf("DOUBLE-FREE:peek matches no frame of the double free: reports %q", got)
	}
	if got, status := run("all:ma*\n"); got != "" || status != 0 {
		t.Errorf("all:ma*: reports %q and exit status %d, want none and 0", got, status)
	}
	cmd := exec.Command(prog)
	os.WriteFile(supp, []byte("DOUBLE-FREE\nNO-SUCH-KIND:x\n"), 0o644)
	cmd.Env = append(os.Environ(), "MEMLENS_OPTIONS=suppressions="+supp)
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "control.supp:1: expected KIND:PATTERN") || !strings.Contains(string(out), "control.supp:2: expected KIND:PATTERN") {
		t.Errorf("malformed lines not named with file:line:\n%s", out)
	}
}

// TestGdb checks memlens gdb: the program stops at the first report, before
// the faulting read, in the frame of the statement (peek, control.c:8);
// memlens_enable called from gdb switches the double free off, so going on
// reaches the end without a second stop.
func TestGdb(t *testing.T) {
	t.Parallel()
	needGdbCalls(t)
	prog := buildReporter(t, "testdata/control.c")
	out, err := exec.Command(memlens, "gdb", "-batch", "-nx",
		"-ex", "run", "-ex", "frame", "-ex", `call (int)memlens_enable("DOUBLE-FREE", 0)`,
		"-ex", "continue", "--", prog).CombinedOutput()
	text := string(out)
	if err != nil {
		t.Fatalf("memlens gdb: %v\n%s", err, text)
	}
	for _, want := range []string{
		"memlens: DANGLING-POINTER-DEREF",
		"memlens: stopped before the faulting access",
		"peek (",
		"control.c:8",
		"$1 = 1", // memlens_enable's result: DOUBLE-FREE was on
		"done",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("memlens gdb output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "memlens: DOUBLE-FREE") {
		t.Errorf("DOUBLE-FREE reported after memlens_enable switched it off:\n%s", text)
	}
	if i, j := strings.Index(text, "stopped before"), strings.Index(text, "read 1"); i < 0 || j >= 0 && j < i {
		t.Errorf("the program went past the faulting read before stopping:\n%s", text)
	}
}
