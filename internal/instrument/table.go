package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// Direct tables: a call table (callTables: a static array of the unit's
// functions) that the unit only indexes and calls (T[i](...)), whose
// functions the unit otherwise only calls by name, makes every possible
// callee of such a call known, so its functions are direct (direct.go)
// and the call passes its arguments' metas and provenance as a direct
// call does: the extra words in registers or untagged in __ml_t, no
// __ml_t.callee for the callee's __ml_own to compare (vm.c's dispatch,
// handlers[pc->op](&vm, pc)). Every function of the table takes the same
// extra words, placed by its type alone (placeExtras as for a function not
// inlined), so the call, through the element cast to the first function's
// type, passes what each one takes; the table's initializer casts each
// function back to the element type, which no code calls through
// otherwise (both casts through void (*)(void), which gcc's
// -Wcast-function-type leaves alone). A function's result is still handed over in __ml_t tagged
// with its address, which the caller holds.

// tableCandidates finds the call tables that the unit only indexes and
// calls (after their initializer), and the functions it names otherwise
// only as their entries.
func (r *rewriter) tableCandidates(decls []*cc.ExternalDeclaration) (map[string]*callTable, map[string]bool) {
	defs := r.userDefs(decls)
	tables := r.callTables(decls, defs)
	calls, bad := r.tableUses(decls, tables)
	for x, t := range calls {
		// (the call names the first function's type: declared by then)
		if x.Token.Seq() < t.entries[len(t.entries)-1].Token.Seq() {
			bad[t.d.Name()] = true
		}
		t.calls = append(t.calls, x)
	}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && r.alone[fd] {
			// (its calls pass no extra words)
			Inspect(fd, func(n cc.Node) bool {
				if p, ok := n.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
					if t := tables[p.Token.SrcStr()]; t != nil && declOf(p) == t.d {
						bad[t.d.Name()] = true
					}
				}
				return true
			})
		}
	}
	for name := range bad {
		delete(tables, name)
	}
	entries := map[*cc.PrimaryExpression]bool{}
	for _, t := range tables {
		for _, p := range t.entries {
			entries[p] = true
		}
	}
	beyond := r.namesOtherwise(decls, entries)
	byName := map[string]bool{}
	for _, ed := range decls {
		Inspect(ed, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && r.isCalledByName(x) {
				byName[calleeName(x)] = true
			}
			return true
		})
	}
	only := map[string]bool{}
	for _, t := range tables {
		t.byName = byName
		for _, f := range t.names {
			if !beyond[f] {
				only[f] = true
			}
		}
	}
	return tables, only
}

// settleTables keeps the tables whose functions are all direct candidates
// of one shape, placing their extra words alike, and drops the functions
// named only in the others' entries; the tables kept are r.directTables.
func (r *rewriter) settleTables(cand map[string]*directFn, tables map[string]*callTable, only map[string]bool) {
	for changed := true; changed; {
		changed = false
		for name, t := range tables {
			if r.tableShaped(cand, t) {
				continue
			}
			delete(tables, name)
			changed = true
			for _, f := range t.names {
				if only[f] {
					delete(cand, f)
				}
			}
		}
	}
	r.directTables = map[*cc.Declarator]*callTable{}
	r.tableFns = map[string]bool{}
	r.entryCalls = map[string]*cc.PostfixExpression{}
	r.soleCalls = map[*cc.PostfixExpression]bool{}
	inTables := map[string]int{}
	for _, t := range tables {
		for _, f := range t.names {
			inTables[f]++
		}
	}
	for _, t := range tables {
		if len(t.calls) == 1 && r.c.optimizing && !r.c.count {
			r.soleCalls[t.calls[0]] = true
			for _, f := range t.names {
				if only[f] && !t.byName[f] && inTables[f] == 1 {
					r.entryCalls[f] = t.calls[0]
				}
			}
		}
		r.directTables[t.d] = t
		for _, f := range t.names {
			r.tableFns[f] = true
			cand[f].callSite = false
			cand[f].resultVar = false // (the table's call reads __ml_t)
			if r.c.optimizing {
				cand[f].placeExtras(func(int) bool { return true })
			} else {
				cand[f].throughThread() // (tableShaped: it has room)
			}
		}
		for _, p := range t.entries {
			r.insertBefore[p.Token.Seq()] += "(__typeof__(*" + t.d.Name() + "))(void (*)(void))"
		}
	}
}

// tableShaped reports whether every function of table t is a direct
// candidate of the table's element type, all with the same pointer
// parameters and no struct holding pointers among them.
func (r *rewriter) tableShaped(cand map[string]*directFn, t *callTable) bool {
	at, ok := t.d.Type().(*cc.ArrayType)
	if !ok {
		return false
	}
	elem := pointee(at.Elem())
	if pt, ok := at.Elem().(*cc.PointerType); ok {
		elem = pt.Elem()
	}
	first := cand[t.names[0]]
	for k, f := range t.names {
		fn := cand[f]
		d := declOf(t.entries[k])
		if fn == nil || d == nil || elem == nil || !d.Type().IsCompatible(elem) || len(fn.objParams) != 0 ||
			fn.intArgs != first.intArgs || !equalInts(fn.ptrParams, first.ptrParams) || !equalInts(fn.origins, first.origins) {
			return false
		}
		if !r.c.optimizing && !fn.throughThread() {
			return false
		}
	}
	return true
}

// equalInts reports whether a and b hold the same numbers in order.
func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// directTableOf is the direct table call x goes through, else nil.
func (r *rewriter) directTableOf(x *cc.PostfixExpression) *callTable {
	ix, ok := x.PostfixExpression.(*cc.PostfixExpression)
	if !ok || ix.Case != cc.PostfixExpressionIndex {
		return nil
	}
	p, ok := ix.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	return r.directTables[declOf(p)]
}

// tableCall rewrites call x through direct table t: the callee and the
// arguments evaluated into temporaries, the extra words passed as the
// table's functions take them, the result's meta taken as from any call
// through a pointer.
func (r *rewriter) tableCall(x *cc.PostfixExpression, t *callTable, site string, args []cc.ExpressionNode, wantMeta bool) (frag, string, prov) {
	fn := r.direct[t.names[0]]
	isPtr := map[int]bool{}
	for _, i := range fn.ptrParams {
		isPtr[i] = true
	}
	var f frag
	callee := r.name("__ml_f")
	f.str("__extension__({ register __auto_type " + callee + " = ")
	f.cat(r.expr(x.PostfixExpression))
	f.str(";")
	as := r.renderArgs(x, args, func(i int) bool { return isPtr[i] }, func(int) bool { return false }, fn.takesOriginAt, nil)
	for i := range as {
		if as[i].isPtr {
			as[i].passed = r.argSite(x, i)
			as[i].kept = r.entryParam(x, i) // (its callees may know it: entryFolds)
		}
	}
	vals, metas, provs := r.hoist(&f, as)
	for _, i := range fn.ptrParams {
		if r.soleCalls[x] && !r.entryParam(x, i) && provs[i].pending() {
			// (its callees take no pending step for it: function)
			provs[i] = prov{"0", settled(provs[i])}
		}
	}
	words := vals
	for _, i := range fn.ptrParams {
		if fn.inThread[i] {
			f.str(r.threadArg(i, metas[i], provs[i]))
		} else {
			words = append(words, metas[i], provs[i].site, provs[i].word)
		}
	}
	stores, originWords := passOrigins(fn, as, metas)
	f.str(stores)
	words = append(words, originWords...)
	f.str(r.atFrame(site))
	call := "((__typeof__(&" + t.names[0] + "))(void (*)(void))" + callee + ")(" + strings.Join(words, ", ") + ")"
	if !wantMeta || !isDataPtr(x.Type()) {
		f.str(call + "; })")
		return f, metaWild, generated(genNone)
	}
	if r.c.optimizing && t.handsOver {
		// every callee is instrumented and hands its result over on
		// each return (a signal handler's calls meanwhile leave the
		// words as they were: handlers.c): no test of retfn
		m, pv := r.metaTemp(), r.provTemp()
		v := r.name("__ml_v")
		f.strf("register __auto_type %s = %s; %s = __ml_t.ret; %s; %s; })", v, call, m,
			takeProv(pv, prov{"__ml_t.retsite", "__ml_t.retprov"}), v)
		return f, m, pv
	}
	m, pv := r.pointerResult(&f, call, "(__ml_uptr)"+callee, "")
	return f, m, pv
}

// userDefs are the unit's function definitions outside system headers, by
// name.
func (r *rewriter) userDefs(decls []*cc.ExternalDeclaration) map[string]*cc.FunctionDefinition {
	defs := map[string]*cc.FunctionDefinition{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && !r.unit.isSystemDecl(ed) {
			defs[fd.Declarator.Name()] = fd
		}
	}
	return defs
}
