package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// String literals as read-only objects. Each distinct literal the unit
// uses as a pointer becomes a static array of its own, with the literal's
// own type (__typeof__ keeps char[N], or const char[N] under
// -Wwrite-strings, and the wide types), registered by the unit's
// constructor as a read-only object: reads past it are
// GLOBAL-BUFFER-OVERFLOW, writes into it READ-ONLY-WRITE, free() of it
// UNMATCHED-FREE. A use of the literal names the array instead, which
// decays to the same pointer type. Identical literals share one array, as
// gcc merges them. The array is aligned to 16 bytes so that a pointer to
// it stored by a static initializer, which has no shadow, is found by its
// address.
//
// Literals stay as they are where the compiler needs a literal: the
// arguments of variadic functions (a printf format keeps -Wformat), sizeof,
// array initializers.

// literal is a string literal of the unit made an object.
type literal struct {
	array string // the static array holding it
	meta  string // the variable holding its record's meta
	src   string // the literal's source text
	site  int    // its first use
}

// literalObject returns the object of string literal x, making it on
// first use.
func (r *rewriter) literalObject(x *cc.PrimaryExpression) *literal {
	src := r.unit.literalSource(x.Token)
	if l, ok := r.literals[src]; ok {
		return l
	}
	l := &literal{array: r.name("__ml_str"), src: src, site: r.site(x, siteLiteral)}
	l.meta = l.array + "_m"
	r.literals[src] = l
	r.literalOrder = append(r.literalOrder, l)
	return l
}

// stringLiteral returns the literal n is (through parentheses), or nil.
func stringLiteral(n cc.ExpressionNode) *cc.PrimaryExpression {
	x, ok := unparen(n).(*cc.PrimaryExpression)
	if !ok || (x.Case != cc.PrimaryExpressionString && x.Case != cc.PrimaryExpressionLString) {
		return nil
	}
	return x
}

func isStringLiteral(n cc.ExpressionNode) bool { return stringLiteral(n) != nil }

// literalPointers makes the string literals that initialize pointers in
// declaration d (a file-scope or static one, printed as it is) name their
// objects: `char *names[] = {"a", "b"}`. A literal initializing an array
// stays: it is the array's contents.
func (r *rewriter) literalPointers(d *cc.Declaration) {
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if id := l.InitDeclarator; id != nil && id.Initializer != nil {
			var g *cc.Declarator
			if _, ok := r.globals[id.Declarator]; ok && r.fn == nil {
				g = id.Declarator
			}
			r.literalInits(id.Initializer, g)
		}
	}
}

// literalSlot is a pointer in a global's static initializer that a
// literal initializes, at off in the global.
type literalSlot struct {
	off int64
	lit *literal
}

// literalInits names the literals' objects in initializer in, and notes
// where they initialize pointers of global g (nil: a static local, whose
// registration comes later).
func (r *rewriter) literalInits(in *cc.Initializer, g *cc.Declarator) {
	switch in.Case {
	case cc.InitializerExpr:
		if x := stringLiteral(in.AssignmentExpression); x != nil && isDataPtr(in.Type()) {
			l := r.literalObject(x)
			r.replaceTok[x.Token.Seq()] = l.array
			if g != nil {
				if r.literalSlots == nil {
					r.literalSlots = map[*cc.Declarator][]literalSlot{}
				}
				r.literalSlots[g] = append(r.literalSlots[g], literalSlot{in.Offset(), l})
			}
		}
	case cc.InitializerInitList:
		for l := in.InitializerList; l != nil; l = l.InitializerList {
			if l.Initializer != nil {
				r.literalInits(l.Initializer, g)
			}
		}
	}
}

// literalDecls defines the literals' arrays and meta variables (before
// any function uses them).
func (r *rewriter) literalDecls() string {
	var b strings.Builder
	for _, l := range r.literalOrder {
		fmt.Fprintf(&b, "static __typeof__(%s) %s __attribute__((aligned(16))) = %s; static __ml_meta_t %s = 1UL;",
			l.src, l.array, l.src, l.meta)
	}
	return b.String()
}

// literalRegistrations lists the literals in the unit's description of
// its globals (struct __ml_global).
func (r *rewriter) literalRegistrations() string {
	var b strings.Builder
	for _, l := range r.literalOrder {
		fmt.Fprintf(&b, "{&%s, (const void *)%s, sizeof(%s), %s},", l.meta, l.array, l.array, siteRef(l.site))
	}
	return b.String()
}

// literalShadows writes, in the unit's constructor once globals and
// literals are registered, the pointer shadow of the globals' pointers
// their static initializers point at literals, as a store of the program
// would: their loads then verify inline instead of finding the literal by
// its address each time (hash.c's table of syllables: __ml_ld_fail on
// every read). A slot the program changed before the constructor ran
// holds another value, which the shadow's hash then refuses.
func (r *rewriter) literalShadows() string {
	var b strings.Builder
	for _, d := range r.globalOrder {
		slots := r.literalSlots[d]
		if len(slots) == 0 {
			continue
		}
		// (names of memlens's own: the global's name refers to it in the block)
		fmt.Fprintf(&b, " if (%s) { static const struct { unsigned long off; const void *v; const __ml_meta_t *m; } __ml_slots[] = {", sameLayout(d))
		for _, sl := range slots {
			fmt.Fprintf(&b, "{%d, %s, &%s},", sl.off, sl.lit.array, sl.lit.meta)
		}
		fmt.Fprintf(&b, "}; unsigned long __ml_k; for (__ml_k = 0; __ml_k < sizeof __ml_slots / sizeof __ml_slots[0]; __ml_k++) "+
			"__ml_st_set((__ml_uptr)&%s + __ml_slots[__ml_k].off, (__ml_uptr)__ml_slots[__ml_k].v, *__ml_slots[__ml_k].m, %s, 0, 0); }",
			d.Name(), r.globals[d].meta)
	}
	return b.String()
}

// literalSource is the text of token t; a string literal's, the front
// end's joined pieces, or the text's pieces, one space apart, where the
// view spells them otherwise (`u"a" "b"`, which the view makes `L"a" "b"`,
// and `u"😀"`, two elements: wideLiteralViews).
func (u *unitText) literalSource(t cc.Token) string {
	src := string(t.Src())
	pos := t.Position()
	if t.Ch != rune(cc.STRINGLITERAL) && t.Ch != rune(cc.LONGSTRINGLITERAL) || isOurSource(pos.Filename) {
		return src
	}
	o := u.origOffset(pos.Offset)
	if _, ok := u.literalPrefixes[o]; !ok {
		return src
	}
	var pieces []string
	for start, end := o, 0; start >= 0; start = u.nextLiteral(end) {
		end = u.literalEnd(start)
		pieces = append(pieces, string(u.orig[start:end]))
	}
	return strings.Join(pieces, " ")
}
