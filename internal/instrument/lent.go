package instrument

import (
	"slices"
	"strings"

	"modernc.org/cc/v4"
)

// Lent locals. A local object whose pointers are only used inside the
// expression that makes them — dereferenced, indexed, compared, or passed
// to a parameter its callee only borrows — cannot be reached once its
// scope ends: no pointer to it outlives a call it is passed to. It needs
// bounds while it lives, but nothing when it dies: it is registered in a
// record its thread keeps for its function's depth on the shadow stack
// (__ml_lent_at; deeper than the frame slots, or beyond a function's
// fourth, for the position it takes on the stack of live locals, which its
// scope's end just lowers).
//
// A function borrows a pointer parameter when, in its body, the
// parameter's value (and any pointer computed from it) is only
// dereferenced, indexed, compared, tested, or passed to a parameter that
// is borrowed in turn (by a function of the unit, or by a libc function
// known to keep nothing). Returned, stored, cast to an integer, passed to
// any other code: it is kept. Functions of the unit that another
// definition may replace at link time (weak, or inline with external
// linkage) borrow nothing; the borrowed parameters are the greatest
// fixpoint over the unit's calls, so recursion lends.

// libcBorrows are the libc functions that keep none of their pointer
// arguments once they return; copiesPointers those of them that copy
// pointers' shadow; libcResultFromFirst those whose result points into
// their first argument.
var (
	libcBorrows = setOf(
		"memcpy", "memmove", "memset", "memcmp", "memchr",
		"strcpy", "strncpy", "strcat", "strncat", "strlen", "strnlen",
		"strcmp", "strncmp", "strcasecmp", "strncasecmp", "strchr", "strrchr", "strstr",
		"strspn", "strcspn", "strpbrk",
		"sprintf", "snprintf", "printf", "fprintf", "sscanf",
		"puts", "fputs", "fgets", "fread", "fwrite", "read", "write",
	)
	// (with full checking, the pointers they copy into a local's bytes
	// are references, which only its retirement releases)
	copiesPointers      = setOf("memcpy", "memmove")
	libcResultFromFirst = setOf(
		"memcpy", "memmove", "memset", "memchr", "strcpy", "strncpy", "strcat", "strncat",
		"strchr", "strrchr", "strstr", "strpbrk", "fgets",
	)
)

// lendDep is an argument passed at position arg of a call to function fn
// of the unit: it stays lent if fn borrows that parameter.
type lendDep struct {
	fn  string
	arg int
}

// lending is what the uses of a variable say about its pointers: one is
// kept, or none is as long as the deps' callees borrow. A local's holds
// its scope, which an alias must not outlive (nil: a parameter's, whose
// pointer lives through the call).
type lending struct {
	kept  bool
	deps  []lendDep
	scope *cc.Scope
}

func (l *lending) dep(d lendDep) {
	if !slices.Contains(l.deps, d) {
		l.deps = append(l.deps, d)
	}
}

// lendings of one function: its locals' (those that may become objects)
// and its pointer parameters' (the values it was passed).
type fnLendings struct {
	name    string
	objects map[*cc.Declarator]*lending
	params  []*lending // by position; nil: not a pointer the function may borrow
}

// findLendings analyses every function of the unit and settles which
// pointer parameters are borrowed (r.borrows).
func (r *rewriter) findLendings(decls []*cc.ExternalDeclaration) {
	r.lendings = map[*cc.FunctionDefinition]*fnLendings{}
	r.borrows = map[string][]bool{}
	var fns []*fnLendings
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) {
			continue
		}
		fl := r.lendingsOf(fd)
		r.lendings[fd] = fl
		fns = append(fns, fl)
	}
	for _, fl := range fns {
		if fl.params != nil {
			r.borrows[fl.name] = make([]bool, len(fl.params))
			for i, p := range fl.params {
				r.borrows[fl.name][i] = p != nil && !p.kept
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fl := range fns {
			for i, p := range fl.params {
				if b := r.borrows[fl.name]; b != nil && b[i] && !r.lent(p) {
					b[i] = false
					changed = true
				}
			}
		}
	}
}

// lent reports whether no pointer the lending describes is kept.
func (r *rewriter) lent(l *lending) bool {
	if l == nil || l.kept {
		return false
	}
	for _, d := range l.deps {
		if b := r.borrows[d.fn]; d.arg >= len(b) || !b[d.arg] {
			return false
		}
	}
	return true
}

// lentObject reports whether local d of the function being rewritten is
// lent. With full checking, only a local whose type holds no pointer is:
// loss tracking releases the pointers a local holds as it dies, which a
// lent one, retired by its scope's end alone, would not.
func (r *rewriter) lentObject(d *cc.Declarator) bool {
	if r.fn == nil || r.fn.lendings == nil || r.c.full && hasPtrs(d.Type(), 0) {
		return false
	}
	l, ok := r.fn.lendings.objects[d]
	return ok && r.lent(l)
}

// lendingsOf walks function fd once, noting each use of its locals that
// may become objects and of its pointer parameters.
func (r *rewriter) lendingsOf(fd *cc.FunctionDefinition) *fnLendings {
	d := fd.Declarator
	fl := &fnLendings{name: d.Name(), objects: map[*cc.Declarator]*lending{}}
	params := map[*cc.Declarator]*lending{}
	unseen := writesUnseen(fd.CompoundStatement)
	if ft, ok := d.Type().(*cc.FunctionType); ok && !r.replaceable(fd) {
		if fp := funcParams(d); fp != nil && fp.Case == cc.DirectDeclaratorFuncParam && fp.ParameterTypeList != nil {
			fl.params = make([]*lending, len(ft.Parameters()))
			for i, p := range ft.Parameters() {
				pd := p.Declarator
				if pd != nil && pd.Name() != "" && isDataPtr(pd.Type()) && !pd.AddressTaken() {
					fl.params[i] = &lending{kept: unseen}
					params[pd] = fl.params[i]
				}
			}
		}
	}
	w := &lendWalk{r: r, aliases: map[*cc.Declarator][]*lending{}}
	var walk func(n cc.Node)
	walk = func(n cc.Node) {
		w.path = append(w.path, n)
		if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
			if v := declOf(x); v != nil {
				for _, l := range w.aliases[v] {
					w.value(len(w.path)-1, l)
				}
				if l := params[v]; l != nil {
					w.value(len(w.path)-1, l)
				} else if localCandidate(v) {
					l := fl.objects[v]
					if l == nil {
						l = &lending{kept: unseen, scope: v.LexicalScope()}
						fl.objects[v] = l
					}
					w.lvalue(len(w.path)-1, l)
				}
			}
		}
		for _, c := range childNodes(n) {
			walk(c)
		}
		w.path = w.path[:len(w.path)-1]
	}
	walk(fd.CompoundStatement)
	return fl
}

// replaceable reports whether another definition of fd's function may be
// the one its callers reach: it is weak, or inline with external linkage
// (which memlens makes weak, inline.go).
func (r *rewriter) replaceable(fd *cc.FunctionDefinition) bool {
	d := fd.Declarator
	if d.IsInline() && d.Linkage() != cc.Internal {
		return true
	}
	for _, n := range []cc.Node{fd.DeclarationSpecifiers, d} {
		for _, t := range cc.NodeTokens(n) {
			if s := strings.Trim(t.SrcStr(), "_"); s == "weak" || s == "alias" {
				return true
			}
		}
	}
	return false
}

// lendWalk judges a use of a variable by what encloses it: path holds the
// nodes from the function body down to the use. A pointer local
// initialized with a pointer it judges (Lua's setobj: TValue *io1 =
// &temp) is an alias: each of its uses is judged as that pointer's, for
// each lending it took (aliasInit).
type lendWalk struct {
	r       *rewriter
	path    []cc.Node
	aliases map[*cc.Declarator][]*lending
}

// up returns the parent of path[i] and its index (nil at the top).
func (w *lendWalk) up(i int) (cc.Node, int) {
	if i == 0 {
		return nil, -1
	}
	return w.path[i-1], i - 1
}

// value judges path[i], a pointer made from the variable (or the value of
// a pointer parameter).
func (w *lendWalk) value(i int, l *lending) {
	n := w.path[i]
	switch x, j := w.up(i); x := x.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			w.value(j, l)
			return
		}
	case *cc.ExpressionList:
		if x.ExpressionList != nil && x.AssignmentExpression == n {
			return // (a comma's left operand: its value is dropped)
		}
		w.value(j, l)
		return
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			w.lvalue(j, l)
			return
		case cc.UnaryExpressionNot, cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
			return
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			w.value(j, l)
			return
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			w.lvalue(j, l)
			return
		case cc.PostfixExpressionPSelect:
			if x.PostfixExpression == n {
				w.lvalue(j, l)
				return
			}
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			w.value(j, l)
			return
		}
	case *cc.ArgumentExpressionList:
		w.argument(j, l)
		return
	case *cc.CastExpression:
		switch t := x.Type(); {
		case t != nil && t.Kind() == cc.Void:
			return
		case isDataPtr(t):
			w.value(j, l)
			return
		}
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionSub && isDataPtr(x.AdditiveExpression.Type()) && isDataPtr(x.MultiplicativeExpression.Type()) {
			return // (a difference of pointers)
		}
		w.value(j, l)
		return
	case *cc.RelationalExpression, *cc.EqualityExpression, *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		return
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond && x.LogicalOrExpression == n && x.ExpressionList != nil {
			return // (tested)
		}
		w.value(j, l)
		return
	case *cc.AssignmentExpression:
		if x.UnaryExpression == n {
			return // (the variable assigned)
		}
	case *cc.ExpressionStatement:
		if k := w.stmtExprValue(j); k >= 0 {
			w.value(k, l)
		}
		return
	case *cc.SelectionStatement, *cc.IterationStatement:
		return // (tested, or a for clause's value dropped)
	case *cc.Initializer:
		if q := w.aliasInit(j, l); q != nil {
			if !slices.Contains(w.aliases[q], l) {
				w.aliases[q] = append(w.aliases[q], l)
			}
			return
		}
	}
	l.kept = true
}

// aliasInit is the pointer local that path[j], an initializer, gives its
// whole value, a pointer l judges, or nil: an automatic data pointer whose
// address is never taken (so its value is read only where its name is),
// declared within the scope of l's object, so it dies no later. Not one
// declared outside it: a statement expression's local, whose address is
// the expression's value (bugs/uas_statement_expression).
func (w *lendWalk) aliasInit(j int, l *lending) *cc.Declarator {
	in := w.path[j].(*cc.Initializer)
	p, _ := w.up(j)
	id, ok := p.(*cc.InitDeclarator)
	if !ok || in.Case != cc.InitializerExpr || id.Initializer != in {
		return nil
	}
	q := id.Declarator
	if q == nil || q.StorageDuration() != cc.Automatic || q.IsStatic() || q.AddressTaken() || !isDataPtr(q.Type()) ||
		!scopeWithin(q.LexicalScope(), l.scope) {
		return nil
	}
	return q
}

// scopeWithin reports whether scope s is outer or one nested in it (every
// scope is within a parameter's, nil).
func scopeWithin(s, outer *cc.Scope) bool {
	if outer == nil {
		return true
	}
	for ; s != nil; s = s.Parent {
		if s == outer {
			return true
		}
	}
	return false
}

// lvalue judges path[i], an lvalue of the variable's object (or of what a
// pointer made from it points to).
func (w *lendWalk) lvalue(i int, l *lending) {
	n := w.path[i]
	switch x, j := w.up(i); x := x.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			w.lvalue(j, l)
			return
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			if x.PostfixExpression == n {
				w.lvalue(j, l)
				return
			}
		case cc.PostfixExpressionIndex:
			if isArray(n.(cc.ExpressionNode)) {
				w.lvalue(j, l)
				return
			}
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionAddrof:
			w.value(j, l)
			return
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
			return
		}
	}
	if e, ok := n.(cc.ExpressionNode); ok && isArray(e) {
		w.value(i, l) // (it decays)
	}
	// otherwise it is read or written as a value of its type
}

// argument judges a pointer passed as the argument that path[j], a node
// of a call's argument list, holds.
func (w *lendWalk) argument(j int, l *lending) {
	idx := 0
	for {
		p, k := w.up(j)
		al, ok := p.(*cc.ArgumentExpressionList)
		if !ok || al.ArgumentExpressionList != w.path[j] {
			break
		}
		idx++
		j = k
	}
	p, k := w.up(j)
	call, ok := p.(*cc.PostfixExpression)
	name := ""
	if ok && call.Case == cc.PostfixExpressionCall {
		name = calleeName(call)
	}
	switch {
	case name == "":
	case w.r.defined[name]:
		l.dep(lendDep{name, idx})
		return
	case libcBorrows[name] && !(w.r.c.full && copiesPointers[name]):
		if idx == 0 && libcResultFromFirst[name] {
			w.value(k, l)
		}
		return
	}
	l.kept = true
}

// stmtExprValue is the index of the statement expression whose value
// expression statement path[j] gives (its last statement), or -1.
func (w *lendWalk) stmtExprValue(j int) int {
	p, j := w.up(j)
	if _, ok := p.(*cc.Statement); !ok {
		return -1
	}
	p, j = w.up(j)
	if _, ok := p.(*cc.BlockItem); !ok {
		return -1
	}
	p, k := w.up(j)
	if bl, ok := p.(*cc.BlockItemList); !ok || bl.BlockItemList != nil {
		return -1
	}
	for {
		p, k = w.up(k)
		if _, ok := p.(*cc.BlockItemList); !ok {
			break
		}
	}
	if _, ok := p.(*cc.CompoundStatement); !ok {
		return -1
	}
	if pe, i := w.up(k); pe != nil {
		if x, ok := pe.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionStmt {
			return i
		}
	}
	return -1
}
