package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Global objects: every variable defined at file scope in the instrumented
// unit (outside system headers) is registered with the runtime when the
// program starts, by a constructor at the end of the unit, and gets a
// record of its own; a static local, when its declaration is first reached. A pointer made from it (&g, &g.f, an array decaying)
// carries that record's meta, so accesses through it, in any function and
// in checked libc calls, are checked against the variable's bounds
// (GLOBAL-BUFFER-OVERFLOW), and free() of it names it. Until the
// constructor has run, the metas say nothing (WILD).

// collectGlobals assigns a meta variable to each global defined in decls,
// and to each external one they only declare. A global with external
// linkage (and no asm label) has one meta for the whole program (shared),
// `__ml_gm_NAME`, weak and hidden, which every unit that names it defines
// and the linker merges (its symbol is `__ml_gm.NAME`, sharedSymbol): the unit that defines the variable registers it,
// and a unit that only declares it (`extern T x;`) checks accesses to it
// against the same record (its own meta would stay WILD). With -fcommon,
// tentative definitions (`int x;`) in two units are one object that both
// register: the runtime registers a table global only while its meta is
// still WILD, and grows its record to a later unit's larger size (the
// linker's common is the largest). A static global or one with an asm label keeps a meta of its
// unit's.
func (r *rewriter) collectGlobals(decls []*cc.ExternalDeclaration) {
	// names a static declaration gives internal linkage, or a declaration
	// an asm label (the symbol is not the name: `extern int x;` elsewhere
	// may be another object)
	unshared := map[string]bool{}
	for _, ed := range decls {
		if ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil {
			continue
		}
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if id := l.InitDeclarator; id != nil && id.Declarator != nil && (id.Declarator.IsStatic() || id.Asm != nil) {
				unshared[id.Declarator.Name()] = true
			}
		}
	}
	registered := map[string]bool{} // shared globals the unit registers (`int x; int x;` once)
	for _, ed := range decls {
		if ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil || r.unit.isSystemDecl(ed) {
			continue
		}
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			id := l.InitDeclarator
			if id == nil || id.Declarator == nil {
				continue
			}
			d := id.Declarator
			if _, ok := r.globals[d]; ok {
				continue
			}
			defined := !d.IsExtern() || id.Initializer != nil
			shared := !unshared[d.Name()] && d.Linkage() == cc.External
			if defined && !registrable(d) || !defined && !(shared && declarable(d)) {
				continue
			}
			if !shared {
				r.globals[d] = global{meta: r.name("__ml_g"), site: r.site(d, siteGlobal|readOnlyFlag(d))}
				r.globalOrder = append(r.globalOrder, d)
				continue
			}
			g, ok := r.sharedGlobals[d.Name()]
			if !ok {
				g = global{meta: "__ml_gm_" + d.Name(), shared: true}
				r.sharedGlobals[d.Name()] = g
				r.sharedOrder = append(r.sharedOrder, g.meta)
			}
			if defined && !registered[d.Name()] {
				registered[d.Name()] = true
				g.site = r.site(d, siteGlobal|readOnlyFlag(d))
				r.globalOrder = append(r.globalOrder, d)
			}
			r.globals[d] = g
		}
	}
}

// sharedGlobal is the shared meta of the external global a block-scope
// `extern` declaration d names, if the unit's file scope names it too.
func (r *rewriter) sharedGlobal(d *cc.Declarator) (global, bool) {
	if d == nil || !d.IsExtern() {
		return global{}, false
	}
	g, ok := r.sharedGlobals[d.Name()]
	return g, ok
}

// declarable reports whether a unit that only declares variable d can
// check accesses to it: an object (of any type, an array's size may be
// left out), which the defining unit registers.
func declarable(d *cc.Declarator) bool {
	t := d.Type()
	return !d.IsTypename() && !d.IsThreadLocal() && !d.IsRegister() && t != nil && t.Kind() != cc.Function
}

// registrable reports whether variable d can be an object of its own (a
// global register variable, `register void *p asm("rbx")`, has no address).
func registrable(d *cc.Declarator) bool {
	t := d.Type()
	return !d.IsTypename() && !d.IsThreadLocal() && !d.IsRegister() && t != nil && t.Kind() != cc.Function &&
		!t.IsIncomplete() && t.Size() > 0
}

// objectSize is the size of static variable d: sizeof, but for a struct
// with a flexible array member, whose initializer may give that member
// elements (`{3, {1, 2, 3}}`) the object then holds past sizeof; gcc
// folds __builtin_object_size of the variable to that extent, even at -O0
// (though not in a static initializer).
func objectSize(d *cc.Declarator) string {
	if hasFlexibleMember(d) {
		return fmt.Sprintf("__builtin_object_size(&%s, 0)", d.Name())
	}
	return fmt.Sprintf("sizeof(%s)", d.Name())
}

// hasFlexibleMember reports whether variable d is a struct with a flexible
// array member.
func hasFlexibleMember(d *cc.Declarator) bool {
	s, ok := d.Type().(*cc.StructType)
	return ok && s.HasFlexibleArrayMember()
}

// readOnlyFlag is siteConst for a variable declared const (not through a
// typedef, not volatile, and not a pointer: there const is the pointee's),
// whose writes the runtime refuses.
func readOnlyFlag(d *cc.Declarator) int {
	if !d.IsConst() || d.IsVolatile() {
		return 0
	}
	t := d.Type()
	for t != nil && t.Kind() == cc.Array {
		t = t.(*cc.ArrayType).Elem()
	}
	if t == nil || t.Kind() == cc.Ptr {
		return 0
	}
	return siteConst
}

// staticLocals registers the static locals block-scope declaration d
// declares, when control first reaches it, with declarations of our own
// that follow d (legal wherever d is). Returns them. The declared result
// is a register variable: unoptimised, gcc gives every other local a
// stack slot for the whole function.
func (r *rewriter) staticLocals(d *cc.Declaration) string {
	var b strings.Builder
	for _, v := range staticLocalsOf(d) {
		g := global{meta: r.name("__ml_g"), site: r.site(v, siteStatic|readOnlyFlag(v))}
		r.globals[v] = g
		fmt.Fprintf(&b, " static __ml_meta_t %s = 1UL; register __ml_meta_t %s __attribute__((unused)) = ", g.meta, r.name("__ml_once"))
		if r.c.optimizing || r.fn.asmCalls {
			// (the helper's cold call keeps every register; a static
			// helper, asmCalls's to call)
			fmt.Fprintf(&b, "__ml_static_local(&%s, (const void *)&%s, %s, %s);", g.meta, v.Name(), objectSize(v), siteRef(g.site))
		} else {
			fmt.Fprintf(&b, "%s == 1UL ? (%s = __ml_register_global((const void *)&%s, %s, %s)) : %s;",
				g.meta, g.meta, v.Name(), objectSize(v), siteRef(g.site), g.meta)
		}
	}
	return b.String()
}

// staticLocalsOf lists the static locals block-scope declaration d
// declares that are registered.
func staticLocalsOf(d *cc.Declaration) []*cc.Declarator {
	var vs []*cc.Declarator
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if id := l.InitDeclarator; id != nil && id.Declarator != nil && id.Declarator.IsStatic() && registrable(id.Declarator) {
			vs = append(vs, id.Declarator)
		}
	}
	return vs
}

// global is what the rewriter keeps of a registered global.
type global struct {
	meta   string // the variable holding its meta
	site   int    // its declaration's site
	shared bool   // meta is the program's __ml_gm_NAME, not the unit's
}

// globalMetas declares the meta variables (before any function uses them):
// the unit's own static, the shared ones weak and hidden (one per linked
// object, all starting WILD).
func (r *rewriter) globalMetas() string {
	var b strings.Builder
	var own []string
	defined := map[string]bool{} // shared metas of globals the unit defines
	for _, d := range r.globalOrder {
		if g := r.globals[d]; g.shared {
			defined[g.meta] = true
		} else {
			own = append(own, g.meta+" = 1UL")
		}
	}
	if len(own) != 0 {
		b.WriteString("static __ml_meta_t " + strings.Join(own, ", ") + ";")
	}
	for _, m := range r.sharedOrder {
		if !defined[m] && !r.metaUsed[m] { // (a header's declarations the unit never uses)
			continue
		}
		b.WriteString(`__attribute__((weak, visibility("hidden"))) __ml_meta_t ` + m + ` __asm__("` + sharedSymbol(m) + `") = 1UL;`)
	}
	return b.String()
}

// sharedSymbol is the assembler name of shared meta m (`__ml_gm_NAME`):
// `__ml_gm.NAME`, in which no `_NAME` follows an identifier's character.
// configure scripts tell whether C symbols get a leading underscore by
// compiling `int a_global_symbol;` and grepping nm's output for
// `_a_global_symbol` (nettle's, GMP's): `__ml_gm_a_global_symbol` matched,
// and nettle 3.8.1's assembly then defined `__nettle_aes_decrypt` for
// `_nettle_aes_decrypt`, which libnettle.so's C code could not find.
func sharedSymbol(m string) string {
	return "__ml_gm." + strings.TrimPrefix(m, "__ml_gm_")
}

// unitConstructor announces the unit to the runtime (whether it tracks
// definedness: one that does not turns tracking off for the program) and
// registers its globals, after all their definitions: one call with a
// description of them in read-only data.
func (r *rewriter) unitConstructor(main string) string {
	var b strings.Builder
	flags := 0 // memlens.h's __ML_UNIT_*
	if r.c.full {
		flags |= 1
	}
	if r.c.count {
		flags |= 2
	}
	sites := "0"
	if len(r.sites) != 0 {
		sites = "__ml_sites"
	}
	optimise := "" // unoptimised, gcc's constructor would push a frame pointer instead of tail calling
	if !r.c.optimizing && r.c.order == gccOrder {
		optimise = `, optimize("O2")`
	}
	fmt.Fprintf(&b, "\n__attribute__((constructor(101), unused%s)) static void __ml_register_unit(void) {", optimise)
	globals := "0, 0"
	var table, flexible []*cc.Declarator
	for _, d := range r.globalOrder {
		if hasFlexibleMember(d) {
			flexible = append(flexible, d)
		} else {
			table = append(table, d)
		}
	}
	if len(table)+len(r.literalOrder) != 0 {
		b.WriteString(" static const struct __ml_global __ml_unit_globals[] = {")
		for _, d := range table {
			g := r.globals[d]
			fmt.Fprintf(&b, "{&%s, (const void *)&%s, sizeof(%s), %s},", g.meta, d.Name(), d.Name(), siteRef(g.site))
		}
		b.WriteString(r.literalRegistrations())
		b.WriteString("};")
		globals = "__ml_unit_globals, sizeof __ml_unit_globals / sizeof __ml_unit_globals[0]"
	}
	fmt.Fprintf(&b, " static const struct __ml_unit_desc __ml_this_unit = {%du, %du, %s, %s, %s}; __ml_unit(&__ml_this_unit);",
		flags, len(r.sites), cstr(main), sites, globals)
	for _, d := range flexible { // (their size is no constant for the table)
		g := r.globals[d]
		fmt.Fprintf(&b, " if (%s == 1UL) %s = __ml_register_global((const void *)&%s, %s, %s);", g.meta, g.meta, d.Name(), objectSize(d), siteRef(g.site))
	}
	b.WriteString(r.literalShadows())
	b.WriteString(" }\n")
	return b.String()
}

// objectMeta is the meta of a pointer to lvalue n, which is not reached
// through a pointer: its variable's when n lies in a registered global or
// in a local object (which the pointer makes escape).
func (r *rewriter) objectMeta(n cc.ExpressionNode) string { return r.variableMeta(n, true) }

// objectTag is the meta tagging the pointer shadow of lvalue n, not
// reached through a pointer, the same as a pointer to n would give
// (without making a local escape: one that never does keeps the unknown
// meta, which its pointers would have too).
func (r *rewriter) objectTag(n cc.ExpressionNode) string { return r.variableMeta(n, false) }

func (r *rewriter) variableMeta(n cc.ExpressionNode, escape bool) string {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d := declOf(x)
			g, ok := r.globals[d]
			if !ok {
				g, ok = r.sharedGlobal(d)
			}
			if ok {
				r.metaUsed[g.meta] = true
				return g.meta
			}
			if m := r.localMeta(d, escape); m != "" {
				return m
			}
		case cc.PrimaryExpressionExpr:
			return r.variableMeta(x.ExpressionList, escape)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			return r.variableMeta(x.PostfixExpression, escape)
		case cc.PostfixExpressionIndex:
			if isArray(x.PostfixExpression) {
				return r.variableMeta(x.PostfixExpression, escape)
			}
		}
	}
	return metaWild
}
