package instrument

import (
	"bytes"
	"strings"

	"modernc.org/cc/v4"
)

// Sealed members. A pointer load checks that the slot's shadow word
// vouches for the value the slot holds (its hash of the value and the
// container's meta): the slot may have been written by code memlens does
// not see (libc, a cast to bytes, another unit), or in an earlier life of
// its memory. A pointer member of a struct the unit's main file defines is
// sealed when the unit shows that no byte of any object of the struct is
// written except by the instrumented member stores of this unit, which
// write the shadow word with the value: then the word is the last store's
// and its loads (__ml_ld_sealed) and moves in place (__ml_sealed_move_chk)
// skip the hash test on the fast path, keeping the bound test; a value
// outside the block the word names takes the whole test (a word left by
// the memory's earlier life under a value no store of this life wrote:
// calloc's zeros, an uninitialized read). The word written back keeps its
// hash, so every detector reads the same.
//
// A struct S is unsealed (every member) when the unit:
//   - converts a pointer to an object covering S (S, or an aggregate
//     holding one) to or from another type (memcpy, memset, fread, read,
//     a char* view, an integer), but for a null pointer constant or the
//     result of malloc, calloc or realloc (fresh memory) assigned to it,
//     or of one of the unit's allocation wrappers (freshWrappers);
//   - passes such a pointer to a function it does not define (but free),
//     through an unprototyped or variadic parameter, or declares a
//     function it does not define that takes or returns one;
//   - copies, initializes, passes or returns such an object whole;
//   - holds S in a union, or makes an S object or pointer volatile;
//   - passes the address of any member of an S object, or an array member,
//     to a function it does not define, or converts it to a pointer to
//     another kind or size of object (a write past the member's end, or
//     wider than it, lands in the struct's other bytes);
//   - indexes an array of S with a constant outside its bounds;
//   - mentions S in a function it leaves uninstrumented (sharesLocals,
//     inlineOnly, no_sanitize_address), or holds an asm statement.
// A member is unsealed on its own when its address is taken, it is a
// bitfield, volatile, misaligned for its 8-byte shadow slot, or inside an
// anonymous struct or union. Only in detection mode, optimised, without
// graph tracing or typestates: with full checking a slot never written
// must yield its undefinedness, which only the hash test finds.

// sealKey names a tagged struct type by its definition.
func sealKey(t cc.Type) string {
	st, ok := t.(*cc.StructType)
	if !ok {
		return ""
	}
	tag := st.Tag()
	if tag.SrcStr() == "" {
		return ""
	}
	return tag.SrcStr() + "@" + tag.Position().String()
}

type sealScan struct {
	r        *rewriter
	main     string
	structs  map[string]*cc.StructType // candidate structs, by sealKey
	unsealed map[string]bool           // structs unsealed
	fields   map[*cc.Declarator]bool   // members unsealed on their own
	cover    map[cc.Type]map[string]bool
	fresh    map[string]bool // the unit's allocation wrappers (freshWrappers)
}

// findSealed decides which members of the unit's structs are sealed.
func (r *rewriter) findSealed(progDecls []*cc.ExternalDeclaration, main string) {
	r.sealed = map[*cc.Declarator]bool{}
	if r.c.full || !r.c.optimizing || r.c.graph || r.c.every || r.typestate {
		return
	}
	s := &sealScan{r: r, main: main, structs: map[string]*cc.StructType{}, unsealed: map[string]bool{},
		fields: map[*cc.Declarator]bool{}, cover: map[cc.Type]map[string]bool{}}
	for _, ed := range progDecls {
		Inspect(ed, func(n cc.Node) bool {
			if e, ok := n.(cc.ExpressionNode); ok {
				s.noteType(e.Type())
			}
			if d, ok := n.(*cc.Declarator); ok {
				s.noteType(d.Type())
			}
			return true
		})
	}
	if len(s.structs) == 0 {
		return
	}
	if bytes.Contains(r.unit.orig, []byte("#pragma pack")) {
		return // (members laid out as cc/v4 does not know)
	}
	s.freshWrappers(progDecls)
	for _, ed := range progDecls {
		s.scan(ed)
	}
	for key, st := range s.structs {
		if s.unsealed[key] {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.FieldByIndex(i)
			d := f.Declarator()
			if d == nil || f.Parent() != nil || f.IsBitfield() || s.fields[d] || f.Offset()%8 != 0 {
				continue
			}
			t := f.Type()
			if t == nil || !isDataPtr(t) || t.Size() != 8 || t.Attributes().IsVolatile() || d.IsVolatile() {
				continue
			}
			r.sealed[d] = true
		}
	}
}

// noteType records the tagged structs the main file defines that t names.
func (s *sealScan) noteType(t cc.Type) {
	x, ok := elementOf(t).(*cc.StructType)
	if !ok || sealKey(x) == "" || x.IsIncomplete() || x.Tag().Position().Filename != s.main {
		return
	}
	if key := sealKey(x); s.structs[key] == nil {
		s.structs[key] = x
	}
}

// covers is the set of candidate structs an object of type t holds (t
// itself, members, elements), unsealing those a union holds.
func (s *sealScan) covers(t cc.Type) map[string]bool {
	if t == nil {
		return nil
	}
	if c, ok := s.cover[t]; ok {
		return c
	}
	s.cover[t] = nil // (a struct holds no object of its own type)
	c := map[string]bool{}
	switch x := t.(type) {
	case *cc.ArrayType:
		for k := range s.covers(x.Elem()) {
			c[k] = true
		}
	case *cc.StructType:
		if key := sealKey(x); key != "" && s.structs[key] != nil {
			c[key] = true
		}
		for i := 0; i < x.NumFields(); i++ {
			for k := range s.covers(x.FieldByIndex(i).Type()) {
				c[k] = true
			}
		}
	case *cc.UnionType:
		for i := 0; i < x.NumFields(); i++ {
			for k := range s.covers(x.FieldByIndex(i).Type()) {
				c[k] = true
				s.unsealed[k] = true
			}
		}
	}
	if len(c) == 0 {
		c = nil
	}
	s.cover[t] = c
	return c
}

// pointee is what the pointer (or array, decayed) type t points at.
func sealPointee(t cc.Type) cc.Type {
	switch x := t.(type) {
	case *cc.PointerType:
		return x.Elem()
	case *cc.ArrayType:
		return x.Elem()
	}
	return nil
}

// elementOf is the type of the objects a value of type t is made of or
// points at: t without its pointers and arrays (nil past eight levels).
func elementOf(t cc.Type) cc.Type {
	for depth := 0; depth < 8; depth++ {
		e := sealPointee(t)
		if e == nil {
			return t
		}
		t = e
	}
	return nil
}

// ptrCovers is covers of what a value of type t points at.
func (s *sealScan) ptrCovers(t cc.Type) map[string]bool {
	if t == nil || (t.Kind() != cc.Ptr && t.Kind() != cc.Array) {
		return nil
	}
	return s.covers(sealPointee(t))
}

// touch makes covers see the aggregate a value of type t is or points at,
// so that a union holding a candidate unseals it.
func (s *sealScan) touch(t cc.Type) {
	switch e := elementOf(t); e.(type) {
	case *cc.StructType, *cc.UnionType:
		s.covers(e)
	}
}

func (s *sealScan) unseal(c map[string]bool) {
	for k := range c {
		s.unsealed[k] = true
	}
}

// sameTarget reports whether pointers of types a and b point at the same
// struct (or array of it), qualifiers aside.
func sameTarget(a, b cc.Type) bool {
	pa, pb := sealPointee(a), sealPointee(b)
	if pa == nil || pb == nil {
		return false
	}
	if ka, kb := sealKey(pa), sealKey(pb); ka != "" || kb != "" {
		return ka == kb
	}
	if aa, ok := pa.(*cc.ArrayType); ok {
		if ab, ok := pb.(*cc.ArrayType); ok {
			return aa.Len() == ab.Len() && sealKey(aa.Elem()) != "" && sealKey(aa.Elem()) == sealKey(ab.Elem())
		}
	}
	return false
}

// convert judges a value of expression e given the type to: a pointer
// covering a candidate changing type unseals it, but fresh memory and null
// pointer constants may become any pointer.
func (s *sealScan) convert(e cc.ExpressionNode, to cc.Type) {
	from := e.Type()
	if from == nil || to == nil {
		return
	}
	if to.Kind() == cc.Void {
		return // (void)p: the value is dropped
	}
	if key := s.memberAddress(e); key != "" && retyped(from, to) {
		s.unsealed[key] = true // a member's bytes written as another type's
	}
	fc, tc := s.ptrCovers(from), s.ptrCovers(to)
	if s.covers(to) != nil && to.Kind() != cc.Ptr {
		s.unseal(s.covers(to)) // an object copied whole
	}
	if fc == nil && tc == nil {
		return
	}
	if fc != nil && tc != nil && sameTarget(from, to) {
		return
	}
	if fc == nil && (isNullConst(e) || isZeroPointer(e) || isFreshAlloc(e, s.fresh)) {
		return
	}
	s.unseal(fc)
	s.unseal(tc)
}

// retyped reports whether a pointer of type from becomes one to objects
// of another kind or size (or no pointer).
func retyped(from, to cc.Type) bool {
	pf, pt := sealPointee(from), sealPointee(to)
	if pf == nil || pt == nil || to.Kind() != cc.Ptr {
		return true
	}
	return pf.Kind() != pt.Kind() || pf.Size() != pt.Size()
}

// isFreshAlloc reports whether e is a call of malloc, calloc or realloc:
// memory no byte of which this life wrote, or realloc's, whose shadow the
// runtime copies with the bytes (rehashed, ml_copy_shadow); or of one of
// wrappers, which return such memory as it came.
func isFreshAlloc(e cc.ExpressionNode, wrappers map[string]bool) bool {
	for {
		switch x := unparen(e).(type) {
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionCast {
				return false
			}
			e = x.CastExpression
			continue
		case *cc.ConditionalExpression:
			if x.Case != cc.ConditionalExpressionCond {
				return false
			}
			return isFreshAlloc(x.ExpressionList, wrappers) && isFreshAlloc(x.ConditionalExpression, wrappers)
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionCall {
				return false
			}
			switch name := calleeName(x); name {
			case "malloc", "calloc", "realloc", "__builtin_malloc", "__builtin_calloc", "__builtin_realloc":
				return true
			default:
				return wrappers[name]
			}
		}
		return false
	}
}

// freshWrappers finds the unit's allocation wrappers (vm.c's xmalloc:
// `void *p = malloc(n); if (!p) die(...); return p;`): static functions
// (internal linkage: no other definition can stand in for the one seen)
// returning a pointer, each of whose returns gives a null pointer constant,
// fresh memory (a call of malloc, calloc, realloc or another wrapper), or a
// local initialized and only assigned so, which the body otherwise only
// tests against null and returns. The wrapper neither writes the block nor hands it to code that
// could, so its caller receives the memory as malloc gave it. The least
// fixed point: a wrapper calling itself is not one.
func (s *sealScan) freshWrappers(progDecls []*cc.ExternalDeclaration) {
	s.fresh = map[string]bool{}
	var fds []*cc.FunctionDefinition
	for _, ed := range progDecls {
		fd := ed.FunctionDefinition
		if fd == nil || fd.Declarator == nil || !fd.Declarator.IsStatic() {
			continue
		}
		if ft, ok := fd.Declarator.Type().(*cc.FunctionType); ok && ft.Result() != nil && ft.Result().Kind() == cc.Ptr {
			fds = append(fds, fd)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range fds {
			if name := fd.Declarator.Name(); !s.fresh[name] && s.returnsFresh(fd.CompoundStatement) {
				s.fresh[name] = true
				changed = true
			}
		}
	}
}

// returnsFresh reports whether every return of body gives fresh memory or
// a null pointer (freshWrappers), and it has one.
func (s *sealScan) returnsFresh(body cc.Node) bool {
	locals := map[*cc.Declarator]bool{} // pointer locals: true while they hold only fresh memory
	fresh := func(e cc.ExpressionNode) bool {
		return e != nil && (isNullConst(e) || isFreshAlloc(e, s.fresh))
	}
	ident := func(e cc.ExpressionNode) *cc.PrimaryExpression {
		if e == nil {
			return nil
		}
		if x, ok := unparen(e).(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
			return x
		}
		return nil
	}
	allowed := map[*cc.PrimaryExpression]bool{} // the uses that neither write nor hand on the block
	var returned []*cc.Declarator
	ok, returns := true, 0
	Inspect(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.InitDeclarator:
			d := x.Declarator
			if d == nil || d.Type() == nil || d.Type().Kind() != cc.Ptr || d.StorageDuration() != cc.Automatic || d.IsStatic() ||
				d.IsExtern() || d.IsVolatile() || d.AddressTaken() {
				break
			}
			// (one declared without an initializer may be returned indeterminate)
			locals[d] = x.Initializer != nil && x.Initializer.Case == cc.InitializerExpr && fresh(x.Initializer.AssignmentExpression)
		case *cc.AssignmentExpression:
			if id := ident(x.UnaryExpression); id != nil && x.Case == cc.AssignmentExpressionAssign {
				allowed[id] = true
				if d := declOf(id); !fresh(x.AssignmentExpression) {
					locals[d] = false
				}
			}
		case *cc.UnaryExpression:
			if id := ident(x.CastExpression); id != nil && x.Case == cc.UnaryExpressionNot {
				allowed[id] = true
			}
		case *cc.EqualityExpression:
			if id := ident(x.EqualityExpression); id != nil && isNullConst(x.RelationalExpression) {
				allowed[id] = true
			}
			if id := ident(x.RelationalExpression); id != nil && isNullConst(x.EqualityExpression) {
				allowed[id] = true
			}
		case *cc.SelectionStatement:
			if id := ident(x.ExpressionList); id != nil && x.Case != cc.SelectionStatementSwitch {
				allowed[id] = true
			}
		case *cc.JumpStatement:
			if x.Case != cc.JumpStatementReturn {
				break
			}
			returns++
			if id := ident(x.ExpressionList); id != nil {
				allowed[id] = true
				returned = append(returned, declOf(id))
			} else if !fresh(x.ExpressionList) {
				ok = false
			}
		}
		return true
	})
	Inspect(body, func(n cc.Node) bool {
		if x, isIdent := n.(*cc.PrimaryExpression); isIdent && x.Case == cc.PrimaryExpressionIdent && !allowed[x] {
			if d := declOf(x); locals[d] {
				locals[d] = false // another use: the block may be written or handed on
			}
		}
		return true
	})
	for _, d := range returned {
		if !locals[d] {
			return false
		}
	}
	return ok && returns > 0
}

// memberAddress reports the candidate struct whose member's address e is
// (&x.f, &p->f[i], or an array member decaying), "" if none.
func (s *sealScan) memberAddress(e cc.ExpressionNode) string {
	for {
		switch x := unparen(e).(type) {
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				e = x.CastExpression
				continue
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionAddrof {
				return s.memberOf(x.CastExpression)
			}
		case *cc.PostfixExpression:
			if (x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect) && isArray(x) {
				return s.memberOf(x)
			}
		}
		return ""
	}
}

// memberOf is the candidate struct lvalue n is a member (or an element of
// a member) of.
func (s *sealScan) memberOf(n cc.ExpressionNode) string {
	for {
		switch x := unparen(n).(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
				if f := x.Field(); f != nil {
					if key := sealKey(f.ParentType()); key != "" && s.structs[key] != nil {
						return key
					}
				}
				if x.Case == cc.PostfixExpressionSelect {
					n = x.PostfixExpression
					continue
				}
			case cc.PostfixExpressionIndex:
				n = x.PostfixExpression
				continue
			}
		}
		return ""
	}
}

// scan applies the rules above to one external declaration.
func (s *sealScan) scan(ed *cc.ExternalDeclaration) {
	r := s.r
	if fd := ed.FunctionDefinition; fd != nil {
		if !r.instrumented(fd) || r.unchecked[fd.Declarator.Name()] {
			// its member stores write no shadow (or it is libc's)
			s.unsealAll(fd)
			return
		}
		s.function(fd.Declarator.Type(), fd.CompoundStatement)
		return
	}
	if ed.AsmStatement != nil {
		s.unsealEvery()
		return
	}
	s.function(nil, ed)
}

// unsealAll unseals every candidate n mentions.
func (s *sealScan) unsealAll(n cc.Node) {
	Inspect(n, func(n cc.Node) bool {
		if e, ok := n.(cc.ExpressionNode); ok {
			s.unseal(s.covers(e.Type()))
			s.unseal(s.ptrCovers(e.Type()))
			if key := s.memberOf(e); key != "" {
				s.unsealed[key] = true
			}
		}
		return true
	})
}

func (s *sealScan) unsealEvery() {
	for key := range s.structs {
		s.unsealed[key] = true
	}
}

// function scans the body n of a function of type ft (nil: a file-scope
// declaration).
func (s *sealScan) function(ft cc.Type, n cc.Node) {
	r := s.r
	var result cc.Type
	if f, ok := ft.(*cc.FunctionType); ok {
		result = f.Result()
	}
	Inspect(n, func(n cc.Node) bool {
		if e, ok := n.(cc.ExpressionNode); ok {
			s.touch(e.Type())
		}
		switch x := n.(type) {
		case *cc.AsmStatement, *cc.AsmExpressionList:
			s.unsealEvery()
		case *cc.StructOrUnionSpecifier:
			// packed or aligned: a layout cc/v4 may not share with gcc
			if anyToken(x, func(t cc.Token) bool {
				return strings.Contains(t.SrcStr(), "packed") || strings.Contains(t.SrcStr(), "aligned")
			}) {
				s.unseal(s.covers(x.Type()))
			}
		case *cc.Declarator:
			t := x.Type()
			s.touch(t)
			if x.IsVolatile() {
				s.unseal(s.covers(t))
			}
			if pt, ok := t.(*cc.PointerType); ok && pt.Elem().Attributes().IsVolatile() {
				s.unseal(s.covers(pt.Elem()))
			}
			if f, ok := t.(*cc.FunctionType); ok && !x.IsTypename() && !r.defined[x.Name()] {
				// another unit's function handles the struct's objects
				s.unseal(s.ptrCovers(f.Result()))
				s.unseal(s.covers(f.Result()))
				for _, p := range f.Parameters() {
					s.unseal(s.ptrCovers(p.Type()))
					s.unseal(s.covers(p.Type()))
				}
			}
		case *cc.InitDeclarator:
			if x.Initializer != nil && x.Declarator != nil {
				s.initializer(x.Declarator.Type(), x.Initializer, x.Initializer)
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				s.convert(x.CastExpression, x.Type())
			}
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign {
				s.convert(x.AssignmentExpression, x.UnaryExpression.Type())
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionAddrof {
				if p, ok := unparen(x.CastExpression).(*cc.PostfixExpression); ok &&
					(p.Case == cc.PostfixExpressionSelect || p.Case == cc.PostfixExpressionPSelect) && p.Field() != nil && p.Field().Declarator() != nil {
					s.fields[p.Field().Declarator()] = true
				}
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall:
				s.call(x)
			case cc.PostfixExpressionIndex:
				s.index(x)
			case cc.PostfixExpressionComplit:
				s.initializer(x.Type(), nil, x.InitializerList)
			}
		case *cc.JumpStatement:
			if x.Case == cc.JumpStatementReturn && x.ExpressionList != nil && result != nil {
				s.convert(x.ExpressionList, result)
			}
		}
		return true
	})
}

// initializer judges the initializer in of an object of type t.
func (s *sealScan) initializer(t cc.Type, in *cc.Initializer, list cc.Node) {
	if c := s.covers(t); c != nil {
		s.unseal(c) // an object initialized whole
	}
	Inspect(list, func(n cc.Node) bool {
		if x, ok := n.(*cc.Initializer); ok && x.Case == cc.InitializerExpr && x.AssignmentExpression != nil {
			to := x.Type()
			if x == in {
				to = t
			} else if f := x.Field(); f != nil {
				to = f.Type()
			}
			if to == nil || s.ptrCovers(x.AssignmentExpression.Type()) != nil || s.ptrCovers(to) != nil {
				s.convert(x.AssignmentExpression, to)
			}
		}
		return true
	})
}

// call judges the arguments of call x.
func (s *sealScan) call(x *cc.PostfixExpression) {
	r := s.r
	name := calleeName(x)
	var params []*cc.Parameter
	variadic := true
	if ct := x.PostfixExpression.Type(); ct != nil {
		if pt, ok := ct.(*cc.PointerType); ok {
			ct = pt.Elem()
		}
		if f, ok := ct.(*cc.FunctionType); ok {
			params, variadic = f.Parameters(), f.IsVariadic()
			if len(params) == 1 && params[0].Type() != nil && params[0].Type().Kind() == cc.Void {
				params = nil
			}
		}
	}
	// a call by name of a function the unit does not define, or through a
	// pointer: the callee's parameter types are all the unit knows
	known := name == "" || r.defined[name]
	i := 0
	for l := x.ArgumentExpressionList; l != nil; l, i = l.ArgumentExpressionList, i+1 {
		a := l.AssignmentExpression
		t := a.Type()
		if c := s.covers(t); c != nil && t.Kind() != cc.Ptr && t.Kind() != cc.Array {
			s.unseal(c) // passed whole
			continue
		}
		if key := s.memberAddress(a); key != "" && !known {
			s.unsealed[key] = true
		}
		pc := s.ptrCovers(t)
		if pc == nil {
			continue
		}
		if name == "free" || name == "__builtin_free" {
			continue
		}
		if !known || i >= len(params) && variadic || i >= len(params) {
			s.unseal(pc)
			continue
		}
		s.convert(a, params[i].Type())
	}
}

// index unseals the struct of an array of it indexed with a constant
// outside its bounds.
func (s *sealScan) index(x *cc.PostfixExpression) {
	at, ok := objType(x.PostfixExpression).(*cc.ArrayType)
	if !ok || at.IsIncomplete() {
		return
	}
	c := s.covers(at.Elem())
	if c == nil {
		return
	}
	switch v := x.ExpressionList.Value().(type) {
	case cc.Int64Value:
		if v < 0 || int64(v) >= at.Len() {
			s.unseal(c)
		}
	case cc.UInt64Value:
		if uint64(v) >= uint64(at.Len()) {
			s.unseal(c)
		}
	}
}

// sealedMember reports whether lvalue n is a sealed member's access.
func (r *rewriter) sealedMember(n cc.ExpressionNode) bool {
	p, ok := unparen(n).(*cc.PostfixExpression)
	if !ok || (p.Case != cc.PostfixExpressionSelect && p.Case != cc.PostfixExpressionPSelect) {
		return false
	}
	f := p.Field()
	return f != nil && f.Declarator() != nil && r.sealed[f.Declarator()]
}
