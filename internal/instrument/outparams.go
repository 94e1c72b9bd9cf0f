package instrument

import (
	"modernc.org/cc/v4"
)

// Out-parameters (full checking, definedness). A local declared without an
// initializer is poisoned where it is declared (__ml_poison: its shadow
// set undefined and a step noting the declaration, out of line), so that a
// read before any write reports. When the local is next mentioned as &v,
// an argument of a call made whatever happens (a declarator's whole
// initializer, long a, b = binary(vm, &a), or the next statement, a call
// or v2 = call), to a function of the unit whose body stores the whole of
// that parameter's pointee before it could return or read it (an
// out-parameter: outParams), nothing reads the local undefined: its bytes
// are written by that store (defined, or given the stored value's origin)
// before anything else sees them, and a call that does not return leaves
// the local dead, as the caller calls no setjmp. So its poison is left out
// (vm.c's op_add: callgrind Ir at -O2, full checking, see ARCHITECTURE);
// its uses are checked, and its scope's end defines it, as before.

// findOutParams finds, with full checking, the out-parameters of the
// unit's functions (outParams[f][i] > 0: f's i-th parameter's pointee, of
// that size, is stored whole before f can return, read it or let it be
// read).
func (r *rewriter) findOutParams(decls []*cc.ExternalDeclaration) {
	r.outParams = map[string][]int64{}
	if !r.c.full {
		return
	}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) || r.replaceable(fd) {
			continue
		}
		ft, ok := fd.Declarator.Type().(*cc.FunctionType)
		if !ok || ft.IsVariadic() || calls(fd.CompoundStatement, setjmps) {
			continue
		}
		var out []int64
		any := false
		for _, p := range ft.Parameters() {
			var size int64
			if p.Declarator != nil && storesFirst(fd.CompoundStatement, p.Declarator) {
				size = pointee(p.Declarator.Type()).Size()
			}
			out, any = append(out, size), any || size > 0
		}
		if any {
			r.outParams[fd.Declarator.Name()] = out
		}
	}
}

// storesFirst reports whether body, before it can return, goto or mention
// parameter p otherwise, runs *p = value as a statement of its own at its
// top level, value not mentioning p, *p arithmetic; p a pointer never
// assigned nor address-taken.
func storesFirst(body *cc.CompoundStatement, p *cc.Declarator) bool {
	t, ok := p.Type().(*cc.PointerType)
	if !ok || !cc.IsArithmeticType(t.Elem()) || p.AddressTaken() || p.IsVolatile() {
		return false
	}
	assigned := map[*cc.Declarator]bool{}
	assignedVars(body, assigned)
	if assigned[p] {
		return false
	}
	for l := body.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		if s := it.Statement; it.Case == cc.BlockItemStmt && s.Case == cc.StatementExpr && s.ExpressionStatement.ExpressionList != nil {
			if a, ok := s.ExpressionStatement.ExpressionList.(*cc.AssignmentExpression); ok && a.Case == cc.AssignmentExpressionAssign {
				if u, ok := unparen(a.UnaryExpression).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref &&
					declOfExpr(u.CastExpression) == p && !mentions(a.AssignmentExpression, p) {
					return true
				}
			}
		}
		if it.Case == cc.BlockItemLabel || it.Case == cc.BlockItemFuncDef || mentions(it, p) || AnyNode(it, func(n cc.Node) bool {
			switch x := n.(type) {
			case *cc.JumpStatement:
				return x.Case == cc.JumpStatementReturn || x.Case == cc.JumpStatementGoto || x.Case == cc.JumpStatementGotoExpr
			case *cc.LabeledStatement:
				return x.Case == cc.LabeledStatementLabel
			}
			return false
		}) {
			return false
		}
	}
	return false
}

// mentions reports whether n names d.
func mentions(n cc.Node, d *cc.Declarator) bool {
	return AnyNode(n, func(n cc.Node) bool {
		x, ok := n.(*cc.PrimaryExpression)
		return ok && x.Case == cc.PrimaryExpressionIdent && declOf(x) == d
	})
}

// writtenByCallee finds the locals of body declared without an
// initializer whose next mention is &v passed to an out-parameter by a
// call that runs whatever happens (above).
func (r *rewriter) writtenByCallee(body *cc.CompoundStatement) map[*cc.Declarator]bool {
	out := map[*cc.Declarator]bool{}
	if !r.c.full || len(r.outParams) == 0 || calls(body, setjmps) {
		return out
	}
	Inspect(body, func(n cc.Node) bool {
		l, ok := n.(*cc.BlockItemList)
		if !ok || l.BlockItem.Case != cc.BlockItemDecl {
			return true
		}
		for il := l.BlockItem.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
			d := il.InitDeclarator.Declarator
			if il.InitDeclarator.Initializer != nil || d == nil || !cc.IsArithmeticType(d.Type()) {
				continue
			}
			var next cc.ExpressionNode
			switch {
			case il.InitDeclaratorList != nil:
				if in := il.InitDeclaratorList.InitDeclarator.Initializer; in != nil && in.Case == cc.InitializerExpr {
					next = in.AssignmentExpression
				}
			case l.BlockItemList != nil && l.BlockItemList.BlockItem.Case == cc.BlockItemStmt:
				if s := l.BlockItemList.BlockItem.Statement; s.Case == cc.StatementExpr {
					next = s.ExpressionStatement.ExpressionList
				}
			}
			if next != nil && r.passedOut(next, d) {
				out[d] = true
			}
		}
		return true
	})
	return out
}

// passedOut reports whether e is call(...) or v = call(...), v another
// variable, which mentions d only as &d, passed to an out-parameter.
func (r *rewriter) passedOut(e cc.ExpressionNode, d *cc.Declarator) bool {
	e = unparen(e)
	if a, ok := e.(*cc.AssignmentExpression); ok && a.Case == cc.AssignmentExpressionAssign {
		if v := declOfExpr(a.UnaryExpression); v == nil || v == d {
			return false
		}
		e = unparen(a.AssignmentExpression)
	}
	x, ok := e.(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall || !r.isCalledByName(x) {
		return false
	}
	out := r.outParams[calleeName(x)]
	args := argList(x.ArgumentExpressionList)
	if len(args) != len(out) {
		return false
	}
	passed := false
	for i, a := range args {
		u, ok := unparen(a).(*cc.UnaryExpression)
		switch {
		case ok && u.Case == cc.UnaryExpressionAddrof && declOfExpr(u.CastExpression) == d && !passed:
			passed = out[i] > 0 && out[i] == d.Type().Size()
			if !passed {
				return false
			}
		case mentions(a, d):
			return false
		}
	}
	return passed
}
