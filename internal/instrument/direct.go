package instrument

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// A direct function is a static function of this translation unit that is
// only ever called by name: every caller is in sight, so the metas of its
// pointer parameters, and their provenance (the step passing each and the
// word it came from), travel as extra trailing parameters instead of
// through the per-thread area. That costs nothing when gcc inlines the
// call, which it then still does for small helpers. The extra words of the
// parameters that do not fit in the argument registers go through the
// per-thread area after all (__ml_t.arg, argsite and argprov by position,
// as for other functions): pushed, they made every caller's frame an
// outgoing area of 8 bytes a word (cJSON's add_item_to_object takes 20
// arguments). The callee reads them without a tag: only direct calls,
// which set them just before calling, reach it.

// directFn is what the rewrite of a direct function and its callers needs.
type directFn struct {
	ptrParams []int        // indices of the data-pointer parameters
	objParams []int        // of the structs holding pointers (passesShadow)
	intArgs   int          // parameters passed in integer registers
	inThread  map[int]bool // the parameters whose extra words go through __ml_t
	forwards  string       // the memory function its body calls with its parameters (memForwarded), or ""
	callSite  bool         // a leaf passed its call's site (callSiteLeaf): its callers store no frame site
	resultVar bool         // its pointer result's words go to a variable of the caller's (resultVar)
	// the arithmetic parameters taking their argument's origin (full
	// checking: takesOrigin), as an extra word each, after the others
	origins []int
}

// argRegs is how many arguments x86-64 passes in integer registers;
// threadArgs how many parameters __ml_t has words for (__ML_MAX_ARGS).
const (
	argRegs    = 6
	threadArgs = 16
)

// withExtras lists the parameters with extra words, in their order:
// the pointers', then the structs'.
func (fn *directFn) withExtras() []int {
	return append(append([]int(nil), fn.ptrParams...), fn.objParams...)
}

// takesOriginAt reports whether parameter i takes its argument's origin.
func (fn *directFn) takesOriginAt(i int) bool { return slices.Contains(fn.origins, i) }

// extrasInThread reports whether every extra word goes through __ml_t, so
// that a call as written passes all the arguments the function takes.
func (fn *directFn) extrasInThread() bool {
	for _, i := range append(fn.withExtras(), fn.origins...) {
		if !fn.inThread[i] {
			return false
		}
	}
	return true
}

// pushedExtras reports whether the three extra words of pointer
// parameter i are all pushed as arguments, past the argument registers
// (extraParams' order).
func (fn *directFn) pushedExtras(i int) bool {
	pos := fn.intArgs
	for _, j := range fn.ptrParams {
		if fn.inThread[j] {
			continue
		}
		if j == i {
			return pos >= argRegs
		}
		pos += 3
	}
	return false
}

// placeExtras decides where the extra words of each parameter go: in
// registers after the parameters while they fit (three for a pointer or
// a struct, then one for an origin), else through __ml_t if spill says so
// of the parameter and it has room (sixteen parameters), else pushed as
// arguments. An origin in a register costs nothing once the function is
// inlined, where __ml_t.arg's store stays (vm.c's push and local: 3.6% Ir
// full).
func (fn *directFn) placeExtras(spill func(i int) bool) {
	fn.inThread = map[int]bool{}
	regs := fn.intArgs
	place := func(i, words int) {
		if regs+words <= argRegs {
			regs += words
		} else if spill(i) && i < threadArgs {
			fn.inThread[i] = true
		}
	}
	for _, i := range fn.withExtras() {
		place(i, 3)
	}
	for _, i := range fn.origins {
		place(i, 1)
	}
}

// pushedParams is the number of parameters whose extra words placeExtras
// would push as arguments, given spill.
func (fn *directFn) pushedParams(spill func(i int) bool) int {
	n, regs := 0, fn.intArgs
	for _, i := range fn.withExtras() {
		if regs+3 <= argRegs {
			regs += 3
			continue
		}
		if !spill(i) || i >= threadArgs {
			n++
		}
	}
	return n
}

// throughThread puts the extra words of every parameter through __ml_t,
// and reports whether it has room for them all.
func (fn *directFn) throughThread() bool {
	fn.inThread = map[int]bool{}
	for _, i := range append(fn.withExtras(), fn.origins...) {
		if i >= threadArgs {
			return false
		}
		fn.inThread[i] = true
	}
	return true
}

// metaParam names the meta parameter of parameter i of a direct function;
// provSiteParam and provWordParam its provenance's.
func metaParam(i int) string     { return "__ml_pm" + strconv.Itoa(i) }
func provSiteParam(i int) string { return "__ml_psp" + strconv.Itoa(i) }
func provWordParam(i int) string { return "__ml_pwp" + strconv.Itoa(i) }

// objAddrParam, objTagParam and objSiteParam name the extra parameters of
// struct parameter i of a direct function: the address of the object the
// argument was copied from (0 if none), its shadow's tag, and the step
// passing it.
func objAddrParam(i int) string { return "__ml_pao" + strconv.Itoa(i) }
func objTagParam(i int) string  { return "__ml_pat" + strconv.Itoa(i) }
func objSiteParam(i int) string { return "__ml_pas" + strconv.Itoa(i) }

// originParam names the extra parameter of arithmetic parameter i of a
// direct function: its argument's origin.
func originParam(i int) string { return "__ml_po" + strconv.Itoa(i) }

// extraParams lists the trailing parameters of the direct function, in
// order: their names and types.
func (fn *directFn) extraParams() (names, types []string) {
	for _, i := range fn.ptrParams {
		if !fn.inThread[i] {
			names = append(names, metaParam(i), provSiteParam(i), provWordParam(i))
			types = append(types, "__ml_meta_t", "const struct __ml_site *", "__ml_prov_t")
		}
	}
	for _, i := range fn.objParams {
		if !fn.inThread[i] {
			names = append(names, objAddrParam(i), objTagParam(i), objSiteParam(i))
			types = append(types, "__ml_uptr", "__ml_meta_t", "const struct __ml_site *")
		}
	}
	for _, i := range fn.origins {
		if !fn.inThread[i] {
			names = append(names, originParam(i))
			types = append(types, "__ml_uptr")
		}
	}
	if fn.callSite {
		names = append(names, callSiteParam)
		types = append(types, "const struct __ml_site *")
	}
	if fn.resultVar {
		names = append(names, resultParam)
		types = append(types, "struct __ml_rw *")
	}
	return names, types
}

// callSiteParam is a call-site leaf's parameter, its call's site;
// callSiteVar the prologue's variable holding that site when it is a
// constant (the leaf inlined: __builtin_constant_p sees its distance from
// __ml_sites, not an address), else 0 (the site stored in the caller's
// frame on entry).
const (
	callSiteParam = "__ml_cs"
	callSiteVar   = "__ml_csp"
)

// resultParam is the parameter of a direct function with a resultVar: the
// address of its caller's variable for its result's words.
const resultParam = "__ml_rp"

// rwNone is the variable's value for a call whose result is not used,
// as __ml_result gives for a function that set none.
const rwNone = "{" + metaWild + ", 0, " + genExtern + "}"

// resultVar reports whether the direct function fd, a call-site leaf
// (optimised, in detection mode) whose one return statement, of a value, is
// its body's last, hands its pointer result's meta and provenance to its
// caller through a variable of the caller's (struct __ml_rw, its address
// the last extra argument) instead of __ml_t's words: inlined, as such a
// small leaf is (vm.c's local, top, cell, jump, next), the variable's
// address is taken by nothing that escapes, so gcc keeps the words in
// registers, where it stored __ml_t's for any later call or asm statement
// (a cold report's: push's die after local's result), and no retfn is
// compared. Every exit sets the words (the return is the only way out).
// Out of line the variable costs more than __ml_t's words: on the caller's
// frame, and a seventh argument (tree.c's rebalance and recursive insert
// as direct functions: tree 20000 +0.6% Ir; Lua's index2value, five
// returns: lapi.c's -O2 frames 3,736 -> 3,792 bytes, over TestFrameSizeLua's
// bound). (Loss tracking, which reads __ml_t.retfn, has no call-site leaves.)
func (r *rewriter) resultVar(fd *cc.FunctionDefinition, fn *directFn) bool {
	ft, ok := fd.Declarator.Type().(*cc.FunctionType)
	if !ok || !fn.callSite || !isDataPtr(ft.Result()) || !returnsAValue(fd) {
		return false
	}
	returns := 0
	Inspect(fd.CompoundStatement, func(n cc.Node) bool {
		if j, ok := n.(*cc.JumpStatement); ok && j.Case == cc.JumpStatementReturn {
			returns++
		}
		return true
	})
	return returns == 1
}

// callSiteLeaf reports whether the direct function fd, optimised in
// detection mode, takes its call's site instead of its callers storing
// it in their frames before each call (about five instructions a call):
// a leaf (no calls but those that never return and those leafCalls
// allows, no registered locals or static locals, whose first use captures
// the stack) reached only by checks' and cold paths' reports and its
// transitions, each of which stores the site first (memlens.h's
// __ml_at_caller; a check's stub through __ml_chk_fail_at; a typestate
// check's slow path, __ml_pck_chk_at and co.; __ml_enter_at).
// Inlined, the site is a constant of the failure stub, and a fault's
// stack has the caller's line from the debug information; not inlined,
// the leaf stores it on entry, as the caller did. Only while the words
// fit in the argument registers: a word pushed would grow every caller's
// frame. Not for a leaf returning a pointer that loops, which gcc seldom
// inlines: there the entry's store of the site, while the parameters the
// result's handshake reads at the end are live, cost one more callee-saved
// register (cJSON's buffer_skip_whitespace: 40 to 48 bytes).
func (r *rewriter) callSiteLeaf(fd *cc.FunctionDefinition, fn *directFn) bool {
	if !r.c.optimizing || r.c.full || r.c.every || r.c.graph {
		return false
	}
	ft, ok := fd.Declarator.Type().(*cc.FunctionType)
	if !ok || isAggregate(ft.Result()) || r.callsBeyond(fd.CompoundStatement, r.leafCalls()) || r.declaresLocals(fd, ft) ||
		isDataPtr(ft.Result()) && hasLoop(fd.CompoundStatement) ||
		AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
			d, ok := n.(*cc.Declaration)
			return ok && !isSynthetic(d) && staticLocalsOf(d) != nil
		}) {
		return false
	}
	names, _ := fn.extraParams()
	return fn.intArgs+len(names) < argRegs
}

// namesOtherwise collects the names the unit's code (not the system
// headers, which come before it and cannot name it) uses other than as
// the callee of a call by name: its address taken, a declaration inside a
// function, a call in an operand of sizeof, typeof or
// __builtin_constant_p, which is printed unchanged, any name in a GNU
// nested function (left as written). A function of the unit whose name is not among them is only
// ever called by name. The names in skip are not counted.
func (r *rewriter) namesOtherwise(decls []*cc.ExternalDeclaration, skip map[*cc.PrimaryExpression]bool) map[string]bool {
	named := map[string]bool{}
	var scan func(n cc.Node, inBody bool)
	unevaluated := func(n cc.Node) {
		AnyNode(n, func(n cc.Node) bool {
			if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
				named[x.Token.SrcStr()] = true
			}
			return false
		})
	}
	scan = func(n cc.Node, inBody bool) {
		switch x := n.(type) {
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionSizeofExpr || x.Case == cc.UnaryExpressionAlignofExpr {
				unevaluated(x)
				return
			}
		case *cc.TypeSpecifier:
			if x.Case == cc.TypeSpecifierTypeofExpr {
				unevaluated(x)
				return
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				if p, ok := x.PostfixExpression.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
					if p.Token.SrcStr() == "__builtin_constant_p" {
						unevaluated(x)
						return
					}
					if x.ArgumentExpressionList != nil {
						scan(x.ArgumentExpressionList, inBody)
					}
					return
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent && !skip[x] {
				named[x.Token.SrcStr()] = true
			}
		case *cc.Declarator:
			if inBody {
				named[x.Name()] = true
			}
		case *cc.CompoundStatement:
			inBody = true
		case *cc.BlockItem:
			if x.Case == cc.BlockItemFuncDef {
				// a nested function is left as written: its calls pass
				// no extra words
				unevaluated(x)
				return
			}
		}
		for _, c := range r.children(n) {
			if c.node != nil {
				scan(c.node, inBody)
			}
		}
	}
	for _, ed := range decls {
		if !r.unit.isSystemDecl(ed) {
			scan(ed, false)
		}
	}
	return named
}

// findDirect picks the direct functions among the definitions and marks
// their declarators (definition and prototypes) for the extra parameters.
func (r *rewriter) findDirect(decls []*cc.ExternalDeclaration) {
	cand := map[string]*directFn{}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) || fd.Declarator.Linkage() != cc.Internal {
			continue
		}
		ft, ok := fd.Declarator.Type().(*cc.FunctionType)
		if fp := funcParams(fd.Declarator); !ok || ft.IsVariadic() || fp == nil ||
			fp.Case != cc.DirectDeclaratorFuncParam || fp.ParameterTypeList == nil {
			continue
		}
		var ptrs, objs, origins []int
		for i, p := range ft.Parameters() {
			switch {
			case isDataPtr(p.Type()):
				ptrs = append(ptrs, i)
			case passesShadow(p.Type()):
				objs = append(objs, i)
			case r.takesOrigin(p.Type(), i):
				origins = append(origins, i)
			}
		}
		if len(ptrs) != 0 {
			cand[fd.Declarator.Name()] = &directFn{ptrParams: ptrs, objParams: objs, intArgs: intRegArgs(ft.Parameters()),
				forwards: memForwarded(fd, ft.Parameters()), origins: origins}
		}
	}
	tables, tableOnly := r.tableCandidates(decls)
	for name := range r.namedOtherwise {
		if !tableOnly[name] {
			delete(cand, name)
		}
	}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && r.alone[fd] {
			// its calls pass no extra arguments
			Inspect(fd, func(n cc.Node) bool {
				if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
					delete(cand, x.Token.SrcStr())
				}
				return true
			})
		}
	}
	// A function gcc is likely to inline (declared inline, or one calling
	// nothing but the helpers given the hint below) keeps all its extra
	// words parameters: inlined, a parameter costs nothing, a word through
	// __ml_t a store (Lua: 1% more instructions, vm.c 0.4%). So does one
	// that calls itself, for the parameters it does not assign: their
	// words through __ml_t would be kept in its frame across the call, no
	// smaller than pushed in it, and loaded and spilled again (tree.c's
	// delete passes its removed on: 1.8% more instructions). Those of a
	// parameter it assigns go through __ml_t: they die at the assignment,
	// where pushed they took 32 bytes of the caller's frame at each level
	// of the recursion (cJSON_Utils's compare_json 144 to 80 bytes, gcc's
	// 48). Unoptimised, gcc
	// inlines nothing not declared inline, and the extra parameters
	// (register) would each take a callee-saved register of the callee's
	// frame across its side stack's push: a function passes its extra
	// words through __ml_t, as other functions do (cJSON's frames 8,696 to
	// 8,600 bytes, Lua's lcode.c 9,424 to 8,880, with the plain arguments'
	// words set before the call instead of hoisted: directCall). So does
	// one declared inline, which gcc -O0 inlines only if always_inline
	// (Lua's -O0 precallC: five callee-saved registers for the words).
	helpers := map[string]bool{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil && cand[fd.Declarator.Name()] != nil && r.helper(fd) {
			helpers[fd.Declarator.Name()] = true
		}
	}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || cand[fd.Declarator.Name()] == nil {
			continue
		}
		name, inline := fd.Declarator.Name(), fd.Declarator.IsInline()
		if !r.c.optimizing && !(inline && r.alwaysInline(fd)) {
			if !cand[name].throughThread() {
				delete(cand, name)
			}
			continue
		}
		spill := func(int) bool { return false }
		if !inline && (noinline(fd) || r.callsBeyond(fd.CompoundStatement, helpers)) {
			spill = func(int) bool { return true }
			if callsItself(fd) {
				assigned := map[*cc.Declarator]bool{}
				assignedVars(fd.CompoundStatement, assigned)
				spill = func(i int) bool { return assigned[paramDecl(fd, i)] }
				// Pushed for more than one parameter, the words took
				// an outgoing area of 24 bytes a parameter at each level
				// (Lua's singlevaraux: 72 bytes; its -O2 frame 192 to
				// 128): all go through __ml_t then, into the side frame,
				// not the native one. For one (tree.c's delete) the
				// frame saved is less than the copies cost (+1.8% Ir);
				// nor where the function calls itself in a loop: a walk
				// fanning out over a tree, as deep as the tree is high,
				// whose calls are the hot path (nbody.c's force: +19% Ir
				// through __ml_t).
				if cand[name].pushedParams(spill) > 1 && !callsItselfInLoop(fd) {
					spill = func(int) bool { return true }
				}
			}
		}
		cand[name].placeExtras(spill)
		cand[name].callSite = r.callSiteLeaf(fd, cand[name])
		cand[name].resultVar = r.resultVar(fd, cand[name])
	}
	r.settleTables(cand, tables, tableOnly)
	// Patch every file-scope declarator of the survivors.
	for _, ed := range decls {
		var ds []*cc.Declarator
		if fd := ed.FunctionDefinition; fd != nil {
			ds = append(ds, fd.Declarator)
		} else if d := ed.Declaration; d != nil {
			for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if l.InitDeclarator != nil {
					ds = append(ds, l.InitDeclarator.Declarator)
				}
			}
		}
		for _, d := range ds {
			fn := cand[d.Name()]
			if fn == nil {
				continue
			}
			fp := funcParams(d)
			if fp == nil || fp.Case != cc.DirectDeclaratorFuncParam || fp.ParameterTypeList == nil {
				continue // unprototyped: compatible with the extra parameters
			}
			var b strings.Builder
			names, types := fn.extraParams()
			for k, name := range names {
				if ed.FunctionDefinition != nil {
					fmt.Fprintf(&b, ", register %s %s __attribute__((unused))", types[k], name)
				} else {
					b.WriteString(", " + types[k])
				}
			}
			r.insertBefore[fp.Token2.Seq()] = b.String()
		}
	}
	r.direct = cand
	// A direct function that makes no calls is a small helper as often as
	// not; its checks made it bigger than gcc's budget for inlining
	// functions not declared inline, so give it the budget of one that is.
	// For a static function the hint changes nothing else. So is one whose
	// calls are all of such helpers, once they are inlined into it (vm.c's
	// binary, two pops; tree.c's update, two heights). Inlined into a
	// function calling setjmp (full checking: keepOutOfLine leaves hinted
	// functions to gcc), its locals' cleanups are skipped only by a longjmp
	// out of a noreturn call inside it, as a helper calling nothing else
	// risks already. So is a static function taking no
	// pointers (plainHelper), which sets no argument words either: its
	// callers need no side frame for it (zlib's crc_word, bi_reverse).
	// A call leafCalls allows counts as one of such a helper. Not a leaf
	// whose loop presses on the registers (pressingLeafLoop) where a
	// caller makes calls besides (calledBesideCalls): inlined there, its
	// pointers and their checks' words take the caller's callee-saved
	// registers and slots, held across those calls, a recursive caller's
	// at every level (Lua -O2: lgc.c's atomic 192 to 112 bytes,
	// separatetobefnz out of line 56; luaV_concat 208 to 160, copy2buff
	// 96; luaS_resize 160 to 96, luaD_reallocstack 128 to 96).
	// Such a leaf gets none of hintNativeInlined's hints either.
	calling := maps.Clone(r.inlineHinted)
	maps.Copy(calling, r.leafCalls())
	declaredNoinline := noinlineDeclared(decls)
	pressing := map[string]bool{}
	var g *unitCalls // (the unit's call graph, for the hints of optimised code)
	if r.c.optimizing {
		g = newUnitCalls(decls)
	}
	for hinted := true; hinted; {
		hinted = false
		for _, ed := range decls {
			fd := ed.FunctionDefinition
			if fd == nil || cand[fd.Declarator.Name()] == nil && !r.plainHelper(fd) || r.inlineHinted[fd.Declarator.Name()] ||
				fd.Declarator.IsInline() || r.callsBeyond(fd.CompoundStatement, calling) || noinline(fd) || declaredNoinline[fd.Declarator.Name()] {
				continue
			}
			// (a pass hinting nothing sees every refusal against the
			// final helpers: a later helper's hint only removes a call)
			if name := fd.Declarator.Name(); r.c.optimizing && r.pressingLeafLoop(fd) && r.calledBesideCalls(name, g, calling) {
				pressing[name] = true
				continue
			}
			delete(pressing, fd.Declarator.Name())
			if seq := r.firstSeq(fd); seq != 0 {
				r.insertBefore[seq] += "__inline__ "
				r.inlineHinted[fd.Declarator.Name()] = true
				calling[fd.Declarator.Name()] = true
				hinted = true
			}
		}
	}
	r.hintNativeInlined(decls, g, cand, declaredNoinline, pressing)
}

// unitCalls is the graph of a unit's calls by name.
type unitCalls struct {
	sites            map[string]int                    // function → the calls of it
	callees, callers map[string]map[string]bool        // function → the functions it calls, that call it
	defs             map[string]*cc.FunctionDefinition // the unit's functions by name
}

func newUnitCalls(decls []*cc.ExternalDeclaration) *unitCalls {
	g := &unitCalls{sites: map[string]int{}, callees: map[string]map[string]bool{}, callers: map[string]map[string]bool{},
		defs: map[string]*cc.FunctionDefinition{}}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil {
			caller := fd.Declarator.Name()
			g.defs[caller] = fd
			walkNodes(fd.CompoundStatement, func(n cc.Node) bool {
				if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
					callee := calleeName(x)
					g.sites[callee]++
					addEdge(g.callees, caller, callee)
					addEdge(g.callers, callee, caller)
				}
				return true
			})
		}
	}
	return g
}

// pressingPointers is the number of pointers, parameters and locals, from
// which a leaf's loop keeps more values live than a caller making calls
// has registers to spare: each pointer's checks hold its bounds too.
const pressingPointers = 3

// pressingLeafLoop reports whether function definition fd has a loop
// writing memory and at least pressingPointers data pointers among its
// parameters and locals. A store keeps its destination's words live, and
// a pointer's stored its own; a loop that only searches keeps few, and out
// of line gains its callers nothing (lparser.c's findlabel: a frame of 48
// bytes more, leaveblock's and statement's as they were).
func (r *rewriter) pressingLeafLoop(fd *cc.FunctionDefinition) bool {
	if !AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		loop, ok := n.(*cc.IterationStatement)
		if !ok {
			return false
		}
		stores, calls := r.storesIn(loop) // (a call here: an inline copy or a helper, taken as writing)
		return calls || slices.ContainsFunc(stores, func(s memStore) bool { return !s.local })
	}) {
		return false
	}
	n := 0
	if ft, ok := fd.Declarator.Type().(*cc.FunctionType); ok {
		for _, p := range ft.Parameters() {
			if isDataPtr(p.Type()) {
				n++
			}
		}
	}
	walkNodes(fd.CompoundStatement, func(x cc.Node) bool {
		if d, ok := x.(*cc.Declarator); ok && !d.IsTypename() && d.StorageDuration() == cc.Automatic && isDataPtr(d.Type()) {
			n++
		}
		return true
	})
	return n >= pressingPointers
}

// calledBesideCalls reports whether a function of the unit (g) calls function
// name and makes other calls too, not of helpers (the functions of
// calling: inlined, they are no calls): inlined there, name's values are
// kept across those calls (lvm.c's copy2buff in luaV_concat). Where the
// others are helpers the caller has its registers to itself (lapi.c's
// reverse, thrice in lua_rotate beside index2stack: out of line, 56 bytes
// more).
func (r *rewriter) calledBesideCalls(name string, g *unitCalls, calling map[string]bool) bool {
	except := maps.Clone(calling)
	except[name] = true
	for caller := range g.callers[name] {
		if fd := g.defs[caller]; fd != nil && caller != name && r.callsBeyond(fd.CompoundStatement, except) {
			return true
		}
	}
	return false
}

// nativeInlineTokens is the size of a static function's body, in tokens
// after macro expansion between the braces, under which gcc -O2 inlines it
// natively without the inline hint, by its budget of 15 instructions
// (max-inline-insns-auto): of Lua's direct functions of 80 tokens or
// fewer, gcc keeps 5 of 51 out of line.
const nativeInlineTokens = 80

// nativeInlineSites bounds the calls of a function that get the hint:
// inlined, its checks cost each caller a callee-saved register or a slot
// as often as not (16 bytes), so one called from many places grows its
// callers more than its frame saves (cJSON_New_Item, 32 bytes, in 12
// cJSON_Create* functions: cJSON's -O2 frames 3,504 to 3,680 bytes; up
// to eight, lparser.c's expr went into its callers, which then stayed out
// of line: 4,880 to 5,104 bytes).
const nativeInlineSites = 4

// nativeInlineSmall is the size of a body with no loop, in tokens between
// its braces, that gets the hint however many places call it: a forwarding
// call or a test and a call (lundump.c's loadInt, loadBlock, lparser.c's checknext,
// testnext), which gcc inlines natively everywhere, its call costing as
// much as its body; out of line checked, each has a frame and its callers
// save registers across its call (Lua -O2 frames lundump.c 744 to 696
// bytes, lcode.c 3,192 to 3,176, lparser.c 4,448 to 4,392 with gcc's
// large-function size raised to 12,000, rewriter.go).
const nativeInlineSmall = 40

// hintNativeInlined gives the inline hint to the static functions, only
// called by name from at most nativeInlineSites places, that gcc may
// inline natively but not once checked, where their checks, frame and
// calls' words pass its budget for functions without the hint: out of
// line, each had a frame of its own, and its callers kept their values in
// callee-saved registers across its call (Lua's lgc.c: setpause, markmt,
// propagateall, ...). The hint's budget (max-inline-insns-single,
// rewriter.go) decides which are inlined, as for the helpers above. A
// body larger than nativeInlineTokens gets it too (gcc inlines natively
// a function called from one place or few: ltable.c's setnodevector,
// resizearray, lgc.c's sweeplist, markold; Lua -O2 frames ltable.c 2,288
// to 2,080 bytes, lgc.c 2,728 to 2,456), unless its frame holds an object
// (frameObject: an array or struct local, a local whose address is
// taken), which each caller it went into would hold, where gcc inlines
// it only if small (lcorolib.c's auxstatus, a lua_Debug, 240 to 368 bytes
// with its two callers; lmathlib.c's pushnumint, &n, in three: 944 to 1,008),
// or unless one function makes all its calls, whose frame alone then holds
// the object (lundump.c's checkliteral, a 12-byte buffer, twice in
// checkHeader: its -O2 frames 696 to 616 bytes). A small body
// (nativeInlineSmall) gets it from any number of places, unless it is in
// a cycle of calls (lparser.c's expr, subexpr's: its callers, grown, were
// kept out of line, 4,392 to 4,704 bytes) or holds a loop (lgc.c's
// propagateall, five calls: convergeephemerons, grown, stayed out of
// atomic, 2,072 to 2,088); such a small loop from more than
// nativeInlineSites places is always inlined instead (lgc.c 2,032 to
// 2,016 bytes: propagateall's frame gone, atomic 176 to 192). Unlike the
// helpers' hint, these functions' calls are not taken as inlined
// (inlineHinted): they make calls of their own. Not in full checking,
// where a setjmp's callees are kept out of line (keepOutOfLine: gcc warns
// of noinline after the hint). Nor the pressing leaves findDirect left
// without the helpers' hint.
func (r *rewriter) hintNativeInlined(decls []*cc.ExternalDeclaration, g *unitCalls, cand map[string]*directFn, declaredNoinline, pressing map[string]bool) {
	if !r.c.optimizing || r.c.full {
		return
	}
	sites, callees, callers := g.sites, g.callees, g.callers
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil {
			continue
		}
		name, cs := fd.Declarator.Name(), fd.CompoundStatement
		size := cs.Token2.Seq() - cs.Token.Seq()
		if fd.Declarator.IsInline() {
			// Declared inline by the program, called from few places:
			// always inlined, as gcc inlines it natively, where checked
			// it passes even the raised budget (rewriter.go) and stays
			// out of line with a frame of its own (Lua's ldo.c precallC,
			// 548 of gcc's instructions: -O2 frames 2,584 to 2,424 bytes).
			// (before the declarator: at the definition's start it
			// could precede an __extension__)
			if sites[name] <= nativeInlineSites && r.instrumented(fd) && inlinable(fd) && !declaredNoinline[name] &&
				!reaches(callees, name, name) {
				if seq := r.firstSeq(fd.Declarator); seq != 0 {
					r.insertBefore[seq] += "__attribute__((__always_inline__)) "
				}
			}
			continue
		}
		if size <= nativeInlineSmall && hasLoop(cs) && sites[name] > nativeInlineSites && r.instrumented(fd) && inlinable(fd) &&
			!declaredNoinline[name] && !reaches(callees, name, name) && !r.inlineHinted[name] && (cand[name] != nil || r.plainHelper(fd)) &&
			!pressing[name] {
			// A small loop called from many places (lgc.c's propagateall,
			// five): always inlined, as gcc inlines it natively; out of
			// line it had a frame, and hinted its callers passed gcc's
			// budget (below). __inline__ too: always_inline alone warns
			// "might not be inlinable".
			if seq := r.firstSeq(fd); seq != 0 {
				r.insertBefore[seq] += "__inline__ __attribute__((__always_inline__)) "
			}
			continue
		}
		// Nor a body making calls of its own that would go into a
		// function calling itself (intoRecursion): what it keeps across
		// its calls would take registers and slots of that recursive
		// frame at every level, where out of line its frame is on the
		// stack once (Lua's lparser.c allocupvalue, into singlevaraux
		// through newupvalue: 128 to 96 bytes, gcc's 32; gcc keeps it
		// out of line natively too, as lstrlib.c's classend from match).
		// Not one on the cycle itself, which inlined takes a frame out
		// of it (lstrlib.c's start_capture).
		if cand[name] == nil && !r.plainHelper(fd) || r.inlineHinted[name] || noinline(fd) ||
			declaredNoinline[name] || pressing[name] || callsItself(fd) || calls(cs, setjmps) ||
			sites[name] > nativeInlineSites && (size > nativeInlineSmall || hasLoop(cs) || reaches(callees, name, name)) ||
			size > nativeInlineTokens && len(callers[name]) > 1 && AnyNode(cs, frameObject) ||
			size > nativeInlineSmall && r.callsBeyond(cs, r.leafCalls()) && !reaches(callees, name, name) &&
				intoRecursion(name, callees, callers, sites) {
			continue
		}
		if seq := r.firstSeq(fd); seq != 0 {
			r.insertBefore[seq] += "__inline__ "
		}
	}
}

// inlinable reports whether gcc can inline every direct call of function
// definition fd, a static one: none of what it refuses to inline even when
// told to always (a variable argument list, setjmp, a computed goto, a
// label's address, which "can never be copied" once a static keeps it:
// torture 20071220-2 did not build), no noinline, no call of itself.
func inlinable(fd *cc.FunctionDefinition) bool {
	ft, ok := fd.Declarator.Type().(*cc.FunctionType)
	computedGoto := AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.JumpStatement:
			return x.Case == cc.JumpStatementGotoExpr
		case *cc.UnaryExpression:
			return x.Case == cc.UnaryExpressionLabelAddr
		}
		return false
	})
	return ok && !ft.IsVariadic() && fd.Declarator.Linkage() == cc.Internal && !noinline(fd) && !callsItself(fd) &&
		!calls(fd.CompoundStatement, setjmps) && !computedGoto
}

// intoRecursion reports whether function name, inlined, lands in a
// function calling itself: a caller of its does, or is called from one
// place (gcc inlines it there natively) and lands in one.
func intoRecursion(name string, callees, callers map[string]map[string]bool, sites map[string]int) bool {
	seen := map[string]bool{name: true}
	var into func(string) bool
	into = func(f string) bool {
		for c := range callers[f] {
			if callees[c][c] {
				return true
			}
			if !seen[c] && sites[c] == 1 {
				seen[c] = true
				if into(c) {
					return true
				}
			}
		}
		return false
	}
	return into(name)
}

// addEdge adds to to from's set in graph.
func addEdge(graph map[string]map[string]bool, from, to string) {
	if graph[from] == nil {
		graph[from] = map[string]bool{}
	}
	graph[from][to] = true
}

// reaches reports whether a path of graph's edges leads from from to to.
func reaches(graph map[string]map[string]bool, from, to string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(f string) bool {
		for next := range graph[f] {
			if next == to {
				return true
			}
			if !seen[next] {
				seen[next] = true
				if walk(next) {
					return true
				}
			}
		}
		return false
	}
	return walk(from)
}

// helper reports whether function definition fd, not declared inline,
// makes no calls and may be inlined: findDirect gives a direct one the
// inline hint first, and keeps the extra words of those calling only such
// helpers parameters.
func (r *rewriter) helper(fd *cc.FunctionDefinition) bool {
	return !fd.Declarator.IsInline() && !r.callsBeyond(fd.CompoundStatement, r.leafCalls()) && !noinline(fd)
}

// plainHelper reports whether function definition fd is a static function
// only ever called by name that takes no pointers, not even inside a
// struct: its calls pass no words of memlens's.
func (r *rewriter) plainHelper(fd *cc.FunctionDefinition) bool {
	d := fd.Declarator
	ft, ok := d.Type().(*cc.FunctionType)
	if fp := funcParams(d); !ok || ft.IsVariadic() || fp == nil || fp.Case != cc.DirectDeclaratorFuncParam ||
		d.Linkage() != cc.Internal || r.namedOtherwise[d.Name()] || !r.instrumented(fd) {
		return false
	}
	for _, p := range ft.Parameters() {
		if isDataPtr(p.Type()) || passesShadow(p.Type()) {
			return false
		}
	}
	return true
}

// frameObject reports whether n declares an array or struct local or
// takes a local's address: an object of the frame's memory.
func frameObject(n cc.Node) bool {
	if aggregateLocal(n) {
		return true
	}
	u, ok := n.(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return false
	}
	d := declOfExpr(u.CastExpression)
	return d != nil && d.StorageDuration() == cc.Automatic
}

// callsItself reports whether function definition fd calls itself by name.
func callsItself(fd *cc.FunctionDefinition) bool {
	return AnyNode(fd.CompoundStatement, selfCall(fd))
}

// selfCall returns a test of a node for a call of function fd by name.
func selfCall(fd *cc.FunctionDefinition) func(cc.Node) bool {
	return func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		return ok && x.Case == cc.PostfixExpressionCall && calleeName(x) == fd.Declarator.Name()
	}
}

// callsItselfInLoop reports whether function definition fd calls itself
// in the body of a loop.
func callsItselfInLoop(fd *cc.FunctionDefinition) bool {
	return AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		loop, ok := n.(*cc.IterationStatement)
		return ok && AnyNode(loop, selfCall(fd))
	})
}

// noinline reports whether function definition fd says noinline (gcc
// warns of an inline function given that attribute).
func noinline(fd *cc.FunctionDefinition) bool {
	return says(fd.DeclarationSpecifiers, "noinline", "__noinline__") || says(fd.Declarator, "noinline", "__noinline__")
}

// noinlineDeclared are the functions a declaration that is no definition
// says noinline of (a prototype's attribute, which the inline hint would
// contradict: clean/builtin_setjmp_leaf's fail).
func noinlineDeclared(decls []*cc.ExternalDeclaration) map[string]bool {
	names := map[string]bool{}
	for _, ed := range decls {
		if d := ed.Declaration; d != nil && says(d, "noinline", "__noinline__") {
			for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if l.InitDeclarator != nil {
					names[l.InitDeclarator.Declarator.Name()] = true
				}
			}
		}
	}
	return names
}

// funcParams returns the parameter-list declarator of function declarator
// d when it has the plain shape NAME(…), nil otherwise.
func funcParams(d *cc.Declarator) *cc.DirectDeclarator {
	if d == nil {
		return nil
	}
	dd := d.DirectDeclarator
	if dd == nil || dd.Case != cc.DirectDeclaratorFuncParam && dd.Case != cc.DirectDeclaratorFuncIdent {
		return nil
	}
	if dd.DirectDeclarator == nil || dd.DirectDeclarator.Case != cc.DirectDeclaratorIdent {
		return nil
	}
	return dd
}

// intRegArgs counts the parameters passed in integer registers.
func intRegArgs(ps []*cc.Parameter) int {
	n := 0
	for _, p := range ps {
		if t := p.Type(); !cc.IsFloatingPointType(t) && !isAggregate(t) {
			n++
		}
	}
	return n
}
