package instrument

import (
	"slices"

	"modernc.org/cc/v4"
)

// child is a token or a node among a node's direct components.
type child struct {
	tok  cc.Token
	node cc.Node
	seq  int
}

//go:generate go run genwalk.go

// children lists the direct components of n in source order. The generated
// AST structs list their fields alphabetically, so order comes from the
// tokens' sequence numbers.
func (r *rewriter) children(n cc.Node) []child {
	// sized by a first pass: grown by append, these slices were a quarter
	// of a large unit's allocation
	size := 0
	components(n, func(*cc.Token) bool { size++; return false }, func(cc.Node) bool { size++; return false })
	out := make([]child, 0, size)
	components(n, func(t *cc.Token) bool {
		out = append(out, child{tok: *t, seq: t.Seq()})
		return false
	}, func(m cc.Node) bool {
		if s := r.firstSeq(m); s != 0 {
			out = append(out, child{node: m, seq: s})
		}
		return false
	})
	slices.SortFunc(out, func(a, b child) int {
		if a.seq != b.seq {
			return a.seq - b.seq
		}
		// the front end gives a label before a declaration an empty
		// statement made of a copy of its colon: the colon goes first
		switch {
		case a.node == nil && b.node != nil:
			return -1
		case a.node != nil && b.node == nil:
			return 1
		}
		return 0
	})
	return out
}

// childNodes lists the direct node components of n, in no particular order.
func childNodes(n cc.Node) []cc.Node {
	size := 0
	eachChild(n, func(cc.Node) { size++ })
	out := make([]cc.Node, 0, size)
	eachChild(n, func(c cc.Node) { out = append(out, c) })
	return out
}

// eachChild calls f for each direct node component of n, in the order
// childNodes lists them (without a list: Inspect visits every node of the
// unit's functions several times).
func eachChild(n cc.Node, f func(cc.Node)) {
	components(n, nil, func(c cc.Node) bool {
		f(c)
		return false
	})
}

// firstSeq is the sequence number of n's first token (0: n has none).
func (r *rewriter) firstSeq(n cc.Node) int {
	if t, ok := n.(cc.Token); ok {
		return t.Seq()
	}
	if s, ok := r.seqMemo[n]; ok {
		return s
	}
	min := 0
	least := func(s int) {
		if s != 0 && (min == 0 || s < min) {
			min = s
		}
	}
	components(n, func(t *cc.Token) bool { least(t.Seq()); return false }, func(m cc.Node) bool { least(r.firstSeq(m)); return false })
	r.seqMemo[n] = min
	return min
}

// verbatim is n's tokens, unchanged (but for the extra parameters of
// direct functions). Most of a translation unit (the system headers' declarations)
// goes through here: the tokens are gathered in one walk and sorted once.
func (r *rewriter) verbatim(n cc.Node) frag {
	// (the buffer is taken, not shared: a va_arg's operand is printed by a
	// call of verbatim inside this one)
	toks := r.toks[:0]
	r.toks = nil
	toks = collectTokens(toks, n)
	slices.SortFunc(toks, func(a, b cc.Token) int { return a.Seq() - b.Seq() })
	vaArgs, inVaArg := r.vaArgsIn(n, toks)
	f := make(frag, 0, len(toks)) // a piece a token, mostly: no regrowing
	for _, t := range toks {
		if x := vaArgs[t.Seq()]; x != nil {
			f.cat(r.vaArgText(x, r.verbatim))
		}
		if r.synthetic[t.Seq()] || inVaArg[t.Seq()] {
			continue
		}
		if text := r.insertBefore[t.Seq()]; text != "" {
			f.str(text)
		}
		if text := r.replaceTok[t.Seq()]; text != "" {
			// (the #pragma lines before the token it replaces go first)
			f.add(piece{tok: t, lead: true})
			f.str(text)
			continue
		}
		f.tok(t)
	}
	r.toks = toks[:0]
	return f
}

// vaArgsIn finds gcc's __builtin_va_arg(ap, type) in n (whose tokens,
// sorted, are toks), which reaches us as *(type*)__ml_va_arg(ap): the
// expressions by their first token, and the tokens they cover, for
// verbatim to print them back.
func (r *rewriter) vaArgsIn(n cc.Node, toks []cc.Token) (map[int]*cc.UnaryExpression, map[int]bool) {
	if !slices.ContainsFunc(toks, func(t cc.Token) bool { return t.SrcStr() == vaArgMarker }) {
		return nil, nil
	}
	first, covered := map[int]*cc.UnaryExpression{}, map[int]bool{}
	AnyNode(n, func(m cc.Node) bool {
		x, ok := m.(*cc.UnaryExpression)
		if !ok {
			return false
		}
		if ap, _ := vaArgParts(x); ap == nil {
			return false
		}
		lo := -1
		for _, t := range cc.NodeTokens(x) {
			covered[t.Seq()] = true
			if lo < 0 || t.Seq() < lo {
				lo = t.Seq()
			}
		}
		first[lo] = x
		return false
	})
	return first, covered
}

// collectTokens appends the tokens of the AST node n, in no particular order.
func collectTokens(toks []cc.Token, n cc.Node) []cc.Token {
	anyToken(n, func(t cc.Token) bool {
		toks = append(toks, t)
		return false
	})
	return toks
}

// anyToken reports whether f holds for one of the tokens of the AST node
// n, visited in no particular order, and stops at the first that does.
// (cc.NodeTokens reflects over every field of every node, and sorts.)
func anyToken(n cc.Node, f func(cc.Token) bool) bool {
	if t, ok := n.(cc.Token); ok {
		return t.Seq() != 0 && f(t)
	}
	return tokenWalk(f).node(n)
}

// tokenWalk is anyToken's walk below a node, with methods for callbacks:
// a closure calling itself would be allocated on each walk.
type tokenWalk func(cc.Token) bool

func (f tokenWalk) tok(t *cc.Token) bool { return f(*t) }

func (f tokenWalk) node(n cc.Node) bool { return components(n, f.tok, f.node) }

// markSynthetic records the tokens cc/v4 adds to function body cs and to
// the body of each GNU nested function in it, at any depth (the
// declaration of __func__), which are not part of the user's source, and
// notes the nested functions' names (callsNested).
func (r *rewriter) markSynthetic(cs *cc.CompoundStatement) {
	if !r.markFuncName(cs) {
		return
	}
	Inspect(cs, func(n cc.Node) bool {
		if bi, ok := n.(*cc.BlockItem); ok && bi.Case == cc.BlockItemFuncDef {
			r.nestedFns[bi.Declarator.Name()] = true
			r.markSynthetic(bi.CompoundStatement)
			return false // (its own nested functions marked by that call)
		}
		return true
	})
}

// markFuncName records the tokens of the declaration of __func__ cc/v4
// adds to function body cs (not those of its nested functions); it
// reports whether cs has a body at all.
func (r *rewriter) markFuncName(cs *cc.CompoundStatement) bool {
	if cs == nil || cs.BlockItemList == nil || cs.BlockItemList.BlockItem == nil {
		return false
	}
	if bi := cs.BlockItemList.BlockItem; bi.Case == cc.BlockItemDecl && isSynthetic(bi.Declaration) {
		for _, t := range cc.NodeTokens(bi) {
			r.synthetic[t.Seq()] = true
		}
	}
	return true
}

// each renders n's children in source order: tokens as they are, nodes
// through node.
func (r *rewriter) each(n cc.Node, node func(cc.Node) frag) frag {
	var f frag
	for _, c := range r.children(n) {
		if c.node == nil {
			f.tok(c.tok)
			continue
		}
		f.cat(node(c.node))
	}
	return f
}

// generic renders n in code context: its tokens in order, every expression
// below it rewritten by expr and every statement by stmt.
func (r *rewriter) generic(n cc.Node) frag {
	return r.each(n, r.code)
}

// code dispatches a node met in code context.
func (r *rewriter) code(n cc.Node) frag {
	switch x := n.(type) {
	case cc.ExpressionNode:
		return r.expr(x)
	case *cc.TypeName:
		return r.verbatim(x)
	case *cc.StructOrUnionSpecifier:
		if r.c.packAll {
			return r.verbatim(x) // (with the text packEveryStruct inserts)
		}
	case *cc.Statement:
		return r.stmt(x)
	case *cc.CompoundStatement:
		return r.compound(x, nil)
	case *cc.Declaration:
		return r.fullExpr(x, func() frag { return r.declaration(x) })
	case *cc.ExpressionStatement:
		if x == r.valueStmt.stmt {
			return r.fullExpr(x, func() frag { return r.value(x) })
		}
		f := r.fullExpr(x, func() frag { return r.generic(x) })
		if r.noreturnCall(x) != nil { // (die("…") after a test: the test's checks hold past the if)
			r.avail.stop()
		}
		return f
	case *cc.SelectionStatement:
		return r.selection(x)
	case *cc.IterationStatement:
		return r.iteration(x)
	case *cc.LabeledStatement:
		r.avail.caseLabel(x) // reached by jumps too
		return r.generic(x)
	case *cc.JumpStatement:
		f := r.fullExpr(x, func() frag { return r.jump(x) })
		r.avail.stop()
		return f
	case *cc.Initializer:
		return r.initElem(x)
	}
	return r.generic(n)
}

// Inspect calls f for n and, while f returns true, for the nodes under n,
// depth first (children in no particular order).
func Inspect(n cc.Node, f func(cc.Node) bool) {
	if n == nil || !f(n) {
		return
	}
	eachChild(n, func(c cc.Node) { Inspect(c, f) })
}

// AnyNode reports whether pred holds for n or a node below it.
func AnyNode(n cc.Node, pred func(cc.Node) bool) bool {
	found := false
	Inspect(n, func(n cc.Node) bool {
		found = found || pred(n)
		return !found
	})
	return found
}

// hasLoop reports whether n holds a loop.
func hasLoop(n cc.Node) bool {
	return AnyNode(n, func(n cc.Node) bool { _, ok := n.(*cc.IterationStatement); return ok })
}

// largeFunctionTokens is the size, in tokens after preprocessing, above
// which a fully checked function drops references by calls (farDrops):
// Lua's luaV_execute has ~47,000, the next largest of the real-world
// corpus (zlib's inflate) ~6,600, the benchmarks' largest ~700.
const largeFunctionTokens = 20000

// largeFunction reports whether the body of a function is larger than
// largeFunctionTokens.
func largeFunction(body *cc.CompoundStatement) bool {
	n := 0
	return anyToken(body, func(cc.Token) bool {
		n++
		return n > largeFunctionTokens
	})
}

// lastExprStmt is the expression statement ending compound statement cs,
// or nil.
func lastExprStmt(cs *cc.CompoundStatement) *cc.ExpressionStatement {
	var last *cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		last = l.BlockItem
	}
	if last == nil || last.Case != cc.BlockItemStmt || last.Statement.Case != cc.StatementExpr {
		return nil
	}
	return last.Statement.ExpressionStatement
}
