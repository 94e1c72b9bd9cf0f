package inject

import (
	"fmt"
	"slices"

	"modernc.org/cc/v4"

	"memlens/internal/instrument"
)

// A site is one place a template can inject its bug.
type site struct {
	template string
	line     int    // line of the edit: the run must reach it
	want     string // the annotation: KIND or ROLE:KIND
	wantLine int    // the line the annotation goes on
	edits    []edit
	what     string // what was changed, for the list of variants
}

// Template is a bug pattern from real bugs, applied wherever it fits.
type Template struct {
	Name string
	Kind string // the bug kind it injects
	Doc  string
	find func(u *unit, fn *cc.FunctionDefinition) []site
	// harm, when set, is what glibc prints on stderr when the variant's
	// native run does the harm (for a bug whose failure is at no line the
	// source shows): a variant whose native run does not print it is
	// harmless on the input.
	harm string
}

// Templates are the bug patterns memlens inject knows, in the order of
// its list.
var Templates = []*Template{
	{"alloc-short", "HEAP-BUFFER-OVERFLOW",
		"an allocation one byte or one element too small: malloc(strlen(s) + 1) → malloc(strlen(s)), malloc(n * sizeof *p) → malloc((n - 1) * sizeof *p), calloc(n, s) → calloc(n - 1, s); annotated alloc: at the allocation",
		allocShort, ""},
	{"loop-bound", "STACK-BUFFER-OVERFLOW or GLOBAL-BUFFER-OVERFLOW",
		"a loop bound off by one, i < N → i <= N, in a for loop indexing a named array of N elements with i; annotated at the index",
		loopBound, ""},
	{"index-off-by-one", "STACK-BUFFER-OVERFLOW or GLOBAL-BUFFER-OVERFLOW",
		"an index off by one, A[i] → A[i + 1], in a for loop i < N over a named array of N elements; annotated at the index",
		indexOffByOne, ""},
	{"double-free", "DOUBLE-FREE",
		"a free done twice: free(p); → { free(p); free(p); }",
		doubleFree, ""},
	{"interior-free", "UNMATCHED-FREE",
		"a free of an interior pointer: free(p) → free((char *)(p) + 1)",
		interiorFree, ""},
	{"missing-free", "MEMORY-LEAK",
		"a free left out, of a local whose only allocation in the function is known; annotated alloc: at the allocation",
		missingFree, ""},
	{"free-before-use", "DANGLING-POINTER-DEREF",
		"a free moved before the statement just above it that dereferences the pointer",
		freeBeforeUse, ""},
	{"use-after-realloc", "DANGLING-POINTER-DEREF",
		"p = realloc(p, n) → (void)realloc(p, n): p goes on pointing to the old block; annotated at its next dereference",
		useAfterRealloc, ""},
	{"unchecked-null", "NULL-POINTER-DEREF",
		"a NULL check left out (if (!p) … whose handling the input reaches); annotated at the pointer's next dereference",
		uncheckedNull, ""},
	{"missing-init", "UNINITIALIZED-READ",
		"a local's initializer left out (T x = E → T x) where the next statement naming x tests it or passes it to a function; annotated there",
		missingInit, ""},
	{"shallow-copy", "DOUBLE-FREE",
		"a deep copy made shallow, x = strdup(p) → x = (char *)(p), kept when the native run frees the block twice (glibc says so); annotated cause: at the copy",
		shallowCopy, "double free"},
}

// functions returns the function definitions written in u's file.
func functions(u *unit) []*cc.FunctionDefinition {
	var out []*cc.FunctionDefinition
	for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.Case != cc.ExternalDeclarationFuncDef {
			continue
		}
		if fd := ed.FunctionDefinition; fd.Position().Filename == u.path {
			out = append(out, fd)
		}
	}
	return out
}

// callOf returns x as a call, with the name of the function it calls ("" for
// a call through a pointer) and its arguments.
func callOf(x cc.Node) (p *cc.PostfixExpression, name string, args []cc.ExpressionNode) {
	p, ok := x.(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall {
		return nil, "", nil
	}
	if id, ok := p.PostfixExpression.(*cc.PrimaryExpression); ok && id.Case == cc.PrimaryExpressionIdent {
		name = id.Token.SrcStr()
	}
	for l := p.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	return p, name, args
}

// callTo returns x as a call of one of the functions named, with its
// arguments.
func callTo(x cc.Node, names ...string) (*cc.PostfixExpression, []cc.ExpressionNode) {
	if p, name, args := callOf(x); p != nil && name != "" && slices.Contains(names, name) {
		return p, args
	}
	return nil, nil
}

// freeStatements returns the statements `free(E);` of fn whose argument
// has no side effect (a name, a member, an element), with that argument.
func freeStatements(fn *cc.FunctionDefinition) (stmts []*cc.ExpressionStatement, args []cc.ExpressionNode) {
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		s, ok := n.(*cc.ExpressionStatement)
		if !ok {
			return true
		}
		if _, a := callTo(s.ExpressionList, "free"); len(a) == 1 && plain(a[0]) {
			stmts, args = append(stmts, s), append(args, a[0])
		}
		return false
	})
	return stmts, args
}

// plain reports whether x is a name, or members and elements of one with
// constant or plain indexes: an expression that can be evaluated twice.
func plain(x cc.ExpressionNode) bool {
	switch x := x.(type) {
	case *cc.PrimaryExpression:
		return x.Case == cc.PrimaryExpressionIdent || x.Case == cc.PrimaryExpressionInt || x.Case == cc.PrimaryExpressionExpr && plain(x.ExpressionList)
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return plain(x.PostfixExpression)
		case cc.PostfixExpressionIndex:
			return plain(x.PostfixExpression) && plain(x.ExpressionList)
		}
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref && plain(x.CastExpression)
	}
	return false
}

func doubleFree(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	stmts, _ := freeStatements(fn)
	for _, s := range stmts {
		start, end, ok := u.span(s)
		if !ok {
			continue
		}
		text := string(u.src[start:end])
		line := u.line(start)
		out = append(out, site{line: line, want: "DOUBLE-FREE", wantLine: u.line(end),
			edits: []edit{{start, end, "{ " + text + " " + text + " }"}},
			what:  fmt.Sprintf("%s done twice", text)})
	}
	return out
}

func interiorFree(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	stmts, args := freeStatements(fn)
	for i, s := range stmts {
		start, end, ok := u.span(args[i])
		if !ok {
			continue
		}
		arg := string(u.src[start:end])
		out = append(out, site{line: u.line(start), want: "UNMATCHED-FREE", wantLine: u.line(start),
			edits: []edit{{start, end, "(char *)(" + arg + ") + 1"}},
			what:  fmt.Sprintf("%s frees (char *)(%s) + 1", u.text(s), arg)})
	}
	return out
}

// allocSize returns the edit making the size argument x of an allocation
// one unit too small: "E + 1" loses its "+ 1", "N * sizeof T" becomes
// "(N - 1) * sizeof T", anything but a lone sizeof "(E) - 1".
func allocSize(u *unit, x cc.ExpressionNode) (edit, bool) {
	start, end, ok := u.span(x)
	if !ok {
		return edit{}, false
	}
	if a, ok := x.(*cc.AdditiveExpression); ok && a.Case == cc.AdditiveExpressionAdd {
		if v, ok := a.MultiplicativeExpression.(*cc.PrimaryExpression); ok && v.Case == cc.PrimaryExpressionInt && v.Token.SrcStr() == "1" {
			if s, e, ok := u.span(a.AdditiveExpression); ok {
				return edit{start, end, string(u.src[s:e])}, true
			}
		}
	}
	if m, ok := x.(*cc.MultiplicativeExpression); ok && m.Case == cc.MultiplicativeExpressionMul {
		if s, e, ok := u.span(m.MultiplicativeExpression); ok {
			return edit{s, e, "(" + string(u.src[s:e]) + " - 1)"}, true
		}
	}
	if x, ok := x.(*cc.UnaryExpression); ok && (x.Case == cc.UnaryExpressionSizeofExpr || x.Case == cc.UnaryExpressionSizeofType) {
		// One object: a byte less often falls in its padding, no bug.
		return edit{}, false
	}
	return edit{start, end, "(" + string(u.src[start:end]) + ") - 1"}, true
}

func allocShort(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		call, name, args := callOf(n)
		if call == nil || len(args) == 0 || !slices.Contains([]string{"malloc", "calloc", "realloc"}, name) {
			return true
		}
		size := args[len(args)-1] // malloc(n), realloc(p, n)
		if len(args) == 2 && name == "calloc" {
			size = args[0] // calloc(n, size): one element fewer
		}
		e, ok := allocSize(u, size)
		if !ok {
			return true
		}
		line := u.line(e.start)
		out = append(out, site{line: line, want: "alloc:HEAP-BUFFER-OVERFLOW", wantLine: line, edits: []edit{e},
			what: fmt.Sprintf("%s asks for one unit less", u.text(call))})
		return true
	})
	return out
}

// named returns the variable x names, if it is one.
func named(x cc.Node) *cc.Declarator {
	p, ok := x.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	d, _ := p.ResolvedTo().(*cc.Declarator)
	return d
}

// arrayLoop is a for loop `i < N` whose body indexes with i one named
// array of exactly N elements.
type arrayLoop struct {
	op    int                   // offset of the condition's <
	index *cc.PostfixExpression // the body's first A[i]
	at    int                   // its offset
	arr   *cc.Declarator
	kind  string // what indexing past the array is
}

func arrayLoops(u *unit, fn *cc.FunctionDefinition) []arrayLoop {
	var out []arrayLoop
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		it, ok := n.(*cc.IterationStatement)
		if !ok || it.Case != cc.IterationStatementFor && it.Case != cc.IterationStatementForDecl {
			return true
		}
		c := it.ExpressionList2
		if it.Case == cc.IterationStatementForDecl {
			c = it.ExpressionList // for (T i = 0; COND; STEP)
		}
		cond, ok := c.(*cc.RelationalExpression)
		if !ok || cond.Case != cc.RelationalExpressionLt {
			return true
		}
		i := named(cond.RelationalExpression)
		var bound int64
		switch v := cond.ShiftExpression.Value().(type) {
		case cc.Int64Value:
			bound = int64(v)
		case cc.UInt64Value:
			bound = int64(v)
		default:
			return true
		}
		if i == nil {
			return true
		}
		// One array indexed with i (several: which one a run overflows
		// first depends on evaluation order), first where the body first
		// names it.
		l := arrayLoop{at: -1}
		single := true
		// &A[i] computes an address, legal one past the end: the access is
		// wherever it is used.
		addressed := map[cc.Node]bool{}
		instrument.Inspect(it.Statement, func(n cc.Node) bool {
			if x, ok := n.(*cc.UnaryExpression); ok && x.Case == cc.UnaryExpressionAddrof {
				addressed[x.CastExpression] = true
			}
			return true
		})
		instrument.Inspect(it.Statement, func(n cc.Node) bool {
			x, ok := n.(*cc.PostfixExpression)
			if !ok || x.Case != cc.PostfixExpressionIndex || named(x.ExpressionList) != i {
				return true
			}
			if addressed[x] {
				single = false // no site: where it overflows is not here
				return true
			}
			a := named(x.PostfixExpression)
			if a == nil || a.Type() == nil || a.Type().Kind() != cc.Array {
				return true
			}
			if l.arr != nil && a != l.arr {
				single = false
			}
			l.arr = a
			if off, ok := u.offset(x.Token); ok && (l.at < 0 || off < l.at) {
				l.at, l.index = off, x
			}
			return true
		})
		if l.index == nil || !single {
			return true
		}
		if t, ok := l.arr.Type().(*cc.ArrayType); !ok || t.Len() != bound || t.IsVLA() {
			return true
		}
		if l.op, ok = u.offset(cond.Token); !ok {
			return true
		}
		l.kind = "GLOBAL-BUFFER-OVERFLOW"
		if l.arr.StorageDuration() == cc.Automatic {
			l.kind = "STACK-BUFFER-OVERFLOW"
		}
		out = append(out, l)
		return true
	})
	return out
}

func loopBound(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, l := range arrayLoops(u, fn) {
		out = append(out, site{line: u.line(l.op), want: l.kind, wantLine: u.line(l.at),
			edits: []edit{{l.op, l.op + 1, "<="}},
			what:  fmt.Sprintf("the bound of the loop over %s becomes <=", l.arr.Name())})
	}
	return out
}

func indexOffByOne(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, l := range arrayLoops(u, fn) {
		s, e, ok := u.span(l.index.ExpressionList)
		if !ok {
			continue
		}
		i := string(u.src[s:e])
		out = append(out, site{line: u.line(s), want: l.kind, wantLine: u.line(s),
			edits: []edit{{s, e, i + " + 1"}},
			what:  fmt.Sprintf("%s[%s] becomes %s[%s + 1]", l.arr.Name(), i, l.arr.Name(), i)})
	}
	return out
}

// allocation returns the line of the only allocation assigned to d in fn
// (a declaration's initializer or an assignment), 0 if there is not
// exactly one or d is assigned anything else.
func allocation(u *unit, fn *cc.FunctionDefinition, d *cc.Declarator) int {
	lines, others := 0, 0
	line := 0
	isAlloc := func(x cc.Node) bool {
		call, _ := callTo(x, "malloc", "calloc", "realloc", "strdup", "strndup")
		return call != nil
	}
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.InitDeclarator:
			if n.Declarator == d && n.Initializer != nil {
				if isAlloc(n.Initializer.AssignmentExpression) {
					if s, _, ok := u.span(n.Initializer); ok {
						lines, line = lines+1, u.line(s)
					}
				} else {
					others++
				}
			}
		case *cc.AssignmentExpression:
			if named(n.UnaryExpression) == d {
				if n.Case == cc.AssignmentExpressionAssign && isAlloc(n.AssignmentExpression) {
					if s, _, ok := u.span(n.AssignmentExpression); ok {
						lines, line = lines+1, u.line(s)
					}
				} else {
					others++
				}
			}
		}
		return true
	})
	if lines != 1 || others != 0 || d.AddressTaken() {
		return 0
	}
	return line
}

func missingFree(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	stmts, args := freeStatements(fn)
	for k, s := range stmts {
		d := named(args[k])
		if d == nil || d.IsParam() || d.StorageDuration() != cc.Automatic {
			continue
		}
		alloc := allocation(u, fn, d)
		start, end, ok := u.span(s)
		if alloc == 0 || !ok {
			continue
		}
		out = append(out, site{line: u.line(start), want: "alloc:MEMORY-LEAK", wantLine: alloc,
			edits: []edit{{start, end, "(void)0;"}},
			what:  fmt.Sprintf("%s left out", u.src[start:end])})
	}
	return out
}

// derefs returns the first dereference of d in n (d->f, d[i], *d).
func derefs(n cc.Node, d *cc.Declarator) cc.Node {
	var at cc.Node
	instrument.Inspect(n, func(n cc.Node) bool {
		if at != nil {
			return false
		}
		switch x := n.(type) {
		case *cc.PostfixExpression:
			if (x.Case == cc.PostfixExpressionPSelect || x.Case == cc.PostfixExpressionIndex) && named(x.PostfixExpression) == d {
				at = x
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref && named(x.CastExpression) == d {
				at = x
			}
		}
		return at == nil
	})
	return at
}

func freeBeforeUse(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, items := range blockItems(fn) {
		for k := 1; k < len(items); k++ {
			st := items[k].Statement
			if st == nil || st.Case != cc.StatementExpr {
				continue
			}
			_, args := callTo(st.ExpressionStatement.ExpressionList, "free")
			if len(args) != 1 {
				continue
			}
			d := named(args[0])
			if d == nil {
				continue
			}
			// The item just above, if it is a plain statement or a
			// declaration dereferencing d itself.
			prev := items[k-1]
			var use cc.Node
			switch {
			case prev.Case == cc.BlockItemDecl:
				use = derefs(prev.Declaration, d)
			case prev.Statement != nil && prev.Statement.Case == cc.StatementExpr:
				use = derefs(prev.Statement, d)
			}
			fs, fe, ok1 := u.span(st)
			ps, _, ok2 := u.span(prev)
			us, _, ok3 := u.span(use)
			if use == nil || !ok1 || !ok2 || !ok3 {
				continue
			}
			free := string(u.src[fs:fe])
			out = append(out, site{line: u.line(fs), want: "DANGLING-POINTER-DEREF", wantLine: u.line(us),
				edits: []edit{{ps, ps, free + " "}, {fs, fe, ""}},
				what:  fmt.Sprintf("%s moved above %s", free, u.text(use))})
		}
	}
	return out
}

// blockItems returns the items of every block of fn, block by block.
func blockItems(fn *cc.FunctionDefinition) [][]*cc.BlockItem {
	var out [][]*cc.BlockItem
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		if cs, ok := n.(*cc.CompoundStatement); ok {
			var items []*cc.BlockItem
			for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
				items = append(items, l.BlockItem)
			}
			out = append(out, items)
		}
		return true
	})
	return out
}

// assigns reports whether n assigns to d (d = …, d += …, d++).
func assigns(n cc.Node, d *cc.Declarator) bool {
	return instrument.AnyNode(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			return x.Case != cc.AssignmentExpressionCond && named(x.UnaryExpression) == d
		case *cc.UnaryExpression:
			return (x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec) && named(x.CastExpression) == d
		case *cc.PostfixExpression:
			return (x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && named(x.PostfixExpression) == d
		}
		return false
	})
}

// mentions reports whether n names d.
func mentions(n cc.Node, d *cc.Declarator) bool {
	return instrument.AnyNode(n, func(n cc.Node) bool { return named(n) == d })
}

// nextDeref returns the first dereference of d in the items, before any
// assignment to d; nil when d is first handed to a function (whose body
// may dereference it first, somewhere else).
func nextDeref(items []*cc.BlockItem, d *cc.Declarator) cc.Node {
	for _, it := range items {
		if passed(it, d) || assigns(it, d) {
			return nil
		}
		if use := derefs(it, d); use != nil {
			return use
		}
	}
	return nil
}

// passed reports whether n passes d to a function.
func passed(n cc.Node, d *cc.Declarator) bool {
	return instrument.AnyNode(n, func(n cc.Node) bool {
		_, _, args := callOf(n)
		return slices.ContainsFunc(args, func(a cc.ExpressionNode) bool { return named(a) == d })
	})
}

func useAfterRealloc(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, items := range blockItems(fn) {
		for k, it := range items {
			if it.Statement == nil || it.Statement.Case != cc.StatementExpr {
				continue
			}
			a, ok := it.Statement.ExpressionStatement.ExpressionList.(*cc.AssignmentExpression)
			if !ok || a.Case != cc.AssignmentExpressionAssign {
				continue
			}
			d := named(a.UnaryExpression)
			call, args := callTo(a.AssignmentExpression, "realloc")
			if d == nil || call == nil || len(args) != 2 || named(args[0]) != d {
				continue
			}
			use := nextDeref(items[k+1:], d)
			cs, ce, ok1 := u.span(call)
			ss, se, ok2 := u.span(it.Statement)
			us, _, ok3 := u.span(use)
			if use == nil || !ok1 || !ok2 || !ok3 {
				continue
			}
			out = append(out, site{line: u.line(ss), want: "DANGLING-POINTER-DEREF", wantLine: u.line(us),
				edits: []edit{{ss, se, "(void)" + string(u.src[cs:ce]) + ";"}},
				what:  fmt.Sprintf("%s keeps using the old block", u.src[ss:se])})
		}
	}
	return out
}

// nullTested returns the pointer a condition tests for NULL (!p, p == NULL,
// NULL == p, p == 0).
func nullTested(cond cc.ExpressionNode) *cc.Declarator {
	isPtr := func(d *cc.Declarator) bool { return d != nil && d.Type() != nil && d.Type().Kind() == cc.Ptr }
	isZero := func(x cc.ExpressionNode) bool {
		switch v := x.Value().(type) {
		case cc.Int64Value:
			return v == 0
		case cc.UInt64Value:
			return v == 0
		}
		return false
	}
	switch c := cond.(type) {
	case *cc.UnaryExpression:
		if d := named(c.CastExpression); c.Case == cc.UnaryExpressionNot && isPtr(d) {
			return d
		}
	case *cc.EqualityExpression:
		if c.Case != cc.EqualityExpressionEq {
			return nil
		}
		if d := named(c.EqualityExpression); isPtr(d) && isZero(c.RelationalExpression) {
			return d
		}
		if d := named(c.RelationalExpression); isPtr(d) && isZero(c.EqualityExpression) {
			return d
		}
	}
	return nil
}

func uncheckedNull(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, items := range blockItems(fn) {
		for k, it := range items {
			if it.Statement == nil || it.Statement.Case != cc.StatementSelection {
				continue
			}
			sel := it.Statement.SelectionStatement
			if sel.Case != cc.SelectionStatementIf {
				continue
			}
			d := nullTested(sel.ExpressionList)
			if d == nil {
				continue
			}
			use := nextDeref(items[k+1:], d)
			ss, se, ok1 := u.span(it.Statement)
			// The handling (of a block, its first item) must be on a line
			// of its own: that it ran says the pointer was NULL there.
			var handling cc.Node = sel.Statement
			if cs := sel.Statement.CompoundStatement; sel.Statement.Case == cc.StatementCompound && cs.BlockItemList != nil {
				handling = cs.BlockItemList.BlockItem
			}
			ts, _, ok2 := u.span(handling)
			us, _, ok3 := u.span(use)
			if use == nil || !ok1 || !ok2 || !ok3 || u.line(ts) == u.line(ss) {
				continue
			}
			out = append(out, site{line: u.line(ts), want: "NULL-POINTER-DEREF", wantLine: u.line(us),
				edits: []edit{{ss, se, "(void)0;"}},
				what:  fmt.Sprintf("the check if (%s) left out", u.text(sel.ExpressionList))})
		}
	}
	return out
}

func missingInit(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	for _, items := range blockItems(fn) {
		for k, it := range items {
			if it.Case != cc.BlockItemDecl || it.Declaration.InitDeclaratorList == nil || it.Declaration.InitDeclaratorList.InitDeclaratorList != nil {
				continue
			}
			id := it.Declaration.InitDeclaratorList.InitDeclarator
			d := id.Declarator
			if id.Case != cc.InitDeclaratorInit || d.StorageDuration() != cc.Automatic || d.Type() == nil || !cc.IsArithmeticType(d.Type()) {
				continue
			}
			// The first item naming d must use its value: test it, or
			// hand it to a function.
			var use cc.Node
			for _, next := range items[k+1:] {
				if !mentions(next, d) {
					continue
				}
				if st := next.Statement; st != nil && !assigns(next, d) {
					switch {
					case st.Case == cc.StatementSelection && mentions(st.SelectionStatement.ExpressionList, d):
						use = st.SelectionStatement.ExpressionList
					case st.Case == cc.StatementIteration && st.IterationStatement.Case == cc.IterationStatementWhile &&
						mentions(st.IterationStatement.ExpressionList, d):
						use = st.IterationStatement.ExpressionList
					case st.Case == cc.StatementExpr:
						_, _, args := callOf(st.ExpressionStatement.ExpressionList)
						for _, a := range args {
							if named(a) == d {
								use = a
							}
						}
					}
				}
				break
			}
			eq, ok1 := u.offset(id.Token)
			_, ie, ok2 := u.span(id.Initializer)
			us, _, ok3 := u.span(use)
			if use == nil || !ok1 || !ok2 || !ok3 {
				continue
			}
			out = append(out, site{line: u.line(eq), want: "UNINITIALIZED-READ", wantLine: u.line(us),
				edits: []edit{{eq, ie, ""}},
				what:  fmt.Sprintf("%s declared without its initializer", d.Name())})
		}
	}
	return out
}

func shallowCopy(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		call, args := callTo(n, "strdup")
		if call == nil || len(args) != 1 || !plain(args[0]) || args[0].Type() == nil || args[0].Type().Kind() != cc.Ptr {
			return true
		}
		cs, ce, ok1 := u.span(call)
		as, ae, ok2 := u.span(args[0])
		if !ok1 || !ok2 {
			return true
		}
		arg := string(u.src[as:ae])
		out = append(out, site{line: u.line(cs), want: "cause:DOUBLE-FREE", wantLine: u.line(cs),
			edits: []edit{{cs, ce, "(char *)(" + arg + ")"}},
			what:  fmt.Sprintf("%s copies the pointer, not the string", u.src[cs:ce])})
		return true
	})
	return out
}
