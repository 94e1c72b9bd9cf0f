package driver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"memlens/internal/rtbuild"
)

// ensureRuntime builds or finds the runtime archive, and prepareRuntime
// starts what it needs first; tests replace them.
var ensureRuntime, prepareRuntime = rtbuild.Ensure, rtbuild.Prepare

// link links the objects of units with the user's other inputs and flags,
// in the user's order, and the runtime. -shared and -r outputs get no
// runtime: it must exist once per process, so an instrumented shared
// library resolves it from the instrumented executable that loads it.
func (j *job) link(units []*unit) error {
	cmd := slices.Concat(j.cc, j.userArgs(units, func(u *unit) []string {
		if u.lang != "" { // under -x c gcc would read the object as C
			return []string{"-x", "none", u.obj, "-x", u.lang}
		}
		return []string{u.obj}
	}))
	if j.cl.noRuntime {
		if j.cl.shared && j.cl.noUndefined() {
			ignore, err := j.runtimeUnresolved()
			if err != nil {
				return err
			}
			cmd = append(cmd, ignore)
		}
		return j.runLink(cmd, units)
	}
	dir, err := ensureRuntime(strings.Join(j.cc, " "))
	if err != nil {
		return err
	}
	if j.cl.lastLang != "" {
		cmd = append(cmd, "-x", "none")
	}
	if j.rules != nil {
		obj, err := j.rulesObject(dir)
		if err != nil {
			return err
		}
		cmd = append(cmd, obj)
	}
	if j.cl.isAutoconfProbe(units) {
		obj, err := j.ownObject(dir, "memlens-probe", []byte(probeOptions))
		if err != nil {
			return err
		}
		cmd = append(cmd, obj)
	}
	return j.runLink(append(cmd, runtimeArgs(dir)...), units)
}

// runtimeUnresolved returns a response file's argument that has ld accept
// the runtime's symbols unresolved in a shared library: the instrumented
// executable that loads it defines and exports them. --no-undefined or
// -z defs (meson's default for shared libraries) still reports every
// other symbol as gcc's link would.
func (j *job) runtimeUnresolved() (string, error) {
	dir, err := ensureRuntime(strings.Join(j.cc, " "))
	if err != nil {
		return "", err
	}
	names, err := rtbuild.Exports(dir)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, n := range names {
		b.WriteString("-Wl,--ignore-unresolved-symbol=" + n + "\n")
	}
	file := filepath.Join(j.tmp, "runtime-unresolved.rsp")
	return "@" + file, os.WriteFile(file, []byte(b.String()), 0o644)
}

// noUndefined reports whether the link's flags make ld refuse undefined
// symbols in a shared library, with GNU ld (gold and lld have no
// --ignore-unresolved-symbol).
func (cl *commandLine) noUndefined() bool {
	var ld []string // the words the linker gets
	for _, a := range cl.args {
		switch w := a.words[0]; {
		case a.kind != kindFlag:
		case strings.HasPrefix(w, "-fuse-ld=") && w != "-fuse-ld=bfd":
			return false
		case strings.HasPrefix(w, "-Wl,"):
			ld = append(ld, strings.Split(w[len("-Wl,"):], ",")...)
		case w == "-Xlinker":
			ld = append(ld, a.words[1:]...)
		default:
			ld = append(ld, a.words...) // -z X, -zX
		}
	}
	for i, w := range ld {
		if w == "--no-undefined" || w == "-zdefs" || w == "defs" && i > 0 && ld[i-1] == "-z" {
			return true
		}
	}
	return false
}

// probeOptions keep an autoconf probe's own exit status, which is
// configure's answer: a report (a probe's malloc(0) never freed, in
// gnulib's AC_FUNC_MALLOC) would otherwise make it 23 and configure decide
// otherwise than under gcc. The reports still reach config.log.
const probeOptions = "const char __memlens_default_options[] = \"exitcode=0\";\n"

// isAutoconfProbe reports whether the link makes autoconf's test program:
// conftest from conftest.c (AC_RUN_IFELSE's names).
func (cl *commandLine) isAutoconfProbe(units []*unit) bool {
	return cl.output != "" && filepath.Base(cl.output) == "conftest" &&
		slices.ContainsFunc(units, func(u *unit) bool { return filepath.Base(u.src) == "conftest.c" })
}

// runtimeArgs link the runtime archive in dir. All of it: its interceptors
// must win over libc whether or not the program's objects name them. Its
// symbols are exported for the instrumented shared libraries the program
// loads, by name (rtbuild.ExportsName).
func runtimeArgs(dir string) []string {
	return []string{
		"-Wl,--whole-archive", filepath.Join(dir, rtbuild.ArchiveName), "-Wl,--no-whole-archive",
		"-pthread",
		"-Wl,--export-dynamic-symbol-list=" + filepath.Join(dir, rtbuild.ExportsName),
	}
}

// userArgs returns the user's arguments in order, with the input of each
// unit replaced by repl(unit).
func (j *job) userArgs(units []*unit, repl func(*unit) []string) []string {
	byIndex := make(map[int]*unit, len(units))
	for _, u := range units {
		byIndex[u.index] = u
	}
	var out []string
	for i, a := range j.cl.args {
		if u, ok := byIndex[i]; ok {
			out = append(out, repl(u)...)
		} else {
			out = append(out, a.words...)
		}
	}
	return out
}
