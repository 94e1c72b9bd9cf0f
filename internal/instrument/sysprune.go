package instrument

import (
	"bytes"
	"strings"
)

// pruneSystemDecls returns pre with the top-level declarations of system
// headers that nothing else in the unit names blanked, their newlines and
// line markers kept (appendLinesOnly), or pre itself when none is. Most of
// a small unit is its system headers (stdio.h, stdlib.h, string.h: three
// quarters of bench tree.c's unit), which the front end parses, type-checks
// and walks, and gcc parses again in the instrumented unit, while the
// program uses a few of their declarations. A declaration is kept when a
// name it declares (a declarator's identifier, a tag with a body or
// declared alone, an enumeration constant) is a word of the user's code, of
// a directive line or of a kept declaration; a declaration whose names
// cannot be told, file-scope asm, one whose attributes make gcc emit code
// (constructor, used) and one naming memlens's own __ml… (a typestate
// header's records, which the instrumenter finds by name) are kept.
// Dropping the rest changes nothing gcc compiles: a declaration no kept
// code names has no effect on it (gcc's compile of the user's file has
// given its diagnostics), and the names the instrumenter looks up (a
// called libc function's declaration, its attributes) are names the code
// uses.
func pruneSystemDecls(pre []byte) []byte {
	toks := sysTokens(pre)
	decls, roots, ok := sysDecls(toks)
	if !ok || len(decls) == 0 {
		return pre
	}
	kept := keptDecls(decls, func(d *sysDecl) bool { return d.always }, roots)
	return blankDecls(pre, decls, kept)
}

// keptDecls returns which of decls are kept: those always says are, those
// declaring a word of roots and, in turn, those declaring a word of a kept
// one.
func keptDecls(decls []sysDecl, always func(*sysDecl) bool, roots []string) []bool {
	declaring := map[string][]int{}
	for i, d := range decls {
		for _, n := range d.declares {
			declaring[n] = append(declaring[n], i)
		}
	}
	kept := make([]bool, len(decls))
	var work []string
	used := map[string]bool{}
	use := func(w string) {
		if !used[w] {
			used[w] = true
			work = append(work, w)
		}
	}
	for i := range decls {
		if always(&decls[i]) {
			kept[i] = true
			for _, w := range decls[i].uses {
				use(w)
			}
		}
	}
	for _, w := range roots {
		use(w)
	}
	for len(work) > 0 {
		w := work[len(work)-1]
		work = work[:len(work)-1]
		for _, i := range declaring[w] {
			if !kept[i] {
				kept[i] = true
				for _, u := range decls[i].uses {
					use(u)
				}
			}
		}
	}
	return kept
}

// blankDecls returns text with the declarations of decls not kept blanked
// (blankSpans).
func blankDecls(text []byte, decls []sysDecl, kept []bool) []byte {
	var dead []textSpan
	for i, d := range decls {
		if !kept[i] {
			dead = append(dead, textSpan{d.from, d.to})
		}
	}
	return blankSpans(text, dead)
}

// sysToken is a token of a preprocessed unit: an identifier or keyword
// (word), a punctuation byte, or a literal or number (neither).
type sysToken struct {
	from, to int32
	word     string // a directive line's ('#'): its text
	punct    byte
	system   bool // the line markers place it in a system header
}

// sysTokens splits pre into tokens. A directive line other than a line
// marker (a #pragma) is one token whose words are roots: it is never
// blanked and what it names is kept.
func sysTokens(pre []byte) []sysToken {
	toks := make([]sysToken, 0, len(pre)/3)
	names := map[string]string{} // (one string a name, not one a token)
	system, lineStart := false, true
	for i := 0; i < len(pre); {
		c := pre[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && lineStart:
			end := lineEnd(pre, i)
			if m, ok := parseMarker(pre[i:end]); ok {
				system = m.system
			} else {
				toks = append(toks, sysToken{from: int32(i), to: int32(end), word: string(pre[i:end]), punct: '#'})
			}
			i = end
			continue
		}
		lineStart = false
		t := sysToken{from: int32(i), system: system}
		switch {
		case c == '"' || c == '\'':
			i = literalEnd(pre, i)
		case c == '/' && i+1 < len(pre) && pre[i+1] == '*': // (-C keeps comments)
			if j := bytes.Index(pre[i+2:], []byte("*/")); j >= 0 {
				i += j + 4
			} else {
				i = len(pre)
			}
			continue
		case c == '/' && i+1 < len(pre) && pre[i+1] == '/':
			i = lineEnd(pre, i)
			continue
		case isWordStart(c) || c >= 0x80:
			j := i + 1
			for j < len(pre) && isIdentByte(pre[j]) {
				j++
			}
			if j < len(pre) && (pre[j] == '"' || pre[j] == '\'') { // a prefixed literal (L"…", u8'…')
				i = literalEnd(pre, j)
				break
			}
			w, ok := names[string(pre[i:j])]
			if !ok {
				w = string(pre[i:j])
				names[w] = w
			}
			t.word, i = w, j
		case isNumberStart(pre, i):
			i = ppNumberEnd(pre, i)
		default:
			t.punct = c
			i++
		}
		t.to = int32(i)
		toks = append(toks, t)
	}
	return toks
}

// sysDecl is a top-level declaration all in system headers: its bytes
// [from, to), the names it declares and the words it uses.
type sysDecl struct {
	from, to int
	declares []string
	uses     []string
	always   bool // kept whatever names it
}

// sysDecls splits toks into top-level declarations and returns those all
// in system headers, and the words of the rest (the roots); ok is false
// when the brackets do not match (nothing is then pruned).
func sysDecls(toks []sysToken) (decls []sysDecl, roots []string, ok bool) {
	bodies := bodyKinds(toks)
	start := 0
	var groups []byte // the open brackets' kinds (groupKind)
	inInit := false
	end := func(k int) {
		if d := toks[start : k+1]; allSystem(d) {
			decls = append(decls, sysDeclOf(d, bodies, start))
		} else {
			roots = appendWords(roots, d)
		}
		start, inInit = k+1, false
	}
	for k, t := range toks {
		switch t.punct {
		case '#':
			if len(groups) == 0 && start == k {
				roots = append(roots, directiveWords(t)...)
				start = k + 1
			}
		case '(', '[', '{':
			groups = append(groups, groupKind(toks, k, groups, bodies, inInit))
		case ')', ']', '}':
			if len(groups) == 0 {
				return nil, nil, false
			}
			closed := groups[len(groups)-1]
			groups = groups[:len(groups)-1]
			if closed == 'f' && len(groups) == 0 {
				end(k)
			}
		case '=':
			inInit = inInit || len(groups) == 0
		case ';':
			if len(groups) == 0 {
				end(k)
			}
		}
	}
	if len(groups) != 0 {
		return nil, nil, false
	}
	roots = appendWords(roots, toks[start:]) // (an unfinished declaration: a root)
	return decls, roots, true
}

// Group kinds: 'a' an attribute's, asm's, typeof's or alignment's operand,
// 'p' a parameter list, 'd' a declarator's parentheses, 's' a struct or
// union body, 'e' an enumeration's, 'f' a function's body, 'i' an
// initializer, a bound or anything within the others.
func groupKind(toks []sysToken, k int, groups []byte, bodies map[int]byte, inInit bool) byte {
	top := byte(0)
	if len(groups) > 0 {
		top = groups[len(groups)-1]
	}
	if b, ok := bodies[k]; ok {
		return b
	}
	prev := sysToken{}
	if k > 0 {
		prev = toks[k-1]
	}
	switch {
	case toks[k].punct == '(' && operandWords[prev.word]:
		return 'a'
	case inInit || top != 0 && top != 'd':
		return 'i'
	case toks[k].punct == '[':
		return 'i'
	case toks[k].punct == '{':
		return 'f'
	case prev.punct == ')' || prev.punct == ']' || prev.punct == 0 && prev.word != "" && !cKeywords[prev.word]:
		return 'p'
	}
	return 'd'
}

// bodyKinds returns, by token index, the kind of each brace opening a
// struct, union or enumeration body ('s' or 'e').
func bodyKinds(toks []sysToken) map[int]byte {
	bodies := map[int]byte{}
	for k, t := range toks {
		var kind byte
		switch t.word {
		case "struct", "union":
			kind = 's'
		case "enum":
			kind = 'e'
		default:
			continue
		}
		j := skipAttributes(toks, k+1)
		if j < len(toks) && toks[j].punct == 0 && toks[j].word != "" && !cKeywords[toks[j].word] {
			j = skipAttributes(toks, j+1)
		}
		if j < len(toks) && toks[j].punct == '{' {
			bodies[j] = kind
		}
	}
	return bodies
}

// skipAttributes returns the index of the first token from j on that is
// not in an attribute specifier.
func skipAttributes(toks []sysToken, j int) int {
	for j+1 < len(toks) && (toks[j].word == "__attribute__" || toks[j].word == "__attribute") && toks[j+1].punct == '(' {
		depth := 0
		for j++; j < len(toks); j++ {
			if toks[j].punct == '(' {
				depth++
			} else if toks[j].punct == ')' {
				if depth--; depth == 0 {
					j++
					break
				}
			}
		}
	}
	return j
}

// allSystem reports whether the tokens toks, a pragma's aside, are all in
// system headers.
func allSystem(toks []sysToken) bool {
	for _, t := range toks {
		if !t.system && t.punct != '#' {
			return false
		}
	}
	return true
}

// appendWords appends the words of toks to words.
func appendWords(words []string, toks []sysToken) []string {
	for _, t := range toks {
		if t.punct == '#' {
			words = append(words, directiveWords(t)...)
		} else if t.word != "" {
			words = append(words, t.word)
		}
	}
	return words
}

// sysDeclOf reads the declaration toks, which starts at token index base.
func sysDeclOf(toks []sysToken, bodies map[int]byte, base int) sysDecl {
	d := sysDecl{from: int(toks[0].from), to: int(toks[len(toks)-1].to)}
	var groups []byte
	inInit := false
	for k, t := range toks {
		if t.punct == '#' { // (a pragma within: its line stays, blanked or not)
			d.uses = append(d.uses, directiveWords(t)...)
			continue
		}
		if t.word != "" && t.punct == 0 {
			d.uses = append(d.uses, t.word)
			d.always = d.always || emittedAnyway[t.word] || strings.HasPrefix(t.word, "__ml") ||
				k == 0 && (t.word == "asm" || t.word == "__asm__" || t.word == "__asm")
			if !cKeywords[t.word] && declares(toks, k, groups, bodies, base, inInit) {
				d.declares = append(d.declares, t.word)
			}
			continue
		}
		switch t.punct {
		case '(', '[', '{':
			groups = append(groups, groupKind(toks, k, groups, nil, inInit))
			if b, ok := bodies[base+k]; ok {
				groups[len(groups)-1] = b
			}
		case ')', ']', '}':
			if len(groups) > 0 {
				groups = groups[:len(groups)-1]
			}
		case '=':
			inInit = inInit || len(groups) == 0
		case ',':
			inInit = inInit && len(groups) != 0
		}
	}
	d.always = d.always || len(d.declares) == 0
	return d
}

// declares reports whether the word toks[k] is a name its declaration
// declares: a tag before its body or alone (`struct s;`), an enumeration
// constant, or an identifier where a declarator's stands (followed by
// what may follow one, outside parameter lists, bodies and initializers).
func declares(toks []sysToken, k int, groups []byte, bodies map[int]byte, base int, inInit bool) bool {
	next, prev := sysToken{}, sysToken{}
	if k+1 < len(toks) {
		next = toks[k+1]
	}
	if k > 0 {
		prev = toks[k-1]
	}
	top := byte(0)
	if len(groups) > 0 {
		top = groups[len(groups)-1]
	}
	if prev.word == "struct" || prev.word == "union" || prev.word == "enum" {
		_, body := bodies[base+skipAttributes(toks, k+1)]
		return body || next.punct == ';' && k == 1
	}
	switch {
	case top == 'e':
		return (prev.punct == '{' || prev.punct == ',') && (next.punct == '=' || next.punct == ',' || next.punct == '}')
	case top != 0 && top != 'd' || inInit:
		return false
	}
	switch next.punct {
	case ';', ',', ')', '[', '(', '=':
		return true
	}
	return next.word == "__attribute__" || next.word == "__attribute" || next.word == "__asm__" ||
		next.word == "__asm" || next.word == "asm"
}

// directiveWords returns the words of a directive line's token.
func directiveWords(t sysToken) []string {
	var words []string
	eachWord([]byte(t.word), func(w []byte) { words = append(words, string(w)) })
	return words
}

// operandWords are the words whose parenthesized operand declares nothing.
var operandWords = map[string]bool{"__attribute__": true, "__attribute": true, "__asm__": true, "__asm": true,
	"asm": true, "__typeof__": true, "__typeof": true, "typeof": true, "typeof_unqual": true, "_Alignas": true,
	"alignas": true, "_Alignof": true, "__alignof__": true, "sizeof": true, "_Atomic": true, "__declspec": true,
	"_Static_assert": true, "static_assert": true, "__builtin_offsetof": true, "__builtin_va_arg": true}

// cKeywords are C's keywords with GNU C's spellings: words no declaration
// declares.
var cKeywords = setOf("auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
	"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
	"short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
	"volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary",
	"_Noreturn", "_Static_assert", "_Thread_local", "alignas", "alignof", "bool", "constexpr", "false",
	"nullptr", "static_assert", "thread_local", "true", "typeof", "typeof_unqual", "_BitInt", "_Decimal32",
	"_Decimal64", "_Decimal128", "_Float16", "_Float32", "_Float64", "_Float128", "_Float32x", "_Float64x",
	"_Float128x", "__int128", "__int128_t", "__uint128_t", "__float128", "__float80", "__bf16",
	"__extension__", "__inline", "__inline__", "__restrict", "__restrict__", "__const", "__const__",
	"__signed", "__signed__", "__volatile", "__volatile__", "__typeof", "__typeof__", "__alignof",
	"__alignof__", "__attribute", "__attribute__", "__asm", "__asm__", "asm", "__thread", "__label__",
	"__complex__", "__real__", "__imag__", "__auto_type", "__seg_fs", "__seg_gs", "__builtin_va_list")
