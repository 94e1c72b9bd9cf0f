package instrument

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// Definedness (UNINITIALIZED-READ). The runtime keeps one shadow bit per
// byte, set while the byte was never written: heap from malloc, and the
// locals kept in memory (arrays, structs, unions, scalars whose address is
// taken) declared without initializer, which are poisoned at their
// declaration. Stores clear the bits; a scalar read for a value that
// decides something checks them (a use); a copy carries them along
// instead: a struct assignment, memcpy, and a scalar assignment,
// initialization or update whose value is computed from plain lvalues
// (copySource). Scalar locals kept in registers have a companion origin
// variable instead (0: defined; otherwise where the undefined value came
// from), which gcc's optimizer folds away wherever the local is assigned
// on every path.

// defOp is what an access does to the definedness of the bytes it reaches.
type defOp int

const (
	defNone   defOp = iota // nothing (a copy the caller handles, or a pointer the store defines)
	defUse                 // the value is used: check it
	defStore               // the bytes are written
	defUpdate              // used, then written (x += 1, x++)
)

// tracksDef reports whether definedness is tracked in this function: only
// for full checking, and not where code we do not see (asm, nested
// functions) may write its locals.
func (r *rewriter) tracksDef() bool { return r.c.full && r.fn != nil && !r.fn.unseenWrites }

// storesDefine reports whether the stores of this function define the
// bytes they write: with full checking, also where its locals are not
// tracked (tracksDef), since what it writes through pointers is read
// elsewhere (an int an asm computes, stored through a parameter).
func (r *rewriter) storesDefine() bool { return r.c.full && r.fn != nil }

// memLocal returns the declaration site of the variable lvalue n (not
// reached through a pointer) lies in, when that variable's definedness is
// tracked as memory's: a memory local once its declaration is reached, or
// a variable of static storage (site -1: its bytes start defined, no
// declaration leaves them undefined), so that a value stored there keeps
// its definedness as in any other memory, as Valgrind's does, instead of
// being used by the store.
func (r *rewriter) memLocal(n cc.ExpressionNode) (int, bool) {
	d := rootDecl(n)
	if d == nil || r.fn == nil {
		return 0, false
	}
	if s, ok := r.fn.defLocals[d]; ok {
		return s, true
	}
	return -1, r.storesDefine() && staticVariable(d)
}

// staticVariable reports whether d is a variable of static storage whose
// bytes a store may leave undefined: not const (whose bytes are those of
// its initializer: a table of constants, of function pointers), not a
// global register variable, which has no address.
func staticVariable(d *cc.Declarator) bool {
	t := d.Type()
	if !(d.Linkage() != cc.None || d.IsStatic()) || t == nil || t.Kind() == cc.Function || d.IsRegister() || d.IsConst() {
		return false
	}
	for t.Kind() == cc.Array {
		t = t.(*cc.ArrayType).Elem()
	}
	// (a typedef's const is its type's; cc/v4 gives a pointer type its
	// pointee's, the declarator its own)
	return t.Kind() == cc.Ptr || !t.Attributes().IsConst()
}

// declRef is the C expression naming declaration site decl to the
// runtime, "0" for none (decl < 0).
func declRef(decl int) string {
	if decl < 0 {
		return "0"
	}
	return siteRef(decl)
}

// rootDecl is the variable lvalue n is part of (through members of
// structs and elements of arrays, not through pointers), or nil.
func rootDecl(n cc.ExpressionNode) *cc.Declarator {
	if z, ok := complexPart(n); ok {
		return rootDecl(z)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			return declOf(x)
		case cc.PrimaryExpressionExpr:
			return rootDecl(x.ExpressionList)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			return rootDecl(x.PostfixExpression)
		case cc.PostfixExpressionIndex:
			if isArray(x.PostfixExpression) {
				return rootDecl(x.PostfixExpression)
			}
		}
	case *cc.UnaryExpression:
		// *a, a's first element (mbedtls's mpi_uint p[1]; *p = ...)
		if x.Case == cc.UnaryExpressionDeref && isArray(x.CastExpression) {
			return rootDecl(x.CastExpression)
		}
	}
	return nil
}

// defOps is the code doing op on the object *p (of type t) reached through
// meta (decl: the site of the memory local it lies in, or -1), for an
// access at n; "" when there is nothing to do.
func (r *rewriter) defOps(p string, t cc.Type, meta string, decl int, n cc.Node, op defOp) string {
	if op == defNone || !r.storesDefine() || t == nil || t.IsIncomplete() {
		return ""
	}
	use := (op == defUse || op == defUpdate) && r.tracksDef() && cc.IsScalarType(t)
	def := op == defStore || op == defUpdate
	switch t.Kind() {
	case cc.Array, cc.Function, cc.Void:
		def = false
	}
	if decl < 0 && r.tracksDef() { // (bytes checked or written on every path here are defined)
		use = use && !r.definedProven(n, false)
		def = def && !r.definedProven(n, true)
	}
	if !use && !def {
		return ""
	}
	var ops []string
	if use {
		ops = append(ops, fmt.Sprintf("__ml_use((__ml_uptr)%s, sizeof(*%s), %s, %s, %s);", p, p, meta, declRef(decl), siteRef(r.site(n, siteAccess))))
	}
	if def {
		ops = append(ops, fmt.Sprintf("__ml_def((__ml_uptr)%s, sizeof(*%s));", p, p))
	}
	return strings.Join(ops, " ")
}

// bitfieldOps is the code checking and marking the bytes of the place x
// without an address (noAddress) in *c as op reads or writes it (meta
// and decl as defOps takes them): a bit-field's, the bytes holding its
// bits (bitfieldBits), so a field sharing none of them with the fields
// stored reads as never written, and one sharing a byte with one of them
// as defined (the shadow has a bit per byte); another's, its bytes
// (bitfieldBytes).
func (r *rewriter) bitfieldOps(c string, x cc.ExpressionNode, meta string, decl int, op defOp) string {
	if !r.storesDefine() {
		return ""
	}
	at, size := bitfieldBytes(c, x)
	s, _ := x.(*cc.PostfixExpression)
	bits := s != nil && s.Field() != nil && s.Field().IsBitfield()
	if bits {
		at, size = bitfieldBits(c, s)
	}
	var ops []string
	if bits && (op == defUse || op == defUpdate) && r.tracksDef() {
		// (not where the layout is gcc's alone: the whole struct is no field's)
		ops = append(ops, fmt.Sprintf("if (sizeof *%s == %d) __ml_use_field((__ml_uptr)%s, %s, %s, %s, %s, %s);", c, containerType(s).Size(), at, size, bitfieldPlace(c, s), meta, declRef(decl), siteRef(r.site(x, siteAccess))))
	}
	switch {
	case op == defStore && bits && r.fieldStore.origin != "":
		ops = append(ops, fmt.Sprintf("__ml_def_field((__ml_uptr)%s, %s, %s, %s, %s, %s);", at, size, bitfieldPlace(c, s), r.fieldStore.origin, meta, r.fieldStore.site))
		r.fieldStore = fieldStore{} // (one store's)
	case op == defStore || op == defUpdate:
		ops = append(ops, fmt.Sprintf("__ml_def((__ml_uptr)%s, %s);", at, size))
	}
	return strings.Join(ops, " ")
}

// bitfieldBits returns the address and the size of the bytes holding the
// bits of bit-field x in the struct *c, as cc/v4 lays it out; where gcc's
// size of the struct differs (packed), the whole struct.
func bitfieldBits(c string, x *cc.PostfixExpression) (at, size string) {
	f := x.Field()
	first, last := f.Offset()+int64(f.OffsetBits())/8, f.Offset()+(int64(f.OffsetBits())+f.ValueBits()-1)/8
	whole := containerType(x).Size()
	return fmt.Sprintf("((char *)%[1]s + (sizeof *%[1]s == %[2]d ? %[3]d : 0))", c, whole, first),
		fmt.Sprintf("(sizeof *%[1]s == %[2]d ? %[3]d : sizeof *%[1]s)", c, whole, last-first+1)
}

// bitfieldStore rewrites x, a copy source stored into a bit-field in
// tracked memory, when its value may be undefined: the store is no use of
// it (Valgrind reports such a value where it is used), and the field's
// bits take its definedness, bit by bit (__ml_def_field; fieldStore hands
// its origin to bitfieldOps). ok is false for other assignments.
func (r *rewriter) bitfieldStore(x *cc.AssignmentExpression) (f frag, ok bool) {
	f, _, ok = r.bitfieldStored(x)
	return f, ok
}

// storesBitfield reports whether x stores a copy source into a bit-field
// in tracked memory (bitfieldStore).
func (r *rewriter) storesBitfield(x *cc.AssignmentExpression) bool {
	e, isField := unparen(x.UnaryExpression).(*cc.PostfixExpression)
	return x.Case == cc.AssignmentExpressionAssign && r.tracksDef() && isField && r.bitfieldSource(e) && r.copySourceKind(x.AssignmentExpression)
}

// bitfieldStored is bitfieldStore's rewrite of x and the origin of the
// value stored, which is the assignment's: a copy source too
// (`if ((p->f = v))` uses it).
func (r *rewriter) bitfieldStored(x *cc.AssignmentExpression) (f frag, org string, ok bool) {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	if !r.storesBitfield(x) {
		return f, "", false
	}
	code, org := r.assignedSource(lhs, rhs)
	if org == "0" {
		return f, "", false
	}
	held := r.originTemp()
	org = "(" + held + " = " + org + ")"
	v := r.name("__ml_v")
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(code)
	f.str("; ")
	r.fieldStore = fieldStore{origin: org, site: r.lossSite(x, lhs)}
	f.cat(r.access(lhs, true, defStore))
	r.fieldStore = fieldStore{}
	f.str(" = " + v + "; })")
	return f, held, true
}

// fieldStore is the store bitfieldStore is rewriting: the origin of its
// value and the store's site.
type fieldStore struct{ origin, site string }

// bitfieldPlace is where the bits of bit-field x lie in the bytes
// bitfieldBits gives, for the runtime's bit-precise look at them: its first
// bit's place in the first byte and its width << 8 (0 where the layout is
// not cc/v4's).
func bitfieldPlace(c string, x *cc.PostfixExpression) string {
	f := x.Field()
	return fmt.Sprintf("(sizeof *%s == %d ? %d : 0)", c, containerType(x).Size(), f.OffsetBits()%8|int(f.ValueBits())<<8)
}

// bitfieldBytes returns the address and the size of the bytes an access
// to the place x without an address (noAddress) in the struct *c reads or
// writes: a bit-field's storage unit (a struct allocated only up to its
// later members holds it), a reverse-order member's own bytes, the whole
// array for an element of a reverse-order array member. The offsets are
// cc's, which knows no packing: where gcc's size of the struct differs
// (packed), the whole struct instead.
func bitfieldBytes(c string, x cc.ExpressionNode) (at, size string) {
	s, ok := x.(*cc.PostfixExpression)
	for ok && s.Case == cc.PostfixExpressionIndex {
		s, ok = unparen(s.PostfixExpression).(*cc.PostfixExpression)
	}
	if !ok || s.Field() == nil {
		return c, "sizeof *" + c
	}
	f := s.Field()
	n := f.Type().Size()
	if f.IsBitfield() {
		n = max(f.AccessBytes(), 1)
	}
	whole := containerType(s).Size()
	return fmt.Sprintf("((char *)%[1]s + (sizeof *%[1]s == %[2]d ? %[3]d : 0))", c, whole, f.Offset()),
		fmt.Sprintf("(sizeof *%[1]s == %[2]d ? %[3]d : sizeof *%[1]s)", c, whole, n)
}

// selectedFrom splits x, a member or an element of an array member, into
// the struct it is selected from and the selection (".f", ".a[i]").
func (r *rewriter) selectedFrom(x *cc.PostfixExpression) (cc.ExpressionNode, frag) {
	if x.Case != cc.PostfixExpressionIndex {
		var f frag
		f.tok(x.Token)
		f.tok(x.Token2)
		return x.PostfixExpression, f
	}
	s, f := r.selectedFrom(unparen(x.PostfixExpression).(*cc.PostfixExpression))
	f.tok(x.Token)
	f.cat(r.expr(x.ExpressionList))
	f.tok(x.Token2)
	return s, f
}

// containerType is the struct or union member selection x selects from.
func containerType(x *cc.PostfixExpression) cc.Type {
	t := x.PostfixExpression.Type()
	if p, ok := t.(*cc.PointerType); ok && x.Case == cc.PostfixExpressionPSelect {
		return p.Elem()
	}
	return t
}

// recordMeta is the meta of the memory local lvalue n is part of: its
// record, once it has one (a local that may escape), which names the
// origin of bytes copied into it; else 0, found from the address.
func (r *rewriter) recordMeta(n cc.ExpressionNode) string {
	if o := r.fn.objs[rootDecl(n)]; o != nil {
		return o.meta
	}
	return "0UL"
}

// defDirect wraps the memory local lvalue n (not reached through a
// pointer, not a bit-field) rendered as lv, doing op on it.
func (r *rewriter) defDirect(n cc.ExpressionNode, lv frag, op defOp) frag {
	site, ok := r.memLocal(n)
	if !ok || op == defNone {
		return lv
	}
	if r.noAddress(n) {
		n := unparen(n) // (`(s.f) = v;`)
		c := r.name("__ml_a")
		ops := r.bitfieldOps(c, n, r.recordMeta(n), site, op)
		if ops == "" {
			return lv
		}
		s, member := r.selectedFrom(n.(*cc.PostfixExpression))
		var f frag
		f.str("(*__extension__({ register __auto_type " + c + " = &")
		f.cat(paren(r.indexed(s, op != defUse)))
		f.str("; " + ops + " " + c + "; }))")
		f.cat(member)
		return f
	}
	p := r.name("__ml_a")
	ops := r.defOps(p, objType(n), r.recordMeta(n), site, n, op)
	if ops == "" {
		return lv
	}
	var f frag
	if r.misaligned(n) {
		f.str("(*__extension__({ register __auto_type " + p + " = ")
		f.cat(r.addressOf(n, lv))
	} else {
		f.str("(*__extension__({ register __auto_type " + p + " = &")
		f.cat(paren(lv))
	}
	f.str("; " + ops + " " + p + "; }))")
	return f
}

// valueOrigin is the companion origin variable of scalar local d kept in
// a register, or "".
func (r *rewriter) valueOrigin(d *cc.Declarator) string {
	if r.fn == nil || d == nil {
		return ""
	}
	return r.fn.vals[d]
}

// wantsValueOrigin reports whether scalar local d, declared with
// initializer in (or none), gets a companion origin: it is kept in a
// register and may hold an undefined value (no initializer, or one that
// copies a value which may be undefined). Not a GNU vector or a complex
// number: their parts are lvalues (v[3] = 1, __real z = 1), which a checked
// read of the whole would not be.
func (r *rewriter) wantsValueOrigin(d *cc.Declarator, in *cc.Initializer) bool {
	if !r.tracksDef() || r.fn.forInit || d == nil || d.AddressTaken() || d.IsStatic() || d.IsExtern() ||
		d.IsThreadLocal() || d.StorageDuration() != cc.Automatic || !originType(d.Type()) {
		return false
	}
	if in == nil {
		return true
	}
	return in.Case == cc.InitializerExpr && r.copySourceKind(in.AssignmentExpression)
}

// takesOrigin reports whether a parameter of type t at position i takes
// the origin of its argument (0: defined) from the caller, in
// __ml_t.arg[i] (full checking): passing a value decides nothing, as with
// Valgrind, so an undefined one is reported where the callee uses it
// (Oniguruma's regparse.c passes a `level` never set with exist_level 0).
// Every caller handing metas (__ml_t.callee) writes these words, 0 for a
// defined value, so the callee never reads another call's.
func (r *rewriter) takesOrigin(t cc.Type, i int) bool {
	return r.c.full && i < threadArgs && originType(t)
}

// originType reports whether a value of type t is copied with its
// definedness, carried by a companion origin: an arithmetic scalar, or a
// function pointer, which a program copies and hands on without calling
// it (a struct of callbacks copied member by member; jq hands its never-set
// nomem_handler to jv_nomem_handler), as Valgrind lets it. (A data
// pointer's definedness travels with its meta.)
func originType(t cc.Type) bool {
	if t == nil {
		return false
	}
	if pt, ok := t.(*cc.PointerType); ok {
		return pt.Elem() != nil && pt.Elem().Kind() == cc.Function
	}
	return cc.IsArithmeticType(t) && t.VectorSize() <= 0 && !cc.IsComplexType(t)
}

// newValueOrigin declares d's companion origin (in the prologue).
func (r *rewriter) newValueOrigin(d *cc.Declarator) string {
	v := r.originTemp()
	r.fn.vals[d] = v
	return v
}

// copySourceKind reports whether e is a value an assignment copies with
// its definedness instead of using it: a plain lvalue (a local with a
// companion origin, or a scalar in tracked memory), or arithmetic,
// comparisons, casts and branch-free selections over such values, whose
// result is undefined where an operand is, or a call's result whose origin
// its callee hands over (receivesOrigin). Only what decides something
// (a branch, an address, a divisor, a call's argument, a value stored
// where definedness is not tracked) checks: Valgrind's and MSan's rule.
func (r *rewriter) copySourceKind(e cc.ExpressionNode) bool {
	e = unparen(e)
	if !r.tracksDef() || e.Type() == nil || !cc.IsArithmeticType(e.Type()) && !originType(e.Type()) {
		return false
	}
	if r.plainCopySource(e) || r.bitfieldSource(e) {
		return true
	}
	if x, ok := e.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
		return r.receivesOrigin(x)
	}
	if x, ok := e.(*cc.AssignmentExpression); ok && x.Case == cc.AssignmentExpressionAssign {
		// (its value is what it stored, with the definedness it stored)
		return r.valueOrigin(declOfExpr(x.UnaryExpression)) != "" && r.copySourceKind(x.AssignmentExpression) ||
			r.storesCopy(x.UnaryExpression, x.AssignmentExpression) || r.storesBitfield(x)
	}
	for _, o := range carriedOperands(e) {
		if r.copySourceKind(o) {
			return true
		}
	}
	return false
}

// plainCopySource reports whether e (unparenthesized, of arithmetic type)
// is a plain lvalue whose value is copied with its definedness.
func (r *rewriter) plainCopySource(e cc.ExpressionNode) bool {
	if r.noAddress(e) {
		return false
	}
	if d := declOfExpr(e); d != nil && r.valueOrigin(d) != "" {
		return true
	}
	if x, ok := e.(*cc.UnaryExpression); ok && x.Case == cc.UnaryExpressionDeref && r.vaArg(x) != nil {
		return false
	}
	if needsCheck(e) {
		return true
	}
	_, ok := r.memLocal(e)
	return ok
}

// bitfieldSource reports whether e (unparenthesized) is a bit-field in
// tracked memory, whose value is copied with its definedness
// (bitfieldCopy); not a plain copy source, which has an address.
func (r *rewriter) bitfieldSource(e cc.ExpressionNode) bool {
	if !isBitfield(e) {
		return false
	}
	_, ok := r.memLocal(e)
	return ok || needsCheck(e)
}

// carriedOperands are the operands of e (unparenthesized) whose
// definedness its value carries, or nil when e is no operation that
// carries definedness. A divisor decides (it may trap); a selection
// carries its condition's only when its arms are cheap enough for the
// compiler to select without a branch (zlib's slide_hash).
func carriedOperands(e cc.ExpressionNode) []cc.ExpressionNode {
	switch x := e.(type) {
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && x.CastExpression.Type() != nil && cc.IsArithmeticType(x.CastExpression.Type()) {
			return []cc.ExpressionNode{x.CastExpression}
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
			return []cc.ExpressionNode{x.CastExpression}
		}
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionMul {
			return []cc.ExpressionNode{x.MultiplicativeExpression, x.CastExpression}
		}
		return []cc.ExpressionNode{x.MultiplicativeExpression}
	case *cc.AdditiveExpression:
		return []cc.ExpressionNode{x.AdditiveExpression, x.MultiplicativeExpression}
	case *cc.ShiftExpression:
		return []cc.ExpressionNode{x.ShiftExpression, x.AdditiveExpression}
	case *cc.RelationalExpression:
		return []cc.ExpressionNode{x.RelationalExpression, x.ShiftExpression}
	case *cc.EqualityExpression:
		return []cc.ExpressionNode{x.EqualityExpression, x.RelationalExpression}
	case *cc.AndExpression:
		return []cc.ExpressionNode{x.AndExpression, x.EqualityExpression}
	case *cc.ExclusiveOrExpression:
		return []cc.ExpressionNode{x.ExclusiveOrExpression, x.AndExpression}
	case *cc.InclusiveOrExpression:
		return []cc.ExpressionNode{x.InclusiveOrExpression, x.ExclusiveOrExpression}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond && branchFree(x.ExpressionList) && branchFree(x.ConditionalExpression) {
			return []cc.ExpressionNode{x.LogicalOrExpression, x.ExpressionList, x.ConditionalExpression}
		}
	}
	return nil
}

// branchFree reports whether evaluating e can neither trap nor have a side
// effect: constants and variables combined without division, which a
// compiler evaluates unconditionally to select without a branch.
func branchFree(e cc.ExpressionNode) bool {
	e = unparen(e)
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
			return true
		case cc.PrimaryExpressionIdent:
			t := x.Type()
			if d := declOf(x); d != nil {
				return t != nil && cc.IsArithmeticType(t) && !d.IsVolatile()
			}
			return x.Value() != cc.Unknown // an enumerator
		}
		return false
	case *cc.MultiplicativeExpression:
		if x.Case != cc.MultiplicativeExpressionMul {
			return false
		}
	}
	ops := carriedOperands(e)
	if len(ops) == 0 {
		return false
	}
	if c, ok := e.(*cc.ConditionalExpression); ok {
		return branchFree(c.LogicalOrExpression) // (the arms are)
	}
	for _, o := range ops {
		if !branchFree(o) {
			return false
		}
	}
	// the right operand of a shift is one of the two carried
	return true
}

// copySource renders copy source e (copySourceKind) and a C expression for
// the origin of its value (0: defined), valid once the code has run. An
// operand that is no copy source is rendered as usual (used), defined.
func (r *rewriter) copySource(e cc.ExpressionNode) (frag, string) {
	if x, ok := e.(*cc.PrimaryExpression); ok && parenthesized(x) != nil {
		code, o := r.copySource(parenthesized(x))
		var f frag
		f.tok(x.Token)
		f.cat(code)
		f.tok(x.Token2)
		return f, o
	}
	if !r.copySourceKind(e) {
		return r.expr(e), "0"
	}
	if r.plainCopySource(e) {
		return r.plainCopy(e)
	}
	if r.bitfieldSource(e) {
		return r.bitfieldCopy(e.(*cc.PostfixExpression))
	}
	var f frag
	switch x := e.(type) {
	case *cc.PostfixExpression: // (a call: receivesOrigin)
		return r.receivedCall(x)
	case *cc.AssignmentExpression:
		if o := r.valueOrigin(declOfExpr(x.UnaryExpression)); o != "" {
			return r.assignValue(x), o
		}
		if f, o, ok := r.bitfieldStored(x); ok {
			return f, o
		}
		if r.storesBitfield(x) { // (a defined value)
			return r.assignValue(x), "0"
		}
		return r.storedCopy(x, true)
	case *cc.CastExpression:
		code, o := r.copySource(x.CastExpression)
		return r.castOf(x, code), o
	case *cc.UnaryExpression:
		code, o := r.copySource(x.CastExpression)
		f.tok(x.Token)
		f.cat(code)
		return f, o
	case *cc.MultiplicativeExpression:
		if x.Case != cc.MultiplicativeExpressionMul {
			code, o := r.copySource(x.MultiplicativeExpression)
			f.cat(code)
			f.tok(x.Token)
			f.cat(r.expr(x.CastExpression)) // the divisor is used
			return f, o
		}
		return r.carriedBinary(x.MultiplicativeExpression, x.Token, x.CastExpression)
	case *cc.AdditiveExpression:
		return r.carriedBinary(x.AdditiveExpression, x.Token, x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		return r.carriedBinary(x.ShiftExpression, x.Token, x.AdditiveExpression)
	case *cc.RelationalExpression:
		return r.carriedBinary(x.RelationalExpression, x.Token, x.ShiftExpression)
	case *cc.EqualityExpression:
		return r.carriedBinary(x.EqualityExpression, x.Token, x.RelationalExpression)
	case *cc.AndExpression:
		return r.maskedAnd(x)
	case *cc.ExclusiveOrExpression:
		return r.carriedBinary(x.ExclusiveOrExpression, x.Token, x.AndExpression)
	case *cc.InclusiveOrExpression:
		return r.carriedBinary(x.InclusiveOrExpression, x.Token, x.ExclusiveOrExpression)
	case *cc.ConditionalExpression:
		// the arm not taken left its origin temporaries stale: the
		// condition's value, kept, picks the taken arm's origin
		taken := r.originTemp()
		cond, co := r.copySource(x.LogicalOrExpression)
		a, ao := r.copySource(x.ExpressionList)
		b, bo := r.copySource(x.ConditionalExpression)
		f.str("((" + taken + " = (__ml_uptr)!!")
		f.cat(paren(cond))
		f.str(")")
		f.tok(x.Token)
		f.cat(a)
		f.tok(x.Token2)
		f.cat(b)
		f.str(")")
		if ao == bo {
			return f, joinOrigins(co, ao)
		}
		return f, joinOrigins(co, fmt.Sprintf("(%s ? %s : %s)", taken, ao, bo))
	}
	panic("copySource of an expression carrying no definedness")
}

// carriedBinary renders a binary operation whose value carries the
// definedness of both operands.
func (r *rewriter) carriedBinary(a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode) (frag, string) {
	f, ao, bo := r.carriedOperands(a, op, b)
	return f, joinOrigins(ao, bo)
}

// usedAnd rewrites a & b read for its value where one operand may mask
// away the other's undefined bits (maskable): the value's origin is
// checked once, after the & (maskedAnd), not each operand's read.
func (r *rewriter) usedAnd(x *cc.AndExpression) (f frag, ok bool) {
	a, b := x.AndExpression, x.EqualityExpression
	if x.Case != cc.AndExpressionAnd || !r.copySourceKind(x) || !r.maskable(a, b) && !r.maskable(b, a) && !r.masksLoad(a, b) && !r.masksLoad(b, a) {
		return f, false
	}
	code, o := r.maskedAnd(x)
	if o == "0" {
		return code, true
	}
	return r.keepValue(code, func(string) string { return r.valueCheck(o, x) }), true
}

// maskable reports whether operand mask of an & can mask away undefined
// bits of its other operand e at run time: it is no constant, and e may
// be undefined.
func (r *rewriter) maskable(mask, e cc.ExpressionNode) bool {
	t := mask.Type()
	return mask.Value() == cc.Unknown && t != nil && cc.IsIntegerType(t) && t.Size() <= 8 && r.copySourceKind(e)
}

// masksLoad reports whether operand mask of an & is a nonzero integer
// constant and its other operand e an integer read from tracked memory,
// whose bytes may be undefined in part (maskOperand).
func (r *rewriter) masksLoad(mask, e cc.ExpressionNode) bool {
	_, ok := constValue(mask)
	return ok && !isZeroValue(mask.Value()) && r.loadedInteger(e)
}

// maskedAnd renders a & b, whose value carries its operands' definedness
// but where one of them is a defined zero: every bit of the value is then
// a defined zero, as Valgrind's and MSan's bit-exact rule has it. The
// constant-time select (x & m) | (y & ~m) reads a byte it masks away
// (nettle's cnd_memcpy). An operand that can decide so is kept in a
// temporary for the test, which only the origin's readers evaluate. Only
// tested against zero (truthOf), a & of memory read in part undefined is
// defined too where a defined bit it keeps is set, as Valgrind's exact
// comparison has it (a flag byte's one bit set: flags & 0x81).
func (r *rewriter) maskedAnd(x *cc.AndExpression) (frag, string) {
	a, b := x.AndExpression, x.EqualityExpression
	if isZeroValue(a.Value()) || isZeroValue(b.Value()) {
		f, _, _ := r.carriedOperands(a, x.Token, b)
		return f, "0"
	}
	ac, ao, aq := r.maskOperand(a)
	bc, bo, bq := r.maskOperand(b)
	var kills []string
	masked := func(oq string, other cc.ExpressionNode, mask string) string {
		n := loadedBytes(other)
		if r.zeroTested == x {
			n += 512 // (a defined bit set decides too)
		}
		return fmt.Sprintf("__ml_masked_defined(%s, %d, %s)", oq, n, mask)
	}
	kept := func(e cc.ExpressionNode, code frag, o string, other cc.ExpressionNode, oo, oq string) frag {
		if v, ok := constValue(e); ok && oq != "" && oo != "0" {
			kills = append(kills, fmt.Sprintf("(%s && %s)", oo, masked(oq, other, fmt.Sprintf("%#xUL", uint64(v)))))
		}
		if oo == "0" || !r.maskable(e, other) {
			return code
		}
		k := r.originTemp()
		kill := k + " == 0"
		if m := undefinedBits(other, x.Type()); m != "" {
			kill = "(" + k + " & " + m + ") == 0"
		}
		if oq != "" {
			// (a byte of memory undefined in part: the mask may miss its undefined bits)
			kill = fmt.Sprintf("(%s || (%s && %s))", kill, oo, masked(oq, other, k))
		}
		if o != "0" {
			kill = "(!" + o + " && " + kill + ")"
		}
		kills = append(kills, kill)
		var promoted frag
		promoted.str("+")
		promoted.cat(paren(code))
		return r.keepValue(promoted, func(v string) string { return k + " = (__ml_uptr)" + v })
	}
	var f frag
	f.cat(kept(a, ac, ao, b, bo, bq))
	f.tok(x.Token)
	f.cat(kept(b, bc, bo, a, ao, aq))
	o := joinOrigins(ao, bo)
	if len(kills) != 0 {
		o = "((" + strings.Join(kills, " || ") + ") ? 0 : " + o + ")"
	}
	return f, o
}

// maskOperand renders operand e of an & as copySource does, and for an
// integer read from tracked memory (not a register local) the variable
// left holding its address, else "".
func (r *rewriter) maskOperand(e cc.ExpressionNode) (frag, string, string) {
	u := unparen(e)
	if !r.loadedInteger(u) {
		code, o := r.copySource(e)
		return code, o, ""
	}
	o, q, p := r.originTemp(), r.originTemp(), r.name("__ml_a")
	var f frag
	f.str("__extension__({ register __auto_type " + p + " = ")
	place, _ := r.originPlace(u, p, o, false)
	f.cat(place)
	f.strf(" %s = (__ml_uptr)%s; *%s; })", q, p, p)
	return f, o, q
}

// loadedInteger reports whether e is an integer read from tracked memory,
// not a register local's.
func (r *rewriter) loadedInteger(e cc.ExpressionNode) bool {
	u := unparen(e)
	t := u.Type()
	return t != nil && cc.IsIntegerType(t) && t.Size() <= 8 && r.copySourceKind(u) && r.plainCopySource(u) && (declOfExpr(u) == nil || r.valueOrigin(declOfExpr(u)) == "")
}

// loadedBytes is the size of integer e read from memory, with 256 added
// for a signed type, whose sign bit a wider operation's bits copy
// (__ml_masked_defined).
func loadedBytes(e cc.ExpressionNode) int64 {
	t := unparen(e).Type()
	if cc.IsSignedInteger(t) {
		return t.Size() + 256
	}
	return t.Size()
}

// undefinedBits is the mask of the bits of operand e, converted to the
// operation's type t, that may be undefined when e is: those of its own
// type when an unsigned one widens (the rest are zeros it is extended
// with), or "" for all of them.
func undefinedBits(e cc.ExpressionNode, t cc.Type) string {
	et := e.Type()
	if et == nil || t == nil || !cc.IsIntegerType(et) || cc.IsSignedInteger(et) || et.Size() >= t.Size() || et.Size() > 4 {
		return ""
	}
	return fmt.Sprintf("%#xUL", uint64(1)<<(8*et.Size())-1)
}

// carriedOperands renders a binary operation over copies of its operands,
// and each operand's origin.
func (r *rewriter) carriedOperands(a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode) (f frag, ao, bo string) {
	ac, ao := r.copySource(a)
	bc, bo := r.copySource(b)
	f.cat(ac)
	f.tok(op)
	f.cat(bc)
	return f, ao, bo
}

// assignedSource renders rhs, assigned to the arithmetic lvalue lhs, and
// the origin of its value (copySource). A masked update of lhs
// (lv = (lv & MASK) | v, bzip2's SET_LL4 packing two nibbles a byte) takes
// the bits it keeps as defined, as a bit-field's neighbours are
// (bitfieldOps): memlens keeps a bit per byte, so a byte whose halves are
// written one at a time would otherwise never become defined.
func (r *rewriter) assignedSource(lhs, rhs cc.ExpressionNode) (frag, string) {
	a, op, b, ok := bitwiseOperands(rhs)
	if !ok || (!masksOf(a, lhs) && !masksOf(b, lhs)) {
		return r.copySource(rhs)
	}
	f, ao, bo := r.carriedOperands(a, op, b)
	if masksOf(a, lhs) {
		ao = "0"
	}
	if masksOf(b, lhs) {
		bo = "0"
	}
	return f, joinOrigins(ao, bo)
}

// bitwiseSpine is lvalue lv's own value updated by bitwise operations
// (lv = (lv | v) & m), rendered by selfUpdate.
type bitwiseSpine struct {
	code       frag
	old, ops   string // the origins of lv's old value and of the other operands
	keep, flip string // the bits of the result that are the old value's (xor-ed with flip)
}

// selfUpdate renders rhs, assigned to lhs, an integer in tracked memory,
// when it is lhs's own value updated by bitwise operations: an update in
// place as x op= v is (__ml_def_update), which defines the bits its
// operands set or clear (libtiff's _TIFFFax3fillruns writes a black run's
// last byte as cp[0] = (cp[0] | (0xff00 >> run)) & 0xff). ok is false for
// other assignments.
func (r *rewriter) selfUpdate(lhs, rhs cc.ExpressionNode) (s bitwiseSpine, ok bool) {
	t := lhs.Type()
	if t == nil || !cc.IsIntegerType(t) || t.Size() > 8 || hasSideEffects(lhs) || sameTokens(unparen(rhs), lhs) || !onSpine(lhs, rhs, t.Size()) {
		return s, false
	}
	return r.spine(lhs, rhs), true
}

// onSpine reports whether e reaches lvalue lv (of size width) through
// parentheses, casts to integer types no narrower and operands of &, | and
// ^ of integer types of at most 8 bytes.
func onSpine(lv, e cc.ExpressionNode, width int64) bool {
	if sameTokens(unparen(e), lv) {
		return true
	}
	if t := e.Type(); t == nil || !cc.IsIntegerType(t) || t.Size() > 8 || t.Size() < width {
		return false
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		inner := parenthesized(x)
		return inner != nil && onSpine(lv, inner, width)
	case *cc.CastExpression:
		return x.Case == cc.CastExpressionCast && onSpine(lv, x.CastExpression, width)
	}
	a, _, b, ok := bitwiseOperation(e)
	return ok && (onSpine(lv, a, width) || onSpine(lv, b, width))
}

// spine renders e, which is onSpine of lv.
func (r *rewriter) spine(lv, e cc.ExpressionNode) bitwiseSpine {
	if sameTokens(unparen(e), lv) {
		code, old := r.copySource(e)
		return bitwiseSpine{code: code, old: old, ops: "0", keep: "~0UL", flip: "0UL"}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		s := r.spine(lv, parenthesized(x))
		var f frag
		f.tok(x.Token)
		f.cat(s.code)
		f.tok(x.Token2)
		s.code = f
		return s
	case *cc.CastExpression:
		s := r.spine(lv, x.CastExpression)
		s.code = r.castOf(x, s.code)
		return s
	}
	a, op, b, _ := bitwiseOperation(e)
	spineFirst := onSpine(lv, a, lv.Type().Size())
	var s bitwiseSpine
	other := a
	if spineFirst {
		s, other = r.spine(lv, a), b
	} else {
		s = r.spine(lv, b)
	}
	vc, vo := r.copySource(other)
	k := r.originTemp() // (the operand's value, for the masks)
	var promoted frag
	promoted.str("+")
	promoted.cat(paren(vc))
	vc = r.keepValue(promoted, func(v string) string { return k + " = (__ml_uptr)" + v })
	var f frag
	if spineFirst {
		f.cat(s.code)
		f.tok(op)
		f.cat(vc)
	} else {
		f.cat(vc)
		f.tok(op)
		f.cat(s.code)
	}
	s.code, s.ops = f, joinOrigins(s.ops, vo)
	s.keep, s.flip = applyBitwise([]rune(op.SrcStr())[0], s.keep, s.flip, k)
	return s
}

// parenthesized is the expression inside parenthesized expression x, or
// nil.
func parenthesized(x *cc.PrimaryExpression) cc.ExpressionNode {
	if x.Case != cc.PrimaryExpressionExpr {
		return nil
	}
	if l, ok := x.ExpressionList.(*cc.ExpressionList); ok {
		if l.ExpressionList != nil {
			return nil
		}
		return l.AssignmentExpression
	}
	return x.ExpressionList
}

// bitwiseOperation splits e when it is an &, a | or a ^.
func bitwiseOperation(e cc.ExpressionNode) (a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode, ok bool) {
	if x, isAnd := e.(*cc.AndExpression); isAnd && x.Case == cc.AndExpressionAnd {
		return x.AndExpression, x.Token, x.EqualityExpression, true
	}
	return bitwiseOperands(e)
}

// bitwiseOperands splits e when it is an inclusive or exclusive or.
func bitwiseOperands(e cc.ExpressionNode) (a cc.ExpressionNode, op cc.Token, b cc.ExpressionNode, ok bool) {
	switch x := e.(type) {
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionOr {
			return x.InclusiveOrExpression, x.Token, x.ExclusiveOrExpression, true
		}
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionXor {
			return x.ExclusiveOrExpression, x.Token, x.AndExpression, true
		}
	}
	return nil, op, nil, false
}

// masksOf reports whether e is lv & MASK (either way round, MASK an
// integer constant) for the lvalue lv, written the same way and without
// side effects.
func masksOf(e, lv cc.ExpressionNode) bool {
	x, ok := unparen(e).(*cc.AndExpression)
	if !ok || x.Case != cc.AndExpressionAnd || hasSideEffects(lv) {
		return false
	}
	_, lconst := constValue(x.AndExpression)
	_, rconst := constValue(x.EqualityExpression)
	return rconst && sameTokens(x.AndExpression, lv) || lconst && sameTokens(x.EqualityExpression, lv)
}

// sameTokens reports whether a and b are spelled with the same tokens.
func sameTokens(a, b cc.Node) bool {
	return slices.EqualFunc(cc.NodeTokens(a), cc.NodeTokens(b), func(x, y cc.Token) bool { return x.SrcStr() == y.SrcStr() })
}

// joinOrigins is the origin of a value computed from values of origins a
// and b: the first that is undefined.
func joinOrigins(a, b string) string {
	switch {
	case a == "0" || a == b:
		return b
	case b == "0":
		return a
	}
	return fmt.Sprintf("__ml_either(%s, %s)", a, b)
}

// plainCopy renders plain copy source e (plainCopySource) and the origin
// of its value.
func (r *rewriter) plainCopy(e cc.ExpressionNode) (frag, string) {
	if d := declOfExpr(e); d != nil && r.valueOrigin(d) != "" {
		return r.verbatim(e), r.valueOrigin(d)
	}
	o := r.originTemp()
	p := r.name("__ml_a")
	var f frag
	f.str("__extension__({ register __auto_type " + p + " = ")
	place, _ := r.originPlace(e, p, o, false)
	f.cat(place)
	f.strf(" *%s; })", p)
	return f, o
}

// bitfieldCopy renders bit-field x, a plain copy source, and the origin
// of its value: that of the bytes holding its bits (bitfieldBits), where
// cc/v4's layout has gcc's size, else none, as a read does not check them
// (bitfieldOps).
func (r *rewriter) bitfieldCopy(x *cc.PostfixExpression) (frag, string) {
	o, c := r.originTemp(), r.name("__ml_a")
	var place, member frag
	meta, decl := "0UL", "0"
	if needsCheck(x) {
		l := r.accessLvalue(x, false)
		place, member, meta = r.checkedPlace(x, l, false, defNone), l.member, l.meta
	} else {
		site, _ := r.memLocal(x)
		s, m := r.selectedFrom(x)
		place.str("&")
		place.cat(paren(r.indexed(s, false)))
		member, decl, meta = m, declRef(site), r.recordMeta(x)
	}
	at, size := bitfieldBits(c, x)
	var f frag
	f.str("__extension__({ register __auto_type " + c + " = ")
	f.cat(place)
	f.strf("; %s = sizeof *%s == %d ? __ml_origin_field((__ml_uptr)%s, %s, %s, %s, %s, %s) : 0; (*%s)", o, c, containerType(x).Size(), at, size, bitfieldPlace(c, x), meta, decl, siteRef(r.site(x, siteAccess)), c)
	f.cat(member)
	f.str("; })")
	return f, o
}

// originPlace renders a pointer to the scalar lvalue e in tracked memory
// (needsCheck, or a memory local), to be held in p, followed by the
// statement setting o to the origin of the value it holds, and the meta of
// the pointer to e ("0UL" for a local: found from its address).
func (r *rewriter) originPlace(e cc.ExpressionNode, p, o string, write bool) (frag, string) {
	var place frag
	meta, decl := "0UL", "0"
	if needsCheck(e) {
		l := r.accessLvalue(e, write)
		place = r.checkedPlace(e, l, write, defNone)
		meta = l.meta
	} else {
		site, _ := r.memLocal(e)
		place = r.addressOf(e, r.indexed(e, write))
		decl, meta = declRef(site), r.recordMeta(e)
	}
	place.strf("; %s = __ml_origin((__ml_uptr)%s, sizeof(*%s), %s, %s, %s);", o, p, p, meta, decl, siteRef(r.site(e, siteAccess)))
	return place, meta
}

// carriedUpdate rewrites x op= rhs (an arithmetic lvalue that is a copy
// source) so that the result carries the definedness of both operands
// (but a divisor's, which is used). ok is false for other assignments.
func (r *rewriter) carriedUpdate(x *cc.AssignmentExpression) (f frag, ok bool) {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	if !r.tracksDef() || lhs.Type() == nil || !cc.IsArithmeticType(lhs.Type()) || !r.plainCopySource(unparen(lhs)) {
		return f, false
	}
	code, org := r.expr(rhs), "0"
	if x.Case != cc.AssignmentExpressionDiv && x.Case != cc.AssignmentExpressionMod {
		code, org = r.copySource(rhs)
	}
	if o := r.valueOrigin(declOfExpr(lhs)); o != "" {
		return r.originAssign(lhs, x.Token, code, o+" = "+joinOrigins(o, org)), true
	}
	// the value of a compound assignment is evaluated before its target
	p, v, o := r.name("__ml_a"), r.name("__ml_v"), r.originTemp()
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(r.autoInit(rhs, code))
	f.str("; register __auto_type " + p + " = ")
	place, meta := r.originPlace(lhs, p, o, true)
	f.cat(place)
	f.str(" *" + p + " ")
	f.tok(x.Token)
	if op := bitwiseUpdate(x); op != 0 {
		keep, flip := applyBitwise(op, "~0UL", "0UL", "(__ml_uptr)"+v)
		f.strf(" %s; __ml_def_update((__ml_uptr)%s, sizeof(*%s), %s, %s, %s, %s, %s, %s);", v, p, p, o, org, keep, flip, meta, r.lossSite(x, lhs))
	} else {
		f.strf(" %s; __ml_def_v((__ml_uptr)%s, sizeof(*%s), %s, %s, %s);", v, p, p, joinOrigins(o, org), meta, r.lossSite(x, lhs))
	}
	f.strf("%s *%s; })", r.graphData(x, lhs, p), p)
	return f, true
}

// applyBitwise gives the bits of a value that keep an old one's (xor-ed
// with flip), keep and flip so far, once operation op ('&', '|' or '^')
// with operand v has been applied to it: & keeps where v has ones, | where
// it has zeros, ^ flips (__ml_def_update).
func applyBitwise(op rune, keep, flip, v string) (string, string) {
	switch op {
	case '&':
		return "(" + keep + " & " + v + ")", flip
	case '|':
		return "(" + keep + " & ~" + v + ")", flip
	}
	return keep, "(" + flip + " ^ " + v + ")"
}

// bitwiseUpdate is the operator of x when it updates an integer in place
// bit by bit (&=, |=, ^=), else 0: the bits its operand sets or clears are
// defined whatever they held (__ml_def_update).
func bitwiseUpdate(x *cc.AssignmentExpression) rune {
	if t := x.UnaryExpression.Type(); t == nil || !cc.IsIntegerType(t) || t.Size() > 8 {
		return 0
	}
	switch x.Case {
	case cc.AssignmentExpressionAnd:
		return '&'
	case cc.AssignmentExpressionOr:
		return '|'
	case cc.AssignmentExpressionXor:
		return '^'
	}
	return 0
}

// carriedIncDec rewrites ++/-- of an arithmetic lvalue in tracked memory
// (operand n, post: postfix): the value keeps its definedness. ok is false
// for other operands.
func (r *rewriter) carriedIncDec(n, operand cc.ExpressionNode, op cc.Token, post bool) (f frag, ok bool) {
	e := unparen(operand)
	if !r.tracksDef() || e.Type() == nil || !cc.IsArithmeticType(e.Type()) || !r.plainCopySource(e) || declOfExpr(e) != nil && r.valueOrigin(declOfExpr(e)) != "" {
		return f, false
	}
	p, v, o := r.name("__ml_a"), r.name("__ml_v"), r.originTemp()
	f.str("__extension__({ register __auto_type " + p + " = ")
	place, meta := r.originPlace(e, p, o, true)
	f.cat(place)
	f.str(" register __auto_type " + v + " = ")
	if !post {
		f.tok(op)
	}
	f.str("(*" + p + ")")
	if post {
		f.tok(op)
	}
	f.strf("; __ml_def_v((__ml_uptr)%s, sizeof(*%s), %s, %s, %s);%s %s; })", p, p, o, meta, r.lossSite(n, operand), r.graphData(n, e, p), v)
	return f, true
}

// originAssign renders the assignment (op: = or a compound one) of code
// to lhs, a local with a companion origin, followed by set, which updates
// that origin. Its value is the local's, read again (a statement
// expression: its value may go unused without the -Wunused-value a comma
// expression's last operand would draw); a volatile local's is the
// assignment's, since a second read of it would be one the program does
// not make.
func (r *rewriter) originAssign(lhs cc.ExpressionNode, op cc.Token, code frag, set string) frag {
	var f frag
	if d := declOfExpr(lhs); d != nil && (d.IsVolatile() || d.Type().Attributes().IsVolatile()) {
		f.str("(")
		f.cat(r.verbatim(lhs))
		f.tok(op)
		f.cat(code)
		f.str(")")
		return r.keepValue(f, func(string) string { return set })
	}
	f.str("__extension__({ ")
	f.cat(r.verbatim(lhs))
	f.tok(op)
	f.cat(code)
	f.strf("; %s; ", set)
	f.cat(r.verbatim(lhs))
	f.str("; })")
	return f
}

// originTemp declares a function-scope origin variable.
func (r *rewriter) originTemp() string {
	v := r.name("__ml_i")
	r.fn.valOrder = append(r.fn.valOrder, v)
	return v
}

func unparen(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		x, ok := e.(*cc.PrimaryExpression)
		if !ok {
			return e
		}
		inner := parenthesized(x)
		if inner == nil {
			return e
		}
		e = inner
	}
}

// valueUse is the value of local d (with companion origin o) used at n.
func (r *rewriter) valueUse(x *cc.PrimaryExpression, o string) frag {
	var f frag
	f.str("(" + r.valueCheck(o, x) + ", ")
	f.cat(r.verbatim(x))
	f.str(")")
	return f
}

// decidingExpr rewrites e, a condition or an operand whose value is used
// (of a comparison, an arithmetic operator, && or ||): an assignment there
// (`if ((x = v))`, `while ((c = *p++) != 0)`) decides by the value it
// stored, whose origin is checked; any other expression checks its own
// uses.
func (r *rewriter) decidingExpr(e cc.ExpressionNode) frag {
	x, ok := unparen(e).(*cc.AssignmentExpression)
	if !ok || x.Case != cc.AssignmentExpressionAssign || !r.copySourceKind(x) {
		return r.expr(e)
	}
	code, o := r.copySource(e)
	if o == "0" {
		return code
	}
	return r.keepValue(code, func(string) string { return r.valueCheck(o, x) })
}

// valueCheck is the check of a use at n of a value with companion origin o.
func (r *rewriter) valueCheck(o string, n cc.Node) string {
	return fmt.Sprintf("__ml_use_v(%s, %s)", o, siteRef(r.site(n, siteAccess)))
}

// identUse rewrites a variable read for its value: a local with a
// companion origin, a pointer local never assigned, or a scalar local
// kept in memory, is checked.
func (r *rewriter) identUse(x *cc.PrimaryExpression) frag {
	d := declOf(x)
	if o := r.valueOrigin(d); o != "" {
		return r.valueUse(x, o)
	}
	if r.tracksDef() && r.hasCompanion(d) && !isVaList(d.Type()) { // (va_start sets a va_list)
		// (a pointer copied goes through ptrExpr: here its value decides)
		var f frag
		f.strf("(__ml_use_p(%s, %s), ", r.companion(d), siteRef(r.site(x, siteAccess)))
		f.cat(r.verbatim(x))
		f.str(")")
		return f
	}
	if t := x.Type(); t != nil && cc.IsScalarType(t) && !isArray(x) {
		if _, ok := r.memLocal(x); ok {
			return r.defDirect(x, r.verbatim(x), defUse)
		}
	}
	return r.verbatim(x)
}

// localDef is the code setting the definedness of memory local d (site
// its declaration's) when its declaration is reached: poisoned without an
// initializer, defined with one. It makes d tracked from then on.
func (r *rewriter) localDef(d *cc.Declarator, site int, initialized bool) string {
	if !r.tracksDef() || isVaList(d.Type()) {
		return ""
	}
	r.fn.defLocals[d] = site
	if initialized {
		return fmt.Sprintf("__ml_def((__ml_uptr)&%s, sizeof(%s))", d.Name(), d.Name())
	}
	m := r.localMeta(d, false)
	if m == "" {
		m = metaWild
	}
	return fmt.Sprintf("__ml_poison((__ml_uptr)&%s, sizeof(%s), %s, %s)", d.Name(), d.Name(), siteRef(site), m)
}

// undefEnd is the declaration, after the one of local name (whose
// definedness is tracked: poisoned there, or later given undefined bytes
// by a copy), whose cleanup sets name's bytes back to defined when its
// scope ends, by any exit but a plain longjmp: the stack there is then
// written by frames memlens may not see (C++, a library built without it,
// asm), whose stores would keep the dead local's bits and be judged never
// written. (A jump that may land past the declaration would run the
// cleanup on a span never set: the caller leaves such a local out.)
func (r *rewriter) undefEnd(name string) string {
	end := "__ml_span_end"
	if r.fn.retAgg { // (not the struct returned: the caller reads its bits next)
		end = "__ml_span_end_ret"
	}
	return fmt.Sprintf("struct __ml_span %s __attribute__((unused, cleanup(%s))) = {(__ml_uptr)&%s, sizeof(%s)};", r.name("__ml_z"), end, name, name)
}

func isVaList(t cc.Type) bool {
	return t != nil && strings.Contains(t.String(), "va_list")
}

// externArgs renders the arguments of a call to a libc function memlens
// does not check: whatever a pointer argument to non-const memory points
// into may be written by it, so it is defined from then on, and so are
// the rows an array of pointers to them names (rowLevels). It also
// returns what runs after the call (afterExtern): the blocks libc may have
// set out-parameters (T **) to (asprintf, getaddrinfo) are the program's,
// their slots holding no pointer instrumented code stored (__ml_adopt_out);
// the bytes an output cursor moved over are defined (outputCursors).
func (r *rewriter) externArgs(x *cc.PostfixExpression) (frag, []string) {
	params := paramTypes(x)
	builtin := strings.HasPrefix(calleeName(x), "__")
	lanes := x.Type() != nil && x.Type().VectorSize() > 0 // (an intrinsic making a vector of its arguments)
	var f frag
	var afters []string
	f.tok(x.Token)
	i := 0
	for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		if l.Token.Seq() != 0 {
			f.tok(l.Token)
		}
		a := l.AssignmentExpression
		t := a.Type()
		if i < len(params) {
			t = params[i]
		}
		def := r.tracksDef() && mayWriteThrough(a, t)
		out := r.fn != nil && mayWriteThrough(a, t) && isDataPtr(t.(*cc.PointerType).Elem())
		var cursors []outputCursor
		levels := 0
		if def {
			cursors = outputCursors(t, paramName(x, i))
			// (an atomic's T ** is the pointer it swaps: no rows)
			if !builtin {
				levels = rowsBelow(t, cursors)
			}
		}
		i++
		// (a null constant points to nothing libc could write, and kept
		// in the open it stays a sentinel to gcc: execl(..., (char *)NULL))
		if !def && !out || isZeroPointer(a) {
			switch at := a.Type(); {
			case at != nil && at.VectorSize() > 0:
				f.cat(r.vectorArg(a))
			case lanes && r.copySourceKind(a):
				// a lane of the vector made (_mm_set_epi32(a, b, c, d)):
				// copied, not used, as a vector's lanes are
				code, _ := r.copySource(a)
				f.cat(code)
			default:
				f.cat(r.expr(a))
			}
			continue
		}
		code, meta, _ := r.ptrExpr(a)
		o := ""
		if out || len(cursors) != 0 {
			o = r.originTemp() // a function-scope __ml_uptr
		}
		if out {
			afters = append(afters, "__ml_adopt_out("+o+")")
		}
		var marks []string
		for _, c := range cursors {
			m := r.originTemp()
			marks = append(marks, m+" = "+c.at(o))
			afters = append(afters, "__ml_def_advanced("+m+", "+c.at(o)+")")
		}
		f.cat(r.keepValue(code, func(v string) string {
			var before []string
			if n := vectorStored(params, t); def && n > 0 {
				before = append(before, fmt.Sprintf("__ml_def((__ml_uptr)%s, %d)", v, n))
			} else if def {
				before = append(before, externDef(v, meta, levels))
			}
			if o != "" {
				before = append(before, o+" = (__ml_uptr)"+v)
			}
			return strings.Join(append(before, marks...), ", ")
		}))
	}
	f.tok(x.Token2)
	return f, afters
}

// outputCursor is where a stream a library writes through keeps the end
// of its output, in the object a pointer argument points to: a pointer at
// offset ptr, or an index at offset ptr into the buffer a pointer at offset
// base points to (base >= 0).
type outputCursor struct{ ptr, base int64 }

// at is the cursor's address, in the object at p (C text with no side
// effect; 0 when p is null).
func (c outputCursor) at(p string) string {
	p = "(__ml_uptr)(" + p + ")"
	word := func(off int64) string { return "*(__ml_uptr *)(" + p + " + " + strconv.FormatInt(off, 10) + ")" }
	cur := word(c.ptr)
	if c.base >= 0 {
		cur = word(c.base) + " + " + cur
	}
	return "(" + p + " ? " + cur + " : 0)"
}

// outputCursors lists the output cursors a call into a library memlens
// does not see may advance through an argument passed for parameter name
// of type t: the compression libraries' stream convention, whose calls
// write their output through a cursor in the struct they are passed
// (zlib's z_stream, bzip2's bz_stream and liblzma's lzma_stream: next_out;
// zstd's ZSTD_outBuffer: pos into dst) or passed by address (brotli's
// uint8_t **next_out, iconv's char **outbuf, glibc's __outbuf). The bytes
// a cursor moves over were written (libpng
// reads its rows from inflate's output); __ml_def_extern defines only the
// struct itself.
func outputCursors(t cc.Type, name string) []outputCursor {
	pt, ok := t.(*cc.PointerType)
	if !ok {
		return nil
	}
	field := func(name string) *cc.Field {
		if st, ok := pt.Elem().(*cc.StructType); ok && !st.IsIncomplete() {
			return st.FieldByName(name)
		}
		return nil
	}
	switch {
	case (name == "next_out" || name == "__outbuf" || name == "outbuf") && isDataPtr(pt.Elem()):
		return []outputCursor{{0, -1}}
	case field("next_out") != nil && isDataPtr(field("next_out").Type()):
		return []outputCursor{{field("next_out").Offset(), -1}}
	}
	dst, pos := field("dst"), field("pos")
	if dst != nil && pos != nil && dst.Type().Kind() == cc.Ptr && cc.IsIntegerType(pos.Type()) && pos.Type().Size() == 8 {
		return []outputCursor{{pos.Offset(), dst.Offset()}}
	}
	return nil
}

// vectorArg renders a, a vector passed to a libc function: an intrinsic
// of <emmintrin.h> and co., whose lanes flow into its result one by one
// (_mm_loadl_pd(v, p) keeps v's high lane, the only one written yet), so
// it is read as a copy is, not used: lanes never written pass, as they
// do through gcc's vector arithmetic.
func (r *rewriter) vectorArg(a cc.ExpressionNode) frag {
	switch x := a.(type) {
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return r.access(x, false, defNone)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return r.access(x, false, defNone)
		}
	case *cc.PrimaryExpression:
		if _, ok := r.memLocal(x); ok && x.Case == cc.PrimaryExpressionIdent {
			return r.verbatim(x)
		}
	}
	return r.expr(a)
}

// afterExtern wraps the call f (void: its type is) with what runs after
// it, externArgs's afters: the blocks libc stored through out-parameters
// become the program's, and what a library wrote through output cursors
// is defined.
func (r *rewriter) afterExtern(f frag, afters []string, void bool) frag {
	if len(afters) == 0 {
		return f
	}
	after := strings.Join(afters, ", ")
	if !void {
		return r.keepValue(f, func(string) string { return after })
	}
	var w frag
	w.str("__extension__({ ")
	w.cat(f)
	w.str("; " + after + "; })")
	return w
}

// mayWriteThrough reports whether a callee may write what argument a,
// passed as a parameter of type t, points into.
func mayWriteThrough(a cc.ExpressionNode, t cc.Type) bool {
	return isDataPtr(t) && !t.(*cc.PointerType).Elem().Attributes().IsConst() &&
		!isNullConst(a) && !isStringLiteral(a)
}

// rowLevels is how many levels of pointers below a parameter of type t
// lead to rows a library may fill: 1 for an array of pointers to numbers
// (T **, no level const), 2 for an array of such arrays (T ***); 0 for
// anything else. libpng's png_read_image and libjpeg's
// jpeg_read_scanlines fill a caller's rows so, and libjpeg-turbo's SIMD
// routines its own (JSAMPARRAY, and JSAMPIMAGE: one array of rows per
// colour component). Not rows: pointers to structs or to void, a
// container's, whose elements a library hands around, and plain char, a
// string's cursor (strtol's endptr, strsep's, getline's), through which
// libc writes the pointer alone.
func rowLevels(t cc.Type) int {
	pt, ok := t.(*cc.PointerType)
	if !ok {
		return 0
	}
	levels := 0
	for {
		row, ok := pt.Elem().(*cc.PointerType)
		if !ok || row.Attributes().IsConst() || row.Elem() == nil || levels == 2 {
			return 0
		}
		levels++
		if sample := row.Elem(); cc.IsArithmeticType(sample) {
			if sample.Kind() == cc.Char || sample.Attributes().IsConst() {
				return 0
			}
			return levels
		}
		pt = row
	}
}

// rowsBelow is rowLevels for an argument passed for a parameter of type
// t, but none where an output cursor says how far the callee wrote
// (cursors: brotli's uint8_t **next_out).
func rowsBelow(t cc.Type, cursors []outputCursor) int {
	if len(cursors) != 0 {
		return 0
	}
	return rowLevels(t)
}

// vectorStored is the size of the vector an intrinsic (a function taking
// params) stores through a parameter of type t, or 0: t's own vector
// (_mm_storeu_si128's __m128i *), else the vector it is passed
// (_mm_storeu_ps(float *, __m128), whose stores of a part, _mm_store_ss,
// are taken for the whole). Those bytes alone are defined, by their
// address: the store often goes through a pointer aligned by integer
// arithmetic (libwebp's WEBP_ALIGN), of no object memlens knows, and a
// loop of stores defining its buffer to the end at each store would take
// time quadratic in its size.
func vectorStored(params []cc.Type, t cc.Type) int64 {
	pt, ok := t.(*cc.PointerType)
	if !ok || pt.Elem() == nil {
		return 0
	}
	if pt.Elem().VectorSize() > 0 {
		return pt.Elem().Size()
	}
	for _, p := range params {
		if p != nil && p.VectorSize() > 0 {
			return p.Size()
		}
	}
	return 0
}

// externDef is the call defining what argument v (meta m) points into,
// for a call of code memlens does not see: its object, and the rows levels
// below it (rowsBelow).
func externDef(v, m string, levels int) string {
	if levels > 0 {
		return fmt.Sprintf("__ml_def_extern_rows((__ml_uptr)%s, %s, %d)", v, m, levels)
	}
	return fmt.Sprintf("__ml_def_extern((__ml_uptr)%s, %s)", v, m)
}

// externWrites is the code, run after a call of fn that hands metas over
// (arguments args, their values vals and metas), defining what the
// callee may have written through its pointer arguments when the callee
// turned out to be code we do not see: it did not take the metas
// (__ml_own), so __ml_t.callee still holds its word fnWord (funcWord), or
// one of __ml_t.foreign's does (it called instrumented code back). ""
// when there is nothing to define. before, run before the call, marks
// where its output cursors stand (outputCursors).
func (r *rewriter) externWrites(x *cc.PostfixExpression, fnWord string, args []cc.ExpressionNode, vals, metas []string) (before, after string) {
	if !r.tracksDef() {
		return "", ""
	}
	params := paramTypes(x)
	var defs []string
	for i, a := range args {
		t := a.Type()
		if i < len(params) {
			t = params[i]
		}
		if !mayWriteThrough(a, t) {
			continue
		}
		cursors := outputCursors(t, paramName(x, i))
		defs = append(defs, externDef(vals[i], metas[i], rowsBelow(t, cursors))+";")
		for _, c := range cursors {
			m := r.name("__ml_oc")
			before += "register __ml_uptr " + m + " = " + c.at(vals[i]) + "; "
			defs = append(defs, "__ml_def_advanced("+m+", "+c.at(vals[i])+");")
		}
	}
	if len(defs) == 0 {
		return "", ""
	}
	return before, fmt.Sprintf(" if ((__ml_t.callee == %[1]s) | (__ml_t.foreign[0] == %[1]s) | (__ml_t.foreign[1] == %[1]s)) { %[2]s }", fnWord, strings.Join(defs, " "))
}

// copiedAggregate is the code copying the definedness of the variable
// (or member of one) a struct or union local d is initialized from, or "".
func (r *rewriter) copiedAggregate(d *cc.Declarator, in *cc.Initializer) string {
	t := d.Type()
	if in == nil || in.Case != cc.InitializerExpr || t == nil || (t.Kind() != cc.Struct && t.Kind() != cc.Union) {
		return ""
	}
	e := unparen(in.AssignmentExpression)
	if rootDecl(e) == nil || !isLvalueExpr(e) {
		return ""
	}
	md := r.localMeta(d, false)
	if md == "" {
		md = metaWild
	}
	return fmt.Sprintf("__ml_def_copy((__ml_uptr)&%s, (__ml_uptr)&(%s), sizeof(%s), %s, %s, %s)", d.Name(), cc.NodeSource(e), d.Name(), md, r.objectTag(e), r.copyDeclSite(d, e))
}
