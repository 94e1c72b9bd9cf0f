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
	"syscall"
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

// notifySignals returns a context cancelled when the driver is asked to
// stop, so that it stops its child and still removes its temporary files.
func notifySignals() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		select {
		case sig := <-ch:
			cancel(signalled{sig.(syscall.Signal)})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// runCmd runs argv with the driver's standard streams.
func (j *job) runCmd(argv []string) error { return j.runWith(argv, j.stdout, j.stderr) }

// runWith runs argv with standard output and error going to stdout and
// stderr.
func (j *job) runWith(argv []string, stdout, stderr io.Writer) error {
	if err := j.stopped(argv[0]); err != nil {
		return err
	}
	if j.debug {
		fmt.Fprintln(j.stderr, "memlens: +", strings.Join(argv, " "))
	}
	cmd := exec.CommandContext(j.ctx, argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	err := cmd.Run()
	if err := j.stopped(argv[0]); err != nil {
		return err
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return &statusError{cmd: argv[0], code: exitCode(exit)}
	}
	return err // nil, or the command could not start
}

// stopped returns the status to exit with once a signal asked to stop:
// 128+N, as if signal N had killed the driver.
func (j *job) stopped(cmd string) error {
	var s signalled
	if errors.As(context.Cause(j.ctx), &s) {
		return &statusError{cmd: cmd, code: 128 + int(s.sig)}
	}
	return nil
}

// exitCode returns a process's exit status, 128+N if signal N killed it
// (as a shell reports it).
func exitCode(e *exec.ExitError) int {
	if ws, ok := e.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return e.ExitCode()
}
