package instrument

import (
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"
)

// With loss tracking, a function returning a block it holds in a pointer
// local drops that local's reference as it returns, the count reaching
// zero and a loss noted, and its caller's statement takes a reference and
// checks the note away (list.c's new_item, forest.c's xmalloc: two notes
// and a check a block made). A function that hands its reference over
// instead takes none and drops none: its return keeps the reference of
// the local returned (the local's companion then drops nothing) or takes
// one for any other value, and its caller's pointer local takes that one
// (__ml_mv_handed) instead of a new one. A function hands its reference
// over when every call of it is where one is taken at once: a static
// function called by name only (namedOtherwise), neither still (it drops
// nothing) nor very large (farDrops), every call of which is assigned
// whole to a counted pointer local (setCompanion's __ml_mv) or returned
// by a function that hands its reference over too. Nothing runs between
// the return and the assignment, so the block's count stays above zero
// all along, where it was zero only until the statement's check.
//
// Whether every call is such an assignment is known once the unit is
// rewritten: the returns and assignments test the function's constant
// __ml_hands_NAME (handsTable), which gcc folds.

// findHanding lists, with full checking, the calls of the functions that
// may hand their reference over.
func (r *rewriter) findHanding(decls []*cc.ExternalDeclaration) {
	r.handCalls, r.handReceived, r.handReturned = map[string][]*cc.PostfixExpression{}, map[*cc.PostfixExpression]bool{}, map[*cc.PostfixExpression]string{}
	if !r.c.full {
		return
	}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) || !r.defined[fd.Declarator.Name()] || fd.Declarator.Linkage() != cc.Internal ||
			r.still[fd.Declarator.Name()] || r.namedOtherwise[fd.Declarator.Name()] || largeFunction(fd.CompoundStatement) ||
			returnsNothing(fd.CompoundStatement) {
			continue
		}
		if ft, ok := fd.Declarator.Type().(*cc.FunctionType); ok && isDataPtr(ft.Result()) {
			r.handCalls[fd.Declarator.Name()] = nil
		}
	}
	for _, ed := range decls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && r.isCalledByName(x) {
				if calls, ok := r.handCalls[calleeName(x)]; ok {
					r.handCalls[calleeName(x)] = append(calls, x)
				}
			}
			return true
		})
	}
}

// returnsNothing reports whether body has a return statement without a
// value, which hands nothing over.
func returnsNothing(body *cc.CompoundStatement) bool {
	return AnyNode(body, func(n cc.Node) bool {
		j, ok := n.(*cc.JumpStatement)
		return ok && j.Case == cc.JumpStatementReturn && j.ExpressionList == nil
	})
}

// handingCall is the name of the function rhs calls, when it may hand
// its reference over; else "".
func (r *rewriter) handingCall(rhs cc.ExpressionNode) string {
	x := callOf(rhs)
	if x == nil || !r.isCalledByName(x) {
		return ""
	}
	if _, ok := r.handCalls[calleeName(x)]; !ok {
		return ""
	}
	return calleeName(x)
}

// handsConst is the constant telling whether function name hands its
// reference over (handsTable).
func handsConst(name string) string {
	return "__ml_hands_" + name
}

// receiveHanded is the assignment of a counted pointer local's companion
// m (old meta) to meta, rhs's, at site, naming the block at name: the
// local takes the reference rhs's callee hands over when it does.
func (r *rewriter) receiveHanded(m, meta, site, name string, rhs cc.ExpressionNode) (string, bool) {
	fn := r.handingCall(rhs)
	if fn == "" {
		return "", false
	}
	r.handReceived[callOf(rhs)] = true
	return fmt.Sprintf("__ml_mv_handed(%s, %s, %s, %s, %s)", m, meta, site, name, handsConst(fn)), true
}

// storeHanded is the constant telling whether rhs's callee hands its
// reference over to the slot lhs (n->left = insert(n->left, k)), or "":
// only where lhs makes no call, so that nothing runs between the return
// and the store, whichever of the two sides is evaluated first.
func (r *rewriter) storeHanded(lhs, rhs cc.ExpressionNode) string {
	fn := r.handingCall(rhs)
	if fn == "" || callsOrLabels(lhs) {
		return ""
	}
	r.handReceived[callOf(rhs)] = true
	return handsConst(fn)
}

// handOver is the code of a return of e whose meta is in register m (meta
// as ptrExpr gave it) in a function that may hand its reference over: a
// pointer local returned keeps its reference (its companion drops
// nothing), the result of a call of a function that hands its own over
// is passed on, and any other value takes a reference. "" elsewhere.
func (r *rewriter) handOver(e cc.ExpressionNode, meta, m string) string {
	if _, ok := r.handCalls[r.fn.name]; !ok || r.fn.farDrops || r.stillLocals() {
		return ""
	}
	hands := handsConst(r.fn.name)
	if d := declOfExpr(unparen(e)); d != nil && r.hasCompanion(d) && r.fn.comp[d] == meta {
		return fmt.Sprintf(" if (%s) %s = 0;", hands, meta)
	}
	if fn := r.handingCall(e); fn != "" {
		r.handReturned[callOf(e)] = r.fn.name
		return fmt.Sprintf(" if (%s && !%s) __ml_ref(%s, 0);", hands, handsConst(fn), m)
	}
	return fmt.Sprintf(" if (%s) __ml_ref(%s, 0);", hands, m)
}

// handsTable declares each __ml_hands_NAME: 1 where every call of NAME
// was assigned to a counted pointer local, or returned by a function
// that hands its reference over.
func (r *rewriter) handsTable() string {
	hands := map[string]bool{}
	for name := range r.handCalls {
		hands[name] = true
	}
	for changed := true; changed; {
		changed = false
		for name, calls := range r.handCalls {
			for _, x := range calls {
				if hands[name] && !r.handReceived[x] && !hands[r.handReturned[x]] {
					hands[name], changed = false, true
				}
			}
		}
	}
	if len(hands) == 0 {
		return ""
	}
	names := make([]string, 0, len(hands))
	for name := range hands {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("enum {")
	for i, name := range names {
		if i > 0 {
			b.WriteString(",")
		}
		v := 0
		if hands[name] {
			v = 1
		}
		fmt.Fprintf(&b, " %s = %d", handsConst(name), v)
	}
	b.WriteString(" };")
	return b.String()
}
