package driver

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestHostCompiler(t *testing.T) {
	dir := t.TempDir()
	self := filepath.Join(dir, "memlens-binary")
	if err := os.WriteFile(self, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, filepath.Join(dir, "mlcc")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(self, filepath.Join(dir, "hardcc")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))

	for _, tc := range []struct {
		memlensCC, cc string
		want          []string
		err           error
	}{
		{"", "", []string{"gcc"}, nil},
		{"", "  ", []string{"gcc"}, nil},
		{"", "clang", []string{"clang"}, nil},
		{"", "gcc -m64 -std=gnu11", []string{"gcc", "-m64", "-std=gnu11"}, nil},
		{"", "memlens cc", []string{"gcc"}, nil},
		{"", "/opt/bin/memlens cc -O1", []string{"gcc"}, nil},
		{"", "mlcc cc", []string{"gcc"}, nil},                            // symlink found in PATH
		{"", filepath.Join(dir, "hardcc") + " cc", []string{"gcc"}, nil}, // hard link
		{"", "memlens-binary cc", []string{"gcc"}, nil},
		{"clang-15", "gcc", []string{"clang-15"}, nil},
		{"ccache gcc", "memlens cc", []string{"ccache", "gcc"}, nil},
		{"memlens cc", "", nil, errSelfCC},
		{"", "mlcc-script", []string{"gcc"}, nil}, // run by memlens (runByEnv): $CC led back to it
		{"mlcc", "gcc", nil, errSelfCC},
	} {
		env := map[string]string{"MEMLENS_CC": tc.memlensCC, "CC": tc.cc}
		if tc.cc == "mlcc-script" {
			env[runByEnv] = "1"
		}
		got, err := hostCompiler(func(k string) string { return env[k] }, self)
		if !reflect.DeepEqual(got, tc.want) || !errors.Is(err, tc.err) {
			t.Errorf("MEMLENS_CC=%q CC=%q: %q, %v; want %q, %v", tc.memlensCC, tc.cc, got, err, tc.want, tc.err)
		}
	}
}
