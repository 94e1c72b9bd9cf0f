package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// Still functions (loss tracking). A function whose body cannot lower a
// block's count (runtime/loss.c) while it runs lets its pointer
// parameters borrow their blocks instead of counting a reference each:
// the reference only matters if the count could reach zero and be checked
// while the parameter still holds the value, and the checks that run
// inside the function (its statements' flushes, its callees') only see
// drops made inside it, which a still body makes none of. So the
// parameter takes a reference only where the count is zero on entry (a
// value in flight in the caller's statement: its drop at the function's
// end is the report it makes) or other threads run (they may drop it
// meanwhile): __ml_borrow. Saved: the count's increment, and the
// decrement and cut stamp at every return.
//
// A body is still when it declares only arithmetic scalars and pointer
// variables of its own (uncountedPointer: an aggregate releases what it
// holds; an arithmetic one whose address is taken releases at most a
// pointer moved into it in place, counted while the function ran),
// assigns only arithmetic lvalues and those pointer variables (a store
// of a pointer drops the old value) except for pointers moved in place
// (p++, p->cur += n: the same block before and after, its count unchanged),
// holds no statement expression or asm, and calls only still functions of
// the unit (a greatest fixpoint, so recursion is still), libc's functions
// that never return (exit, abort), and the libc functions below. An allocation is not still:
// it may start a cycle collection at the statement's end, which would find
// a borrowed block held only by garbage.

// stillLibc are libc functions that change no count (they neither free nor
// release the pointers of memory they write, as memcpy, memmove and
// memset do) nor allocate, nor call back into the program.
var stillLibc = func() map[string]bool {
	m := map[string]bool{}
	for name := range nonFreeing {
		m[name] = true
	}
	for _, name := range []string{"malloc", "calloc", "aligned_alloc", "memalign", "posix_memalign", "valloc",
		"pvalloc", "strdup", "strndup", "alloca", "alloca_with_align", "memcpy", "memmove", "memset", "bzero"} {
		delete(m, name)
	}
	return m
}()

// findStill decides, with full checking, which functions of the unit are
// still (those another definition cannot replace at link time).
func (r *rewriter) findStill(decls []*cc.ExternalDeclaration) {
	r.still = map[string]bool{}
	if !r.c.full {
		return
	}
	bodies := map[string]*cc.CompoundStatement{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && r.instrumented(fd) && !r.replaceable(fd) {
			bodies[fd.Declarator.Name()] = fd.CompoundStatement
			r.still[fd.Declarator.Name()] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for name, body := range bodies {
			if r.still[name] && !r.isStill(body) {
				r.still[name] = false
				changed = true
			}
		}
	}
}

// findHeldArgs picks the still direct functions whose every call passes
// its arguments through a list that drops nothing (mayDrop: no call, no
// pointer assignment), or whose only calls are in arithmetic arguments
// while every other argument names a variable (heldBesideCalls): each
// pointer argument is then a value something else holds while the callee
// runs (a variable, whose companion counts it, or memory, whose store
// counted it or which the loss check searches), never one in flight whose
// count is zero, so its parameter borrows without looking at the count
// but for other threads (__ml_borrow_held). A direct table's function is
// called by name or through the table's calls alone (tableCandidates), so
// those calls are its calls too, each with its element's expression, which
// must drop nothing either (vm.c's handlers[pc->op](&vm, pc)).
func (r *rewriter) findHeldArgs(decls []*cc.ExternalDeclaration) {
	r.heldArgs = map[string]bool{}
	for name, still := range r.still {
		if still && r.direct[name] != nil {
			r.heldArgs[name] = true
		}
	}
	dropsArgs := func(x *cc.PostfixExpression) bool {
		return x.ArgumentExpressionList != nil && mayDrop(x.ArgumentExpressionList) && !heldBesideCalls(x.ArgumentExpressionList)
	}
	for _, ed := range decls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && r.heldArgs[calleeName(x)] && dropsArgs(x) {
				r.heldArgs[calleeName(x)] = false
			}
			return true
		})
	}
	for _, t := range r.directTables {
		for _, x := range t.calls {
			if dropsArgs(x) || mayDrop(x.PostfixExpression) {
				for _, f := range t.names {
					r.heldArgs[f] = false
				}
			}
		}
	}
}

// heldBesideCalls reports whether the argument list l passes only
// arithmetic values, whose calls are all they may drop through, and
// variables of the caller's frame whose address is not taken (pointers,
// aggregates): no call can assign such a variable, so each holds its
// value, and a count on it, whichever argument runs first (vm.c's
// push(vm, *local(vm, pc->arg))); a global, or memory, a call beside it
// could overwrite, leaving the value in flight.
func heldBesideCalls(l *cc.ArgumentExpressionList) bool {
	for ; l != nil; l = l.ArgumentExpressionList {
		a := l.AssignmentExpression
		if t := a.Type(); t != nil && cc.IsArithmeticType(t) {
			if mayDropBesideCalls(a) {
				return false
			}
			continue
		}
		d := declOfExpr(a)
		if d == nil || d.AddressTaken() || d.IsVolatile() || d.StorageDuration() != cc.Automatic || d.IsStatic() ||
			d.IsExtern() {
			return false
		}
	}
	return true
}

// isStill reports whether running body cannot lower a count (above).
func (r *rewriter) isStill(body *cc.CompoundStatement) bool {
	found := false
	Inspect(body, func(n cc.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *cc.PostfixExpression:
			found = x.Case == cc.PostfixExpressionCall && !r.stillCall(x)
		case *cc.AssignmentExpression:
			found = x.Case != cc.AssignmentExpressionCond && !cc.IsArithmeticType(x.UnaryExpression.Type()) &&
				x.Case != cc.AssignmentExpressionAdd && x.Case != cc.AssignmentExpressionSub &&
				!(x.Case == cc.AssignmentExpressionAssign && uncountedPointer(declOfExpr(x.UnaryExpression)))
		case *cc.Declaration:
			return !isSynthetic(x) // (cc/v4's __func__, not the program's)
		case *cc.Declarator:
			found = !cc.IsArithmeticType(x.Type()) && !uncountedPointer(x) // (address-taken or not: above)
		default:
			found = declMayDrop(n)
		}
		return !found
	})
	return !found
}

// stillCall reports whether call x cannot lower a count before it
// returns.
func (r *rewriter) stillCall(x *cc.PostfixExpression) bool {
	name := calleeName(x)
	switch {
	case name == "" || !r.isCalledByName(x):
		return false
	case name == vaArgMarker, name == vaCopyMarker:
		return true
	}
	if still, ok := r.still[name]; ok {
		return still
	}
	if r.defined[name] {
		return false
	}
	if b, ok := strings.CutPrefix(name, "__builtin_"); ok {
		return stillLibc[b]
	}
	return (noreturns[name] || stillLibc[name]) && r.declaredInSystem(x)
}

// uncountedPointer reports whether d is a pointer variable a still body
// may declare and assign: one of the function's own, in a register's
// stead. Every value it can hold is held elsewhere while the body runs
// (memory nothing in it overwrites with a pointer, a parameter, which
// borrows, another such variable, a still callee's result), so its
// companion counts no reference and drops none (stillCompanion).
func uncountedPointer(d *cc.Declarator) bool {
	return d != nil && isDataPtr(d.Type()) && !d.AddressTaken() && !d.IsVolatile() &&
		d.StorageDuration() == cc.Automatic && !d.IsStatic() && !d.IsExtern()
}
