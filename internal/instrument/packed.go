package instrument

import (
	"bytes"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// packing is a `#pragma pack` line: from its offset in the text on, the
// structs declared have their members' alignment capped at limit (none
// at 0, the unit's initial cap at initialPack).
type packing struct {
	off   int
	limit int
}

// initialPack stands for the cap a unit starts with, -fpack-struct=n's
// (unitText.packInit), which `#pragma pack()` and a pop of an empty stack
// return to.
const initialPack = -1

// notePack notes the state a `#pragma pack` line whose words after `pack`
// are args leaves, at offset off of the text: pack(n), pack(), pack(push[,
// id][, n]), pack(pop[, id]) (a pop to an id pops one level, as gcc's
// pops to it do where ids nest as pushes do).
func (u *unitText) notePack(args []byte, off int) {
	args = bytes.Trim(bytes.TrimSpace(args), "()")
	limit := u.packCap
	if len(u.packs) == 0 {
		limit = initialPack
	}
	for _, a := range bytes.Split(args, []byte(",")) {
		switch a = bytes.TrimSpace(a); {
		case string(a) == "push":
			u.packStack = append(u.packStack, limit)
		case string(a) == "pop":
			if n := len(u.packStack); n > 0 {
				limit, u.packStack = u.packStack[n-1], u.packStack[:n-1]
			} else {
				limit = initialPack
			}
		case len(a) > 0 && a[0] >= '0' && a[0] <= '9':
			limit, _ = strconv.Atoi(string(a))
		}
	}
	if len(args) == 0 {
		limit = initialPack
	}
	u.packCap = limit
	u.packs = append(u.packs, packing{off, limit})
}

// packedAt reports whether a struct declared at offset off of the text is
// packed by the #pragma pack in force there, or the unit's initial cap.
func (u *unitText) packedAt(off int) bool {
	limit := initialPack
	for i := len(u.packs) - 1; i >= 0; i-- {
		if u.packs[i].off <= off {
			limit = u.packs[i].limit
			break
		}
	}
	if limit == initialPack {
		limit = u.packInit
	}
	// a cap of 16 or more leaves every scalar type its alignment
	return limit > 0 && limit < 16
}

// structPacking reads the flags that pack every struct of a unit, as gcc
// does: -fpack-struct=n caps its members' alignment at n, as a `#pragma
// pack(n)` before its first line would; plain -fpack-struct packs every
// struct and union (TYPE_PACKED, as the packed attribute does), and gcc
// then ignores `#pragma pack`; -fno-pack-struct undoes it. The last of each
// counts.
func structPacking(args []string) (limit int, all bool) {
	for _, a := range args {
		switch {
		case a == "-fpack-struct":
			all = true
		case a == "-fno-pack-struct":
			all = false
		case strings.HasPrefix(a, "-fpack-struct="):
			if n, err := strconv.Atoi(strings.TrimPrefix(a, "-fpack-struct=")); err == nil {
				limit = n
			}
		}
	}
	return limit, all
}

// packText gives unit text u the packing the flags set (structPacking).
func (c *Config) packText(u *unitText) {
	u.packInit, u.packAll = c.packLimit, c.packAll
}

// packedABI is abi with every type's alignment capped at limit, as gcc
// lays out the members of structs under -fpack-struct[=limit]: the front
// end, which reads no packing, then gives members the offsets and
// structs the sizes gcc gives them (the instrumented code's offsets,
// sizes and layout tests come from it). Its alignments of scalar types
// outside structs (`_Alignof(long)`) are the capped ones too; the
// instrumented code leaves those to gcc.
func packedABI(abi *cc.ABI, limit int) *cc.ABI {
	packed := *abi
	packed.Types = map[cc.Kind]cc.AbiType{}
	for k, t := range abi.Types {
		t.Align, t.FieldAlign = min(t.Align, limit), min(t.FieldAlign, limit)
		packed.Types[k] = t
	}
	return &packed
}

// findPacked notes the members of packed structs (packedMembers): those of
// a struct or union declared packed (the attribute before its body or
// after it, or a #pragma pack in force), and those declared packed
// themselves. The text tells: cc/v4 lays structs out unpacked.
func (r *rewriter) findPacked(decls []*cc.ExternalDeclaration) {
	if !bytes.Contains(r.unit.orig, []byte("packed")) && len(r.unit.packs) == 0 && r.unit.packInit == 0 && !r.unit.packAll {
		return
	}
	r.packedMembers = map[*cc.Declarator]bool{}
	for _, ed := range decls {
		Inspect(ed, func(n cc.Node) bool {
			s, ok := n.(*cc.StructOrUnionSpecifier)
			if !ok || s.StructDeclarationList == nil {
				return true
			}
			whole := r.packedSpecifier(s)
			for l := s.StructDeclarationList; l != nil; l = l.StructDeclarationList {
				d := l.StructDeclaration
				if d == nil {
					continue
				}
				own := whole || anyToken(d, saysPacked)
				for dl := d.StructDeclaratorList; dl != nil && own; dl = dl.StructDeclaratorList {
					if sd := dl.StructDeclarator; sd != nil && sd.Declarator != nil {
						r.packedMembers[sd.Declarator] = true
					}
				}
			}
			return true
		})
	}
}

func saysPacked(t cc.Token) bool {
	s := t.SrcStr()
	return s == "packed" || s == "__packed__"
}

// packedSpecifier reports whether struct or union specifier s is packed:
// its attributes say so (those after its body's `}`, which a typedef's
// declaration specifiers may hold, are read from the text), or a
// #pragma pack is in force where it stands.
func (r *rewriter) packedSpecifier(s *cc.StructOrUnionSpecifier) bool {
	if s.AttributeSpecifierList != nil && anyToken(s.AttributeSpecifierList, saysPacked) ||
		s.AttributeSpecifierList2 != nil && anyToken(s.AttributeSpecifierList2, saysPacked) {
		return true
	}
	pos := s.Token3.Position()
	if isOurSource(pos.Filename) {
		return false
	}
	if r.unit.packAll {
		return true
	}
	b, end := r.unit.orig, r.unit.origOffset(pos.Offset)+1
	if end > len(b) || b[end-1] != '}' {
		return false
	}
	if r.unit.packedAt(end) {
		return true
	}
	for i := skipSpace(b, end); bytes.HasPrefix(b[i:], []byte("__attribute")); i = skipSpace(b, i) {
		j := bytes.IndexByte(b[i:], '(')
		if j < 0 {
			return false
		}
		k, _ := parenEnd(b, i+j)
		if k < 0 {
			return false
		}
		if bytes.Contains(b[i:k], []byte("packed")) {
			return true
		}
		i = k
	}
	return false
}

// misaligned reports whether lvalue e may lie at an address misaligned for
// its type: a member of a packed struct, a member or an element of one.
// gcc accesses such a place byte by byte, but through a pointer of its
// type assumes its type's alignment (-fsanitize=alignment's error, and
// code that faults where a vector load needs it), so a checked access
// goes through a type aligned to 1 (unalignedType).
func (r *rewriter) misaligned(e cc.ExpressionNode) bool {
	if r.packedMembers == nil {
		return false
	}
	x, ok := unparen(e).(*cc.PostfixExpression)
	if !ok {
		return false
	}
	switch x.Case {
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		for f := x.Field(); f != nil; f = f.ParentField() {
			if r.packedMembers[f.Declarator()] {
				return true
			}
		}
		return x.Case == cc.PostfixExpressionSelect && r.misaligned(x.PostfixExpression)
	case cc.PostfixExpressionIndex:
		return isArray(x.PostfixExpression) && r.misaligned(x.PostfixExpression)
	}
	return false
}

// unalignedPointer declares p, in a statement expression, as addr, the
// address of lvalue e, typed as a pointer to e's type aligned to 1: gcc
// lowers a type's alignment only through a typedef. The address goes
// through an integer where e's text names its type (gcc warns of a packed
// member's address made a pointer, -Waddress-of-packed-member).
func (r *rewriter) unalignedPointer(e cc.ExpressionNode, addr frag, p string) frag {
	a, u := r.name("__ml_a"), r.name("__ml_u")
	var f, typ frag
	if r.addressPassable(e) {
		f.str(" register __ml_uptr " + a + " = (__ml_uptr)(")
		f.cat(addr)
		f.str(");")
		typ = r.verbatim(e)
	} else { // (its text would be evaluated again, or name a label twice)
		f.str(" register __auto_type " + a + " = ")
		f.cat(addr)
		f.str(";")
		typ.str("*" + a)
	}
	f.cat(unalignedType(typ, u))
	f.str(" register " + u + " *" + p + " = (" + u + " *)" + a + ";")
	return f
}

// addressOf is the address of lvalue n rendered as lv, a pointer to n's
// type aligned to 1 where n may be misaligned.
func (r *rewriter) addressOf(n cc.ExpressionNode, lv frag) frag {
	var f frag
	f.str("&")
	f.cat(paren(lv))
	if !r.misaligned(n) {
		return f
	}
	p := r.name("__ml_a")
	var g frag
	g.str("__extension__({")
	g.cat(r.unalignedPointer(n, f, p))
	g.str(" " + p + "; })")
	return g
}

// unalignedType declares name, in a statement expression, as the type of
// lvalue orig (its text) aligned to 1 (unalignedPointer).
func unalignedType(orig frag, name string) frag {
	var f frag
	f.str(" typedef __typeof__(")
	f.cat(orig)
	f.str(") " + name + " __attribute__((aligned(1)));")
	return f
}

// headerEnd ends the stretch of the runtime header in the unit (after its
// `#pragma pack(push, 0)`, translationUnit).
func (r *rewriter) headerEnd(w *writer) {
	if r.c.packLimit > 0 {
		w.raw("#pragma pack(pop)")
	}
}

// packEveryStruct makes every struct and union the unit defines, but the
// runtime header's, packed by its attribute under plain -fpack-struct,
// and the unit is compiled with -fno-pack-struct: gcc's flag packs a
// struct as the attribute does, but no pragma undoes it for the
// runtime's structs, whose layout must stay the runtime's. (gcc ignores
// `#pragma pack` under the flag; in the instrumented unit it then caps
// the members that an aligned attribute aligns past it.)
func (r *rewriter) packEveryStruct(decls []*cc.ExternalDeclaration) {
	if !r.c.packAll {
		return
	}
	for _, ed := range decls {
		if ed.Position().Filename == headerName {
			continue
		}
		Inspect(ed, func(n cc.Node) bool {
			if s, ok := n.(*cc.StructOrUnionSpecifier); ok && s.Case == cc.StructOrUnionSpecifierDef {
				// after the keyword, before the tag or the brace
				if toks := cc.NodeTokens(s); len(toks) > 1 {
					r.insertBefore[toks[1].Seq()] += "__attribute__((__packed__)) "
				}
			}
			return true
		})
	}
}
