package inject

import (
	"bytes"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"memlens/internal/instrument"
)

// unit is one parsed source file: the text edits apply to, and its AST.
type unit struct {
	path   string
	src    []byte
	parsed *instrument.Unit
	ast    *cc.AST
	lines  []int // offset of each line's start; lines[0] is line 1
}

func newUnit(path string, src []byte, parsed *instrument.Unit) *unit {
	u := &unit{path: path, src: src, parsed: parsed, ast: parsed.AST, lines: []int{0}}
	for i, b := range src {
		if b == '\n' {
			u.lines = append(u.lines, i+1)
		}
	}
	return u
}

// offset returns the byte offset of tok in u's text, checking that the
// token was written there (not produced by a macro expansion, whose tokens
// carry the position of the macro's use).
func (u *unit) offset(tok cc.Token) (int, bool) {
	pos := u.parsed.Position(tok)
	if pos.Filename != u.path || pos.Line < 1 || pos.Line > len(u.lines) {
		return 0, false
	}
	off := u.lines[pos.Line-1] + pos.Column - 1
	text := tok.SrcStr()
	if off < 0 || off+len(text) > len(u.src) || string(u.src[off:off+len(text)]) != text {
		return 0, false
	}
	return off, true
}

// span returns the byte range of n's text in u, when every token of n was
// written in u as it stands (no macro expansion inside).
func (u *unit) span(n cc.Node) (start, end int, ok bool) {
	toks := cc.NodeTokens(n)
	if len(toks) == 0 {
		return 0, 0, false
	}
	slices.SortFunc(toks, func(a, b cc.Token) int { return a.Seq() - b.Seq() })
	prev := -1
	for _, t := range toks {
		off, ok := u.offset(t)
		if !ok || off < prev {
			return 0, 0, false
		}
		prev = off + len(t.SrcStr())
	}
	start, _ = u.offset(toks[0])
	return start, prev, true
}

// text is the source text of n, "" when it has none of its own.
func (u *unit) text(n cc.Node) string {
	s, e, ok := u.span(n)
	if !ok {
		return ""
	}
	return string(u.src[s:e])
}

// line is the line of byte offset off.
func (u *unit) line(off int) int {
	i, found := slices.BinarySearch(u.lines, off)
	if found {
		return i + 1
	}
	return i
}

// lineEnd is the offset of the end of line n (its newline, or the end).
func (u *unit) lineEnd(n int) int {
	if n < len(u.lines) {
		return u.lines[n] - 1
	}
	return len(u.src)
}

// continued reports whether line n ends with a backslash (an annotation
// appended there would join the next line).
func (u *unit) continued(n int) bool {
	l := bytes.TrimRight(u.src[u.lines[n-1]:u.lineEnd(n)], " \t\r")
	return bytes.HasSuffix(l, []byte("\\"))
}

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// apply returns src with the edits made and, appended to line wantLine, the
// comment annotation. Every line keeps its number: a replacement has as
// many line breaks as the text it replaces (padded with them, or with its
// own made spaces), so the lines the sites name are the variant's lines.
func apply(src []byte, edits []edit, u *unit, wantLine int, annotation string) []byte {
	edits = append(slices.Clone(edits), edit{u.lineEnd(wantLine), u.lineEnd(wantLine), " /* " + annotation + " */"})
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out []byte
	at := 0
	for _, e := range edits {
		text := e.text
		old := bytes.Count(src[e.start:e.end], []byte("\n"))
		if strings.Count(text, "\n") > old {
			text = strings.ReplaceAll(text, "\n", " ")
		}
		text += strings.Repeat("\n", old-strings.Count(text, "\n"))
		out = append(append(out, src[at:e.start]...), text...)
		at = e.end
	}
	return append(out, src[at:]...)
}
