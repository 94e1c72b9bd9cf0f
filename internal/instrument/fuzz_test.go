package instrument

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// fuzzFlags are the user's flags of FuzzInstrument's units.
var fuzzFlags = []string{"-O2"}

// fuzzConfigs are FuzzInstrument's configurations, one per mode, made
// once per process: making one runs gcc.
var fuzzConfigs struct {
	sync.Mutex
	m map[Mode]*Config
}

func fuzzConfig(t *testing.T, mode Mode) *Config {
	fuzzConfigs.Lock()
	defer fuzzConfigs.Unlock()
	if c := fuzzConfigs.m[mode]; c != nil {
		return c
	}
	c, err := NewConfig([]string{"gcc"}, fuzzFlags, mode)
	if err != nil {
		t.Fatal(err)
	}
	if fuzzConfigs.m == nil {
		fuzzConfigs.m = map[Mode]*Config{}
	}
	fuzzConfigs.m[mode] = c
	return c
}

// maxFuzzUnit bounds the preprocessed units FuzzInstrument instruments:
// the fuzzer gives up on an input after 10 s, and a unit of <immintrin.h>'s
// 1.9 MB takes half that without the fuzzer's coverage counters.
const maxFuzzUnit = 512 << 10

// fuzzModes are the modes FuzzInstrument's mode argument selects.
var fuzzModes = []Mode{{}, {Full: true}, {Full: true, CountStatements: true}, {CountStatements: true}}

// FuzzInstrument instruments arbitrary C the way memlens cc does (gcc -E,
// then File) and compiles the result with gcc -fsyntax-only. As in the
// driver, only C that gcc compiles is instrumented; File may reject it with
// a *ParseError or an *Error, but nothing may panic, and gcc must accept
// any unit File returns. The seeds are the C files of the repository's
// testdata directories; mode selects one of fuzzModes. A seed, C written
// for the repository's tests, is instrumented before gcc compiles it, and
// only a failure, which only C gcc compiles makes one, is judged by that
// compile: a unit gcc accepts passes whatever gcc says of the input.
func FuzzInstrument(f *testing.F) {
	root, err := filepath.Abs("../..")
	if err != nil {
		f.Fatal(err)
	}
	var includes []string // -iquote of the directories with headers the seeds include
	seeds := map[string]bool{}
	n := 0
	for _, dir := range []string{"e2e/testdata", "testdata", "internal/instrument/testdata"} {
		filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			switch filepath.Ext(path) {
			case ".c":
				b, err := os.ReadFile(path)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(b, uint8(n%len(fuzzModes)))
				seeds[string(b)] = true
				n++
			case ".h":
				if inc := "-iquote" + filepath.Dir(path); !slices.Contains(includes, inc) {
					includes = append(includes, inc)
				}
			}
			return nil
		})
	}
	if n == 0 {
		f.Fatal("no C files in the testdata directories")
	}
	_, noGCC := exec.LookPath("gcc")
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		if noGCC != nil {
			t.Skip("gcc not installed")
		}
		t.Parallel() // while running the seeds; fuzzing ignores it
		cfg := fuzzConfig(t, fuzzModes[int(mode)%len(fuzzModes)])
		dir := t.TempDir()
		path := filepath.Join(dir, "fuzz.c")
		if err := os.WriteFile(path, src, 0o600); err != nil {
			t.Fatal(err)
		}
		// The driver instruments only what gcc compiles (its compile for
		// diagnostics comes first), from gcc's preprocessed text. (Not C
		// can hang the front end: cc/v4 v4.31.0 loops for ever on a unit
		// that ends in "*", in typeQualifierList at EOF.) gcc compiles
		// that text, preprocessed once, as under -save-temps: what it
		// does not preprocess it does not compile.
		pre := filepath.Join(dir, "fuzz.i")
		if _, err := runGCC(t, slices.Concat(fuzzFlags, includes, []string{"-w", "-E", path, "-o", pre})); err != nil {
			return // not C gcc compiles
		}
		compiles := sync.OnceValue(func() bool {
			_, err := runGCC(t, slices.Concat(fuzzFlags, []string{"-w", "-x", "cpp-output", "-fsyntax-only", pre}))
			return err == nil
		})
		if !seeds[string(src)] && !compiles() {
			return // not C gcc compiles
		}
		text, err := os.ReadFile(pre)
		if err != nil {
			t.Fatal(err)
		}
		if len(text) > maxFuzzUnit {
			return // too long for a fuzz run
		}
		out, err := cfg.File(path, text)
		if err != nil {
			var parse *ParseError
			var unsupported *Error
			if !errors.As(err, &parse) && !errors.As(err, &unsupported) && compiles() {
				t.Fatalf("File failed with an error of type %T: %v", err, err)
			}
			return // the driver compiles it without checks
		}
		// the driver's compile of the instrumented unit
		ml := filepath.Join(dir, "fuzz.ml.i")
		if err := os.WriteFile(ml, out, 0o600); err != nil {
			t.Fatal(err)
		}
		if msg, err := runGCC(t, slices.Concat(fuzzFlags, UnitFlags(out), []string{"-w", "-x", "cpp-output", "-fsyntax-only", ml})); err != nil && compiles() {
			t.Fatalf("gcc accepts the input but not its instrumented unit: %v\n%s", err, msg)
		}
	})
}

// runGCC runs gcc with args and returns its diagnostics. It skips t if
// gcc takes longer than the fuzzer allows an input (10 s).
func runGCC(t *testing.T, args []string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "gcc", args...)
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Skip("gcc took too long")
	}
	return bytes.TrimSpace(stderr.Bytes()), err
}
