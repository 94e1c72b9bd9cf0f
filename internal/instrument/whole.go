package instrument

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"modernc.org/cc/v4"
)

// Whole-object parameters: a pointer parameter of a static function that
// every call in the unit passes the address of a whole live struct or
// arithmetic object (&x, x a local or global of the parameter's pointee
// type, not const), or a parameter of its caller that is itself one (vm.c:
// main calls each handler through its static table with &vm, each handler
// passes its vm to push and pop; op_add passes &a, a long, to binary).
// The function never assigns the parameter nor takes its address, so
// while it runs the parameter points at the start of an object
// that lives at least as long as the call (its caller's frame, or static
// storage): its block is alive and [0, sizeof) lies inside it. That is the
// fact a check of a member would have made, and it starts the function's
// available checks (avail.go): a scalar member read through the parameter
// needs no check, nor a write (the object is not read-only). Facts die as
// every fact does (a call that may free, an assignment, a label), so what
// holds after them is checked as before; an index, a cast or arithmetic on
// the parameter has another address key and is checked as before.
//
// Calls are seen by name, or through a static table of the unit's
// functions that the unit only ever indexes and calls (handlers[op](&vm,
// pc)): such a call is a call of every function in the table. Any other
// use of a function's name (its address stored, passed or compared) or of
// such a table leaves its parameters out.

// wholeParams finds the whole-object parameters of the unit's functions,
// by name and position, and returns them, the parameters that would be
// whole but that some calls pass a null pointer constant (nullable: the
// candidates of bare parameters tested before use), and the unit's call
// tables.
func (r *rewriter) wholeParams(decls []*cc.ExternalDeclaration) (map[string]map[int]bool, map[string]map[int]bool, map[string]*callTable) {
	defs := r.userDefs(decls)
	tables := r.callTables(decls, defs)
	// (a name in a string may be an alias's target, or asm's: in a
	// declaration, a definition's attributes or an asm statement, not the
	// front end's __func__ in each body)
	quoted := map[string]bool{}
	quote := func(n cc.Node) {
		for _, t := range cc.NodeTokens(n) {
			if t.Ch == rune(cc.STRINGLITERAL) {
				quoted[strings.Trim(t.SrcStr(), `"`)] = true
			}
		}
	}
	for _, ed := range decls {
		switch {
		case r.unit.isSystemDecl(ed):
		case ed.FunctionDefinition != nil:
			quote(ed.FunctionDefinition.DeclarationSpecifiers)
			quote(ed.FunctionDefinition.Declarator)
			Inspect(ed.FunctionDefinition.CompoundStatement, func(n cc.Node) bool {
				if a, ok := n.(*cc.AsmStatement); ok {
					quote(a)
					return false
				}
				return true
			})
		default:
			quote(ed)
		}
	}
	// private is fd's type when fd, named name, is a static function
	// whose every call the unit shows: not variadic, named in no asm,
	// not replaceable, not taking its own address in an initializer.
	private := func(name string, fd *cc.FunctionDefinition) (*cc.FunctionType, bool) {
		ft, ok := fd.Declarator.Type().(*cc.FunctionType)
		return ft, ok && fd.Declarator.Linkage() == cc.Internal && !ft.IsVariadic() && !quoted[name] &&
			!r.replaceable(fd) && !initOrUsed(fd)
	}
	whole := map[string]map[int]bool{}
	for name, fd := range defs {
		ft, ok := private(name, fd)
		if fp := funcParams(fd.Declarator); !ok || fp == nil || fp.Case != cc.DirectDeclaratorFuncParam {
			continue
		}
		assigned := assignmentCounts(fd.CompoundStatement)
		for i, p := range ft.Parameters() {
			if pd := p.Declarator; pd != nil && pd.Name() != "" && !pd.AddressTaken() && assigned[pd] == 0 &&
				wholeType(pointee(pd.Type())) != nil {
				if whole[name] == nil {
					whole[name] = map[int]bool{}
				}
				whole[name][i] = true
			}
		}
	}
	// Every use of a candidate's name: a call by name, or an entry of a
	// table; every use of a table: a call through one of its elements.
	type call struct {
		in      *cc.FunctionDefinition
		callees []string
		args    []cc.ExpressionNode
		table   *cc.PostfixExpression // the call, when through a table
	}
	var calls []call
	// (usedOtherwise: the functions named other than as a call's callee
	// or a table's entry, or in a table put to other uses)
	allowed, usedOtherwise := map[*cc.PrimaryExpression]bool{}, map[string]bool{}
	for _, t := range tables {
		for _, p := range t.entries {
			allowed[p] = true
		}
	}
	throughTable, badTable := r.tableUses(decls, tables)
	for _, ed := range decls {
		if r.unit.isSystemDecl(ed) {
			continue
		}
		in := ed.FunctionDefinition
		Inspect(ed, func(n cc.Node) bool {
			x, ok := n.(*cc.PostfixExpression)
			if !ok || x.Case != cc.PostfixExpressionCall {
				return true
			}
			args := argList(x.ArgumentExpressionList)
			if p, ok := x.PostfixExpression.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent && r.isCalledByName(x) {
				allowed[p] = true
				calls = append(calls, call{in, []string{p.Token.SrcStr()}, args, nil})
			}
			if t := throughTable[x]; t != nil {
				calls = append(calls, call{in, t.names, args, x})
			}
			return true
		})
	}
	for _, ed := range decls {
		if r.unit.isSystemDecl(ed) {
			continue
		}
		Inspect(ed, func(n cc.Node) bool {
			p, ok := n.(*cc.PrimaryExpression)
			if !ok || p.Case != cc.PrimaryExpressionIdent || allowed[p] {
				return true
			}
			name := p.Token.SrcStr()
			if d := declOf(p); d != nil && d.Type() != nil && d.Type().Kind() == cc.Function {
				delete(whole, name)
				usedOtherwise[name] = true
			}
			return true
		})
	}
	for name := range badTable {
		for _, f := range tables[name].names {
			delete(whole, f)
			usedOtherwise[f] = true
		}
	}
	// Entry-checked parameters (entryChecked): of functions called only
	// through tables, the bytes every call's index read.
	r.entrySpans = map[string]map[int]span{}
	for name, fd := range defs {
		if _, ok := private(name, fd); !ok || usedOtherwise[name] {
			continue
		}
		var spans map[int]span
		first := true
		for _, c := range calls {
			if !slices.Contains(c.callees, name) {
				continue
			}
			got := r.entryChecked(c.table, c.in, c.args)
			if first {
				spans, first = got, false
				continue
			}
			for i, s := range spans {
				g, ok := got[i]
				if lo, hi := max(s.lo, g.lo), min(s.hi, g.hi); ok && lo < hi {
					spans[i] = span{lo: lo, hi: hi}
				} else {
					delete(spans, i)
				}
			}
		}
		if len(spans) != 0 {
			r.entrySpans[name] = spans
		}
	}
	// (called by none of the unit's calls: by what, then?)
	called := map[string]bool{}
	for _, c := range calls {
		for _, f := range c.callees {
			called[f] = true
		}
	}
	for name := range whole {
		if !called[name] {
			delete(whole, name)
		}
	}
	// The greatest set every call agrees with: a caller's parameter passed
	// on is whole while the set says so, and a call through a table must
	// suit each of its functions.
	// (a parameter some call passes a null pointer constant goes to
	// nullable, where every call must pass it whole or null)
	nullable := map[string]map[int]bool{}
	for changed := true; changed; {
		changed = false
		for _, c := range calls {
			for _, f := range c.callees {
				for i := range whole[f] {
					if i >= len(c.args) || !r.passesWhole(c.args[i], c.in, whole, defs[f], i) {
						if i < len(c.args) && isNullConst(c.args[i]) {
							if nullable[f] == nil {
								nullable[f] = map[int]bool{}
							}
							nullable[f][i] = true
						}
						delete(whole[f], i)
						changed = true
					}
				}
			}
		}
	}
	for _, c := range calls {
		for _, f := range c.callees {
			for i := range nullable[f] {
				if i >= len(c.args) || !isNullConst(c.args[i]) && !r.passesWhole(c.args[i], c.in, whole, defs[f], i) {
					delete(nullable[f], i)
				}
			}
		}
	}
	return whole, nullable, tables
}

// initOrUsed reports whether fd is a constructor, a destructor or kept
// for uses unseen ("used"): not only the unit's calls run it.
func initOrUsed(fd *cc.FunctionDefinition) bool {
	words := []string{"constructor", "__constructor__", "destructor", "__destructor__", "used", "__used__"}
	return says(fd.DeclarationSpecifiers, words...) || says(fd.Declarator, words...)
}

// passesWhole reports whether argument a, in a call made by in, is the
// address of a whole object for parameter i of callee fd.
func (r *rewriter) passesWhole(a cc.ExpressionNode, in *cc.FunctionDefinition, whole map[string]map[int]bool,
	fd *cc.FunctionDefinition, i int) bool {
	ft, ok := fd.Declarator.Type().(*cc.FunctionType)
	if !ok || i >= len(ft.Parameters()) {
		return false
	}
	want := wholeType(pointee(ft.Parameters()[i].Declarator.Type()))
	switch x := unparen(a).(type) {
	case *cc.UnaryExpression:
		if x.Case != cc.UnaryExpressionAddrof {
			return false
		}
		d := declOfExpr(x.CastExpression)
		if d == nil || d.IsConst() || d.Type() == nil || d.Type().Kind() == cc.Function {
			return false
		}
		got := wholeType(d.Type())
		return got != nil && want != nil && got.IsCompatible(want) && got.Size() == want.Size()
	case *cc.PrimaryExpression:
		d := declOf(x)
		if in == nil || d == nil || !d.IsParam() {
			return false
		}
		gt, ok := in.Declarator.Type().(*cc.FunctionType)
		if !ok {
			return false
		}
		for j, p := range gt.Parameters() {
			if p.Declarator == d {
				got := wholeType(pointee(d.Type()))
				return whole[in.Declarator.Name()][j] && got != nil && want != nil && got.IsCompatible(want) &&
					got.Size() == want.Size()
			}
		}
	}
	return false
}

// wholeType is t when it is a complete struct with no flexible array
// member, or an arithmetic type (binary's long *a in vm.c, passed &a),
// else nil.
func wholeType(t cc.Type) cc.Type {
	if t != nil && (cc.IsArithmeticType(t) || isDataPtr(t)) && t.Size() > 0 {
		return t
	}
	s, ok := t.(*cc.StructType)
	if !ok || s.Size() <= 0 || s.HasFlexibleArrayMember() {
		return nil
	}
	return s
}

// pointee is what data pointer type t points to, else nil.
func pointee(t cc.Type) cc.Type {
	if p, ok := t.(*cc.PointerType); ok && isDataPtr(t) {
		return p.Elem()
	}
	return nil
}

// callTable is a static array of the unit's functions (callTables).
type callTable struct {
	d       *cc.Declarator
	names   []string                // its functions
	entries []*cc.PrimaryExpression // their names in its initializer
	calls   []*cc.PostfixExpression // the unit's calls through it (tableCandidates)
	byName  map[string]bool         // its functions the unit also calls by name
	// every function ends in a return of a value and has no bare return:
	// each call of one hands its result over (tableCall)
	handsOver bool
}

// callTables finds the file-scope static arrays of function pointers whose
// initializer names only functions the unit defines, by name.
func (r *rewriter) callTables(decls []*cc.ExternalDeclaration, defs map[string]*cc.FunctionDefinition) map[string]*callTable {
	tables := map[string]*callTable{}
	for _, ed := range decls {
		if ed.Declaration == nil || r.unit.isSystemDecl(ed) {
			continue
		}
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			id := l.InitDeclarator
			if id == nil || id.Declarator == nil || id.Initializer == nil || id.Initializer.InitializerList == nil {
				continue
			}
			d := id.Declarator
			at, ok := d.Type().(*cc.ArrayType)
			if !ok || !d.IsStatic() || d.Linkage() != cc.Internal {
				continue
			}
			if p, ok := at.Elem().(*cc.PointerType); !ok || p.Elem().Kind() != cc.Function {
				continue
			}
			t := &callTable{d: d, handsOver: true}
			for il := id.Initializer.InitializerList; il != nil && t != nil; il = il.InitializerList {
				init := il.Initializer
				var p *cc.PrimaryExpression
				if init != nil && init.Case == cc.InitializerExpr {
					p, _ = unparen(init.AssignmentExpression).(*cc.PrimaryExpression)
				}
				if p == nil || p.Case != cc.PrimaryExpressionIdent || defs[p.Token.SrcStr()] == nil {
					t = nil
					break
				}
				t.names = append(t.names, p.Token.SrcStr())
				t.entries = append(t.entries, p)
				t.handsOver = t.handsOver && returnsAValue(defs[p.Token.SrcStr()])
			}
			if t != nil && len(t.names) != 0 {
				tables[d.Name()] = t
			}
		}
	}
	return tables
}

// tableUses finds the unit's calls through an element of a call table
// (T[i](...)), and the tables the unit names otherwise (bad).
func (r *rewriter) tableUses(decls []*cc.ExternalDeclaration, tables map[string]*callTable) (map[*cc.PostfixExpression]*callTable, map[string]bool) {
	calls := map[*cc.PostfixExpression]*callTable{}
	callee := map[*cc.PrimaryExpression]bool{}
	for _, ed := range decls {
		if r.unit.isSystemDecl(ed) {
			continue
		}
		Inspect(ed, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
				if t, p := tableOfCall(x, tables); t != nil {
					calls[x] = t
					callee[p] = true
				}
			}
			return true
		})
	}
	bad := map[string]bool{}
	for _, ed := range decls {
		if r.unit.isSystemDecl(ed) {
			continue
		}
		Inspect(ed, func(n cc.Node) bool {
			if p, ok := n.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent && !callee[p] {
				if t := tables[p.Token.SrcStr()]; t != nil && declOf(p) == t.d {
					bad[p.Token.SrcStr()] = true
				}
			}
			return true
		})
	}
	return calls, bad
}

// tableOfCall is the table call x goes through (T[i](...)) and its name's
// expression, else nil.
func tableOfCall(x *cc.PostfixExpression, tables map[string]*callTable) (*callTable, *cc.PrimaryExpression) {
	ix, ok := x.PostfixExpression.(*cc.PostfixExpression)
	if !ok || ix.Case != cc.PostfixExpressionIndex {
		return nil, nil
	}
	p, ok := ix.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return nil, nil
	}
	if t := tables[p.Token.SrcStr()]; t != nil && declOf(p) == t.d {
		return t, p
	}
	return nil, nil
}

// seedWhole starts the function's available checks with those its
// whole-object parameters prove (wholeParams), and its entry-checked ones
// (entryChecked).
func (r *rewriter) seedWhole(ft *cc.FunctionType) {
	if ft == nil || r.avail.off {
		return
	}
	for i, p := range ft.Parameters() {
		pd := p.Declarator
		if pd == nil || !isPureVar(pd) || r.fn.comp[pd] == "" {
			continue
		}
		meta, deps := r.fn.comp[pd], []*cc.Declarator{pd}
		key := fmt.Sprintf("%s|#%p|", meta, pd)
		if s := wholeType(pointee(pd.Type())); r.whole[r.fn.name][i] && s != nil {
			r.avail.facts.spans[key] = span{lo: 0, hi: s.Size(), deps: deps, id: r.avail.newID()}
			r.avail.facts.lives[meta] = live{write: true, deps: deps, id: r.avail.newID()}
		} else if s, ok := r.entrySpans[r.fn.name][i]; ok {
			r.avail.facts.spans[key] = span{lo: s.lo, hi: s.hi, deps: deps, id: r.avail.newID()}
			r.avail.facts.lives[meta] = live{deps: deps, id: r.avail.newID()}
		}
	}
}

// Entry-checked parameters: a function of a call table that the unit
// calls only through its tables, each call passing at position i a pointer
// variable p whose scalar member (or element) the call's own index reads
// (handlers[pc->op](&vm, pc) in vm.c), starts with that read's check as a
// fact: p's block alive and those bytes from p inside it. The index and the
// arguments are evaluated before the call, and neither holds a call, an
// assignment, a condition or an unevaluated operand, so the check ran on
// every call and nothing freed the block or changed p between it and the
// callee's entry. A check in the callee then makes only the tests the
// fact leaves open (op_push's pc->arg: its upper bound).

// entryChecked is, by argument position, the bytes [lo, hi) from the
// pointer variable passed there that table call x (made in function in,
// with arguments args) read in its index; nil when x is nil or its index
// or arguments are not as said above.
func (r *rewriter) entryChecked(x *cc.PostfixExpression, in *cc.FunctionDefinition, args []cc.ExpressionNode) map[int]span {
	if x == nil || in == nil || r.unchecked[in.Declarator.Name()] {
		return nil
	}
	ix := x.PostfixExpression.(*cc.PostfixExpression) // tableOfCall: T[i]
	for _, a := range args {
		a = unparen(a)
		if u, ok := a.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
			a = unparen(u.CastExpression)
		}
		if p, ok := a.(*cc.PrimaryExpression); !ok || p.Case != cc.PrimaryExpressionIdent {
			return nil
		}
	}
	var reads []cc.ExpressionNode
	if !walkNodes(ix.ExpressionList, func(n cc.Node) bool {
		switch e := n.(type) {
		case *cc.PrimaryExpression:
			return e.Case == cc.PrimaryExpressionIdent || e.Case == cc.PrimaryExpressionInt ||
				e.Case == cc.PrimaryExpressionChar || e.Case == cc.PrimaryExpressionExpr
		case *cc.PostfixExpression:
			if e.Case == cc.PostfixExpressionIndex || e.Case == cc.PostfixExpressionPSelect ||
				e.Case == cc.PostfixExpressionSelect {
				reads = append(reads, e)
				return true
			}
		case *cc.UnaryExpression:
			if e.Case == cc.UnaryExpressionDeref {
				reads = append(reads, e)
			}
			return e.Case == cc.UnaryExpressionDeref || e.Case == cc.UnaryExpressionPlus ||
				e.Case == cc.UnaryExpressionMinus || e.Case == cc.UnaryExpressionCpl
		case *cc.AdditiveExpression, *cc.MultiplicativeExpression, *cc.ShiftExpression,
			*cc.AndExpression, *cc.ExclusiveOrExpression, *cc.InclusiveOrExpression:
			return true
		}
		return false
	}) {
		return nil
	}
	spans := map[int]span{}
	for i, a := range args {
		p, ok := unparen(a).(*cc.PrimaryExpression)
		if !ok {
			continue
		}
		d := pureVar(p)
		if d == nil || !isDataPtr(d.Type()) {
			continue
		}
		base := fmt.Sprintf("#%p", d)
		for _, e := range reads {
			k, _, lo, hi, ok := accessKey(e)
			if !ok || k.opaque || k.exact || k.sym != "" || k.base != base || !isScalar(objType(e)) {
				continue
			}
			if s, seen := spans[i]; seen {
				lo, hi = min(s.lo, lo), max(s.hi, hi)
			}
			spans[i] = span{lo: lo, hi: hi}
		}
	}
	return spans
}

// Bare parameters: a whole-object parameter pointing to an arithmetic
// object (binary's long *a in vm.c, always &a of its caller) or a pointer
// (Lua's aux_upvalue's TValue **val, whose stores still write the slot's
// shadow, read by the caller's loads of its local) that its
// function only ever dereferences (*a, read or written; no &*a) needs no
// meta at all. The object lives through the call, [0, sizeof) lies inside
// it, and nothing else is done with the pointer, so no access through it
// is checked (bareAccess), even where a call or a label would have ended
// the available checks' fact; its callers pass the argument as written,
// with a constant word for its meta, and the object does not escape by
// it: a local lent only to such parameters is never registered. A
// parameter passed on whole as the argument of a bare parameter (nbody.c's
// force hands its ax to pull and to its own recursive call) is bare too, by
// the same argument: that callee's object is the caller's, alive through
// the callee's call, which lies inside the caller's; the set is the
// greatest one all such uses agree with. A parameter that some calls pass
// a null pointer constant instead (an optional out-parameter: Lua's
// getupvalref's LClosure **pf, aux_upvalue's GCObject **owner) is bare
// when its function never uses it but as the whole condition of an if
// (`if (pf)`) and as a bare use inside that if's body: there it is not
// null, so it is the object's address. Only for
// direct functions whose extra words are parameters (a call of theirs is
// a directCall), outside a call table, in detection mode (full checking's
// definedness, every-access checking and typestates use the meta).

// findBare finds the bare parameters, by function and position (r.bare)
// and by declarator (r.bareDecls), among the whole-object parameters and
// nullable (wholeParams); tables: the unit's call tables.
func (r *rewriter) findBare(decls []*cc.ExternalDeclaration, nullable map[string]map[int]bool, tables map[string]*callTable) {
	r.bare, r.bareDecls = map[string]map[int]bool{}, map[*cc.Declarator]bool{}
	if r.c.full || r.c.every || r.typestate {
		return
	}
	defs := r.userDefs(decls)
	inTable := map[string]bool{}
	for _, t := range tables {
		for _, f := range t.names {
			inTable[f] = true
		}
	}
	bodies := map[*cc.Declarator]cc.Node{} // the candidates' functions' bodies
	tested := map[*cc.Declarator]bool{}    // the candidates from nullable
	candidates := func(name string, i int) bool { return r.whole[name][i] || nullable[name][i] }
	for name := range defs {
		fd, fn := defs[name], r.direct[name]
		ft, ok := fd.Declarator.Type().(*cc.FunctionType)
		if fn == nil || inTable[name] || !ok {
			continue
		}
		for i := range ft.Parameters() {
			if !candidates(name, i) || fn.inThread[i] || !slices.Contains(fn.ptrParams, i) {
				continue
			}
			pd := ft.Parameters()[i].Declarator
			if t := pointee(pd.Type()); t == nil || !(cc.IsArithmeticType(t) || isDataPtr(t)) {
				continue
			}
			if r.bare[name] == nil {
				r.bare[name] = map[int]bool{}
			}
			r.bare[name][i] = true
			r.bareDecls[pd] = true
			bodies[pd] = fd.CompoundStatement
			tested[pd] = nullable[name][i]
		}
	}
	for changed := true; changed; {
		changed = false
		for pd, body := range bodies {
			if r.bareDecls[pd] && !r.onlyDereferenced(body, pd, defs, tested[pd]) {
				delete(r.bareDecls, pd)
				changed = true
			}
		}
	}
	for name, ps := range r.bare {
		for i := range ps {
			if !r.bareDecls[paramDecl(defs[name], i)] {
				delete(ps, i)
			}
		}
		if len(ps) == 0 {
			delete(r.bare, name)
		}
	}
}

// paramDecl is the declarator of fd's parameter i.
func paramDecl(fd *cc.FunctionDefinition, i int) *cc.Declarator {
	return fd.Declarator.Type().(*cc.FunctionType).Parameters()[i].Declarator
}

// onlyDereferenced reports whether every use of parameter pd in body is
// the operand of a unary * that is not itself the operand of &, or the
// whole argument of a call by name of one of defs where r.bare still has
// a bare parameter; when tested (pd may be null), each of those inside
// the body of an if whose whole condition is pd, and the conditions the
// only other uses.
func (r *rewriter) onlyDereferenced(body cc.Node, pd *cc.Declarator, defs map[string]*cc.FunctionDefinition, tested bool) bool {
	allowedUses := map[*cc.PrimaryExpression]bool{} // the dereferences and those arguments
	ok := true
	// (tested: the ifs' conditions, and pd's uses inside their bodies)
	tests, guarded := map[*cc.PrimaryExpression]bool{}, map[*cc.PrimaryExpression]bool{}
	if tested {
		Inspect(body, func(n cc.Node) bool {
			s, isS := n.(*cc.SelectionStatement)
			if !isS || s.Case != cc.SelectionStatementIf {
				return true
			}
			if p, isP := unparen(s.ExpressionList).(*cc.PrimaryExpression); isP && declOf(p) == pd {
				tests[p] = true
				Inspect(s.Statement, func(n cc.Node) bool {
					if p, isP := n.(*cc.PrimaryExpression); isP && declOf(p) == pd {
						guarded[p] = true
					}
					return true
				})
			}
			return true
		})
	}
	Inspect(body, func(n cc.Node) bool {
		if x, isX := n.(*cc.PostfixExpression); isX && x.Case == cc.PostfixExpressionCall && r.isCalledByName(x) {
			name := calleeName(x)
			for i, a := range argList(x.ArgumentExpressionList) {
				if p, isP := unparen(a).(*cc.PrimaryExpression); isP && declOf(p) == pd && r.bare[name][i] &&
					r.bareDecls[paramDecl(defs[name], i)] {
					allowedUses[p] = true
				}
			}
		}
		if u, isU := n.(*cc.UnaryExpression); isU {
			switch u.Case {
			case cc.UnaryExpressionDeref:
				if p, isP := unparen(u.CastExpression).(*cc.PrimaryExpression); isP && declOf(p) == pd {
					allowedUses[p] = true
				}
			case cc.UnaryExpressionAddrof:
				if d, isD := unparen(u.CastExpression).(*cc.UnaryExpression); isD && d.Case == cc.UnaryExpressionDeref &&
					declOfExpr(d.CastExpression) == pd {
					ok = false
				}
			}
		}
		return ok
	})
	if tested {
		for p := range allowedUses {
			ok = ok && guarded[p]
		}
		maps.Copy(allowedUses, tests)
	}
	Inspect(body, func(n cc.Node) bool {
		if p, isP := n.(*cc.PrimaryExpression); isP && p.Case == cc.PrimaryExpressionIdent && declOf(p) == pd && !allowedUses[p] {
			ok = false
		}
		return ok
	})
	return ok
}

// bareAccess reports whether n is *p, p a bare parameter.
func (r *rewriter) bareAccess(n cc.Node) bool {
	u, ok := n.(*cc.UnaryExpression)
	return ok && u.Case == cc.UnaryExpressionDeref && r.bareDecls[declOfExpr(u.CastExpression)]
}

// returnsAValue reports whether every exit of fd is a return of a value:
// its body's last item is one and no return in it lacks its expression,
// so the closing brace is never reached.
func returnsAValue(fd *cc.FunctionDefinition) bool {
	var last *cc.BlockItem
	for l := fd.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		last = l.BlockItem
	}
	if last == nil || last.Case != cc.BlockItemStmt || last.Statement.Case != cc.StatementJump ||
		last.Statement.JumpStatement.Case != cc.JumpStatementReturn || last.Statement.JumpStatement.ExpressionList == nil {
		return false
	}
	bare := false
	Inspect(fd.CompoundStatement, func(n cc.Node) bool {
		if j, ok := n.(*cc.JumpStatement); ok && j.Case == cc.JumpStatementReturn && j.ExpressionList == nil {
			bare = true
		}
		return !bare
	})
	return !bare
}
