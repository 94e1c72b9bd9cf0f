package instrument

import "modernc.org/cc/v4"

// Calls of the program's functions declared pure or const. gcc assumes
// such a call writes no memory, so it may keep a value stored before the
// call for after it: xz's test stored &strm's meta in __ml_t.arg[0] for
// lzma_memlimit_get (declared pure) and did not store it again for the
// lzma_memlimit_set after it, but the instrumented lzma_memlimit_get had
// passed its coder on through __ml_t.arg[0]: lzma_memlimit_set checked
// &strm against the coder's block. A compiler barrier after each such call
// tells gcc that memory may have changed, as an instrumented body does.
// libc's pure functions write none of memlens's words (or go through its
// pure entries, which leave them to the caller) and keep their meaning.

// pureAttributes are the attributes by which gcc assumes a call writes no
// memory.
var pureAttributes = map[string]bool{"pure": true, "__pure__": true, "const": true, "__const__": true}

// findDeclaredPure collects the functions declared pure or const outside
// system headers.
func (r *rewriter) findDeclaredPure(decls []*cc.ExternalDeclaration) {
	r.declaredPure = r.declaredWith(decls, func(a *cc.AttributeValue) bool { return pureAttributes[a.Token.SrcStr()] })
}

// declaredWith returns the functions a declaration or definition outside
// system headers gives an attribute is says of.
func (r *rewriter) declaredWith(decls []*cc.ExternalDeclaration, is func(*cc.AttributeValue) bool) map[string]bool {
	names := map[string]bool{}
	for _, ed := range decls {
		if r.unit.isSystemDecl(ed) || !AnyNode(ed, func(n cc.Node) bool {
			a, ok := n.(*cc.AttributeValue)
			return ok && is(a)
		}) {
			continue
		}
		if fd := ed.FunctionDefinition; fd != nil {
			names[fd.Declarator.Name()] = true
			continue
		}
		if ed.Declaration == nil {
			continue
		}
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator == nil {
				continue
			}
			if d := l.InitDeclarator.Declarator; d != nil && d.Type() != nil && d.Type().Kind() == cc.Function {
				names[d.Name()] = true
			}
		}
	}
	return names
}

// call rewrites a function call whose value is used, if it has one
// (usedResult).
func (r *rewriter) call(x *cc.PostfixExpression, wantMeta bool) (frag, string, prov) {
	f, meta, p := r.fencedCall(x, wantMeta)
	return r.usedResult(x, f), meta, p
}

// fencedCall rewrites a function call (unfencedCall), followed by a
// compiler barrier when the callee is declared pure.
func (r *rewriter) fencedCall(x *cc.PostfixExpression, wantMeta bool) (frag, string, prov) {
	f, meta, p := r.unfencedCall(x, wantMeta)
	if !r.declaredPure[calleeName(x)] || isVoid(x.Type()) {
		return f, meta, p
	}
	v := r.name("__ml_pv")
	var g frag
	g.str("__extension__({ __auto_type " + v + " = ")
	g.cat(f)
	g.str("; __asm__ __volatile__(\"\" ::: \"memory\"); " + v + "; })")
	return g, meta, p
}
