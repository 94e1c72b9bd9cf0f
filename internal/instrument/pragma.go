package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// pragmas keeps the #pragma directives the front end consumed, so they can be
// put back into the output before the first token that followed them.
type pragmas struct {
	once    map[string]bool
	pending []pragma
}

type pragma struct {
	file string
	line int
	text string
}

func newPragmas() *pragmas { return &pragmas{once: map[string]bool{}} }

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
	p.pending = append(p.pending, pragma{pos.Filename, pos.Line, b.String()})
	return nil
}

// flush emits the pending pragmas that precede position file:line.
func (p *pragmas) flush(w *writer, file string, line int) {
	for len(p.pending) != 0 {
		q := p.pending[0]
		if q.file != file || q.line >= line {
			return
		}
		p.pending = p.pending[1:]
		w.raw(q.text)
	}
}
