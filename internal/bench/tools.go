package bench

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"memlens/internal/corpus"
	"memlens/internal/report"
	"memlens/internal/verdict"
)

// ToolNames are the tools memlens bench knows, in the order tables show
// them.
var ToolNames = []string{"native", "memlens", "memlens-full", "memlens-typestate", "asan", "valgrind", "msan"}

// A tool builds a program one way and reads its verdict from a run.
type tool struct {
	name string
	// build returns the command compiling pr's sources (in its directory)
	// into out with the optimisation flags opt; nil when the tool runs
	// another tool's binary (from).
	build func(pr *Program, opt []string, out string) []string
	from  string
	// run returns the command running bin; logFile is a file the tool may
	// write its findings to.
	run func(bin, logFile string) []string
	// env returns the variables added to the environment of a run for p;
	// timed is set for the overhead runs.
	env func(p *corpus.Program, logFile string, timed bool) []string
	// findings reads the tool's verdict from the run's stderr and logFile.
	findings func(stderr []byte, logFile string) ([]verdict.Finding, error)
	// mode is the corpus want mode the tool's reports follow (memlens's
	// two modes differ in what they find), "" for the others.
	mode string
	// ref is the reference build the tool's behaviour and overhead are
	// compared with: "native" (gcc), or for a clang-based tool
	// "clang-native", since programs whose output depends on unspecified
	// behaviour (the order arguments are evaluated in) differ between
	// compilers.
	ref string
}

// references are the plain builds tools are compared with; they are not
// checkers and have no column of their own.
var references = []string{"native", "clang-native"}

// cleanEnv is the environment without the tools' own option variables:
// every tool runs with the options memlens bench gives it.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "MEMLENS_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS", "MSAN_OPTIONS", "VALGRIND_OPTS":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// compileArgs: the program's flags, its sources, its project's (with the
// project's directory on the include path), then its libraries.
func compileArgs(cc []string, pr *Program, opt []string, out string) []string {
	p := pr.prog
	a := append(append(append([]string{}, cc...), opt...), p.CFlags...)
	if pr.projectDir != "" {
		a = append(a, "-I"+pr.projectDir)
	}
	a = append(append(append(a, p.Sources...), pr.projectFiles...), p.Libs...)
	return append(a, "-o", out)
}

func noFindings([]byte, string) ([]verdict.Finding, error) { return nil, nil }

func sanitizerFindings(stderr []byte, _ string) ([]verdict.Finding, error) {
	return verdict.Sanitizer(stderr), nil
}

// newTool returns the named tool, or an error saying why it cannot run
// here. memlensBin is the memlens binary; cc the C compiler of the native
// and asan builds.
func newTool(name, memlensBin, cc string) (*tool, error) {
	plain := func(bin, _ string) []string { return []string{bin} }
	none := func(*corpus.Program, string, bool) []string { return nil }
	switch name {
	case "native":
		if _, err := exec.LookPath(cc); err != nil {
			return nil, fmt.Errorf("no C compiler %s: %v", cc, err)
		}
		return &tool{name: name, run: plain, env: none, findings: noFindings,
			build: func(pr *Program, opt []string, out string) []string {
				return compileArgs([]string{cc}, pr, opt, out)
			}}, nil
	case "memlens", "memlens-full", "memlens-typestate":
		cmd, mode := []string{memlensBin, "cc"}, corpus.ModeDetect
		if name == "memlens-full" {
			cmd, mode = append(cmd, "--memlens-full"), corpus.ModeFull
		}
		return &tool{name: name, run: plain, mode: mode,
			build: func(pr *Program, opt []string, out string) []string {
				if pr.Typestate && name != "memlens-typestate" {
					// memlens's own checks: the typestate header's
					// tracking and annotations compile to nothing without
					// __MEMLENS__, as under gcc
					return compileArgs(append(cmd[:len(cmd):len(cmd)], "-U__MEMLENS__"), pr, opt, out)
				}
				return compileArgs(cmd, pr, opt, out)
			},
			env: func(p *corpus.Program, logFile string, timed bool) []string {
				if timed {
					return nil // the defaults, as users run it
				}
				opts := "log_json=" + logFile
				if o := p.OptionString(); o != "" {
					opts += ":" + o
				}
				return []string{"MEMLENS_OPTIONS=" + opts}
			},
			findings: func(_ []byte, logFile string) ([]verdict.Finding, error) {
				recs, err := report.ReadFile(logFile)
				return verdict.Memlens(recs), err
			}}, nil
	case "asan":
		return &tool{name: name, run: plain, findings: sanitizerFindings,
			build: func(pr *Program, opt []string, out string) []string {
				return compileArgs([]string{cc, "-fsanitize=address", "-fno-omit-frame-pointer"}, pr, opt, out)
			},
			env: func(_ *corpus.Program, _ string, timed bool) []string {
				if timed {
					return nil
				}
				// Returns and scopes are checked only when asked.
				return []string{"ASAN_OPTIONS=detect_stack_use_after_return=1:detect_leaks=1"}
			}}, nil
	case "msan", "clang-native":
		clang, err := exec.LookPath("clang")
		if err != nil {
			return nil, errors.New("MemorySanitizer needs clang, which is not installed (apt-get install clang)")
		}
		cmd, ref := []string{clang, "-fsanitize=memory", "-fno-omit-frame-pointer"}, "clang-native"
		if name == "clang-native" {
			cmd, ref = []string{clang}, ""
		}
		return &tool{name: name, run: plain, env: none, findings: sanitizerFindings, ref: ref,
			build: func(pr *Program, opt []string, out string) []string {
				return compileArgs(cmd, pr, opt, out)
			}}, nil
	case "valgrind":
		vg, err := exec.LookPath("valgrind")
		if err != nil {
			return nil, errors.New("valgrind is not installed (apt-get install valgrind)")
		}
		return &tool{name: name, from: "native", env: none,
			run: func(bin, logFile string) []string {
				return []string{vg, "-q", "--leak-check=full", "--xml=yes", "--xml-file=" + logFile, bin}
			},
			findings: func(_ []byte, logFile string) ([]verdict.Finding, error) {
				data, err := os.ReadFile(logFile)
				if err != nil {
					return nil, err
				}
				return verdict.Valgrind(data)
			}}, nil
	}
	return nil, fmt.Errorf("unknown tool %q (known: %s)", name, strings.Join(ToolNames, ", "))
}

// reference is the name of the plain build t is compared with ("" for a
// reference itself).
func (t *tool) reference() string {
	if slices.Contains(references, t.name) {
		return ""
	}
	if t.ref != "" {
		return t.ref
	}
	return "native"
}

// probe builds and runs a correct program with t (and native, when t runs
// native's binary), so a tool that does not work here is skipped with the
// reason instead of failing on every program.
func probe(t, native *tool, dir string) error {
	src := filepath.Join(dir, "probe.c")
	prog := "#include <stdio.h>\n#include <stdlib.h>\nint main(void){char *p=malloc(4);p[0]='o';p[1]='k';p[2]=0;puts(p);free(p);return 0;}\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		return err
	}
	p := &corpus.Program{Name: "probe", Dir: dir, Sources: []string{"probe.c"}}
	pr := &Program{prog: p}
	builder := t
	if t.build == nil {
		builder = native
	}
	bin := filepath.Join(dir, "probe-"+t.name)
	argv := builder.build(pr, []string{"-O1"}, bin)
	build := exec.Command(argv[0], argv[1:]...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	logFile := filepath.Join(dir, "probe-"+t.name+".log")
	argv = t.run(bin, logFile)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(cleanEnv(), t.env(p, logFile, false)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, stderr.Bytes())
	}
	if stdout.String() != "ok\n" {
		return fmt.Errorf("the probe printed %q, not \"ok\"", stdout.String())
	}
	if fs, err := t.findings(stderr.Bytes(), logFile); err != nil || len(fs) > 0 {
		return fmt.Errorf("the probe's verdict: %v findings, %v", len(fs), err)
	}
	return nil
}
