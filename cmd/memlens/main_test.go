package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"memlens/internal/rtbuild"
)

func TestDispatch(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stdout string // substring expected in stdout
		stderr string // substring expected in stderr
	}{
		{args: []string{"version"}, stdout: fmt.Sprintf("(runtime ABI %d)\n", rtbuild.ABI)},
		{args: []string{"help"}, stdout: "MEMLENS_OPTIONS"},
		{args: []string{"--help"}, stdout: "  cc "},
		{args: nil, status: 2, stderr: "usage: memlens"},
		{args: []string{"frobnicate"}, status: 2, stderr: `unknown command "frobnicate"`},
	} {
		var stdout, stderr bytes.Buffer
		status := dispatch(tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("memlens %v: status %d, stdout %q, stderr %q", tc.args, status, stdout.String(), stderr.String())
		}
	}
}
