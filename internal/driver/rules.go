package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memlens/internal/rtbuild"
	"memlens/internal/rules"
)

// ruleSet is a program's own rules (--memlens-rules=FILE): the C of their
// detectors, linked into the executable, and the functions they watch,
// wrapped in every unit that defines one.
type ruleSet struct {
	file  string
	c     []byte         // rules.GenerateUser's
	funcs map[string]int // watched functions, by name: their ids
}

// loadRules reads, checks and generates the rules of path; a file that does
// not check is reported as gcc reports errors.
func (j *job) loadRules(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := rules.LoadUser(path, src)
	if err != nil {
		fmt.Fprintln(j.stderr, err)
		return errReported
	}
	c, needs, err := rules.GenerateUser(f)
	if err != nil {
		fmt.Fprintln(j.stderr, err)
		return errReported
	}
	j.rules = &ruleSet{file: path, c: c, funcs: map[string]int{}}
	// a deref rule sees every access, not only those the inline checks
	// refuse; the writes FindLast asks about are those accesses' too
	// (full checking's definedness knows them already)
	j.opts.mode.EveryAccess = needs.Accesses || needs.Writes && !j.opts.mode.Full
	for i, fn := range needs.Funcs {
		j.rules.funcs[fn] = i
	}
	return nil
}

// wrapWatched wraps the definitions of the watched functions in u's
// preprocessed text (rules.Wrap), saying which it cannot.
func (j *job) wrapWatched(u *unit, pre []byte) ([]byte, []rules.Wrapped) {
	if j.rules == nil || len(j.rules.funcs) == 0 {
		return pre, nil
	}
	sum := sha256.Sum256([]byte(u.src))
	out, wrapped, warnings := rules.Wrap(pre, j.rules.funcs, hex.EncodeToString(sum[:4]))
	for _, w := range warnings {
		fmt.Fprintf(&j.held, "memlens: warning: %s\n", w)
	}
	return out, wrapped
}

// rulesObject compiles the rules' C into an object to link.
func (j *job) rulesObject(runtime string) (string, error) {
	obj, err := j.ownObject(runtime, "memlens-rules", j.rules.c)
	if err != nil {
		return "", fmt.Errorf("compiling the rules of %s: %v", j.rules.file, err)
	}
	return obj, nil
}

// ownObject compiles C of memlens's own (src, named name) into an object
// to link, against the runtime's headers (in its cache directory, next to
// the archive).
func (j *job) ownObject(runtime, name string, src []byte) (string, error) {
	file := filepath.Join(j.tmp, name+".c")
	obj := filepath.Join(j.tmp, name+".o")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return "", err
	}
	cmd := slices.Concat(j.cc, rtbuild.CompileFlags(), []string{"-w", "-I", filepath.Join(runtime, rtbuild.SourceDirName), file, "-o", obj})
	if out, err := j.runCaptured(cmd); err != nil {
		return "", fmt.Errorf("%v\n%s", err, strings.TrimSpace(string(out)))
	}
	return obj, nil
}
