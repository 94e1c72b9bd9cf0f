package instrument

import (
	"bytes"
	"strings"
)

// pruneHeaderHelpers blanks out, in unit, the runtime header's inline
// helpers (helpers, the static inline functions of the header's text from
// start on, headerHelpers) that nothing in the unit calls, directly or
// through the helpers it keeps. gcc emits no code for an unreferenced static inline function, but
// it still parses each one, its attributes (the optimize attribute of
// __ML_UNTRACKED reads gcc's options afresh for each) and its asm
// templates: half of a small unit's compile. Any word of the rest of the
// unit counts as a reference, strings and comments included (an alias
// attribute or an asm template names a function in a string), and a
// helper whose attributes make gcc emit it (constructor, used) is kept.
// The lines stay, blank, and the line markers with them, so the kept
// declarations keep their lines in the debug information.
func pruneHeaderHelpers(unit []byte, start int, helpers []helperDef) []byte {
	if len(helpers) == 0 {
		return unit
	}
	byName := map[string]int{}
	for i, h := range helpers {
		byName[h.name] = i
	}
	live := make([]bool, len(helpers))
	var work []int
	reach := func(text []byte) {
		eachWord(text, func(w []byte) {
			if i, ok := byName[string(w)]; ok && !live[i] {
				live[i] = true
				work = append(work, i)
			}
		})
	}
	from := 0
	for _, h := range helpers {
		reach(unit[from : start+h.from])
		from = start + h.to
	}
	reach(unit[from:])
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		reach(unit[start+helpers[i].from : start+helpers[i].to])
	}
	var dead []textSpan
	for i, h := range helpers {
		if !live[i] {
			dead = append(dead, textSpan{start + h.from, start + h.to})
		}
	}
	return blankSpans(unit, dead)
}

// textSpan is the bytes [from, to) of a text.
type textSpan struct{ from, to int }

// blankSpans returns text with the spans (in order, not overlapping)
// reduced to their lines (appendLinesOnly), or text itself when there are
// none.
func blankSpans(text []byte, spans []textSpan) []byte {
	if len(spans) == 0 {
		return text
	}
	out := make([]byte, 0, len(text))
	from := 0
	for _, s := range spans {
		out = append(out, text[from:s.from]...)
		out = appendLinesOnly(out, text[s.from:s.to])
		from = s.to
	}
	return append(out, text[from:]...)
}

// helperDef is a static inline function definition of the header's text:
// its name and its bytes [from, to).
type helperDef struct {
	name     string
	from, to int
}

// emittedAnyway are attribute words under which gcc emits a function
// nothing calls.
var emittedAnyway = map[string]bool{"constructor": true, "destructor": true, "used": true,
	"__constructor__": true, "__destructor__": true, "__used__": true}

// notDeclarators are the words before a parenthesis in a declaration's
// specifiers that are not the declared function's name.
var notDeclarators = map[string]bool{"__attribute__": true, "__attribute": true, "__typeof__": true,
	"__typeof": true, "typeof": true, "__asm__": true, "__asm": true, "asm": true, "_Alignas": true}

// headerHelpers returns the static inline function definitions of text,
// a sequence of top-level declarations, whose names are memlens's own
// (__ml…) and whose attributes let gcc drop them unused.
func headerHelpers(text []byte) []helperDef {
	var defs []helperDef
	type declaration struct {
		first       int    // its first token's offset, or -1
		firstWord   string // its first word
		name        string // the first word at depth 0 before a '('
		inline      bool
		emitted     bool // an attribute makes gcc emit it
		initialized bool // an '=' at depth 0: not a function
		body        bool // in a function's body
		last        byte // the last token at depth 0 if punctuation, else 0
		lastWord    string
	}
	d := declaration{first: -1}
	depth := 0
	for _, t := range sysTokens(text) {
		if t.punct == '#' { // a line marker or a pragma: its line
			continue
		}
		if d.first < 0 {
			d.first = int(t.from)
		}
		switch {
		case t.word != "":
			if d.body {
				continue
			}
			d.emitted = d.emitted || emittedAnyway[t.word]
			if d.firstWord == "" {
				d.firstWord = t.word
			}
			if depth == 0 {
				d.inline = d.inline || t.word == "inline" || t.word == "__inline__" || t.word == "__inline"
				d.last, d.lastWord = 0, t.word
			}
			continue
		case t.punct == 0: // a literal or a number
			if depth == 0 {
				d.last, d.lastWord = '"', ""
			}
			continue
		}
		switch c := t.punct; c {
		case '(', '[', '{':
			if depth == 0 {
				if c == '(' && d.name == "" && d.lastWord != "" && !notDeclarators[d.lastWord] {
					d.name = d.lastWord
				}
				d.body = c == '{' && d.last == ')' && !d.initialized
				d.last, d.lastWord = c, ""
			}
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				if c == '}' && d.body {
					if d.firstWord == "static" && d.inline && !d.emitted && strings.HasPrefix(d.name, "__ml") {
						defs = append(defs, helperDef{d.name, d.first, int(t.to)})
					}
					d = declaration{first: -1}
					continue
				}
				d.last, d.lastWord = c, ""
			}
		case ';':
			if depth == 0 {
				d = declaration{first: -1}
			}
		default:
			if depth == 0 {
				d.initialized = d.initialized || c == '='
				d.last, d.lastWord = c, ""
			}
		}
	}
	return defs
}

// lineEnd is the offset of the newline ending the line at i, or len(text).
func lineEnd(text []byte, i int) int {
	if j := bytes.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(text)
}

func isWordStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isWordPart(c byte) bool { return isWordStart(c) || c >= '0' && c <= '9' }

// eachWord calls f with every identifier-like word of text, wherever it
// stands.
func eachWord(text []byte, f func([]byte)) {
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case isWordStart(c):
			j := i + 1
			for j < len(text) && isWordPart(text[j]) {
				j++
			}
			f(text[i:j])
			i = j
		case c >= '0' && c <= '9': // (a number's suffix is no word)
			for i < len(text) && (isWordPart(text[i]) || text[i] == '.') {
				i++
			}
		default:
			i++
		}
	}
}

// appendLinesOnly appends to out what of text a compiler counts lines by:
// its newlines, and its line markers (lines starting with '#').
func appendLinesOnly(out, text []byte) []byte {
	for len(text) > 0 {
		nl := bytes.IndexByte(text, '\n')
		if nl < 0 {
			return out
		}
		text = text[nl+1:]
		out = append(out, '\n')
		if len(text) > 0 && text[0] == '#' {
			end := bytes.IndexByte(text, '\n')
			if end < 0 {
				return append(out, text...)
			}
			out = append(out, text[:end]...)
			text = text[end:]
		}
	}
	return out
}
