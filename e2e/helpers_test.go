package e2e

import (
	"strings"
	"testing"
)

func TestHead(t *testing.T) {
	if got := head(nil); got != "  (empty)\n" {
		t.Errorf("head(nil) = %q", got)
	}
	if got := head([]byte("a\nb")); got != "  a\n  b\n" {
		t.Errorf("head(a,b) = %q", got)
	}
	var long strings.Builder
	for i := 0; i < headLines+5; i++ {
		long.WriteString("line\n")
	}
	got := head([]byte(long.String()))
	if n := strings.Count(got, "  line\n"); n != headLines {
		t.Errorf("head kept %d lines, want %d", n, headLines)
	}
	if !strings.HasSuffix(got, "  ... (5 more lines)\n") {
		t.Errorf("head of a long text ends %q", got[len(got)-30:])
	}
}

func TestFirstDiff(t *testing.T) {
	if d := firstDiff([]byte("a\nb\n"), []byte("a\nb\n")); d != "" {
		t.Errorf("equal outputs: %q", d)
	}
	d := firstDiff([]byte("a\nb\nc\n"), []byte("a\nB\nc\n"))
	if !strings.Contains(d, "line 2") || !strings.Contains(d, `"b\n"`) || !strings.Contains(d, `"B\n"`) {
		t.Errorf("changed line: %q", d)
	}
	d = firstDiff([]byte("a\n"), []byte("a\nextra\n"))
	if !strings.Contains(d, "line 2") || !strings.Contains(d, "(end of output)") || !strings.Contains(d, `"extra\n"`) {
		t.Errorf("extra line: %q", d)
	}
	d = firstDiff([]byte("a"), []byte("a\n"))
	if !strings.Contains(d, "line 1") {
		t.Errorf("missing newline: %q", d)
	}
}
