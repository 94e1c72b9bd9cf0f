package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// installDone names the file .ci/run creates when its install of the
// packages some tests need (gdb, chromium, graphviz, valgrind, cmake) is
// over: the install (chromium alone is hundreds of megabytes) runs while
// the tests do, and only the tests that need one of them wait for it.
const installDone = "CI_INSTALL_DONE"

// installWait bounds the wait: an install still running after it is taken
// for failed, and the tests needing its packages skip.
const installWait = 15 * time.Minute

var installed = sync.OnceValue(func() bool {
	path := os.Getenv(installDone)
	return path == "" || waitFile(path, installWait)
})

// lookTool returns the path of the optional tool name, "" when it is not
// installed, after .ci/run's install when one is under way.
func lookTool(name string) string {
	installed()
	path, err := exec.LookPath(name)
	if err != nil {
		return ""
	}
	return path
}

// waitFile waits until path exists, at most limit; it reports whether it
// does.
func waitFile(path string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for {
		if _, err := os.Stat(path); err == nil {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWaitFile checks the wait of the tests needing an installed tool: it
// ends when the install's file appears, not before, and gives up at its
// limit.
func TestWaitFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "done")
	start := time.Now()
	go func() {
		time.Sleep(300 * time.Millisecond)
		os.WriteFile(path, nil, 0o644)
	}()
	if !waitFile(path, time.Minute) {
		t.Fatal("waitFile: false after the file was created")
	}
	if d := time.Since(start); d < 300*time.Millisecond || d > 30*time.Second {
		t.Errorf("waitFile returned after %v, the file was created after 300ms", d)
	}
	start = time.Now()
	if waitFile(path+".never", 200*time.Millisecond) {
		t.Error("waitFile: true for a file never created")
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("waitFile gave up after %v, its limit 200ms", d)
	}
}
