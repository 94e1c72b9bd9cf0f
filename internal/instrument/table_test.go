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
		out := codeAfterSites(t, full, "testdata/table.c")
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

// TestTableHandover checks that a call through a direct table whose
// functions all end in a return of a value takes the result's words from
// __ml_t untested, and that those functions, called at that one place
// only, tag them with no address (but with loss tracking, which reads
// it); a table holding a function that may seem to fall off its end keeps
// the retfn test, and its function its address.
func TestTableHandover(t *testing.T) {
	for _, full := range []bool{false, true} {
		out := codeAfterSites(t, full, "testdata/handover.c")
		text := string(out)
		run := text[strings.Index(text, "long run("):]
		for table, untested := range map[string]bool{"ops": true, "odd": false} {
			call := run[strings.Index(run, " "+table+"[ "):]
			call = call[:strings.Index(call, "}) ;")]
			if got := strings.Contains(call, "= __ml_t.ret;") && !strings.Contains(call, "__ml_result("); got != untested {
				t.Errorf("full=%v: the call through %s takes its result untested: %v, want %v:\n%s", full, table, got, untested, call)
			}
		}
		for name, zero := range map[string]bool{"add": !full, "halt": !full, "branchy": false} {
			i := strings.Index(text, "*"+name+"(struct machine *m, const struct insn *pc , register")
			if i < 0 {
				t.Fatalf("full=%v: no definition of %s", full, name)
			}
			body := text[i:]
			body = body[:strings.Index(body, "\n\n")]
			if got := strings.Contains(body, "__ml_setret(0,") || strings.Contains(body, "__ml_setret2(0,") ||
				strings.Contains(body, "__ml_return_at(0,"); got != zero {
				t.Errorf("full=%v: %s tags its result with no address: %v, want %v:\n%s", full, name, got, zero, body)
			}
		}
	}
}

// TestSoleReturns checks that a caller returning the result of a direct
// function whose body is its one return (the step it leaves pending is
// always that return's) names both steps in one site, leaving it pending,
// instead of making an entry of the ring; a helper returning from two
// places hands over a site its caller does not know.
func TestSoleReturns(t *testing.T) {
	out := codeAfterSites(t, false, "testdata/solereturn.c")
	text := string(out)
	for name, ring := range map[string]bool{"op_jmp": false, "op_far": true} {
		i := strings.Index(text, "*"+name+"(struct machine *m, const struct insn *pc")
		if i < 0 {
			t.Fatalf("no definition of %s", name)
		}
		body := text[i:]
		body = body[:strings.Index(body, "\n")] // (each on one line)
		if got := strings.Contains(body, "__ml_setret2("); got != ring {
			t.Errorf("%s's return makes a ring entry: %v, want %v:\n%s", name, got, ring, body)
		}
	}
}

// codeAfterSites instruments the C file at path (full: with full
// checking) and returns its code after the sites' table, which quotes the
// source.
func codeAfterSites(t *testing.T, full bool, path string) []byte {
	t.Helper()
	out, err := fileOf(newTestConfig(t, full), path)
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.Index(out, []byte("__ml_sites[")); i >= 0 {
		out = out[i+bytes.IndexByte(out[i:], '\n'):]
	}
	return out
}
