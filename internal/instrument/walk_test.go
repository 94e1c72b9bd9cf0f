package instrument

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"modernc.org/cc/v4"
)

// TestTokenWalksAllocateNothing: the token walks (attribute words looked
// for in every declaration of a unit, most of them its system headers')
// read each token in place; a copy of each to the heap was a third of a
// small file's allocations. (Averaged over runs: converting an
// ExpressionNode to a cc.Node now and then grows the runtime's itab
// cache of the conversion's call site, an allocation of its own.)
func TestTokenWalksAllocateNothing(t *testing.T) {
	u, err := newTestConfig(t, false).Parse("testdata/basic.c")
	if err != nil {
		t.Fatal(err)
	}
	tokens := 0
	for l := u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		n := 0
		if allocs := testing.AllocsPerRun(10, func() {
			n = 0
			anyToken(ed, func(cc.Token) bool { n++; return false })
		}); allocs != 0 {
			t.Fatalf("%v: walking its %d tokens made %v allocations", ed.Position(), n, allocs)
		}
		if allocs := testing.AllocsPerRun(10, func() { says(ed, "noinline", "__noinline__") }); allocs != 0 {
			t.Fatalf("%v: says made %v allocations", ed.Position(), allocs)
		}
		tokens += n
	}
	if tokens == 0 {
		t.Fatal("no tokens walked")
	}
}

// TestComponentsGenerated: components.go is what genwalk.go makes of the
// cc/v4 in go.mod, so a cc/v4 upgrade cannot leave node types unwalked.
func TestComponentsGenerated(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "components.go")
	if msg, err := exec.Command("go", "run", "genwalk.go", dir).CombinedOutput(); err != nil {
		t.Fatalf("go run genwalk.go: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile("components.go"); err != nil || !bytes.Equal(got, want) {
		t.Errorf("components.go is not genwalk.go's output for this cc/v4 (%v): run go generate ./internal/instrument", err)
	}
}
