package inject

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"memlens/internal/instrument"
)

// sites.c has, for each template, the places it applies and places it
// must leave alone (see the comments there).
func TestTemplateSites(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found: the front end takes its headers from it")
	}
	parser, err := instrument.NewConfig([]string{"gcc"}, nil, instrument.Mode{})
	if err != nil {
		t.Fatal(err)
	}
	path, err := filepath.Abs(filepath.Join("testdata", "sites.c"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := parser.Parse(path)
	if err != nil {
		t.Fatal(err)
	}
	u := newUnit(path, src, parsed)
	// Each expected site as "template line→wantLine want"; the lines are
	// marked in sites.c by "// site: TEMPLATE" comments.
	want := map[string]bool{}
	for i, line := range strings.Split(string(src), "\n") {
		if _, tmpl, ok := strings.Cut(line, "// site: "); ok {
			for _, t := range strings.Fields(tmpl) {
				want[t+"@"+strconv.Itoa(i+1)] = true
			}
		}
	}
	got := map[string]bool{}
	for _, tmpl := range Templates {
		for _, fn := range functions(u) {
			for _, s := range tmpl.find(u, fn) {
				got[tmpl.Name+"@"+strconv.Itoa(s.wantLine)] = true
				text := apply(src, s.edits, u, s.wantLine, "want "+s.want)
				if strings.Count(string(text), "\n") != strings.Count(string(src), "\n") {
					t.Errorf("%s at line %d changes the number of lines", tmpl.Name, s.line)
				}
			}
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("no site %s", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("unexpected site %s", k)
		}
	}
}
