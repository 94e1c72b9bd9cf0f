package instrument

import "modernc.org/cc/v4"

// Full checking hands the origin of an arithmetic result (0: defined) from
// a function to its caller, as it hands an argument's to a parameter: a
// value returned decides nothing (Valgrind's rule), so an undefined one is
// reported where the caller uses it, not at the return. libwebp's
// `MultHi(v, coeff)` and `WebPMemToUint32(p)` return values computed from a
// row's padding that its callers store and never look at.
//
// Only a static function of the unit called by name alone does
// (handsOrigin): every caller is instrumented code of the unit, which
// reads the thread's word right after the call, so the word needs no tag.
// Each of its returns writes it, 0 for a defined value, so a caller never
// reads another call's. Other functions' returns use the value, as before:
// their callers may be code memlens does not see. A function none of
// whose returns may hand over an undefined value (handsUndefined: each
// return's value is a constant, or was used on its way) writes nothing,
// and its callers read nothing: that is decided once the unit is
// rewritten, the callers' text and the returns' being late.

// handsOrigin reports whether function name, returning type res, hands its
// result's origin to its callers in __ml_t.retorg.
func (r *rewriter) handsOrigin(name string, res cc.Type) bool {
	return r.c.full && originType(res) && r.calledByNameOnly(name)
}

// receivesOrigin reports whether call x takes its result's origin from the
// callee (handsOrigin): in a function whose definedness is tracked, a call
// by name.
func (r *rewriter) receivesOrigin(x *cc.PostfixExpression) bool {
	name := calleeName(x)
	return name != "" && r.tracksDef() && r.isCalledByName(x) && r.handsOrigin(name, x.Type())
}

// receivedCall renders call x (receivesOrigin) as a copy source: its value
// and the origin its callee handed over.
func (r *rewriter) receivedCall(x *cc.PostfixExpression) (frag, string) {
	o := r.originTemp()
	code, _, _ := r.fencedCall(x, false)
	return r.afterCall(x, code, o+" = __ml_t.retorg; "), o
}

// usedResult is call x (rendered: code) where its value is used: where its
// callee handed over an origin, the use is checked at the call.
func (r *rewriter) usedResult(x *cc.PostfixExpression, code frag) frag {
	if !r.receivesOrigin(x) || r.unusedResults[x] {
		return code
	}
	return r.afterCall(x, code, r.valueCheck("__ml_t.retorg", x)+"; ")
}

// afterCall is call x (rendered: code) followed by then, where its callee
// may hand over an undefined value.
func (r *rewriter) afterCall(x *cc.PostfixExpression, code frag, then string) frag {
	name := calleeName(x)
	v := r.name("__ml_v")
	var f frag
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(code)
	f.str("; ")
	f.later(func() string { return r.whereUndefined(name, then) })
	f.str(v + "; })")
	return f
}

// whereUndefined is text where function name may hand over an undefined
// value, else "" (once the unit is rewritten).
func (r *rewriter) whereUndefined(name, text string) string {
	if r.handsUndefined[name] {
		return text
	}
	return ""
}

// originReturn rewrites return statement j of e in a function handing its
// result's origin over: the value is made, then its origin stored, then
// the function left (xs: its exit's code).
func (r *rewriter) originReturn(j *cc.JumpStatement, e cc.ExpressionNode, xs string) frag {
	var code frag
	o := "0"
	if r.copySourceKind(e) {
		code, o = r.copySource(e)
	} else {
		code = r.expr(e)
	}
	name := r.fn.name
	var exit frag
	if o != "0" {
		r.handsUndefined[name] = true
		exit.str("__ml_t.retorg = " + o + "; ")
	} else {
		exit.later(func() string { return r.whereUndefined(name, "__ml_t.retorg = 0; ") })
	}
	exit.str(xs + r.leave())
	if o == "0" && plain(code) && !r.containsCall(e) { // (nothing of the value's making writes the word)
		return exitReturn(j, code, exit)
	}
	return r.heldReturn(j, e, code, exit)
}

// unusedResults is the set of the calls in decls whose value is thrown
// away: an expression statement's (not a statement expression's last,
// which is its value), a for statement's first and third clauses', the
// operand of a cast to void, the left of a comma, through parentheses,
// commas and a conditional's arms. Calling a function that returns an
// undefined value and ignoring it decides nothing.
func unusedResults(decls []*cc.ExternalDeclaration) map[*cc.PostfixExpression]bool {
	unused := map[*cc.PostfixExpression]bool{}
	var mark func(e cc.ExpressionNode)
	mark = func(e cc.ExpressionNode) {
		switch x := unparen(e).(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				unused[x] = true
			}
		case *cc.ExpressionList:
			for ; x != nil; x = x.ExpressionList {
				mark(x.AssignmentExpression)
			}
		case *cc.ConditionalExpression:
			if x.Case == cc.ConditionalExpressionCond {
				mark(x.ExpressionList)
				mark(x.ConditionalExpression)
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast && isVoid(x.Type()) {
				mark(x.CastExpression)
			}
		}
	}
	values := map[*cc.ExpressionStatement]bool{} // statement expressions' last statements
	for _, ed := range decls {
		if ed.FunctionDefinition == nil {
			continue
		}
		Inspect(ed.FunctionDefinition, func(n cc.Node) bool {
			switch x := n.(type) {
			case *cc.PrimaryExpression:
				if x.Case == cc.PrimaryExpressionStmt {
					if s := lastExprStmt(x.CompoundStatement); s != nil {
						values[s] = true
					}
				}
			case *cc.ExpressionStatement:
				if !values[x] && x.ExpressionList != nil {
					mark(x.ExpressionList)
				}
			case *cc.IterationStatement:
				switch x.Case {
				case cc.IterationStatementFor:
					mark(x.ExpressionList)
					mark(x.ExpressionList3)
				case cc.IterationStatementForDecl:
					mark(x.ExpressionList2)
				}
			case *cc.CastExpression:
				if x.Case == cc.CastExpressionCast && isVoid(x.Type()) {
					mark(x.CastExpression)
				}
			case *cc.ExpressionList:
				if x.ExpressionList != nil { // (the left of a comma)
					mark(x.AssignmentExpression)
				}
			}
			return true
		})
	}
	return unused
}
