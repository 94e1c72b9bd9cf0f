package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The code generator: each clause of a rule becomes a C function, its
// condition evaluated in paper 000's three-valued reading (rules.h), and
// the rules a table of detectors in file order.
//
// Invariant of the generated expressions: a term is a definedness
// expression and a value expression (and, for a pointer or block, a
// handle: a struct ml_rref * naming its block); the value and handle are
// evaluated only after the definedness was, and held. Variables are C
// locals vN with a definedness flag dN, set when they are bound.

// cgen generates one file.
type cgen struct {
	file    *File
	builtin bool // the runtime's own registry (rules_builtin.c)
	needs   *Needs
	pre     strings.Builder // functions the clause being generated calls (summaries of F)
}

// Needs is what a rule set needs the program and the runtime to record
// (paper 000 §4.1: only the event trackers some rule uses are activated).
type Needs struct {
	Funcs       []string        // functions watched (call/ret points) or traced (FindLast), by id
	callTrace   map[string]bool // FindLast(k, call, F, ...) searches F's calls
	callHistory map[string]bool // with a pattern: every call kept, not only the last
	retTrace    map[string]bool
	retHistory  map[string]bool
	Accesses    bool     // a rule detects at deref: every access is checked and is an event
	Writes      bool     // FindLast over writes: detection mode keeps the heap's writes (every access checked)
	Freed       bool     // a rule asks of F: frees are events for the runtime
	FreedLog    bool     // a quantifier over F needs the blocks themselves: they are logged
	Summaries   []string // quantifiers over F evaluated as each block is freed: their bodies' C functions
	Words       int      // the words of a freed block the rules read (Word(b, i), i < Words)
}

// id is the number of function fn, given it once.
func (n *Needs) id(fn string) int {
	for i, f := range n.Funcs {
		if f == fn {
			return i
		}
	}
	n.Funcs = append(n.Funcs, fn)
	return len(n.Funcs) - 1
}

// clauseGen generates one clause's function.
type clauseGen struct {
	*cgen
	rule   *Rule
	clause *Clause
	temps  []string // declarations of temporaries
	ntemp  int
}

// usesEvent finds the event parameter in generated code.
var usesEvent = regexp.MustCompile(`\bev\b`)

// maxWords bounds the words of a freed block kept for Word (all of them
// when the index is not a constant).
const maxWords = 8

func cName(v *Var) string { return fmt.Sprintf("v%d", alias(v).ID) }
func dName(v *Var) string { return fmt.Sprintf("d%d", alias(v).ID) }

// alias is the variable a def's parameter stands for, when its argument
// is a variable (the parameter then needs no C variable of its own).
func alias(v *Var) *Var {
	for v.alias != nil {
		v = v.alias
	}
	return v
}

// kindConst is the runtime's enum constant of a built-in kind.
func kindConst(name string) string {
	return "ML_" + strings.ReplaceAll(strings.ToUpper(name), "-", "_")
}

// pointMask is the detection points (enum ml_point) a clause runs at.
func pointMask(k PointKind) string {
	switch k {
	case Deref:
		return "ML_AT(ML_DEREF_R) | ML_AT(ML_DEREF_W)"
	case DerefR:
		return "ML_AT(ML_DEREF_R)"
	case DerefW:
		return "ML_AT(ML_DEREF_W)"
	case Free:
		return "ML_AT(ML_FREE)"
	case Call:
		return "ML_AT(ML_CALL)"
	case Ret:
		return "ML_AT(ML_RET)"
	case Index:
		return "ML_AT(ML_INDEX)"
	case Use:
		return "ML_AT(ML_USE)"
	}
	return "ML_AT(ML_LEAK)"
}

// funcName is the C name of a clause's condition.
func funcName(r *Rule, i int) string {
	n := "mlr_" + strings.ReplaceAll(strings.ToLower(r.Name), "-", "_")
	if len(r.Clauses) > 1 {
		n += fmt.Sprintf("_%d", i)
	}
	return n
}

// cComment makes text safe inside a C comment.
func cComment(s string) string { return strings.ReplaceAll(s, "*/", "* /") }

// clauseText is a clause as the rules file says it (canonically), for the
// generated code's comments.
func clauseText(r *Rule, c *Clause) string {
	s := r.Name + ": detect " + FormatPoint(c.Point)
	if c.When != nil {
		s += "\n *   when " + FormatExpr(c.When)
	}
	if len(c.Locate) > 0 {
		var ls []string
		for _, l := range c.Locate {
			ls = append(ls, "VPC("+l.X.Name+")")
		}
		s += "\n *   locate " + strings.Join(ls, ", ")
	}
	return cComment(s)
}

// function emits the C function of clause i of rule r.
func (g *cgen) function(b *strings.Builder, r *Rule, i int) {
	cl := r.Clauses[i]
	cg := &clauseGen{cgen: g, clause: cl, rule: r}
	var body strings.Builder
	pt := cl.Point
	cg.aliasParams(cl)
	cg.declareVars()
	bindPoint := func(id *Ident, init string) {
		if id.Var == nil {
			return
		}
		if init != "" {
			fmt.Fprintf(&body, "\t%s\n", fmt.Sprintf(init, cName(id.Var)))
		}
		fmt.Fprintf(&body, "\t%s = 1;\n", dName(id.Var))
	}
	switch pt.Kind {
	case Deref, DerefR, DerefW:
		bindPoint(pt.Vars[0], "ml_rref_event(&%s, ev);")
		if len(pt.Vars) > 1 {
			bindPoint(pt.Vars[1], "%s = ev->n;")
		}
	case Free, Leak:
		bindPoint(pt.Vars[0], "ml_rref_event(&%s, ev);")
	case Index:
		bindPoint(pt.Vars[0], "%s = ev->arr;")
		bindPoint(pt.Vars[1], "%s = ev->index;")
	case Use:
		bindPoint(pt.Vars[0], "") // the value is the event's
	case Call, Ret:
		for j, a := range pt.Vars {
			if a.Var != nil {
				fmt.Fprintf(&body, "\t%s = ml_rref_arg(&%s, ev, %d);\n", dName(a.Var), cName(a.Var), j)
			}
		}
		if r := pt.Result; r != nil && r.Var != nil {
			fmt.Fprintf(&body, "\t%s = ml_rref_ret(&%s, ev);\n", dName(r.Var), cName(r.Var))
		}
	}
	if cl.When != nil {
		fmt.Fprintf(&body, "\tif (%s != ML_T)\n\t\treturn 0;\n", cg.nullRefs(cg.cond(cl.When)))
	}
	for _, l := range cl.Locate {
		v := l.X.Var
		switch v.Type {
		case Value:
			fmt.Fprintf(&body, "\tml_locate_undef(fired);\n")
		case Block:
			fmt.Fprintf(&body, "\tif (%s)\n\t\tml_locate_block(fired, &%s);\n", dName(v), cName(v))
		default:
			fmt.Fprintf(&body, "\tif (%s)\n\t\tml_locate_ref(fired, &%s, %s);\n", dName(v), cName(v),
				strconv.Quote("the pointer "+v.Name))
		}
	}
	b.WriteString(g.pre.String())
	g.pre.Reset()
	fmt.Fprintf(b, "/* %s */\n", clauseText(r, cl))
	fmt.Fprintf(b, "static int %s(struct ml_event *ev, struct ml_fired *fired)\n{\n", funcName(r, i))
	cg.writeTemps(b)
	if !usesEvent.MatchString(body.String()) {
		b.WriteString("\t(void)ev;\n")
	}
	if len(cl.Locate) == 0 {
		b.WriteString("\t(void)fired;\n")
	}
	b.WriteString(body.String())
	b.WriteString("\treturn 1;\n}\n\n")
}

// declareVars declares the C variables of the clause's variables.
func (cg *clauseGen) declareVars() {
	for _, v := range cg.clause.Vars {
		if v.alias != nil {
			continue
		}
		switch v.Type {
		case Ptr, Block:
			cg.temps = append(cg.temps, fmt.Sprintf("struct ml_rref %s;", cName(v)))
		case Int:
			cg.temps = append(cg.temps, fmt.Sprintf("uint64_t %s = 0;", cName(v)))
		case Array:
			cg.temps = append(cg.temps, fmt.Sprintf("const struct __ml_array *%s = 0;", cName(v)))
		case Bool:
			cg.temps = append(cg.temps, fmt.Sprintf("int %s = ML_U;", cName(v)))
		}
		cg.temps = append(cg.temps, fmt.Sprintf("int %s = 0;", dName(v)))
	}
}

// nullRefs gives the handle of NULL a local, if condition c needs one.
func (cg *clauseGen) nullRefs(c string) string {
	if !strings.Contains(c, nullRef) {
		return c
	}
	t := cg.temp("struct ml_rref")
	cg.temps = append(cg.temps, fmt.Sprintf("ml_rref_init(&%s, 0, __ML_NULL);", t))
	return strings.ReplaceAll(c, nullRef, "&"+t)
}

// writeTemps writes the declarations of the function's variables and
// temporaries, then their initialisations.
func (cg *clauseGen) writeTemps(b *strings.Builder) {
	for _, t := range cg.temps {
		if !strings.HasPrefix(t, "ml_rref_init") {
			fmt.Fprintf(b, "\t%s\n", addUnused(t))
		}
	}
	for _, t := range cg.temps {
		if strings.HasPrefix(t, "ml_rref_init") {
			fmt.Fprintf(b, "\t%s\n", t)
		}
	}
}

// addUnused marks a declaration unused-tolerant (not every rule reads
// every variable it binds).
func addUnused(decl string) string {
	i := strings.IndexAny(decl, "=;")
	name, rest := strings.TrimRight(decl[:i], " "), decl[i:]
	if rest != ";" {
		rest = " " + rest
	}
	return name + " __attribute__((unused))" + rest
}

// aliasParams makes each def parameter whose argument is a variable of
// the clause stand for that variable.
func (cg *clauseGen) aliasParams(cl *Clause) {
	var visit func(x Expr)
	visit = func(x Expr) {
		walk(x, func(e Expr) {
			c, ok := e.(*CallExpr)
			if !ok || c.Expansion == nil {
				return
			}
			for i, p := range c.Expansion.Params {
				if id, ok := c.Args[i].(*Ident); ok && id.Var != nil && id.Var.Type == p.Type {
					p.alias = id.Var
				}
			}
			visit(c.Expansion.Body)
		})
	}
	if cl.When != nil {
		visit(cl.When)
	}
}

// temp declares a temporary of type ctype and returns its name.
func (cg *clauseGen) temp(ctype string) string {
	cg.ntemp++
	n := fmt.Sprintf("t%d", cg.ntemp)
	cg.temps = append(cg.temps, fmt.Sprintf("%s %s;", ctype, n))
	return n
}

// nullRef stands for the handle of NULL (a pointer naming no block) until
// the function is written: a local then, if some predicate needs it.
const nullRef = "&ML_NULL_REF"

// term is a generated term: definedness, value, and for pointers and
// blocks the handle of the block.
type term struct {
	def, val, ref string
}

func tri(c string) string { return "((" + c + ") ? ML_T : ML_F)" }

// defined wraps a three-valued expression so it is unknown when def does
// not hold.
func defined(def, t string) string {
	if def == "1" {
		return t
	}
	return "((" + def + ") ? " + t + " : ML_U)"
}

func and(a, b string) string {
	switch {
	case a == "1":
		return b
	case b == "1":
		return a
	}
	return a + " && " + b
}

// cond generates a three-valued condition.
func (cg *clauseGen) cond(x Expr) string {
	switch x := x.(type) {
	case *Ident: // a def's parameter that is a condition
		return cName(x.Var)
	case *Unary:
		return "ml_not3(" + cg.cond(x.X) + ")"
	case *Quant:
		return cg.quant(x)
	case *CallExpr:
		return cg.callCond(x)
	case *Binary:
		switch x.Op {
		case "&&":
			a := cg.temp("int")
			return fmt.Sprintf("({ %s = %s; %s == ML_F ? ML_F : ml_and3(%s, %s); })", a, cg.cond(x.X), a, a, cg.cond(x.Y))
		case "||":
			a := cg.temp("int")
			return fmt.Sprintf("({ %s = %s; %s == ML_T ? ML_T : ml_or3(%s, %s); })", a, cg.cond(x.X), a, a, cg.cond(x.Y))
		}
		return cg.compare(x)
	}
	panic(fmt.Sprintf("rules: no condition code for %T", x))
}

func (cg *clauseGen) compare(x *Binary) string {
	tx, ty := x.X.Type(), x.Y.Type()
	switch {
	case tx == Bool:
		eq := "ml_eq3(" + cg.cond(x.X) + ", " + cg.cond(x.Y) + ")"
		if x.Op == "!=" {
			return "ml_not3(" + eq + ")"
		}
		return eq
	case tx == Set || ty == Set:
		set := x.X
		if tx != Set {
			set = x.Y
		}
		dom := set.(*CallExpr).Args[0].(*Ident).Name
		empty := "!ml_heap_any()"
		if dom == "F" {
			empty = "!ml_freed_any()"
			cg.needs.Freed = true
		}
		if x.Op == "!=" {
			empty = "!(" + empty + ")"
		}
		return tri(empty)
	case tx == Block:
		a, b := cg.term(x.X), cg.term(x.Y)
		c := "ml_same_block(" + a.ref + ", " + b.ref + ")"
		if x.Op == "!=" {
			c = "!" + c
		}
		return defined(and(a.def, b.def), tri(c))
	}
	a, b := cg.term(x.X), cg.term(x.Y)
	return defined(and(a.def, b.def), tri("("+a.val+") "+x.Op+" ("+b.val+")"))
}

// callCond generates a predicate application.
func (cg *clauseGen) callCond(x *CallExpr) string {
	if x.Expansion != nil {
		return cg.expansion(x.Expansion, func() string { return cg.cond(x.Expansion.Body) })
	}
	if x.Name == "FindLast" {
		return cg.findLast(x)
	}
	switch x.Name {
	case "Lost":
		return "((ev->point == ML_LEAK && ev->leak) ? ML_T : ML_F)"
	case "Undefined":
		return defined(cg.term(x.Args[0]).def, "((ev->point == ML_USE) ? ML_T : ML_F)")
	case "Freed":
		return cg.freed(x)
	}
	a := cg.term(x.Args[0])
	if x.Args[0].Type() == Array {
		fn := map[string]string{"Local": "ml_a_local", "Global": "ml_a_global", "Member": "ml_a_member"}[x.Name]
		return defined(a.def, tri(fn+"("+a.val+")"))
	}
	switch x.Name {
	case "Allocated":
		return defined(a.def, tri("ml_r_allocated("+a.ref+")"))
	case "Invalid":
		return defined(a.def, tri("ml_r_invalid("+a.ref+")"))
	case "Local":
		return defined(a.def, tri("ml_r_local("+a.ref+")"))
	case "Global":
		return defined(a.def, tri("ml_r_global("+a.ref+")"))
	case "Popped":
		return defined(a.def, tri("ml_r_popped("+a.ref+")"))
	case "Returned":
		return defined(a.def, tri("ml_r_returned("+a.ref+")"))
	case "ReadOnly":
		return defined(and(a.def, "ml_r_known("+a.ref+")"), tri("ml_r_readonly("+a.ref+")"))
	case "Reachable":
		return defined(a.def, "ml_r_ptrmap(ev, "+a.ref+", ML_PM_REACHABLE)")
	case "Pointed":
		return defined(a.def, "ml_r_ptrmap(ev, "+a.ref+", ML_PM_POINTED)")
	case "PointsTo":
		b := cg.term(x.Args[1])
		return defined(and(a.def, b.def), "ml_r_points_to("+a.ref+", "+b.ref+")")
	}
	panic("rules: no code for predicate " + x.Name)
}

// freed generates Freed(r, r1): r1 an output.
func (cg *clauseGen) freed(x *CallExpr) string {
	a := cg.term(x.Args[0])
	switch o := x.Args[1].(type) {
	case *Ident:
		if o.Name == "_" {
			return defined(a.def, tri("ml_r_freed("+a.ref+", 0)"))
		}
		if o.Binds {
			return defined(a.def, fmt.Sprintf("(ml_r_freed(%s, &%s) ? (%s = 1, ML_T) : ML_F)", a.ref, cName(o.Var), dName(o.Var)))
		}
	}
	// a term: the pointer that freed the block must equal it
	t := cg.temp("struct ml_rref")
	want := cg.term(x.Args[1])
	return defined(a.def, fmt.Sprintf("(ml_r_freed(%s, &%s) ? %s : ML_F)", a.ref, t,
		defined(want.def, tri(t+".p == ("+want.val+")"))))
}

// expansion generates a def's body at a use: its parameters bound to the
// arguments (definedness first), then the body.
func (cg *clauseGen) expansion(e *Expansion, body func() string) string {
	var s strings.Builder
	s.WriteString("({ ")
	call := e.call
	for i, p := range e.Params {
		arg := call.Args[i]
		if p.alias != nil {
			continue
		}
		switch p.Type {
		case Bool:
			fmt.Fprintf(&s, "%s = %s; %s = 1; ", cName(p), cg.cond(arg), dName(p))
		case Value:
			fmt.Fprintf(&s, "%s = %s; ", dName(p), cg.term(arg).def)
		default:
			t := cg.term(arg)
			fmt.Fprintf(&s, "%s = %s; if (%s) ", dName(p), t.def, dName(p))
			switch p.Type {
			case Ptr, Block:
				fmt.Fprintf(&s, "{ %s = *%s; %s.p = %s; } ", cName(p), t.ref, cName(p), t.val)
			default:
				fmt.Fprintf(&s, "%s = %s; ", cName(p), t.val)
			}
		}
	}
	s.WriteString(body())
	s.WriteString("; })")
	return s.String()
}

// term generates an integer, pointer, block, array or value term.
func (cg *clauseGen) term(x Expr) term {
	switch x := x.(type) {
	case *Ident:
		v := x.Var
		switch v.Type {
		case Ptr:
			return term{dName(v), cName(v) + ".p", "&" + cName(v)}
		case Block:
			return term{dName(v), cName(v) + ".p", "&" + cName(v)}
		case Value:
			return term{dName(v), "0", ""}
		}
		return term{dName(v), cName(v), ""}
	case *IntLit:
		return term{"1", fmt.Sprintf("(uint64_t)%#xULL", x.Val), ""}
	case *NullLit:
		return term{"1", "(uptr)0", nullRef}
	case *Binary:
		a, b := cg.term(x.X), cg.term(x.Y)
		t := term{def: and(a.def, b.def), val: "((" + a.val + ") " + x.Op + " (" + b.val + "))"}
		if x.Type() == Ptr {
			t.ref = a.ref
			if x.X.Type() != Ptr {
				t.ref = b.ref
			}
		}
		return t
	case *CallExpr:
		return cg.callTerm(x)
	}
	panic(fmt.Sprintf("rules: no term code for %T", x))
}

func (cg *clauseGen) callTerm(x *CallExpr) term {
	if e := x.Expansion; e != nil {
		// the parameters are bound while the definedness is computed,
		// which always comes first
		inner := cg.term(e.Body)
		return term{cg.expansion(e, func() string { return inner.def }), inner.val, inner.ref}
	}
	a := cg.term(x.Args[0])
	known := and(a.def, "ml_r_known("+a.ref+")")
	switch x.Name {
	case "Begin":
		return term{known, "ml_r_begin(" + a.ref + ")", a.ref}
	case "End":
		return term{known, "ml_r_end(" + a.ref + ")", a.ref}
	case "Size":
		return term{known, "ml_r_size(" + a.ref + ")", ""}
	case "Time":
		return term{known, "ml_r_time(" + a.ref + ")", ""}
	case "Idx":
		return term{known, "(" + a.val + ") - ml_r_begin(" + a.ref + ")", ""}
	case "Len":
		return term{a.def, "(" + a.val + ")->len", ""}
	case "Bid":
		t := cg.temp("struct ml_rref")
		return term{and(a.def, "ml_r_has_block("+a.ref+")"), "(ml_r_bid(" + a.ref + ", &" + t + "), " + t + ".p)",
			"(ml_r_bid(" + a.ref + ", &" + t + "), &" + t + ")"}
	case "Value":
		return term{and(a.def, "ml_r_readable("+a.ref+", "+a.val+", 8)"), "ml_r_load(" + a.val + ")", ""}
	case "Word":
		i := cg.term(x.Args[1])
		words := maxWords
		if lit, ok := x.Args[1].(*IntLit); ok && lit.Val < maxWords {
			words = int(lit.Val) + 1
		}
		cg.needs.Words = max(cg.needs.Words, words)
		return term{and(and(a.def, i.def), "ml_r_word_ok("+a.ref+", "+i.val+")"), "ml_r_word(" + a.ref + ", " + i.val + ")", ""}
	}
	panic("rules: no code for function " + x.Name)
}

// quant generates exists/forall b in H|F: body, a loop over the live heap
// blocks or the freed ones (rules.c). An exists that holds leaves its
// witness (and what the body bound for it) in the variables.
func (cg *clauseGen) quant(q *Quant) string {
	v := q.Var.Var
	if q.Dom.Name == "F" && summarizable(q) && len(cg.needs.Summaries) < maxSummaries {
		return cg.summary(q)
	}
	it, res, one := cg.temp("struct ml_iter"), cg.temp("int"), cg.temp("int")
	set := "heap"
	if q.Dom.Name == "F" {
		set = "freed"
		cg.needs.Freed = true
		cg.needs.FreedLog = true
	}
	stop, start := "ML_T", "ML_F"
	if q.All {
		stop, start = "ML_F", "ML_T"
	}
	return fmt.Sprintf("({ %s = %s; ml_%s_begin(&%s); while (ml_%s_next(&%s, &%s)) { %s = 1; %s = %s; "+
		"if (%s == %s) { %s = %s; break; } if (%s == ML_U) %s = ML_U; } if (%s != ML_T) %s = 0; %s; })",
		res, start, set, it, set, it, cName(v), dName(v), one, cg.cond(q.Body),
		one, stop, res, stop, one, res, res, dName(v), res)
}

// findLast generates FindLast(k, EVENT, args...): the trace searched from
// its end for the last event matching.
func (cg *clauseGen) findLast(x *CallExpr) string {
	ev := x.Args[1].(*Ident).Name
	switch ev {
	case "call", "ret":
		return cg.findLastCall(x, ev)
	case "malloc": // the block's allocation: k its time, n its size
		b := cg.term(x.Args[3])
		k := cg.output(x.Args[0], "ml_r_time("+b.ref+")")
		n := cg.output(x.Args[2], "ml_r_size("+b.ref+")")
		return defined(b.def, fmt.Sprintf("(!ml_r_allocated(%s) ? ML_F : !ml_r_known(%s) ? ML_U : %s)", b.ref, b.ref, andTri(k, n)))
	case "free": // the block's free: r the pointer that freed it
		b := cg.term(x.Args[3])
		t := cg.temp("struct ml_rref")
		r := cg.outputRef(x.Args[2], t)
		return defined(b.def, fmt.Sprintf("(!ml_r_freed(%s, &%s) ? ML_F : %s)", b.ref, t, r))
	}
	// write: the byte at r was ever written (full checking's definedness,
	// or the writes detection mode keeps for the rules)
	cg.needs.Writes = true
	r := cg.term(x.Args[2])
	return defined(r.def, "ml_r_written("+r.ref+", "+r.val+")")
}

// andTri is a && b for three-valued expressions without bindings between
// them.
func andTri(a, b string) string {
	if a == "ML_T" {
		return b
	}
	if b == "ML_T" {
		return a
	}
	return "ml_and3(" + a + ", " + b + ")"
}

// output generates an output argument of integer type given the value
// found: _ matches, an unbound variable is bound, a term must equal it.
func (cg *clauseGen) output(arg Expr, val string) string {
	if id, ok := arg.(*Ident); ok {
		if id.Name == "_" {
			return "ML_T"
		}
		if id.Binds {
			return fmt.Sprintf("(%s = %s, %s = 1, ML_T)", cName(id.Var), val, dName(id.Var))
		}
	}
	t := cg.term(arg)
	return defined(t.def, tri("("+t.val+") == ("+val+")"))
}

// outputRef is output for a pointer found, held in the rref temporary t.
func (cg *clauseGen) outputRef(arg Expr, t string) string {
	if id, ok := arg.(*Ident); ok {
		if id.Name == "_" {
			return "ML_T"
		}
		if id.Binds {
			return fmt.Sprintf("(%s = %s, %s = 1, ML_T)", cName(id.Var), t, dName(id.Var))
		}
	}
	w := cg.term(arg)
	return defined(w.def, tri("("+w.val+") == "+t+".p"))
}

// findLastCall searches the calls or returns of a function the rule set
// traces.
func (cg *clauseGen) findLastCall(x *CallExpr, ev string) string {
	fn := x.Args[2].(*Ident).Name
	id := cg.needs.id(fn)
	pats := x.Args[3:]
	if ev == "call" {
		cg.needs.callTrace[fn] = true
		if !allBinders(pats) {
			cg.needs.callHistory[fn] = true
		}
	} else {
		cg.needs.retTrace[fn] = true
		if !allBinders(pats) {
			cg.needs.retHistory[fn] = true
		}
	}
	e, res, sawU, m := cg.temp("const struct ml_tev *"), cg.temp("int"), cg.temp("int"), cg.temp("int")
	var match, bind strings.Builder
	match.WriteString("ML_T")
	for i, p := range pats {
		val := fmt.Sprintf("%s->arg[%d]", e, i)
		have := fmt.Sprintf("%s->nargs > %d", e, i)
		load := fmt.Sprintf("ml_rref_tev(&%%s, %s, %d)", e, i)
		if ev == "ret" { // (ret, F, v): the value returned
			val, have, load = e+"->ret", e+"->has_ret", "ml_rref_tev_ret(&%s, "+e+")"
		}
		if id, ok := p.(*Ident); ok && (id.Name == "_" || id.Binds) {
			if id.Binds {
				fmt.Fprintf(&bind, "%s; %s = %s; ", fmt.Sprintf(load, cName(id.Var)), dName(id.Var), have)
			}
			continue
		}
		t := cg.term(p)
		cur := match.String()
		match.Reset()
		match.WriteString(andTri(cur, defined(and(t.def, have), tri("("+t.val+") == "+val))))
	}
	k := cg.output(x.Args[0], e+"->time")
	kind := "ML_TEV_CALL"
	if ev == "ret" {
		kind = "ML_TEV_RET"
	}
	return fmt.Sprintf("({ %s = ML_F; %s = 0; for (%s = ml_trace_last(%d, %s); %s; %s = ml_trace_prev(%s)) { "+
		"%s = %s; if (%s == ML_F) continue; if (%s == ML_U) { %s = 1; continue; } %s%s = %s ? ML_U : %s; break; } %s; })",
		res, sawU, e, id, kind, e, e, e,
		m, match.String(), m, m, sawU, bind.String(), res, sawU, k, res)
}

// allBinders says whether patterns only bind or ignore (the last event is
// all a search needs).
func allBinders(pats []Expr) bool {
	for _, p := range pats {
		if id, ok := p.(*Ident); !ok || id.Name != "_" && !id.Binds {
			return false
		}
	}
	return true
}

// maxSummaries is the summaries of F a rule set may have (rules.h's
// ML_RULES_SUMMARIES); the other quantifiers over F read the log.
const maxSummaries = 16

// stableOnFreed are the predicates and functions whose value for a freed
// block does not change after its free (its words are kept as they were).
var stableOnFreed = map[string]bool{"Allocated": true, "Freed": true, "Begin": true, "End": true, "Size": true,
	"Idx": true, "Bid": true, "Time": true, "Word": true, "Invalid": true, "Local": true, "Global": true,
	"Popped": true, "Returned": true, "ReadOnly": true}

// summarizable says whether the body of a quantifier over F is the same
// for a block whenever it is asked: it reads only the block (no variable
// bound outside it, no other quantifier, no trace or memory that changes)
// and binds nothing. The runtime then evaluates it once per block, as the
// block is freed, and keeps only counts, instead of a log of every block.
func summarizable(q *Quant) bool {
	ok := true
	var visit func(x Expr)
	visit = func(x Expr) {
		walk(x, func(e Expr) {
			switch e := e.(type) {
			case *Quant:
				ok = false
			case *Ident:
				if e.Binds || e.Var != nil && e.Var != q.Var.Var && e.Var.How != ByParam {
					ok = false
				}
			case *CallExpr:
				if e.Expansion != nil {
					visit(e.Expansion.Body)
				} else if !stableOnFreed[e.Name] {
					ok = false
				}
			}
		})
	}
	visit(q.Body)
	return ok
}

// summary generates a quantifier over F whose body the runtime evaluates
// as each block is freed (summarizable): the body becomes a function of
// the block, and the quantifier reads the counts (rules.c).
func (cg *clauseGen) summary(q *Quant) string {
	k := len(cg.needs.Summaries)
	name := fmt.Sprintf("%s_freed%d", funcName(cg.rule, 0), k)
	cg.needs.Summaries = append(cg.needs.Summaries, name)
	cg.needs.Freed = true
	v := q.Var.Var
	body := &clauseGen{cgen: cg.cgen, rule: cg.rule, clause: cg.clause}
	body.declareVars()
	c := body.nullRefs(body.cond(q.Body))
	var b strings.Builder
	fmt.Fprintf(&b, "/* %s: %s, for one block of F as it is freed */\n", cComment(cg.rule.Name), cComment(FormatExpr(q.Body)))
	fmt.Fprintf(&b, "static int %s(struct ml_rref *b)\n{\n", name)
	body.writeTemps(&b)
	fmt.Fprintf(&b, "\t%s = *b;\n\t%s = 1;\n\treturn %s;\n}\n\n", cName(v), dName(v), c)
	cg.pre.WriteString(b.String())
	res := cg.temp("int")
	all := 0
	if q.All {
		all = 1
	}
	return fmt.Sprintf("({ %s = ml_freed_summary(%d, %d, &%s); %s = !%d && %s == ML_T; %s; })", res, k, all, cName(v), dName(v), all, res, res)
}
