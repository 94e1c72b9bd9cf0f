package instrument

import (
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// Fixed-size copies. A call of memcpy, memmove, mempcpy or memset whose
// length is a small integer constant expression (codecs' unaligned loads
// and stores: `uint32_t v; memcpy(&v, p, sizeof v)`), tests inline, in
// detection mode, whether the checks of its ranges pass (memlens.h's
// __ml_fits, the inline check's tests) and then calls gcc's builtin, which
// gcc folds into a load or a store; when one would fail, it calls the
// runtime's replacement as before, which checks and reports: the report
// is the one any length gets. The replacement also moves the pointer
// shadow of copies of 8 bytes or more, so such a copy is made inline only
// when one side holds only numbers (holdsNumbers): no pointer is read
// from the destination's bytes but through a cast, as after an integer
// store. An argument that is the address of a local holding no pointer
// and covering the length lies in bounds, alive and writable whatever
// runs: it is not tested, and does not make the local an object (no
// registration, so gcc keeps it in a register). A length that is no
// constant is tested first against the bound such a constant would have
// (hash.c's `memcpy(buf + len, s, sl + 1)` appending a syllable): below 8
// where the bytes may hold pointers, else up to fixedCopyMax; no local is
// spared then. A strlen scans inline a string whose NUL lies in its live
// block and in the aligned word holding its start (__ml_strlen_short), the
// replacement scanning any other. Only optimised and in loops, where a
// call runs often: the test's values cost some functions' frames a word
// or more (zlib's inflateGetDictionary 48 to 80 bytes; cJSON's -O0
// frames 16).

// fixedCopyMax is the longest fixed length made inline.
const fixedCopyMax = 32

// fixedCall is a call of a memory function made inline.
type fixedCall struct {
	name   string
	n      int64        // the length, or 0 when not a constant
	below  int64        // a length not constant: the bound it is made inline under
	ranges int          // the pointer arguments: the destination, and a copy's source
	spans  map[int]bool // those that are the addresses of locals, not tested
	value  string       // strlen: the variable holding its result
}

// fixedCallOf is call x of libc's name with args made inline, or nil.
func (r *rewriter) fixedCallOf(x *cc.PostfixExpression, name string, args []cc.ExpressionNode, ptrArg []bool) *fixedCall {
	if r.c.full || r.c.every || r.c.graph || r.typestate {
		return nil
	}
	if name == "strlen" {
		// (a pure call gcc may hoist out of the loop stays one)
		if !ptrArg[0] || !r.c.optimizing || !r.loopCalls[x] || r.fn == nil || r.callsPure(name, args, ptrArg) {
			return nil
		}
		return &fixedCall{name: name, ranges: 1, spans: map[int]bool{}, value: r.name("__ml_n")}
	}
	if len(args) != 3 {
		return nil
	}
	fc := &fixedCall{name: name, ranges: 2, spans: map[int]bool{}}
	switch {
	case name == "memset":
		fc.ranges = 1
	case !fixedCallees[name] || !ptrArg[1]:
		return nil
	}
	if !ptrArg[0] {
		return nil
	}
	// (the pointers the bytes may hold: the runtime moves their shadow)
	pointers := fc.ranges == 2 && !holdsNumbers(elem(args[0].Type()), false) && !holdsNumbers(elem(args[1].Type()), false)
	n, ok := constValue(args[2])
	if !ok {
		if !r.c.optimizing || !r.loopCalls[x] {
			return nil
		}
		fc.below = fixedCopyMax + 1
		if pointers {
			fc.below = 8
		}
		return fc
	}
	if n < 1 || n > fixedCopyMax || pointers && n >= 8 {
		return nil
	}
	fc.n = n
	for i := range fc.ranges {
		fc.spans[i] = localSpan(args[i], n, i == 0)
	}
	return fc
}

// callsInLoops are the calls inside the loops of decls' functions (not
// a macro's `do { … } while (0)`, which runs once).
func callsInLoops(decls []*cc.ExternalDeclaration) map[*cc.PostfixExpression]bool {
	calls := map[*cc.PostfixExpression]bool{}
	for _, ed := range decls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			if loop, ok := n.(*cc.IterationStatement); ok && !runsOnce(loop) {
				Inspect(loop, func(n cc.Node) bool {
					if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
						calls[x] = true
					}
					return true
				})
				return false
			}
			return true
		})
	}
	return calls
}

// inCallFreeLoops is the set of the nodes inside the loops (not `do …
// while (0)`) that make no call: their checks share the record of a meta
// (checkedPlace's _sr forms), which no call in the loop keeps in a
// callee-saved register.
func inCallFreeLoops(decls []*cc.ExternalDeclaration) map[cc.Node]bool {
	return nodesInLoops(decls, func(loop *cc.IterationStatement) bool {
		return !AnyNode(loop, func(n cc.Node) bool {
			x, ok := n.(*cc.PostfixExpression)
			return ok && x.Case == cc.PostfixExpressionCall
		})
	})
}

// inLoops is the set of nodes inside loops (not `do … while (0)`).
func inLoops(decls []*cc.ExternalDeclaration) map[cc.Node]bool {
	return nodesInLoops(decls, func(*cc.IterationStatement) bool { return true })
}

// nodesInLoops is the set of nodes inside the outermost loops (not `do …
// while (0)`) that keep says to count; a loop not kept is looked into.
func nodesInLoops(decls []*cc.ExternalDeclaration, keep func(*cc.IterationStatement) bool) map[cc.Node]bool {
	nodes := map[cc.Node]bool{}
	for _, ed := range decls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			loop, ok := n.(*cc.IterationStatement)
			if !ok || runsOnce(loop) || !keep(loop) {
				return true
			}
			Inspect(loop, func(n cc.Node) bool {
				nodes[n] = true
				return true
			})
			return false
		})
	}
	return nodes
}

// runsOnce reports whether loop is a `do … while (0)`.
func runsOnce(loop *cc.IterationStatement) bool {
	if loop.Case != cc.IterationStatementDo {
		return false
	}
	v, ok := constValue(loop.ExpressionList)
	return ok && v == 0
}

// inlineCopyStatement is the fixed-size copy made inline that statement s
// is, with its value unused, or nil. Its call runs only when a test fails,
// to report, so it is no call a leaf function must push a frame for: the
// leaf pushes one around it (atFrame) and pops it after.
func (r *rewriter) inlineCopyStatement(s *cc.ExpressionStatement) (*cc.PostfixExpression, *fixedCall) {
	x, ok := unparen(s.ExpressionList).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall {
		return nil, nil
	}
	name := strings.TrimPrefix(calleeName(x), "__builtin_")
	args := argList(x.ArgumentExpressionList)
	if fn := r.direct[name]; fn != nil && r.isCalledByName(x) {
		if fn.forwards == "" {
			return nil, nil
		}
		return x, r.fixedCallOf(x, fn.forwards, args, fn.copyPtrArgs())
	}
	if !r.isSystem(x, name) || !wrapped[name] || !r.checkedCall(x, name) || name == "strlen" {
		return nil, nil
	}
	return x, r.fixedCallOf(x, name, args, ptrArgs(x, args))
}

// localSpans are the arguments of fc that are locals' addresses (none when
// fc is nil).
func (fc *fixedCall) localSpans() map[int]bool {
	if fc == nil {
		return nil
	}
	return fc.spans
}

// inline is the test and the builtin call, given the arguments' values and
// metas: the checks in the replacement's order (the source first).
func (fc *fixedCall) inline(vals, metas []string) string {
	if fc.name == "strlen" {
		return "register __ml_uptr " + fc.value + " = __ml_strlen_short((__ml_uptr)" + vals[0] + ", " + metas[0] + "); if (__builtin_expect(" + fc.value + " != (__ml_uptr)-1, 1)) ;"
	}
	var tests []string
	if fc.n == 0 {
		tests = append(tests, "((__ml_uptr)"+vals[2]+" < "+strconv.FormatInt(fc.below, 10)+")")
	}
	for i := fc.ranges - 1; i >= 0; i-- {
		if !fc.spans[i] {
			tests = append(tests, "__ml_fits((__ml_uptr)"+vals[i]+", "+metas[i]+", "+fc.length(vals)+", "+strconv.Itoa(1-i)+")")
		}
	}
	call := "__builtin_" + fc.name + "(" + strings.Join(vals, ", ") + ");"
	if len(tests) == 0 {
		return "if (1) " + call
	}
	return "if (__builtin_expect(" + strings.Join(tests, " & ") + ", 1)) " + call
}

// result is the call's value: its destination, or where mempcpy stopped
// (nothing for a forwarder returning void).
func (fc *fixedCall) result(vals []string, void bool) string {
	switch {
	case void:
		return ""
	case fc.name == "strlen":
		return "(__typeof__(sizeof 0))" + fc.value
	case fc.name == "mempcpy":
		return "(void *)((char *)" + vals[0] + " + " + fc.length(vals) + ")"
	}
	return vals[0]
}

// called is the replacement's call text, made when a test fails.
func (fc *fixedCall) called(call string) string {
	if fc.name == "strlen" {
		return fc.value + " = " + call
	}
	return call
}

// length is the call's length: the constant, or its argument's value.
func (fc *fixedCall) length(vals []string) string {
	if fc.n == 0 {
		return "(__ml_uptr)" + vals[2]
	}
	return strconv.FormatInt(fc.n, 10)
}

// localSpan reports whether argument a is the address of an automatic
// local (&v, or an array's name) holding no pointer, of at least n bytes,
// writable when dst.
func localSpan(a cc.ExpressionNode, n int64, dst bool) bool {
	e := unparen(a)
	if u, ok := e.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		e = unparen(u.CastExpression)
	} else if !isArray(e) {
		return false
	}
	d := declOfExpr(e)
	if d == nil || !localCandidate(d) {
		return false
	}
	t := d.Type()
	for q := t; q != nil; q = elem(q) {
		if q.Attributes().IsVolatile() || dst && q.Attributes().IsConst() {
			return false
		}
	}
	return holdsNumbers(t, true) && t.Size() >= n
}

// holdsNumbers reports whether objects of type t hold only numbers: no
// pointer, and no char unless chars (a char's bytes may be any object's,
// a pointer's among them).
func holdsNumbers(t cc.Type, chars bool) bool {
	if t == nil || t.IsIncomplete() {
		return false
	}
	switch t.Kind() {
	case cc.Char, cc.SChar, cc.UChar:
		return chars
	case cc.Array:
		return holdsNumbers(elem(t), chars)
	}
	if x, ok := t.(interface { // struct and union types
		NumFields() int
		FieldByIndex(int) *cc.Field
	}); ok {
		for i := 0; i < x.NumFields(); i++ {
			if f := x.FieldByIndex(i); f == nil || !holdsNumbers(f.Type(), chars) {
				return false
			}
		}
		return true
	}
	return cc.IsArithmeticType(t)
}

// memForwarded is the memory function (memcpy, memmove, mempcpy, memset)
// whose call, with fd's parameters in their order, is fd's whole body
// (xxHash's `static void *XXH_memcpy(void *d, const void *s, size_t n) {
// return memcpy(d, s, n); }`), or "": a call of fd with a constant length
// is made inline as that function's would be, and calls fd when a test
// fails, so the report is the one fd's call gets.
func memForwarded(fd *cc.FunctionDefinition, params []*cc.Parameter) string {
	l := fd.CompoundStatement.BlockItemList
	if l != nil && l.BlockItem.Case == cc.BlockItemDecl && isSynthetic(l.BlockItem.Declaration) {
		l = l.BlockItemList // (cc/v4's __func__)
	}
	if l == nil || l.BlockItemList != nil || l.BlockItem.Case != cc.BlockItemStmt {
		return ""
	}
	var e cc.ExpressionNode
	switch s := l.BlockItem.Statement; s.Case {
	case cc.StatementJump:
		if s.JumpStatement.Case == cc.JumpStatementReturn {
			e = s.JumpStatement.ExpressionList
		}
	case cc.StatementExpr:
		e = s.ExpressionStatement.ExpressionList
	}
	x, ok := unparen(e).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall {
		return ""
	}

	name := strings.TrimPrefix(calleeName(x), "__builtin_")
	args := argList(x.ArgumentExpressionList)
	if !fixedCallees[name] || len(args) != 3 || len(params) != 3 {
		return ""
	}
	for i, a := range args {
		if d := declOfExpr(a); d == nil || d != params[i].Declarator {
			return ""
		}
	}
	return name
}

// copyPtrArgs tells which of the three arguments of a call of fn, a
// forwarder (memForwarded), are pointers.
func (fn *directFn) copyPtrArgs() []bool {
	return []bool{slices.Contains(fn.ptrParams, 0), slices.Contains(fn.ptrParams, 1), false}
}

// fixedCallees are the functions fixedCallOf may make inline.
var fixedCallees = setOf("memcpy", "memmove", "mempcpy", "memset")
