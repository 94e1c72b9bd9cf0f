package instrument

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestStillParameters: with full checking, the pointer parameters of the
// functions that cannot lower a count while they run (testdata/still.c's
// still_*) borrow their blocks (__ml_borrow), without a look at the count
// if every call passes values held elsewhere (held_*: __ml_borrow_held,
// held_beside_call's beside a call in an arithmetic argument; held_table's
// through a call table's calls, which still_table's pass a call's result);
// those of every other function count a reference (__ml_refd): still.c
// calls them with values from memory, which are not held parameters
// (TestHeldParameters); bare_deref's, passed a local's address alone, do
// neither (TestHeldStillParameters). Detection mode counts nothing.
func TestStillParameters(t *testing.T) {
	bodies := countingBodies(t, "testdata/still.c", "still|held|kept|bare")
	for name, body := range bodies {
		how, first := "", len(body)
		for _, call := range []string{"__ml_borrow(__ml_p", "__ml_borrow_held(__ml_p", "__ml_refd("} {
			if i := bytes.Index(body, []byte(call)); i >= 0 && i < first {
				how, first = call, i
			}
		}
		want := map[string]string{"still": "__ml_borrow(__ml_p", "held": "__ml_borrow_held(__ml_p", "kept": "__ml_refd(", "bare": ""}[name[:strings.IndexByte(name, '_')]]
		if how != want {
			t.Errorf("%s: parameters take %s, want %s", name, how, want)
		}
	}
	if len(bodies) != 21 {
		t.Errorf("found %d of the 21 functions' definitions", len(bodies))
	}
}

// countingBodies instruments the file at path in both modes: in detection
// mode nothing may count a reference (__ml_borrow, __ml_refd); with full
// checking it returns the text of each function whose name starts with one
// of prefixes (alternatives) and _, from its first definition's opening
// brace to the next definition.
func countingBodies(t *testing.T, path, prefixes string) map[string][]byte {
	t.Helper()
	if out := codeAfterSites(t, false, path); bytes.Contains(out, []byte("__ml_borrow(")) || bytes.Contains(out, []byte("__ml_refd(")) {
		t.Error("detection mode counts references")
	}
	out := codeAfterSites(t, true, path)
	defs := regexp.MustCompile(`\b((?:`+prefixes+`)_\w+)\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)(?:\s|#[^\n]*\n)*\{`).FindAllSubmatchIndex(out, -1)
	nextDef := regexp.MustCompile(`\n(?: __inline__ )?(?:static |void |long )`) // (instrumented, a helper may start " __inline__ static")
	bodies := map[string][]byte{}
	for _, d := range defs {
		name := string(out[d[2]:d[3]])
		if bodies[name] != nil {
			continue
		}
		body := out[d[1]:]
		if end := nextDef.FindIndex(body); end != nil {
			body = body[:end[0]]
		}
		bodies[name] = body
	}
	return bodies
}

// TestStillLocalsCountOnlyShared: with full checking, the pointer
// variables of a still function (held_local's cursor) count a reference
// only where other threads run (__ml_mv_still, __ml_still_drop); those of
// a function that is not still (kept_local_address, whose cursor's
// address is taken) count one always.
func TestStillLocalsCountOnlyShared(t *testing.T) {
	out, err := fileOf(newTestConfig(t, true), "testdata/still.c")
	if err != nil {
		t.Fatal(err)
	}
	body := func(name string) string {
		at := bytes.Index(out, []byte("static long "+name+"(const struct n *p ,"))
		if at < 0 {
			t.Fatalf("no definition of %s", name)
		}
		end := bytes.Index(out[at+1:], []byte("static long ")) // (the next definition)
		if end < 0 {
			end = len(out) - at
		}
		return string(out[at : at+end])
	}
	if b := body("held_local"); !strings.Contains(b, "__ml_mv_still(") || !strings.Contains(b, "cleanup(__ml_still_drop)") ||
		strings.Contains(b, "__ml_mv(") || strings.Contains(b, "__ml_scope_drop") {
		t.Errorf("held_local's cursor counts references:\n%s", b)
	}
	if b := body("kept_local_address"); !strings.Contains(b, "__ml_mv(") {
		t.Errorf("kept_local_address's cursor counts no reference:\n%s", b)
	}
}

// TestHeldStillParameters: with full checking, a still function's pointer
// parameter that every call passes a variable only the caller can assign,
// or a named object's address, borrows nothing (testdata/heldstill.c's
// held_*: neither __ml_borrow nor __ml_borrow_held), pointer-returning
// functions, assigned parameters and a call table's functions included;
// one some call passes memory, a call's result, a member's address or a
// variable whose address is taken borrows (borrowed_*), as does one of an
// external function.
func TestHeldStillParameters(t *testing.T) {
	bodies := countingBodies(t, "testdata/heldstill.c", "held|borrowed")
	for name, body := range bodies {
		borrows := bytes.Contains(body, []byte("__ml_borrow(__ml_p")) || bytes.Contains(body, []byte("__ml_borrow_held(__ml_p"))
		switch {
		case bytes.Contains(body, []byte("__ml_refd(")):
			t.Errorf("%s: its parameters count references", name)
		case strings.HasPrefix(name, "held_") && borrows:
			t.Errorf("%s: its held parameters borrow", name)
		case strings.HasPrefix(name, "borrowed_") && !borrows:
			t.Errorf("%s: its parameter borrows nothing", name)
		}
	}
	if len(bodies) != 13 {
		t.Errorf("found %d of the 13 functions' definitions", len(bodies))
	}
}
