package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"memlens/internal/driver"
)

// TestDocUsage checks that docs/USAGE.md and README.md name what the
// command accepts: every flag memlens cc knows (as its unknown-option
// message lists them) in the help text and USAGE.md, that message quoted
// verbatim, every environment variable of the help text in USAGE.md's
// table, every subcommand in USAGE.md and README's layout, and the
// synopses the subcommands print in USAGE.md's.
func TestDocUsage(t *testing.T) {
	usageDoc := readDoc(t, "../../docs/USAGE.md")
	readme := readDoc(t, "../../README.md")
	var help bytes.Buffer
	usage(&help)

	var stderr bytes.Buffer
	driver.Run([]string{"--memlens-no-such-flag"}, &bytes.Buffer{}, &stderr)
	message := strings.TrimSpace(stderr.String())
	_, known, ok := strings.Cut(message, "(known: ")
	if !ok {
		t.Fatalf("memlens cc --memlens-no-such-flag says %q, with no list of known flags", message)
	}
	for _, flag := range strings.Split(strings.TrimSuffix(known, ")"), ", ") {
		if !strings.Contains(help.String(), flag) {
			t.Errorf("memlens help does not list %s, which memlens cc accepts", flag)
		}
		if !strings.Contains(usageDoc, "`"+flag) && !strings.Contains(usageDoc, "["+flag) {
			t.Errorf("docs/USAGE.md does not document %s, which memlens cc accepts", flag)
		}
	}
	quoted := strings.Replace(message, "no-such-flag", "foo", 1)
	if !strings.Contains(usageDoc, "`"+quoted+"`") {
		t.Errorf("docs/USAGE.md should quote the unknown-option message as `%s`", quoted)
	}

	_, environment, _ := strings.Cut(help.String(), "\nenvironment:\n")
	for _, name := range regexp.MustCompile(`(?m)^  (MEMLENS_[A-Z_]+)`).FindAllStringSubmatch(environment, -1) {
		if !strings.Contains(usageDoc, "| `"+name[1]+"` |") {
			t.Errorf("docs/USAGE.md's environment table has no row for %s, which memlens help lists", name[1])
		}
	}

	_, synopsis, _ := strings.Cut(usageDoc, "```\n")
	synopsis, _, _ = strings.Cut(synopsis, "```")
	for _, name := range []string{"gdb", "bench", "inject", "typestate", "report", "graph"} {
		var stderr bytes.Buffer
		dispatch([]string{name, "-h"}, &bytes.Buffer{}, &stderr)
		line, _, _ := strings.Cut(strings.TrimPrefix(stderr.String(), "usage: "), "\n")
		line, _, _ = strings.Cut(line, "   ") // the summary after the synopsis
		if !strings.Contains(synopsis, line+"\n") {
			t.Errorf("docs/USAGE.md's synopsis lacks the line %q (memlens %s -h)", line, name)
		}
	}

	layout := regexp.MustCompile("(?m)^cmd/memlens/ .*subcommands (.*)$").FindStringSubmatch(readme)
	if layout == nil {
		t.Fatal("README.md's layout has no line for cmd/memlens/ listing its subcommands")
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
		if !strings.Contains(usageDoc, "memlens "+c.name) {
			t.Errorf("docs/USAGE.md never names memlens %s", c.name)
		}
	}
	if want := strings.Join(names, ", "); layout[1] != want {
		t.Errorf("README.md's layout lists the subcommands %s, memlens has %s", layout[1], want)
	}
}

// TestDocKinds checks that README's table of kinds lists the kinds memlens
// reports (the names of runtime/errors.c's ml_kinds), in their order, that
// REPORTS.md has an example of each, and that both count them right.
func TestDocKinds(t *testing.T) {
	var kinds []string
	for _, name := range regexp.MustCompile(`(?m)^\t\t"([A-Z]+(?:-[A-Z]+)+)",$`).FindAllStringSubmatch(readDoc(t, "../../runtime/errors.c"), -1) {
		kinds = append(kinds, name[1])
	}
	readme := readDoc(t, "../../README.md")
	reports := readDoc(t, "../../docs/REPORTS.md")
	var table []string
	for _, row := range regexp.MustCompile("(?m)^\\| `([A-Z]+(?:-[A-Z]+)+)` \\|").FindAllStringSubmatch(readme, -1) {
		table = append(table, row[1])
	}
	if got, want := strings.Join(table, " "), strings.Join(kinds, " "); got != want {
		t.Errorf("README.md's table of kinds lists\n%s\nmemlens reports\n%s", got, want)
	}
	for _, kind := range kinds {
		if !strings.Contains(reports, "\n### "+kind+"\n") {
			t.Errorf("docs/REPORTS.md has no example of %s (a heading \"### %s\")", kind, kind)
		}
	}
	count := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
		"twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	if len(kinds) >= len(count) {
		t.Fatalf("%d kinds: extend the number words of this test", len(kinds))
	}
	n := count[len(kinds)]
	if !strings.Contains(readme, "reports "+n+" kinds of bug") {
		t.Errorf("README.md should say memlens \"reports %s kinds of bug\"", n)
	}
	if !strings.Contains(reports, "KIND is one of the "+n+" names") {
		t.Errorf("docs/REPORTS.md should say \"KIND is one of the %s names\"", n)
	}
}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
