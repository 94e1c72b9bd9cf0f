package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"memlens/internal/rtbuild"
)

// These tests run the driver as its own process, the test binary started
// again with driverEnv set, since it is meant to die of the signals it is
// sent.

const driverEnv = "MEMLENS_TEST_RUN_DRIVER"

func TestMain(m *testing.M) {
	if os.Getenv(driverEnv) == "1" {
		os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// proc is a directory with a FIFO the C sources include (so that gcc
// waits for the test while it compiles them) and an empty TMPDIR.
type proc struct {
	t    *testing.T
	dir  string
	tmp  string // TMPDIR of the driver
	fifo string
}

func newProc(t *testing.T) *proc {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	dir := t.TempDir()
	p := &proc{t: t, dir: dir, tmp: filepath.Join(dir, "tmp"), fifo: filepath.Join(dir, "wait.h")}
	if err := os.Mkdir(p.tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p.fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"slow.c":    "#include \"wait.h\"\nint main(void) { return 0; }\n",
		"slow.S":    "#include \"wait.h\"\n\t.text\n",
		"ok.c":      "int ok(void) { return 1; }\n",
		"warning.c": "#warning \"memlens test\"\nint f(void) { int unused; return 0; }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// command returns `memlens cc args...` run in p.dir, in a process group of
// its own (as a job of a shell is), with p.tmp as TMPDIR.
func (p *proc) command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), driverEnv+"=1", "TMPDIR="+p.tmp, "MEMLENS_CC=gcc", "MEMLENS_DEBUG=",
		"MEMLENS_CACHE="+filepath.Join(p.dir, "cache"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// wait waits for cmd with a deadline and returns how it ended.
func (p *proc) wait(cmd *exec.Cmd) string {
	p.t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		p.t.Fatalf("memlens cc %s did not end within a minute", strings.Join(cmd.Args[1:], " "))
	}
	return cmd.ProcessState.String()
}

// left returns what is left in TMPDIR.
func (p *proc) left() []string {
	var left []string
	filepath.WalkDir(p.tmp, func(path string, d fs.DirEntry, err error) error {
		if path != p.tmp {
			left = append(left, strings.TrimPrefix(path, p.tmp+"/"))
		}
		return nil
	})
	return left
}

// startHeld starts cmd with its stderr in a file (not a pipe: a compiler
// may outlive the driver, holding it, when a signal went to the driver
// alone) and returns once its compiler holds on the FIFO; the caller
// closes both.
func (p *proc) startHeld(cmd *exec.Cmd) (stderr, fifo *os.File) {
	p.t.Helper()
	stderr, err := os.Create(filepath.Join(p.dir, "stderr"))
	if err != nil {
		p.t.Fatal(err)
	}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	return stderr, p.waitForReader()
}

// waitForReader waits until gcc has opened the FIFO to read it, and
// returns its writing end, which keeps gcc waiting until it is closed.
func (p *proc) waitForReader() *os.File {
	p.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		fd, err := syscall.Open(p.fifo, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == nil {
			return os.NewFile(uintptr(fd), p.fifo)
		}
		if !errors.Is(err, syscall.ENXIO) { // ENXIO: no reader yet
			p.t.Fatal(err)
		}
	}
	p.t.Fatal("gcc did not open the FIFO within 30s")
	return nil
}

// TestStoppedBySignal: stopped by a signal while gcc runs, memlens cc
// removes its temporary files and gcc's, and dies of the signal as gcc
// does. The signal goes to the process group (a terminal's ^C, a hangup)
// or to the driver alone (kill PID), which passes it on to gcc.
func TestStoppedBySignal(t *testing.T) {
	for _, tc := range []struct {
		sig   syscall.Signal
		group bool
		input string
	}{
		{syscall.SIGINT, true, "slow.c"},
		{syscall.SIGINT, false, "slow.S"}, // gcc's own temporary .s of the preprocessed input
		{syscall.SIGTERM, false, "slow.c"},
		{syscall.SIGHUP, true, "slow.S"},
	} {
		name := fmt.Sprintf("%v/group=%v/%s", tc.sig, tc.group, tc.input)
		t.Run(name, func(t *testing.T) {
			if signal.Ignored(tc.sig) { // inherited (nohup, a background job): memlens cc and gcc ignore it too
				t.Skipf("%v is ignored in this environment", tc.sig)
			}
			t.Parallel()
			p := newProc(t)
			cmd := p.command("-c", tc.input, "-o", "out.o")
			stderr, w := p.startHeld(cmd)
			defer stderr.Close()
			defer w.Close()
			if len(p.left()) == 0 {
				t.Error("nothing in TMPDIR while gcc runs: the test tests nothing")
			}
			pid := cmd.Process.Pid
			if tc.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, tc.sig); err != nil {
				t.Fatal(err)
			}
			if got, want := p.wait(cmd), "signal: "+tc.sig.String(); got != want {
				out, _ := os.ReadFile(stderr.Name())
				t.Errorf("memlens cc ended with %q, want %q (as gcc); stderr:\n%s", got, want, out)
			}
			if left := p.left(); len(left) != 0 {
				t.Errorf("left in TMPDIR: %q", left)
			}
			if _, err := os.Stat(filepath.Join(p.dir, "out.o")); err == nil {
				t.Error("out.o written")
			}
		})
	}
}

// TestStoppedDuringRuntimeBuild: ^C during the first link's build of the
// runtime leaves neither the build directory in the cache nor anything in
// TMPDIR, and no error message: the driver dies of SIGINT.
func TestStoppedDuringRuntimeBuild(t *testing.T) {
	if signal.Ignored(syscall.SIGINT) {
		t.Skip("SIGINT is ignored in this environment")
	}
	p := newProc(t)
	if out, err := exec.Command("gcc", "-c", filepath.Join(p.dir, "ok.c"), "-o", filepath.Join(p.dir, "ok.o")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	cmd := p.command("ok.o", "-o", "prog")
	// The runtime's compiler waits on the FIFO; ok.o is compiled already.
	cmd.Env = append(cmd.Env, "MEMLENS_CC=gcc -include "+p.fifo)
	stderr, w := p.startHeld(cmd)
	defer stderr.Close()
	defer w.Close()
	cache := filepath.Join(p.dir, "cache")
	if builds, _ := filepath.Glob(filepath.Join(cache, ".build-*")); len(builds) == 0 {
		t.Error("no build directory in the cache while the runtime builds: the test tests nothing")
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	got := p.wait(cmd)
	out, _ := os.ReadFile(stderr.Name())
	if got != "signal: interrupt" || len(out) != 0 {
		t.Errorf("memlens cc ended with %q, want %q, and printed:\n%s", got, "signal: interrupt", out)
	}
	if builds, _ := filepath.Glob(filepath.Join(cache, ".build-*")); len(builds) != 0 {
		t.Errorf("left in the cache: %q", builds)
	}
	if left := p.left(); len(left) != 0 {
		t.Errorf("left in TMPDIR: %q", left)
	}
}

// TestClosedPipe: memlens cc whose standard error (or output) is a pipe
// nobody reads any more (memlens cc … 2>&1 | head -1) removes its
// temporary files, and ends as gcc ends.
func TestClosedPipe(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stdout bool     // the closed pipe is standard output, not error
		want   []string // how it may end, besides as gcc ends
	}{
		// memlens's own message fails: gcc dies of SIGPIPE when its own does
		{args: []string{"--memlens-save-temps", "-c", "ok.c"}, want: []string{"signal: broken pipe"}},
		// gcc's warnings: cc1 dies of SIGPIPE, gcc says 2
		{args: []string{"-Wall", "-O1", "-c", "warning.c"}},
		// gcc's error, which memlens prints again from its preprocessing
		{args: []string{"-c", "missing.c", "ok.c"}, want: []string{"signal: broken pipe"}},
		// gcc itself dies of SIGPIPE writing its help, or its commands
		{args: []string{"--help"}, stdout: true},
		{args: []string{"-v", "-c", "ok.c"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			p := newProc(t)
			cmd := p.command(tc.args...)
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			defer w.Close()
			if tc.stdout {
				cmd.Stdout = w
			} else {
				cmd.Stderr = w
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			got := p.wait(cmd)
			gcc := exec.Command("gcc", tc.args...)
			gcc.Dir = p.dir
			gcc.Stdout, gcc.Stderr = cmd.Stdout, cmd.Stderr
			gcc.Run()
			want := append([]string{gcc.ProcessState.String()}, tc.want...)
			if !slices.Contains(want, got) {
				t.Errorf("memlens cc ended with %q, want one of %q", got, want)
			}
			if left := p.left(); len(left) != 0 {
				t.Errorf("left in TMPDIR: %q", left)
			}
		})
	}
}

// TestOutputPipeClosed: a write of the driver's to a closed pipe stops the
// run, with SIGPIPE as the cause.
func TestOutputPipeClosed(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	ctx, cancel, stop := notifySignals() // else Go kills the test on EPIPE
	defer stop()
	out := &output{w: w, cancel: cancel}
	if _, err := out.Write([]byte("x\n")); !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("write to a closed pipe: %v, want EPIPE", err)
	}
	if sig, ok := stoppedBy(ctx); !ok || sig != syscall.SIGPIPE {
		t.Fatalf("stopped by %v, %v; want SIGPIPE", sig, ok)
	}
}

// TestPrivateRuntimeCache: with a cache directory that cannot be written,
// the runtime is built in a private temporary cache, with one note, and
// removed with the driver's temporary directory.
func TestPrivateRuntimeCache(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the runtime")
	}
	e := setup(t)
	ensureRuntime = rtbuild.Ensure
	cache := filepath.Join(e.rtDir, "stub.c", "memlens") // under a file: root cannot write there either
	t.Setenv("MEMLENS_CACHE", cache)
	_, stderr := e.cc(0, "-Iinc", "main.c", "util.c", "-o", "prog") // which checks TMPDIR is left empty
	want := "memlens: note: cache directory " + cache + " is not writable (not a directory); using a private temporary cache\n"
	if stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
	e.runs("./prog")
	if !e.contains("prog", "__ml_") {
		t.Error("prog lacks the runtime")
	}
}
