package driver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// compile compiles u to u.obj (an object, or assembly under -S), with
// warnings off: the user's file was compiled for its diagnostics already.
// The instrumented unit is preprocessed C, headers and -include files in
// it, so it is compiled as such.
func (j *job) compile(u *unit) error {
	stageFlag := "-c"
	if j.cl.stage == stageAssemble {
		stageFlag = "-S"
	}
	plain := func(out string) []string {
		return slices.Concat(j.cc, quiet(j.cl.words(kindFlag)), j.cl.words(kindPreinclude), langFlags(u.lang),
			[]string{"-w", stageFlag, u.src, "-o", out})
	}
	if u.ml == "" {
		return j.runQuiet(plain(u.obj))
	}
	warnings := unitWarnings()
	run := j.runCaptured
	if len(warnings) == 0 { // (Fields gives an empty slice, not nil)
		warnings = []string{"-w"}
	} else {
		run = func(argv []string) ([]byte, error) { return j.runWarned(argv, u.ml) }
	}
	pipe, creatable := j.cl.pipeFlags(), canCreate(u.obj)
	if !creatable { // gcc fails as gcc would, 1 where under -pipe it is 2
		pipe = nil
	}
	said, err := run(slices.Concat(j.cc, quiet(j.cl.instrumentedFlags()), u.flags, j.cl.saveTempsFlags(u.src), pipe,
		warnings, []string{"-x", "cpp-output", stageFlag, u.ml, "-o", u.obj}))
	var failed *statusError
	if errors.As(err, &failed) && creatable && j.stopped(j.cc[0]) == nil {
		// The diagnostics compile stops at the assembly: the assembler
		// (the user's top-level asm, a .symver) may reject gcc's own
		// build too, which then fails as gcc's does, with its messages
		// (its temporary assembly named in the user's TMPDIR).
		// (its object goes elsewhere: a failed compile leaves none, or
		// make would take the uninstrumented one as up to date)
		if plainSaid, plainErr := j.runCaptured(plain(filepath.Join(j.tmp, "plain"+filepath.Ext(u.obj)))); plainErr != nil {
			j.stderr.Write(bytes.ReplaceAll(plainSaid, []byte(j.tmp), []byte(filepath.Clean(os.TempDir()))))
			return plainErr
		}
		j.stderr.Write(said)
		fmt.Fprintf(j.stderr, "memlens: internal error: gcc accepts %s but not memlens's instrumented unit of it; please report it with that unit (--memlens-save-temps keeps it)\n", u.name())
		return err
	}
	j.stderr.Write(said)
	return err
}

// canCreate reports whether file can be created where it is named, as the
// diagnostics compile, which writes elsewhere, does not tell: a directory
// that exists and can be written. The standard output ("-") is no place
// for an object: as cannot write it there.
func canCreate(file string) bool {
	if file == "-" {
		return false
	}
	return syscall.Access(filepath.Dir(file), 2 /* W_OK */) == nil
}

// compileOthers hands the inputs memlens does not instrument (assembly,
// other languages, objects…) under -c or -S to the C compiler, with the
// user's arguments.
func (j *job) compileOthers(units []*unit) error {
	if len(units) == j.cl.inputs {
		return nil
	}
	return j.runCmd(slices.Concat(j.cc, j.userArgs(units, func(*unit) []string { return nil })))
}

// langFlags returns the -x flag that compiles a file in language lang
// whatever its name, nothing if lang is "" (by extension).
func langFlags(lang string) []string {
	if lang == "" {
		return nil
	}
	return []string{"-x", lang}
}
