package rules

import "fmt"

// Grammar (docs/RULES.md):
//
//	file    = { def | rule } .
//	def     = "def" ident "(" [ ident { "," ident } ] ")" "=" expr .
//	rule    = "rule" NAME [ string ] clause { clause } .
//	clause  = "detect" point [ "when" expr ] [ "locate" vpc { "," vpc } ] .
//	point   = ( "deref" | "deref_r" | "deref_w" ) ident [ "," ident ]
//	        | "free" ident | "use" ident | "leak" ident
//	        | "call" ident [ "(" [ ident { "," ident } ] ")" ] | "ret" ident
//	        | "index" ident "[" ident "]" .
//	vpc     = "VPC" "(" ident ")" .
//	expr    = and { "||" and } .
//	and     = unary { "&&" unary } .
//	unary   = "!" unary | ( "exists" | "forall" ) ident "in" ident ":" expr | cmp .
//	cmp     = sum [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum ] .
//	sum     = prod { ( "+" | "-" | "|" ) prod } .
//	prod    = primary { "&" primary } .
//	primary = int | "NULL" | "{" "}" | ident [ "(" [ expr { "," expr } ] ")" ] | "(" expr ")" .
//
// '&' binds tighter than '+' and comparisons (as in Go, not C): Word(b, 0)
// & 1 == 1 tests the bit.

type parser struct {
	lex  *lexer
	tok  token
	last token // the token before tok
	errs *ErrorList
}

// bailout unwinds the parse of one rule or def after a syntax error.
type bailout struct{}

// Parse parses a rules file; the errors are syntax errors only (Check
// reports the others).
func Parse(name string, src []byte) (*File, error) {
	errs := &ErrorList{file: name}
	f := parse(name, src, errs)
	return f, errs.Err()
}

func parse(name string, src []byte, errs *ErrorList) *File {
	p := &parser{lex: newLexer(src, errs), errs: errs}
	p.next()
	f := &File{Name: name}
	for p.tok.kind != tEOF {
		p.top(f)
	}
	return f
}

func (p *parser) next() {
	p.last = p.tok
	p.tok = p.lex.next()
}

// top parses one def or rule, skipping to the next one after an error.
func (p *parser) top(f *File) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			for p.tok.kind != tEOF && p.tok.kind != tRule && p.tok.kind != tDef {
				p.next()
			}
		}
	}()
	switch p.tok.kind {
	case tDef:
		f.Defs = append(f.Defs, p.def())
	case tRule:
		f.Rules = append(f.Rules, p.rule())
	default:
		p.fail("expected 'rule' or 'def'")
	}
}

// errorPos is where a syntax error about the current token is reported:
// at the token, or just after the previous one when the token is on a later
// line (the mistake is at the end of that line, as gcc reports it).
func (p *parser) errorPos() Pos {
	if p.last.kind != tEOF && p.last.end.Line != 0 && p.tok.pos.Line > p.last.end.Line {
		return p.last.end
	}
	if p.tok.kind == tEOF && p.last.end.Line != 0 {
		return p.last.end
	}
	return p.tok.pos
}

// fail reports "WHAT before TOKEN" and abandons the current def or rule.
func (p *parser) fail(what string, args ...any) {
	msg := fmt.Sprintf(what, args...)
	if p.tok.kind == tEOF {
		msg += " at end of file"
	} else {
		msg += " before " + p.tok.describe()
	}
	p.errs.add(p.errorPos(), "%s", msg)
	panic(bailout{})
}

func (p *parser) expect(k tok) token {
	if p.tok.kind != k {
		p.fail("expected '%s'", tokText[k])
	}
	t := p.tok
	p.next()
	return t
}

func (p *parser) ident(what string) *Ident {
	if p.tok.kind != tIdent {
		if _, kw := keywords[p.tok.text]; kw && p.tok.kind != tNull {
			p.fail("expected %s (not a keyword)", what)
		}
		p.fail("expected %s", what)
	}
	id := &Ident{At: p.tok.pos, Name: p.tok.text}
	p.next()
	return id
}

func (p *parser) def() *Def {
	d := &Def{Pos: p.tok.pos}
	p.next()
	name := p.ident("the name of the def")
	d.Name = name.Name
	p.expect(tLparen)
	if p.tok.kind != tRparen {
		for {
			d.Params = append(d.Params, p.ident("a parameter name"))
			if p.tok.kind != tComma {
				break
			}
			p.next()
		}
	}
	p.expect(tRparen)
	p.expect(tAssign)
	d.Body = p.expr()
	p.endOfTop("def")
	return d
}

// endOfTop checks that a def or rule ends where the next one starts.
func (p *parser) endOfTop(what string) {
	switch p.tok.kind {
	case tEOF, tRule, tDef:
		return
	case tDetect:
		if what == "rule" {
			return
		}
	}
	if what == "rule" {
		p.fail("expected 'detect', 'rule' or 'def'")
	}
	p.fail("expected an operator, 'rule' or 'def'")
}

func (p *parser) rule() *Rule {
	r := &Rule{Pos: p.tok.pos}
	p.next()
	if p.tok.kind != tKindName {
		p.fail("expected the rule's name (the kind it reports, such as DOUBLE-FREE)")
	}
	r.Name = p.tok.text
	p.next()
	if p.tok.kind == tString {
		r.Desc = p.tok.str
		p.next()
	}
	if p.tok.kind != tDetect {
		p.fail("expected 'detect'")
	}
	for p.tok.kind == tDetect {
		r.Clauses = append(r.Clauses, p.clause())
		p.endOfTop("rule")
	}
	return r
}

func (p *parser) clause() *Clause {
	c := &Clause{Pos: p.tok.pos}
	p.next()
	c.Point = p.point()
	if p.tok.kind == tWhen {
		p.next()
		c.When = p.expr()
	}
	if p.tok.kind == tLocate {
		p.next()
		for {
			if p.tok.kind != tIdent || p.tok.text != "VPC" {
				p.fail("expected VPC(x)")
			}
			l := &Locator{Pos: p.tok.pos}
			p.next()
			p.expect(tLparen)
			l.X = p.ident("a variable")
			p.expect(tRparen)
			c.Locate = append(c.Locate, l)
			if p.tok.kind != tComma {
				break
			}
			p.next()
		}
	}
	return c
}

func (p *parser) point() *Point {
	if p.tok.kind != tIdent {
		p.fail("expected a detection point (deref, deref_r, deref_w, free, call, ret, index, use, leak)")
	}
	pt := &Point{Pos: p.tok.pos, Kind: -1}
	for k, n := range pointNames {
		if n == p.tok.text {
			pt.Kind = PointKind(k)
		}
	}
	if pt.Kind < 0 {
		p.errs.add(p.tok.pos, "unknown detection point '%s' (deref, deref_r, deref_w, free, call, ret, index, use, leak)", p.tok.text)
		panic(bailout{})
	}
	p.next()
	switch pt.Kind {
	case Deref, DerefR, DerefW:
		pt.Vars = append(pt.Vars, p.ident("the pointer's variable"))
		if p.tok.kind == tComma {
			p.next()
			pt.Vars = append(pt.Vars, p.ident("the size's variable"))
		}
	case Free, Use, Leak:
		pt.Vars = append(pt.Vars, p.ident("a variable"))
	case Call, Ret:
		pt.Func = p.ident("a function name")
		if p.tok.kind == tLparen {
			pt.Parens = true
			p.next()
			if p.tok.kind != tRparen {
				for {
					pt.Vars = append(pt.Vars, p.ident("an argument's variable (or _)"))
					if p.tok.kind != tComma {
						break
					}
					p.next()
				}
			}
			p.expect(tRparen)
		}
		if pt.Kind == Ret && p.tok.kind == tAssign { // ret F(a, b) = v: v the value returned
			p.next()
			pt.Result = p.ident("the returned value's variable")
		}
	case Index:
		pt.Vars = append(pt.Vars, p.ident("the array's variable"))
		p.expect(tLbrack)
		pt.Vars = append(pt.Vars, p.ident("the index's variable"))
		p.expect(tRbrack)
	}
	return pt
}

func (p *parser) expr() Expr {
	x := p.and()
	for p.tok.kind == tOrOr {
		pos := p.tok.pos
		p.next()
		x = &Binary{OpPos: pos, Op: "||", X: x, Y: p.and()}
	}
	return x
}

func (p *parser) and() Expr {
	x := p.unary()
	for p.tok.kind == tAndAnd {
		pos := p.tok.pos
		p.next()
		x = &Binary{OpPos: pos, Op: "&&", X: x, Y: p.unary()}
	}
	return x
}

func (p *parser) unary() Expr {
	switch p.tok.kind {
	case tNot:
		pos := p.tok.pos
		p.next()
		return &Unary{At: pos, X: p.unary()}
	case tExists, tForall:
		q := &Quant{At: p.tok.pos, All: p.tok.kind == tForall}
		p.next()
		q.Var = p.ident("the quantified variable")
		p.expect(tIn)
		q.Dom = p.ident("H or F")
		p.expect(tColon)
		q.Body = p.expr()
		return q
	}
	return p.cmp()
}

var relops = map[tok]string{tEq: "==", tNe: "!=", tLt: "<", tLe: "<=", tGt: ">", tGe: ">="}

func (p *parser) cmp() Expr {
	x := p.sum()
	op, ok := relops[p.tok.kind]
	if !ok {
		if p.tok.kind == tAssign {
			p.errs.add(p.tok.pos, "use '==' to compare ('=' only separates a def's head from its body)")
			panic(bailout{})
		}
		return x
	}
	pos := p.tok.pos
	p.next()
	b := &Binary{OpPos: pos, Op: op, X: x, Y: p.sum()}
	if _, again := relops[p.tok.kind]; again {
		p.errs.add(p.tok.pos, "comparisons do not chain: write a < b && b < c")
		panic(bailout{})
	}
	return b
}

func (p *parser) sum() Expr {
	x := p.prod()
	for p.tok.kind == tPlus || p.tok.kind == tMinus || p.tok.kind == tOr {
		pos, op := p.tok.pos, tokText[p.tok.kind]
		p.next()
		x = &Binary{OpPos: pos, Op: op, X: x, Y: p.prod()}
	}
	return x
}

func (p *parser) prod() Expr {
	x := p.primary()
	for p.tok.kind == tAnd {
		pos := p.tok.pos
		p.next()
		x = &Binary{OpPos: pos, Op: "&", X: x, Y: p.primary()}
	}
	return x
}

func (p *parser) primary() Expr {
	t := p.tok
	switch t.kind {
	case tInt:
		p.next()
		return &IntLit{At: t.pos, Text: t.text, Val: t.val}
	case tNull:
		p.next()
		return &NullLit{At: t.pos}
	case tLbrace:
		p.next()
		p.expect(tRbrace)
		return &EmptySet{At: t.pos}
	case tLparen:
		p.next()
		x := p.expr()
		p.expect(tRparen)
		return x
	case tIdent:
		p.next()
		if p.tok.kind != tLparen {
			return &Ident{At: t.pos, Name: t.text}
		}
		c := &CallExpr{At: t.pos, Name: t.text}
		p.next()
		if p.tok.kind != tRparen {
			for {
				c.Args = append(c.Args, p.expr())
				if p.tok.kind != tComma {
					break
				}
				p.next()
			}
		}
		c.Rparen = p.expect(tRparen).pos
		return c
	case tExists, tForall, tNot:
		// a quantifier or a negation as an operand: (exists ...) needs parentheses
		p.fail("expected an operand (parenthesize '%s')", t.text)
	}
	p.fail("expected an expression")
	return nil
}
