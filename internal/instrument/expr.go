package instrument

import (
	"modernc.org/cc/v4"
)

// Metas known at compile time.
const (
	metaNull = "0UL" // NULL
	metaWild = "1UL" // unknown provenance: only NULL is checked
	// a pointer never assigned, whose origin is not named (__ML_UNINIT;
	// full checking names it: uninitMeta)
	metaUninit = "3UL"
)

// expr rewrites n, evaluated for its value or its side effects.
func (r *rewriter) expr(n cc.ExpressionNode) frag {
	if r.avail.blocked == 1 && r.avail.clean[n] {
		return r.cleanPart(n, func() frag { return r.expr(n) })
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionStmt:
			var f frag
			f.tok(x.Token)
			f.cat(r.stmtExprBody(x.CompoundStatement))
			f.tok(x.Token2)
			return f
		case cc.PrimaryExpressionIdent:
			return r.identUse(x)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if valueMember(x) {
				return r.generic(x)
			}
			return r.access(x, false, defUse)
		case cc.PostfixExpressionCall:
			f, _, _ := r.call(x, false)
			return f
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			f, _, _ := r.incDec(x, x.PostfixExpression, x.Token, true, false)
			return f
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			if va := r.vaArg(x); va != nil {
				return va
			}
			return r.access(x, false, defUse)
		case cc.UnaryExpressionAddrof:
			if f, ok := r.memberAddrValue(x); ok {
				return f
			}
			f, _, _ := r.addrOf(x)
			return f
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			f, _, _ := r.incDec(x, x.UnaryExpression, x.Token, false, false)
			return f
		case cc.UnaryExpressionReal, cc.UnaryExpressionImag:
			if isLvalueExpr(x) {
				return r.access(x, false, defUse)
			}
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType,
			cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return r.verbatim(x)
		case cc.UnaryExpressionNot:
			if r.tracksDef() && testedAnd(x.CastExpression) != nil {
				var f frag
				f.tok(x.Token)
				f.cat(r.truthOf(x.CastExpression, func() frag { return r.expr(x.CastExpression) }))
				return f
			}
		}
	case *cc.ExpressionList:
		if x.ExpressionList != nil { // a, b: a's value is thrown away
			// (a is complete before b starts: its checks are facts there)
			defer r.avail.pop(len(r.avail.seq))
			var f frag
			f.tok(x.Token)
			f.cat(r.cleanPart(x.AssignmentExpression, func() frag {
				return r.avail.before(func() frag { return r.discarded(x.AssignmentExpression) })
			}))
			f.cat(r.cleanPart(x.ExpressionList, func() frag { return r.expr(x.ExpressionList) }))
			return f
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && x.Type() != nil && x.Type().Kind() == cc.Void {
			return r.castOf(x, r.discarded(x.CastExpression))
		}
		if r.c.full && x.Case == cc.CastExpressionCast && x.Type() != nil && x.Type().Kind() != cc.Void &&
			!isPtrLike(x.Type()) && isDataPtr(x.CastExpression.Type()) {
			// a pointer turned into an integer: its block's references
			// can no longer be counted
			code, meta, _ := r.ptrExpr(x.CastExpression)
			v := r.name("__ml_v")
			var f frag
			f.str("__extension__({ register __auto_type " + v + " = ")
			f.cat(code)
			f.strf("; __ml_escape(%s); %s; })", meta, v)
			return r.castOf(x, f)
		}
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			f, _, _ := r.assign(x, false)
			return f
		}
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			return r.shortCircuit(x.LogicalAndExpression, x.Token, x.InclusiveOrExpression)
		}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLOr {
			return r.shortCircuit(x.LogicalOrExpression, x.Token, x.LogicalAndExpression)
		}
	case *cc.EqualityExpression, *cc.RelationalExpression, *cc.ShiftExpression, *cc.AdditiveExpression,
		*cc.MultiplicativeExpression, *cc.AndExpression, *cc.ExclusiveOrExpression, *cc.InclusiveOrExpression:
		if and, ok := x.(*cc.AndExpression); ok && r.tracksDef() {
			if f, ok := r.usedAnd(and); ok {
				return f
			}
		}
		if a, op, b, ok := binaryOperands(x); ok {
			return r.binary(a, op, b)
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			defer r.avail.pop(len(r.avail.seq))
			f := r.cleanPart(x.LogicalOrExpression, func() frag {
				return r.avail.before(func() frag {
					return r.truthOf(x.LogicalOrExpression, func() frag { return r.expr(x.LogicalOrExpression) })
				})
			})
			f.tok(x.Token)
			f.cat(r.cleanPart(x.ExpressionList, func() frag {
				return r.conditionally(func() frag { return r.expr(x.ExpressionList) })
			}))
			f.tok(x.Token2)
			f.cat(r.cleanPart(x.ConditionalExpression, func() frag {
				return r.conditionally(func() frag { return r.expr(x.ConditionalExpression) })
			}))
			return f
		}
	}
	return r.generic(n)
}

// stmtExprBody rewrites the body of a statement expression.
func (r *rewriter) stmtExprBody(cs *cc.CompoundStatement) frag {
	if r.fn != nil {
		r.fn.stmtExprs[cs] = true
	}
	return r.compound(cs, nil)
}

// addressed renders lvalue n, not reached through a pointer, whose address
// is taken: nothing is accessed, so no index is checked (&a[n] and &(a[n])
// are valid one-past-the-end addresses).
func (r *rewriter) addressed(n cc.ExpressionNode) frag {
	if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionExpr {
		var f frag
		f.tok(x.Token)
		f.cat(r.addressed(x.ExpressionList))
		f.tok(x.Token2)
		return f
	}
	if z, ok := complexPart(n); ok {
		return partOf(n, r.addressed(z))
	}
	return r.generic(n)
}

// shortCircuit rewrites a && b or a || b: b may not be evaluated.
func (r *rewriter) shortCircuit(a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode) frag {
	return r.leftFirst(a, op, b, func() frag { return r.decidingTruth(a) }, func() frag {
		return r.conditionally(func() frag { return r.truthOf(b, func() frag { return r.andRight(b) }) })
	})
}

// leftFirst rewrites a op b, with left and right rendering a and b, where
// a is evaluated first: the checks a makes whenever it runs are facts
// while b is.
func (r *rewriter) leftFirst(a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode, left, right func() frag) frag {
	defer r.avail.pop(len(r.avail.seq))
	f := r.cleanPart(a, func() frag { return r.avail.before(left) })
	f.tok(op)
	f.cat(r.cleanPart(b, right))
	return f
}

// binary rewrites a op b, an arithmetic, bitwise or comparison operator.
// C leaves its operands unsequenced, but gcc and clang evaluate the left
// one first (gcc gimplifies operand 0, then 1, and folding swaps only
// constants and variables, which hold no check), so the checks a makes
// whenever it runs are facts for b: pop's vm->sp == vm->stack checks the
// second member's base alone. Safe in either order: a test b leaves out
// is one a's check makes of the same block, so a bad access of b fails
// a's check in the same expression, ahead of any use of either value.
func (r *rewriter) binary(a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode) frag {
	left, right := func() frag { return r.decidingExpr(a) }, func() frag { return r.decidingExpr(b) }
	if s := op.SrcStr(); s == "==" || s == "!=" {
		// (compared with zero, the other operand is only tested)
		if isZeroValue(b.Value()) {
			left = func() frag { return r.decidingTruth(a) }
		}
		if isZeroValue(a.Value()) {
			right = func() frag { return r.decidingTruth(b) }
		}
	}
	return r.leftFirst(a, op, b, left, right)
}

// decidingTruth renders e, whose value decides only by being zero or not.
func (r *rewriter) decidingTruth(e cc.ExpressionNode) frag {
	return r.truthOf(e, func() frag { return r.decidingExpr(e) })
}

// truthOf renders e with render, e's value being only tested against zero:
// an & there is nonzero once one of its defined bits is set, whatever the
// others hold (maskedAnd).
func (r *rewriter) truthOf(e cc.ExpressionNode, render func() frag) frag {
	x := testedAnd(e)
	if x == nil || !r.tracksDef() {
		return render()
	}
	saved := r.zeroTested
	r.zeroTested = x
	defer func() { r.zeroTested = saved }()
	return render()
}

// testedAnd is e when it is an & (parenthesized or not), else nil.
func testedAnd(e cc.ExpressionNode) *cc.AndExpression {
	if x, ok := unparen(e).(*cc.AndExpression); ok && x.Case == cc.AndExpressionAnd {
		return x
	}
	return nil
}

// binaryOperands are the operands and the operator of a binary operation
// (ok false for the node of a single operand, e.g. a relational
// expression that is a shift expression).
func binaryOperands(n cc.ExpressionNode) (a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode, ok bool) {
	switch x := n.(type) {
	case *cc.EqualityExpression:
		return x.EqualityExpression, x.Token, x.RelationalExpression, x.Case != cc.EqualityExpressionRel
	case *cc.RelationalExpression:
		return x.RelationalExpression, x.Token, x.ShiftExpression, x.Case != cc.RelationalExpressionShift
	case *cc.ShiftExpression:
		return x.ShiftExpression, x.Token, x.AdditiveExpression, x.Case != cc.ShiftExpressionAdd
	case *cc.AdditiveExpression:
		return x.AdditiveExpression, x.Token, x.MultiplicativeExpression, x.Case != cc.AdditiveExpressionMul
	case *cc.MultiplicativeExpression:
		return x.MultiplicativeExpression, x.Token, x.CastExpression, x.Case != cc.MultiplicativeExpressionCast
	case *cc.AndExpression:
		return x.AndExpression, x.Token, x.EqualityExpression, x.Case != cc.AndExpressionEq
	case *cc.ExclusiveOrExpression:
		return x.ExclusiveOrExpression, x.Token, x.AndExpression, x.Case != cc.ExclusiveOrExpressionAnd
	case *cc.InclusiveOrExpression:
		return x.InclusiveOrExpression, x.Token, x.ExclusiveOrExpression, x.Case != cc.InclusiveOrExpressionXor
	}
	return nil, cc.Token{}, nil, false
}

// lval describes an lvalue reached through a pointer: the expression of
// its address and the meta and provenance of that pointer.
type lval struct {
	addr frag   // pointer to the lvalue
	meta string // meta of the pointer it was reached through
	prov prov   // its provenance
	// bit-fields and scalars in reverse byte order have no address
	// (noAddress): the check covers what holds them
	bitfield  bool
	container frag // pointer to the struct (or array) holding the place
	member    frag // the place selected from *container: ".f" or "[i]"
	// *p++ and *--p (accessLvalue): no addr yet; checkedPlace makes the
	// move of p and the access's check one, or the move alone
	moved *movedPtr
}

// movedPtr is the operand of *p++ or *--p, p a pointer in memory.
type movedPtr struct {
	inc  cc.ExpressionNode // p++ or --p
	p    cc.ExpressionNode
	op   cc.Token
	post bool
	w    prov // the move's provenance word (l.prov's)
}

// accessLvalue is lvalue for an access of n itself (read or written).
// For *p++ and *--p with p a pointer in memory, optimised in detection
// mode, the access is the pointer's own size at its old value (p++) or its
// new one (--p): both values lie in the block when the access does, so the
// move's bound tests are the check's (memlens.h's __ml_move_chk).
func (r *rewriter) accessLvalue(n cc.ExpressionNode, write bool) lval {
	if mv := r.movedAccess(n); mv != nil {
		m, w := r.metaTemp(), r.wordTemp()
		mv.w = w
		return lval{meta: m, prov: prov{"0", w.word}, moved: mv}
	}
	return r.lvalue(n, useOf(write))
}

func (r *rewriter) movedAccess(n cc.ExpressionNode) *movedPtr {
	u, ok := n.(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionDeref || isArray(u.CastExpression) || r.fn == nil || r.fn.unchecked ||
		!r.c.optimizing || r.c.graph || r.c.every || r.typestate || !r.addressPassable(n) {
		return nil
	}
	mv := &movedPtr{inc: unparen(u.CastExpression)}
	switch x := mv.inc.(type) {
	case *cc.PostfixExpression:
		if x.Case != cc.PostfixExpressionInc {
			return nil
		}
		mv.p, mv.op, mv.post = x.PostfixExpression, x.Token, true
	case *cc.UnaryExpression:
		if x.Case != cc.UnaryExpressionDec {
			return nil
		}
		mv.p, mv.op = x.UnaryExpression, x.Token
	default:
		return nil
	}
	pt, ok := mv.p.Type().(*cc.PointerType)
	if !ok || !isDataPtr(pt) || pt.Elem().Kind() == cc.Void || variablyModified(pt) {
		return nil
	}
	if d := declOfExpr(mv.p); (d != nil && r.hasCompanion(d)) || r.movesAt(mv.p) {
		return nil
	}
	return mv
}

// objType is the type of the object lvalue n designates, before any
// array-to-pointer decay (cc/v4 records decayed types on expressions).
func objType(n cc.ExpressionNode) cc.Type {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return objType(x.ExpressionList)
		case cc.PrimaryExpressionIdent:
			if d := declOf(x); d != nil {
				return d.Type() // a parameter declared as an array is a pointer
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if f := x.Field(); f != nil {
				return f.Type()
			}
		case cc.PostfixExpressionIndex:
			if isDataPtr(x.ExpressionList.Type()) && !isPtrLike(objType(x.PostfixExpression)) {
				return elem(objType(x.ExpressionList))
			}
			return elem(objType(x.PostfixExpression))
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			// (p++ of a parameter declared as an array: the front end's
			// type is that array, Undecay below; the value is the pointer)
			return objType(x.PostfixExpression)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return elem(objType(x.CastExpression))
		}
	}
	t := n.Type()
	if t == nil {
		return nil
	}
	switch n.(type) {
	case *cc.PrimaryExpression, *cc.PostfixExpression:
		// a string literal, a compound literal, a member or element not
		// resolved above: the array the front end decayed
		return t.Undecay()
	}
	// anything else (ct + 4, a cast, a conditional) is a pointer value,
	// even when the front end remembers the array it came from
	return t
}

// elem is the element type of an array or pointer type.
func elem(t cc.Type) cc.Type {
	switch x := t.(type) {
	case *cc.ArrayType:
		return x.Elem()
	case *cc.PointerType:
		return x.Elem()
	}
	return nil
}

// isArray reports whether lvalue n designates an array.
func isArray(n cc.ExpressionNode) bool {
	t := objType(n)
	return t != nil && t.Kind() == cc.Array
}

// throughPointer reports whether lvalue n is reached through a pointer
// (directly or as a member or element of such an lvalue).
func throughPointer(n cc.ExpressionNode) bool {
	if z, ok := complexPart(n); ok {
		return throughPointer(z)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return throughPointer(x.ExpressionList)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			if isArray(x.CastExpression) {
				return throughPointer(x.CastExpression)
			}
			return isDataPtr(x.CastExpression.Type()) && vaArgCall(x) == nil
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect:
			return true
		case cc.PostfixExpressionSelect:
			return throughPointer(x.PostfixExpression)
		case cc.PostfixExpressionIndex:
			if isArray(x.PostfixExpression) {
				return throughPointer(x.PostfixExpression)
			}
			return isDataPtr(x.PostfixExpression.Type()) || isDataPtr(x.ExpressionList.Type())
		}
	}
	return false
}

// use says what is done with an lvalue: only its address is computed, or it
// is read, or written.
type use int

const (
	useAddr use = iota
	useRead
	useWrite
)

func useOf(write bool) use {
	if write {
		return useWrite
	}
	return useRead
}

// lvalue analyses an lvalue reached through a pointer (throughPointer(n)).
// For an access (not an address computation), the indices of named arrays
// on its path are checked against their bounds.
func (r *rewriter) lvalue(n cc.ExpressionNode, u use) lval {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return r.lvalue(x.ExpressionList, u)
	case *cc.UnaryExpression:
		if z, ok := complexPart(x); ok { // __real__ *p
			in := r.lvalue(z, u)
			var a frag
			a.str("&")
			a.tok(x.Token)
			a.str("*")
			a.cat(paren(in.addr))
			return lval{addr: a, meta: in.meta, prov: in.prov}
		}
		// *p
		if isArray(x.CastExpression) { // *a is a[0]
			in := r.lvalue(x.CastExpression, u)
			var a frag
			a.str("&(*")
			a.cat(paren(in.addr))
			a.str(")[0]")
			return lval{addr: a, meta: in.meta, prov: in.prov}
		}
		code, meta, pv := r.ptrExpr(x.CastExpression)
		return lval{addr: paren(code), meta: meta, prov: pv}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect: // p->f
			code, meta, pv := r.ptrExpr(x.PostfixExpression)
			if r.noAddress(x) {
				return lval{meta: meta, prov: pv, bitfield: true, container: paren(code), member: selector(x)}
			}
			var a frag
			a.str("&")
			a.cat(paren(code))
			a.tok(x.Token)
			a.tok(x.Token2)
			return lval{addr: a, meta: meta, prov: pv}
		case cc.PostfixExpressionSelect: // s.f with s reached through a pointer
			in := r.lvalue(x.PostfixExpression, u)
			if r.noAddress(x) {
				return lval{meta: in.meta, prov: in.prov, bitfield: true, container: in.addr, member: selector(x)}
			}
			var a frag
			a.str("&")
			a.cat(paren(in.addr))
			a.str("->")
			a.tok(x.Token2)
			return lval{addr: a, meta: in.meta, prov: in.prov}
		case cc.PostfixExpressionIndex:
			var a frag
			var meta string
			var pv prov
			switch {
			case isArray(x.PostfixExpression): // a[i] with a an array reached through a pointer
				if r.noAddress(x) {
					return r.reverseElement(x, u)
				}
				in := r.lvalue(x.PostfixExpression, u)
				var base frag
				base.str("&(*")
				base.cat(paren(in.addr))
				base.str(")[0]")
				if r.derives(x, u) {
					return lval{addr: r.graphDerive(x, base, r.arrayIndex(x, u)), meta: in.meta, prov: in.prov}
				}
				a.str("&(*")
				a.cat(paren(in.addr))
				a.str(")")
				a.tok(x.Token)
				a.cat(r.arrayIndex(x, u))
				a.tok(x.Token2)
				meta, pv = in.meta, in.prov
			case isDataPtr(x.PostfixExpression.Type()): // p[i]
				code, m, v := r.ptrExpr(x.PostfixExpression)
				if r.derives(x, u) {
					return lval{addr: r.graphDerive(x, code, r.expr(x.ExpressionList)), meta: m, prov: v}
				}
				a.str("&")
				a.cat(paren(code))
				a.tok(x.Token)
				a.cat(r.expr(x.ExpressionList))
				a.tok(x.Token2)
				meta, pv = m, v
			case isDataPtr(x.ExpressionList.Type()): // i[p]
				code, m, v := r.ptrExpr(x.ExpressionList)
				a.str("&")
				a.cat(paren(r.expr(x.PostfixExpression)))
				a.tok(x.Token)
				a.cat(code)
				a.tok(x.Token2)
				meta, pv = m, v
			default:
				panic("index of neither array nor pointer")
			}
			return lval{addr: a, meta: meta, prov: pv}
		}
	}
	panic("lvalue of an expression not reached through a pointer")
}

func paren(f frag) frag {
	var g frag
	g.str("(")
	g.cat(f)
	g.str(")")
	return g
}

// checkedPlace renders a pointer to lvalue l (to the struct holding it, for
// a bit-field), checking the access first unless l's pointer is one we know
// nothing about (WILD: only NULL could be caught, and NULL is no object's
// address).
func (r *rewriter) checkedPlace(n cc.Node, l lval, write bool, op defOp) frag {
	addr := l.addr
	if l.bitfield {
		addr = l.container
	}
	p := r.name("__ml_a")
	var ops string
	if e, ok := n.(cc.ExpressionNode); ok {
		if l.bitfield {
			ops = r.bitfieldOps(p, e, l.meta, -1, op)
		} else {
			ops = r.defOps(p, objType(e), l.meta, -1, n, op)
		}
	}
	known := knownAll
	switch {
	case r.c.every:
		known = 0
	case r.bareAccess(n): // (whole.go: its parameter has no meta)
	case r.fn != nil && r.fn.unchecked: // (declared no_sanitize_address)
	case l.meta != metaWild && !l.bitfield:
		known = r.coverage(n, l.meta, write)
	case l.meta != metaWild:
		known = 0
	}
	pck, pckUnless := r.typestate, ""
	var pckLean, pckStart *pckPair
	if pck && !l.bitfield { // (a bit-field's check is its container's)
		var proven bool
		proven, pckUnless, pckLean, pckStart = r.pckProven(n, write)
		pck = !proven
	}
	if l.moved != nil && (known != 0 || pck) {
		addr, l.moved = r.moveInPlace(l.moved.inc, l.moved.p, l.moved.op, l.moved.post, l.meta, l.moved.w), nil
	}
	e, _ := n.(cc.ExpressionNode)
	unaligned := e != nil && !l.bitfield && r.misaligned(e)
	if known == knownAll && ops == "" && !pck && !unaligned {
		return paren(addr)
	}
	site := -1
	if known != knownAll || pck {
		site = r.site(n, siteAccess)
	}
	fn, flags := "", ""
	if known != knownAll {
		fn = "__ml_chk"
		if r.c.every {
			fn = "__ml_chk_every"
		} else if known&knownLive != 0 {
			switch known & (knownAbove | knownBelow) {
			case 0:
				fn = "__ml_chk_range"
			case knownAbove:
				fn = "__ml_chk_end"
			case knownBelow:
				fn = "__ml_chk_base"
			default: // a write: only the read-only test is due
				fn = "__ml_chk_ro"
			}
		}
		if fn != "__ml_chk_every" && r.c.optimizing && l.moved == nil && r.callFreeLoops[n] {
			fn += "_sr" // (the record shared with the loop's other checks through the meta)
		}
		if r.fn != nil && r.fn.callSite { // (its caller's site, for the report)
			fn += "_at"
		}
		// (the words' addresses as memory operands; a check passing its
		// caller's site, _at, has no such form: it takes their values)
		if fn != "__ml_chk_every" && r.fn != nil && !r.fn.callSite && (r.isArgWords(l.prov) || l.moved == nil && r.inSideWords(l.prov)) {
			fn += "_tw"
			l.prov = prov{"&" + l.prov.site, "&" + l.prov.word}
		}
		switch {
		case write && known&knownWritable != 0:
			flags = " | 0xc000000000000000UL" // memlens.h's __ML_WRITE | __ML_WRITABLE (its macros are not in the unit)
		case write:
			flags = " | 0x8000000000000000UL" // __ML_WRITE
		}
	}
	var f frag
	if mv := l.moved; mv != nil { // (fn: __ml_chk or __ml_chk_at)
		orig := r.verbatim(n.(cc.ExpressionNode))
		g, slot, v, t, tag := r.movedValues(mv.p, mv.op)
		a := t
		if mv.post {
			a = v
		}
		f.str("((__typeof__(")
		f.cat(orig)
		f.str(") *)")
		f.cat(g)
		move := "__ml_move"
		if r.sealedMember(mv.p) {
			move = "__ml_sealed_move"
		}
		f.strf("; %s = (__ml_uptr)%s; %s = %s(sizeof(", mv.w.word, slot, l.meta, move+fn[len("__ml"):])
		f.cat(orig)
		f.strf(")%s, %s, %s, %s, (__ml_uptr)%s, (__ml_uptr)%s, (__ml_uptr)%s, (__ml_uptr)%s%s);", flags, siteRef(site), r.stSite(mv.inc, mv.p), tag, slot, v, t, a, r.checkCallSite())
		if ops != "" { // (the accessed bytes' definedness, as checkedPlace's other forms do it)
			f.str(" register __typeof__(")
			f.cat(orig)
			f.strf(") *%s = (__typeof__(", p)
			f.cat(orig)
			f.strf(") *)%s; %s %s; }))", a, ops, p)
			return f
		}
		f.strf(" %s; }))", a)
		return f
	}
	if e != nil && fn != "" && fn != "__ml_chk_every" && ops == "" && !pck && !l.bitfield && !unaligned && r.addressPassable(e) {
		// the check's call returns the address, computed as its last
		// argument (the first gcc evaluates): unoptimised, a variable
		// holding it takes a callee-saved register of the frame;
		// optimised, the code is the same, but a variable is a
		// statement expression's statements and, under -g, a tracked
		// variable whose bindings every pass carries
		orig := r.verbatim(e)
		if t := e.Type(); t != nil && cc.IsArithmeticType(t) && freshAddress(e) && !r.loopNodes[n] {
			// a scalar's address serves its access alone: no shadow is
			// read or written through it, so the end test may add the
			// size to it in place (memlens.h's __ML_ALONE)
			flags += " | 0x2000000000000000UL"
		}
		f.str("((__typeof__(")
		f.cat(orig)
		f.str(") *)" + fn + "(" + l.meta + ", sizeof(")
		f.cat(orig)
		f.strf(")%s, %s, %s, %s, (__ml_uptr)(", flags, siteRef(site), l.prov.site, l.prov.word)
		f.cat(addr)
		f.str(")" + r.checkCallSite() + "))")
		return f
	}
	if unaligned {
		f.str("__extension__({")
		f.cat(r.unalignedPointer(e, addr, p))
	} else if e != nil && !l.bitfield && isMemberAccess(e) && r.addressPassable(e) {
		// through an integer variable: a packed struct's member may be
		// misaligned for its type, which gcc says of `&s->m` that becomes a
		// pointer, casts and all (-Waddress-of-packed-member), of memlens's
		// code; the same address in the same register
		orig, a := r.verbatim(e), r.name("__ml_a")
		f.str("__extension__({ register __ml_uptr " + a + " = (__ml_uptr)(")
		f.cat(addr)
		f.str("); register __typeof__(")
		f.cat(orig)
		f.str(") *" + p + " = (__typeof__(")
		f.cat(orig)
		f.str(") *)" + a + ";")
	} else {
		f.str("__extension__({ register __auto_type " + p + " = ")
		f.cat(addr)
		f.str(";")
	}
	switch {
	case fn == "__ml_chk_every":
		f.strf(" %s((__ml_uptr)%s, %s, sizeof(*%s)%s, %s, %s, %s);", fn, p, l.meta, p, flags, siteRef(site), l.prov.site, l.prov.word)
	case fn != "":
		at, size := p, "sizeof(*"+p+")"
		if l.bitfield {
			at, size = bitfieldBytes(p, n.(cc.ExpressionNode))
		}
		f.strf(" %s(%s, %s%s, %s, %s, %s, (__ml_uptr)%s%s);", fn, l.meta, size, flags, siteRef(site), l.prov.site, l.prov.word, at, r.checkCallSite())
	}
	if pck {
		f.cat(r.pckCheck(n, p, write, siteRef(site), pckUnless, pckLean, pckStart))
	}
	f.strf(" %s %s; })", ops, p)
	return f
}

// freshAddress reports whether lvalue e's address is computed for it
// alone (a member past its struct's start, an element), not a pointer's
// value that stays live after the access: changed in place by the check,
// such a value would be copied first, into a register more.
func freshAddress(e cc.ExpressionNode) bool {
	x, ok := unparen(e).(*cc.PostfixExpression)
	if !ok {
		return false
	}
	switch x.Case {
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		f := x.Field()
		return f != nil && f.Offset() > 0
	case cc.PostfixExpressionIndex:
		return true
	}
	return false
}

// isMemberAccess reports whether e is s.m or p->m.
func isMemberAccess(e cc.ExpressionNode) bool {
	x, ok := unparen(e).(*cc.PostfixExpression)
	return ok && (x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect)
}

// checkCallSite is the last argument of a check in a call-site leaf (its
// _at form, callSiteLeaf): the call's site when a constant, else 0.
func (r *rewriter) checkCallSite() string {
	if r.fn == nil || !r.fn.callSite {
		return ""
	}
	return ", " + callSiteVar
}

// addressPassable reports whether a check of lvalue e can pass the
// address as its last argument instead of holding it in a variable
// (checkedPlace): when gcc evaluates arguments last first, and e's type,
// named by e's own text, costs no evaluation (not variably modified) nor
// duplicates a label (no statement expression), and that text calls
// nothing (a direct function's call as written lacks its extra
// arguments).
func (r *rewriter) addressPassable(e cc.ExpressionNode) bool {
	return r.c.order.argsRightToLeft && !variablyModified(e.Type()) && !callsOrLabels(e)
}

// addressUnheld reports whether the stores and loads of lvalue e hold
// nothing in variables either (addressPassable): unoptimised only, where
// their variables are the side frame's words.
func (r *rewriter) addressUnheld(e cc.ExpressionNode) bool {
	return !r.c.optimizing && r.addressPassable(e)
}

// storeInWords reports whether a pointer store into lvalue lhs holds its
// address in a word of the side frame (heldWord): unoptimised,
// where the function's temporaries are side words and lhs's text names
// its type (addressUnheld); not in a memory graph's trace, whose call
// names it, nor for a va_list. (The value as a word too saved no more
// bytes of cJSON's or lparser.c's frames and cost tree.c's -O0 run 0.2% Ir.)
func (r *rewriter) storeInWords(lhs cc.ExpressionNode) bool {
	return r.fn.side != nil && !r.c.graph && r.addressUnheld(lhs) && !isVaList(lhs.Type())
}

// heldWord declares a function-scope word of the side frame holding an
// address within one expression (storeInWords).
func (r *rewriter) heldWord() string {
	h := r.name("__ml_h")
	r.fn.held = append(r.fn.held, h)
	return h
}

// callsOrLabels reports whether n's text calls a function or holds a
// statement expression: a copy of it in a __typeof__ may not type (a
// direct function's call as written lacks its extra arguments) or would
// duplicate a label.
func callsOrLabels(n cc.Node) bool {
	return AnyNode(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			return x.Case == cc.PrimaryExpressionStmt
		case *cc.PostfixExpression:
			return x.Case == cc.PostfixExpressionCall
		}
		return false
	})
}

// variablyModified reports whether t is a VLA or a pointer to one (a
// pointer's pointer...), whose __typeof__ evaluates its operand.
func variablyModified(t cc.Type) bool {
	for t != nil {
		switch x := t.(type) {
		case *cc.ArrayType:
			if x.IsVLA() {
				return true
			}
			t = x.Elem()
		case *cc.PointerType:
			t = x.Elem()
		default:
			return false
		}
	}
	return false
}

// discarded rewrites e, whose value is thrown away ((void)x, the left of a
// comma): reading an lvalue so decides nothing, so its definedness is not
// checked (Valgrind's and MSan's rule: `(void)unused;` silences a warning),
// while an access through a pointer still is.
func (r *rewriter) discarded(e cc.ExpressionNode) frag {
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			return r.verbatim(x)
		case cc.PrimaryExpressionExpr:
			var f frag
			f.tok(x.Token)
			f.cat(r.discarded(x.ExpressionList))
			f.tok(x.Token2)
			return f
		}
	case *cc.ExpressionList:
		if x.ExpressionList == nil {
			return r.discarded(x.AssignmentExpression)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if !valueMember(x) {
				return r.access(x, false, defNone)
			}
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref && r.vaArg(x) == nil {
			return r.access(x, false, defNone)
		}
	}
	return r.expr(e)
}

// needsCheck reports whether an access to n must be checked: n is reached
// through a pointer and is an object (not an array, which decays, nor a
// function).
func needsCheck(n cc.ExpressionNode) bool {
	t := objType(n)
	if t == nil {
		return false
	}
	switch t.Kind() {
	case cc.Array, cc.Function, cc.Void:
		return false
	}
	return !t.IsIncomplete() && throughPointer(n)
}

// access rewrites an lvalue expression used for its value (or written, with
// write set; op says what happens to its definedness): reached through a
// pointer, it is checked first.
func (r *rewriter) access(n cc.ExpressionNode, write bool, op defOp) frag {
	if u, ok := n.(*cc.UnaryExpression); ok && !write && r.byteView(u) != nil {
		return r.verbatim(n)
	}
	if !needsCheck(n) {
		if t := objType(n); t != nil && t.Kind() != cc.Array {
			return r.defDirect(n, r.indexed(n, write), op)
		}
		return r.generic(n)
	}
	l := r.accessLvalue(n, write)
	var f frag
	f.str("(*")
	f.cat(r.checkedPlace(n, l, write, op))
	f.str(")")
	if l.bitfield {
		f.cat(l.member)
	}
	return f
}

// place renders a pointer to the addressable lvalue n, checking the access
// when n is reached through a pointer, and returns the meta of that
// pointer: the tag of the shadow of pointers stored in n, so that a shadow
// written in an earlier life of the memory never validates.
func (r *rewriter) place(n cc.ExpressionNode, write bool, op defOp) (frag, string) {
	if throughPointer(n) && !r.noAddress(n) {
		l := r.accessLvalue(n, write)
		return r.checkedPlace(n, l, write, op), l.meta
	}
	return r.addressOf(n, r.defDirect(n, r.indexed(n, write), op)), r.objectTag(n)
}

// ptrExpr rewrites a pointer-valued expression n and returns, with its code,
// C expressions for its meta and its provenance, valid once the code has
// been evaluated.
func (r *rewriter) ptrExpr(n cc.ExpressionNode) (frag, string, prov) {
	if r.avail.blocked == 1 && r.avail.clean[n] {
		var meta string
		var pv prov
		f := r.cleanPart(n, func() frag {
			var code frag
			code, meta, pv = r.ptrExpr(n)
			return code
		})
		return f, meta, pv
	}
	if isNullConst(n) {
		var f frag
		f.str("((void *)0)")
		return f, metaNull, generated(genNull)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			code, meta, pv := r.ptrExpr(x.ExpressionList)
			var f frag
			f.tok(x.Token)
			f.cat(code)
			f.tok(x.Token2)
			return f, meta, pv
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			l := r.literalObject(x)
			var f frag
			f.str(l.array)
			return f, l.meta, generated(genLiteral)
		case cc.PrimaryExpressionStmt:
			if f, m, pv, ok := r.stmtExprPtr(x); ok {
				return f, m, pv
			}
		case cc.PrimaryExpressionIdent:
			t := objType(x)
			if t == nil {
				break
			}
			switch t.Kind() {
			case cc.Array:
				return r.verbatim(x), r.objectMeta(x), generated(genAddr)
			case cc.Function:
				return r.verbatim(x), metaWild, generated(genAddr)
			}
			if d := declOf(x); d != nil && r.hasCompanion(d) {
				return r.verbatim(x), r.companion(d), r.companionProv(d)
			}
			if isDataPtr(t) {
				var place frag
				place.str("&")
				place.cat(r.verbatim(x))
				return r.load(x, place, r.objectTag(x))
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if valueMember(x) {
				return r.opaqueFrag(r.generic(x))
			}
			return r.ptrLvalue(x)
		case cc.PostfixExpressionCall:
			return r.call(x, true)
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			return r.incDec(x, x.PostfixExpression, x.Token, true, true)
		case cc.PostfixExpressionComplit:
			// a compound literal is a stack object; wrapping it would end
			// its lifetime early
			return r.generic(x), metaWild, generated(genAddr)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			if r.readsLibcTable(x) {
				return r.access(x, false, defUse), metaWild, generated(genExtern)
			}
			if r.vaArg(x) == nil {
				return r.ptrLvalue(x)
			}
		case cc.UnaryExpressionAddrof:
			return r.addrOf(x)
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return r.incDec(x, x.UnaryExpression, x.Token, false, true)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && isPtrLike(x.CastExpression.Type()) {
			code, meta, pv := r.ptrExpr(x.CastExpression)
			return r.castOf(x, code), meta, pv
		}
	case *cc.AdditiveExpression:
		// pointer arithmetic keeps the provenance of its pointer: the
		// step receiving the result shows the arithmetic
		if x.Case == cc.AdditiveExpressionAdd || x.Case == cc.AdditiveExpressionSub {
			lt, rt := x.AdditiveExpression.Type(), x.MultiplicativeExpression.Type()
			var f frag
			switch {
			case isPtrLike(lt) && !isPtrLike(rt):
				code, meta, pv := r.ptrExpr(x.AdditiveExpression)
				f.cat(code)
				f.tok(x.Token)
				f.cat(r.expr(x.MultiplicativeExpression))
				return f, meta, pv
			case isPtrLike(rt) && !isPtrLike(lt) && x.Case == cc.AdditiveExpressionAdd:
				code, meta, pv := r.ptrExpr(x.MultiplicativeExpression)
				f.cat(r.expr(x.AdditiveExpression))
				f.tok(x.Token)
				f.cat(code)
				return f, meta, pv
			}
		}
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return r.assign(x, true)
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond && x.ExpressionList != nil {
			return r.conditional(x)
		}
	case *cc.ExpressionList: // a, b: the value is the last one
		var f frag
		if x.Token.Seq() != 0 {
			f.tok(x.Token) // the comma before this element
		}
		if x.ExpressionList == nil {
			code, meta, pv := r.ptrExpr(x.AssignmentExpression)
			f.cat(code)
			return f, meta, pv
		}
		defer r.avail.pop(len(r.avail.seq))
		f.cat(r.cleanPart(x.AssignmentExpression, func() frag {
			return r.avail.before(func() frag { return r.expr(x.AssignmentExpression) })
		}))
		var code frag
		var meta string
		var pv prov
		f.cat(r.cleanPart(x.ExpressionList, func() frag {
			code, meta, pv = r.ptrExpr(x.ExpressionList)
			return code
		}))
		return f, meta, pv
	}
	return r.opaque(n)
}

// readsLibcTable reports whether x reads libc's pointer to its table of
// character classes (ctype.h's isalpha: *__ctype_b_loc()): its meta is
// WILD, with no slot's shadow to ask (libc wrote it).
func (r *rewriter) readsLibcTable(x *cc.UnaryExpression) bool {
	call, ok := unparen(x.CastExpression).(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall {
		return false
	}
	name := calleeName(call)
	return libcTables[name] && r.isSystem(call, name)
}

// stmtExprPtr rewrites a statement expression ({ ...; e; }) whose value,
// e, is a pointer: the meta of e is kept, before the block's end retires
// its locals (a pointer to one of them is then dangling, as it should be).
func (r *rewriter) stmtExprPtr(x *cc.PrimaryExpression) (frag, string, prov, bool) {
	last := lastExprStmt(x.CompoundStatement)
	if last == nil || last.ExpressionList == nil {
		return nil, "", prov{}, false
	}
	m, w := r.metaTemp(), r.wordTemp()
	outer := r.valueStmt
	r.valueStmt = valueStmt{last, m, w}
	defer func() { r.valueStmt = outer }()
	var f frag
	f.tok(x.Token)
	f.cat(r.stmtExprBody(x.CompoundStatement))
	f.tok(x.Token2)
	return f, m, w, true
}

// valueStmt is the last statement of a pointer-valued statement
// expression being rewritten, and the variables receiving its meta and
// provenance.
type valueStmt struct {
	stmt *cc.ExpressionStatement
	meta string
	prov prov
}

// value rewrites the valueStmt.
func (r *rewriter) value(x *cc.ExpressionStatement) frag {
	code, meta, pv := r.ptrExpr(x.ExpressionList)
	f := r.keepValue(code, func(string) string {
		return r.valueStmt.meta + " = " + meta + ", " + r.valueStmt.prov.word + " = " + r.moved(pv)
	})
	f.tok(x.Token)
	return f
}

// keepValue renders code's value, running the statement after(v) once it
// is known as v: ({ __auto_type v = code; after(v); v; }).
func (r *rewriter) keepValue(code frag, after func(v string) string) frag {
	v := r.name("__ml_v")
	var f frag
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(code)
	f.strf("; %s; %s; })", after(v), v)
	return f
}

// opaque gives a pointer we cannot follow the meta the runtime derives
// from its value.
func (r *rewriter) opaque(n cc.ExpressionNode) (frag, string, prov) {
	return r.opaqueFrag(r.expr(n))
}

// ptrLvalue rewrites a pointer-typed (or array-typed) lvalue read for its
// value: an array decays to a pointer with its container's meta; a pointer
// is loaded with the meta stored beside it.
//
// An array reached through a pointer (p->buf) keeps that pointer's
// provenance, as pointer arithmetic does; a named one is an address made
// here.
func (r *rewriter) ptrLvalue(n cc.ExpressionNode) (frag, string, prov) {
	if isArray(n) {
		if !throughPointer(n) {
			return r.generic(n), r.objectMeta(n), generated(genAddr)
		}
		l := r.lvalue(n, useAddr)
		var f frag
		f.str("(*")
		f.cat(paren(l.addr))
		f.str(")")
		return f, l.meta, l.prov
	}
	place, tag := r.place(n, false, defNone)
	return r.load(n, place, tag)
}

// load reads the pointer lvalue n at place (an expression of
// pointer-to-pointer type, checked already) and fetches its meta from the
// shadow; its provenance is the slot's address (the runtime finds the step
// that stored the value there when a report needs it). Unoptimised, in a
// function whose temporaries are side words, one call does it all
// (__ml_ld_at), place its last argument, as a check's address is
// (addressUnheld): variables holding the slot's address and the value, and
// the side word's address computed before __ml_ld's call, would each take
// a callee-saved register of the frame. (Not a va_list: cc types it as a
// pointer, gcc as an array, whose value is its address.)
func (r *rewriter) load(n cc.ExpressionNode, place frag, tag string) (frag, string, prov) {
	m, w := r.metaTemp(), r.wordTemp()
	var f frag
	if r.fn.side != nil && r.addressUnheld(n) && !isVaList(n.Type()) {
		f.str("((__typeof__(")
		f.cat(r.verbatim(n))
		f.strf("))__ml_ld_at(&%s, &%s, %s, (__ml_uptr)(", m, w.word, tag)
		f.cat(place)
		f.str(")))")
		return f, m, w
	}
	p, v := r.name("__ml_a"), r.name("__ml_v")
	f.str("__extension__({ register __auto_type " + p + " = ")
	f.cat(place)
	if old, ok := r.reload(n, tag); ok {
		f.strf("; register __auto_type %s = *%s; %s = %s; %s = (__ml_uptr)%s; %s; })", v, p, m, old, w.word, p, v)
		return f, m, w
	}
	ld := "__ml_ld"
	if r.sealedMember(n) {
		ld = "__ml_ld_sealed"
	}
	f.strf("; register __auto_type %s = *%s; %s = %s((__ml_uptr)%s, (__ml_uptr)%s, %s); %s = (__ml_uptr)%s; %s; })", v, p, m, ld, p, v, tag, w.word, p, v)
	r.noteLoad(n, tag, m)
	return f, m, w
}

// movesAt reports whether pointer lvalue n moves in place through one call
// (moveAt), as load reads one: in a function whose temporaries are side
// words, when the check passes n's address last (addressUnheld), n's text
// naming its type and its target's size; not in a memory graph's trace,
// nor for void's (whose size gcc warns of as it does not of p++).
func (r *rewriter) movesAt(n cc.ExpressionNode) bool {
	pt, ok := n.Type().(*cc.PointerType)
	return ok && pt.Elem().Kind() != cc.Void && r.fn.side != nil && !r.c.graph && r.addressUnheld(n)
}

// moveAt moves pointer lvalue n in place by the target's size times
// by (by's text ends with the multiplication; a decrement's is a
// negation), its meta and provenance stored into m and w at step site:
// the new value, or the old one if post (p++).
func (r *rewriter) moveAt(n cc.ExpressionNode, by frag, m string, w prov, site string, post bool) frag {
	place, tag := r.place(n, true, defUse)
	var size frag
	size.cat(by)
	size.str("sizeof(*(")
	size.cat(r.verbatim(n))
	size.str("))")
	var f frag
	f.str("((__typeof__(")
	f.cat(r.verbatim(n))
	f.strf("))(__ml_move_at(&%s, &%s, %s, %s, ", m, w.word, tag, site)
	f.cat(size)
	f.str(", (__ml_uptr)(")
	f.cat(place)
	f.str("))")
	if post {
		f.str(" - (")
		f.cat(size)
		f.str(")")
	}
	f.str("))")
	return f
}

// addrOf rewrites &E: no access happens; the result has the meta of the
// pointer E was reached through, and its provenance (&p->f is pointer
// arithmetic), or is the address of a named object made here.
func (r *rewriter) addrOf(x *cc.UnaryExpression) (frag, string, prov) {
	e := x.CastExpression
	if throughPointer(e) && !r.noAddress(e) {
		l := r.lvalue(e, useAddr)
		return paren(l.addr), l.meta, l.prov
	}
	var f frag
	f.tok(x.Token)
	f.cat(r.addressed(e))
	return f, r.objectMeta(e), generated(genAddr)
}

// memberAddrValue renders &p->f whose value alone is wanted (a
// comparison's operand: Lua's eqshrstr(keystrval(n), key) is
// &((union GCUnion *)n->u.key_val.gc)->ts == key), with p a pointer read
// from memory: p is read as a pointer compared is (its access checked,
// valuePtr), not loaded with the meta its shadow keeps, which nothing
// would read (__ml_ld is volatile asm, so gcc kept the unused fetch:
// 17 instructions). No access is made through p, so no check needs it.
// Not with full checking, where p's read as a compared value's would
// report an undefined p that its load leaves to a dereference.
func (r *rewriter) memberAddrValue(x *cc.UnaryExpression) (frag, bool) {
	e, ok := unparen(x.CastExpression).(*cc.PostfixExpression)
	if r.c.full || !ok || e.Case != cc.PostfixExpressionPSelect || r.noAddress(e) {
		return nil, false
	}
	code, ok := r.valuePtr(e.PostfixExpression)
	if !ok {
		return nil, false
	}
	var f frag
	f.str("(&")
	f.cat(paren(code))
	f.tok(e.Token)
	f.tok(e.Token2)
	f.str(")")
	return f, true
}

// valuePtr renders pointer n, read from memory (seen through parentheses
// and pointer casts), for its value alone: the read checked as any
// scalar's (access), no meta fetched. ok false for any other pointer.
func (r *rewriter) valuePtr(n cc.ExpressionNode) (frag, bool) {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case != cc.PrimaryExpressionExpr {
			return nil, false
		}
		in := x.ExpressionList
		if l, ok := in.(*cc.ExpressionList); ok {
			if l.ExpressionList != nil {
				return nil, false
			}
			in = l.AssignmentExpression
		}
		code, ok := r.valuePtr(in)
		if !ok {
			return nil, false
		}
		var f frag
		f.tok(x.Token)
		f.cat(code)
		f.tok(x.Token2)
		return f, true
	case *cc.CastExpression:
		if x.Case != cc.CastExpressionCast || !isDataPtr(x.Type()) || !isDataPtr(x.CastExpression.Type()) {
			return nil, false
		}
		code, ok := r.valuePtr(x.CastExpression)
		if !ok {
			return nil, false
		}
		return r.castOf(x, code), true
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if isDataPtr(x.Type()) && !valueMember(x) && throughPointer(x) && !r.noAddress(x) {
				return r.access(x, false, defUse), true
			}
		}
	}
	return nil, false
}

// assign rewrites an assignment. A pointer stored into memory has its meta
// stored beside it and the store is a step; a pointer local's companions
// follow the assignment (its step pending).
func (r *rewriter) assign(x *cc.AssignmentExpression, wantMeta bool) (frag, string, prov) {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	t := lhs.Type()
	if !isDataPtr(t) {
		return r.assignValue(x), metaWild, generated(genNone)
	}
	d := declOfExpr(lhs)
	if x.Case == cc.AssignmentExpressionAssign {
		code, meta, pv := r.ptrExpr(rhs)
		v := r.name("__ml_v")
		var f frag
		site := r.lossSite(x, lhs)
		if d != nil && r.hasCompanion(d) {
			set := r.setCompanion(d, meta, pv, site, rhs)
			m := r.companion(d)
			root := r.graphRoot(lhs, "0", v, site)
			if independent(code, meta, pv) && root == "" {
				f.strf("(%s,", set)
				f.cat(r.verbatim(lhs))
				f.tok(x.Token)
				f.cat(code)
				f.str(")")
				return f, m, r.companionProv(d)
			}
			if !r.c.optimizing && root == "" && !d.IsVolatile() {
				// unoptimised, the variable holds the value while its
				// companions are set: a register variable would take a
				// callee-saved register of the frame (set reads no d)
				f.str("__extension__({ ")
				f.cat(r.verbatim(lhs))
				f.tok(x.Token)
				f.cat(code)
				f.strf("; %s; ", set)
				f.cat(r.verbatim(lhs))
				f.str("; })")
				return f, m, r.companionProv(d)
			}
			f.str("__extension__({ register __auto_type " + v + " = ")
			f.cat(code)
			f.strf("; %s;", set)
			f.cat(r.verbatim(lhs))
			f.tok(x.Token)
			f.str(v + ";" + root + " ")
			if d.IsVolatile() {
				f.str(v)
			} else {
				// the value read back from the variable, as the native
				// (p = x) >= y reads it: gcc would otherwise warn that p
				// is set but not used
				f.cat(r.verbatim(lhs))
			}
			f.str("; })")
			return f, m, r.companionProv(d)
		}
		p := r.name("__ml_a")
		place, tag := r.place(lhs, true, defNone) // __ml_st defines the slot
		target := func() {
			f.str("register __auto_type " + p + " = ")
			f.cat(place)
			f.str(";")
		}
		store := func() { f.strf("%s *%s = %s; })", r.graphStore(lhs, p, v, site), p, v) }
		if r.storeInWords(lhs) {
			// unoptimised, the address is a word of the side frame, not a
			// register variable gcc -O0 would keep in a callee-saved
			// register across __ml_sta's call; lhs's text names its type
			p = r.heldWord()
			target = func() {
				f.str(p + " = (__ml_uptr)(")
				f.cat(place)
				f.str(");")
			}
			store = func() {
				if r.misaligned(lhs) {
					u := r.name("__ml_u")
					f.cat(unalignedType(r.verbatim(lhs), u))
					f.strf(" *(%s *)%s = %s; })", u, p, v)
					return
				}
				f.str("*(__typeof__(")
				f.cat(r.verbatim(lhs))
				f.strf(") *)%s = %s; })", p, v)
			}
		}
		value := func() {
			f.str("register __auto_type " + v + " = ")
			f.cat(code)
			f.str(";")
		}
		f.str("__extension__({")
		r.assignOrder(rhs, value, target)
		// (a local's pending step goes into the ring once, whatever
		// stores it; a call's result only if the store is a step)
		src := pv
		if r.isCompanionProv(pv) {
			src = prov{"0", r.moved(pv)}
		}
		// (the trace's call before the store: the store's value is the
		// statement expression's)
		if loss := r.lossArg(site); loss != "0" || src.pending() {
			sta, hands := "__ml_sta", ""
			if h := r.storeHanded(lhs, rhs); h != "" {
				sta, hands = "__ml_sta_handed", ", "+h
			}
			if loss != "0" && sameSlot(lhs, rhs) {
				// (the value read from the slot it goes back into)
				if hands == "" {
					hands = ", 0"
				}
				sta = "__ml_sta_same"
			}
			f.strf("%s((__ml_uptr)%s, (__ml_uptr)%s, %s, %s, %s, %s, %s, %s%s);", sta, p, v, meta, tag, loss, site, src.site, src.word, hands)
		} else {
			f.strf("__ml_sta_set((__ml_uptr)%s, (__ml_uptr)%s, %s, %s, %s, %s);", p, v, meta, tag, site, src.word)
		}
		store()
		return f, meta, pv
	}
	// p += n, p -= n: the same value moved, which keeps its steps
	if d != nil && r.hasCompanion(d) {
		var f frag
		f.cat(r.verbatim(lhs))
		f.tok(x.Token)
		f.cat(r.expr(rhs))
		return f, r.companion(d), r.companionProv(d)
	}
	// the value of a compound assignment is evaluated before its target
	m, w := r.metaTemp(), r.wordTemp()
	if r.movesAt(lhs) && pureArg(rhs, nil) {
		// (nothing the target's evaluation does changes a pure value)
		var by frag
		if x.Case == cc.AssignmentExpressionSub {
			by.str("(__ml_uptr)0 - ")
		}
		by.str("(__ml_uptr)(")
		by.cat(r.expr(rhs))
		by.str(") * ")
		return r.moveAt(lhs, by, m, w, r.stSite(x, lhs), false), m, w
	}
	p, n := r.name("__ml_a"), r.name("__ml_v")
	place, tag := r.place(lhs, true, defUse)
	var f frag
	f.str("__extension__({ register __auto_type " + n + " = ")
	f.cat(r.expr(rhs))
	f.str("; register __auto_type " + p + " = ")
	f.cat(place)
	old, tv := r.name("__ml_v"), r.name("__ml_v")
	f.strf("; register __auto_type %s = *%s; register __auto_type %s = %s; %s", old, p, tv, old, tv)
	f.tok(x.Token)
	// published before the store: the slot still holds the old value
	f.strf("%s; %s = __ml_move((__ml_uptr)%s, (__ml_uptr)%s, (__ml_uptr)%s, %s, %s); %s = (__ml_uptr)%s;%s *%s = %s; })", n, m, p, old, tv, tag, r.stSite(x, lhs), w.word, p, r.graphMove(x, lhs, p, tv), p, tv)
	return f, m, w
}

// storesCopy reports whether lhs = rhs stores a copy of rhs's value with
// its definedness into tracked memory.
func (r *rewriter) storesCopy(lhs, rhs cc.ExpressionNode) bool {
	t := lhs.Type()
	_, inMem := r.memLocal(lhs)
	return t != nil && (cc.IsArithmeticType(t) || originType(t)) && !r.noAddress(lhs) && (needsCheck(lhs) || inMem) && r.copySourceKind(rhs)
}

// storedCopy rewrites assignment x, which storesCopy, and returns the
// variable left holding the value's origin when wantOrigin (an assignment
// whose value is copied on: p->r = p->g = v), else "".
func (r *rewriter) storedCopy(x *cc.AssignmentExpression, wantOrigin bool) (frag, string) {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	var code frag
	mark, args, held := "__ml_def_v", "", ""
	if s, ok := r.selfUpdate(lhs, rhs); ok && !wantOrigin {
		code = s.code
		mark, args = "__ml_def_update", s.old+", "+s.ops+", "+s.keep+", "+s.flip
	} else {
		code, args = r.assignedSource(lhs, rhs)
		if wantOrigin {
			held = r.originTemp()
			args = held + " = " + args
		}
	}
	p, v := r.name("__ml_a"), r.name("__ml_v")
	place, meta := r.place(lhs, true, defNone)
	var f frag
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(code)
	f.str("; register __auto_type " + p + " = ")
	f.cat(place)
	f.strf("; *%s = %s; %s((__ml_uptr)%s, sizeof(*%s), %s, %s, %s);%s *%s; })", p, v, mark, p, p, args, meta, r.lossSite(x, lhs), r.graphData(x, lhs, p), p)
	return f, held
}

// assignValue rewrites an assignment of a non-pointer value. A struct copy
// carries its pointers' metas and its definedness along; a scalar copied
// from a plain lvalue carries its definedness (a copy is not a use).
func (r *rewriter) assignValue(x *cc.AssignmentExpression) frag {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	t := lhs.Type()
	var f frag
	if x.Case != cc.AssignmentExpressionAssign {
		if f, ok := r.carriedUpdate(x); ok {
			return f
		}
		if o := r.valueOrigin(declOfExpr(lhs)); o != "" {
			f.str("(" + r.valueCheck(o, lhs) + ", ")
			f.cat(r.verbatim(lhs))
			f.tok(x.Token)
			f.cat(r.expr(rhs))
			f.str(")")
			return f
		}
		if r.tracesData(lhs) {
			return r.graphUpdate(x)
		}
		target, value := r.targetValue(rhs, true, func() frag { return r.access(lhs, true, defUpdate) })
		f.cat(target)
		f.tok(x.Token)
		f.cat(value)
		return f
	}
	aggregate := t != nil && (t.Kind() == cc.Struct || t.Kind() == cc.Union)
	if aggregate && !isLvalueExpr(lhs) {
		// a register variable's: no address to keep its pointers'
		// shadow at (valueMember reads them by value)
		return r.generic(x)
	}
	if aggregate && isObjectExpr(rhs) && (hasPtrs(t, 0) || r.tracksDef()) {
		d, s := r.name("__ml_a"), r.name("__ml_a")
		dst, dtag := r.place(lhs, true, defNone)
		src, stag := r.objectPlace(rhs)
		f.str("__extension__({ register __auto_type " + d + " = ")
		f.cat(dst)
		f.str("; register __auto_type " + s + " = ")
		f.cat(src)
		f.strf("; *%s = *%s;", d, s)
		site := r.copySite(x, lhs)
		if hasPtrs(t, 0) {
			f.strf(" __ml_copy(%s, %s, sizeof(*%s), %s, %s, %s);", d, s, d, dtag, stag, site)
		}
		if r.tracksDef() {
			copyDef := "__ml_def_copy"
			if throughPointer(lhs) && !r.noAddress(lhs) { // (maybe into a frame memlens does not see)
				copyDef = "__ml_def_copy_through"
			}
			f.strf(" %s((__ml_uptr)%s, (__ml_uptr)%s, sizeof(*%s), %s, %s, %s);", copyDef, d, s, d, dtag, stag, site)
		}
		f.strf(" *%s; })", d)
		return f
	}
	if r.fn != nil && r.copiesResult(t) {
		if fn := calledByName(rhs); fn != "" && r.defined[fn] {
			// a struct returned: its pointers' steps (and its bytes'
			// definedness) follow (resultCopy)
			d := r.name("__ml_a")
			dst, dtag := r.place(lhs, true, defStore)
			f.str("__extension__({ register __auto_type " + d + " = ")
			f.cat(dst)
			f.str("; *" + d + " = ")
			f.cat(r.expr(rhs))
			f.strf("; %s; *%s; })", r.resultCopy(d, "", dtag, fn, r.copySite(x, lhs), t), d)
			return f
		}
	}
	if aggregate && hasPtrs(t, 0) && r.fn != nil {
		if lit, ok := unparen(rhs).(*cc.PostfixExpression); ok && lit.Case == cc.PostfixExpressionComplit &&
			!hasSideEffects(lhs) && !hasSideEffects(rhs) {
			// (the target's address first: nothing either side does
			// changes the other's)
			d := r.name("__ml_a")
			dst, dtag := r.place(lhs, true, defStore)
			f.str("__extension__({ register __auto_type " + d + " = ")
			f.cat(dst)
			f.strf("; %s; *%s = ", forgetShadow(d), d)
			f.cat(r.literalInto(lit, initTarget{obj: "(*" + d + ")", name: toText(cc.NodeSource(lhs)), tag: dtag}))
			f.strf("; *%s; })", d)
			return f
		}
		// a struct from no object (a compound literal, a library's
		// result): no shadow came with its bytes (forgetShadow)
		d, v := r.name("__ml_a"), r.name("__ml_v")
		dst, _ := r.place(lhs, true, defStore)
		f.str("__extension__({")
		value := func() {
			f.str(" register __auto_type " + v + " = ")
			f.cat(r.expr(rhs))
			f.str(";")
		}
		target := func() {
			f.str(" register __auto_type " + d + " = ")
			f.cat(dst)
			f.str(";")
		}
		r.assignOrder(rhs, value, target)
		f.strf(" *%s = %s; %s; *%s; })", d, v, forgetShadow(d), d)
		return f
	}
	if o := r.valueOrigin(declOfExpr(lhs)); o != "" {
		var code frag
		org := "0"
		if r.copySourceKind(rhs) {
			code, org = r.assignedSource(lhs, rhs)
		} else {
			code = r.expr(rhs)
		}
		return r.originAssign(lhs, x.Token, code, o+" = "+org)
	}
	if r.storesCopy(lhs, rhs) {
		f, _ := r.storedCopy(x, false)
		return f
	}
	if r.tracesData(lhs) {
		return r.graphAssign(x)
	}
	if f, ok := r.bitfieldStore(x); ok {
		return f
	}
	target, value := r.targetValue(rhs, false, func() frag { return r.access(lhs, true, defStore) })
	f.cat(target)
	f.tok(x.Token)
	f.cat(value)
	return f
}

// targetValue renders an assignment's target (with target) and its value
// rhs, written target first. When the compiler evaluates the value first
// (always for a compound assignment), the checks the value makes whenever
// it runs are facts for the target's: *t = !*t checks the write's
// read-only test alone.
func (r *rewriter) targetValue(rhs cc.ExpressionNode, compound bool, target func() frag) (frag, frag) {
	if !compound && !r.c.order.assignRHSFirst && isCall(rhs) {
		return target(), r.expr(rhs)
	}
	defer r.avail.pop(len(r.avail.seq))
	v := r.avail.before(func() frag { return r.expr(rhs) })
	return target(), v
}

// independent reports whether meta and provenance v can be evaluated
// before code: constants, or those of code that runs nothing of ours.
func independent(code frag, meta string, v prov) bool {
	return plain(code) || (meta == metaNull || meta == metaWild) && v.constant()
}

// incDec rewrites ++/-- (prefix or postfix): on a pointer in memory the
// stored value changes, so its shadow copy is refreshed. The pointer
// keeps its provenance (the same value moved): no step.
func (r *rewriter) incDec(n, operand cc.ExpressionNode, op cc.Token, post, wantMeta bool) (frag, string, prov) {
	if !isDataPtr(operand.Type()) {
		// the value keeps its definedness: a register local its origin
		if f, ok := r.carriedIncDec(n, operand, op, post); ok {
			return f, metaWild, generated(genNone)
		}
		if r.tracesData(operand) {
			return r.graphIncDec(n, operand, op, post), metaWild, generated(genNone)
		}
		var f frag
		if !post {
			f.tok(op)
		}
		if r.valueOrigin(declOfExpr(operand)) != "" {
			f.cat(r.verbatim(operand))
		} else {
			f.cat(r.access(operand, true, defUpdate))
		}
		if post {
			f.tok(op)
		}
		return f, metaWild, generated(genNone)
	}
	if d := declOfExpr(operand); d != nil && r.hasCompanion(d) {
		return r.verbatim(n), r.companion(d), r.companionProv(d)
	}
	m, w := r.metaTemp(), r.wordTemp()
	if r.movesAt(operand) {
		var by frag
		if op.SrcStr() == "--" {
			by.str("(__ml_uptr)0 - ")
		}
		return r.moveAt(operand, by, m, w, r.stSite(n, operand), post), m, w
	}
	return r.moveInPlace(n, operand, op, post, m, w), m, w
}

// movedValues opens the statement expression of a move of pointer lvalue
// operand in place (++ or -- op): its place p, old value v and new one t
// declared, t's operator applied, and the tag of the place's shadow.
func (r *rewriter) movedValues(operand cc.ExpressionNode, op cc.Token) (f frag, p, v, t, tag string) {
	p, v = r.name("__ml_a"), r.name("__ml_v")
	place, tag := r.place(operand, true, defUse)
	f.str("__extension__({ register __auto_type " + p + " = ")
	f.cat(place)
	t = r.name("__ml_v")
	f.strf("; register __auto_type %s = *%s; register __auto_type %s = %s;", v, p, t, v)
	f.tok(op)
	f.str(t)
	return f, p, v, t, tag
}

// moveInPlace rewrites p++, p--, ++p or --p (n) of pointer lvalue operand
// p in memory, its meta and provenance set in m and w.
func (r *rewriter) moveInPlace(n, operand cc.ExpressionNode, op cc.Token, post bool, m string, w prov) frag {
	f, p, v, t, tag := r.movedValues(operand, op)
	// published before the store: the slot still holds the old value
	f.strf("; %s = __ml_move((__ml_uptr)%s, (__ml_uptr)%s, (__ml_uptr)%s, %s, %s); %s = (__ml_uptr)%s;%s *%s = %s;", m, p, v, t, tag, r.stSite(n, operand), w.word, p, r.graphMove(n, operand, p, t), p, t)
	if post {
		f.str(v + "; })")
	} else {
		f.str(t + "; })")
	}
	return f
}

// conditional rewrites c ? a : b yielding a pointer: each branch leaves its
// meta and provenance in variables. A null-constant branch keeps its form
// (so the expression's type does not change): the variables are set to
// NULL's before the condition, for it.
func (r *rewriter) conditional(x *cc.ConditionalExpression) (frag, string, prov) {
	m, w := r.metaTemp(), r.wordTemp()
	null := false
	branch := func(e cc.ExpressionNode) frag {
		if isNullConst(e) {
			null = true
			return r.verbatim(e)
		}
		code, meta, pv := r.ptrExpr(e)
		return r.keepValue(code, func(string) string { return m + " = " + meta + ", " + w.word + " = " + r.moved(pv) })
	}
	defer r.avail.pop(len(r.avail.seq))
	var f frag
	f.cat(r.cleanPart(x.LogicalOrExpression, func() frag {
		return r.avail.before(func() frag { return r.expr(x.LogicalOrExpression) })
	}))
	f.tok(x.Token)
	f.cat(r.cleanPart(x.ExpressionList, func() frag {
		return r.conditionally(func() frag { return branch(x.ExpressionList) })
	}))
	f.tok(x.Token2)
	f.cat(r.cleanPart(x.ConditionalExpression, func() frag {
		return r.conditionally(func() frag { return branch(x.ConditionalExpression) })
	}))
	if null {
		var g frag
		g.strf("(%s = %s, %s = %s,", m, metaNull, w.word, genNull)
		g.cat(f)
		g.str(")")
		f = g
	}
	return f, m, w
}

// vaArg prints back gcc's __builtin_va_arg(ap, type), which reaches us as
// *(type*)__ml_va_arg(ap); nil when x is not that.
func (r *rewriter) vaArg(x *cc.UnaryExpression) frag {
	return r.vaArgText(x, func(n cc.Node) frag { return r.expr(n.(cc.ExpressionNode)) })
}

// vaArgParts are the va_list operand and the type's tokens (the macro's
// '*' included) of x when it is *(type*)__ml_va_arg(ap).
func vaArgParts(x *cc.UnaryExpression) (cc.ExpressionNode, []cc.Token) {
	call := vaArgCall(x)
	if x.Case != cc.UnaryExpressionDeref || call == nil {
		return nil, nil
	}
	toks := cc.NodeTokens(x.CastExpression.(*cc.CastExpression).TypeName)
	if len(toks) == 0 {
		return nil, nil
	}
	return call.ArgumentExpressionList.AssignmentExpression, toks
}

// vaArgText is vaArg with the va_list operand rendered by operand.
func (r *rewriter) vaArgText(x *cc.UnaryExpression, operand func(cc.Node) frag) frag {
	ap, toks := vaArgParts(x)
	if ap == nil {
		return nil
	}
	var f frag
	f.str("__builtin_va_arg(")
	f.cat(operand(ap))
	f.str(",")
	for _, t := range toks[:len(toks)-1] { // drop the '*' the macro added
		f.tok(t)
	}
	f.str(")")
	return f
}

// vaArgCall is the __ml_va_arg(ap) call of x when x is
// *(type*)__ml_va_arg(ap), gcc's __builtin_va_arg(ap, type); else nil.
func vaArgCall(x *cc.UnaryExpression) *cc.PostfixExpression {
	ce, ok := x.CastExpression.(*cc.CastExpression)
	if !ok || ce.Case != cc.CastExpressionCast {
		return nil
	}
	call, ok := ce.CastExpression.(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall || calleeName(call) != vaArgMarker || call.ArgumentExpressionList == nil {
		return nil
	}
	return call
}

// isCall reports whether n is a function call, under parentheses and casts.
func isCall(n cc.ExpressionNode) bool {
	return callOf(n) != nil
}

// callOf is the call n is, under parentheses and casts, or nil.
func callOf(n cc.ExpressionNode) *cc.PostfixExpression {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return callOf(x.ExpressionList)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			return callOf(x.CastExpression)
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionCall {
			return x
		}
	case *cc.ExpressionList:
		if x.ExpressionList == nil {
			return callOf(x.AssignmentExpression)
		}
	}
	return nil
}

// declOf returns the declarator an identifier expression refers to.
func declOf(x *cc.PrimaryExpression) *cc.Declarator {
	switch d := x.ResolvedTo().(type) {
	case *cc.Declarator:
		return d
	case *cc.Parameter:
		return d.Declarator
	}
	return nil
}

// declOfExpr returns the declarator of n when n is a (parenthesised) name.
func declOfExpr(n cc.ExpressionNode) *cc.Declarator {
	if x, ok := unparen(n).(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
		return declOf(x)
	}
	return nil
}

func isBitfield(n cc.ExpressionNode) bool {
	x, ok := n.(*cc.PostfixExpression)
	if !ok || (x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect) {
		return false
	}
	f := x.Field()
	return f != nil && f.IsBitfield()
}

// noAddress reports whether gcc refuses the address of lvalue n: a
// bit-field, or an arithmetic scalar stored in reverse byte order (gcc
// stores pointers in the native order, and gives their address).
// autoInit is code, the value of e, as the initializer of an __auto_type
// temporary: gcc refuses a bit-field's there, so such a value is promoted
// as an operator or a call would promote it.
func (r *rewriter) autoInit(e cc.ExpressionNode, code frag) frag {
	if !r.noAddress(unparen(e)) {
		return code
	}
	var f frag
	f.str("+(")
	f.cat(code)
	f.str(")")
	return f
}

func (r *rewriter) noAddress(n cc.ExpressionNode) bool {
	n = unparen(n) // (m4's `((sym)->macro_args) = v;`, a bit-field in parentheses)
	if isBitfield(n) {
		return true
	}
	t := n.Type()
	return t != nil && cc.IsArithmeticType(t) && r.reverseOrder(n)
}

// reverseOrder reports whether lvalue n is a member (or an element of an
// array member) of a struct stored big-endian, the opposite of x86-64's
// order, byte-swapped: one declared
// __attribute__((scalar_storage_order("big-endian"))), or without the
// attribute where `#pragma scalar_storage_order big-endian` is in force.
func (r *rewriter) reverseOrder(n cc.ExpressionNode) bool {
	x, ok := n.(*cc.PostfixExpression)
	if !ok {
		return false
	}
	switch x.Case {
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		a := containerType(x).Attributes()
		for _, name := range []string{"scalar_storage_order", "__scalar_storage_order__"} {
			if v := a.AttrValue(name); len(v) == 1 {
				return v[0] == cc.StringValue("big-endian\x00")
			}
		}
		if f := x.Field(); f != nil && f.Declarator() != nil {
			pos := f.Declarator().Position()
			return !isOurSource(pos.Filename) && r.unit.bigEndianAt(r.unit.origOffset(pos.Offset))
		}
	case cc.PostfixExpressionIndex:
		return isArray(x.PostfixExpression) && r.reverseOrder(unparen(x.PostfixExpression))
	}
	return false
}

// reverseElement is the place of x, an element of an array member stored
// in reverse byte order (noAddress), selected from the struct holding the
// array: gcc gives no address of the element, and warns at the array's.
func (r *rewriter) reverseElement(x *cc.PostfixExpression, u use) lval {
	var l lval
	switch in := unparen(x.PostfixExpression).(*cc.PostfixExpression); in.Case {
	case cc.PostfixExpressionIndex: // a row of a matrix member
		l = r.reverseElement(in, u)
	case cc.PostfixExpressionPSelect:
		code, meta, pv := r.ptrExpr(in.PostfixExpression)
		l = lval{meta: meta, prov: pv, container: paren(code), member: selector(in)}
	default:
		s := r.lvalue(in.PostfixExpression, u)
		l = lval{meta: s.meta, prov: s.prov, container: s.addr, member: selector(in)}
	}
	l.bitfield = true
	l.member.tok(x.Token)
	l.member.cat(r.arrayIndex(x, u))
	l.member.tok(x.Token2)
	return l
}

// selector is the ".f" of member selection x (p->f or s.f).
func selector(x *cc.PostfixExpression) frag {
	var f frag
	f.str(".")
	f.tok(x.Token2)
	return f
}

// isPtrLike reports whether t is a pointer, or an array or function that
// decays to one.
func isPtrLike(t cc.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case cc.Ptr, cc.Array, cc.Function:
		return true
	}
	return false
}

// isNullConst reports whether n is a null pointer constant.
func isNullConst(n cc.ExpressionNode) bool {
	t := n.Type()
	if t == nil {
		return false
	}
	switch t.Kind() {
	case cc.Ptr:
		pt, ok := t.(*cc.PointerType)
		if !ok || pt.Elem().Kind() != cc.Void {
			return false
		}
	default:
		if !cc.IsIntegerType(t) {
			return false
		}
	}
	return isZeroValue(n.Value())
}

// isZeroValue reports whether v is an integer constant zero.
func isZeroValue(v cc.Value) bool {
	switch v := v.(type) {
	case cc.Int64Value:
		return v == 0
	case cc.UInt64Value:
		return v == 0
	}
	return false
}

// isZeroPointer reports whether n is a constant null pointer of any
// pointer type ((char *)NULL), which gcc takes for a call's sentinel as it
// does a null pointer constant.
func isZeroPointer(n cc.ExpressionNode) bool {
	if t := n.Type(); t == nil || t.Kind() != cc.Ptr {
		return false
	}
	if isZeroValue(n.Value()) {
		return true
	}
	// ((const char *)0: cc gives the cast of an integer no value)
	x, ok := unparen(n).(*cc.CastExpression)
	return ok && x.Case == cc.CastExpressionCast && (isNullConst(x.CastExpression) || isZeroPointer(x.CastExpression))
}

// valueMember reports whether x selects a member of a struct or union
// value that is no object in memory (a call's result: f().u.ptr, an
// assignment's, a register variable's): nothing to check, no address to
// take.
func valueMember(x *cc.PostfixExpression) bool {
	return x.Case == cc.PostfixExpressionSelect && !isLvalueExpr(x.PostfixExpression) && !isObjectExpr(x.PostfixExpression) &&
		!isComplit(x.PostfixExpression)
}

// isComplit reports whether n is a compound literal, an object.
func isComplit(n cc.ExpressionNode) bool {
	x, ok := unparen(n).(*cc.PostfixExpression)
	return ok && x.Case == cc.PostfixExpressionComplit
}

// isLvalueExpr reports whether n is syntactically an lvalue we can take the
// address of.
func isLvalueExpr(n cc.ExpressionNode) bool {
	if z, ok := complexPart(n); ok {
		return isLvalueExpr(z)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d := declOf(x)
			return d != nil && !d.IsRegister()
		case cc.PrimaryExpressionExpr:
			return isLvalueExpr(x.ExpressionList)
		}
	case *cc.UnaryExpression:
		// va_arg's value is none (mir's issue142.c: a struct from it)
		return x.Case == cc.UnaryExpressionDeref && vaArgCall(x) == nil
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionPSelect:
			return true
		case cc.PostfixExpressionSelect:
			return isLvalueExpr(x.PostfixExpression)
		}
	}
	return false
}

// complexPart returns z when n is one of its parts, __real__ z or
// __imag__ z, z a complex number: a part of an lvalue is an lvalue, which
// a store defines alone (`__real__ f[0] = 1.0`) and whose address may be
// taken (`&__real__ z`).
func complexPart(n cc.ExpressionNode) (cc.ExpressionNode, bool) {
	x, ok := n.(*cc.UnaryExpression)
	if !ok || x.Case != cc.UnaryExpressionReal && x.Case != cc.UnaryExpressionImag {
		return nil, false
	}
	z := x.UnaryExpression
	return z, z.Type() != nil && cc.IsComplexType(z.Type())
}

// partOf renders complex part n (complexPart) around the rendering of its
// number.
func partOf(n cc.ExpressionNode, number frag) frag {
	var f frag
	f.tok(n.(*cc.UnaryExpression).Token)
	f.cat(number)
	return f
}

// isObjectExpr reports whether n designates an object objectPlace can
// take the address of: an lvalue, or a conditional choosing between two.
func isObjectExpr(n cc.ExpressionNode) bool {
	n = unparen(n)
	if c, ok := n.(*cc.ConditionalExpression); ok && c.Case == cc.ConditionalExpressionCond {
		return c.ExpressionList != nil && isObjectExpr(c.ExpressionList) && isObjectExpr(c.ConditionalExpression)
	}
	return isLvalueExpr(n)
}

// objectPlace is the address of the object n designates (isObjectExpr),
// read, and the meta tagging its shadow.
func (r *rewriter) objectPlace(n cc.ExpressionNode) (frag, string) {
	n = unparen(n)
	c, ok := n.(*cc.ConditionalExpression)
	if !ok || c.Case != cc.ConditionalExpressionCond {
		return r.place(n, false, defNone)
	}
	m := r.metaTemp()
	arm := func(e cc.ExpressionNode) frag {
		place, tag := r.objectPlace(e)
		a := r.name("__ml_a")
		var f frag
		f.str("__extension__({ register __auto_type " + a + " = ")
		f.cat(place)
		f.strf("; %s = %s; %s; })", m, tag, a)
		return f
	}
	var f frag
	f.str("(")
	f.cat(r.expr(c.LogicalOrExpression))
	f.str(" ? ")
	f.cat(arm(c.ExpressionList))
	f.str(" : ")
	f.cat(arm(c.ConditionalExpression))
	f.str(")")
	return f, m
}

// hasPtrs reports whether t is a struct, union or array holding data
// pointers (at any depth).
func hasPtrs(t cc.Type, depth int) bool {
	if t == nil || depth > 8 {
		return false
	}
	switch x := t.(type) {
	case interface { // struct and union types
		NumFields() int
		FieldByIndex(int) *cc.Field
	}:
		for i := 0; i < x.NumFields(); i++ {
			f := x.FieldByIndex(i)
			if f != nil && (isDataPtr(f.Type()) || hasPtrs(f.Type(), depth+1)) {
				return true
			}
		}
	case *cc.ArrayType:
		return isDataPtr(x.Elem()) || hasPtrs(x.Elem(), depth+1)
	}
	return false
}

// assignOrder emits an assignment's value and target in the order the
// compiler evaluates them: the value first, unless it is a call and the
// compiler evaluates the target first.
func (r *rewriter) assignOrder(rhs cc.ExpressionNode, value, target func()) {
	if r.c.order.assignRHSFirst || !isCall(rhs) {
		value()
		target()
		return
	}
	target()
	value()
}

// castOf is the cast x's text around its operand's, code.
func (r *rewriter) castOf(x *cc.CastExpression, code frag) frag {
	var f frag
	f.tok(x.Token)
	f.cat(r.verbatim(x.TypeName))
	f.tok(x.Token2)
	f.cat(code)
	return f
}
