package instrument

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// Typestate checking (paper 003, docs/TYPESTATE.md). A unit that includes
// a header of `memlens typestate gen` declares the runtime's
// __ml_pck_put; its accesses through pointers are then checked against
// the thread's typestate permissions too (__ml_pck_chk). Other units get
// no such check: their cost is unchanged.
//
// The header's PCK_R(…), PCK_W(…), PCK_RW(…) and PCK_NONE(…), written
// before a function definition, are file-scope records named
// __ml_pck_ann_<n>; the function following them grants (or withdraws)
// their permissions for its run: its body opens with a static record of
// them and a scope variable whose initializer pushes them on the thread's
// stack of permissions and whose cleanup pops them at every exit (longjmp
// aside, as locals.go's scopes).

const (
	pckAnnPrefix        = "__ml_pck_ann_"
	pckPutName          = "__ml_pck_put"
	pckNamesName        = "__ml_pck_names"  // the layout's typestates' names: as many as it has
	pckTransitionPrefix = "pck_transition_" // the header's transitions: puts only
	pckFixedPrefix      = "__ml_pck_fixed_" // a transition's parts at fixed places (pckShape)
	pckTsPrefix         = "__ml_pck_ts_"    // the typestates an annotation names
)

// findTypestate notes whether the unit uses typestates and which
// annotations apply to each function definition: those right before it,
// and those before a prototype of it (gcc's attributes go with the
// function whichever declaration they are on). An annotation before a
// prototype in the user's file main whose function the unit does not
// define applies to nothing: a warning says so.
func (r *rewriter) findTypestate(decls []*cc.ExternalDeclaration, main string) {
	var pending []string
	var pendingAt token.Position
	type declared struct {
		anns []string
		at   token.Position // the first annotation
		name string
	}
	var prototyped []*declared
	byName := map[string]*declared{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil {
			name := fd.Declarator.Name()
			if strings.HasPrefix(name, pckTransitionPrefix) && fd.Position().Filename != main {
				r.pckNoGrants[name] = true
			}
			anns := pending
			if d := byName[name]; d != nil {
				anns = append(d.anns, pending...)
				d.anns = nil
			}
			if len(anns) != 0 && r.instrumented(fd) {
				r.pckAnns[fd] = anns
			}
			pending = nil
			continue
		}
		if ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil {
			continue
		}
		annotation := false
		var functions []string
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator == nil || l.InitDeclarator.Declarator == nil {
				continue
			}
			d := l.InitDeclarator.Declarator
			name := d.Name()
			switch {
			case name == pckPutName:
				r.typestate = true
				r.pckNoGrants[name] = true
			case name == pckNamesName:
				if t, ok := d.Type().(*cc.ArrayType); ok {
					r.pckStates = t.Len()
				}
				annotation = true
			case strings.HasPrefix(name, pckFixedPrefix):
				if sh, ok := parsePckShape(l.InitDeclarator.Initializer); ok {
					r.pckShapes[pckTransitionPrefix+strings.TrimPrefix(name, pckFixedPrefix)] = sh
				}
				annotation = true
			case strings.HasPrefix(name, pckTsPrefix):
				r.pckAnnIDs[strings.TrimPrefix(name, pckTsPrefix)] = initValues(l.InitDeclarator.Initializer)
				annotation = true
			case strings.HasPrefix(name, pckAnnPrefix):
				if v := initValues(l.InitDeclarator.Initializer); len(v) != 0 {
					r.pckAnnPerms[strings.TrimPrefix(name, pckAnnPrefix)] = v[0]
				}
				if len(pending) == 0 {
					pendingAt = ed.Position()
					pendingAt.Column = r.unit.column(pendingAt)
				}
				pending = append(pending, name)
				annotation = true
			case strings.HasPrefix(name, "__ml_pck_"): // the annotation's own parts
				annotation = true
			case d.Type() != nil && d.Type().Kind() == cc.Function:
				functions = append(functions, name)
			}
		}
		if annotation {
			continue
		}
		for _, name := range functions {
			if len(pending) == 0 {
				break
			}
			d := byName[name]
			if d == nil {
				d = &declared{at: pendingAt, name: name}
				byName[name] = d
				if pendingAt.Filename == main {
					prototyped = append(prototyped, d)
				}
			}
			d.anns = append(d.anns, pending...)
		}
		pending = nil
	}
	for _, d := range prototyped {
		if len(d.anns) != 0 && r.c.warn != nil {
			fmt.Fprintf(r.c.warn, "%s:%d:%d: warning: typestate annotation before a declaration of %s, which this file does not define: it applies to nothing (annotate the definition)\n",
				d.at.Filename, d.at.Line, d.at.Column, d.name)
		}
	}
}

// pckScope is the declarations opening an annotated function's body, or
// "": the function's static record of grants (memlens.h's struct
// __ml_pck_fn) and the scope variable pushing them.
func (r *rewriter) pckScope(fd *cc.FunctionDefinition, entry int) string {
	anns := r.pckAnns[fd]
	if len(anns) == 0 {
		return ""
	}
	refs := make([]string, len(anns))
	for i, a := range anns {
		refs[i] = "&" + a
	}
	v := r.fn.pckLocal
	scope := "const struct __ml_pck_local " + v + " __attribute__((unused)) = __ml_pck_enter_local(&" + v + "_fn);"
	if v == "" {
		v = r.name("__ml_pck")
		scope = "const unsigned long *" + v + " __attribute__((cleanup(__ml_pck_leave), unused)) = __ml_pck_enter(&" + v + "_fn);"
	}
	return "static const void *const " + v + "_anns[] = {" + strings.Join(refs, ", ") + "}; " +
		"static struct __ml_pck_fn " + v + "_fn = {" + v + "_anns, " + strconv.Itoa(len(anns)) + ", 0, " + siteRef(entry) + ", 0, 0, 0}; " +
		scope
}

// pckLocalOf is the name of the local holding the grants of fd, an
// annotated function that makes no call but to the header's transitions
// and pck_put, or "" (memlens.h's __ml_pck_enter_local): nothing but its
// own checks reads the thread's grants while it runs, and nothing changes
// them, so it needs no frame of grants, which costs a dozen instructions
// to push and pop and keeps small accessors from being inlined. The local
// is one word of each kind: only for a narrow layout (pckNarrow; a wider
// one's checks would all take the slow path).
func (r *rewriter) pckLocalOf(fd *cc.FunctionDefinition) string {
	if len(r.pckAnns[fd]) == 0 || !r.pckNarrow() || r.callsBeyond(fd.CompoundStatement, r.pckNeutral) {
		return ""
	}
	return r.name("__ml_pck")
}

// pckNeutralLibc are library functions that neither check typestates
// (only memcpy, memmove and memset do, runtime/interceptors.c) nor call
// back into the program, whose code might.
var pckNeutralLibc = map[string]bool{"strcmp": true, "strncmp": true, "strlen": true, "printf": true, "fprintf": true,
	"puts": true, "fputs": true, "putchar": true, "fputc": true, "abort": true}

// findPckNeutral notes the functions a function keeping its grants in a
// local may call (pckLocalOf): the header's that neither read nor change
// grants (pckNoGrants), and the unit's own that read none either: not
// annotated, no access through a pointer (no typestate check), and calls
// only to such functions or to pckNeutralLibc (an allocator's logging or
// fault injection hook, seg.c's seg_injecting). Nothing they run reads the
// thread's frames, so their caller's grants need no frame pushed for them.
func (r *rewriter) findPckNeutral(decls []*cc.ExternalDeclaration) {
	r.pckNeutral = maps.Clone(r.pckNoGrants)
	calls := map[string][]string{} // the candidates, with the functions they call
	defined := map[string]bool{}   // (a library function's name the unit defines is the unit's)
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd != nil {
			defined[fd.Declarator.Name()] = true
		}
		if fd == nil || len(r.pckAnns[fd]) != 0 {
			continue
		}
		ok, callees := true, []string(nil)
		Inspect(fd.CompoundStatement, func(n cc.Node) bool {
			switch x := n.(type) {
			case *cc.UnaryExpression:
				ok = ok && x.Case != cc.UnaryExpressionDeref
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionPSelect, cc.PostfixExpressionIndex:
					ok = false
				case cc.PostfixExpressionCall:
					if !r.isCalledByName(x) {
						ok = false
					} else {
						callees = append(callees, calleeName(x))
					}
				}
			case *cc.AsmStatement, *cc.Asm:
				ok = false
			}
			return ok
		})
		if ok {
			calls[fd.Declarator.Name()] = callees
		}
	}
	// the candidates whose callees are all neutral, until none is left
	for changed := true; changed; {
		changed = false
		for name, callees := range calls {
			if !slices.ContainsFunc(callees, func(c string) bool {
				_, candidate := calls[c]
				return !candidate && !r.pckNoGrants[c] && (!pckNeutralLibc[c] || defined[c])
			}) {
				continue
			}
			delete(calls, name)
			changed = true
		}
	}
	for name := range calls {
		r.pckNeutral[name] = true
	}
}

// pckNarrow reports whether the unit's layout has at most 63 typestates:
// their permissions are one word of each kind, whose bit 63 stands for a
// split granule (memlens.h's __ml_pck_chk), so a check tests that word
// without an index.
func (r *rewriter) pckNarrow() bool {
	return r.pckStates > 0 && r.pckStates <= 63
}

// pckPair is a typestate check of 8 bytes whose granules around later
// accesses of the same kind lean on, each 8 bytes of them from the same key
// with no call between (docs/TYPESTATE.md, "Cost": the fields of one object
// read or written in turn). Once one does, the check tests those granules'
// ids too, inline, and sets flag to whether all passed; each of those
// accesses is checked only when flag is 0. A check made under a condition
// (a loop's pre-check, a transition's test, none) sets no flag (off).
type pckPair struct {
	at     int64 // the check's own bytes from the key: [at, at+8)
	lo, hi int64 // its own and those of the granules taken
	flag   string
	off    bool
}

// pckPairMax is how many granules besides its own a check tests at most.
const pckPairMax = 4

// takes reports whether an access of the 8 bytes at lo may lean on p,
// taking them if not yet taken.
func (p *pckPair) takes(lo int64) bool {
	full := (p.hi-p.lo)/8 > pckPairMax
	switch {
	case p.off || (lo-p.at)%8 != 0:
		return false
	case p.lo <= lo && lo < p.hi:
		return true
	case lo == p.hi && !full:
		p.hi += 8
		return true
	case lo+8 == p.lo && !full:
		p.lo -= 8
		return true
	}
	return false
}

// pckPairs reports whether the function's typestate checks may make pairs:
// under a narrow layout (__ml_pck_chk_pair) and with no setjmp (whose
// second return would find a flag stale).
func (r *rewriter) pckPairs() bool {
	return r.typestate && r.pckNarrow() && r.fn != nil && !r.fn.setjmp
}

// leanOn names pair p's flag, once a later access leans on it: the
// function's prologue declares it.
func (r *rewriter) leanOn(p *pckPair) {
	if p.flag == "" {
		p.flag = r.name("__ml_pckok")
		r.fn.pckFlags = append(r.fn.pckFlags, p.flag)
	}
}

// pckCheck is the typestate check of an access of *p, lvalue n (write: a
// store): spared when the range pre-check of an enclosing loop covers it,
// or where unless holds (a transition's parts, pckTransitioned), or where
// the flag of pair lean says the check of the 8 bytes before passed with
// these; start is the pair the check begins (pckProven).
func (r *rewriter) pckCheck(n cc.Node, p string, write bool, site, unless string, lean, start *pckPair) frag {
	w := "0"
	if write {
		w = "1"
	}
	// in a call-site leaf, the _at form: its slow path stores the call's
	// site in the caller's frame before it may report (checkCallSite)
	at := ""
	if r.fn.callSite {
		at = "_at"
	}
	fn := "__ml_pck_chk_wide" + at + "("
	if r.pckNarrow() {
		fn = "__ml_pck_chk" + at + "("
	}
	chk := fn + "(__ml_uptr)" + p + ", sizeof(*" + p + "), " + site + ", " + w + r.checkCallSite() + ");"
	own := "" // (the function's own grants tested first: memlens.h's __ml_pck_chk_local_in)
	if r.fn.pckOwnFirst || unless != "" {
		own = "_own"
	}
	if l := r.fn.pckLocal; l != "" {
		chk = "__ml_pck_chk_local" + own + at + "((__ml_uptr)" + p + ", sizeof(*" + p + "), " + site + ", " + w + ", &" + l + r.checkCallSite() + ");"
	}
	g := r.pckGuard(n, write)
	if g != nil && g.exact {
		chk = "if (!" + g.count + ") " + chk
	} else if g != nil {
		chk = "if ((__ml_uptr)" + p + " - " + g.base + " >= " + g.count + ") " + chk
	}
	if start != nil && (g != nil || unless != "") {
		start.off = true
	}
	var f frag
	if start != nil && !start.off {
		// (how many granules later accesses take is known when the unit is printed)
		pair := fmt.Sprintf("__ml_pck_chk_pair%s((__ml_uptr)%s, %%d, %%d, %s, %s%s);", at, p, site, w, r.checkCallSite())
		if l := r.fn.pckLocal; l != "" {
			pair = fmt.Sprintf("__ml_pck_chk_local%s_pair%s((__ml_uptr)%s, %%d, %%d, %s, %s, &%s%s);", own, at, p, site, w, l, r.checkCallSite())
		}
		f.later(func() string {
			if start.hi-start.lo == 8 {
				return " " + chk
			}
			return " " + start.flag + " = " + fmt.Sprintf(pair, (start.at-start.lo)/8, (start.hi-start.at)/8-1)
		})
		return f
	}
	if lean != nil {
		chk = "if (!" + lean.flag + ") " + chk
	}
	if unless != "" {
		f.str(" if (!(" + unless + ")) { " + chk + " }")
	} else {
		f.str(" " + chk)
	}
	return f
}

// Loops over a range (docs/TYPESTATE.md, "Cost"): in
//
//	for (i = A; i < B; i++) … p[i] …
//
// with no call in the loop (typestates and grants change only in calls, and
// light mode checks the thread's own accesses), the accesses p[i] of one
// kind are checked at once before the loop: __ml_pck_pre checks the bytes
// of p[A] to p[B-1] and, if they all pass, returns how many addresses an
// access of sizeof *p may start at from p + A. Each p[i] then tests only
// that its address is among them; one that is not (the pre-check failed,
// or the loop went elsewhere) is checked as any other, so a report still
// comes from the very access that is bad. Only p, i, A and B that are
// constants or local variables never address-taken, declared before the
// loop, qualify: the pre-check reads them by name before it. When only the
// step changes i and its type holds A and B as they are, i stays in
// [A, B) while the body runs: p[i] then tests only that the pre-check
// passed, which gcc keeps in a register.

// pckLoop is a loop whose p[i] accesses a range pre-check may spare.
type pckLoop struct {
	index    *cc.Declarator
	exact    bool                    // i is in [A, B) whenever the body runs
	from, to string                  // A and B, as C
	declared map[*cc.Declarator]bool // the variables the loop declares (not in scope before it)
	assigned map[*cc.Declarator]bool // and those it assigns
	guards   []*pckRange             // its pre-checks, made as its accesses are rewritten
}

// pckRange is a pre-check of a loop: the base address and the count of
// addresses an access may start at, variables set before the loop.
type pckRange struct {
	ptr         *cc.Declarator
	write       bool
	exact       bool // its loop's
	base, count string
}

// pckLoopOf is the pckLoop of x, or nil when x is no loop over a range
// free of calls.
func (r *rewriter) pckLoopOf(x *cc.IterationStatement) *pckLoop {
	if !r.typestate || r.avail.off || r.containsCall(x) || r.mayFree(x, true) {
		return nil
	}
	var iv *cc.Declarator
	var from cc.ExpressionNode
	var cond, step cc.ExpressionNode
	switch x.Case {
	case cc.IterationStatementFor:
		a, ok := unparen(x.ExpressionList).(*cc.AssignmentExpression)
		if !ok || a.Case != cc.AssignmentExpressionAssign {
			return nil
		}
		iv, from = declOfExpr(a.UnaryExpression), a.AssignmentExpression
		cond, step = x.ExpressionList2, x.ExpressionList3
	case cc.IterationStatementForDecl:
		l := x.Declaration.InitDeclaratorList
		if l == nil || l.InitDeclaratorList != nil || l.InitDeclarator == nil || l.InitDeclarator.Initializer == nil ||
			l.InitDeclarator.Initializer.Case != cc.InitializerExpr {
			return nil
		}
		iv, from = l.InitDeclarator.Declarator, l.InitDeclarator.Initializer.AssignmentExpression
		cond, step = x.ExpressionList, x.ExpressionList2
	default:
		return nil
	}
	if iv == nil || !isPureVar(iv) || !cc.IsIntegerType(iv.Type()) || cond == nil || step == nil || !increments(step, iv) {
		return nil
	}
	c, ok := unparen(cond).(*cc.RelationalExpression)
	if !ok || c.Case != cc.RelationalExpressionLt || declOfExpr(c.RelationalExpression) != iv {
		return nil
	}
	l := &pckLoop{index: iv, declared: map[*cc.Declarator]bool{}, assigned: map[*cc.Declarator]bool{}}
	assignedVars(x, l.assigned)
	labels := false
	walkNodes(x, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.Declarator:
			l.declared[n] = true
		case *cc.LabeledStatement:
			labels = true // (a jump into the loop would skip the pre-check)
		}
		return true
	})
	if labels {
		return nil
	}
	if l.from, ok = l.operand(from); !ok {
		return nil
	}
	if l.to, ok = l.operand(c.ShiftExpression); !ok {
		return nil
	}
	inBody := map[*cc.Declarator]bool{}
	assignedVars(x.Statement, inBody)
	l.exact = !inBody[iv] && holds(iv.Type(), from) && holds(iv.Type(), c.ShiftExpression)
	return l
}

// holds reports whether integer type t holds the value of e, a constant or
// a variable: the constant fits it, the variable has a type of its size and
// signedness (so the loop's i < e compares them as they are, and i++ below
// e never wraps).
func holds(t cc.Type, e cc.ExpressionNode) bool {
	if t.Size() <= 0 || t.Size() > 8 {
		return false
	}
	bits := 8 * uint(t.Size())
	if v, ok := constValue(e); ok {
		if cc.IsSignedInteger(t) {
			return bits == 64 || (v >= -(1<<(bits-1)) && v < 1<<(bits-1))
		}
		return v >= 0 && (bits == 64 || v < 1<<bits)
	}
	d := declOfExpr(e)
	return d != nil && cc.IsIntegerType(d.Type()) && d.Type().Size() == t.Size() && cc.IsSignedInteger(d.Type()) == cc.IsSignedInteger(t)
}

// operand is e as C text read before the loop: a constant, or a local
// variable declared before it that it does not assign.
func (l *pckLoop) operand(e cc.ExpressionNode) (string, bool) {
	if v, ok := constValue(e); ok {
		return fmt.Sprintf("(%d)", v), true
	}
	d := declOfExpr(e)
	if d == nil || !isPureVar(d) || l.declared[d] || l.assigned[d] || !cc.IsIntegerType(d.Type()) {
		return "", false
	}
	return d.Name(), true
}

// increments reports whether e is i++ or ++i.
func increments(e cc.ExpressionNode, i *cc.Declarator) bool {
	switch x := unparen(e).(type) {
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionInc && declOfExpr(x.PostfixExpression) == i
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionInc && declOfExpr(x.UnaryExpression) == i
	}
	return false
}

// pckGuard is the pre-check of an enclosing loop that covers the access
// to lvalue n, p[i] for the loop's i, made on first use; or nil.
func (r *rewriter) pckGuard(n cc.Node, write bool) *pckRange {
	e, ok := n.(cc.ExpressionNode)
	if !ok {
		return nil
	}
	x, ok := unparen(e).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionIndex {
		return nil
	}
	p, i := declOfExpr(x.PostfixExpression), declOfExpr(x.ExpressionList)
	if p == nil || i == nil || !isPureVar(p) || !isDataPtr(p.Type()) {
		return nil
	}
	for k := len(r.pckLoops) - 1; k >= 0; k-- {
		l := r.pckLoops[k]
		if l.index != i || l.declared[p] || l.assigned[p] {
			continue
		}
		for _, g := range l.guards {
			if g.ptr == p && g.write == write {
				return g
			}
		}
		v := r.name("__ml_pckr")
		g := &pckRange{ptr: p, write: write, exact: l.exact, base: v + "b", count: v + "n"}
		l.guards = append(l.guards, g)
		return g
	}
	return nil
}

// wrap puts the loop f in a block that opens with its pre-checks (those
// of a narrow layout test a short range inline first).
func (l *pckLoop) wrap(f frag, local string, narrow bool) frag {
	if len(l.guards) == 0 {
		return f
	}
	pre, fn := "__ml_pck_pre", ""
	switch {
	case local != "": // (the pre-check with the function's grants)
		pre, fn = "__ml_pck_pre_in_local", ", &"+local
	case narrow:
		pre = "__ml_pck_pre_in"
	}
	var g frag
	g.str("{")
	for _, x := range l.guards {
		p, w := x.ptr.Name(), "0"
		if x.write {
			w = "1"
		}
		g.strf(" __ml_uptr %s = (__ml_uptr)%s + (__ml_uptr)%s * sizeof *%s, %s = %s(%s, %s < %s ? ((__ml_uptr)%s - (__ml_uptr)%s) * sizeof *%s : 0, sizeof *%s, %s%s);",
			x.base, p, l.from, p, x.count, pre, x.base, l.from, l.to, l.to, l.from, p, p, w, fn)
	}
	g.cat(f)
	g.str("}")
	return g
}

// Checks right after a transition (docs/TYPESTATE.md, "Cost"): the
// generated header says what each transition lays out at fixed places
// (static const char __ml_pck_fixed_<Name>[] = "MIN OFF+SIZE=ID …":
// typestate's fixedParts), so after pck_transition_<Name>(p, n) with n at
// least MIN, the bytes [OFF, OFF+SIZE) from p have typestate ID, and an
// access there that the function's own annotations grant for its kind
// needs no check: a callee's grants add to its caller's, and typestates
// and grants change only in calls. The facts live as the checks' own do
// (avail.go), with no call since and p not assigned, on every path; when n
// is not a constant, the access tests n >= MIN instead of its check, n
// read again from the function's parameters. A seq that ends in copies of
// a leaf ("OFF#SIZE=ID": an object's fields) gives p[K + i] in a loop over
// i in [A, B) (pckLoop, exact; A and K constants) too: its bytes lie in
// the copies' [OFF, n) when OFF <= (K + A) * sizeof *p and
// (K + B) * sizeof *p <= n, which the access tests instead of its check
// (B, as n, read again: the loop assigns neither).

// pckShape is a transition's parts at fixed places.
type pckShape struct {
	min   int64
	parts []pckPart
	rep   *pckPart // the copies of a leaf from rep.off to the end, rep.size bytes each
}

// pckPart is the bytes [off, off+size) of a transition, of typestate id.
type pckPart struct{ off, size, id int64 }

// parsePckShape reads a pckShape from the initializer of its string.
func parsePckShape(in *cc.Initializer) (pckShape, bool) {
	var sh pckShape
	if in == nil || in.Case != cc.InitializerExpr {
		return sh, false
	}
	v, ok := in.AssignmentExpression.Value().(cc.StringValue)
	if !ok {
		return sh, false
	}
	f := strings.Fields(strings.TrimSuffix(string(v), "\x00"))
	if len(f) < 2 {
		return sh, false
	}
	var err error
	if sh.min, err = strconv.ParseInt(f[0], 10, 64); err != nil {
		return sh, false
	}
	for _, s := range f[1:] {
		var p pckPart
		if strings.Contains(s, "#") {
			if _, err := fmt.Sscanf(s, "%d#%d=%d", &p.off, &p.size, &p.id); err != nil || p.off != sh.min || p.size <= 0 || sh.rep != nil {
				return sh, false
			}
			sh.rep = &p
			continue
		}
		if _, err := fmt.Sscanf(s, "%d+%d=%d", &p.off, &p.size, &p.id); err != nil || p.off < 0 || p.size <= 0 || p.off+p.size > sh.min {
			return sh, false
		}
		sh.parts = append(sh.parts, p)
	}
	return sh, true
}

// initValues are the constant values of an initializer's list (or its one
// value), up to the first that is not a constant.
func initValues(in *cc.Initializer) []int64 {
	var v []int64
	if in == nil {
		return nil
	}
	if in.Case == cc.InitializerExpr {
		if c, ok := constValue(in.AssignmentExpression); ok {
			v = append(v, c)
		}
		return v
	}
	for l := in.InitializerList; l != nil; l = l.InitializerList {
		if l.Initializer == nil || l.Initializer.Case != cc.InitializerExpr {
			break
		}
		c, ok := constValue(l.Initializer.AssignmentExpression)
		if !ok {
			break
		}
		v = append(v, c)
	}
	return v
}

// pckGrantsOf is what fd's own annotations grant it, whatever its caller
// had: applied in order as the runtime composes them (ml_pck_make_mask:
// PCK_NONE takes both away), the typestates it may read and those it
// may write; and its parameters that nothing else it declares is named
// as, which a test after a transition may name anywhere in its body.
// Only where nothing it calls may change its frame: a pck_protect or
// pck_unprotect of its own or of a callee that pushes no frame of its own
// would (the functions that read no grants make none, and an annotated
// callee's end restores the frame its caller had).
func (r *rewriter) pckGrantsOf(fd *cc.FunctionDefinition) (granted [2]map[int64]bool, params map[string]*cc.Declarator) {
	anns := r.pckAnns[fd]
	if len(anns) == 0 || len(r.pckShapes) == 0 {
		return granted, nil
	}
	keepFrame := maps.Clone(r.pckNeutral)
	for f := range r.pckAnns {
		keepFrame[f.Declarator.Name()] = true
	}
	if r.callsBeyond(fd.CompoundStatement, keepFrame) {
		return granted, nil
	}
	granted = [2]map[int64]bool{{}, {}}
	for _, a := range anns {
		k := strings.TrimPrefix(a, pckAnnPrefix)
		perm := r.pckAnnPerms[k]
		for _, id := range r.pckAnnIDs[k] {
			for w := range granted {
				switch {
				case perm == 4:
					delete(granted[w], id)
				case perm&(1<<w) != 0:
					granted[w][id] = true
				}
			}
		}
	}
	params = map[string]*cc.Declarator{}
	names := map[string]int{}
	walkNodes(fd, func(n cc.Node) bool {
		if d, ok := n.(*cc.Declarator); ok {
			names[d.Name()]++
			if d.IsParam() {
				params[d.Name()] = d
			}
		}
		return true
	})
	for name := range params {
		if names[name] != 1 {
			delete(params, name)
		}
	}
	return granted, params
}

// pckTransitioned adds the facts of full expression n when it is a
// transition pck_transition_<Name>(p, n) whose parts at fixed places the
// header gives: the bytes of those the function's own grants allow, as
// checked for each kind of access, under the test that n was at least
// their transition's MIN (none when n is a constant).
func (r *rewriter) pckTransitioned(n cc.Node) {
	a := &r.avail
	es, ok := n.(*cc.ExpressionStatement)
	if !ok || es.ExpressionList == nil || !r.typestate || r.fn == nil || r.fn.pckGranted[0] == nil || a.off || a.blocked != 0 || a.dead {
		return
	}
	call, ok := unparen(es.ExpressionList).(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall || !r.isCalledByName(call) {
		return
	}
	name := calleeName(call)
	sh, ok := r.pckShapes[name]
	args := call.ArgumentExpressionList
	if !ok || !r.pckNoGrants[name] || args == nil || args.ArgumentExpressionList == nil || args.ArgumentExpressionList.ArgumentExpressionList != nil {
		return
	}
	k, ok := pointerAddr(args.AssignmentExpression)
	if !ok || k.opaque || k.exact {
		return
	}
	unless, size, deps, ok := r.pckAtLeast(args.ArgumentExpressionList.AssignmentExpression, sh.min)
	if !ok {
		return
	}
	for w, kind := range []string{"r", "w"} {
		key := k.base + "|" + k.sym + "|" + kind + "?" + unless
		c := checked{deps: append(append(append([]*cc.Declarator(nil), k.baseDeps...), k.symDeps...), deps...), unless: unless}
		for _, p := range sh.parts {
			if r.fn.pckGranted[w][p.id] {
				c = c.withRange(k.off+p.off, k.off+p.off+p.size)
			}
		}
		if len(c.ranges) != 0 {
			c.id = a.newID()
			a.facts.pcks[key] = c
		}
		if p := sh.rep; p != nil && r.fn.pckGranted[w][p.id] {
			// (keyed by all it says; its one range keeps it through joins)
			rep := &pckRepeat{at: k.off, off: p.off, size: p.size, nbytes: size}
			key := fmt.Sprintf("%s|%s|%s#%d+%d#%d?%s", k.base, k.sym, kind, rep.at, rep.off, rep.size, size)
			a.facts.pcks[key] = checked{ranges: []span{{lo: 0, hi: 1}}, deps: c.deps, id: a.newID(), repeat: rep}
		}
	}
}

// pckRepeat is a transition's copies of a leaf (pckShape's rep): from
// at + off (at, the transition's address, from its base key) to the end
// of its nbytes (C text), size bytes each.
type pckRepeat struct {
	at, off, size int64
	nbytes        string
}

// repeatProves reports whether the copies of a transition on every path
// to the access to lvalue e (pckTransitioned's, for accesses of kind)
// prove it, p[K + i] in an exact loop over i from constant A to B (whose
// body has no call: the facts then reach it), and the test under which
// they do: that the copies reach past p[K + B - 1], B and the size read
// again (the loop assigns neither; B a constant or a parameter whose
// name nothing else in the function declares, as the size's parameters,
// the facts' deps, not assigned since). Its bytes must lie in copies: p's
// offset from the transition, the element's size and the copies' start
// all multiples of the copies' size, and p[K + A] at or past their start.
func (r *rewriter) repeatProves(e cc.ExpressionNode, kind string) (found bool, unless string) {
	x, ok := unparen(e).(*cc.PostfixExpression)
	t := objType(e)
	if !ok || x.Case != cc.PostfixExpressionIndex || !isDataPtr(x.PostfixExpression.Type()) || t == nil || !isScalar(t) || t.Size() <= 0 {
		return false, ""
	}
	k, ok := pointerAddr(x.PostfixExpression)
	i, plus, iok := indexPlusConst(x.ExpressionList)
	if !ok || k.opaque || k.exact || !iok {
		return false, ""
	}
	var l *pckLoop
	for j := len(r.pckLoops) - 1; j >= 0 && l == nil; j-- {
		if r.pckLoops[j].index == i {
			l = r.pckLoops[j]
		}
	}
	if l == nil || !l.exact {
		return false, ""
	}
	var from int64
	if _, err := fmt.Sscanf(l.from, "(%d)", &from); err != nil {
		return false, ""
	}
	// (B, read at the access, by a name nothing in the body may shadow: a
	// constant, or a parameter nothing else the function declares is named as)
	if !strings.HasPrefix(l.to, "(") && r.fn.pckParams[l.to] == nil {
		return false, ""
	}
	elem := t.Size()
	prefix := k.base + "|" + k.sym + "|" + kind + "#"
	for fs := range r.avail.visible {
		for key, c := range fs.pcks {
			rep := c.repeat
			if rep == nil || !strings.HasPrefix(key, prefix) {
				continue
			}
			d := k.off - rep.at // p's offset from the transition
			first := d + (plus+from)*elem
			if d%rep.size != 0 || elem%rep.size != 0 || rep.off%rep.size != 0 || first < rep.off {
				continue
			}
			c0 := d + plus*elem
			if c0 < 0 {
				continue
			}
			r.pckPreChecked = true // (the test is the same on every iteration: unswitched)
			return true, fmt.Sprintf("(unsigned long)%s >= %dUL && (unsigned long)%s <= ((unsigned long)%s - %dUL) / %dUL",
				rep.nbytes, c0, l.to, rep.nbytes, c0, elem)
		}
	}
	return false, ""
}

// indexPlusConst splits index expression e into i + c: a local variable
// and an integer constant (i, i + c, c + i or i - c).
func indexPlusConst(e cc.ExpressionNode) (i *cc.Declarator, c int64, ok bool) {
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		i = declOfExpr(x)
		return i, 0, i != nil
	case *cc.AdditiveExpression:
		// (a sum that cannot wrap: signed, or as wide as the size it is
		// tested against)
		if t := x.Type(); t == nil || !cc.IsIntegerType(t) || !cc.IsSignedInteger(t) && t.Size() != 8 {
			return nil, 0, false
		}
		lv, lc := constValue(x.AdditiveExpression)
		rv, rc := constValue(x.MultiplicativeExpression)
		switch {
		case x.Case == cc.AdditiveExpressionAdd && lc && !rc:
			i, c = declOfExpr(x.MultiplicativeExpression), lv
		case !lc && rc && x.Case == cc.AdditiveExpressionAdd:
			i, c = declOfExpr(x.AdditiveExpression), rv
		case !lc && rc:
			i, c = declOfExpr(x.AdditiveExpression), -rv
		}
		return i, c, i != nil
	}
	return nil, 0, false
}

// pckAtLeast is the test that integer expression e, read again, is at
// least min ("" when e is a constant, which it is), e so read (C text), and the variables it
// reads: e holds only constants and parameters (pckParams) never
// assigned before the test (the deps' facts die with an assignment), with
// + - * and parentheses; each constant is written in a type that converts
// as its own (the same size and signedness), so e reads the same value.
func (r *rewriter) pckAtLeast(e cc.ExpressionNode, min int64) (unless, size string, deps []*cc.Declarator, ok bool) {
	if v, ok := constValue(e); ok {
		return "", fmt.Sprintf("%dUL", v), nil, v >= min
	}
	var text func(e cc.ExpressionNode) (string, bool)
	text = func(e cc.ExpressionNode) (string, bool) {
		t := e.Type()
		if t == nil || !cc.IsIntegerType(t) || t.Size() <= 0 || t.Size() > 8 {
			return "", false
		}
		if v, ok := constValue(e); ok {
			typ := "int"
			switch {
			case t.Size() == 8 && cc.IsSignedInteger(t):
				typ = "long"
			case t.Size() == 8:
				typ = "unsigned long"
			case t.Size() == 4 && !cc.IsSignedInteger(t):
				typ = "unsigned"
			}
			return fmt.Sprintf("((%s)%d)", typ, v), true
		}
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionExpr:
				s, ok := text(x.ExpressionList)
				return "(" + s + ")", ok
			case cc.PrimaryExpressionIdent:
				d := pureVar(x)
				if d == nil || r.fn.pckParams[d.Name()] != d {
					return "", false
				}
				deps = append(deps, d)
				return d.Name(), true
			}
		case *cc.AdditiveExpression:
			op := " + "
			if x.Case == cc.AdditiveExpressionSub {
				op = " - "
			}
			lt, lok := text(x.AdditiveExpression)
			rt, rok := text(x.MultiplicativeExpression)
			return "(" + lt + op + rt + ")", lok && rok
		case *cc.MultiplicativeExpression:
			if x.Case != cc.MultiplicativeExpressionMul {
				return "", false
			}
			lt, lok := text(x.MultiplicativeExpression)
			rt, rok := text(x.CastExpression)
			return "(" + lt + " * " + rt + ")", lok && rok
		}
		return "", false
	}
	s, ok := text(e)
	if !ok {
		return "", "", nil, false
	}
	return fmt.Sprintf("(unsigned long)%s >= %dUL", s, min), s, deps, true
}
