package rules

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the runtime's rules_builtin.c from default.rules")

// builtinPath is the generated file, checked in under the runtime's sources.
var builtinPath = filepath.Join("..", "..", "runtime", BuiltinFile)

// TestBuiltinGenerated fails when runtime/rules_builtin.c is not what
// default.rules generates (-update rewrites it).
func TestBuiltinGenerated(t *testing.T) {
	f, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	want, err := GenerateBuiltin(f)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(builtinPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(builtinPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: regenerate it with go test ./internal/rules -run TestBuiltinGenerated -update", builtinPath)
	}
}

// TestGeneratedCompiles compiles the C generated for every construct of
// the language (testdata/codegen.rules) and the paper's rules against the
// runtime's headers, warnings as errors.
func TestGeneratedCompiles(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	for _, path := range []string{"testdata/codegen.rules", "testdata/paper.rules", "default.rules"} {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load(path, src)
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := GenerateUser(f)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "rules.c")
		if err := os.WriteFile(out, c, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gcc, "-O2", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", filepath.Join("..", "..", "runtime"), out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: the generated C does not compile: %v\n%s", path, err, msg)
		}
	}
}
