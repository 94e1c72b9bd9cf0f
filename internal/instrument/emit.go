package instrument

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"

	"modernc.org/cc/v4"
)

// piece is one element of rewritten code: a token of the user's source
// (emitted at its position) or generated text (kept on the current line).
type piece struct {
	tok   cc.Token
	text  string
	late  lateText // generated text decided when the unit is printed
	isTok bool
}

// frag is a fragment of rewritten code.
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

func (f *frag) cat(g frag)                   { *f = append(*f, g...) }
func (f *frag) add(p piece)                  { *f = append(*f, p) }
func (f *frag) strf(format string, a ...any) { f.str(fmt.Sprintf(format, a...)) }

// writer lays fragments out as C text with GNU linemarkers, so that every
// user token stays on its file and line.
type writer struct {
	b        bytes.Buffer
	file     string
	line     int
	col      int // column of the next byte; 1 at the start of a line
	prev     cc.Token
	havePrev bool
	sys      func(string) bool
	prag     *pragmas
}

func (w *writer) frag(f frag) {
	for _, p := range f {
		if !p.isTok {
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
		w.token(p.tok)
	}
}

// fallthroughComment matches a comment gcc takes for a deliberate fall
// through ("FALLTHROUGH", "falls through", "fall-thru"...).
var fallthroughComment = regexp.MustCompile(`(?i)(/\*|//)[^\n]*fall(s)?[ -]?thr(ough|u)`)

func (w *writer) token(t cc.Token) {
	pos := t.Position()
	if w.prag != nil {
		w.prag.flush(w, pos.Filename, pos.Line)
	}
	if pos.Filename != w.file || pos.Line < w.line || pos.Line > w.line+8 {
		w.marker(pos.Filename, pos.Line)
	}
	for w.line < pos.Line {
		w.newline()
	}
	src := t.Src()
	switch {
	case w.col == 1:
		for w.col < pos.Column {
			w.b.WriteByte(' ')
			w.col++
		}
	case !w.adjacent(t):
		w.b.WriteByte(' ')
		w.col++
	}
	if sep := t.Sep(); bytes.IndexByte(sep, '/') >= 0 && fallthroughComment.Match(sep) {
		// the output has no comments, but gcc's -Wimplicit-fallthrough
		// reads this one: keep it right before the label it precedes
		w.b.WriteString("/* FALLTHROUGH */ ")
		w.col += 18
	}
	w.b.Write(src)
	w.col += len(src)
	w.prev, w.havePrev = t, true
}

// adjacent reports whether t directly followed the previous token in the
// user's source, so no space is needed to keep them apart.
func (w *writer) adjacent(t cc.Token) bool {
	if !w.havePrev || len(t.Sep()) != 0 {
		return false
	}
	p, q := w.prev.Position(), t.Position()
	return p.Filename == q.Filename && p.Line == q.Line && p.Column+len(w.prev.Src()) == q.Column
}

func (w *writer) newline() {
	w.b.WriteByte('\n')
	w.line++
	w.col = 1
	w.havePrev = false
}

func (w *writer) marker(file string, line int) {
	if w.b.Len() != 0 {
		w.b.WriteByte('\n')
	}
	w.b.WriteString("# ")
	w.b.WriteString(strconv.Itoa(line))
	w.b.WriteByte(' ')
	w.b.WriteString(strconv.Quote(file))
	if w.sys(file) {
		w.b.WriteString(" 3")
	}
	w.b.WriteByte('\n')
	w.file, w.line, w.col, w.havePrev = file, line, 1, false
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
}
