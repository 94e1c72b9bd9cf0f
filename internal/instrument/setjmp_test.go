package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// TestSetjmpVolatiles checks which of memlens's variables a function
// calling setjmp declares volatile: the companion of a pointer changed
// after the setjmp must be (clean/setjmp_pointer_changed fails at -O2
// without it), the setjmp's own words, written just before it, need not
// be, unless the setjmp is in a loop, where they are written again after
// it. A glibc jmp_buf keeps those words and the function's depth
// (__ml_setjmp_kept): the function has no variables for them; a
// __builtin_setjmp's buffer of five words does not, nor a jmp_buf named
// through a variable index, which may name another at the second return.
func TestSetjmpVolatiles(t *testing.T) {
	const code = `#include <setjmp.h>
#include <stdlib.h>
static jmp_buf env;
static void *benv[5];
static jmp_buf bufs[2];
void fail(void);
char *grow(void) {
	char *volatile buf = malloc(4);
	%s
		buf = malloc(64);
		fail();
	}
	return buf;
}
`
	setjmpWords := regexp.MustCompile(`\((__ml_\w+) = __ml_t\.nobj, (__ml_\w+) = __ml_pck_depth\(\), (__ml_\w+) = \(__ml_uptr\)__ml_t\.side`)
	for _, tc := range []struct {
		name, setjmp  string
		kept          bool
		wordsVolatile bool
	}{
		{"once", "if (setjmp(env) == 0) {", true, false},
		{"loop", "for (int i = 0; i < 2; i++) if (setjmp(env) == 0) {", true, false},
		{"builtin", "if (__builtin_setjmp(benv) == 0) {", false, false},
		{"builtin loop", "for (int i = 0; i < 2; i++) if (__builtin_setjmp(benv) == 0) {", false, true},
		{"indexed", "for (int i = 0; i < 2; i++) if (setjmp(bufs[i]) == 0) {", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "grow.c", strings.Replace(code, "%s", tc.setjmp, 1))
			text := string(out[strings.Index(string(out), "char *grow(void)"):])
			volatile := func(name string) bool {
				decl := regexp.MustCompile(`(volatile|register) [^;=]*\b` + name + ` __attribute__`).FindStringSubmatch(text)
				if decl == nil {
					t.Fatalf("no declaration of %s in\n%s", name, text)
				}
				return decl[1] == "volatile"
			}
			words := setjmpWords.FindStringSubmatch(text)
			depthVar := strings.Contains(text, "unsigned __ml_d ")
			if kept := regexp.MustCompile(`__ml_setjmp_kept\(\(void \*\)\((?s:.)*?env`).MatchString(text); kept != tc.kept || kept == (words != nil) || kept == depthVar {
				t.Fatalf("words kept in the jmp_buf: %v, want %v; words in the frame: %v, depth's variable: %v, in\n%s", kept, tc.kept, words != nil, depthVar, text)
			}
			if words != nil {
				for _, w := range words[1:] {
					if volatile(w) != tc.wordsVolatile {
						t.Errorf("%s volatile: %v, want %v", w, volatile(w), tc.wordsVolatile)
					}
				}
			}
			after := text[afterSetjmp.FindStringIndex(text)[0]:]
			companion := regexp.MustCompile(`(__ml_p\d+) = __ml_m\d+`).FindStringSubmatch(after)
			if companion == nil {
				t.Fatalf("buf's companion not assigned after the setjmp in\n%s", after)
			}
			if !volatile(companion[1]) {
				t.Errorf("buf's companion %s, changed after the setjmp, is not volatile", companion[1])
			}
		})
	}
}

// TestSetjmpParamStep: in a function calling setjmp, a pointer
// parameter's step is made at entry, so the parameter has no pending
// site whose making after the setjmp would make it and the provenance
// word volatile (a frame slot each, corpus setjmp programs' -O2 frames
// 5,472 to 5,424 bytes); without setjmp the step stays pending.
func TestSetjmpParamStep(t *testing.T) {
	const code = `#include <setjmp.h>
static jmp_buf env;
void keep(char *);
void fail(void);
void run(char *p) {
	%s
	keep(p);
}
`
	for _, tc := range []struct {
		name, setjmp string
		pending      bool
	}{
		{"setjmp", "if (setjmp(env) == 0) fail();", false},
		{"none", "fail();", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, out := writeInstrumentedCode(t, newTestConfig(t, false), "run.c", strings.Replace(code, "%s", tc.setjmp, 1))
			text := string(out[strings.Index(string(out), "void run(char *p)"):])
			// (a pending step's site is copied from the caller's words into a variable or a side word)
			if pending := regexp.MustCompile(`= __ml_own_ \? __ml_t\.argsite\[0\] : 0[,;]`).MatchString(text); pending != tc.pending {
				t.Fatalf("p's step pending: %v, want %v, in\n%s", pending, tc.pending, text)
			}
			if tc.pending {
				return
			}
			word := regexp.MustCompile(`(volatile|register) __ml_prov_t __ml_pw\d+ __attribute__\(\(unused\)\) = [^;]*argprov\[0\][^;]*;`).FindStringSubmatch(text)
			if word == nil {
				t.Fatalf("no provenance word of p in\n%s", text)
			}
			if word[1] == "volatile" {
				t.Errorf("p's provenance word is volatile: %s", word[0])
			}
			if !strings.Contains(word[0], "__ml_pend(") {
				t.Errorf("p's step not made at entry: %s", word[0])
			}
		})
	}
}
