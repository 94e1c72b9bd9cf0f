package instrument

import (
	"fmt"
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
	pckAnnPrefix = "__ml_pck_ann_"
	pckPutName   = "__ml_pck_put"
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
			anns := pending
			if d := byName[name]; d != nil {
				anns = append(d.anns, pending...)
				d.anns = nil
			}
			if len(anns) != 0 && !r.unit.isSystem(fd.Position()) {
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
			case strings.HasPrefix(name, pckAnnPrefix):
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
	v := r.name("__ml_pck")
	return "static const void *const " + v + "_anns[] = {" + strings.Join(refs, ", ") + "}; " +
		"static struct __ml_pck_fn " + v + "_fn = {" + v + "_anns, " + strconv.Itoa(len(anns)) + ", 0, " + siteRef(entry) + ", 0, 0, 0}; " +
		"const unsigned long *" + v + " __attribute__((cleanup(__ml_pck_leave), unused)) = __ml_pck_enter(&" + v + "_fn);"
}

// pckCheck is the typestate check of an access of *p (write: a store).
func (r *rewriter) pckCheck(p string, write bool, site string) string {
	w := "0"
	if write {
		w = "1"
	}
	return " __ml_pck_chk((__ml_uptr)" + p + ", sizeof(*" + p + "), " + site + ", " + w + ");"
}
