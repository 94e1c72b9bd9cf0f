package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

// statusError is a command that failed after reporting why on stderr:
// the driver exits with its status and adds nothing.
type statusError struct {
	cmd  string
	code int
}

func (e *statusError) Error() string { return fmt.Sprintf("%s: exit status %d", e.cmd, e.code) }

// signalled is why a run stops when asked to by a signal.
type signalled struct{ sig syscall.Signal }

func (s signalled) Error() string { return "stopped by " + s.sig.String() }

// stopSignals stop the driver as they stop gcc: it stops its children,
// removes its temporary files, then dies of the signal.
var stopSignals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// notifySignals returns a context cancelled when the driver is asked to
// stop, with signalled as its cause, so that it stops its child and still
// removes its temporary files; cancel stops it the same way (a write to a
// closed pipe: see output). stop ends the notifications, after which the
// context's cause tells whether a signal stopped the run.
//
// SIGHUP or SIGINT ignored when the driver starts (nohup, a background job
// of a shell without job control) stays ignored, as gcc leaves it, and so
// for the compilers the driver runs. SIGPIPE is notified only so that Go does
// not kill the driver, before it cleans up, when it writes to a standard
// output or error that is a pipe nobody reads any more: the write fails
// with EPIPE instead, which stops the run.
func notifySignals() (ctx context.Context, cancel context.CancelCauseFunc, stop func()) {
	ctx, cancel = context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, len(stopSignals)+1)
	for _, sig := range stopSignals {
		if !signal.Ignored(sig) {
			signal.Notify(ch, sig)
		}
	}
	signal.Notify(ch, syscall.SIGPIPE)
	stopping := func(sig os.Signal) bool {
		s, ok := sig.(syscall.Signal)
		if ok && s != syscall.SIGPIPE {
			cancel(signalled{s})
		}
		return ok && s != syscall.SIGPIPE
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case sig := <-ch:
				if stopping(sig) {
					return
				}
			case <-quit:
				return
			}
		}
	}()
	return ctx, cancel, func() {
		signal.Stop(ch)
		close(quit)
		<-done
		for len(ch) > 0 { // arrived while stopping: still the cause
			stopping(<-ch)
		}
		cancel(nil)
	}
}

// output is one of the driver's standard streams. A write that fails with
// EPIPE (a pipe whose reader has gone, as in memlens cc … 2>&1 | head -1)
// stops the run as SIGPIPE stops gcc. Units compiled in the background
// write to it too, one message at a time.
type output struct {
	w      io.Writer
	cancel context.CancelCauseFunc
	mu     sync.Mutex
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	n, err := o.w.Write(p)
	o.mu.Unlock()
	if errors.Is(err, syscall.EPIPE) {
		o.cancel(signalled{syscall.SIGPIPE})
	}
	return n, err
}

// childStream is what a child gets for the stream w: the driver's own
// file rather than the output around it, so that the child writes to it
// directly (gcc colours its diagnostics on a terminal) instead of through
// a pipe the driver copies.
func childStream(w io.Writer) io.Writer {
	if o, ok := w.(*output); ok {
		return o.w
	}
	return w
}

// isOutput reports whether w is one of the driver's standard streams.
func isOutput(w io.Writer) bool {
	_, ok := w.(*output)
	return ok
}

// waitDelay is how long a child may take to exit once asked to stop
// before it is killed, and how long the driver waits for the pipes of a
// child that has exited (a compiler it started may still hold them).
const waitDelay = 2 * time.Second

// runCmd runs argv with the driver's standard streams.
func (j *job) runCmd(argv []string) error { return j.runWith(argv, j.stdout, j.stderr) }

// runWith runs argv with standard output and error going to stdout and
// stderr.
//
// Asked to stop, the driver passes the signal on to the child, which for
// gcc means it removes its own temporary files and the output it was
// writing, then dies of it. The child's temporary files go to the
// driver's temporary directory: whatever the child leaves there, killed or
// not, goes with it.
func (j *job) runWith(argv []string, stdout, stderr io.Writer) error {
	if err := j.stopped(argv[0]); err != nil {
		return err
	}
	if j.debug {
		fmt.Fprintln(j.stderr, "memlens: +", strings.Join(argv, " "))
	}
	cmd := exec.CommandContext(j.ctx, argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, childStream(stdout), childStream(stderr)
	if j.stdin != "" {
		in, err := os.Open(j.stdin)
		if err != nil {
			return err
		}
		defer in.Close()
		cmd.Stdin = in
	}
	if j.tmp != "" {
		cmd.Env = append(os.Environ(), "TMPDIR="+j.tmp)
	}
	cmd.Cancel = func() error {
		var s signalled
		if errors.As(context.Cause(j.ctx), &s) {
			return cmd.Process.Signal(s.sig)
		}
		return cmd.Process.Kill()
	}
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && j.cancel != nil && killedBy(exit, syscall.SIGPIPE) &&
		(isOutput(stdout) || isOutput(stderr)) {
		// It wrote to the driver's stream, a closed pipe: gcc in its place
		// would have died of SIGPIPE too.
		j.cancel(signalled{syscall.SIGPIPE})
	}
	if err := j.stopped(argv[0]); err != nil {
		return err
	}
	if errors.As(err, &exit) {
		return &statusError{cmd: argv[0], code: exitCode(exit)}
	}
	return err // nil, or the command could not start
}

// stopped returns the status to exit with once a signal asked to stop:
// 128+N, as if signal N had killed the driver.
func (j *job) stopped(cmd string) error {
	if sig, ok := stoppedBy(j.ctx); ok {
		return &statusError{cmd: cmd, code: 128 + int(sig)}
	}
	return nil
}

// stoppedBy returns the signal that stopped the run of ctx, if one did.
func stoppedBy(ctx context.Context) (syscall.Signal, bool) {
	var s signalled
	if errors.As(context.Cause(ctx), &s) {
		return s.sig, true
	}
	return 0, false
}

// exitCode returns a process's exit status, 128+N if signal N killed it
// (as a shell reports it).
func exitCode(e *exec.ExitError) int {
	if ws, ok := e.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return e.ExitCode()
}

// killedBy reports whether sig killed the process of e.
func killedBy(e *exec.ExitError, sig syscall.Signal) bool {
	ws, ok := e.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}

// removeTemp removes the driver's temporary directory. A compiler the
// driver stopped may have left a child running that creates a file in it
// meanwhile: then it tries again.
func removeTemp(dir string) {
	for range 3 {
		if os.RemoveAll(dir) == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// dieOf ends the driver by sig, as gcc does once it has removed its
// temporary files: make, and a shell running the driver in a loop, tell
// an interrupted compiler from one that failed by that. It returns only
// if sig did not end the process; tests replace it.
var dieOf = func(sig syscall.Signal) {
	signal.Reset(sig)
	if sig == syscall.SIGPIPE {
		dieOfSIGPIPE()
	} else {
		syscall.Kill(syscall.Getpid(), sig)
	}
	time.Sleep(time.Second) // the signal is delivered to another thread
}

// dieOfSIGPIPE ends the process by SIGPIPE. Go ignores a SIGPIPE sent to
// the process, but dies of it when a write to standard error (or output)
// fails with EPIPE, SIGPIPE not being notified: so standard error is
// replaced by a pipe without a reader, and written to.
func dieOfSIGPIPE() {
	var p [2]int
	if syscall.Pipe(p[:]) != nil {
		return
	}
	syscall.Close(p[0])
	syscall.Close(2)
	fd, err := syscall.Dup(p[1]) // the lowest free descriptor: 2
	if err != nil {
		return
	}
	switch fd {
	case 1:
		os.Stdout.Write([]byte{'\n'})
	case 2:
		os.Stderr.Write([]byte{'\n'})
	}
}
