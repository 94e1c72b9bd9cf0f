package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"memlens/internal/atomicfile"
)

// Settings for memlens's own tests, which build every corpus program in
// both modes and check its instrumented units for warnings (e2e's
// TestCorpus): they save that suite compiles whose results it already
// has, and change nothing in what a build makes.
const (
	// a directory recording the diagnostics compiles that succeeded, by
	// command: a build repeating one (another mode of the same program,
	// in the same files) prints what it printed instead of running it
	diagnosedEnv = "MEMLENS_TEST_DIAGNOSED"
	// warning flags the instrumented unit is compiled with instead of
	// -w; its messages are written next to it (NAME.ml.i.warnings)
	unitWarningsEnv = "MEMLENS_TEST_UNIT_WARNINGS"
)

// startDiagnosed is j.start(argv) for the diagnostics compile argv writing
// out, its output thrown away: with diagnosedEnv set, a compile recorded
// there is replayed, and one that succeeds is recorded.
func (j *job) startDiagnosed(argv []string, out string) func() error {
	dir := os.Getenv(diagnosedEnv)
	if dir == "" {
		return j.start(append(argv, out))
	}
	h := sha256.New()
	for _, a := range argv { // (out, a private temporary file, left out)
		fmt.Fprintf(h, "%q\n", a)
	}
	record := filepath.Join(dir, hex.EncodeToString(h.Sum(nil)))
	if said, err := os.ReadFile(record); err == nil {
		return func() error {
			_, err := j.stderr.Write(said)
			return err
		}
	}
	done := make(chan error, 1)
	go func() {
		var said bytes.Buffer
		err := j.runWith(append(argv, out), &said, &said)
		if err == nil && os.MkdirAll(dir, 0o777) == nil { // (a failure leaves no record: the next build compiles)
			atomicfile.Write(record, said.Bytes(), 0o644)
		}
		j.stderr.Write(said.Bytes())
		done <- err
	}()
	return func() error { return <-done }
}

// unitWarnings are the flags an instrumented unit is compiled with for its
// warnings (unitWarningsEnv), none to compile it with -w.
func unitWarnings() []string {
	return strings.Fields(os.Getenv(unitWarningsEnv))
}

// runWarned runs argv, a compile of instrumented unit ml with warnings on,
// writing what it printed to ml's warnings file, and showing it only if it
// fails (runQuiet).
func (j *job) runWarned(argv []string, ml string) error {
	var said bytes.Buffer
	err := j.runWith(argv, &said, &said)
	if werr := os.WriteFile(ml+".warnings", said.Bytes(), 0o644); err == nil {
		err = werr
	}
	var failed *statusError
	if errors.As(err, &failed) && j.stopped(argv[0]) == nil {
		j.stderr.Write(said.Bytes())
	}
	return err
}
