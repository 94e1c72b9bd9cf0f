package typestate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The paper's Code L2 and L3: the names of Code C1.
const paperL2 = `
Object -> union {
    Free  -> # words
  | Alloc -> seq { Header, # words } }
Header -> union {
    Arr -> seq { MarkWord, KlassPtr, Len, Gap } // 3 words
  | Cls -> seq { MarkWord, KlassPtr } // 2 words
}
MarkWord -> 1 words
KlassPtr -> 1 words
Len      -> 4 bytes
Gap      -> 4 bytes
`

func TestPaperNames(t *testing.T) {
	l, err := Parse("l2.pck", paperL2)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*State{}
	for _, s := range l.States {
		byName[s.Name()] = s
	}
	for name, size := range map[string]int64{
		"Object": -1, "Object_Free": -1, "Object_Alloc": -1, "Object_Alloc_Header": -1,
		"Object_Alloc_Header_Arr": 24, "Object_Alloc_Header_Arr_MarkWord": 8, "Object_Alloc_Header_Arr_Len": 4,
		"Object_Alloc_Header_Cls_KlassPtr": 8, "Header_Arr_MarkWord": 8, "MarkWord": 8, "Gap": 4,
	} {
		s := byName[name]
		if s == nil {
			t.Errorf("no typestate PCK_%s", name)
		} else if s.Size != size {
			t.Errorf("PCK_%s: size %d, want %d", name, s.Size, size)
		}
	}
	if _, ok := byName["Alloc"]; ok {
		t.Error("PCK_Alloc generated: a nested typestate is named from its root")
	}
	h := string(Header(l, "G"))
	// Code C4: the array header's parts at their offsets, its first two
	// words (leaves of one granule each) put together
	for _, want := range []string{
		"#define PCK_UNMAPPED 0\n",
		"__ml_pck_add(st, a + o, 16, 1UL << 63 | PCK_Object_Alloc_Header_Arr_MarkWord | (unsigned long)PCK_Object_Alloc_Header_Arr_KlassPtr << 8);\n\t\to += 16;\n\t\t__ml_pck_tr_Object_Alloc_Header_Arr_Len(a + o, 4, st);",
		"#define PCK_ALL_MarkWord PCK_Object_Alloc_Header_Arr_MarkWord, PCK_Object_Alloc_Header_Cls_MarkWord, PCK_Header_Arr_MarkWord, PCK_Header_Cls_MarkWord, PCK_MarkWord\n",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("header lacks %q", want)
		}
	}
}

// A '#' of a typestate restarts its path; a fixed-size one fills the rest
// with copies.
func TestRepeat(t *testing.T) {
	l, err := Parse("r.pck", "Region -> seq { 2 words, # Cell }\nCell -> seq { Tag, 1 words }\nTag -> 1 words\n")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range l.States {
		names = append(names, s.Name())
	}
	if got := strings.Join(names, " "); got != "Region Cell Cell_Tag Tag" {
		t.Errorf("typestates %s", got)
	}
	h := string(Header(l, "G"))
	if !strings.Contains(h, "for (unsigned long r = 0; r + 16 <= (nbytes - 16); r += 16)\n\t\t\t__ml_pck_tr_Cell((a + o) + r, 16, st);") {
		t.Errorf("the cells are not laid out:\n%s", h)
	}
}

// A statement a seq names twice (a boundary tag at both ends of a chunk)
// is one typestate at both places; two definitions of one name are not.
func TestNamedTwiceInSeq(t *testing.T) {
	l, err := Parse("b.pck", "Chunk -> seq { Tag, # words, Tag }\nTag -> 1 words\n")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range l.States {
		names = append(names, s.Name())
	}
	if got := strings.Join(names, " "); got != "Chunk Chunk_Tag Tag" {
		t.Errorf("typestates %s", got)
	}
	h := string(Header(l, "G"))
	if want := "__ml_pck_tr_Chunk_Tag(a + o, 8, st);\n\t\to += 8;\n\t\to += (nbytes - 16);\n\t\t__ml_pck_tr_Chunk_Tag(a + o, 8, st);"; !strings.Contains(h, want) {
		t.Errorf("the tags are not laid out at both ends:\n%s", h)
	}
	if _, err := Parse("b.pck", "Chunk -> seq { Tag, Tag -> 2 words }\nTag -> 1 words\n"); err == nil ||
		err.Error() != "b.pck:1:21: error: typestate PCK_Chunk_Tag is defined twice (first at 1:16)" {
		t.Errorf("a definition of a name a reference made: %v", err)
	}
}

// The copies of a '#' of a typestate put their own typestate: the
// enclosing one goes only on the bytes past the last copy, so a byte is
// written once (and counts as changed only when its typestate did).
func TestRepeatPutOnce(t *testing.T) {
	l, err := Parse("o.pck", "Object -> seq { Header, # Field }\nHeader -> 2 words\nField -> 1 words\n")
	if err != nil {
		t.Fatal(err)
	}
	h := string(Header(l, "G"))
	for _, want := range []string{
		"\tif ((nbytes - 16) % 8)\n\t\t__ml_pck_add(st, a + 16 + (nbytes - 16) / 8 * 8, (nbytes - 16) % 8, PCK_Object);\n",
		"__ml_pck_add(st, (a + o), ((nbytes - 16)) / 8 * 8, PCK_Field);",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("no %q in\n%s", want, h)
		}
	}
	if strings.Contains(h, "__ml_pck_add(st, a + 16, nbytes - 16, PCK_Object)") {
		t.Errorf("the fields are put twice:\n%s", h)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"A -> seq { B, C }\nB -> 1 words\n", "h.pck:1:15: error: typestate C is not defined"},
		{"A -> 1 words\nA -> 2 words\n", "h.pck:2:1: error: typestate A is defined twice (first at 1:1)"},
		{"A -> seq { 1 words, A }\n", "h.pck:1:21: error: A contains itself without '#' (its size would be infinite)"},
		{"A -> seq { 1 words,\n  3 wurds }\n", "h.pck:2:5: error: expected words or bytes after 3, found \"wurds\""},
		{"A -> union { B -> 1 words | B -> 2 words }\n", "h.pck:1:29: error: typestate PCK_A_B is defined twice (first at 1:14)"},
		{"A -> seq { 1 words ; }", "h.pck:1:20: error: unexpected character ';'"},
		{"A -> seq { 1 words\n", "h.pck:2:1: error: expected \",\" or \"}\" in seq, found end of file"},
		{"R -> 1 words\n", "h.pck:1:1: error: R is reserved (PCK_R is the header's own)"},
		{"A -> 0 bytes\n", "h.pck:1:6: error: a size is a positive number of words or bytes, found \"0\""},
		{"A -> # seq { 1 words }\n", "h.pck:1:8: error: '#' repeats a typestate or a size, not an anonymous seq or union"},
		{"// nothing\n", "h.pck:2:1: error: the layout defines no typestate"},
		// punctuation is no name (it was taken for one: "PCK_#" in the header)
		{"# -> 1 words\n", "h.pck:1:1: error: expected a typestate name starting a statement, found \"#\""},
		{"A -> seq { # -> 1 words }\n", "h.pck:1:14: error: expected seq, union, #, a size or a typestate name, found \"->\""},
		{"A -> seq { }\n", "h.pck:1:12: error: expected seq, union, #, a size or a typestate name, found \"}\""},
		{"A -> }\n", "h.pck:1:6: error: expected seq, union, #, a size or a typestate name, found \"}\""},
	} {
		_, err := Parse("h.pck", c.src)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.src, err, c.want)
		}
	}
}

// The header compiles with and without memlens (__MEMLENS__), and an
// annotated function compiles to nothing without it.
func TestHeaderCompiles(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	l, err := Parse("l2.pck", paperL2)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "l2_pck.h"), Header(l, Guard("l2_pck.h")), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := `#include "l2_pck.h"
#include "l2_pck.h"
static long heap[64];
PCK_R(PCK_ALL_MarkWord) PCK_NONE(PCK_Object_Free)
static long mark(long *o) { return o[0]; }
int main(void)
{
	pck_transition_Object_Alloc(heap, sizeof heap);
	pck_transition_Object_Alloc_Header_Arr(heap, 24);
	PCK_ASSERT(heap, PCK_Object_Alloc_Header_Arr_MarkWord);
	pck_protect(PCK_Object_Alloc_Header_Arr_Len, PCK_PERM_R | PCK_PERM_W);
	pck_unprotect();
	return (int)mark(heap) + (pck_get(heap) == PCK_UNMAPPED ? 0 : 1);
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, def := range []string{"-U__MEMLENS__", "-D__MEMLENS__"} {
		cmd := exec.Command("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", def, "p.c")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("gcc %s: %v\n%s", def, err, out)
		}
	}
}

// The corpus's layouts (testdata/**/NAME.pck) come with their headers
// (NAME_pck.h beside them), as `memlens typestate gen` writes them now.
func TestCorpusHeadersGenerated(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	n := 0
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pck") {
			return err
		}
		n++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		l, err := Parse(path, string(src))
		if err != nil {
			t.Errorf("%v", err)
			return nil
		}
		hpath := strings.TrimSuffix(path, ".pck") + "_pck.h"
		have, err := os.ReadFile(hpath)
		if err != nil {
			t.Errorf("%s has no header: %v", path, err)
			return nil
		}
		if want := Header(l, Guard(hpath)); !bytes.Equal(have, want) {
			t.Errorf("%s is not what `memlens typestate gen %s -o %s` writes: regenerate it", hpath, filepath.Base(path), filepath.Base(hpath))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no layout in testdata")
	}
}

// A transition passes its puts in registers where gcc knows how many it
// gathered (up to four, on each of its paths: the header's __ml_pck_end),
// and the array only where it does not: a free slot (a pair and the rest),
// a live one (two pairs, the payload, the end tag), each of one put when
// smaller than its parts; a header of six puts passes the array. The free
// slot, a pair and the rest, is one call of __ml_pck_pair_rest when its
// size is a multiple of 8, at least 16 (__ml_pck_whole_Slot_Free makes the
// others' puts).
func TestTransitionPutsInRegisters(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	l, err := Parse("pool.pck", `Pool -> seq { # Slot }
Slot -> union {
    Free -> seq { Tag, Link, # words }
  | Live -> seq { Tag, Size, Len, Cap, # words, End }
  | Big -> seq { A, B, C, D, E, F, G, H, I, J, # words } }
Tag -> 1 words
Link -> 1 words
Size -> 1 words
Len -> 1 words
Cap -> 1 words
End -> 1 words
A -> 1 words
B -> 1 words
C -> 1 words
D -> 1 words
E -> 1 words
F -> 1 words
G -> 1 words
H -> 1 words
I -> 1 words
J -> 1 words
`)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pool_pck.h"), Header(l, Guard("pool_pck.h")), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := `#include "pool_pck.h"
__attribute__((noinline)) void to_free(void *p, unsigned long n) { pck_transition_Slot_Free(p, n); }
__attribute__((noinline)) void to_live(void *p, unsigned long n) { pck_transition_Slot_Live(p, n); }
__attribute__((noinline)) void to_big(void *p, unsigned long n) { pck_transition_Slot_Big(p, n); }
`
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("gcc", "-std=c11", "-O2", "-D__MEMLENS__", "-fno-asynchronous-unwind-tables", "-S", "-o", "p.s", "p.c")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	asm, err := os.ReadFile(filepath.Join(dir, "p.s"))
	if err != nil {
		t.Fatal(err)
	}
	// the runtime's entries each transition calls, inlined in its caller or
	// not (pck_transition_Slot_Free, __ml_pck_whole_Slot_Free, or a clone
	// of them: .part.0)
	calls := map[string][]string{}
	fn := ""
	for _, line := range strings.Split(string(asm), "\n") {
		if f, ok := strings.CutSuffix(line, ":"); ok && !strings.HasPrefix(f, ".") {
			fn, _, _ = strings.Cut(strings.TrimPrefix(strings.TrimPrefix(f, "__ml_pck_whole_Slot_"), "pck_transition_Slot_"), ".")
			fn = strings.TrimPrefix(strings.ToLower(fn), "to_")
		}
		if fields := strings.Fields(line); len(fields) == 2 && (fields[0] == "call" || fields[0] == "jmp") && (strings.HasPrefix(fields[1], "__ml_pck_puts") || strings.HasPrefix(fields[1], "__ml_pck_pair_rest")) {
			if c := strings.TrimSuffix(fields[1], "@PLT"); !slices.Contains(calls[fn], c) {
				calls[fn] = append(calls[fn], c)
			}
		}
	}
	for fn, want := range map[string]string{
		"free": "__ml_pck_pair_rest __ml_pck_puts1 __ml_pck_puts2",
		"live": "__ml_pck_puts1 __ml_pck_puts4",
		"big":  "__ml_pck_puts1 __ml_pck_puts_v2",
	} {
		have := calls[fn]
		slices.Sort(have)
		if strings.Join(have, " ") != want {
			t.Errorf("the transition to %s calls %q, want %s", fn, have, want)
		}
	}
}
