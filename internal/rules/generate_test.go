package rules

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the runtime's rules_builtin.c from default.rules")

// builtinPath is the generated file, checked in under the runtime's sources.
var builtinPath = filepath.Join("..", "rtbuild", "rt", BuiltinFile)

// TestBuiltinGenerated fails when rt/rules_builtin.c is not what
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
