package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Index checks of named arrays: buf[i], s.name[i], p->name[i], t[r][c] are
// checked against the declared bound of the array indexed, with one compare
// and no lookup. Locals give STACK-BUFFER-OVERFLOW, globals and statics
// GLOBAL-BUFFER-OVERFLOW, array members of structs INTRA-OBJECT-OVERFLOW
// (an index past the member, even while the access stays inside the struct).
// Only accesses are checked (&a[n] is a valid address); trailing members of
// 0 or 1 elements (the struct hack), any trailing member of a struct reached
// through a pointer (gcc treats it as flexible), flexible members, members of
// unions and arrays of variable or unknown length are left alone.

// array is an entry of the unit's table of array descriptors.
type array struct {
	name, owner, typ, file string
	line, kind             int
	len, elem              int64
}

const (
	arrayStack  = 0
	arrayGlobal = 1
	arrayMember = 2
)

// arrayRoot describes the array lvalue a, whose elements are indexed: its
// name, the struct it is a member of, where it was declared and its kind.
func arrayRoot(a cc.ExpressionNode) (name, owner string, pos cc.Node, kind int, ok bool) {
	switch x := a.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d := declOf(x)
			if d == nil {
				return
			}
			kind = arrayGlobal
			if d.StorageDuration() == cc.Automatic && !d.IsStatic() && !d.IsExtern() {
				kind = arrayStack
			}
			return d.Name(), "", d, kind, true
		case cc.PrimaryExpressionExpr:
			return arrayRoot(x.ExpressionList)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			f := x.Field()
			if f == nil || f.IsFlexibleArrayMember() {
				return
			}
			st, isStruct := f.ParentType().(*cc.StructType)
			if !isStruct {
				return // union members overlay each other on purpose
			}
			if at, _ := f.Type().(*cc.ArrayType); at != nil && (at.Len() <= 1 && lastField(f) || openEnded(x)) {
				return // the struct hack: char data[1] at the end (or data[2] in a block gcc allows to be longer)
			}
			pos = x
			if d := f.Declarator(); d != nil {
				pos = d
			}
			return f.Name(), ctype(st), pos, arrayMember, true
		case cc.PostfixExpressionIndex: // a row of t[r][c]
			if !isArray(x.PostfixExpression) {
				return
			}
			name, owner, pos, kind, ok = arrayRoot(x.PostfixExpression)
			return name + "[]", owner, pos, kind, ok
		}
	}
	return
}

// lastField reports whether f is the last member of its struct.
func lastField(f *cc.Field) bool {
	st, isStruct := f.ParentType().(*cc.StructType)
	return isStruct && f.Index() == st.NumFields()-1
}

// openEnded reports whether lvalue n may extend past its type's size, as
// gcc assumes of an object reached through a pointer and of such an
// object's last member: a trailing array there is flexible, whatever its
// declared length (mawk's STRING allocates `char str[2]` longer).
func openEnded(n cc.ExpressionNode) bool {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return x.Case == cc.PrimaryExpressionExpr && openEnded(x.ExpressionList)
	case *cc.UnaryExpression:
		return throughPointer(x)
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect:
			return x.Field() != nil && lastField(x.Field())
		case cc.PostfixExpressionSelect:
			return x.Field() != nil && lastField(x.Field()) && openEnded(x.PostfixExpression)
		case cc.PostfixExpressionIndex:
			return !isArray(x.PostfixExpression) && throughPointer(x)
		}
	}
	return false
}

// ctype spells t for a report the way C declares it, briefly: "struct
// user", "const char *", "int[4]" (cc/v4's own spelling lists fields).
func ctype(t cc.Type) string {
	switch x := t.(type) {
	case *cc.StructType:
		return "struct " + tagName(x.Tag())
	case *cc.UnionType:
		return "union " + tagName(x.Tag())
	case *cc.PointerType:
		return strings.TrimSuffix(ctype(x.Elem()), " ") + " *"
	case *cc.ArrayType:
		return fmt.Sprintf("%s[%d]", ctype(x.Elem()), x.Len())
	}
	return t.String()
}

func tagName(t cc.Token) string {
	if s := t.SrcStr(); s != "" {
		return s
	}
	return "<anonymous>"
}

// arrayIndex renders the index of x = a[i] (a an array) and, for an
// access, checks it against a's bound when a is a named array of known
// length.
func (r *rewriter) arrayIndex(x *cc.PostfixExpression, u use) frag {
	idx := r.expr(x.ExpressionList)
	if u == useAddr {
		return idx
	}
	at, name, owner, pos, kind, ok := indexChecked(x)
	if !ok {
		return idx
	}
	p := pos.Position()
	k := r.arrayDesc(array{name: name, owner: owner, typ: fmt.Sprintf("%s[%d]", ctype(at.Elem()), at.Len()),
		file: p.Filename, line: p.Line, kind: kind, len: at.Len(), elem: at.Elem().Size()})
	base := "0UL"
	if pe, isName := x.PostfixExpression.(*cc.PrimaryExpression); isName && pe.Case == cc.PrimaryExpressionIdent {
		base = "(__ml_uptr)" + pe.Token.SrcStr()
	}
	w := "0"
	if u == useWrite {
		w = "1"
	}
	v := r.name("__ml_i")
	report := "__ml_report_index"
	if r.c.optimizing || r.fn != nil && r.fn.asmCalls {
		report = "__ml_index_fail" // (its cold call keeps every register; a static helper, asmCalls's to call)
	}
	var f frag
	// unary plus: an index read from a bit-field has no __auto_type
	f.str("__extension__({ register __auto_type " + v + " = +(")
	f.cat(idx)
	f.strf("); if (__builtin_expect((__ml_uptr)%s >= %dUL, 0)) %s%s(&__ml_arrays[%d], (__ml_uptr)%s, %s, %s, %s)%s; %s; })",
		v, at.Len(), r.atCaller(), report, k, v, base, siteRef(r.site(x, siteAccess)), w, r.atCallerDone(), v)
	return f
}

// indexChecked is the array that x = a[i] indexes, when an access's index
// is checked against its bound: a named array of known length (arrayRoot).
func indexChecked(x *cc.PostfixExpression) (at *cc.ArrayType, name, owner string, pos cc.Node, kind int, ok bool) {
	at, ok = objType(x.PostfixExpression).(*cc.ArrayType)
	if !ok || at.IsVLA() || at.Len() <= 0 || at.Elem().Size() <= 0 {
		return nil, "", "", nil, 0, false
	}
	name, owner, pos, kind, ok = arrayRoot(x.PostfixExpression)
	return at, name, owner, pos, kind, ok
}

// arrayDesc returns the table index of descriptor a, adding it if new.
func (r *rewriter) arrayDesc(a array) int {
	if i, ok := r.arrayIdx[a]; ok {
		return i
	}
	r.arrays = append(r.arrays, a)
	r.arrayIdx[a] = len(r.arrays) - 1
	return len(r.arrays) - 1
}

func (r *rewriter) arrayTable() string {
	return cTable("struct __ml_array", "__ml_arrays", len(r.arrays), func(i int) string {
		a := r.arrays[i]
		return fmt.Sprintf("{%s,%s,%s,%s,%d,%d,%dUL,%dUL}", cstr(a.name), cstr(a.owner), cstr(a.typ), cstr(a.file), a.line, a.kind, a.len, a.elem)
	})
}

// indexed renders lvalue n, not reached through a pointer, for an access:
// the indices of the named arrays on its path are checked.
func (r *rewriter) indexed(n cc.ExpressionNode, write bool) frag {
	if z, ok := complexPart(n); ok {
		return partOf(n, r.indexed(z, write))
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			var f frag
			f.tok(x.Token)
			f.cat(r.indexed(x.ExpressionList, write))
			f.tok(x.Token2)
			return f
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			if isArray(x.PostfixExpression) {
				f := r.indexed(x.PostfixExpression, write)
				f.tok(x.Token)
				f.cat(r.arrayIndex(x, useOf(write)))
				f.tok(x.Token2)
				return f
			}
		case cc.PostfixExpressionSelect:
			f := r.indexed(x.PostfixExpression, write)
			f.tok(x.Token)
			f.tok(x.Token2)
			return f
		}
	}
	return r.generic(n)
}
