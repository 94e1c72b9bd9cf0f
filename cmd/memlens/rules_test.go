package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRulesCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.rules")
	bad := filepath.Join(dir, "x.rules")
	os.WriteFile(good, []byte("rule LEAK-IN-TS\n  detect ret handle_request\n  when exists bid in H: FindLast(k, call, handle_request, _) && Time(bid) > k\n"), 0o644)
	os.WriteFile(bad, []byte("rule DF2\n  detect free r\n  when Allocated(r) && Freed(r, r1\n  locate VPC(r)\n"), 0o644)
	for _, tc := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{args: []string{"rules", "check", good}},
		{args: []string{"rules", "check", bad}, status: 1, stderr: bad + ":3:35: error: expected ')' before 'locate'\n"},
		{args: []string{"rules", "check", good, filepath.Join(dir, "missing.rules")}, status: 1, stderr: "no such file"},
		{args: []string{"rules", "list"}, stdout: "rule DOUBLE-FREE\n  detect free r\n  when   Allocated(r) && Freed(r, r1)\n  locate VPC(r), VPC(r1)\n"},
		{args: []string{"rules"}, status: 2, stderr: "usage: memlens rules"},
	} {
		var stdout, stderr bytes.Buffer
		status := dispatch(tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("memlens %v: status %d, stdout %q, stderr %q", tc.args, status, stdout.String(), stderr.String())
		}
	}
}
