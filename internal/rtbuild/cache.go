package rtbuild

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// cflags compile every runtime source. The archive is only ever linked into
// executables (never into shared libraries, see the driver), so -fPIE: it
// fits PIE and non-PIE programs alike, and the runtime's thread-locals use
// the local-exec model instead of calls to __tls_get_addr on every malloc.
// -g so reports and gdb can show runtime frames; the runtime's own
// sources trade it for sourceDebugFlags.
var cflags = []string{"-O2", "-g", "-fPIE", "-pthread", "-c"}

// gdbCalledSources are the runtime sources compiled with cflags' full -g:
// gdb calls their functions, and needs their types to (malloc, for each
// string a command passes; memlens_enable, for its result).
var gdbCalledSources = []string{"allocator.c", "control.c"}

// lineDebug is the debug level of the other runtime sources: functions and
// line tables, so backtraces and addr2line still name a runtime frame and
// its line, without the types and variable locations that were two thirds
// of every program's link (ld relocating and checksumming them). The
// statement frontiers keep addr2line's lines those of -g but for a few
// inlined call lines.
var lineDebug = []string{"-g1", "-gstatement-frontiers"}

// sourceFlags are the flags compiling the runtime source name.
func sourceFlags(name string) []string {
	if slices.Contains(gdbCalledSources, name) {
		return cflags
	}
	i := slices.Index(cflags, "-g")
	return slices.Concat(cflags[:i], lineDebug, cflags[i+1:])
}

// SourceDirName is the directory, inside the one Ensure returns, holding
// the runtime's sources: a program's rules (runtime/rules.h) compile against
// them.
const SourceDirName = "src"

// CompileFlags are the flags the runtime's sources compile with, for C
// that is compiled against them.
func CompileFlags() []string { return slices.Clone(cflags) }

// Ensure returns a directory holding ArchiveName and HeaderName built by the
// C compiler cc (a command, possibly with arguments separated by spaces),
// building it on first use. The directory lives under $MEMLENS_CACHE, else
// under the user's cache directory, keyed by the runtime sources, the
// compiler's resolved path and its --version output. Concurrent callers
// (make -j) are safe: each builds in a private directory and the first
// rename into place wins. A cache directory that cannot be created or
// written is an error, unless UsePrivate gave a directory to build in
// instead.
func Ensure(cc string) (string, error) {
	k, err := keyOf(cc)
	if err != nil {
		return "", err
	}
	return ensureKeyed(strings.Fields(cc), k.srcs, k.key)
}

// Prepare starts computing in the background what Ensure(cc) needs first,
// the cache key: a run of the compiler (--version) and a hash of the
// sources. memlens cc calls it when its command links, so that the link,
// which calls Ensure after the units' compiles, no longer waits for them.
func Prepare(cc string) { go keyOf(cc) }

// keyed is the runtime's sources and their cache key for one compiler.
type keyed struct {
	srcs []source
	key  string
}

// keys holds keyOf's answers by compiler command and PATH, which resolves
// it: computed once a process.
var keys sync.Map // string -> func() (keyed, error)

func keyOf(cc string) (keyed, error) {
	f, _ := keys.LoadOrStore(cc+"\x00"+os.Getenv("PATH"), sync.OnceValues(func() (keyed, error) {
		words := strings.Fields(cc)
		if len(words) == 0 {
			return keyed{}, errors.New("rtbuild: empty C compiler command")
		}
		srcs, err := sources()
		if err != nil {
			return keyed{}, err
		}
		key, err := cacheKey(words, srcs)
		return keyed{srcs, key}, err
	}))
	return f.(func() (keyed, error))()
}

// private is where Ensure builds when the cache cannot be used, set by
// UsePrivate.
var private struct {
	sync.Mutex
	dir  string
	note func(reason string)
}

// UsePrivate makes Ensure, until restore is called, build the runtime
// under dir when the cache directory cannot be created or written (or
// there is none: no $HOME), after calling note with the reason, e.g.
// "cache directory /x/y is not writable (permission denied)". dir, which
// need not exist, belongs to the caller, who removes it once the runtime
// is linked: memlens cc gives a directory inside its temporary one. A
// finished build already in the cache is used as ever, writable or not.
func UsePrivate(dir string, note func(reason string)) (restore func()) {
	private.Lock()
	defer private.Unlock()
	oldDir, oldNote := private.dir, private.note
	private.dir, private.note = dir, note
	return func() {
		private.Lock()
		defer private.Unlock()
		private.dir, private.note = oldDir, oldNote
	}
}

// unusableError is a cache directory Ensure cannot build in.
type unusableError struct {
	root string
	err  error
}

func (e *unusableError) Error() string {
	reason := e.err.Error()
	var errno syscall.Errno
	if errors.As(e.err, &errno) {
		reason = errno.Error() // the message names the path already
	}
	return fmt.Sprintf("cache directory %s is not writable (%s)", e.root, reason)
}

func (e *unusableError) Unwrap() error { return e.err }

// ensure is Ensure for the given compiler command and sources.
func ensure(cc []string, srcs []source) (string, error) {
	key, err := cacheKey(cc, srcs)
	if err != nil {
		return "", err
	}
	return ensureKeyed(cc, srcs, key)
}

// ensureKeyed is ensure with the sources' cache key computed.
func ensureKeyed(cc []string, srcs []source, key string) (string, error) {
	var reason string // why the cache cannot be used
	root, err := CacheRoot()
	if err != nil {
		reason = fmt.Sprintf("no cache directory (%v)", errors.Unwrap(err))
	} else {
		dir, ierr := ensureIn(root, key, cc, srcs)
		var unusable *unusableError
		if !errors.As(ierr, &unusable) {
			return dir, ierr
		}
		reason = unusable.Error()
		err = fmt.Errorf("rtbuild: %w (set MEMLENS_CACHE to use another cache directory)", unusable.err)
	}
	private.Lock()
	dir, note := private.dir, private.note
	private.Unlock()
	if dir == "" {
		return "", err
	}
	if note != nil {
		note(reason)
	}
	dir, err = ensureIn(dir, key, cc, srcs)
	var unusable *unusableError
	if errors.As(err, &unusable) {
		return "", fmt.Errorf("rtbuild: %w", unusable.err)
	}
	return dir, err
}

// ensureIn returns the directory of the build key under root, building it
// if needed. An *unusableError means root cannot be written.
func ensureIn(root, key string, cc []string, srcs []source) (string, error) {
	if abs, err := filepath.Abs(root); err == nil { // the compiler runs in the build directory
		root = abs
	}
	dir := filepath.Join(root, key)
	if complete(dir) {
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", &unusableError{root, err}
	}
	if unlock := lockKey(root, key); unlock != nil {
		defer unlock()
		if complete(dir) { // built by the process that held the lock
			return dir, nil
		}
	}
	tmp, err := os.MkdirTemp(root, ".build-")
	if err != nil {
		return "", &unusableError{root, err}
	}
	defer os.RemoveAll(tmp) // nothing left to remove once renamed into place
	if err := build(cc, srcs, tmp, dir); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if complete(dir) { // another process won the race; its copy is as good
			return dir, nil
		}
		return "", fmt.Errorf("rtbuild: %w", err)
	}
	return dir, nil
}

// lockKey waits for the lock of build key under root and returns its
// release, or nil when the lock cannot be taken (a root that cannot be
// written, a file system without locks), where the processes build side by
// side as before, the first rename winning. make -j's first compiles in an
// empty cache would otherwise each build the runtime (17 s of CPU each);
// the waiting ones find it complete. The lock is the kernel's, released
// when its holder exits, however it ends; its file stays (a few bytes a
// key).
func lockKey(root, key string) (unlock func()) {
	f, err := os.OpenFile(filepath.Join(root, key+".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil
	}
	return func() { f.Close() } // (closing the file releases the lock)
}

// complete reports whether dir holds a finished build. Directories are
// renamed into place only once complete, so the archive's presence suffices.
func complete(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ArchiveName))
	return err == nil
}

// CacheRoot is memlens's cache directory: $MEMLENS_CACHE, else memlens
// under the user's cache directory. It may not exist yet.
func CacheRoot() (string, error) {
	if d := os.Getenv("MEMLENS_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("rtbuild: %w (set MEMLENS_CACHE)", err)
	}
	return filepath.Join(d, "memlens"), nil
}

// layout names what a cache directory holds, for the key: a directory
// made before the export list would otherwise be complete without it.
const layout = "archive of one " + partialName + ", header, sources, " + ExportsName

// partialName is the archive's one member: the runtime's objects linked
// with -r. Every program links all of the runtime (--whole-archive), and
// ld's work per input object and per section (trying each object format,
// adding each section) was that of 33 objects' 953 sections in every link;
// a relocatable object holds the same code and data, merged per section.
const partialName = "memlens_rt.o"

// cacheKey hashes everything the archive depends on: the sources, the
// flags, and which compiler (path after symlinks, arguments, version).
func cacheKey(cc []string, srcs []source) (string, error) {
	prog, version, err := CompilerIdentity(cc)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, field := range [][]byte{
		[]byte(layout),
		[]byte(prog),
		[]byte(strings.Join(cc[1:], "\x00")),
		version,
		[]byte(strings.Join(cflags, "\x00")),
		[]byte(strings.Join(gdbCalledSources, "\x00")),
		[]byte(strings.Join(lineDebug, "\x00")),
	} {
		fmt.Fprintf(h, "%d:%s", len(field), field)
	}
	for _, s := range srcs {
		fmt.Fprintf(h, "%d:%s%d:%s", len(s.name), s.name, len(s.data), s.data)
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// CompilerIdentity is where the program of compiler command cc is
// (symlinks resolved) and what identifies the compiler it runs
// (compilerVersion): what a cache of the compiler's answers is keyed on.
func CompilerIdentity(cc []string) (prog string, version []byte, err error) {
	if prog, err = exec.LookPath(cc[0]); err != nil {
		return "", nil, fmt.Errorf("rtbuild: %w", err)
	}
	if p, err := filepath.EvalSymlinks(prog); err == nil {
		prog = p
	}
	version, err = compilerVersion(prog, cc)
	return prog, version, err
}

// compilerVersion identifies the compiler command cc, whose program is at
// prog (symlinks resolved). A compiler's own binary named alone is known
// by its file's size and modification time, as ccache knows a compiler:
// every memlens cc that links asks for the archive, and running the
// compiler cost a process each time. A wrapper, which stays the same while
// the compiler it runs changes (ccache, through arguments or a symlink
// named gcc; a MEMLENS_CC script), says its compiler's --version.
func compilerVersion(prog string, cc []string) ([]byte, error) {
	if len(cc) == 1 && compilerBinary(prog) {
		if st, err := os.Stat(prog); err == nil {
			return fmt.Appendf(nil, "%d %d", st.Size(), st.ModTime().UnixNano()), nil
		}
	}
	version, err := exec.Command(cc[0], slices.Concat(cc[1:], []string{"--version"})...).Output()
	if err != nil {
		return nil, fmt.Errorf("rtbuild: %s --version: %w", cc[0], err)
	}
	return version, nil
}

// compilerBinary reports whether the file prog is a compiler's own
// executable: an ELF file named as gcc's and clang's are
// (x86_64-linux-gnu-gcc-12, clang-14, cc), not a script or ccache.
func compilerBinary(prog string) bool {
	base := filepath.Base(prog)
	if !strings.Contains(base, "gcc") && !strings.Contains(base, "clang") && base != "cc" {
		return false
	}
	f, err := elf.Open(prog)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// build compiles srcs into tmp, which will be renamed to final: the sources
// stay in tmp/src for debuggers, the objects are linked into one
// relocatable object (partialName), archived, then removed.
func build(cc []string, srcs []source, tmp, final string) error {
	srcDir := filepath.Join(tmp, SourceDirName)
	if err := os.Mkdir(srcDir, 0o755); err != nil {
		return fmt.Errorf("rtbuild: %w", err)
	}
	for _, s := range srcs {
		if err := os.WriteFile(filepath.Join(srcDir, s.name), s.data, 0o644); err != nil {
			return fmt.Errorf("rtbuild: %w", err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, HeaderName), Header(), 0o644); err != nil {
		return fmt.Errorf("rtbuild: %w", err)
	}
	// Debug info must name the sources where they will be, not in tmp.
	prefixMap := "-fdebug-prefix-map=" + tmp + "=" + final
	var objs []string
	for _, s := range srcs {
		if !strings.HasSuffix(s.name, ".c") {
			continue
		}
		obj := filepath.Join(tmp, strings.TrimSuffix(s.name, ".c")+".o")
		cmd := slices.Concat(cc, sourceFlags(s.name), []string{prefixMap, filepath.Join(srcDir, s.name), "-o", obj})
		if err := run(tmp, cmd); err != nil {
			return err
		}
		objs = append(objs, obj)
	}
	if err := writeExports(filepath.Join(tmp, ExportsName), objs); err != nil {
		return err
	}
	linked := filepath.Join(tmp, partialName)
	if err := run(tmp, slices.Concat(cc, []string{"-r", "-nostdlib", "-o", linked}, objs)); err != nil {
		return err
	}
	if err := run(tmp, []string{"ar", "rcs", filepath.Join(tmp, ArchiveName), linked}); err != nil {
		return err
	}
	for _, o := range append(objs, linked) {
		if err := os.Remove(o); err != nil {
			return fmt.Errorf("rtbuild: %w", err)
		}
	}
	return nil
}

// run runs argv in dir, the build directory, which the debug prefix map
// then also maps for DW_AT_comp_dir. The compiler's own temporary files go
// there too, so that none outlives a failed or interrupted build.
func run(dir string, argv []string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return &BuildError{Command: argv, Output: string(out), Err: err}
	}
	return nil
}

// exportPrefixes are the names an executable exports for the instrumented
// shared libraries it loads (their calls of the runtime) and for the
// hooks a program may define (__asan_default_options,
// __memlens_default_options).
var exportPrefixes = []string{"__ml_", "__memlens_", "__asan_"}

// writeExports writes to path, in ld's dynamic list format, every global or
// weak symbol with one of exportPrefixes that the objects define or refer
// to (the hooks: a program's definition is exported as the patterns
// __ml_*, __memlens_* and __asan_* exported it). Named one by one, each is
// a hash lookup in ld, where a pattern is an fnmatch per symbol of the
// link, in a UTF-8 locale with both strings converted to wide characters:
// a sixth of a small program's link.
func writeExports(path string, objs []string) error {
	names := map[string]bool{}
	for _, o := range objs {
		f, err := elf.Open(o)
		if err != nil {
			return fmt.Errorf("rtbuild: %w", err)
		}
		syms, err := f.Symbols()
		f.Close()
		if err != nil {
			return fmt.Errorf("rtbuild: %s: %w", o, err)
		}
		for _, s := range syms {
			bind := elf.ST_BIND(s.Info)
			if (bind == elf.STB_GLOBAL || bind == elf.STB_WEAK) && slices.ContainsFunc(exportPrefixes, func(p string) bool {
				return strings.HasPrefix(s.Name, p)
			}) {
				names[s.Name] = true
			}
		}
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, n := range slices.Sorted(maps.Keys(names)) {
		fmt.Fprintf(&b, "  %s;\n", n)
	}
	b.WriteString("};\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("rtbuild: %w", err)
	}
	return nil
}
