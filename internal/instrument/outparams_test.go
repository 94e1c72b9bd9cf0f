package instrument

import (
	"bytes"
	"regexp"
	"testing"
)

// TestOutParameters: with full checking, testdata/outparams.c's out_*
// locals, which a callee stores before anything reads them, are not
// poisoned; its kept_* locals are.
func TestOutParameters(t *testing.T) {
	out, err := fileOf(newTestConfig(t, true), "testdata/outparams.c")
	if err != nil {
		t.Fatal(err)
	}
	poisoned := map[string]bool{}
	for _, m := range regexp.MustCompile(`__ml_poison\(\(__ml_uptr\)&(\w+),`).FindAllSubmatch(out, -1) {
		poisoned[string(m[1])] = true
	}
	for _, name := range []string{"out_declared_together", "out_statement", "kept_may_return", "kept_read", "kept_part", "kept_used_first"} {
		if want := bytes.HasPrefix([]byte(name), []byte("kept_")); poisoned[name] != want {
			t.Errorf("%s: poisoned %v, want %v", name, poisoned[name], want)
		}
	}
}
