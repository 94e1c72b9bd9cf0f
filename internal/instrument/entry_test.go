package instrument

import (
	"bytes"
	"strings"
	"testing"
)

// TestEntrySites checks that a handler of a table called at one place
// only, returning next(pc) where nothing else moves pc, makes no step of
// the pc it was passed (its caller's argument step is named in the
// result's steps site), while one that also passes pc to another helper,
// and one of a table called at two places, make it as before.
func TestEntrySites(t *testing.T) {
	out, err := fileOf(newTestConfig(t, false), "testdata/entrysites.c")
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.Index(out, []byte("__ml_sites[")); i >= 0 {
		out = out[i+bytes.IndexByte(out[i:], '\n'):]
	}
	text := string(out)
	for name, steps := range map[string]bool{"fold": false, "keep": true, "pair": true} {
		i := strings.Index(text, "*"+name+"(long *acc, const struct insn *pc ,")
		if i < 0 {
			t.Fatalf("no definition of %s", name)
		}
		body := text[i:]
		body = body[:strings.Index(body, "return __ml_r")]
		if got := strings.Contains(body, "__ml_pend("); got != steps {
			t.Errorf("%s makes pc's step: %v, want %v:\n%s", name, got, steps, body)
		}
	}
}
