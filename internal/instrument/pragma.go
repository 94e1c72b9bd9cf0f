package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// pragmas keeps the #pragma directives the front end consumed, so they can be
// put back into the output before the first token that followed them. The
// front end records them in translation order but gives them no sequence
// number, so where each goes is told from positions: exactly within a
// file, and across files from the order in which the output first reached
// each file (coming back to a file seen earlier means the files met since
// were included and are finished).
type pragmas struct {
	once   map[string]bool
	all    []pragma         // in translation order
	next   int              // all[:next] are in the output
	byFile map[string][]int // indices into all, per file, of those perhaps not yet out
	first  map[string]int   // order in which the output first printed a token of each file
}

type pragma struct {
	file string
	line int
	text string
}

func newPragmas() *pragmas {
	return &pragmas{once: map[string]bool{}, byFile: map[string][]int{}, first: map[string]int{}}
}

// handle is the cc.Config.PragmaHandler: it implements #pragma once and
// records every other pragma.
func (p *pragmas) handle(toks []cc.Token) error {
	if len(toks) == 0 {
		return nil
	}
	pos := toks[0].Position()
	if len(toks) == 1 && toks[0].SrcStr() == "once" {
		if p.once[pos.Filename] {
			return cc.SkipSource
		}
		p.once[pos.Filename] = true
		return nil
	}
	var b strings.Builder
	b.WriteString("#pragma")
	for _, t := range toks {
		b.WriteByte(' ')
		b.Write(t.Src())
	}
	p.byFile[pos.Filename] = append(p.byFile[pos.Filename], len(p.all))
	p.all = append(p.all, pragma{pos.Filename, pos.Line, b.String()})
	return nil
}

// flush emits the pending pragmas that precede the token at file:line,
// about to be printed.
func (p *pragmas) flush(w *writer, file string, line int) {
	if _, ok := p.first[file]; !ok {
		p.first[file] = len(p.first)
	}
	if p.next == len(p.all) {
		return
	}
	// a pending pragma of this file before line precedes the token, and so
	// does every pragma recorded before it
	n := p.next
	idx := p.byFile[file]
	for len(idx) > 0 && (idx[0] < p.next || p.all[idx[0]].line < line) {
		n = max(n, idx[0]+1)
		idx = idx[1:]
	}
	p.byFile[file] = idx
	for n < len(p.all) && p.precedes(p.all[n], file, line) {
		n++
	}
	for _, q := range p.all[p.next:n] {
		w.raw(q.text)
	}
	p.next = n
}

// precedes reports whether pragma q, first in translation order among the
// pending ones, comes before the token at file:line of another file or of
// its own.
func (p *pragmas) precedes(q pragma, file string, line int) bool {
	if q.file == file {
		return q.line < line
	}
	g, printed := p.first[q.file]
	// a file none of whose tokens were printed yet (a header of macros and
	// pragmas, or the top of one whose declarations follow): its pragma
	// was met on the way here; and once the output is back in a file it
	// reached before q's, q's file is finished
	return !printed || p.first[file] < g
}
