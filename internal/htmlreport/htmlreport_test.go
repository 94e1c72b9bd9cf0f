package htmlreport

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memlens/internal/report"
)

const lines = `{"kind":"HEAP-BUFFER-OVERFLOW","message":"write of 1 byte at 0x10: 0 bytes past the end of 4-byte block #1 (offset 4)","file":"h.c","line":3,"column":2,"function":"main","access":"write","size":1,"address":"0x10","expr":"p[i<n?4:0]","thread":0,"pid":1,"stack":[{"function":"main","file":"h.c","line":3,"column":2}],"block":{"id":1,"size":4,"offset":4,"kind":"heap","alloc":{"file":"h.c","line":2,"function":"main","thread":0,"stack":[{"function":"main","file":"h.c","line":2,"column":2}]}}}
{"kind":"MEMORY-LEAK","message":"4 bytes definitely lost at exit: no pointer to it remains","file":"gone.c","line":2,"column":2,"function":"main","access":"leak","size":4,"address":"0x10","expr":"malloc(4)","thread":0,"pid":1,"stack":[],"leak":"definite","when":"exit","blocks":1}
`

func render(t *testing.T, dir string) string {
	t.Helper()
	recs, err := report.Read(strings.NewReader(lines), "run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, []Input{{Name: "run.jsonl", Records: recs}}, report.NewSources(dir)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestPage(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "h.c"), []byte("int main(void) {\n\tchar *p = malloc(4);\n\tp[i<n?4:0] = 1; /* <b> */\n}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	p := render(t, dir)
	for _, want := range []string{
		`<mark>p[i&lt;n?4:0]</mark> = 1; /* &lt;b&gt; */`, // marked, escaped
		`source file ` + filepath.Join(dir, "gone.c") + ` not found: no excerpt`,
		`<h2 id="leaks">Leaks</h2>`,
		`found by the leak check at exit, allocated at gone.c:2 in main`,
		`<tr data-kind="HEAP-BUFFER-OVERFLOW"><td>HEAP-BUFFER-OVERFLOW</td><td class="n">1</td></tr>`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(p, "<b>") {
		t.Error("source text is not escaped")
	}
}
