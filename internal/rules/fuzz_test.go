package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds the parser and checker arbitrary text, seeded with the
// testdata: they must not panic, every error must be inside the file (a
// line at most one past its last), and a file that parses must survive
// Format's round trip.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.rules")
	files = append(files, "default.rules")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
		// each rule alone too: smaller seeds mutate into more shapes
		for _, part := range strings.Split(string(src), "\nrule ") {
			f.Add([]byte("rule " + part))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		_, err := Load("f.rules", src)
		lines := strings.Count(string(src), "\n") + 1
		var fe *FileError
		if errors.As(err, &fe) {
			for _, e := range fe.List {
				if e.Pos.Line < 1 || e.Pos.Line > lines+1 || e.Pos.Col < 1 {
					t.Fatalf("error outside the file (%d lines): %v", lines, e)
				}
			}
		} else if err != nil {
			t.Fatalf("not a FileError: %v", err)
		}
		roundTrip(t, "f.rules", src)
	})
}
