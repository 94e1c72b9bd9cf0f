package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"memlens/internal/corpus"
)

// corpusBuilds are the run's builds of corpus programs, by content: the
// same build is asked for by several tests (TestCorpus's by
// TestChainsUnoptimised, the report sample, TestStringReadExtent and
// others; its native ones by TestGraphCorpus), and is made once.
var corpusBuilds struct {
	dir     string // set by TestMain: each build's directory is in it
	mu      sync.Mutex
	entries map[string]*cachedBuild // by key
	shared  map[string]bool         // sharedPrograms's answer
	once    sync.Once
}

// A cachedBuild is one build of a corpus program, made in a directory of
// its own holding the program's files, its executable prog and, built by
// memlens cc, the instrumented units (NAME.ml.i, one per source).
type cachedBuild struct {
	once sync.Once
	dir  string
	argv []string // the command, run in dir
	out  []byte   // its output
	err  error
	// kept for the run (sharedPrograms, and every native build: a clean
	// program's is made by TestGraphCorpus early in the run and by
	// TestCorpus near its end, ~20 KB each); else removed when the last
	// test using it ends, as the tests' own copies were (1,800 builds of
	// about 2 MB)
	keep  bool
	users int
	// a native build's run (nativeRun)
	runOnce sync.Once
	ran     outcome
}

// command is b's command as a shell line, for a failure's message.
func (b *cachedBuild) command() string {
	return "cd " + b.dir + " && " + strings.Join(b.argv, " ")
}

// sharedPrograms are the corpus programs, by name, that a test besides
// TestCorpus, TestCorpusO0 and TestGraphCorpus builds as they do.
func sharedPrograms() map[string]bool {
	corpusBuilds.once.Do(func() {
		m := map[string]bool{strings.TrimSuffix(explainProgram, ".c"): true}
		for _, names := range [][]string{slices.Collect(maps.Keys(stringExtents)), slices.Collect(maps.Keys(pointerOrigins)),
			slices.Collect(maps.Keys(jumpLosses)), reentryPrograms, injectedAllocators} {
			for _, n := range names {
				m[strings.TrimSuffix(n, ".c")] = true
			}
		}
		for _, sp := range reportSample {
			m[sp.name] = true
		}
		corpusBuilds.shared = m
	})
	return corpusBuilds.shared
}

// corpusBuild builds corpus program p into exe with cc, gcc or memlens cc
// and its flags, and ccArgs's arguments; memlens cc builds with p's own
// flags (MemlensFlags), keeps the units (--memlens-save-temps) with their
// warnings (unitWarningFlags) and records its diagnostics compiles and
// preprocessings in diagnosedDir for the builds of p in other modes
// (replayed in their own directories), which changes no byte
// of the program (TestCorpusBuildShared). A build with
// the same command and the same bytes in each of p's files is made once
// a run (for t and the tests using it at the same time, or for the whole
// run when it is native, when sharedPrograms names p or p's chains are
// annotated, as TestChainsUnoptimised builds those; with t nil, too); exe is a hard link
// to it, replacing a file there. Its debug information names its own
// directory (DW_AT_comp_dir), which holds the same files as the caller's.
// The error is the build's, or the link's.
func corpusBuild(t *testing.T, p *corpus.Program, cc []string, exe string) (*cachedBuild, error) {
	var env []string
	if cc[0] == memlens {
		cc = slices.Concat(cc, p.MemlensFlags(), []string{"--memlens-save-temps"})
		env = []string{"MEMLENS_TEST_UNIT_WARNINGS=" + strings.Join(unitWarningFlags, " ")}
	}
	argv := slices.Concat(cc, ccArgs(p, "prog"))
	files, content, err := programFiles(p)
	if err != nil {
		return &cachedBuild{argv: argv}, err
	}
	if env != nil {
		env = append(env, "MEMLENS_TEST_DIAGNOSED="+diagnosedDir(content))
	}
	h := sha256.New()
	for _, a := range argv {
		fmt.Fprintf(h, "%q\n", a)
	}
	h.Write([]byte(content))
	key := hex.EncodeToString(h.Sum(nil))

	corpusBuilds.mu.Lock()
	b := corpusBuilds.entries[key]
	if b == nil {
		b = &cachedBuild{dir: filepath.Join(corpusBuilds.dir, key[:20]), argv: argv,
			keep: t == nil || cc[0] == gcc || sharedPrograms()[p.Name] || chained(p)}
		if corpusBuilds.entries == nil {
			corpusBuilds.entries = map[string]*cachedBuild{}
		}
		corpusBuilds.entries[key] = b
	}
	if !b.keep {
		b.users++
		t.Cleanup(func() {
			corpusBuilds.mu.Lock()
			defer corpusBuilds.mu.Unlock()
			if b.users--; b.users == 0 {
				delete(corpusBuilds.entries, key)
				os.RemoveAll(b.dir)
			}
		})
	}
	corpusBuilds.mu.Unlock()
	if b.make(files, env); b.err != nil {
		return b, b.err
	}
	if err := os.Remove(exe); err != nil && !os.IsNotExist(err) {
		return b, err
	}
	return b, os.Link(filepath.Join(b.dir, "prog"), exe) // (exe replaced, as by -o)
}

// nativeRun builds corpus program p natively, at the usual level, into
// exe (corpusBuild) and returns its run in dir, which holds p's files.
// The run is made once a run too, by the first test asking: TestCorpus,
// TestCorpusO0 and TestGraphCorpus compare a clean program's instrumented
// runs with it, and it depends on nothing but the build and p's files
// (its arguments, stdin and options are p's directives, in the build's
// key), a clean program being deterministic (testProgram checks its
// memlens:exit). The error is the build's, with its command and output.
func nativeRun(t *testing.T, p *corpus.Program, dir, exe string) (outcome, error) {
	b, err := corpusBuild(t, p, []string{gcc}, exe)
	if err != nil {
		return outcome{}, fmt.Errorf("%v\n$ %s\n%s", err, b.command(), head(b.out))
	}
	b.runOnce.Do(func() { b.ran = execute(dir, exe, p, p.OptionString()) })
	return b.ran, nil
}

// sharedBuilds are the run's builds of the tests' own programs (not the
// corpus's) that several tests make alike: TestGraphOverflow's six of the
// other graph tests', the memory tests' churnLive and liveFromRoots,
// TestSignalOptions's of TestSignalReports.
var sharedBuilds struct {
	mu      sync.Mutex
	entries map[string]*cachedBuild // by key
}

// buildShared runs argv in a directory of its own holding files (by
// name), once a run for the same command on the same bytes (files' and
// those of each file argv names by an absolute path: no other file is
// read but system headers), and returns that build; its directory is kept
// for the run, and callers only read it (runs write elsewhere).
func buildShared(argv []string, files map[string][]byte) (*cachedBuild, error) {
	h := sha256.New()
	for _, a := range argv {
		fmt.Fprintf(h, "%q\n", a)
		if filepath.IsAbs(a) && a != argv[0] {
			if data, err := os.ReadFile(a); err == nil {
				fmt.Fprintf(h, "%d\n", len(data))
				h.Write(data)
			}
		}
	}
	for _, f := range slices.Sorted(maps.Keys(files)) {
		fmt.Fprintf(h, "%q %d\n", f, len(files[f]))
		h.Write(files[f])
	}
	key := hex.EncodeToString(h.Sum(nil))
	sharedBuilds.mu.Lock()
	b := sharedBuilds.entries[key]
	if b == nil {
		b = &cachedBuild{dir: filepath.Join(corpusBuilds.dir, "shared", key[:20]), argv: argv}
		if sharedBuilds.entries == nil {
			sharedBuilds.entries = map[string]*cachedBuild{}
		}
		sharedBuilds.entries[key] = b
	}
	sharedBuilds.mu.Unlock()
	b.make(files, nil)
	return b, b.err
}

// make runs b's command once, in its directory holding files (by name),
// with env added to the environment.
func (b *cachedBuild) make(files map[string][]byte, env []string) {
	b.once.Do(func() {
		if b.err = os.MkdirAll(b.dir, 0o777); b.err != nil {
			return
		}
		for f, data := range files {
			path := filepath.Join(b.dir, f) // (f may name a subdirectory: buildReporter's testdata/)
			if b.err = os.MkdirAll(filepath.Dir(path), 0o777); b.err != nil {
				return
			}
			if b.err = os.WriteFile(path, data, 0o666); b.err != nil {
				return
			}
		}
		b.out, b.err = buildInEnv(b.dir, b.argv, env)
	})
}

// linkInto hard-links the files named of build b into dir, replacing
// files there (as -o does: TestSignalOptions builds two programs in one
// directory).
func linkInto(b *cachedBuild, dir string, names ...string) error {
	for _, n := range names {
		if err := os.Remove(filepath.Join(dir, n)); err != nil && !os.IsNotExist(err) {
			return err
		}
		if err := os.Link(filepath.Join(b.dir, n), filepath.Join(dir, n)); err != nil {
			return err
		}
	}
	return nil
}

// programFiles returns the bytes of each of p's files, by name, and a hash
// of them all.
func programFiles(p *corpus.Program) (files map[string][]byte, content string, err error) {
	files = map[string][]byte{}
	h := sha256.New()
	for _, f := range p.Files() {
		data, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			return nil, "", err
		}
		files[f] = data
		fmt.Fprintf(h, "%q %d\n", f, len(data))
		h.Write(data)
	}
	return files, hex.EncodeToString(h.Sum(nil)), nil
}

// diagnosedDir is where memlens cc records the diagnostics compiles and
// the preprocessings of the program whose files hash to content
// (MEMLENS_TEST_DIAGNOSED), by command: TestCorpus's second mode, and the
// other tests building the program with the same flags, replay them
// instead of running gcc again (a twentieth of a corpus program's builds
// each). The records live for the run: a few bytes each, and the
// preprocessed texts.
func diagnosedDir(content string) string {
	return filepath.Join(corpusBuilds.dir, "diagnosed", content[:20])
}

// buildCorpus builds the corpus program NAME.c of testdata/bugs with
// memlens cc and flags, as TestCorpus does (corpusBuild), and returns the
// executable.
func buildCorpus(t *testing.T, name string, flags ...string) string {
	t.Helper()
	needMemlens(t)
	p, err := corpus.Load(filepath.Join("..", "testdata", "bugs", name))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), strings.TrimSuffix(name, ".c"))
	if b, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, flags), exe); err != nil {
		t.Fatalf("%v\n$ %s\n%s", err, b.command(), head(b.out))
	}
	return exe
}

// TestCorpusBuildShared: corpusBuild makes a build once for the same
// command and files, again when a file's bytes or a flag differ; a
// build is removed when the tests using it end, unless it is native or
// sharedPrograms names its program; memlens cc's --memlens-save-temps and the tests'
// settings, which it adds, leave the program as a build without them
// makes; the units' warnings are kept, and the diagnostics compile of one
// mode is replayed by the other.
func TestCorpusBuildShared(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "shared.c")
	load := func(code string) *corpus.Program {
		if err := os.WriteFile(src, []byte(code), 0o666); err != nil {
			t.Fatal(err)
		}
		p, err := corpus.Load(src)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	built := func(t *testing.T, p *corpus.Program, flags ...string) (*cachedBuild, string) {
		exe := filepath.Join(t.TempDir(), "exe")
		b, err := corpusBuild(t, p, slices.Concat([]string{memlens, "cc"}, flags), exe)
		if err != nil {
			t.Fatalf("%v\n$ %s\n%s", err, b.command(), head(b.out))
		}
		return b, exe
	}
	same := func(a, b string) bool {
		ia, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		ib, err := os.Stat(b)
		if err != nil {
			t.Fatal(err)
		}
		return os.SameFile(ia, ib)
	}

	p := load("int main(void) { int unused; return 0; }\n")
	first, exe1 := built(t, p)
	second, exe2 := built(t, p)
	if first != second || !same(exe1, exe2) {
		t.Errorf("the same build was made twice: %s, %s", first.dir, second.dir)
	}
	if said := string(mustRead(t, filepath.Join(first.dir, "shared.ml.i.warnings"))); !strings.Contains(said, "unused variable") {
		t.Errorf("the instrumented unit's warnings lack the program's own -Wunused-variable:\n%s", said)
	}
	// The diagnostics compile and the preprocessing are recorded, and the
	// other mode's build replays them (the diagnostics made distinct
	// here) instead of running gcc, with the same program.
	_, content, err := programFiles(p)
	if err != nil {
		t.Fatal(err)
	}
	records, _ := filepath.Glob(filepath.Join(diagnosedDir(content), "*"))
	diagnostics := slices.DeleteFunc(records, func(r string) bool { // (a preprocessing's record begins with its directory)
		return bytes.HasPrefix(mustRead(t, r), []byte(first.dir+"\n"))
	})
	if len(records) != 2 || len(diagnostics) != 1 {
		t.Fatalf("the default build recorded %d compiles, %d of them diagnostics compiles, not 2 and 1", len(records), len(diagnostics))
	}
	if err := os.WriteFile(diagnostics[0], []byte("shared.c: the recorded diagnostics\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if full, exe := built(t, p, "--memlens-full"); full == first || same(exe, exe1) {
		t.Errorf("--memlens-full's build is the default one's (%s)", full.dir)
	} else if !bytes.Contains(full.out, []byte("the recorded diagnostics")) {
		t.Errorf("--memlens-full's build did not replay the default build's diagnostics compile:\n%s", full.out)
	} else {
		sameAsPlain(t, full, p)
	}

	sameAsPlain(t, first, p)

	changed := load("int main(void) { return 1; }\n")
	var gone, native *cachedBuild
	t.Run("removed", func(t *testing.T) {
		b, exe := built(t, changed)
		if b == first || same(exe, exe1) {
			t.Errorf("a changed source's build is the old one's (%s)", b.dir)
		}
		gone = b
		n, err := corpusBuild(t, changed, []string{gcc}, filepath.Join(t.TempDir(), "native"))
		if err != nil {
			t.Fatalf("%v\n$ %s\n%s", err, n.command(), head(n.out))
		}
		native = n
	})
	if gone == nil || native == nil { // (the subtest failed to build, or -run left it out)
		return
	}
	if _, err := os.Stat(gone.dir); err == nil {
		t.Errorf("%s is left when the test using it has ended", gone.dir)
	}
	if _, err := os.Stat(filepath.Join(native.dir, "prog")); err != nil {
		t.Errorf("the native build, which TestGraphCorpus and TestCorpus both make, is gone when the test using it has ended: %v", err)
	}
	var kept *cachedBuild
	explained, err := corpus.Load(filepath.Join("..", "testdata", "bugs", explainProgram))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("kept", func(t *testing.T) {
		kept, _ = built(t, explained) // (as TestCorpus builds it)
	})
	if kept == nil {
		return
	}
	if _, err := os.Stat(filepath.Join(kept.dir, "prog")); err != nil {
		t.Errorf("the build of %s, which other tests build too, is gone: %v", explainProgram, err)
	}
	sameAsPlain(t, kept, explained) // (a real program's units: compiled with warnings on, the same code)
}

// sameAsPlain: b's program is the one its command makes in its directory
// (the debug information names it) without --memlens-save-temps and the
// tests' settings corpusBuild gives memlens cc.
func sameAsPlain(t *testing.T, b *cachedBuild, p *corpus.Program) {
	t.Helper()
	plain := slices.Concat(b.argv[:slices.Index(b.argv, "--memlens-save-temps")], ccArgs(p, "plain"))
	if out, err := build(b.dir, plain); err != nil {
		t.Fatalf("%v\n%s", err, head(out))
	}
	if a, c := mustRead(t, filepath.Join(b.dir, "prog")), mustRead(t, filepath.Join(b.dir, "plain")); !bytes.Equal(a, c) {
		t.Errorf("%s: --memlens-save-temps and the tests' settings change the program: %d bytes, %d without them", b.command(), len(a), len(c))
	}
}
