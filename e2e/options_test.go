package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runtimeOption is one row of ml_options, the runtime's option table.
type runtimeOption struct {
	name, typ, def string
}

// optionRow matches a row of ml_options in flags.c: {"name", ML_OPT_TYPE, "default", …
var optionRow = regexp.MustCompile(`(?m)^\s*\{\s*"([A-Za-z0-9_]+)",\s*ML_OPT_([A-Z]+),\s*"([^"]*)"`)

// runtimeOptions reads the option table from the runtime's C source.
func runtimeOptions(t *testing.T) []runtimeOption {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "runtime", "flags.c"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "ml_options[] = {")
	if start < 0 {
		t.Fatal("flags.c: the table ml_options[] = { … } is not there any more; update this test")
	}
	end := strings.Index(text[start:], "\n};")
	if end < 0 {
		t.Fatal("flags.c: the end of ml_options (a line \"};\") is not there")
	}
	var opts []runtimeOption
	for _, m := range optionRow.FindAllStringSubmatch(text[start:start+end], -1) {
		opts = append(opts, runtimeOption{m[1], strings.ToLower(m[2]), m[3]})
	}
	// the regexp must keep up with the table: it holds help at least
	found := false
	for _, o := range opts {
		found = found || o.name == "help"
	}
	if len(opts) < 10 || !found {
		t.Fatalf("flags.c: read %d rows of ml_options (%v), without help: the row format changed; update optionRow", len(opts), opts)
	}
	return opts
}

// TestOptionsDocumented checks that every option of the runtime's table
// (ml_options in runtime/flags.c) is in docs/OPTIONS.md with
// its type and default, that OPTIONS.md lists no option the table lacks,
// and that MEMLENS_OPTIONS=help=1 prints each one; the help output and
// the mistakes example quoted in OPTIONS.md must be what a program prints.
func TestOptionsDocumented(t *testing.T) {
	t.Parallel()
	opts := runtimeOptions(t)
	docBytes, err := os.ReadFile(filepath.Join("..", "docs", "OPTIONS.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(docBytes)

	// the options table of OPTIONS.md: rows "| `name` | type | default | …"
	docRows := map[string][]string{}
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(line, " | ")
		if len(cells) < 4 {
			continue
		}
		name := strings.Trim(strings.TrimPrefix(cells[0], "| "), "`")
		docRows[name] = cells
	}
	inTable := map[string]bool{}
	for _, o := range opts {
		inTable[o.name] = true
		cells, ok := docRows[o.name]
		if !ok {
			t.Errorf("option %s (flags.c) has no row \"| `%s` | …\" in docs/OPTIONS.md", o.name, o.name)
			continue
		}
		if cells[1] != o.typ {
			t.Errorf("docs/OPTIONS.md: option %s has type %q, flags.c says %s", o.name, cells[1], o.typ)
		}
		wantDef := "`" + o.def + "`"
		if o.def == "" {
			wantDef = "none"
		}
		if !strings.HasPrefix(cells[2], wantDef) {
			t.Errorf("docs/OPTIONS.md: option %s has default %q, flags.c says %q", o.name, cells[2], wantDef)
		}
	}
	for name := range docRows {
		if !inTable[name] && regexp.MustCompile(`^[a-z_]+$`).MatchString(name) {
			t.Errorf("docs/OPTIONS.md documents option %s, which flags.c's ml_options lacks", name)
		}
	}

	prog := buildCode(t, "quiet.c", "int main(void) { return 0; }\n")
	run := func(options string) string {
		cmd := exec.Command(prog)
		cmd.Env = append(environ(), "MEMLENS_OPTIONS="+options)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("MEMLENS_OPTIONS=%s %s: %v\n%s", options, prog, err, stderr.String())
		}
		return stderr.String()
	}

	// help=1 prints a line per option, with its default
	help := run("help=1")
	for _, o := range opts {
		def := o.def
		if def == "" {
			def = "none"
		}
		re := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(o.name) + ` +default ` + regexp.QuoteMeta(def) + ` +\S`)
		if !re.MatchString(help) {
			t.Errorf("MEMLENS_OPTIONS=help=1 prints no line for option %s with default %s:\n%s", o.name, def, help)
		}
	}
	if n := strings.Count(help, "\n  "); n != len(opts) {
		t.Errorf("MEMLENS_OPTIONS=help=1 prints %d option lines, flags.c has %d options:\n%s", n, len(opts), help)
	}

	// the help output OPTIONS.md quotes, verbatim
	quoted := codeBlockAfter(t, doc, "`MEMLENS_OPTIONS=help=1` prints this")
	if quoted != help {
		t.Errorf("docs/OPTIONS.md quotes the help=1 output as\n%s\nbut the program prints\n%s", quoted, help)
	}

	// the mistakes example: its command's MEMLENS_OPTIONS, then what it prints
	example := codeBlockAfter(t, doc, "For example:")
	first, want, _ := strings.Cut(example, "\n")
	value, ok := strings.CutPrefix(first, "$ MEMLENS_OPTIONS=")
	value, _, ok2 := strings.Cut(value, " ./prog")
	if !ok || !ok2 {
		t.Fatalf("docs/OPTIONS.md: the mistakes example should start with \"$ MEMLENS_OPTIONS=… ./prog\", starts %q", first)
	}
	if got := run(value); got != want {
		t.Errorf("docs/OPTIONS.md: MEMLENS_OPTIONS=%s prints, says the page,\n%s\nbut the program prints\n%s", value, want, got)
	}
}

// codeBlockAfter returns the text of the first ``` block after the line
// holding marker.
func codeBlockAfter(t *testing.T, doc, marker string) string {
	t.Helper()
	i := strings.Index(doc, marker)
	if i < 0 {
		t.Fatalf("docs/OPTIONS.md has no %q", marker)
	}
	rest := doc[i:]
	open := strings.Index(rest, "\n```\n")
	if open < 0 {
		t.Fatalf("docs/OPTIONS.md: no code block after %q", marker)
	}
	body := rest[open+len("\n```\n"):]
	end := strings.Index(body, "```\n")
	if end < 0 {
		t.Fatalf("docs/OPTIONS.md: the code block after %q does not end", marker)
	}
	return body[:end]
}
