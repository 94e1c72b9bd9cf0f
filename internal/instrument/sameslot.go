package instrument

import "modernc.org/cc/v4"

// sameSlot reports whether the value rhs stored into pointer lvalue lhs
// reads lhs's own slot (the classic recursive insert n->left =
// insert(n->left, k), p->next = f(p->next)): the same pure base, index and
// offset, as the load facts key them (accessKey). Such a store most often
// stores the pointer the slot holds already, so with full checking it is
// __ml_sta_same, whose runtime test keeps the slot's shadow word when the
// shadow vouches for that pointer with the same meta. Only a hint: the
// runtime's test is exact whatever stores take it, and costs a compare.
func sameSlot(lhs, rhs cc.ExpressionNode) bool {
	k, _, lo, hi, ok := accessKey(lhs)
	if !ok || k.opaque || k.exact || volatileSlot(lhs) {
		return false
	}
	found := false
	walkNodes(rhs, func(n cc.Node) bool {
		e, ok := n.(cc.ExpressionNode)
		if !ok {
			return true
		}
		if t := e.Type(); t == nil || !isDataPtr(t) {
			return true
		}
		if j, _, jlo, jhi, ok := accessKey(e); ok && !j.opaque && !j.exact &&
			j.base == k.base && j.sym == k.sym && jlo == lo && jhi == hi {
			found = true
			return false
		}
		return true
	})
	return found
}
