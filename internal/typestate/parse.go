// Package typestate reads a heap layout in paper 003's syntax (Fig. 1,
// Code L1-L3) and generates the C header a memory manager is annotated
// with: one constant per typestate, a transition function per typestate,
// the tracking API and the permission annotations (docs/TYPESTATE.md).
package typestate

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Error is a layout error at a position of the spec: "heap.pck:7:12: error: …".
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
}

type pos struct{ line, col int }

// kind of a layout expression.
type kind int

const (
	kRef   kind = iota // a typestate named by its statement elsewhere
	kDef               // Name -> body
	kSeq               // seq { a, b, … }
	kUnion             // union { a | b | … }
	kPrim              // N words, N bytes
	kRep               // # exp
)

// expr is one layout expression as written.
type expr struct {
	kind  kind
	pos   pos
	name  string  // kRef, kDef
	bytes int64   // kPrim
	kids  []*expr // kDef: the body; kSeq, kUnion: the parts; kRep: the element
}

type token struct {
	text string // "" at the end
	pos  pos
}

type parser struct {
	file string
	toks []token
	i    int
}

func lex(file, src string) ([]token, error) {
	var toks []token
	line, col := 1, 1
	rs := []rune(src)
	for i := 0; i < len(rs); {
		c := rs[i]
		p := pos{line, col}
		adv := func(n int) {
			for k := 0; k < n; k++ {
				if rs[i] == '\n' {
					line++
					col = 1
				} else {
					col++
				}
				i++
			}
		}
		switch {
		case c == '/' && i+1 < len(rs) && rs[i+1] == '/':
			for i < len(rs) && rs[i] != '\n' {
				adv(1)
			}
		case unicode.IsSpace(c):
			adv(1)
		case c == '-' && i+1 < len(rs) && rs[i+1] == '>':
			toks = append(toks, token{"->", p})
			adv(2)
		case strings.ContainsRune("{},|#", c):
			toks = append(toks, token{string(c), p})
			adv(1)
		case c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c):
			j := i
			for j < len(rs) && (rs[j] == '_' || unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j])) {
				j++
			}
			toks = append(toks, token{string(rs[i:j]), p})
			adv(j - i)
		default:
			return nil, &Error{file, p.line, p.col, fmt.Sprintf("unexpected character %q", c)}
		}
	}
	toks = append(toks, token{"", pos{line, col}})
	return toks, nil
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token { t := p.toks[p.i]; p.i++; return t }

func (p *parser) errAt(t token, format string, args ...any) error {
	return &Error{p.file, t.pos.line, t.pos.col, fmt.Sprintf(format, args...)}
}

func describe(t token) string {
	if t.text == "" {
		return "end of file"
	}
	return strconv.Quote(t.text)
}

func (p *parser) expect(s string) error {
	t := p.next()
	if t.text != s {
		return p.errAt(t, "expected %q, found %s", s, describe(t))
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" || !(s[0] == '_' || unicode.IsLetter([]rune(s)[0])) { // (not a number, nor punctuation)
		return false
	}
	switch s {
	case "seq", "union", "words", "bytes":
		return false
	}
	return true
}

// parseSpec: <stmt>+, each top-level statement naming a typestate.
func parseSpec(file, src string) ([]*expr, error) {
	toks, err := lex(file, src)
	if err != nil {
		return nil, err
	}
	p := &parser{file: file, toks: toks}
	var stmts []*expr
	for p.peek().text != "" {
		t := p.next()
		if !isIdent(t.text) {
			return nil, p.errAt(t, "expected a typestate name starting a statement, found %s", describe(t))
		}
		if err := p.expect("->"); err != nil {
			return nil, err
		}
		body, err := p.body()
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, &expr{kind: kDef, pos: t.pos, name: t.text, kids: []*expr{body}})
	}
	if len(stmts) == 0 {
		return nil, p.errAt(p.peek(), "the layout defines no typestate")
	}
	return stmts, nil
}

// body: seq {…} | union {…} | # item | N prim | Name.
func (p *parser) body() (*expr, error) {
	t := p.peek()
	switch {
	case t.text == "seq" || t.text == "union":
		p.next()
		if err := p.expect("{"); err != nil {
			return nil, err
		}
		sep, k := ",", kSeq
		if t.text == "union" {
			sep, k = "|", kUnion
		}
		e := &expr{kind: k, pos: t.pos}
		for {
			part, err := p.item()
			if err != nil {
				return nil, err
			}
			e.kids = append(e.kids, part)
			n := p.next()
			if n.text == "}" {
				return e, nil
			}
			if n.text != sep {
				return nil, p.errAt(n, "expected %q or \"}\" in %s, found %s", sep, t.text, describe(n))
			}
		}
	case t.text == "#":
		p.next()
		el, err := p.repeated()
		if err != nil {
			return nil, err
		}
		return &expr{kind: kRep, pos: t.pos, kids: []*expr{el}}, nil
	case t.text != "" && unicode.IsDigit([]rune(t.text)[0]):
		return p.prim()
	case isIdent(t.text):
		p.next()
		return &expr{kind: kRef, pos: t.pos, name: t.text}, nil
	}
	return nil, p.errAt(t, "expected seq, union, #, a size or a typestate name, found %s", describe(t))
}

// item: Name -> body | body (inside seq and union).
func (p *parser) item() (*expr, error) {
	t := p.peek()
	if isIdent(t.text) && p.toks[p.i+1].text == "->" {
		p.next()
		p.next()
		body, err := p.body()
		if err != nil {
			return nil, err
		}
		return &expr{kind: kDef, pos: t.pos, name: t.text, kids: []*expr{body}}, nil
	}
	return p.body()
}

// repeated: what follows '#': an item, or a bare unit ("# words").
func (p *parser) repeated() (*expr, error) {
	t := p.peek()
	if t.text == "words" || t.text == "bytes" {
		p.next()
		return &expr{kind: kPrim, pos: t.pos, bytes: unitBytes(t.text)}, nil
	}
	return p.item()
}

func unitBytes(u string) int64 {
	if u == "words" {
		return 8
	}
	return 1
}

// prim: [0-9]+ words|bytes.
func (p *parser) prim() (*expr, error) {
	t := p.next()
	n, err := strconv.ParseInt(t.text, 10, 32)
	if err != nil || n <= 0 {
		return nil, p.errAt(t, "a size is a positive number of words or bytes, found %s", describe(t))
	}
	u := p.next()
	if u.text != "words" && u.text != "bytes" {
		return nil, p.errAt(u, "expected words or bytes after %s, found %s", t.text, describe(u))
	}
	return &expr{kind: kPrim, pos: t.pos, bytes: n * unitBytes(u.text)}, nil
}
