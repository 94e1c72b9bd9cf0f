package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// graphStore is the memory graph trace's call for a store of pointer v
// at address p into lvalue lhs by the statement at site (--memlens-graph):
// the lvalue's descriptor says what contains the slot (the struct or the
// element type, as the source spells it), its member path and offset there,
// and the type the pointer points to, so memlens graph can name node types
// and resolve invariants' n->field paths. A store into a named variable
// (head = n, list.first = n, buckets[h] = n) is a root's (graphRoot).
func (r *rewriter) graphStore(lhs cc.ExpressionNode, p, v, site string) string {
	if !r.c.graph {
		return ""
	}
	if !throughPointer(lhs) {
		return r.graphRoot(lhs, p, v, site)
	}
	container, field, offset := graphSlot(lhs)
	value := elem(lhs.Type())
	return graphEvent('W', p, v, site, fmt.Sprintf("%s, %s, %d, %s, %s, %s",
		cstr(typeName(container)), cstr(field), offset, cstr(typeName(value)), cstr(typedefName(container)), cstr(typedefName(value))))
}

// graphRoot is the trace's call for a store of pointer v into the named
// variable lhs at address p ("0" for a local kept in a register): a root
// the graph hangs from, named as the source spells the lvalue (a local's
// name after its function's: "main:head"), "" if lhs is not a variable's.
func (r *rewriter) graphRoot(lhs cc.ExpressionNode, p, v, site string) string {
	name := rootName(lhs)
	if name == "" || !r.c.graph {
		return ""
	}
	return r.graphRootCall(rootDecl(lhs), name, lhs.Type(), p, v, site)
}

// graphRootCall is graphRoot's call for a store of pointer v, of type t,
// into the variable d (at p) spelled name.
func (r *rewriter) graphRootCall(d *cc.Declarator, name string, t cc.Type, p, v, site string) string {
	if d != nil && d.Linkage() == cc.None && r.fn != nil {
		name = r.fn.name + ":" + name
	}
	value := elem(t)
	return graphEvent('G', p, v, site, fmt.Sprintf(`"", %s, 0, %s, "", %s`, cstr(name), cstr(typeName(value)), cstr(typedefName(value))))
}

// graphEvent is the trace's call (memlens.h's __ml_graph_put) for event tag
// at slot with value v, by the statement at site; field initialises the
// slot's static description ("" for none).
func graphEvent(tag byte, slot, v, site, field string) string {
	desc := "0"
	if field != "" {
		desc = "__extension__({ static const struct __ml_graph_field __ml_gf = {" + field + "}; &__ml_gf; })"
	}
	return fmt.Sprintf(" __ml_graph_put('%c', (__ml_uptr)%s, (__ml_uptr)%s, %s, %s);", tag, slot, v, site, desc)
}

// rootName spells the named lvalue n (head, list.first, buckets[]), ""
// if n is not a variable, a member or an element of one.
func rootName(n cc.ExpressionNode) string {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return rootName(x.ExpressionList)
		case cc.PrimaryExpressionIdent:
			return x.Token.SrcStr()
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			if s, f := rootName(x.PostfixExpression), x.Field(); s != "" && f != nil {
				return s + "." + f.Name()
			}
		case cc.PostfixExpressionIndex:
			if s := rootName(x.PostfixExpression); s != "" && isArray(x.PostfixExpression) {
				return s + "[]"
			}
		}
	}
	return ""
}

// tracesData reports whether a store of an integer into lvalue lhs is
// traced: its value is what invariants over data members read (n->key <
// n->right->key). (A GNU vector of integers is no integer to them.)
func (r *rewriter) tracesData(lhs cc.ExpressionNode) bool {
	t := lhs.Type()
	return r.c.graph && t != nil && cc.IsIntegerType(t) && t.VectorSize() <= 0 && !r.noAddress(lhs) && throughPointer(lhs) &&
		(r.fn == nil || !r.fn.atomics)
}

// graphData is the trace's call for the integer store x (=, op=, ++, --)
// into lhs, whose value is at address p then (with the value's sign: as a
// long long), "" if such stores are not traced.
func (r *rewriter) graphData(x cc.Node, lhs cc.ExpressionNode, p string) string {
	if !r.tracesData(lhs) {
		return ""
	}
	container, field, offset := graphSlot(lhs)
	return graphEvent('D', p, "(long long)*"+p, r.lossSite(x, lhs), fmt.Sprintf(`%s, %s, %d, %s, %s, ""`,
		cstr(typeName(container)), cstr(field), offset, cstr(typeName(lhs.Type())), cstr(typedefName(container))))
}

// graphAssign rewrites the integer assignment x (lhs = rhs) whose store is
// traced: target and value in temporaries, in the order the compiler
// evaluates them, then the store and its trace.
func (r *rewriter) graphAssign(x *cc.AssignmentExpression) frag {
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	p, v := r.name("__ml_a"), r.name("__ml_v")
	place, _ := r.place(lhs, true, defStore)
	var f frag
	f.str("__extension__({")
	value := func() {
		f.str(" register __auto_type " + v + " = ")
		f.cat(r.autoInit(rhs, r.expr(rhs)))
		f.str(";")
	}
	target := func() {
		f.str(" register __auto_type " + p + " = ")
		f.cat(place)
		f.str(";")
	}
	r.assignOrder(rhs, value, target)
	f.strf(" *%s = %s;%s *%s; })", p, v, r.graphData(x, lhs, p), p)
	return f
}

// graphUpdate rewrites the traced compound assignment x (lhs op= rhs):
// the value first, as for pointers, then the target, the update and its
// trace.
func (r *rewriter) graphUpdate(x *cc.AssignmentExpression) frag {
	lhs := x.UnaryExpression
	p, v := r.name("__ml_a"), r.name("__ml_v")
	var f frag
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(r.autoInit(x.AssignmentExpression, r.expr(x.AssignmentExpression)))
	place, _ := r.place(lhs, true, defUpdate)
	f.str("; register __auto_type " + p + " = ")
	f.cat(place)
	f.str("; *" + p + " ")
	f.tok(x.Token)
	f.strf(" %s;%s *%s; })", v, r.graphData(x, lhs, p), p)
	return f
}

// graphIncDec rewrites the traced ++ or -- (op; post: postfix) of the
// integer operand of n.
func (r *rewriter) graphIncDec(n, operand cc.ExpressionNode, op cc.Token, post bool) frag {
	p, v := r.name("__ml_a"), r.name("__ml_v")
	place, _ := r.place(operand, true, defUpdate)
	var f frag
	f.str("__extension__({ register __auto_type " + p + " = ")
	f.cat(place)
	f.str("; register __auto_type " + v + " = ")
	if !post {
		f.tok(op)
	}
	f.str("(*" + p + ")")
	if post {
		f.tok(op)
	}
	f.strf(";%s %s; })", r.graphData(n, operand, p), v)
	return f
}

// derives reports whether the indexed lvalue x, used as u, is traced as a
// derivation (graphDerive): written, at an index not a constant.
func (r *rewriter) derives(x *cc.PostfixExpression, u use) bool {
	_, constant := constValue(x.ExpressionList)
	return r.c.graph && u == useWrite && !constant
}

// graphDerive is the address of the element written by the indexed
// lvalue x (base[index]), with the trace's call recording that it was
// computed from base (paper 004's haddr + offset: memlens graph reports an
// address computed from one node that lands in another).
func (r *rewriter) graphDerive(x *cc.PostfixExpression, base, index frag) frag {
	var f frag
	b, a := r.name("__ml_a"), r.name("__ml_a")
	f.str("__extension__({ register __auto_type " + b + " = ")
	f.cat(base)
	f.strf("; register __auto_type %s = &%s[", a, b)
	f.cat(index)
	f.strf("];%s %s; })", graphEvent('X', b, a, siteRef(r.site(x, siteAccess)), ""), a)
	return f
}

// graphMove is graphStore for a pointer in memory moved in place by n
// (p->cur++, p->cur += k), which has no site of its own otherwise.
func (r *rewriter) graphMove(n cc.Node, lhs cc.ExpressionNode, p, v string) string {
	if !r.c.graph {
		return ""
	}
	return r.graphStore(lhs, p, v, r.lossSite(n, lhs))
}

// graphSlot names what contains lvalue n: for a member path reached
// through a pointer (p->a.b), the struct p points to, the path and its
// offset; for anything else (*p, p[i]), the lvalue's own type.
func graphSlot(n cc.ExpressionNode) (container cc.Type, field string, offset int64) {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return graphSlot(x.ExpressionList)
		}
	case *cc.PostfixExpression:
		f := x.Field()
		switch {
		case f == nil:
		case x.Case == cc.PostfixExpressionPSelect:
			return elem(x.PostfixExpression.Type()), f.Name(), f.Offset()
		case x.Case == cc.PostfixExpressionSelect:
			c, path, off := graphSlot(x.PostfixExpression)
			if path == "" {
				return objType(x.PostfixExpression), f.Name(), f.Offset()
			}
			return c, path + "." + f.Name(), off + f.Offset()
		}
	}
	return objType(n), "", 0
}

// typeName spells t as C does, through typedefs of tagged types: "struct
// tag", "char *", "struct node *[]"; an untagged struct or union by its
// typedef's name.
func typeName(t cc.Type) string {
	if t == nil {
		return ""
	}
	switch x := t.(type) {
	case *cc.StructType:
		tag := x.Tag()
		return tagged("struct", tag.SrcStr(), t)
	case *cc.UnionType:
		tag := x.Tag()
		return tagged("union", tag.SrcStr(), t)
	case *cc.EnumType:
		tag := x.Tag()
		return tagged("enum", tag.SrcStr(), t)
	}
	if d := t.Typedef(); d != nil && d.Name() != "" {
		return d.Name()
	}
	switch x := t.(type) {
	case *cc.PointerType:
		e := typeName(x.Elem())
		if strings.HasSuffix(e, "*") {
			return e + "*"
		}
		return e + " *"
	case *cc.ArrayType:
		return typeName(x.Elem()) + "[]"
	case *cc.PredefinedType:
		return x.Kind().String()
	}
	return t.String()
}

// typedefName is the typedef name the code used for t, "" if none or if
// typeName spells it so already.
func typedefName(t cc.Type) string {
	if t == nil {
		return ""
	}
	if d := t.Typedef(); d != nil && d.Name() != typeName(t) {
		return d.Name()
	}
	return ""
}

func tagged(kind, tag string, t cc.Type) string {
	if tag != "" {
		return kind + " " + tag
	}
	if d := t.Typedef(); d != nil && d.Name() != "" {
		return d.Name()
	}
	return kind
}
