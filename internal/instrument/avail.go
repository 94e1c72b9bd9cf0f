package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Available checks: an access whose lvalue was already checked on every
// path to it, through the same pointer variable with the same meta, needs
// no check of its own (x->group tested, then returned; p[i] read, then
// written). The check that passed covers it: its bounds are the same, and
// its block cannot have died since, because only a call can free memory.
//
// A fact is a checked lvalue whose address depends only on local scalar
// variables that are never address-taken (so only assignments we see can
// change them) and on constants. Facts are made at the end of a full
// expression (the order of evaluation inside one is the compiler's), from
// the checks that run whenever it runs (not those under &&, || or ?:), and
// only when the expression makes no call. They die at any call, at an
// assignment to a variable they depend on, at labels and loop heads, and at
// the join after if/else (only facts of both branches survive).

// facts maps the key of a checked lvalue to the variables it depends on.
type facts map[string][]*cc.Declarator

// availState is the rewriter's knowledge of available checks where it is.
type availState struct {
	facts   facts
	dead    bool  // after a jump: the code here is unreachable
	pending facts // checks of the full expression being rewritten
	collect bool  // its checks may become facts (it makes no call)
	inExpr  int   // > 0 while rewriting a full expression
	blocked int   // > 0 inside a full expression with calls: no fact is used
	cond    int   // > 0 inside an operand that may not be evaluated
}

func (a *availState) reset() {
	a.facts = facts{}
	a.dead = false
}

func (a *availState) snapshot() (facts, bool) {
	c := make(facts, len(a.facts))
	for k, v := range a.facts {
		c[k] = v
	}
	return c, a.dead
}

// join is the state after two paths meet.
func (a *availState) join(f1 facts, dead1 bool, f2 facts, dead2 bool) {
	switch {
	case dead1:
		a.facts, a.dead = f2, dead2
	case dead2:
		a.facts, a.dead = f1, dead1
	default:
		a.facts, a.dead = facts{}, false
		for k, v := range f1 {
			if _, ok := f2[k]; ok {
				a.facts[k] = v
			}
		}
	}
}

func (a *availState) kill(assigned map[*cc.Declarator]bool, fs facts) {
	for k, deps := range fs {
		for _, d := range deps {
			if assigned[d] {
				delete(fs, k)
				break
			}
		}
	}
}

// fullExpr rewrites the full expression (or declaration) n with render,
// using and making facts.
func (r *rewriter) fullExpr(n cc.Node, render func() frag) frag {
	a := &r.avail
	calls := hasCallOrBlock(n)
	assigned := map[*cc.Declarator]bool{}
	assignedVars(n, assigned)
	if calls {
		a.facts = facts{}
		a.blocked++
	} else {
		a.kill(assigned, a.facts)
	}
	savedPending, savedCollect := a.pending, a.collect
	a.pending, a.collect = facts{}, !calls
	a.inExpr++
	f := render()
	a.inExpr--
	if calls {
		a.blocked--
		a.facts = facts{}
	} else {
		a.kill(assigned, a.pending)
		for k, v := range a.pending {
			a.facts[k] = v
		}
	}
	a.pending, a.collect = savedPending, savedCollect
	return f
}

// checked reports whether the access to lvalue n through meta is covered
// by an available check; otherwise it records the check about to be made.
func (r *rewriter) checked(n cc.Node, meta string) bool {
	a := &r.avail
	e, ok := n.(cc.ExpressionNode)
	if !ok || a.inExpr == 0 {
		return false
	}
	var b strings.Builder
	var deps []*cc.Declarator
	if !pureKey(e, &b, &deps) {
		return false
	}
	t := objType(e)
	if t == nil {
		return false
	}
	key := fmt.Sprintf("%s|%d|%s", meta, t.Size(), b.String())
	if a.blocked == 0 && !a.dead {
		if _, ok := a.facts[key]; ok {
			return true
		}
	}
	if a.collect && a.cond == 0 {
		a.pending[key] = deps
	}
	return false
}

// conditional rewrites an operand that may not be evaluated.
func (r *rewriter) conditionally(render func() frag) frag {
	r.avail.cond++
	f := render()
	r.avail.cond--
	return f
}

// pureKey writes a key for the address of expression n, which must depend
// only on constants and on local scalars never address-taken (recorded in
// deps), and reports whether it does.
func pureKey(n cc.ExpressionNode, b *strings.Builder, deps *[]*cc.Declarator) bool {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			if _, ok := x.ResolvedTo().(*cc.Enumerator); ok {
				b.WriteString(x.Token.SrcStr())
				return true
			}
			d := declOf(x)
			if d == nil || d.AddressTaken() || d.IsVolatile() || d.IsStatic() || d.IsExtern() ||
				d.IsThreadLocal() || d.StorageDuration() != cc.Automatic {
				return false
			}
			switch d.Type().Kind() {
			case cc.Array, cc.Struct, cc.Union, cc.Function:
				return false
			}
			fmt.Fprintf(b, "#%p", d)
			*deps = append(*deps, d)
			return true
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar:
			b.WriteString(x.Token.SrcStr())
			return true
		case cc.PrimaryExpressionExpr:
			return pureIn("(", x.ExpressionList, ")", b, deps)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect, cc.PostfixExpressionSelect:
			if !pureKey(x.PostfixExpression, b, deps) {
				return false
			}
			b.WriteString(x.Token.SrcStr())
			b.WriteString(x.Token2.SrcStr())
			return true
		case cc.PostfixExpressionIndex:
			return pureKey(x.PostfixExpression, b, deps) && pureIn("[", x.ExpressionList, "]", b, deps)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref, cc.UnaryExpressionMinus, cc.UnaryExpressionPlus:
			b.WriteString(x.Token.SrcStr())
			return pureKey(x.CastExpression, b, deps)
		}
	case *cc.AdditiveExpression:
		return pureBinary(x.AdditiveExpression, x.Token, x.MultiplicativeExpression, b, deps)
	case *cc.MultiplicativeExpression:
		return pureBinary(x.MultiplicativeExpression, x.Token, x.CastExpression, b, deps)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			fmt.Fprintf(b, "(%s)", x.TypeName.Type())
			return pureKey(x.CastExpression, b, deps)
		}
	}
	return false
}

// pureIn is pureKey with n's key between open and close.
func pureIn(open string, n cc.ExpressionNode, close string, b *strings.Builder, deps *[]*cc.Declarator) bool {
	b.WriteString(open)
	ok := pureKey(n, b, deps)
	b.WriteString(close)
	return ok
}

func pureBinary(l cc.ExpressionNode, op cc.Token, rt cc.ExpressionNode, b *strings.Builder, deps *[]*cc.Declarator) bool {
	b.WriteByte('(')
	if !pureKey(l, b, deps) {
		return false
	}
	b.WriteString(op.SrcStr())
	if !pureKey(rt, b, deps) {
		return false
	}
	b.WriteByte(')')
	return true
}

// hasCallOrBlock reports whether n contains a call of any kind (a builtin
// may free too), an asm statement or a statement expression.
func hasCallOrBlock(n cc.Node) bool {
	found := false
	walkNodes(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				if name := calleeName(x); name != vaArgMarker && name != vaCopyMarker {
					found = true
				}
			}
		case *cc.PrimaryExpression:
			found = found || x.Case == cc.PrimaryExpressionStmt
		case *cc.AsmStatement, *cc.AsmExpressionList:
			found = true
		}
		return !found
	})
	return found
}

// assignedVars adds the variables n assigns (=, op=, ++, --) to out.
func assignedVars(n cc.Node, out map[*cc.Declarator]bool) {
	walkNodes(n, func(n cc.Node) bool {
		var target cc.ExpressionNode
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				target = x.UnaryExpression
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				target = x.UnaryExpression
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				target = x.PostfixExpression
			}
		case *cc.InitDeclarator:
			if x.Declarator != nil {
				out[x.Declarator] = true
			}
		}
		if d := declOfExpr(target); d != nil {
			out[d] = true
		}
		return true
	})
}

// walkNodes calls visit on n and its descendants, depth first, while visit
// returns true.
func walkNodes(n cc.Node, visit func(cc.Node) bool) bool {
	if n == nil || !visit(n) {
		return false
	}
	for _, c := range childNodes(n) {
		if !walkNodes(c, visit) {
			return false
		}
	}
	return true
}

// selection rewrites if, if/else and switch.
func (r *rewriter) selection(x *cc.SelectionStatement) frag {
	if x.Case == cc.SelectionStatementSwitch {
		defer r.jumpTarget(false)()
	}
	a := &r.avail
	var after facts // state after the condition, for the else branch
	var afterDead bool
	var then facts // state at the end of the then branch
	var thenDead bool
	f := r.each(x, func(c cc.Node) frag {
		switch c {
		case cc.Node(x.ExpressionList):
			f := r.fullExpr(x.ExpressionList, func() frag { return r.expr(x.ExpressionList) })
			if x.Case == cc.SelectionStatementSwitch {
				a.reset() // the body is entered at its case labels
			}
			after, afterDead = a.snapshot()
			return f
		case cc.Node(x.Statement):
			f := r.code(c)
			then, thenDead = a.snapshot()
			a.facts, a.dead = after, afterDead
			return f
		}
		return r.code(c)
	})
	switch x.Case {
	case cc.SelectionStatementSwitch:
		a.reset()
	case cc.SelectionStatementIfElse:
		else_, elseDead := a.snapshot()
		a.join(then, thenDead, else_, elseDead)
	default:
		a.join(then, thenDead, after, afterDead)
	}
	return f
}

// iteration rewrites while, do and for loops: facts from before a loop do
// not reach its body (the back edge may have changed anything), and none
// survive it.
func (r *rewriter) iteration(x *cc.IterationStatement) frag {
	defer r.jumpTarget(true)()
	a := &r.avail
	var cond, step cc.ExpressionNode
	switch x.Case {
	case cc.IterationStatementWhile, cc.IterationStatementDo:
		cond = x.ExpressionList
	case cc.IterationStatementFor:
		cond, step = x.ExpressionList2, x.ExpressionList3
	case cc.IterationStatementForDecl:
		cond, step = x.ExpressionList, x.ExpressionList2
	}
	var body facts // state at the top of the body: after the condition
	f := r.each(x, func(c cc.Node) frag {
		var f frag
		switch {
		case cond != nil && c == cc.Node(cond):
			a.reset()
			f = r.fullExpr(cond, func() frag { return r.expr(cond) })
			body, _ = a.snapshot()
		case step != nil && c == cc.Node(step):
			a.reset() // runs after the body
			f = r.fullExpr(step, func() frag { return r.expr(step) })
			a.facts, a.dead = body, false
		case c == cc.Node(x.Statement):
			if cond == nil || x.Case == cc.IterationStatementDo {
				a.reset()
			} else if body != nil {
				a.facts, a.dead = body, false
			}
			f = r.code(c)
		case c == cc.Node(x.Declaration):
			r.fn.forInit = true
			f = r.code(c)
			r.fn.forInit = false
		default: // the initialisation of a for
			e := c.(cc.ExpressionNode)
			f = r.fullExpr(e, func() frag { return r.expr(e) })
		}
		a.reset()
		if c == cc.Node(cond) {
			a.facts = body
		}
		return f
	})
	a.reset()
	if x.Case == cc.IterationStatementForDecl {
		// the pointer locals it declares leave scope when it ends (or a
		// break leaves it), at the for statement
		if drops := r.declDrops([]*cc.Declaration{x.Declaration}, x.Token); drops != "" {
			var g frag
			g.str("{")
			g.cat(f)
			g.str(drops + "}")
			return g
		}
	}
	return f
}

// hasCleanup reports whether declaration d has a variable with
// __attribute__((cleanup(f))): f is called when the block ends.
func hasCleanup(d *cc.Declaration) bool {
	for _, t := range cc.NodeTokens(d) {
		if s := t.SrcStr(); s == "cleanup" || s == "__cleanup__" {
			return true
		}
	}
	return false
}

// jumpTarget enters a loop or a switch (for the jumps out of blocks its
// break or continue makes); the result leaves it.
func (r *rewriter) jumpTarget(loop bool) func() {
	r.fn.targets = append(r.fn.targets, jumpTarget{loop, len(r.fn.scopes)})
	return func() { r.fn.targets = r.fn.targets[:len(r.fn.targets)-1] }
}
