package instrument

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDocCheckedLibc checks that docs/USAGE.md lists the libc functions
// whose calls are checked (wrapped, but for those wrapped only for the
// runtime's bookkeeping) and that README.md counts them right.
func TestDocCheckedLibc(t *testing.T) {
	bookkeeping := setOf("vfork", "pthread_setspecific", "tss_set", "sigaction", "signal")
	var want []string
	for name := range wrapped {
		if !bookkeeping[name] {
			want = append(want, name)
		}
	}
	slices.Sort(want)

	usage, err := os.ReadFile("../../docs/USAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(usage), "- These libc calls from instrumented code")
	list, _, ok2 := strings.Cut(list, "(their counts are in wide characters")
	if !ok || !ok2 {
		t.Fatal("docs/USAGE.md has no list \"- These libc calls from instrumented code … (their counts are in wide characters\"")
	}
	var got []string
	for _, name := range regexp.MustCompile("`([a-z_0-9]+)`").FindAllStringSubmatch(list, -1) {
		if !slices.Contains(got, name[1]) {
			got = append(got, name[1])
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("docs/USAGE.md lists the checked libc functions\n%v\nthe instrumenter checks\n%v", got, want)
	}

	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if count := "in " + strconv.Itoa(len(want)) + " libc functions"; !strings.Contains(string(readme), count) {
		t.Errorf("README.md should say calls are checked %q", count)
	}
}
