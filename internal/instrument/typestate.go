package instrument

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"
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
// their permissions for its run: its body opens with a scope variable whose
// initializer pushes them on the thread's stack of permissions and whose
// cleanup pops them at every exit (longjmp aside, as locals.go's scopes).

const (
	pckAnnPrefix = "__ml_pck_ann_"
	pckPutName   = "__ml_pck_put"
)

// findTypestate notes whether the unit uses typestates and which
// annotations precede each function definition.
func (r *rewriter) findTypestate(decls []*cc.ExternalDeclaration) {
	var pending []string
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil {
			if len(pending) != 0 && !r.unit.isSystem(fd.Position()) {
				r.pckAnns[fd] = pending
			}
			pending = nil
			continue
		}
		if ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil {
			continue
		}
		annotation := false
		for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator == nil || l.InitDeclarator.Declarator == nil {
				continue
			}
			name := l.InitDeclarator.Declarator.Name()
			switch {
			case name == pckPutName:
				r.typestate = true
			case strings.HasPrefix(name, pckAnnPrefix):
				pending = append(pending, name)
				annotation = true
			case strings.HasPrefix(name, "__ml_pck_"): // the annotation's own parts
				annotation = true
			}
		}
		if !annotation {
			pending = nil
		}
	}
}

// pckScope is the declaration opening an annotated function's body, or "".
func (r *rewriter) pckScope(fd *cc.FunctionDefinition, entry int) string {
	anns := r.pckAnns[fd]
	if len(anns) == 0 {
		return ""
	}
	refs := make([]string, len(anns))
	for i, a := range anns {
		refs[i] = "&" + a
	}
	return "int " + r.name("__ml_pck") + " __attribute__((cleanup(__ml_pck_leave), unused)) = __ml_pck_enter((const void *const[]){" +
		strings.Join(refs, ", ") + "}, " + strconv.Itoa(len(anns)) + ", " + siteRef(entry) + ");"
}

// pckCheck is the typestate check of an access of *p (write: a store).
func (r *rewriter) pckCheck(p string, write bool, site string) string {
	if !r.typestate {
		return ""
	}
	w := "0"
	if write {
		w = "1"
	}
	return " __ml_pck_chk((__ml_uptr)" + p + ", sizeof(*" + p + "), " + site + ", " + w + ");"
}
