package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// Locals as objects. A local (or parameter) whose pointer escapes — its
// address is taken, or it is an array (or a struct holding one) that
// decays — gets a record of its own when its declaration is reached, so
// accesses through pointers to it are checked against its bounds
// (STACK-BUFFER-OVERFLOW) and its death is seen by every such pointer
// (USE-AFTER-SCOPE, USE-AFTER-RETURN). Whether a local escapes is known
// only once the whole function is rewritten, so the code registering it
// is late text, decided when the unit is printed; a local that never
// escapes costs nothing.
//
// Its meta lives in a function-scope variable. A block registering locals
// opens with a scope variable holding the thread's count of live locals,
// whose cleanup (every exit of the block but longjmp) retires those
// registered since; it also resets the metas of the block's locals, so
// that a jump past a declaration (or an initializer naming its own
// variable) sees an unknown pointer, never a dead one. A block that jumps
// can enter from outside (one holding, at any depth, case labels of a
// switch outside it, or labels of gotos outside it) gets no scope
// variable: a jump would bypass its initialization. Its locals live until
// an enclosing scope ends.

// localObj is a local that becomes an object if its pointer escapes.
type localObj struct {
	name    string // the variable
	meta    string // function-scope variable holding its meta (1UL until registered)
	site    int    // its declaration's site
	escapes bool   // some pointer to it is made: register it
	lent    bool   // no pointer to it outlives its scope (lent.go)
	lentAt  int    // a lent one: how many of its function's came before it (its frame's record, __ml_lent_at)
	noArray bool   // not an array, nor a struct or union holding one
	retag   bool   // brace-initialized with pointers: retag their shadow once registered
}

// lentPerFrame is how many lent locals of a function have records of its
// frame's (memlens.h's __ML_LENT_PER_FRAME); the others take positions on
// the stack of locals.
const lentPerFrame = 4

// keepsRegisters reports whether o's registration and retirement call the
// runtime through trampolines keeping every register (__ml_lent_scalar_at,
// __ml_scope_end_lent): a lent scalar, struct or union with a record of its
// frame's. Not an array, nor a struct holding one: their functions keep
// their frames' layout, where a reported overflow the program goes on to
// perform (a string's or an index's, past a buffer) lands as it did.
func (o *localObj) keepsRegisters() bool {
	return o.lent && o.noArray && o.lentAt < lentPerFrame
}

// scope is a block being rewritten.
type scope struct {
	cs   *cc.CompoundStatement
	own  bool        // has a scope variable of its own
	objs []*localObj // the locals it resets and retires (those of the blocks inside it without a scope)
	end  int         // the line of its closing brace
}

// lateText is generated text decided when the unit is printed.
type lateText func() string

// localCandidate reports whether d may become an object: an automatic
// local (or parameter) whose address is taken, or whose type may decay.
func localCandidate(d *cc.Declarator) bool {
	if d == nil || d.IsTypename() || d.IsStatic() || d.IsExtern() || d.IsThreadLocal() ||
		d.IsRegister() || d.StorageDuration() != cc.Automatic || d.Name() == "" {
		return false
	}
	t := d.Type()
	if t == nil || t.Kind() == cc.Function || t.Kind() == cc.Void {
		return false
	}
	switch t.Kind() {
	case cc.Array:
		if at, ok := t.(*cc.ArrayType); ok && at.IsVLA() {
			return true
		}
		return !t.IsIncomplete()
	case cc.Struct, cc.Union:
		return !t.IsIncomplete()
	}
	return d.AddressTaken()
}

// declaresLocals reports whether the function's parameters or body have a
// local that may become an object (such a function pushes a frame, so a
// local's retirement can tell a return from the end of a block). A scalar
// whose address only ever goes to fixed-size copies made inline, as a
// range they do not test, or to reads of its own bytes (byteView), never
// becomes one (fixedcall.go).
func (r *rewriter) declaresLocals(fd *cc.FunctionDefinition, ft *cc.FunctionType) bool {
	spanned, addressed := r.copiedLocals(fd.CompoundStatement)
	object := func(d *cc.Declarator) bool {
		if !localCandidate(d) {
			return false
		}
		switch d.Type().Kind() {
		case cc.Array, cc.Struct, cc.Union:
			return true
		}
		return addressed[d] || !spanned[d]
	}
	if ft != nil {
		for _, p := range ft.Parameters() {
			if object(p.Declarator) {
				return true
			}
		}
	}
	return AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
		d, ok := n.(*cc.Declarator)
		return ok && object(d)
	})
}

// copiedLocals are the locals whose address body passes as an untested
// range of a fixed-size copy made inline or reads through a byteView
// (spanned), and those whose address it takes anywhere else (addressed).
func (r *rewriter) copiedLocals(body *cc.CompoundStatement) (spanned, addressed map[*cc.Declarator]bool) {
	spanned, addressed = map[*cc.Declarator]bool{}, map[*cc.Declarator]bool{}
	spans := map[*cc.UnaryExpression]bool{}
	Inspect(body, func(n cc.Node) bool {
		s, ok := n.(*cc.ExpressionStatement)
		if !ok || s.ExpressionList == nil {
			return true
		}
		x, fixed := r.inlineCopyStatement(s)
		if fixed == nil {
			return true
		}
		for i, a := range argList(x.ArgumentExpressionList) {
			if u, ok := unparen(a).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof && fixed.spans[i] {
				spans[u] = true
				spanned[declOfExpr(unparen(u.CastExpression))] = true
			}
		}
		return true
	})
	views := r.byteViews(body)
	for u := range views {
		spanned[declOfExpr(u.CastExpression)] = true
	}
	Inspect(body, func(n cc.Node) bool {
		if u, ok := n.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof && !spans[u] && !views[u] {
			addressed[declOfExpr(unparen(u.CastExpression))] = true
		}
		return true
	})
	return spanned, addressed
}

// byteView returns the address taken inside dereference x when x reads
// part of a local scalar's own bytes through a cast of its address,
// *(T *)&v, T arithmetic and no larger than v (zlib's endianness test,
// *(unsigned char *)&endian): always within a live object, so the read
// needs no check and v no record, which cost crc32_z its frame and side
// frame. In detection mode only: full checking tracks the bytes'
// definedness, typestate and every-access rules see every access.
func (r *rewriter) byteView(x *cc.UnaryExpression) *cc.UnaryExpression {
	if x.Case != cc.UnaryExpressionDeref || r.c.full || r.typestate || r.c.every {
		return nil
	}
	e := unparen(x.CastExpression)
	for c, ok := e.(*cc.CastExpression); ok && c.Case == cc.CastExpressionCast; c, ok = e.(*cc.CastExpression) {
		e = unparen(c.CastExpression)
	}
	addr, ok := e.(*cc.UnaryExpression)
	if !ok || addr.Case != cc.UnaryExpressionAddrof {
		return nil
	}
	d, t := declOfExpr(addr.CastExpression), x.Type()
	if d == nil || !localCandidate(d) || t == nil || !cc.IsArithmeticType(t) || !cc.IsArithmeticType(d.Type()) ||
		t.Size() <= 0 || t.Size() > d.Type().Size() {
		return nil
	}
	return addr
}

// byteViews are the addresses taken inside the byteViews body reads: not
// those it assigns, increments or takes the address of, which other paths
// rewrite.
func (r *rewriter) byteViews(body *cc.CompoundStatement) map[*cc.UnaryExpression]bool {
	views, written := map[*cc.UnaryExpression]bool{}, map[cc.Node]bool{}
	Inspect(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				written[unparen(x.UnaryExpression)] = true
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				written[unparen(x.PostfixExpression)] = true
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				written[unparen(x.UnaryExpression)] = true
			case cc.UnaryExpressionAddrof:
				written[unparen(x.CastExpression)] = true
			}
		}
		return true
	})
	Inspect(body, func(n cc.Node) bool {
		if x, ok := n.(*cc.UnaryExpression); ok && !written[x] {
			if addr := r.byteView(x); addr != nil {
				views[addr] = true
			}
		}
		return true
	})
	return views
}

// enterScope opens block cs (the function body when body is set).
func (r *rewriter) enterScope(cs *cc.CompoundStatement, body bool) *scope {
	s := &scope{cs: cs, own: body || !landsPast(cs, cs.Token.Position(), r.fn.gotos), end: cs.Token2.Position().Line}
	r.fn.scopes = append(r.fn.scopes, s)
	return s
}

func (r *rewriter) leaveScope() { r.fn.scopes = r.fn.scopes[:len(r.fn.scopes)-1] }

// scopeVar is the late declaration opening scope s: its scope variable
// (and the resets of its locals' metas, reset unless fresh: at function
// entry they are still unknown). A function body's holds nothing: its end
// retires the locals registered at the function's depth (the body pushes
// a frame: declaresLocals), so no count is held across the body.
func (r *rewriter) scopeVar(s *scope, fresh bool) lateText {
	v := r.name("__ml_sc")
	body := s.cs == r.fn.body && !r.fn.leaf
	return func() string {
		var metas []string
		end := "__ml_scope_end_lent"
		for _, o := range s.objs {
			if o.escapes {
				metas = append(metas, o.meta+" = ")
				if !o.keepsRegisters() {
					end = "__ml_scope_end"
				}
			}
		}
		if len(metas) == 0 {
			return ""
		}
		if body {
			// (unsigned still: unoptimised, the frame keeps its layout,
			// where an overflow the program goes on to make lands as it
			// did, bugs/sbo_offset_pointer_index's past main's buffer)
			end = strings.Replace(end, "_end", "_end_body", 1)
			return "unsigned " + v + " __attribute__((cleanup(" + end + "), unused));"
		}
		init := "__ml_t.nobj"
		if !fresh {
			init = "(" + strings.Join(metas, "") + "1UL, __ml_t.nobj)"
		}
		return "unsigned " + v + " __attribute__((cleanup(" + end + "), unused)) = " + init + ";"
	}
}

// localObject returns the object d becomes if it escapes, made at its
// declaration; nil if d cannot be one. Its locals are retired by the
// innermost block with a scope of its own.
func (r *rewriter) localObject(d *cc.Declarator) *localObj {
	if r.fn == nil || !localCandidate(d) {
		return nil
	}
	if o := r.fn.objs[d]; o != nil {
		return o
	}
	end := 0
	var own *scope
	for i := len(r.fn.scopes) - 1; i >= 0; i-- {
		if end == 0 {
			end = r.fn.scopes[i].end
		}
		if r.fn.scopes[i].own {
			own = r.fn.scopes[i]
			break
		}
	}
	if own == nil {
		return nil
	}
	o := &localObj{name: d.Name(), meta: r.name("__ml_o"), lent: r.lentObject(d), noArray: !holdsArray(d.Type(), 0)}
	if o.lent {
		for _, x := range r.fn.objOrder {
			if x.lent {
				o.lentAt++
			}
		}
	}
	o.site = r.site(d, siteLocal)
	r.sites[o.site].aux = end
	r.fn.objs[d] = o
	r.fn.objOrder = append(r.fn.objOrder, o)
	own.objs = append(own.objs, o)
	return o
}

// register is the code registering o (reusing its record when it names
// it still), in the function at depth depth.
func (o *localObj) register(depth string) string {
	if o.lent {
		fn := "__ml_lent_at"
		if o.keepsRegisters() {
			fn = "__ml_lent_scalar_at"
		}
		return fmt.Sprintf("%s = %s((__ml_uptr)&%s, sizeof(%s), %s, %s, %s, %d)", o.meta, fn, o.name, o.name, siteRef(o.site), o.meta, depth, o.lentAt)
	}
	return fmt.Sprintf("%s = __ml_local((__ml_uptr)&%s, sizeof(%s), %s, %s)", o.meta, o.name, o.name, siteRef(o.site), o.meta)
}

// registerDeclared is the code registering o after its declarator: a
// brace initializer stored its pointers tagged as unknown, which the
// registration retags.
func (o *localObj) registerDeclared(depth string) string {
	if !o.retag {
		return o.register(depth)
	}
	return o.register(depth) + fmt.Sprintf(", __ml_copy((void *)&%s, &%s, sizeof(%s), %s, %s, 0)", o.name, o.name, o.name, o.meta, metaWild)
}

// registration is a declaration of our own evaluating reg (legal wherever
// a declaration is in a function; register: unoptimised, gcc gives other
// variables a stack slot each, for the whole function).
func (r *rewriter) registration(reg string) string {
	return fmt.Sprintf("register int %s __attribute__((unused)) = (%s, 0);", r.name("__ml_u"), reg)
}

// late wraps a lateText decided by o's escape.
func (o *localObj) late(text string) lateText {
	return func() string {
		if o.escapes {
			return text
		}
		return ""
	}
}

// localMeta is the meta of a pointer to local d when d is an object
// (escape marks it as one), or "".
func (r *rewriter) localMeta(d *cc.Declarator, escape bool) string {
	if r.fn == nil {
		return ""
	}
	o := r.fn.objs[d]
	if o == nil {
		return ""
	}
	if escape {
		o.escapes = true
	}
	return o.meta
}

// landsPast reports whether a jump can land in block cs after position at
// (its opening brace, or a declaration's) without running what lies at at:
// cs holds there, at any depth, a case or default label of a switch
// outside it, or a label a goto outside cs or before at names (pcre2's
// RMATCH jumps back into the braces of a macro in a loop's body; a label
// whose address is taken may be reached from anywhere).
func landsPast(cs *cc.CompoundStatement, at token.Position, gotos map[string][]cc.Node) bool {
	// (a node of another file, a macro's, counts as after at)
	later := func(n cc.Node) bool {
		p := n.Position()
		return p.Filename != at.Filename || after(p.Line, p.Column, at.Line, at.Column)
	}
	fromBefore := func(label string) bool {
		for _, g := range gotos[label] {
			if !inside(g, cs) || !later(g) {
				return true
			}
		}
		return false
	}
	found := false
	Inspect(cs, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.SelectionStatement:
			if x.Case == cc.SelectionStatementSwitch && later(x) {
				// its case labels are its own; its goto labels are not
				found = found || AnyNode(x.Statement, func(n cc.Node) bool {
					l, ok := n.(*cc.LabeledStatement)
					return ok && l.Case == cc.LabeledStatementLabel && fromBefore(l.Token.SrcStr())
				})
				return false
			}
		case *cc.LabeledStatement:
			if later(x) {
				found = found || x.Case != cc.LabeledStatementLabel || fromBefore(x.Token.SrcStr())
			}
		}
		return !found
	})
	return found
}

// inside reports whether node n lies within block cs (by source order).
func inside(n cc.Node, cs *cc.CompoundStatement) bool {
	p, a, b := n.Position(), cs.Token.Position(), cs.Token2.Position()
	return p.Filename == a.Filename && after(p.Line, p.Column, a.Line, a.Column) && after(b.Line, b.Column, p.Line, p.Column)
}

func after(l1, c1, l2, c2 int) bool { return l1 > l2 || l1 == l2 && c1 > c2 }

// gotosOf collects the goto statements of a function body by label. A
// label whose address is taken (&&label) may be reached by a computed goto
// from anywhere: it gets the function body itself, which no block is
// outside of.
func gotosOf(body *cc.CompoundStatement) map[string][]cc.Node {
	m := map[string][]cc.Node{}
	AnyNode(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.JumpStatement:
			if x.Case == cc.JumpStatementGoto {
				m[x.Token2.SrcStr()] = append(m[x.Token2.SrcStr()], x)
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionLabelAddr {
				m[x.Token2.SrcStr()] = append(m[x.Token2.SrcStr()], body)
			}
		}
		return false
	})
	return m
}

// labelsOf maps the labels of a function body to their statements.
func labelsOf(body *cc.CompoundStatement) map[string]*cc.LabeledStatement {
	m := map[string]*cc.LabeledStatement{}
	AnyNode(body, func(n cc.Node) bool {
		if x, ok := n.(*cc.LabeledStatement); ok && x.Case == cc.LabeledStatementLabel {
			m[x.Token.SrcStr()] = x
		}
		return false
	})
	return m
}

// writesUnseen reports whether code the rewriter does not follow (an asm
// statement, a GNU nested function) may assign the locals of body.
func writesUnseen(body *cc.CompoundStatement) bool {
	return AnyNode(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.Statement:
			return x.Case == cc.StatementAsm
		case *cc.BlockItem:
			return x.Case == cc.BlockItemFuncDef
		}
		return false
	})
}

// objectMetas declares the function's local objects' meta variables in
// its prologue pro: unoptimised, words of the side frame, as its
// temporaries are (in registers, each took a callee-saved one through the
// function).
func (r *rewriter) objectMetas(pro []string, side *sideFrame, vol *setjmpWrites) []string {
	for _, o := range r.fn.objOrder {
		pro = side.temps(r).own(pro, vol, "__ml_meta_t ", o.meta, " __attribute__((unused))", "1UL", true)
	}
	return pro
}

// holdsArray reports whether t is an array, or a struct or union holding
// one (at any depth).
func holdsArray(t cc.Type, depth int) bool {
	if t == nil || depth > 8 {
		return true
	}
	switch x := t.(type) {
	case *cc.ArrayType:
		return true
	case interface { // struct and union types
		NumFields() int
		FieldByIndex(int) *cc.Field
	}:
		for i := 0; i < x.NumFields(); i++ {
			if f := x.FieldByIndex(i); f == nil || holdsArray(f.Type(), depth+1) {
				return true
			}
		}
	}
	return false
}
