package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// C99 inline definitions. A function whose every file-scope declaration
// is inline and none extern (in C99 inline mode) has no external
// definition in its unit: natively the program links because gcc inlines
// every call, which it stops doing once the body carries checks. Its
// definition becomes an external one, weak, instead: a strong definition
// elsewhere (the usual `extern inline` in one .c file) still wins, and
// otherwise the calls and the calling protocol's use of its address
// resolve to it.

// weakenInlineOnly rewrites the inline specifier of each C99 inline
// definition of decls into a weak attribute.
func (r *rewriter) weakenInlineOnly(decls []*cc.ExternalDeclaration) {
	if !strings.Contains(r.c.cfg.Predefined, "__GNUC_STDC_INLINE__") {
		return // gnu89 inline: an inline definition is an external one
	}
	defs := map[string]*cc.FunctionDefinition{}
	excluded := map[string]bool{}
	for _, ed := range decls {
		switch {
		case ed.FunctionDefinition != nil:
			fd := ed.FunctionDefinition
			d := fd.Declarator
			if d.IsInline() && !d.IsStatic() && !d.IsExtern() && !r.unit.isSystemDecl(ed) {
				defs[d.Name()] = fd
			} else {
				excluded[d.Name()] = true
			}
		case ed.Declaration != nil:
			for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				id := l.InitDeclarator
				if id == nil || id.Declarator == nil {
					continue
				}
				if d := id.Declarator; d.Type() != nil && d.Type().Kind() == cc.Function && (!d.IsInline() || d.IsExtern()) {
					excluded[d.Name()] = true
				}
			}
		}
	}
	for name, fd := range defs {
		if excluded[name] {
			continue
		}
		for l := fd.DeclarationSpecifiers; l != nil; l = l.DeclarationSpecifiers {
			if fs := l.FunctionSpecifier; fs != nil && fs.Case == cc.FunctionSpecifierInline {
				r.replaceTok[fs.Token.Seq()] = "__attribute__((weak))"
			}
		}
	}
}
