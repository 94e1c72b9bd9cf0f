package instrument

import (
	"bytes"
	"slices"
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
// resolve to it. One that must always be inlined (always_inline: gcc
// refuses to inline a weak body, which a definition elsewhere may
// replace) becomes static inline, in each of its declarations: every call
// still inlines it, and the protocol's address is the unit's own copy.

// weakenInlineOnly rewrites the inline specifier of each C99 inline
// definition of decls into a weak attribute (of each of its declarations
// into static inline, for one always inlined).
func (r *rewriter) weakenInlineOnly(decls []*cc.ExternalDeclaration) {
	if !r.stdcInline() {
		return // gnu89 inline: an inline definition is an external one
	}
	defs := map[string]*cc.FunctionDefinition{}
	excluded := map[string]bool{}
	specs := map[string][]*cc.DeclarationSpecifiers{} // of every declaration
	always := map[string]bool{}
	for _, ed := range decls {
		switch {
		case ed.FunctionDefinition != nil:
			fd := ed.FunctionDefinition
			d := fd.Declarator
			if d.IsInline() && !d.IsStatic() && !d.IsExtern() && !r.unit.isSystemDecl(ed) {
				defs[d.Name()] = fd
				specs[d.Name()] = append(specs[d.Name()], fd.DeclarationSpecifiers)
				always[d.Name()] = always[d.Name()] || saysAlwaysInline(fd.DeclarationSpecifiers) || saysAlwaysInline(d)
			} else {
				excluded[d.Name()] = true
			}
		case ed.Declaration != nil:
			for l := ed.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				id := l.InitDeclarator
				if id == nil || id.Declarator == nil {
					continue
				}
				d := id.Declarator
				if d.Type() == nil || d.Type().Kind() != cc.Function {
					continue
				}
				if !d.IsInline() || d.IsExtern() {
					excluded[d.Name()] = true
				}
				specs[d.Name()] = append(specs[d.Name()], ed.Declaration.DeclarationSpecifiers)
				always[d.Name()] = always[d.Name()] || saysAlwaysInline(ed.Declaration)
			}
		}
	}
	for name := range defs {
		if excluded[name] {
			continue
		}
		for _, ds := range specs[name] {
			for l := ds; l != nil; l = l.DeclarationSpecifiers {
				if fs := l.FunctionSpecifier; fs != nil && fs.Case == cc.FunctionSpecifierInline {
					if always[name] {
						r.replaceTok[fs.Token.Seq()] = "static inline"
					} else if ds == defs[name].DeclarationSpecifiers {
						r.replaceTok[fs.Token.Seq()] = "__attribute__((weak))"
					}
				}
			}
		}
	}
}

// inlineOnly reports whether fd is a GNU inline-only definition (extern
// inline, in gnu89 mode or with the gnu_inline attribute), which gcc never
// compiles on its own: there is no symbol whose address memlens's calling
// protocol could take. It is left as written, as a system header's.
func (r *rewriter) inlineOnly(fd *cc.FunctionDefinition) bool {
	d := fd.Declarator
	if !d.IsInline() || !d.IsExtern() {
		return false
	}
	return !r.stdcInline() || fd.DeclarationSpecifiers != nil && saysGNUInline(fd.DeclarationSpecifiers) || saysGNUInline(d) ||
		r.unit.headSays(fd, "gnu_inline", "__gnu_inline__")
}

// headSays reports whether the text of function definition fd before its
// body has one of words: cc/v4 drops the middle of an attribute list of
// three or more (`always_inline, gnu_inline, artificial`), which the
// tokens then do not show.
func (u *unitText) headSays(fd *cc.FunctionDefinition, words ...string) bool {
	from, to := fd.Position(), fd.CompoundStatement.Token.Position()
	if from.Filename != to.Filename || isOurSource(from.Filename) {
		return false
	}
	i, end := u.origOffset(from.Offset), u.origOffset(to.Offset)
	if i < 0 || end > len(u.orig) || i > end {
		return false
	}
	head := u.orig[i:end]
	return slices.ContainsFunc(words, func(w string) bool {
		for k := 0; ; {
			n := bytes.Index(head[k:], []byte(w))
			if n < 0 {
				return false
			}
			k += n
			if (k == 0 || !isIdentByte(head[k-1])) && (k+len(w) == len(head) || !isIdentByte(head[k+len(w)])) {
				return true
			}
			k += len(w)
		}
	})
}

// stdcInline reports whether the unit's inline functions have C99's
// meaning (gcc's -std=gnu99 and later), not gnu89's.
func (r *rewriter) stdcInline() bool {
	return strings.Contains(r.c.cfg.Predefined, "__GNUC_STDC_INLINE__")
}

func saysGNUInline(n cc.Node) bool { return says(n, "gnu_inline", "__gnu_inline__") }

// saysAlwaysInline reports whether the tokens of n ask that a function be
// always inlined.
func saysAlwaysInline(n cc.Node) bool { return says(n, "always_inline", "__always_inline__") }

// alwaysInline reports whether function definition fd asks to be always
// inlined, which gcc does even unoptimised.
func (r *rewriter) alwaysInline(fd *cc.FunctionDefinition) bool {
	return saysAlwaysInline(fd.DeclarationSpecifiers) || saysAlwaysInline(fd.Declarator) ||
		r.unit.headSays(fd, "always_inline", "__always_inline__")
}
