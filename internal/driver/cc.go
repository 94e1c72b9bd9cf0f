package driver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// errSelfCC is MEMLENS_CC naming memlens itself, which would recurse.
var errSelfCC = errors.New("MEMLENS_CC names memlens itself; set it to the host C compiler, e.g. gcc")

// runByEnv is set in the environment of the commands memlens runs. A
// memlens that finds it was started by one of them, as its host compiler:
// $CC is a script (or a wrapper like ccache) that runs memlens, which
// hostCompiler cannot tell by the name. That memlens compiles as the host
// compiler without $CC would, instead of running itself again and again.
const runByEnv = "MEMLENS_DRIVER_PID"

// hostCompiler returns the C compiler command memlens drives, as words
// (the program and its own arguments): $MEMLENS_CC, else $CC, else gcc.
// $CC is skipped when it is memlens itself: GNU make exports a command-line
// CC="memlens cc" to the recipes' environment; and when memlens runs as
// another memlens's host compiler (runByEnv), since $CC led back to it.
// self is memlens's executable, "" if unknown.
func hostCompiler(getenv func(string) string, self string) ([]string, error) {
	if cc := strings.Fields(getenv("MEMLENS_CC")); len(cc) > 0 {
		if isSelf(cc[0], self) {
			return nil, errSelfCC
		}
		return cc, nil
	}
	if cc := strings.Fields(getenv("CC")); len(cc) > 0 && !isSelf(cc[0], self) && getenv(runByEnv) == "" {
		return cc, nil
	}
	return []string{"gcc"}, nil
}

// isSelf reports whether the command prog runs memlens: by name, or by
// being the same file as self (a symlink or hard link to it).
func isSelf(prog, self string) bool {
	if filepath.Base(prog) == "memlens" {
		return true
	}
	if self == "" {
		return false
	}
	path, err := exec.LookPath(prog)
	if err != nil {
		return false
	}
	a, err := os.Stat(path)
	if err != nil {
		return false
	}
	b, err := os.Stat(self)
	return err == nil && os.SameFile(a, b)
}
