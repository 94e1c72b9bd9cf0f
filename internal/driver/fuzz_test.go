package driver

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// rspName is the argument of FuzzArgs's command line that stands for its
// response file.
const rspName = "@RSP"

// FuzzArgs runs the driver's command-line handling on arbitrary input: cmd
// is argv with its arguments separated by NUL bytes, rsp the content of a
// response file that an argument "@RSP" names. Nothing may panic, and the
// classification must account for every argument, once, in order.
func FuzzArgs(f *testing.F) {
	for _, cmd := range []string{
		// TestClassify's and TestCommandLineState's
		"-c -O2 -Wall a.c -o out/a.o",
		"-ofoo.o -c a.c",
		"-I inc -Iinc2 -D X=1 -DY -U Z -UW a.c",
		"-include pre.h -includepre2.h -imacros m.h a.c",
		"a.o -L lib -Llib2 -l m -lz -Wl,--gc-sections b.a c.so libd.so.1",
		"-MD -MF a.d -MT t -MQ q -MP -MG -MMD -MFx.d -MTu a.c",
		"-Wp,-MMD,.a.o.d -Wp,-DX a.c",
		"-x c a.inc -x none b.c -xassembler-with-cpp c.S - d.c",
		"-undef -u sym -fno-common --weird=1 -std=c99 a.c",
		"-shared -fPIC a.c -o liba.so",
		"-r a.o b.o -o c.o",
		"-M -MD -c a.c",
		"-MM -MF x.d a.c",
		"-E a.c",
		"-fsyntax-only a.c",
		"--version a.c",
		"-dumpmachine",
		"-print-prog-name=cc1",
		"--help=warnings",
		"-### a.c",
		"-c a.c b.c -o x.o",
		"-c a.c -o",
		"-S -c a.c",
		"-c a.c -x",
		// more of what build systems pass
		"-c a.c b.c",
		"-save-temps -O2 a.c b.c -o prog",
		"-save-temps=cwd -c sub/a.c -o out/a.o",
		"-save-temps=obj -S a.c",
		"-o prog a.c -Wl,-rpath,/opt/lib -Wl,--as-needed -lm",
		"-Xlinker --gc-sections -Xpreprocessor -DX a.c",
		"-x c - -x none",
		"-x c-header a.h -x c a.inc",
		"-c -MD -MF build/a.d -MT build/a.o a.c -o build/a.o",
		"-c -Wp,-MD,dir/.a.o.d -nostdinc -isystem /usr/include a.c",
		"-static a.c",
		"-m32 -c a.c",
		"--memlens-strict -c a.c",
		"--memlens-full --memlens-save-temps -O2 a.c -o a",
		"--memlens-count-statements --memlens-fallback a.c",
		"--memlens-nope a.c",
		"-c " + rspName + " a.c",
		rspName,
		"@missing.rsp -c a.c",
		"",
	} {
		f.Add(strings.ReplaceAll(cmd, " ", "\x00"), "")
	}
	for _, rsp := range []string{
		"-c a.c",
		"  -O2\n\t-Wall\r\n -o 'out dir/a.o' a.c",
		`-DMSG="hello world" -DQ='"q"' a\ b.c`,
		`"a\"b" 'it\'s' '' ""`,
		"-c " + rspName + " a.c", // names itself
		"@missing.rsp -c a.c",
		`'unterminated`,
		`trailing\`,
	} {
		f.Add("-c\x00"+rspName, rsp)
	}
	dir := f.TempDir()
	rspPath := filepath.Join(dir, "a.rsp")
	missing := filepath.Join(dir, "missing.rsp")
	f.Fuzz(func(t *testing.T, cmd, rsp string) {
		var argv []string
		if cmd != "" {
			argv = strings.Split(cmd, "\x00")
		}

		// The response file as libiberty splits it; quoting its words back
		// must give the same words.
		words := splitResponse(rsp)
		if again := splitResponse(quoteResponse(words)); !reflect.DeepEqual(again, words) {
			t.Fatalf("splitResponse(quoteResponse(%q)) = %q", words, again)
		}

		// Response files are read from a private directory only: "@RSP" is
		// the response file, which may name itself, any other @file one
		// that does not exist.
		local := func(ws []string) (out []string, self bool) {
			for _, w := range ws {
				switch {
				case w == rspName:
					w, self = "@"+rspPath, true
				case strings.HasPrefix(w, "@"):
					w = "@" + missing
				}
				out = append(out, w)
			}
			return out, self
		}
		words, recursive := local(words)
		argv, used := local(argv)
		if used {
			if err := os.WriteFile(rspPath, []byte(quoteResponse(words)), 0o600); err != nil {
				t.Fatal(err)
			}
		}

		// as run does: our flags first, response files next
		_, rest, err := ourFlags(argv)
		if err != nil {
			return
		}
		if want := slices.DeleteFunc(slices.Clone(argv), func(a string) bool {
			return strings.HasPrefix(a, "--memlens-")
		}); !slices.Equal(rest, want) {
			t.Fatalf("ourFlags(%q) left %q, want %q", argv, rest, want)
		}
		expanded, err := expandResponseFiles(rest)
		if err != nil {
			if !recursive || !slices.Contains(rest, "@"+rspPath) {
				t.Fatalf("expandResponseFiles(%q): %v", rest, err)
			}
			return
		}
		var want []string
		for _, a := range rest {
			if a == "@"+rspPath {
				want = append(want, words...)
			} else {
				want = append(want, a)
			}
		}
		if !reflect.DeepEqual(expanded, want) {
			t.Fatalf("expandResponseFiles(%q) = %q, want %q", rest, expanded, want)
		}

		cl := parseCommandLine(expanded)
		if again := parseCommandLine(expanded); !reflect.DeepEqual(cl, again) {
			t.Fatalf("parseCommandLine(%q) is not deterministic", expanded)
		}
		// every argument once, in order; each input counted
		var all []string
		inputs := 0
		for _, a := range cl.args {
			if len(a.words) == 0 || len(a.words) > 2 {
				t.Fatalf("argument of %d words: %q", len(a.words), a.words)
			}
			all = append(all, a.words...)
			if a.kind == kindInput {
				inputs++
				if len(a.words) != 1 {
					t.Fatalf("input of %d words: %q", len(a.words), a.words)
				}
				if w := a.words[0]; w != "-" && strings.HasPrefix(w, "-") {
					t.Fatalf("flag %q taken for an input", w)
				}
			}
		}
		if !slices.Equal(all, expanded) {
			t.Fatalf("parseCommandLine(%q) has the arguments %q", expanded, all)
		}
		if inputs != cl.inputs {
			t.Fatalf("parseCommandLine(%q) counted %d inputs of %d", expanded, cl.inputs, inputs)
		}
		if inputs == 0 && !cl.passthrough {
			t.Fatalf("parseCommandLine(%q): nothing to compile, yet not passed through", expanded)
		}

		// what the driver derives from it
		_ = unsupported(expanded)
		for _, k := range []kind{kindFlag, kindInput, kindOutput, kindStage, kindLang, kindDep, kindPreinclude, kindSaveTemps} {
			cl.words(k)
		}
		for _, a := range cl.args {
			if a.kind != kindInput {
				continue
			}
			src := a.words[0]
			a.isC()
			cl.objectName(src)
			cl.depNames(src)
			cl.saveTempsFlags(src)
		}
	})
}

// quoteResponse writes words as a response file holding them.
func quoteResponse(words []string) string {
	var b strings.Builder
	for _, w := range words {
		if w == "" {
			b.WriteString(`''`)
		}
		for i := 0; i < len(w); i++ {
			b.WriteByte('\\')
			b.WriteByte(w[i])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
