package inject

import (
	"fmt"

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
}

// Templates are the bug patterns memlens inject knows, in the order of
// its list.
var Templates = []*Template{
	{"alloc-short", "HEAP-BUFFER-OVERFLOW",
		"an allocation one byte or one element too small: malloc(strlen(s) + 1) → malloc(strlen(s)), malloc(n * sizeof *p) → malloc((n - 1) * sizeof *p), calloc(n, s) → calloc(n - 1, s); annotated alloc: at the allocation",
		allocShort},
	{"loop-bound", "STACK-BUFFER-OVERFLOW or GLOBAL-BUFFER-OVERFLOW",
		"a loop bound off by one, i < N → i <= N, in a for loop indexing a named array of N elements with i; annotated at the index",
		loopBound},
	{"double-free", "DOUBLE-FREE",
		"a free done twice: free(p); → { free(p); free(p); }",
		doubleFree},
	{"interior-free", "UNMATCHED-FREE",
		"a free of an interior pointer: free(p) → free((char *)(p) + 1)",
		interiorFree},
	{"missing-free", "MEMORY-LEAK",
		"a free left out, of a local whose only allocation in the function is known; annotated alloc: at the allocation",
		missingFree},
	{"free-before-use", "DANGLING-POINTER-DEREF",
		"a free moved before the statement just above it that dereferences the pointer",
		freeBeforeUse},
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

// callTo returns x as a call of the function named name, with its
// arguments.
func callTo(x cc.Node, names ...string) (*cc.PostfixExpression, []cc.ExpressionNode) {
	p, ok := x.(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall {
		return nil, nil
	}
	id, ok := p.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || id.Case != cc.PrimaryExpressionIdent {
		return nil, nil
	}
	for _, n := range names {
		if id.Token.SrcStr() == n {
			var args []cc.ExpressionNode
			for l := p.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
				args = append(args, l.AssignmentExpression)
			}
			return p, args
		}
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
		call, args := callTo(n, "malloc", "calloc", "realloc")
		if call == nil || len(args) == 0 {
			return true
		}
		size := args[len(args)-1] // malloc(n), realloc(p, n)
		if len(args) == 2 && u.text(call.PostfixExpression) == "calloc" {
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

func loopBound(u *unit, fn *cc.FunctionDefinition) []site {
	var out []site
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
		bound, ok := cond.ShiftExpression.Value().(cc.Int64Value)
		if i == nil || !ok {
			bound2, ok2 := cond.ShiftExpression.Value().(cc.UInt64Value)
			if i == nil || !ok2 {
				return true
			}
			bound = cc.Int64Value(bound2)
		}
		// The body indexes with i one named array, of exactly bound
		// elements: with <=, the last round indexes past it, first where
		// the body first names it (several arrays: which one a run
		// overflows first depends on evaluation order, so no site).
		var at cc.Node
		var arr *cc.Declarator
		first, single := -1, true
		instrument.Inspect(it.Statement, func(n cc.Node) bool {
			x, ok := n.(*cc.PostfixExpression)
			if !ok || x.Case != cc.PostfixExpressionIndex || named(x.ExpressionList) != i {
				return true
			}
			a := named(x.PostfixExpression)
			if a == nil || a.Type() == nil || a.Type().Kind() != cc.Array {
				return true
			}
			if arr != nil && a != arr {
				single = false
			}
			arr = a
			if off, ok := u.offset(x.Token); ok && (first < 0 || off < first) {
				first, at = off, x
			}
			return true
		})
		if at == nil || !single {
			return true
		}
		if t, ok := arr.Type().(*cc.ArrayType); !ok || t.Len() != int64(bound) || t.IsVLA() {
			return true
		}
		op, ok := u.offset(cond.Token)
		if !ok {
			return true
		}
		kind := "GLOBAL-BUFFER-OVERFLOW"
		if arr.StorageDuration() == cc.Automatic {
			kind = "STACK-BUFFER-OVERFLOW"
		}
		out = append(out, site{line: u.line(op), want: kind, wantLine: u.line(first),
			edits: []edit{{op, op + 1, "<="}},
			what:  fmt.Sprintf("the bound of the loop over %s becomes <=", arr.Name())})
		return true
	})
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
	instrument.Inspect(fn.CompoundStatement, func(n cc.Node) bool {
		cs, ok := n.(*cc.CompoundStatement)
		if !ok {
			return true
		}
		var items []*cc.BlockItem
		for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
			items = append(items, l.BlockItem)
		}
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
			// The statement just above, if it is a plain statement or a
			// declaration dereferencing d itself.
			prev := items[k-1]
			var use cc.Node
			switch {
			case prev.Case == cc.BlockItemDecl:
				use = derefs(prev.Declaration, d)
			case prev.Statement != nil && prev.Statement.Case == cc.StatementExpr:
				use = derefs(prev.Statement, d)
			}
			if use == nil {
				continue
			}
			fs, fe, ok1 := u.span(st)
			ps, _, ok2 := u.span(prev)
			us, _, ok3 := u.span(use)
			if !ok1 || !ok2 || !ok3 {
				continue
			}
			free := string(u.src[fs:fe])
			out = append(out, site{line: u.line(fs), want: "DANGLING-POINTER-DEREF", wantLine: u.line(us),
				edits: []edit{{ps, ps, free + " "}, {fs, fe, ""}},
				what:  fmt.Sprintf("%s moved above %s", free, u.text(use))})
		}
		return true
	})
	return out
}
