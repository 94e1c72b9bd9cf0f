package instrument

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"modernc.org/cc/v4"
)

// TestPackState: the #pragma pack lines' states, pushes and pops included,
// as gcc keeps them; a cap of 16 or more packs nothing.
func TestPackState(t *testing.T) {
	u := &unitText{}
	for i, line := range []string{"#pragma pack(push, 1)", "#pragma pack(2)", "#pragma pack(push, r, 16)", "#pragma pack(pop, r)",
		"#pragma pack(pop)", "#pragma pack(4)", "#pragma pack()", "#pragma pack(push)", "#pragma pack(pop)"} {
		u.notePragma([]byte(line), i*10)
	}
	for off, want := range map[int]bool{0: true, 5: true, 15: true, 25: false, 35: true, 45: false, 55: true, 65: false, 75: false, 85: false} {
		if got := u.packedAt(off); got != want {
			t.Errorf("packed at %d: %v, want %v", off, got, want)
		}
	}
}

// TestPackStateInitial: under -fpack-struct=n a unit starts with the cap n,
// and `#pragma pack()` and a pop of what was not pushed return to it, not
// to no cap; without the flag they return to no cap.
func TestPackStateInitial(t *testing.T) {
	lines := []string{"#pragma pack(push, 16)", "#pragma pack(pop)", "#pragma pack(1)", "#pragma pack()", "#pragma pack(pop)", "#pragma pack(0)"}
	for _, tc := range []struct {
		init int
		want map[int]bool
	}{
		{2, map[int]bool{0: true, 15: false, 25: true, 35: true, 45: true, 55: true, 65: false}},
		{0, map[int]bool{0: false, 15: false, 25: false, 35: true, 45: false, 55: false, 65: false}},
	} {
		u := &unitText{packInit: tc.init}
		for i, line := range lines {
			u.notePragma([]byte(line), 10+i*10)
		}
		for off, want := range tc.want {
			if got := u.packedAt(off); got != want {
				t.Errorf("-fpack-struct=%d: packed at %d: %v, want %v", tc.init, off, got, want)
			}
		}
	}
}

// TestStructPacking: the flags' packing, the last of each counting.
func TestStructPacking(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		limit int
		all   bool
	}{
		{[]string{"-O2", "-Wall"}, 0, false},
		{[]string{"-fpack-struct"}, 0, true},
		{[]string{"-fpack-struct", "-fno-pack-struct"}, 0, false},
		{[]string{"-fpack-struct=4", "-O1", "-fpack-struct=2"}, 2, false},
		{[]string{"-fpack-struct=8", "-fpack-struct"}, 8, true},
	} {
		if limit, all := structPacking(tc.args); limit != tc.limit || all != tc.all {
			t.Errorf("%q: %d %v, want %d %v", tc.args, limit, all, tc.limit, tc.all)
		}
	}
}

// TestPackStructLayout: under -fpack-struct[=n] the front end lays the
// unit's structs out as gcc does (sizes and offsets gcc's build prints,
// e2e's dropin/pack_flags.c), where it read no packing and gave every
// member its type's alignment.
func TestPackStructLayout(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	path := filepath.Join(t.TempDir(), "packed.c")
	if err := os.WriteFile(path, []byte("struct rec { char c; double v; short s; int *p; } r;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flag       string
		size, offP int64
	}{{"-O2", 32, 24}, {"-fpack-struct", 19, 11}, {"-fpack-struct=2", 20, 12}, {"-fpack-struct=16", 32, 24}} {
		c, err := NewConfig([]string{"gcc"}, []string{tc.flag}, Mode{})
		if err != nil {
			t.Fatal(err)
		}
		u, err := c.Parse(path)
		if err != nil {
			t.Fatal(err)
		}
		var st *cc.StructType
		for l := u.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
			if d := l.ExternalDeclaration.Declaration; d != nil && d.InitDeclaratorList != nil {
				if id := d.InitDeclaratorList.InitDeclarator; id != nil && id.Declarator.Name() == "r" {
					st, _ = id.Declarator.Type().(*cc.StructType)
				}
			}
		}
		if st == nil {
			t.Fatalf("%s: no struct rec r", tc.flag)
		}
		if size, off := st.Size(), st.FieldByName("p").Offset(); size != tc.size || off != tc.offP {
			t.Errorf("%s: struct rec is %d bytes, p at %d; gcc's %d and %d", tc.flag, size, off, tc.size, tc.offP)
		}
	}
}
