package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Check resolves and type-checks a parsed file: every variable bound before
// it is used, every predicate known, arities and types right, each rule's
// name given once. It annotates the tree for the code generator.
func Check(f *File) error {
	errs := &ErrorList{file: f.Name}
	check(f, errs)
	return errs.Err()
}

// Load parses and checks a rules file.
func Load(name string, src []byte) (*File, error) {
	errs := &ErrorList{file: name}
	f := parse(name, src, errs)
	if errs.count() == 0 {
		check(f, errs)
	}
	return f, errs.Err()
}

type checker struct {
	errs   *ErrorList
	defs   map[string]*Def
	clause *Clause     // the clause being checked (nil for a def on its own)
	leak   *Var        // the block of a leak point
	inst   []*CallExpr // the uses of defs being expanded, outermost first
	seen   map[string]bool
}

// env is the variables in scope, innermost first.
type env struct {
	v    *Var
	next *env
}

func (e *env) lookup(name string) *Var {
	for ; e != nil; e = e.next {
		if e.v.Name == name {
			return e.v
		}
	}
	return nil
}

func (e *env) with(v *Var) *env { return &env{v, e} }

func check(f *File, errs *ErrorList) {
	c := &checker{errs: errs, defs: map[string]*Def{}, seen: map[string]bool{}}
	for _, d := range f.Defs {
		switch {
		case builtins[d.Name] != nil || contains(specialNames, d.Name):
			c.errorf(d.Pos, "def %s would hide the builtin %s", d.Name, d.Name)
		case c.defs[d.Name] != nil:
			c.errorf(d.Pos, "def %s is defined twice", d.Name)
			c.errs.note(c.defs[d.Name].Pos, "%s is first defined here", d.Name)
		default:
			c.defs[d.Name] = d
		}
	}
	for _, d := range f.Defs {
		if c.defs[d.Name] == d && d.checked == 0 {
			c.checkDef(d)
		}
	}
	names := map[string]*Rule{}
	for _, r := range f.Rules {
		// (kinds are named case-insensitively: disable=double-free)
		if first := names[strings.ToUpper(r.Name)]; first != nil {
			c.errorf(r.Pos, "rule %s is defined twice (one rule may have several detect clauses)", r.Name)
			c.errs.note(first.Pos, "%s is first defined here", first.Name)
		} else {
			names[strings.ToUpper(r.Name)] = r
		}
		for _, cl := range r.Clauses {
			c.checkClause(cl)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// errorf reports an error once. One inside a def's body that only its use
// causes (an argument of the wrong type) is reported at the use, with a
// note where in the def.
func (c *checker) errorf(p Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	at := p
	if len(c.inst) > 0 {
		use := c.inst[0]
		if c.seen[use.At.String()] { // the first error of a use is enough
			return
		}
		c.seen[use.At.String()] = true
		at = use.At
		msg = "in " + use.Name + "(...): " + msg
	}
	key := at.String() + msg
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.errs.add(at, "%s", msg)
	if len(c.inst) > 0 {
		c.errs.note(p, "inside def %s", c.inst[len(c.inst)-1].Name)
	}
}

// newVar declares a variable of the current clause.
func (c *checker) newVar(id *Ident, t Type, how VarKind) *Var {
	v := &Var{Name: id.Name, Type: t, Pos: id.At, How: how}
	if c.clause != nil {
		v.ID = len(c.clause.Vars)
		c.clause.Vars = append(c.clause.Vars, v)
	}
	id.Var, id.Binds, id.typ = v, true, t
	return v
}

// binder checks the name of a variable about to be bound.
func (c *checker) binder(id *Ident, en *env) bool {
	switch {
	case id.Name == "H" || id.Name == "F":
		c.errorf(id.At, "%s is the set of %s, not a variable name", id.Name, domName(id.Name))
		return false
	case en.lookup(id.Name) != nil:
		prev := en.lookup(id.Name)
		c.errorf(id.At, "%s is already bound", id.Name)
		c.errs.note(prev.Pos, "%s is bound here", id.Name)
		return false
	}
	return true
}

func domName(n string) string {
	if n == "H" {
		return "live heap blocks"
	}
	return "freed heap blocks"
}

func (c *checker) checkDef(d *Def) {
	d.checked = 1
	var en *env
	for _, p := range d.Params {
		if p.Name == "_" {
			c.errorf(p.At, "a def's parameter needs a name")
			continue
		}
		if c.binder(p, en) {
			en = en.with(c.newVar(p, Unknown, ByParam))
		}
	}
	before := c.errs.count()
	t, _ := c.expr(d.Body, en)
	d.result = t
	if c.errs.count() > before {
		d.result = Invalid // its uses would only repeat its errors
	}
	d.checked = 2
}

func (c *checker) checkClause(cl *Clause) {
	c.clause, c.leak = cl, nil
	defer func() { c.clause, c.leak = nil, nil }()
	var en *env
	pt := cl.Point
	bind := func(id *Ident, t Type) {
		if id.Name == "_" {
			return
		}
		if c.binder(id, en) {
			v := c.newVar(id, t, ByPoint)
			en = en.with(v)
			if pt.Kind == Leak {
				c.leak = v
			}
		}
	}
	switch pt.Kind {
	case Deref, DerefR, DerefW:
		bind(pt.Vars[0], Ptr)
		if len(pt.Vars) > 1 {
			bind(pt.Vars[1], Int)
		}
	case Free:
		bind(pt.Vars[0], Ptr)
	case Call:
		if pt.Func.Name == "main" {
			c.errorf(pt.Func.At, "memlens has no call point at main's entry (ret main is the program's end)")
		}
		for _, a := range pt.Vars {
			bind(a, Ptr)
		}
	case Ret:
		if pt.Func.Name == "main" && (pt.Parens || pt.Result != nil) {
			c.errorf(pt.Func.At, "ret main is the program's end: it binds no arguments and no value")
			break
		}
		for _, a := range pt.Vars {
			bind(a, Ptr)
		}
		if pt.Result != nil {
			bind(pt.Result, Ptr)
		}
	case Index:
		bind(pt.Vars[0], Array)
		bind(pt.Vars[1], Int)
	case Use:
		bind(pt.Vars[0], Value)
	case Leak:
		bind(pt.Vars[0], Block)
	}
	if cl.When != nil {
		en = c.cond(cl.When, en)
	}
	for _, l := range cl.Locate {
		v := en.lookup(l.X.Name)
		switch {
		case l.X.Name == "_":
			c.errorf(l.X.At, "VPC needs a variable, not _")
		case v == nil:
			c.unbound(l.X, "")
		case v.Type != Ptr && v.Type != Block && v.Type != Value:
			c.errorf(l.X.At, "VPC follows pointers, blocks and used values; %s is %s", v.Name, v.Type)
		default:
			l.X.Var, l.X.typ = v, v.Type
		}
	}
}

// unbound reports a variable used where nothing binds it, saying where a
// binding further right would have (bindings flow from left to right).
func (c *checker) unbound(id *Ident, hint string) {
	if id.Name == "H" || id.Name == "F" {
		c.errorf(id.At, "%s is the set of %s: quantify over it (exists b in %s: ...) or test dom(%s) != {}",
			id.Name, domName(id.Name), id.Name, id.Name)
		return
	}
	if id.Name == "_" {
		c.errorf(id.At, "_ stands only for an argument whose value does not matter (an output of Freed or FindLast)")
		return
	}
	c.errorf(id.At, "%s is not bound%s", id.Name, hint)
	if c.clause != nil && c.clause.When != nil {
		if later := laterBinding(c.clause.When, id); later != nil {
			c.errs.note(later.At, "%s is bound here, further right: bindings flow from left to right", id.Name)
		}
	}
}

// laterBinding finds an output argument named like id after it.
func laterBinding(x Expr, id *Ident) *Ident {
	var found *Ident
	walk(x, func(e Expr) {
		call, ok := e.(*CallExpr)
		if !ok || found != nil {
			return
		}
		for _, a := range outputArgs(call) {
			if a, ok := a.(*Ident); ok && a.Name == id.Name && after(a.At, id.At) {
				found = a
				return
			}
		}
	})
	return found
}

func after(a, b Pos) bool { return a.Line > b.Line || a.Line == b.Line && a.Col > b.Col }

// outputArgs are the arguments of a call in output positions, syntactically.
func outputArgs(call *CallExpr) []Expr {
	switch call.Name {
	case "Freed":
		if len(call.Args) == 2 {
			return call.Args[1:]
		}
	case "FindLast":
		if len(call.Args) < 2 {
			return nil
		}
		outs := []Expr{call.Args[0]}
		ev, _ := call.Args[1].(*Ident)
		switch {
		case ev == nil:
		case ev.Name == "call" || ev.Name == "ret":
			if len(call.Args) > 3 {
				outs = append(outs, call.Args[3:]...)
			}
		case ev.Name == "malloc" || ev.Name == "free":
			if len(call.Args) > 2 {
				outs = append(outs, call.Args[2])
			}
		}
		return outs
	}
	return nil
}

// walk calls f on x and every expression inside it.
func walk(x Expr, f func(Expr)) {
	if x == nil {
		return
	}
	f(x)
	switch x := x.(type) {
	case *CallExpr:
		for _, a := range x.Args {
			walk(a, f)
		}
	case *Unary:
		walk(x.X, f)
	case *Binary:
		walk(x.X, f)
		walk(x.Y, f)
	case *Quant:
		walk(x.Body, f)
	}
}

// cond checks x as a condition and returns the scope after it: the
// variables it binds whenever it holds (those of a chain of && and of an
// exists; not those inside ||, ! or forall).
func (c *checker) cond(x Expr, en *env) *env {
	t, out := c.expr(x, en)
	switch t {
	case Bool, Invalid, Unknown:
	default:
		c.errorf(x.Pos(), "%s is %s, not a condition%s", describe(x), t, condHint(t))
	}
	return out
}

func condHint(t Type) string {
	if t == Int || t == Ptr {
		return " (compare it: ... != 0)"
	}
	return ""
}

// describe names an expression in a message.
func describe(x Expr) string {
	s := FormatExpr(x)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// expr checks x and returns its type, and the scope after it when x is a
// condition that holds.
func (c *checker) expr(x Expr, en *env) (Type, *env) {
	switch x := x.(type) {
	case *Ident:
		return c.ident(x, en), en
	case *IntLit, *NullLit, *EmptySet:
		return x.Type(), en
	case *Unary:
		c.cond(x.X, en)
		return Bool, en
	case *Quant:
		return Bool, c.quant(x, en)
	case *CallExpr:
		return c.call(x, en)
	case *Binary:
		switch x.Op {
		case "&&":
			en1 := c.cond(x.X, en)
			en2 := c.cond(x.Y, en1)
			x.typ = Bool
			return Bool, en2
		case "||":
			c.cond(x.X, en)
			c.cond(x.Y, en)
			x.typ = Bool
			return Bool, en
		}
		tx, _ := c.expr(x.X, en)
		ty, _ := c.expr(x.Y, en)
		x.typ = c.binary(x, tx, ty)
		return x.typ, en
	}
	panic(fmt.Sprintf("rules: unexpected expression %T", x))
}

func (c *checker) ident(x *Ident, en *env) Type {
	v := en.lookup(x.Name)
	if v == nil || x.Name == "_" {
		c.unbound(x, "")
		x.typ = Invalid
		return Invalid
	}
	x.Var, x.typ = v, v.Type
	return v.Type
}

func (c *checker) quant(q *Quant, en *env) *env {
	if q.Dom.Name != "H" && q.Dom.Name != "F" {
		c.errorf(q.Dom.At, "a quantifier ranges over H (the live heap blocks) or F (the freed heap blocks), not %s", q.Dom.Name)
	}
	inner := en
	if q.Var.Name == "_" {
		c.errorf(q.Var.At, "a quantifier needs a variable name, not _")
	} else if c.binder(q.Var, en) {
		inner = en.with(c.newVar(q.Var, Block, ByQuant))
	}
	out := c.cond(q.Body, inner)
	if q.All {
		return en
	}
	return out // the witness and what the body bound for it
}

// binary types an arithmetic operation or a comparison.
func (c *checker) binary(x *Binary, tx, ty Type) Type {
	if tx == Invalid || ty == Invalid {
		return Invalid
	}
	num := func(t Type) bool { return t == Int || t == Ptr || t == Unknown }
	switch x.Op {
	case "==", "!=":
		switch {
		case num(tx) && num(ty), tx == ty && (tx == Block || tx == Bool),
			tx == Unknown || ty == Unknown:
			return Bool
		case tx == Set && isEmptySet(x.Y), ty == Set && isEmptySet(x.X):
			return Bool
		case tx == Set || ty == Set:
			c.errorf(x.OpPos, "a set can only be compared with {} (dom(H) != {})")
			return Invalid
		}
		c.errorf(x.OpPos, "cannot compare %s with %s", tx, ty)
		return Invalid
	case "<", "<=", ">", ">=":
		if num(tx) && num(ty) {
			return Bool
		}
		c.errorf(x.OpPos, "'%s' orders integers and pointers, not %s", x.Op, pick(num(tx), ty, tx))
		return Invalid
	}
	// + - & |
	if !num(tx) || !num(ty) {
		c.errorf(x.OpPos, "'%s' needs integers or pointers, not %s", x.Op, pick(num(tx), ty, tx))
		return Invalid
	}
	switch {
	case tx == Unknown || ty == Unknown:
		return Unknown
	case x.Op == "+" && tx == Ptr && ty == Ptr:
		c.errorf(x.OpPos, "cannot add two pointers")
		return Invalid
	case x.Op == "+" && (tx == Ptr || ty == Ptr):
		return Ptr // pointer arithmetic keeps the block (paper 000's PTR-ARITH)
	case x.Op == "-" && tx == Ptr && ty == Int:
		return Ptr
	case x.Op == "-" && tx == Int && ty == Ptr:
		c.errorf(x.OpPos, "cannot subtract a pointer from an integer")
		return Invalid
	}
	return Int
}

func pick(firstOK bool, second, first Type) Type {
	if firstOK {
		return second
	}
	return first
}

func isEmptySet(x Expr) bool { _, ok := x.(*EmptySet); return ok }

// call checks a predicate or function application.
func (c *checker) call(x *CallExpr, en *env) (Type, *env) {
	switch x.Name {
	case "VPC":
		c.errorf(x.At, "VPC(x) belongs in a clause's locate part")
		return Invalid, en
	case "dom":
		x.typ = Set
		if len(x.Args) != 1 {
			c.errorf(x.At, "dom takes one argument (H or F), not %d", len(x.Args))
			return Invalid, en
		}
		if id, ok := x.Args[0].(*Ident); !ok || id.Name != "H" && id.Name != "F" {
			c.errorf(x.Args[0].Pos(), "dom's argument is H (the live heap blocks) or F (the freed heap blocks)")
			return Invalid, en
		}
		return Set, en
	case "FindLast":
		return c.findLast(x, en)
	}
	if b := builtins[x.Name]; b != nil {
		x.Fn = b
		if len(x.Args) != len(b.Params) {
			c.errorf(x.At, "%s takes %s, not %d", b.Name, argList(b.Params), len(x.Args))
			x.typ = Invalid
			return Invalid, en
		}
		out := en
		for i, p := range b.Params {
			if p.Out {
				out = c.output(x.Args[i], p.Types, out, b.Name)
				continue
			}
			t, _ := c.expr(x.Args[i], en)
			c.argType(b.Name, i, p, x.Args[i], t)
		}
		if (b.Name == "Reachable" || b.Name == "Pointed") && c.clause != nil &&
			c.clause.Point.Kind != Call && c.clause.Point.Kind != Ret {
			c.errorf(x.At, "%s is known at call and ret points only (memlens scans the program's memory for it there)", b.Name)
		}
		if b.Name == "Lost" {
			if id, ok := x.Args[0].(*Ident); ok && id.Var != nil && id.Var != c.leak {
				c.errorf(id.At, "Lost is known only for the block of a leak point (detect leak %s)", id.Name)
			}
		}
		x.typ = b.Result
		return b.Result, out
	}
	if d := c.defs[x.Name]; d != nil {
		return c.expand(x, d, en), en
	}
	c.errorf(x.At, "unknown predicate or function %s%s", x.Name, c.suggest(x.Name))
	for _, a := range x.Args {
		c.expr(a, en)
	}
	x.typ = Invalid
	return Invalid, en
}

func (c *checker) argType(fn string, i int, p Param, arg Expr, t Type) {
	if !p.Types.accepts(t) {
		c.errorf(arg.Pos(), "argument %d of %s (%s) is %s; it must be %s", i+1, fn, p.Name, t, p.Types)
	}
}

func argList(ps []Param) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	n := "arguments"
	if len(ps) == 1 {
		n = "argument"
	}
	return fmt.Sprintf("%d %s (%s)", len(ps), n, strings.Join(names, ", "))
}

// output checks an argument in an output position: _ (any value), an
// unbound variable (bound to the value found), or a term (the value must
// equal it).
func (c *checker) output(arg Expr, ts typeSet, en *env, fn string) *env {
	if id, ok := arg.(*Ident); ok {
		if id.Name == "_" {
			return en
		}
		if en.lookup(id.Name) == nil {
			t := Int
			for _, cand := range []Type{Ptr, Block, Int} {
				if ts.has(cand) {
					t = cand
					break
				}
			}
			if !c.binder(id, en) {
				return en
			}
			return en.with(c.newVar(id, t, ByOutput))
		}
	}
	t, _ := c.expr(arg, en)
	if !ts.accepts(t) {
		c.errorf(arg.Pos(), "%s's output here is %s; %s is %s", fn, ts, describe(arg), t)
	}
	return en
}

// findLast checks FindLast(k, EVENT, args...): the last event of the trace
// matching the pattern, k its timestamp (paper 000 §2.1).
func (c *checker) findLast(x *CallExpr, en *env) (Type, *env) {
	x.typ = Bool
	if len(x.Args) < 2 {
		c.errorf(x.At, "FindLast takes a timestamp, an event and the event's arguments: FindLast(k, call, F, _)")
		return Invalid, en
	}
	ev, ok := x.Args[1].(*Ident)
	if !ok || !contains(Events, ev.Name) {
		c.errorf(x.Args[1].Pos(), "FindLast's second argument is an event: %s", strings.Join(Events, ", "))
		return Invalid, en
	}
	ev.typ = Invalid // a name, not a variable
	wild := func(a Expr, what string) {
		if id, ok := a.(*Ident); !ok || id.Name != "_" {
			c.errorf(a.Pos(), "%s", what)
		}
	}
	out := en
	switch ev.Name {
	case "call", "ret":
		if len(x.Args) < 3 {
			c.errorf(x.Rparen, "FindLast(k, %s, F, ...) needs the function F", ev.Name)
			return Invalid, en
		}
		fn, ok := x.Args[2].(*Ident)
		if !ok || fn.Name == "_" {
			c.errorf(x.Args[2].Pos(), "FindLast's third argument is the function called, by name")
			return Invalid, en
		}
		fn.typ = Invalid
		if fn.Name == "main" && ev.Name == "call" {
			c.errorf(fn.At, "memlens has no call event of main")
		}
		if ev.Name == "ret" && len(x.Args) > 4 {
			c.errorf(x.Args[4].Pos(), "a ret event has one argument, the value returned")
		}
		out = c.output(x.Args[0], setOf(Int), out, "FindLast")
		for _, a := range x.Args[3:] {
			out = c.output(a, setOf(Ptr, Int), out, "FindLast")
		}
	case "malloc", "free", "write":
		if len(x.Args) != 4 {
			c.errorf(x.At, "FindLast(k, %s, %s) takes 4 arguments, not %d", ev.Name, eventArgs[ev.Name], len(x.Args))
			return Invalid, en
		}
		switch ev.Name {
		case "malloc": // (malloc, n, bid): the allocation of a block
			out = c.output(x.Args[0], setOf(Int), out, "FindLast")
			out = c.output(x.Args[2], setOf(Int), out, "FindLast")
			c.boundBlock(x.Args[3], en, "malloc")
		case "free": // (free, r, bid): the free of a block
			wild(x.Args[0], "memlens keeps no time of frees: write FindLast(_, free, r, bid)")
			out = c.output(x.Args[2], setOf(Ptr), out, "FindLast")
			c.boundBlock(x.Args[3], en, "free")
		case "write": // (write, r, v): a write to r (its definedness)
			wild(x.Args[0], "memlens keeps no time of writes: write FindLast(_, write, r, _)")
			t, _ := c.expr(x.Args[2], en)
			c.argType("FindLast", 2, in("r", setOf(Ptr)), x.Args[2], t)
			wild(x.Args[3], "memlens keeps no values of writes: write FindLast(_, write, r, _)")
		}
	}
	return Bool, out
}

var eventArgs = map[string]string{"malloc": "n, bid", "free": "r, bid", "write": "r, v"}

// boundBlock checks the block of a malloc or free event: memlens finds a
// given block's events, not the last allocation or free of any block.
func (c *checker) boundBlock(a Expr, en *env, ev string) {
	if id, ok := a.(*Ident); ok && (id.Name == "_" || en.lookup(id.Name) == nil) {
		c.errorf(a.Pos(), "FindLast(k, %s, ..., bid) needs the block bid bound (memlens finds a block's %s event, not the last of all)", ev, ev)
		return
	}
	t, _ := c.expr(a, en)
	if t != Block && t != Invalid && t != Unknown {
		c.errorf(a.Pos(), "the block of a %s event is a block, not %s", ev, t)
	}
}

// expand checks a use of def d: the arguments, then d's body with its
// parameters of the arguments' types (a def is expanded where it is used,
// so one def may take pointers at one place and blocks at another).
func (c *checker) expand(x *CallExpr, d *Def, en *env) Type {
	x.Def = d
	x.typ = Invalid
	if len(x.Args) != len(d.Params) {
		var ps []Param
		for _, p := range d.Params {
			ps = append(ps, Param{Name: p.Name})
		}
		c.errorf(x.At, "%s takes %s, not %d", d.Name, argList(ps), len(x.Args))
		return Invalid
	}
	types := make([]Type, len(x.Args))
	for i, a := range x.Args {
		types[i], _ = c.expr(a, en)
		if types[i] == Invalid {
			return Invalid
		}
	}
	switch d.checked {
	case 0: // defined further down: checked on its own first
		clause, leak, insts := c.clause, c.leak, c.inst
		c.clause, c.leak, c.inst = nil, nil, nil
		c.checkDef(d)
		c.clause, c.leak, c.inst = clause, leak, insts
	case 1:
		c.errorf(x.At, "%s uses itself (defs cannot recurse)", d.Name)
		return Invalid
	}
	if d.result == Invalid {
		return Invalid
	}
	inst := &Expansion{Def: d, Body: clone(d.Body), call: x}
	var inner *env
	for i, p := range d.Params {
		v := &Var{Name: p.Name, Type: types[i], Pos: p.At, How: ByParam}
		if c.clause != nil {
			v.ID = len(c.clause.Vars)
			c.clause.Vars = append(c.clause.Vars, v)
		}
		inst.Params = append(inst.Params, v)
		inner = inner.with(v)
	}
	c.inst = append(c.inst, x)
	t, _ := c.expr(inst.Body, inner)
	c.inst = c.inst[:len(c.inst)-1]
	x.Expansion = inst
	x.typ = t
	return t
}

// suggest proposes a known name close to an unknown one.
func (c *checker) suggest(name string) string {
	var names []string
	for n := range builtins {
		names = append(names, n)
	}
	names = append(names, specialNames...)
	for n := range c.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	best, bestD := "", 3
	for _, n := range names {
		d := distance(strings.ToLower(name), strings.ToLower(n))
		if d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// distance is the edit distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
