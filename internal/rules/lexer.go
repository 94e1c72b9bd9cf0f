package rules

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Pos is a place in a rules file: 1-based line and column (in characters,
// as gcc counts them by default for ASCII text).
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// tok is a token kind.
type tok int

const (
	tEOF tok = iota
	tIdent
	tKindName // a rule's name, which may hold '-' (read only after "rule")
	tInt
	tString
	tLparen
	tRparen
	tLbrack
	tRbrack
	tLbrace
	tRbrace
	tComma
	tColon
	tAssign // = (a def's head from its body)
	tEq     // ==
	tNe     // !=
	tLt
	tLe
	tGt
	tGe
	tPlus
	tMinus
	tAnd    // &
	tOr     // |
	tAndAnd // &&
	tOrOr   // ||
	tNot    // !
	tBad    // a character the language has no use for
	// keywords
	tDef
	tRule
	tDetect
	tWhen
	tLocate
	tExists
	tForall
	tIn
	tNull
)

var tokText = map[tok]string{
	tEOF: "end of file", tLparen: "(", tRparen: ")", tLbrack: "[", tRbrack: "]", tLbrace: "{",
	tRbrace: "}", tComma: ",", tColon: ":", tAssign: "=", tEq: "==", tNe: "!=", tLt: "<", tLe: "<=",
	tGt: ">", tGe: ">=", tPlus: "+", tMinus: "-", tAnd: "&", tOr: "|", tAndAnd: "&&", tOrOr: "||",
	tNot: "!", tDef: "def", tRule: "rule", tDetect: "detect", tWhen: "when", tLocate: "locate",
	tExists: "exists", tForall: "forall", tIn: "in", tNull: "NULL",
}

var keywords = map[string]tok{
	"def": tDef, "rule": tRule, "detect": tDetect, "when": tWhen, "locate": tLocate,
	"exists": tExists, "forall": tForall, "in": tIn, "NULL": tNull,
}

// token is one lexeme.
type token struct {
	kind tok
	pos  Pos
	end  Pos    // just past its last character
	text string // as written
	val  uint64 // tInt
	str  string // tString, unquoted
}

// describe names t the way an error message quotes it: 'x', or "end of file".
func (t token) describe() string {
	if t.kind == tEOF {
		return "end of file"
	}
	return "'" + t.text + "'"
}

// lexer splits a rules file into tokens. Comments run from '#' to the end
// of the line.
type lexer struct {
	src  []byte
	off  int
	line int
	col  int
	errs *ErrorList
	prev tok // the kind of the token returned last
}

func newLexer(src []byte, errs *ErrorList) *lexer {
	return &lexer{src: src, line: 1, col: 1, errs: errs}
}

func (l *lexer) pos() Pos { return Pos{l.line, l.col} }

// advance moves past one character.
func (l *lexer) advance() {
	r, n := utf8.DecodeRune(l.src[l.off:])
	l.off += n
	if r == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
}

func (l *lexer) peekByte(k int) byte {
	if l.off+k < len(l.src) {
		return l.src[l.off+k]
	}
	return 0
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// next returns the next token.
func (l *lexer) next() token {
	t := l.scan()
	l.prev = t.kind
	return t
}

func (l *lexer) scan() token {
	for l.off < len(l.src) {
		c := l.src[l.off]
		if c == '#' {
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.advance()
			}
			continue
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			l.advance()
			continue
		}
		break
	}
	start, off := l.pos(), l.off
	if l.off >= len(l.src) {
		return token{kind: tEOF, pos: start, end: start}
	}
	mk := func(k tok) token {
		return token{kind: k, pos: start, end: l.pos(), text: string(l.src[off:l.off])}
	}
	c := l.src[l.off]
	switch {
	case l.prev == tRule && isLetter(c):
		// A rule's name is a report kind: letters, digits, '_' and '-'
		// (HEAP-BUFFER-OVERFLOW), never ending in '-'.
		for l.off < len(l.src) && (isLetter(l.src[l.off]) || isDigit(l.src[l.off]) ||
			l.src[l.off] == '-' && l.off+1 < len(l.src) && (isLetter(l.src[l.off+1]) || isDigit(l.src[l.off+1]))) {
			l.advance()
		}
		t := mk(tKindName)
		if k, ok := keywords[t.text]; ok { // no name: "rule" then the next rule
			t.kind = k
		}
		return t
	case isLetter(c):
		for l.off < len(l.src) && (isLetter(l.src[l.off]) || isDigit(l.src[l.off])) {
			l.advance()
		}
		t := mk(tIdent)
		if k, ok := keywords[t.text]; ok {
			t.kind = k
		}
		return t
	case isDigit(c):
		for l.off < len(l.src) && (isLetter(l.src[l.off]) || isDigit(l.src[l.off])) {
			l.advance()
		}
		t := mk(tInt)
		v, err := strconv.ParseUint(t.text, 0, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				l.errs.add(start, "integer constant %s is too large (values are 64-bit words)", t.text)
			} else {
				l.errs.add(start, "invalid integer constant %s", t.text)
			}
		}
		t.val = v
		return t
	case c == '"':
		l.advance()
		for l.off < len(l.src) && l.src[l.off] != '"' && l.src[l.off] != '\n' {
			if l.src[l.off] == '\\' && l.off+1 < len(l.src) && l.src[l.off+1] != '\n' {
				l.advance()
			}
			l.advance()
		}
		if l.off >= len(l.src) || l.src[l.off] != '"' {
			l.errs.add(start, "missing terminating \" character")
			t := mk(tString)
			t.str = t.text[1:]
			return t
		}
		l.advance()
		t := mk(tString)
		s, err := strconv.Unquote(t.text)
		if err != nil {
			l.errs.add(start, "invalid string %s", t.text)
		}
		t.str = s
		return t
	}
	two := func(second byte, k2, k1 tok) token {
		l.advance()
		if l.off < len(l.src) && l.src[l.off] == second {
			l.advance()
			return mk(k2)
		}
		return mk(k1)
	}
	switch c {
	case '(':
		l.advance()
		return mk(tLparen)
	case ')':
		l.advance()
		return mk(tRparen)
	case '[':
		l.advance()
		return mk(tLbrack)
	case ']':
		l.advance()
		return mk(tRbrack)
	case '{':
		l.advance()
		return mk(tLbrace)
	case '}':
		l.advance()
		return mk(tRbrace)
	case ',':
		l.advance()
		return mk(tComma)
	case ':':
		l.advance()
		return mk(tColon)
	case '+':
		l.advance()
		return mk(tPlus)
	case '-':
		l.advance()
		return mk(tMinus)
	case '=':
		return two('=', tEq, tAssign)
	case '!':
		return two('=', tNe, tNot)
	case '<':
		return two('=', tLe, tLt)
	case '>':
		return two('=', tGe, tGt)
	case '&':
		return two('&', tAndAnd, tAnd)
	case '|':
		return two('|', tOrOr, tOr)
	}
	l.advance()
	return mk(tBad)
}
