package instrument

import (
	"fmt"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// A direct function is a static function of this translation unit that is
// only ever called by name: every caller is in sight, so the metas of its
// pointer parameters, and their provenance (the step passing each and the
// word it came from), travel as extra trailing parameters instead of
// through the per-thread area. That costs nothing when gcc inlines the
// call, which it then still does for small helpers.

// directFn is what the rewrite of a direct function and its callers needs.
type directFn struct {
	ptrParams []int // indices of the data-pointer parameters
	objParams []int // of the structs holding pointers (passesShadow)
	intArgs   int   // parameters passed in integer registers
}

// argRegs is how many arguments x86-64 passes in integer registers.
const argRegs = 6

// fitsRegs reports whether a call passes all its arguments, the extra ones
// too, in registers.
func (fn *directFn) fitsRegs() bool {
	return fn.intArgs+3*len(fn.ptrParams)+3*len(fn.objParams) <= argRegs
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
		var ptrs, objs []int
		for i, p := range ft.Parameters() {
			switch {
			case isDataPtr(p.Type()):
				ptrs = append(ptrs, i)
			case passesShadow(p.Type()):
				objs = append(objs, i)
			}
		}
		if len(ptrs) != 0 {
			cand[fd.Declarator.Name()] = &directFn{ptrParams: ptrs, objParams: objs, intArgs: intRegArgs(ft.Parameters())}
		}
	}
	if len(cand) == 0 {
		return
	}
	// Any use of the name but a direct call (its address taken, a
	// declaration inside a function, a call in an operand of sizeof or
	// typeof, which is printed unchanged) disqualifies it.
	var scan func(n cc.Node, inBody bool)
	unevaluated := func(n cc.Node) {
		AnyNode(n, func(n cc.Node) bool {
			if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
				delete(cand, x.Token.SrcStr())
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
					if x.ArgumentExpressionList != nil {
						scan(x.ArgumentExpressionList, inBody)
					}
					return
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				delete(cand, x.Token.SrcStr())
			}
		case *cc.Declarator:
			if inBody {
				delete(cand, x.Name())
			}
		case *cc.CompoundStatement:
			inBody = true
		}
		for _, c := range r.children(n) {
			if c.node != nil {
				scan(c.node, inBody)
			}
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
			continue
		}
		// system headers come before the user's code and cannot name it
		if !r.unit.isSystem(ed.Position()) {
			scan(ed, false)
		}
	}
	// Unoptimised, gcc inlines nothing not declared inline: every call
	// passes every extra parameter, and those beyond the argument registers
	// are pushed and held in the frames of both sides. A function whose
	// arguments do not fit passes the metas through the per-thread area
	// then, as other functions do. (Optimising, the same costs a fifth more
	// instructions on a hot recursive function, and nothing when the call
	// is inlined.)
	if !r.c.optimizing {
		for _, ed := range decls {
			fd := ed.FunctionDefinition
			if fd == nil {
				continue
			}
			if name := fd.Declarator.Name(); cand[name] != nil && !cand[name].fitsRegs() && !fd.Declarator.IsInline() {
				delete(cand, name)
			}
		}
		if len(cand) == 0 {
			return
		}
	}
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
			for _, i := range fn.ptrParams {
				if ed.FunctionDefinition != nil {
					fmt.Fprintf(&b, ", register __ml_meta_t %s __attribute__((unused)), register const struct __ml_site *%s __attribute__((unused)), register __ml_prov_t %s __attribute__((unused))",
						metaParam(i), provSiteParam(i), provWordParam(i))
				} else {
					b.WriteString(", __ml_meta_t, const struct __ml_site *, __ml_prov_t")
				}
			}
			for _, i := range fn.objParams {
				if ed.FunctionDefinition != nil {
					fmt.Fprintf(&b, ", register __ml_uptr %s __attribute__((unused)), register __ml_meta_t %s __attribute__((unused)), register const struct __ml_site *%s __attribute__((unused))",
						objAddrParam(i), objTagParam(i), objSiteParam(i))
				} else {
					b.WriteString(", __ml_uptr, __ml_meta_t, const struct __ml_site *")
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
	// binary, two pops), unless a function calling setjmp may inline it
	// (full checking: keepOutOfLine), where a longjmp from a call inside it
	// would skip its locals' cleanups.
	var calling map[string]bool
	if !r.c.full {
		calling = r.inlineHinted
	}
	for hinted := true; hinted; {
		hinted = false
		for _, ed := range decls {
			fd := ed.FunctionDefinition
			if fd == nil || cand[fd.Declarator.Name()] == nil || r.inlineHinted[fd.Declarator.Name()] ||
				fd.Declarator.IsInline() || r.callsBeyond(fd.CompoundStatement, calling) || noinline(fd) {
				continue
			}
			if seq := r.firstSeq(fd); seq != 0 {
				r.insertBefore[seq] += "__inline__ "
				r.inlineHinted[fd.Declarator.Name()] = true
				hinted = true
			}
		}
	}
}

// noinline reports whether function definition fd says noinline (gcc
// warns of an inline function given that attribute).
func noinline(fd *cc.FunctionDefinition) bool {
	for _, t := range cc.NodeTokens(fd.DeclarationSpecifiers) {
		if s := t.SrcStr(); s == "noinline" || s == "__noinline__" {
			return true
		}
	}
	for _, t := range cc.NodeTokens(fd.Declarator) {
		if s := t.SrcStr(); s == "noinline" || s == "__noinline__" {
			return true
		}
	}
	return false
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
