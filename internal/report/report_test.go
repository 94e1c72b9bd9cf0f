package report

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

const full = `{"kind":"HEAP-BUFFER-OVERFLOW","message":"write of size 4 at 0x602000000044, 0 bytes after a 40-byte block","file":"src/prog.c","line":12,"column":9,"function":"fill","access":"write","size":4,"address":"0x602000000044","expr":"a[i]","thread":0,"pid":4242,"stack":[{"function":"fill","file":"src/prog.c","line":12,"column":9},{"function":"main","file":"src/prog.c","line":30,"column":2}],"block":{"id":3,"size":40,"offset":40,"kind":"heap","alloc":{"file":"src/prog.c","line":25,"function":"main","thread":0,"stack":[{"function":"main","file":"src/prog.c","line":25,"column":10}]}}}`

const dangling = `{"kind":"DANGLING-POINTER-DEREF","message":"read of freed memory","file":"list.c","line":7,"column":3,"function":"walk","access":"read","size":8,"address":"0x602000000010","expr":"n->next","thread":1,"pid":7,"stack":[],"block":{"id":9,"size":24,"offset":-8,"kind":"heap","alloc":{"file":"list.c","line":2,"function":"push","thread":0,"stack":[]},"free":{"file":"list.c","line":5,"function":"drop","thread":1,"stack":[{"function":"drop","file":"list.c","line":5,"column":2}]}},"future_field":{"x":[1,2]}}`

func TestReadFull(t *testing.T) {
	recs, err := Read(strings.NewReader(full+"\n"+dangling+"\n"), "log")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("got %d records, want 2", len(recs))
	}
	want := Record{
		Kind:     "HEAP-BUFFER-OVERFLOW",
		Message:  "write of size 4 at 0x602000000044, 0 bytes after a 40-byte block",
		File:     "src/prog.c",
		Line:     12,
		Column:   9,
		Function: "fill",
		Access:   AccessWrite,
		Size:     4,
		Address:  "0x602000000044",
		Expr:     "a[i]",
		Thread:   0,
		Pid:      4242,
		Stack: []Frame{
			{Function: "fill", File: "src/prog.c", Line: 12, Column: 9},
			{Function: "main", File: "src/prog.c", Line: 30, Column: 2},
		},
		Block: &Block{
			ID: 3, Size: 40, Offset: 40, Kind: "heap",
			Alloc: &Event{File: "src/prog.c", Line: 25, Function: "main", Thread: 0,
				Stack: []Frame{{Function: "main", File: "src/prog.c", Line: 25, Column: 10}}},
		},
	}
	if !reflect.DeepEqual(recs[0], want) {
		t.Errorf("record 1:\ngot  %+v\nwant %+v", recs[0], want)
	}
	if got := recs[0].Base(); got != "prog.c" {
		t.Errorf("Base() = %q, want prog.c", got)
	}
	d := recs[1]
	if d.Kind != "DANGLING-POINTER-DEREF" || d.Thread != 1 || d.Block == nil || d.Block.Offset != -8 {
		t.Errorf("record 2: %+v", d)
	}
	if d.Block.Free == nil || d.Block.Free.Function != "drop" || d.Block.Free.Thread != 1 || len(d.Block.Free.Stack) != 1 {
		t.Errorf("record 2 free event: %+v", d.Block.Free)
	}
	if s := d.String(); !strings.Contains(s, "DANGLING-POINTER-DEREF list.c:7:3") || !strings.Contains(s, `"n->next"`) {
		t.Errorf("String() = %q", s)
	}
}

func TestReadMinimalAndBlank(t *testing.T) {
	in := "\n" + `{"kind":"NULL-POINTER-DEREF","file":"a.c","line":3}` + "\n\n   \n" +
		`{"kind":"DOUBLE-FREE","file":"b.c","line":4,"access":"free"}` // no final newline
	recs, err := Read(strings.NewReader(in), "log")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Kind != "NULL-POINTER-DEREF" || recs[0].Block != nil ||
		recs[1].Kind != "DOUBLE-FREE" || recs[1].Line != 4 || recs[1].Access != AccessFree {
		t.Fatalf("got %+v", recs)
	}
}

// TestReadArray reads a record of an index check, as the runtime wrote it.
func TestReadArray(t *testing.T) {
	in := "{\"kind\":\"INTRA-OBJECT-OVERFLOW\",\"message\":\"write of 1 byte: index 8 is past the end of `name` (member of struct user), an array of 8 elements (char[8], 8 bytes) declared at ioo.c:5\",\"file\":\"ioo.c\",\"line\":14,\"column\":3,\"function\":\"main\",\"access\":\"write\",\"size\":1,\"address\":\"0x0\",\"expr\":\"u->name[i]\",\"thread\":0,\"pid\":26158,\"stack\":[{\"function\":\"main\",\"file\":\"ioo.c\",\"line\":14,\"column\":3}],\"array\":{\"name\":\"name\",\"owner\":\"struct user\",\"type\":\"char[8]\",\"length\":8,\"index\":8,\"elem_size\":1,\"decl\":{\"file\":\"ioo.c\",\"line\":5}}}"
	recs, err := Read(strings.NewReader(in), "log")
	if err != nil {
		t.Fatal(err)
	}
	a := recs[0].Array
	if a == nil || recs[0].Block != nil || a.Name != "name" || a.Owner != "struct user" || a.Type != "char[8]" ||
		a.Length != 8 || a.Index != 8 || a.ElemSize != 1 || a.Decl.File != "ioo.c" || a.Decl.Line != 5 {
		t.Fatalf("got %+v", recs[0])
	}
}

func TestReadEmpty(t *testing.T) {
	recs, err := Read(strings.NewReader(""), "log")
	if err != nil || recs == nil || len(recs) != 0 {
		t.Fatalf("Read(empty) = %v, %v; want empty non-nil slice, nil", recs, err)
	}
}

func TestReadMalformed(t *testing.T) {
	good := `{"kind":"DOUBLE-FREE","file":"a.c","line":1}`
	cases := []struct {
		name, in, detail string
		line             int
	}{
		{"not json", "garbage", "line starts with", 1},
		{"array", `[1,2]`, "line starts with", 1},
		{"truncated", `{"kind":"DOUBLE-FREE","file":"a.`, "unexpected end", 1},
		{"no kind", `{"file":"a.c","line":1}`, `no "kind" key`, 1},
		{"kind number", `{"kind":7}`, `"kind" is 7`, 1},
		{"kind null", `{"kind":null}`, `"kind" is null`, 1},
		{"kind empty", `{"kind":""}`, `"kind" is empty`, 1},
		{"line string", `{"kind":"DOUBLE-FREE","line":"12"}`, "cannot unmarshal", 1},
		{"address number", `{"kind":"DOUBLE-FREE","address":1234}`, "cannot unmarshal", 1},
		{"stack object", `{"kind":"DOUBLE-FREE","stack":{}}`, "cannot unmarshal", 1},
		{"second line", good + "\n" + `{"kind":`, "unexpected end", 2},
		{"after blank", good + "\n\n" + `{}`, `no "kind" key`, 3},
		{"trailing garbage", good + "x", "invalid character", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.in), "dir/log.jsonl")
			if err == nil {
				t.Fatalf("no error for %q", c.in)
			}
			prefix := "dir/log.jsonl:" + strconv.Itoa(c.line) + `: expected a JSON object with a "kind" string: `
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
			if !strings.Contains(err.Error(), c.detail) {
				t.Errorf("error %q does not contain %q", err, c.detail)
			}
		})
	}
}

func TestReadLongLine(t *testing.T) {
	// Deep stacks make long lines; there must be no line length limit.
	var b strings.Builder
	b.WriteString(`{"kind":"HEAP-BUFFER-OVERFLOW","stack":[`)
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"function":"recurse","file":"deep.c","line":5,"column":1}`)
	}
	b.WriteString("]}\n")
	recs, err := Read(strings.NewReader(b.String()), "log")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || len(recs[0].Stack) != 20000 {
		t.Fatalf("got %d records", len(recs))
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()

	recs, err := ReadFile(filepath.Join(dir, "missing.jsonl"))
	if err != nil || recs == nil || len(recs) != 0 {
		t.Fatalf("ReadFile(missing) = %v, %v; want empty, nil", recs, err)
	}

	p := filepath.Join(dir, "log.jsonl")
	if err := os.WriteFile(p, []byte(full+"\n"+dangling+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	recs, err = ReadFile(p)
	if err != nil || len(recs) != 2 {
		t.Fatalf("ReadFile = %d records, %v", len(recs), err)
	}

	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(full+"\nnot json\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(bad)
	if err == nil || !strings.HasPrefix(err.Error(), bad+`:2: expected a JSON object with a "kind" string: `) {
		t.Fatalf("ReadFile(bad) error = %v", err)
	}

	// A directory is not a missing file: that error is reported.
	if _, err := ReadFile(dir); err == nil {
		t.Fatalf("ReadFile(directory) succeeded")
	}
}
