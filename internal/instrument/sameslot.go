package instrument

import "modernc.org/cc/v4"

// sameSlot reports whether the value rhs stored into pointer lvalue lhs
// reads the pointer in lhs's own slot (the classic recursive insert
// n->left = insert(n->left, k), p->next = f(p->next)): the same pure base,
// index and offset, as the load facts key them (accessKey), and not only
// to dereference it (p->next = p->next->next stores another pointer). Such
// a store most often stores the pointer the slot holds already, so with
// full checking it is __ml_sta_same, whose runtime test keeps the slot's
// shadow word when the shadow vouches for that pointer with the same meta.
// Only a hint: the runtime's test is exact whatever stores take it, and
// costs a compare.
func sameSlot(lhs, rhs cc.ExpressionNode) bool {
	k, _, lo, hi, ok := accessKey(lhs)
	if !ok || k.opaque || k.exact || volatileSlot(lhs) {
		return false
	}
	slot := func(e cc.ExpressionNode) bool {
		if e == nil {
			return false
		}
		if t := e.Type(); t == nil || !isDataPtr(t) {
			return false
		}
		j, _, jlo, jhi, ok := accessKey(e)
		return ok && !j.opaque && !j.exact && j.base == k.base && j.sym == k.sym && jlo == lo && jhi == hi
	}
	var reads func(n cc.Node) bool
	reads = func(n cc.Node) bool {
		if e, ok := n.(cc.ExpressionNode); ok {
			if slot(e) {
				return true
			}
			if slot(derefOperand(e)) {
				return false // (the slot's pointer only followed)
			}
		}
		for _, c := range childNodes(n) {
			if reads(c) {
				return true
			}
		}
		return false
	}
	return reads(rhs)
}

// derefOperand is the pointer lvalue e dereferences directly (p in p->f,
// *p, p[i]), nil if none.
func derefOperand(e cc.ExpressionNode) cc.ExpressionNode {
	switch x := e.(type) {
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return x.CastExpression
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect:
			return x.PostfixExpression
		case cc.PostfixExpressionIndex:
			if isDataPtr(x.PostfixExpression.Type()) {
				return x.PostfixExpression
			}
		}
	}
	return nil
}
