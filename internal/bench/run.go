package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// maxOutput bounds what is kept of a run's stdout and stderr.
const maxOutput = 4 << 20

// capped keeps the first maxOutput bytes written to it.
type capped struct{ b bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// process is one finished command.
type process struct {
	stdout, stderr []byte
	exit           int    // exit status; -1 when killed by a signal or not run
	signal         string // the signal that killed it
	timedOut       bool
	err            error // it could not be started
	wall, cpu      float64
	maxRSSKB       int64
}

// status says how the process ended, for messages.
func (p *process) status() string {
	switch {
	case p.err != nil:
		return "could not run: " + p.err.Error()
	case p.timedOut:
		return "timed out"
	case p.signal != "":
		return "killed by " + p.signal
	}
	return fmt.Sprintf("exit status %d", p.exit)
}

// execute runs argv in dir with env and stdin (a file name; "" is
// /dev/null), for at most limit. With discard, its output is not kept
// (the overhead runs: no pipe to fill).
func execute(ctx context.Context, argv, env []string, dir, stdin string, limit time.Duration, discard bool) *process {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	p := &process{exit: -1}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	cmd.WaitDelay = 2 * time.Second
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			p.err = err
			return p
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var stdout, stderr capped
	if !discard {
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
	}
	start := time.Now()
	err := cmd.Run()
	p.wall = time.Since(start).Seconds()
	p.stdout, p.stderr = stdout.b.Bytes(), stderr.b.Bytes()
	ps := cmd.ProcessState
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		p.timedOut = true
	case ps == nil:
		p.err = err
	default:
		ws, _ := ps.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			p.signal = ws.Signal().String()
		} else {
			p.exit = ps.ExitCode()
		}
	}
	if ps != nil {
		p.cpu = (ps.UserTime() + ps.SystemTime()).Seconds()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			p.maxRSSKB = ru.Maxrss // KiB on Linux
		}
	}
	return p
}

// failure is a build's or a run's failure, for the JSON and the notes.
func failure(argv []string, p *process) string {
	msg := strings.TrimSpace(string(p.stderr) + string(p.stdout))
	if len(msg) > 2000 {
		msg = msg[:2000] + "…"
	}
	return fmt.Sprintf("%s: %s\ncommand: %s", p.status(), msg, strings.Join(argv, " "))
}
