package e2e

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMoveInstructions: a pointer moved in place in memory (vm.c's push
// and pop, *s->sp++ and *--s->sp; s->sp++ alone) takes the slot's meta out
// of its shadow word and builds the new value's word with one and each
// (memlens.h's __ML_MOVE_TESTS and __ML_MOVE_CHK_ASM; a NULL's word in
// __ml_st the same), where it shifted the word left and right: two
// instructions a move on the fast path (callgrind Ir of bench vm 2 -1.6%).
func TestMoveInstructions(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	if _, err := exec.LookPath("objdump"); err != nil {
		t.Skip("objdump (binutils) not installed")
	}
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/dropin/moves.c")
	if err != nil {
		t.Fatal(err)
	}
	obj := filepath.Join(dir, "moves.o")
	if out, err := build(dir, []string{memlens, "cc", "-O2", "-c", src, "-o", obj}); err != nil {
		t.Fatalf("memlens cc: %v\n%s", err, out)
	}
	// .text alone: the cold stubs' sections may shift as they like
	dis, err := exec.Command("objdump", "-d", "--no-show-raw-insn", "-j", ".text", obj).Output()
	if err != nil {
		t.Fatal(err)
	}
	// The shadow's hash test keeps its shr $48 (the mismatch in the top
	// 16 bits); a NULL's store tests nothing.
	fnStart := regexp.MustCompile(`^[0-9a-f]+ <([^>]+)>:`)
	shift := regexp.MustCompile(`\t(sh[lr])\s+\$0x(10|30),`)
	fn, seen := "", map[string]bool{}
	for _, l := range strings.Split(string(dis), "\n") {
		if m := fnStart.FindStringSubmatch(l); m != nil {
			fn = m[1]
			seen[fn] = true
			continue
		}
		m := shift.FindStringSubmatch(l)
		if m == nil || fn != "clear" && m[1] == "shr" && m[2] == "30" {
			continue
		}
		t.Errorf("%s: %s (a meta or a hash taken by shifts)", fn, strings.TrimSpace(l))
	}
	for _, f := range []string{"push", "pop", "skip", "clear"} {
		if !seen[f] {
			t.Errorf("%s not in the object's text:\n%s", f, dis)
		}
	}
}
