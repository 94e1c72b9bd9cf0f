package instrument

import (
	"modernc.org/cc/v4"
)

// Held parameters (loss tracking). A pointer parameter of a function that
// may lower counts (not still) takes a reference of its own on entry
// (__ml_refd) and drops it at every return, so that a block it alone holds
// is lost where the function ends. That reference cannot be the last when
// every call passes, in that position, a pointer variable of the caller's
// frame whose address is not taken: nothing but the caller can assign it,
// and the caller is suspended in the call, so the variable keeps its value
// and the reference its companion counts (or its own caller's, when it is
// itself a held parameter) until the callee returns, whatever the callee
// frees or overwrites. If the callee never assigns the parameter, its count
// and drop change nothing a loss check could see: the parameter takes its
// meta as detection mode does. A value reaching the parameter from memory,
// a global or a call's result (in flight) keeps the reference: the callee
// may free or overwrite the memory (loss_held_parameter_outlives_memory),
// making the parameter the last reference.
//
// Only direct functions (static, called by name alone, so every call is in
// sight) and the functions of a direct table (whose calls through the table
// are checked too) qualify, and not those returning a pointer: a returned
// parameter hands its reference to the caller's statement, which would then
// hold none (not done).
//
// A still function's parameter (still.go) borrows instead, taking a
// reference only where the count is zero on entry or other threads run
// (__ml_borrow). Held, it takes none at all, pointer-returning functions
// and assigned parameters included: the caller's variable counts the
// block all along, so the count is above zero on entry, and no other
// thread can assign that variable; an assigned parameter's companion still
// counts its own reference where other threads run (__ml_still_param). The
// address of a named object (vm.c's handlers[pc->op](&vm, pc)) is held
// there too: it is no heap block's, whose counts alone matter. (Not for a
// function that is not still: its held parameter's meta may go to the side
// frame, which graph.c's &g read from memory at every access.)

// findHeldParams decides, with full checking, which parameters of the
// unit's functions are held (heldParams, by declarator).
func (r *rewriter) findHeldParams(decls, progDecls []*cc.ExternalDeclaration) {
	r.heldParams = map[*cc.Declarator]bool{}
	if !r.c.full {
		return
	}
	// held[f][i]: every call of f seen so far passes a held value as its
	// i-th argument
	held := map[string][]bool{}
	params := map[string][]*cc.Declarator{}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) || r.replaceable(fd) {
			continue
		}
		name := fd.Declarator.Name()
		ft, ok := fd.Declarator.Type().(*cc.FunctionType)
		still := r.still[name]
		if !ok || r.direct[name] == nil || (!still && isDataPtr(ft.Result())) || ft.IsVariadic() {
			continue
		}
		assigned := map[*cc.Declarator]bool{}
		assignedVars(fd.CompoundStatement, assigned)
		var ps []*cc.Declarator
		h := make([]bool, len(ft.Parameters()))
		for i, p := range ft.Parameters() {
			d := p.Declarator
			ps = append(ps, d)
			h[i] = d != nil && isDataPtr(d.Type()) && !d.AddressTaken() && !d.IsVolatile() && (still || !assigned[d])
		}
		held[name], params[name] = h, ps
	}
	narrow := func(name string, x *cc.PostfixExpression) {
		h := held[name]
		args := argList(x.ArgumentExpressionList)
		if len(args) != len(h) {
			clear(h)
			return
		}
		for i, a := range args {
			if h[i] && !heldArgument(a, args) && !(r.still[name] && namedAddress(a)) {
				h[i] = false
			}
		}
	}
	for _, ed := range progDecls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
				if name := calleeName(x); held[name] != nil {
					narrow(name, x)
				}
			}
			return true
		})
	}
	for _, t := range r.directTables {
		for _, x := range t.calls {
			for _, f := range t.names {
				if held[f] != nil {
					narrow(f, x)
				}
			}
		}
	}
	for name, h := range held {
		for i, ok := range h {
			if ok {
				r.heldParams[params[name][i]] = true
			}
		}
	}
}

// heldArgument reports whether argument a of a call with arguments args
// names a pointer variable of the caller's frame that only the caller can
// assign (automatic, its address never taken) and that no argument of the
// call assigns (f(p, p = q) would leave the callee the value in flight).
func heldArgument(a cc.ExpressionNode, args []cc.ExpressionNode) bool {
	d := declOfExpr(a)
	if d == nil || !isDataPtr(d.Type()) || d.AddressTaken() || d.IsVolatile() || d.StorageDuration() != cc.Automatic ||
		d.IsStatic() || d.IsExtern() {
		return false
	}
	for _, b := range args {
		assigned := map[*cc.Declarator]bool{}
		assignedVars(b, assigned)
		if assigned[d] {
			return false
		}
	}
	return true
}

// namedAddress reports whether argument a is the address of a named object
// (&vm), never a heap block's.
func namedAddress(a cc.ExpressionNode) bool {
	u, ok := unparen(a).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return false
	}
	d := declOfExpr(u.CastExpression)
	return d != nil && d.Type() != nil && d.Type().Kind() != cc.Function
}
