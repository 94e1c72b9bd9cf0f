package report

import (
	"os"
	"strings"
	"testing"
)

const goodLine = `{"kind":"NULL-POINTER-DEREF","message":"read of 4 bytes at 0x0: 0x0 is the NULL pointer","file":"n.c","line":3,"column":9,"function":"main","access":"read","size":4,"address":"0x0","expr":"p->x","thread":0,"pid":5,"stack":[{"function":"main","file":"n.c","line":3,"column":9}],"chains":[[{"file":"n.c","line":2,"column":2,"function":"main","stmt":"p = NULL","to":"p","how":"assign","thread":0,"origin":"null"}]]}`

func TestReadAllSkipsDamagedLines(t *testing.T) {
	in := strings.Join([]string{
		strings.Replace(goodLine, `"kind"`, `"new_field":[{"a":null}],"kind"`, 1),
		goodLine[:len(goodLine)/2],
		"",
		`{"kind":42}`,
		goodLine,
		goodLine[:len(goodLine)-1],
	}, "\n")
	recs, bad, err := ReadAll(strings.NewReader(in), "run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Errorf("%d records, want the two good lines", len(recs))
	}
	var lines []string
	for _, b := range bad {
		lines = append(lines, strings.SplitN(b.Error(), " ", 2)[0])
	}
	if got := strings.Join(lines, " "); got != "run.jsonl:2: run.jsonl:4: run.jsonl:6:" {
		t.Errorf("damaged lines named: %q, want lines 2, 4 and 6", got)
	}
}

// No cut of a record makes reading or writing it panic.
func TestTextOfAnyPrefix(t *testing.T) {
	for n := range len(goodLine) {
		recs, _, _ := ReadAll(strings.NewReader(goodLine[:n]+"}"), "cut")
		for i := range recs {
			_ = recs[i].Text(nil)
		}
	}
	recs, _, _ := ReadAll(strings.NewReader(`{"kind":"MEMORY-LEAK","lost":{},"chains":[[],[{}]]}`+"\n"+`{"kind":"X","signal":"SIGSEGV"}`), "odd")
	for i := range recs {
		_ = recs[i].Text(NewSources(t.TempDir()))
	}
}

func TestTextSourceLine(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir+"/n.c", "int main(void) {\n\tstruct s *p = NULL;\n\treturn p->x;\n}\n")
	recs, _, _ := ReadAll(strings.NewReader(goodLine), "run.jsonl")
	want := `==5== memlens: NULL-POINTER-DEREF: read of 4 bytes at 0x0
    at n.c:3:9 in main (thread T0)
       3 | 	return p->x;
         | 	       ^~~~    p->x
    0x0 is the NULL pointer
    the null pointer got its value (value propagation, newest first):
      #0 main n.c:2: p = NULL  [assigned to p; made here: a null pointer constant]
    call stack:
      #0 main n.c:3
SUMMARY: memlens: NULL-POINTER-DEREF n.c:3 in main
`
	if got := recs[0].Text(NewSources(dir)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}
