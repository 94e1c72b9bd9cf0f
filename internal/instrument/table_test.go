package instrument

import (
	"bytes"
	"strings"
	"testing"
)

// TestDirectTables checks that the functions of a table the unit only
// indexes and calls take their metas as parameters and that its calls
// name no callee for __ml_own, while a table named otherwise, or one
// holding a function whose address is stored, is called as before.
func TestDirectTables(t *testing.T) {
	for _, full := range []bool{false, true} {
		out, err := fileOf(newTestConfig(t, full), "testdata/table.c")
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.Index(out, []byte("__ml_sites[")); i >= 0 {
			out = out[i+bytes.IndexByte(out[i:], '\n'):]
		}
		text := string(out)
		for name, direct := range map[string]bool{"get": true, "put": true, "peek": false, "poke": false, "escape": false} {
			i := strings.Index(text, " "+name+"(struct cell *c, const char *why")
			if i < 0 {
				t.Fatalf("full=%v: no definition of %s", full, name)
			}
			head := text[i : i+strings.Index(text[i:], ")")]
			if got := strings.Contains(text[i:i+strings.Index(text[i:], "{")], metaParam(0)); got != direct {
				t.Errorf("full=%v: %s takes its metas as parameters: %v, want %v: %s", full, name, got, direct, head)
			}
		}
		// a table's function that calls nothing keeps its words in __ml_t,
		// as any other function does, with full checking too; put calls
		// get, which sets them
		for name, kept := range map[string]bool{"get": true, "put": false} {
			body := text[strings.Index(text, " "+name+"(struct cell *c, const char *why"):]
			body = body[:strings.Index(body, "static long ")] // (the next definition)
			if got := !strings.Contains(body, "= __ml_t.argsite[1];"); got != kept {
				t.Errorf("full=%v: %s keeps why's words in __ml_t: %v, want %v:\n%s", full, name, got, kept, body)
			}
		}
		main := text[strings.Index(text, "int main("):]
		for table, direct := range map[string]bool{"ops": true, "hooks": false, "others": false} {
			i := strings.Index(main, " "+table+"[ ")
			if i < 0 {
				t.Fatalf("full=%v: no call through %s", full, table)
			}
			call := main[i:]
			call = call[:strings.Index(call, "}) ;")]
			if got := !strings.Contains(call, "__ml_t.callee"); got != direct {
				t.Errorf("full=%v: the call through %s hands over no callee: %v, want %v:\n%s", full, table, got, direct, call)
			}
		}
	}
}
