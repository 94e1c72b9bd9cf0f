package instrument

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// piece is one element of rewritten code: a token of the user's source
// (emitted at its position) or generated text (written on the line of the
// token it precedes, see writer.toLineOf).
type piece struct {
	tok   cc.Token
	text  string
	late  lateText // generated text decided when the unit is printed
	sub   frag     // a whole fragment appended by cat, laid out by flat
	isTok bool
	lead  bool // no text: the #pragma lines before tok, a statement's first token, go out here
}

// frag is a fragment of rewritten code. Fragments nest: a statement's
// holds its expressions' by reference, so building a function's costs
// time and memory in proportion to its pieces, not to their depth (copied
// at each level, SQLite's fragments took 1.3 GB).
type frag []piece

func (f *frag) tok(t cc.Token) {
	if t.Seq() != 0 { // absent optional tokens are zero
		f.add(piece{tok: t, isTok: true})
	}
}

func (f *frag) str(s string) {
	if s != "" {
		*f = append(*f, piece{text: s})
	}
}

// later adds text decided when the unit is printed.
func (f *frag) later(t lateText) { *f = append(*f, piece{late: t}) }

func (f *frag) cat(g frag) {
	if len(g) > 0 {
		*f = append(*f, piece{sub: g})
	}
}

// flat returns f with the fragments it holds laid out in place.
func (f frag) flat() frag {
	if !slices.ContainsFunc(f, func(p piece) bool { return p.sub != nil }) {
		return f
	}
	n := 0
	f.each(func(piece) { n++ })
	out := make(frag, 0, n)
	f.each(func(p piece) { out = append(out, p) })
	return out
}

// each calls fn with f's pieces in order, those of nested fragments
// included.
func (f frag) each(fn func(piece)) {
	for _, p := range f {
		if p.sub != nil {
			p.sub.each(fn)
		} else {
			fn(p)
		}
	}
}

// first is f's first piece, that of the fragments it holds included.
func (f frag) first() (piece, bool) {
	for _, p := range f {
		if p.sub == nil {
			return p, true
		}
		if q, ok := p.sub.first(); ok {
			return q, true
		}
	}
	return piece{}, false
}

// textFrag is a fragment of text s.
func textFrag(s string) frag {
	var f frag
	f.str(s)
	return f
}

func (f *frag) add(p piece)                  { *f = append(*f, p) }
func (f *frag) strf(format string, a ...any) { f.str(fmt.Sprintf(format, a...)) }

// writer lays fragments out as C text. Tokens of the unit's text that
// follow each other there are copied with the text between them, byte for
// byte (white space, #pragma lines, line markers); other tokens and
// generated text are placed with GNU linemarkers, so every user token stays
// on its file and line.
type writer struct {
	b        bytes.Buffer
	file     string
	line     int
	col      int // column of the next byte; 1 at the start of a line
	prev     cc.Token
	havePrev bool
	unit     *unitText
	cursor   int  // offset into unit.orig up to which the text is in the output
	synced   bool // the output's file and line are the text's at cursor
	attrEnd  int  // offset into unit.orig where the attribute specifier last written ends
}

// frag writes f, whose fragments are laid out flat (frag.flat).
func (w *writer) frag(f frag) {
	for i := 0; i < len(f); i++ {
		p := f[i]
		if p.lead {
			w.leadTo(p.tok)
			continue
		}
		if !p.isTok {
			if i == 0 || f[i-1].isTok {
				for j := i + 1; j < len(f); j++ {
					if f[j].isTok {
						w.toLineOf(f[j].tok)
						break
					}
				}
			}
			text := p.text
			if p.late != nil {
				if text = p.late(); text == "" {
					continue
				}
			}
			w.b.WriteByte(' ')
			w.b.WriteString(text)
			w.col += len(text) + 1
			w.havePrev = false
			continue
		}
		if end, last, ok := w.unit.builtinUse(f, i); ok {
			// the front end's expansion of a gcc builtin it parses as a
			// macro: gcc gets the builtin as written
			w.span(p.tok.Position(), w.unit.origOffset(p.tok.Position().Offset), end)
			i = last
			continue
		}
		w.token(p.tok)
	}
}

// toLineOf moves the output to the line of t, a token of the unit's text
// still to be written, when t stands on a later line: generated text that
// precedes t (an argument's temporary, a check) then shares t's line, and
// gcc's debug information gives the code t's line, not the line before
// (a fault in `printf("%d", *p)` is on printf's line, not the previous
// statement's).
func (w *writer) toLineOf(t cc.Token) {
	pos := t.Position()
	if isOurSource(pos.Filename) || pos.Filename != w.file || pos.Line <= w.line || pos.Line > w.line+8 {
		return
	}
	o := w.unit.origOffset(pos.Offset)
	if o < w.cursor || !w.unit.original(t, o) {
		return
	}
	g := w.unit.scanGap(w.cursor, o)
	switch {
	case g.blank && !g.marker && w.synced:
		// the white space up to t's line, as it is, but no further
		// than a directive: a #pragma applies to what follows it
		// (the next statement, not the end of the last)
		if d := w.unit.directiveLines(w.cursor, o); len(d) > 0 {
			if d[0][0] <= w.cursor {
				return
			}
			o = d[0][0] - 1 // (its line keeps the newline before it)
		}
		ls := bytes.LastIndexByte(w.unit.orig[w.cursor:o], '\n')
		if ls < 0 {
			return
		}
		w.write(w.unit.orig[w.cursor : w.cursor+ls+1])
		w.cursor += ls + 1
	case !g.blank && !g.directive:
		// the tokens in between were rewritten: t is placed
		for w.line < pos.Line {
			w.newline()
		}
	}
}

// lead writes, before an external declaration's fragment f, the
// directives between the text written last and the declaration's first
// token: the #pragma lines before a declaration precede all of it, what
// memlens adds in front of it too.
func (w *writer) lead(f frag) {
	for _, p := range f {
		if p.isTok {
			w.leadTo(p.tok)
			return
		}
	}
}

// leadTo writes the directive lines between the text written last and t,
// a token of the unit's text still to be written, when only white space
// and directives lie between.
func (w *writer) leadTo(t cc.Token) {
	pos := t.Position()
	if isOurSource(pos.Filename) {
		return
	}
	o := w.unit.origOffset(pos.Offset)
	if o < w.cursor || !w.unit.original(t, o) || !w.unit.scanGap(w.cursor, o).blank {
		return
	}
	if d := w.unit.directiveLines(w.cursor, o); len(d) > 0 {
		end := d[len(d)-1][1]
		if w.col != 1 && w.unit.orig[w.cursor] != '\n' {
			w.b.WriteByte('\n')
			w.col = 1
		}
		w.write(w.unit.orig[w.cursor:end])
		w.cursor = end
	}
}

// builtinMacros are the gcc builtins cc/v4 defines as macros, whose
// expansion is no substitute for them (offsetof's is no constant to gcc).
var builtinMacros = map[string]bool{
	"__builtin_offsetof": true, "__builtin_types_compatible_p": true, "__builtin_bit_cast": true, "__builtin_convertvector": true,
	"__builtin_has_attribute": true,
	// expanded to __builtin_huge_val(): a double, not gcc's long double
	// (printf("%Lf", HUGE_VALL) printed 0.000000; mir's issue23.c)
	"__builtin_huge_vall": true,
}

// builtinUse reports whether f[i] begins the front end's expansion of a
// builtin of builtinMacros: then the builtin's text ends at offset end of
// the unit's text, and f[last] is the last piece inside it.
func (u *unitText) builtinUse(f frag, i int) (end, last int, ok bool) {
	t := f[i].tok
	pos := t.Position()
	if isOurSource(pos.Filename) {
		return 0, 0, false
	}
	o := u.origOffset(pos.Offset)
	if u.original(t, o) {
		return 0, 0, false
	}
	name := u.orig[o:min(len(u.orig), o+len("__builtin_types_compatible_p"))]
	name = name[:min(len(name), identLen(name))]
	if !builtinMacros[string(name)] {
		return 0, 0, false
	}
	end = u.invocation(o)
	last = i
	for k := i + 1; k < len(f); k++ {
		if !f[k].isTok {
			continue
		}
		q := f[k].tok.Position()
		if isOurSource(q.Filename) {
			break
		}
		if qo := u.origOffset(q.Offset); qo < o || qo >= end {
			break
		}
		last = k
	}
	return end, last, true
}

func identLen(b []byte) int {
	n := 0
	for n < len(b) && isIdentByte(b[n]) {
		n++
	}
	return n
}

// isOurSource reports whether file names one of the sources the front end
// reads besides the unit's text (the runtime header, cc/v4's prelude).
func isOurSource(file string) bool {
	return file == headerName || file == "<builtin>" || file == "<predefined>"
}

// original reports whether t is the token at offset o of the unit's text
// (not one the front end made by expanding a macro). An identifier is
// original only when the text's identifier there is no longer:
// __builtin_huge_val is not the __builtin_huge_vall it was expanded from.
func (u *unitText) original(t cc.Token, o int) bool {
	src := t.Src()
	n := o + len(src)
	if o < 0 || n > len(u.orig) || !bytes.Equal(u.orig[o:n], src) {
		return false
	}
	return len(src) == 0 || !isIdentByte(src[len(src)-1]) || n == len(u.orig) || !isIdentByte(u.orig[n])
}

func (w *writer) token(t cc.Token) {
	pos := t.Position()
	if w.unit.viewOnly[pos.Offset] && !isOurSource(pos.Filename) {
		return
	}
	if !isOurSource(pos.Filename) {
		o := w.unit.origOffset(pos.Offset)
		if w.unit.original(t, o) {
			w.span(pos, o, o+len(t.Src()))
			w.prev, w.havePrev = t, true
			return
		}
		end, ok := w.unit.joinedLiterals(t, o)
		if !ok {
			end, ok = w.unit.viewed[o]
		}
		if ok {
			w.span(pos, o, end)
			w.prev, w.havePrev = t, true
			return
		}
	}
	w.place(pos, t.Src(), t.Sep())
	w.prev, w.havePrev = t, true
}

// span writes orig[from:to], text of the unit at pos. When it follows the
// text written last, it is copied with what lies between; otherwise it is
// placed with a line marker, after the directives of the text it skips.
func (w *writer) span(pos token.Position, from, to int) {
	text := w.unit.orig[from:to]
	if from < w.cursor { // written out of order: the text after cursor is still to come
		w.place(pos, text, nil)
		w.synced = false
		return
	}
	if t := string(text); t == "__attribute__" || t == "__attribute" {
		w.attrEnd = w.unit.invocation(from)
	}
	g := w.unit.scanGap(w.cursor, from)
	if from < w.attrEnd {
		// inside an attribute specifier, which memlens never rewrites:
		// cc/v4 keeps only the first and last of a list of three or more
		// attributes, the text has them all
		g.blank = true
	}
	if !g.blank {
		w.keepDirectives(from) // the tokens in between were rewritten
		w.cursor = to
		w.place(pos, text, nil)
		w.synced = true
		return
	}
	if !w.synced && !g.marker {
		// (its column counted: blank text ending in a space, an empty
		// macro's, must not lead the marker's line; mir's
		// lacc/macro-repeat-expand.c)
		w.write(w.unit.orig[w.cursor:from])
		w.marker(pos.Filename, pos.Line, w.unit.isSystem(pos))
		for w.col < pos.Column {
			w.b.WriteByte(' ')
			w.col++
		}
		w.write(text)
	} else {
		w.write(w.unit.orig[w.cursor:to])
	}
	w.cursor, w.synced = to, true
}

// write writes text of the unit as it is, following the position the
// output reaches through its newlines and line markers.
func (w *writer) write(text []byte) {
	w.b.Write(text)
	for len(text) > 0 {
		nl := bytes.IndexByte(text, '\n')
		if nl < 0 {
			w.col += len(text)
			return
		}
		if m, ok := parseMarker(text[:nl]); ok {
			w.file, w.line = m.file, m.line-1
		}
		w.line++
		w.col = 1
		text = text[nl+1:]
	}
}

// place writes src, whose position is pos, on its file and line.
func (w *writer) place(pos token.Position, src, sep []byte) {
	if pos.Filename != w.file || pos.Line < w.line || pos.Line > w.line+8 {
		w.marker(pos.Filename, pos.Line, w.unit.isSystem(pos))
	}
	for w.line < pos.Line {
		w.newline()
	}
	switch {
	case w.col == 1:
		for w.col < pos.Column {
			w.b.WriteByte(' ')
			w.col++
		}
	case !w.adjacent(pos, sep):
		w.b.WriteByte(' ')
		w.col++
	}
	w.write(src)
}

// adjacent reports whether the token at pos, preceded by white space sep,
// directly followed the previous token in the source, so no space is
// needed to keep them apart.
func (w *writer) adjacent(q token.Position, sep []byte) bool {
	if !w.havePrev || len(sep) != 0 {
		return false
	}
	p := w.prev.Position()
	return p.Filename == q.Filename && p.Line == q.Line && p.Column+len(w.prev.Src()) == q.Column
}

func (w *writer) newline() {
	w.b.WriteByte('\n')
	w.line++
	w.col = 1
	w.havePrev = false
}

func (w *writer) marker(file string, line int, system bool) {
	if w.b.Len() != 0 && w.col != 1 {
		w.b.WriteByte('\n')
	}
	w.b.WriteString("# ")
	w.b.WriteString(strconv.Itoa(line))
	w.b.WriteByte(' ')
	w.b.WriteString(strconv.Quote(file))
	if system {
		w.b.WriteString(" 3")
	}
	w.b.WriteByte('\n')
	w.file, w.line, w.col, w.havePrev = file, line, 1, false
	w.synced = false
}

// raw writes a line of generated text outside any user position.
func (w *writer) raw(s string) {
	if w.col != 1 {
		w.b.WriteByte('\n')
	}
	w.b.WriteString(s)
	w.b.WriteByte('\n')
	w.file = "" // force a marker before the next user token
	w.col = 1
	w.havePrev = false
	w.synced = false
}

// keepDirectives writes the directive lines of the text from cursor to
// offset to, whose tokens are not written there: the #pragma lines stay.
func (w *writer) keepDirectives(to int) {
	for _, d := range w.unit.directiveLines(w.cursor, to) {
		if w.col != 1 {
			w.b.WriteByte('\n')
		}
		w.b.Write(w.unit.orig[d[0]:d[1]])
		if w.unit.orig[d[1]-1] != '\n' {
			w.b.WriteByte('\n')
		}
		w.file, w.col, w.synced = "", 1, false
	}
}

// rewriteFrom replaces the output from offset start with its rewriting
// by fn, which adds and removes no line: the column of the next byte moves
// by what fn changed on the last line.
func (w *writer) rewriteFrom(start int, fn func([]byte) []byte) {
	old := slices.Clone(w.b.Bytes()[start:])
	text := fn(old)
	lastLine := func(b []byte) int { return len(b) - bytes.LastIndexByte(b, '\n') - 1 }
	w.col += lastLine(text) - lastLine(old)
	w.b.Truncate(start)
	w.b.Write(text)
}

// rest writes the directives of the unit's text after the last token
// written (a #pragma closing the file).
func (w *writer) rest() {
	w.keepDirectives(len(w.unit.orig))
	w.cursor = len(w.unit.orig)
}

// rename rewrites the generated text of f (never the unit's own tokens).
func (f frag) rename(fn func(string) string) {
	for i := range f {
		switch p := &f[i]; {
		case p.sub != nil:
			p.sub.rename(fn)
		case p.late != nil:
			late := p.late
			p.late = func() string { return fn(late()) }
		case !p.isTok:
			p.text = fn(p.text)
		}
	}
}
