package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memlens/internal/atomicfile"
)

// Settings for memlens's own tests, which build every corpus program in
// both modes and check its instrumented units for warnings (e2e's
// TestCorpus): they save that suite compiles whose results it already
// has, and change nothing in what a build makes.
const (
	// a directory recording the diagnostics compiles and the
	// preprocessings that succeeded, by command: a build repeating one
	// (another mode of the same program, in the same files) prints what it
	// printed, or writes the text it wrote, instead of running it
	diagnosedEnv = "MEMLENS_TEST_DIAGNOSED"
	// warning flags the instrumented unit is compiled with instead of
	// -w; its messages are written next to it (NAME.ml.i.warnings)
	unitWarningsEnv = "MEMLENS_TEST_UNIT_WARNINGS"
)

// startDiagnosed is j.start(argv) for the diagnostics compile argv writing
// out, its output thrown away: with diagnosedEnv set, a compile recorded
// there is replayed, and one that succeeds is recorded.
func (j *job) startDiagnosed(argv []string, out string) func() error {
	dir, record := testRecord(argv)
	if dir == "" {
		return j.start(append(argv, out))
	}
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

// testRecord returns diagnosedEnv's directory and the record in it of
// argv, a command writing a private temporary file (left out of argv),
// or "" without the setting.
func testRecord(argv []string) (dir, record string) {
	dir = os.Getenv(diagnosedEnv)
	if dir == "" {
		return "", ""
	}
	h := sha256.New()
	for _, a := range argv {
		fmt.Fprintf(h, "%q\n", a)
	}
	return dir, filepath.Join(dir, hex.EncodeToString(h.Sum(nil)))
}

// runPreprocessing is j.runCaptured for the preprocessing argv writing
// out: with diagnosedEnv set, a preprocessing recorded there is replayed,
// and one that succeeds is recorded. Its record is the directory it ran
// in, a line, then the text, in which the directory appears once at most:
// in the line marker -g adds for the debug information's DW_AT_comp_dir,
// which a replay elsewhere names its own directory in, as gcc would.
func (j *job) runPreprocessing(argv []string, out string) ([]byte, error) {
	dir, record := testRecord(argv)
	cwd, err := os.Getwd()
	if dir == "" || err != nil {
		return j.runCaptured(append(argv, out))
	}
	if data, err := os.ReadFile(record); err == nil {
		made, text, _ := bytes.Cut(data, []byte("\n"))
		return nil, os.WriteFile(out, bytes.Replace(text, workingDirMarker(string(made)), workingDirMarker(cwd), 1), 0o644)
	}
	said, err := j.runCaptured(append(argv, out))
	if err != nil {
		return said, err
	}
	if text, rerr := os.ReadFile(out); rerr == nil && namesDirOnlyInMarker(text, cwd) && os.MkdirAll(dir, 0o777) == nil {
		atomicfile.Write(record, slices.Concat([]byte(cwd+"\n"), text), 0o644)
	}
	return said, nil
}

// workingDirMarker is the line marker by which gcc -E -g names the
// directory it ran in.
func workingDirMarker(dir string) []byte {
	return []byte("\n# 1 \"" + dir + "//\"\n")
}

// namesDirOnlyInMarker tells whether preprocessed text names dir, the
// directory gcc ran in, nowhere but in its working directory's line marker,
// the second line if there is one: a record of it is replayed elsewhere
// with the marker changed, which would leave another mention, or a marker
// naming the directory otherwise spelt, naming the old directory.
func namesDirOnlyInMarker(text []byte, dir string) bool {
	_, rest, _ := bytes.Cut(text, []byte("\n"))
	second, _, _ := bytes.Cut(rest, []byte("\n"))
	marked := bytes.HasPrefix(second, []byte("# 1 \"")) && bytes.HasSuffix(second, []byte("//\""))
	mentions := bytes.Count(text, []byte(dir))
	if !marked {
		return mentions == 0
	}
	return mentions == 1 && bytes.Contains(text, workingDirMarker(dir))
}

// unitWarnings are the flags an instrumented unit is compiled with for its
// warnings (unitWarningsEnv), none to compile it with -w.
func unitWarnings() []string {
	return strings.Fields(os.Getenv(unitWarningsEnv))
}

// runWarned runs argv, a compile of instrumented unit ml with warnings on,
// writing what it printed to ml's warnings file, and showing it only if it
// fails (runQuiet).
func (j *job) runWarned(argv []string, ml string) ([]byte, error) {
	var said bytes.Buffer
	err := j.runWith(argv, j.outputStream(argv, &said), &said)
	if werr := os.WriteFile(ml+".warnings", said.Bytes(), 0o644); err == nil {
		err = werr
	}
	var failed *statusError
	if errors.As(err, &failed) && j.stopped(argv[0]) == nil {
		return said.Bytes(), err
	}
	return nil, err
}
