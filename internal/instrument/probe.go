package instrument

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"memlens/internal/atomicfile"
	"memlens/internal/rtbuild"
)

// probeResult is what cc/v4 learns by running the C compiler: its
// predefined macros and include directories.
type probeResult struct {
	CC                  string
	Predefined          string
	HostIncludePaths    []string
	HostSysIncludePaths []string
}

// probeEnv are the environment variables that change what gcc or clang
// predefine or where they search for headers.
// (cc/v4 runs the probe with LC_ALL=C.)
var probeEnv = []string{"CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH", "SDKROOT"}

// probe is cc.NewConfig for the compiler command (a program and the words
// naming the compiler it runs, if a wrapper) given the flags that change
// its predefined macros. Asking the compiler costs two runs of it, as much
// time as parsing a small file, once per memlens cc; the answer depends only
// on the compiler, those flags and a few environment variables, so it is
// kept in memlens's cache directory under a key of all of them (the
// compiler as rtbuild.CompilerIdentity knows it: its own executable by
// path, size and modification time, as ccache does; a wrapper by the
// --version of the command). Flags with
// which cc/v4 also changes its private settings (free-standing mode, long
// double) are never answered from the cache. Those that make keywords
// identifiers (a non-GNU -std, -ansi, -fno-asm: offKeywords) are: a
// configuration from the cache knows every keyword, which parses a unit
// the same unless it spells one of those words (strictConfig). cached
// reports whether cfg came from the cache.
func probe(command, flags []string) (cfg *cc.Config, cached bool, err error) {
	path, ok := probeKey(command, flags)
	if ok {
		if b, err := os.ReadFile(path); err == nil {
			var r probeResult
			if json.Unmarshal(b, &r) == nil && r.CC != "" {
				cfg, err := configFrom(&r)
				return cfg, true, err
			}
		}
	}
	if cfg, err = askCompiler(command, flags); err != nil {
		return nil, false, err
	}
	if ok && !strings.Contains(cfg.Predefined, "#define __STDC_VERSION__ 202") {
		storeProbe(path, &probeResult{CC: cfg.CC, Predefined: cfg.Predefined,
			HostIncludePaths: cfg.HostIncludePaths, HostSysIncludePaths: cfg.HostSysIncludePaths})
	}
	return cfg, false, nil
}

// askCompiler is cc.NewConfig run on the compiler command with flags.
func askCompiler(command, flags []string) (*cc.Config, error) {
	// cc/v4 asks $CC which program to probe (the driver has already
	// chosen) and runs it with the options it is given, words that are no
	// option first: the command's own (ccache's compiler), so a wrapper is
	// asked about the compiler it runs. (Given only the wrapper, cc/v4
	// fell back to cc: the system gcc's answer for ccache gcc-13.)
	old, had := os.LookupEnv("CC")
	os.Setenv("CC", command[0])
	cfg, err := cc.NewConfig("", "", slices.Concat(command[1:], flags)...)
	if had {
		os.Setenv("CC", old)
	} else {
		os.Unsetenv("CC")
	}
	if err != nil {
		return nil, err
	}
	halfFloats(cfg)
	return cfg, nil
}

// offKeywords lists the keywords cc/v4's configuration for flags takes for
// identifiers, as gcc does: asm and typeof under a non-GNU -std, -ansi or
// -fno-asm, inline too under C89 (cc.NewConfig).
func offKeywords(flags []string) []string {
	var off []string
	for _, f := range flags {
		std, isStd := strings.CutPrefix(f, "-std=")
		switch {
		case f == "-ansi", isStd && (std == "c89" || std == "c90" || std == "iso9899:1990" || std == "iso9899:199409"):
			off = append(off, "asm", "typeof", "inline")
		case f == "-fno-asm", isStd && !strings.HasPrefix(std, "gnu"):
			off = append(off, "asm", "typeof")
		}
	}
	return off
}

// spells reports whether the preprocessed C text holds one of words as an
// identifier outside its directives (a line marker naming
// <asm/errno.h>), or inside a literal: then too, which only costs a probe.
func spells(text []byte, words []string) bool {
	for _, w := range words {
		for i := 0; ; {
			k := bytes.Index(text[i:], []byte(w))
			if k < 0 {
				break
			}
			k += i
			end := k + len(w)
			line := text[bytes.LastIndexByte(text[:k], '\n')+1:]
			if (k == 0 || !isIdentByte(text[k-1])) && (end == len(text) || !isIdentByte(text[end])) &&
				!bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("#")) {
				return true
			}
			i = end
		}
	}
	return false
}

// halfFloats gives the front end the 16-bit floating types when the host
// compiler has them: cc/v4 leaves them out on linux/amd64, but gcc 12's
// <immintrin.h> declares its AVX512-FP16 intrinsics with _Float16, so any
// program using SIMD intrinsics would otherwise fail to parse.
func halfFloats(cfg *cc.Config) {
	if !strings.Contains(cfg.Predefined, "#define __FLT16_MAX__ ") {
		return
	}
	for _, k := range []cc.Kind{cc.Float16, cc.BFloat16} {
		if _, ok := cfg.ABI.Types[k]; !ok {
			cfg.ABI.Types[k] = cc.AbiType{Size: 2, Align: 2, FieldAlign: 2}
		}
	}
	if _, ok := cfg.ABI.Types[cc.ComplexFloat16]; !ok {
		cfg.ABI.Types[cc.ComplexFloat16] = cc.AbiType{Size: 4, Align: 2, FieldAlign: 2}
	}
}

// probeKey returns the cache file for the probe and whether the probe may
// be cached at all.
func probeKey(command, flags []string) (path string, ok bool) {
	for _, f := range flags {
		switch {
		case f == "-ffreestanding", f == "-fno-builtin", f == "-imacros", strings.HasPrefix(f, "-mlong-double"):
			return "", false
		}
	}
	prog, version, err := rtbuild.CompilerIdentity(command)
	if err != nil {
		return "", false
	}
	root, err := rtbuild.CacheRoot()
	if err != nil {
		return "", false
	}
	h := sha256.New()
	fmt.Fprintf(h, "probe 2\n%s\n%q\n%q\n%s/%s\n", prog, command[1:], version, runtime.GOOS, runtime.GOARCH)
	for _, f := range flags {
		fmt.Fprintf(h, "flag %q\n", f)
	}
	for _, v := range probeEnv {
		val, set := os.LookupEnv(v)
		fmt.Fprintf(h, "env %s %v %q\n", v, set, val)
	}
	return filepath.Join(root, "probe", hex.EncodeToString(h.Sum(nil))[:32]+".json"), true
}

// storeProbe writes r to path; a failure only costs the next run a probe.
func storeProbe(path string, r *probeResult) {
	if b, err := json.Marshal(r); err == nil {
		storeCached(path, b)
	}
}

// storeCached writes b to the cache file path atomically; a failure (a
// read-only cache) only costs the next run the work again.
func storeCached(path string, b []byte) {
	if os.MkdirAll(filepath.Dir(path), 0o755) == nil {
		atomicfile.Write(path, b, 0o644)
	}
}

// configFrom rebuilds what cc.NewConfig returns for a cached probe.
func configFrom(r *probeResult) (*cc.Config, error) {
	abi, err := cc.NewABI(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		return nil, err
	}
	inc := append([]string(nil), r.HostIncludePaths...)
	sys := append([]string(nil), r.HostSysIncludePaths...)
	cfg := &cc.Config{
		ABI:                 abi,
		CC:                  r.CC,
		HostIncludePaths:    inc,
		HostSysIncludePaths: sys,
		IncludePaths:        append([]string{""}, append(append([]string(nil), inc...), sys...)...),
		Predefined:          r.Predefined,
		SysIncludePaths:     append([]string(nil), sys...),
	}
	halfFloats(cfg)
	return cfg, nil
}
