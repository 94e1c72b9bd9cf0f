package debugger

import (
	"bytes"
	"strings"
	"testing"
)

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-batch"}, {"-batch", "--"}} {
		var out, errb bytes.Buffer
		if code := Run(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), Usage) {
			t.Errorf("Run(%q) = %d, stderr %q; want 2 and the usage", args, code, errb.String())
		}
	}
}

func TestMissingGdb(t *testing.T) {
	t.Setenv("MEMLENS_GDB", "/nonexistent/gdb")
	var out, errb bytes.Buffer
	if code := Run([]string{"--", "./prog"}, &out, &errb); code != 127 || !strings.Contains(errb.String(), "/nonexistent/gdb not found") {
		t.Errorf("without gdb: %d, stderr %q; want 127 and a message naming it", code, errb.String())
	}
}

func TestWithBreak(t *testing.T) {
	for opts, want := range map[string]string{
		"":                 "break=1",
		"halt_on_error=1":  "halt_on_error=1:break=1",
		"break=0:uninit=0": "break=0:uninit=0:break=1",
	} {
		if got := withBreak(opts); got != want {
			t.Errorf("withBreak(%q) = %q, want %q", opts, got, want)
		}
	}
}
