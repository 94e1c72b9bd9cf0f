package instrument

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"modernc.org/cc/v4"
)

// Available checks: what the checks that passed on every path to an access
// prove about it, so that it needs no check, or only part of one.
//
// An access's address is written base + sym + off: base the value of a
// pointer, sym a variable offset (an index times the element size), both
// made of constants and of local scalars that are never address-taken
// (only assignments we see change them; deps), and off a constant. Nothing
// in them reads memory, so a store through some other pointer cannot move
// the address. Facts, per meta:
//   - live: the block of the meta was alive at a check, so it still is
//     until something frees memory (its generation cannot have changed);
//     write: a write check passed (the meta is not a read-only object's);
//   - spans: the bytes [base+sym+lo, base+sym+hi) were inside that block
//     (the union of the checked bytes from one base and sym: a block is
//     contiguous, so what lies between two checked accesses is inside too).
//
// An access inside a span of a live meta needs no check; one through a
// live meta needs no generation test, nor the bound a span already proves
// (vm->sp then vm->stack: only the range). A report still comes from the
// very access that is bad: only what an earlier check proved is skipped.
//
// Spans trust the front end's layout only through the order of members
// and elements, which every layout keeps: they are made of scalar accesses
// through one pointer type (a cast is another base), none in an aggregate
// member of a union (a scalar member of one lies at the union's start); an
// aggregate, or anything in such a member, is covered only by the very
// same access (one not in such a member gives the span its start alone:
// an empty span there, a lower bound by the order of members).
//
// Facts are made at the end of a full expression (the order of evaluation
// inside one is the compiler's), from the checks that run whenever it runs
// (not those under &&, || or ?:, but where the condition of an if or a
// loop is true, those of the right operands of its chain of &&: condition);
// inside one, the checks of an operand
// evaluated before another (the left of &&, || and ?:, a declarator
// before the next; and as the compiler evaluates them, the left of a
// binary operator, an assignment's value before its target: expr.go's
// binary and targetValue) are facts for that other. They die at a call that may free memory
// (freeing.go says which calls cannot), an asm statement or a statement
// expression, at an assignment to a variable they depend on (at the end of
// v = value, whose value is evaluated first: valueFirst), at labels
// (a switch's own case labels join those after its controlling expression
// with those falling through: caseLabels), and at the join after if/else
// (only what both branches prove survives).
// A loop keeps those from before it that nothing in it kills; the end of a
// block that retires locals keeps those from before the block.
//
// Typestate checks (typestate.go) have facts of their own, by address key
// and kind of access: the bytes [lo, hi) from it passed the check of a
// read (or of a write: a grant may allow one without the other, so
// neither proves the other). Typestates and grants change only in calls
// (transitions and puts are calls to the runtime, grants change as an
// annotated function is entered and left) and in the thread itself (light
// mode): so these facts die at every call, not only one that may free, and
// otherwise as the others. A typestate is a byte's, so an access is proven
// only by checked bytes: the checked ranges are merged only where they
// overlap or touch, never over a gap.
//
// Definedness (full checking, uninit.go) has byte facts of the same kind:
// the bytes [lo, hi) from an address key were written by a store, which
// defined them, or checked by a use (which passed, or reported them: as
// with bounds, a bad value is reported at its first use on a path). Only
// a call or a store of a value that may be undefined (mayUndefine) makes
// defined bytes undefined, so these facts die there, and otherwise as the
// others. A use of bytes written or checked is not checked again; a store
// into bytes written need not define them again (into bytes only checked
// it must: they may be undefined still, once reported).

// span is a fact: the bytes [lo, hi) from an address key are inside the
// block of its meta.
type span struct {
	lo, hi int64
	deps   []*cc.Declarator
	id     int // which fact it is: a fact killed and made again is another
}

// live is a fact: the block of a meta is alive.
type live struct {
	write bool // a write check passed: the meta is not read-only
	// own: the meta is that of the pointer variables in deps themselves
	// (accesses through p, p[i]), which a step (p++, p += n) moves inside
	// the memory of the same block: it keeps its meta, so the fact
	// outlives the step
	own  bool
	deps []*cc.Declarator
	id   int
}

// checked is a typestate fact: the bytes of ranges (sorted, apart) from an
// address key passed the typestate check of one kind of access.
type checked struct {
	ranges []span
	deps   []*cc.Declarator
	id     int
	unless string     // a transition's: the bytes are proven where this C test holds (pckTransitioned)
	repeat *pckRepeat // a transition's copies of a leaf, proving a loop's accesses (repeatProves)
	pairs  []*pckPair // checks of 8 bytes whose next granule a later access may lean on (pckPair)
}

type facts struct {
	spans map[string]span        // by meta, base and sym
	lives map[string]live        // by meta
	pcks  map[string]checked     // by base, sym and kind of access (typestate) or definedness
	loads map[string]loaded      // by the slot's address key and the tag (reloads.go)
	moved map[string]settledStep // by the pending site's variable
}

// settledStep is a fact of value propagation (prov.go): the pending step
// of pointer local d is in the ring (its site variable is 0), as a value
// of d moving on (moved) leaves it. Only an assignment to d makes a step
// pending again: neither a call (a callee's pending steps are its own
// variables and side words) nor freeing memory touches it, so these facts
// outlive the others there.
type settledStep struct {
	d  *cc.Declarator
	id int
}

func newFacts() facts {
	return facts{spans: map[string]span{}, lives: map[string]live{}, pcks: map[string]checked{}, loads: map[string]loaded{}, moved: map[string]settledStep{}}
}

// onlySettled is fs's settled steps alone: what holds after something that
// may free memory.
func (fs facts) onlySettled() facts {
	c := newFacts()
	maps.Copy(c.moved, fs.moved)
	return c
}

// withRange is c with the bytes [lo, hi) added.
func (c checked) withRange(lo, hi int64) checked {
	var out []span
	for _, x := range c.ranges {
		switch {
		case x.hi < lo:
			out = append(out, x)
		case hi < x.lo:
			out = append(out, span{lo: lo, hi: hi})
			lo, hi = x.lo, x.hi
		default: // overlapping or touching
			lo, hi = min(lo, x.lo), max(hi, x.hi)
		}
	}
	c.ranges = append(out, span{lo: lo, hi: hi})
	return c
}

// covers reports whether the bytes [lo, hi) are all in c's ranges.
func (c checked) covers(lo, hi int64) bool {
	for _, x := range c.ranges {
		if x.lo <= lo && hi <= x.hi {
			return true
		}
	}
	return false
}

// both is what c and d both hold: the bytes in the ranges of each.
func (c checked) both(d checked) checked {
	var out []span
	for _, x := range c.ranges {
		for _, y := range d.ranges {
			if lo, hi := max(x.lo, y.lo), min(x.hi, y.hi); lo < hi {
				out = append(out, span{lo: lo, hi: hi})
			}
		}
	}
	c.ranges = out
	c.pairs = slices.DeleteFunc(slices.Clone(c.pairs), func(p *pckPair) bool { return !slices.Contains(d.pairs, p) })
	return c
}

func sameRanges(a, b []span) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].lo != b[i].lo || a[i].hi != b[i].hi {
			return false
		}
	}
	return true
}

func (fs facts) clone() facts {
	c := newFacts()
	for k, v := range fs.spans {
		c.spans[k] = v
	}
	for k, v := range fs.lives {
		c.lives[k] = v
	}
	for k, v := range fs.pcks {
		c.pcks[k] = v
	}
	maps.Copy(c.loads, fs.loads)
	maps.Copy(c.moved, fs.moved)
	return c
}

// availState is the rewriter's knowledge of available checks where it is.
type availState struct {
	facts   facts
	dead    bool  // after a jump: the code here is unreachable
	pending facts // checks of the full expression being rewritten
	collect bool  // its checks may become facts (it frees nothing)
	inExpr  int   // > 0 while rewriting a full expression
	blocked int   // > 0 inside a full expression that may free: no fact is used
	calls   int   // > 0 inside a full expression after which byte facts die (byteFactsDie): none is used
	cond    int   // > 0 inside an operand that may not be evaluated
	off     bool  // the function's locals may change unseen (asm, nested functions)
	ids     int
	// inside a full expression: the facts of the operands sequenced
	// before the one being rewritten, and the operands collecting theirs
	seq        []facts
	collectors []*collector
	assigned   map[*cc.Declarator]bool // the variables the full expression assigns
	// in a full expression that may free: its clean parts (cleanParts)
	// and the facts from before it, which hold in them
	clean      map[cc.Node]bool
	cleanFacts facts
	// in the condition of an if or a loop: the right operands of its
	// chain of && (andChain), and the checks they make whenever they run,
	// which hold where the condition is true
	andRights map[cc.ExpressionNode]bool
	truth     facts
	// the case labels reached only from their switch's dispatch or by
	// falling through (caseLabels): the facts after its controlling
	// expression
	dispatch map[*cc.LabeledStatement]facts
}

// collector gathers the checks an operand makes whenever it runs (those of
// its own level of conditions).
type collector struct {
	facts facts
	cond  int
}

func (a *availState) reset() {
	a.facts = newFacts()
	a.dead = false
}

// stop marks the code after a jump or a call that never returns
// unreachable: nothing holds there until a label or a join.
func (a *availState) stop() {
	a.facts = newFacts()
	a.dead = true
}

func (a *availState) snapshot() (facts, bool) {
	return a.facts.clone(), a.dead
}

func (a *availState) newID() int {
	a.ids++
	return a.ids
}

// join is the state after two paths meet.
func (a *availState) join(f1 facts, dead1 bool, f2 facts, dead2 bool) {
	switch {
	case dead1:
		a.facts, a.dead = f2, dead2
	case dead2:
		a.facts, a.dead = f1, dead1
	default:
		a.facts, a.dead = newFacts(), false
		for k, s1 := range f1.spans {
			if s2, ok := f2.spans[k]; ok {
				s := span{lo: max(s1.lo, s2.lo), hi: min(s1.hi, s2.hi), deps: s1.deps, id: s1.id}
				if s1.id != s2.id || s.lo != s1.lo || s.hi != s1.hi {
					s.id = a.newID()
				}
				if s.lo < s.hi {
					a.facts.spans[k] = s
				}
			}
		}
		for k, l1 := range f1.lives {
			if l2, ok := f2.lives[k]; ok {
				l := live{write: l1.write && l2.write, own: l1.own && l2.own, deps: l1.deps, id: l1.id}
				if l1.id != l2.id || l.write != l1.write || l.own != l1.own {
					l.id = a.newID()
				}
				a.facts.lives[k] = l
			}
		}
		for k, c1 := range f1.pcks {
			if c2, ok := f2.pcks[k]; ok {
				c := c1.both(c2)
				if c1.id != c2.id || !sameRanges(c.ranges, c1.ranges) {
					c.id = a.newID()
				}
				if len(c.ranges) != 0 {
					a.facts.pcks[k] = c
				}
			}
		}
		for k, l1 := range f1.loads {
			if l2, ok := f2.loads[k]; ok && l1.id == l2.id {
				a.facts.loads[k] = l1
			}
		}
		for k, m1 := range f1.moved {
			if m2, ok := f2.moved[k]; ok {
				if m1.id != m2.id {
					m1.id = a.newID()
				}
				a.facts.moved[k] = m1
			}
		}
	}
}

// kill removes from fs the facts that depend on an assigned variable
// (assignedSteps: a live fact of a pointer's own meta dies only where it
// may take another meta, not at a step).
func kill(assigned map[*cc.Declarator]bool, fs facts) {
	dead := func(deps []*cc.Declarator) bool {
		for _, d := range deps {
			if _, ok := assigned[d]; ok {
				return true
			}
		}
		return false
	}
	for k, s := range fs.spans {
		if dead(s.deps) {
			delete(fs.spans, k)
		}
	}
	for k, l := range fs.lives {
		if l.own && !slices.ContainsFunc(l.deps, func(d *cc.Declarator) bool { return assigned[d] }) {
			continue
		}
		if dead(l.deps) {
			delete(fs.lives, k)
		}
	}
	for k, c := range fs.pcks {
		if dead(c.deps) {
			delete(fs.pcks, k)
		}
	}
	for k, l := range fs.loads {
		if dead(l.deps) {
			delete(fs.loads, k)
		}
	}
	for k, m := range fs.moved {
		if _, ok := assigned[m.d]; ok {
			delete(fs.moved, k)
		}
	}
}

// keepOlder keeps, of the facts now, those that were already facts in
// before (the same ones, never killed since).
func (a *availState) keepOlder(before facts) {
	for k, s := range a.facts.spans {
		if b, ok := before.spans[k]; !ok || b.id != s.id {
			delete(a.facts.spans, k)
		}
	}
	for k, l := range a.facts.lives {
		if b, ok := before.lives[k]; !ok || b.id != l.id {
			delete(a.facts.lives, k)
		}
	}
	for k, c := range a.facts.pcks {
		if b, ok := before.pcks[k]; !ok || b.id != c.id {
			delete(a.facts.pcks, k)
		}
	}
	for k, l := range a.facts.loads {
		if b, ok := before.loads[k]; !ok || b.id != l.id {
			delete(a.facts.loads, k)
		}
	}
	for k, m := range a.facts.moved {
		if b, ok := before.moved[k]; !ok || b.id != m.id {
			delete(a.facts.moved, k)
		}
	}
}

// merge adds the pending facts ps to the facts.
func (a *availState) merge(ps facts) {
	for k, p := range ps.spans {
		if s, ok := a.facts.spans[k]; ok {
			if p.lo < s.lo || p.hi > s.hi {
				s.lo, s.hi = min(s.lo, p.lo), max(s.hi, p.hi)
			}
			a.facts.spans[k] = s
			continue
		}
		p.id = a.newID()
		a.facts.spans[k] = p
	}
	for k, p := range ps.lives {
		if l, ok := a.facts.lives[k]; ok {
			l.write = l.write || p.write
			a.facts.lives[k] = l
			continue
		}
		p.id = a.newID()
		a.facts.lives[k] = p
	}
	for k, p := range ps.pcks {
		if c, ok := a.facts.pcks[k]; ok {
			for _, x := range p.ranges {
				if !c.covers(x.lo, x.hi) {
					c = c.withRange(x.lo, x.hi)
					c.id = a.newID()
				}
			}
			if len(p.pairs) != 0 {
				c.pairs = append(slices.Clone(c.pairs), p.pairs...)
			}
			a.facts.pcks[k] = c
			continue
		}
		p.id = a.newID()
		a.facts.pcks[k] = p
	}
	for k, p := range ps.loads {
		p.id = a.newID()
		a.facts.loads[k] = p
	}
	for k, p := range ps.moved {
		if _, ok := a.facts.moved[k]; !ok {
			p.id = a.newID()
			a.facts.moved[k] = p
		}
	}
}

// fullExpr rewrites the full expression (or declaration) n with render,
// using and making facts.
func (r *rewriter) fullExpr(n cc.Node, render func() frag) frag {
	a := &r.avail
	frees := r.mayFree(n, true)
	calls := frees || r.byteFactsDie(n)
	assigned := map[*cc.Declarator]bool{}
	assignedSteps(n, assigned)
	savedClean, savedCleanFacts := a.clean, a.cleanFacts
	defer func() { a.clean, a.cleanFacts = savedClean, savedCleanFacts }()
	// (the slots n may write lose their load facts first: a clean part
	// may run after such a store)
	r.killLoads(n, a.facts)
	if frees {
		kill(assigned, a.facts)
		a.clean, a.cleanFacts = r.cleanParts(n), a.facts
		a.facts = a.facts.onlySettled()
		a.blocked++
	} else {
		kill(valueFirst(n, assigned), a.facts)
	}
	if calls {
		clear(a.facts.pcks)
		a.calls++
	}
	savedPending, savedCollect, savedSeq, savedAssigned := a.pending, a.collect, a.seq, a.assigned
	a.pending, a.collect, a.seq, a.assigned = newFacts(), !frees, nil, assigned
	a.inExpr++
	f := render()
	a.inExpr--
	if len(a.pending.moved) != 0 && unevaluatedParts(n) {
		clear(a.pending.moved)
	}
	kill(assigned, a.facts)
	kill(assigned, a.pending)
	if frees {
		a.blocked--
		a.facts = a.facts.onlySettled()
		pending := a.pending.onlySettled()
		a.merge(pending)
	} else {
		r.killLoads(n, a.pending)
		a.merge(a.pending)
	}
	if calls {
		a.calls--
		clear(a.facts.pcks)
		r.pckTransitioned(n)
	}
	a.pending, a.collect, a.seq, a.assigned = savedPending, savedCollect, savedSeq, savedAssigned
	return f
}

// unevaluatedParts reports whether full expression n has operands that
// are not evaluated though they are at no condition's level (the
// associations _Generic does not select, the operand of sizeof or
// _Alignof, __builtin_choose_expr's other value): a step settled there
// may not have been.
func unevaluatedParts(n cc.Node) bool {
	return !walkNodes(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.GenericSelection:
			return false
		case *cc.UnaryExpression:
			return x.Case != cc.UnaryExpressionSizeofExpr && x.Case != cc.UnaryExpressionAlignofExpr
		case *cc.PrimaryExpression:
			return x.Case != cc.PrimaryExpressionIdent || x.Token.SrcStr() != "__builtin_choose_expr"
		}
		return true
	})
}

// stepSettled reports whether the pending step of pointer local d, whose
// provenance is v, is known to be in the ring here (a settled fact of the
// facts before this full expression), and notes that it is once v moves
// on here: v.site is 0 after a move. Only in a function whose locals
// change where seen and that calls no setjmp (a longjmp back would
// return to where the step may be pending), and only at the full
// expression's own level: moves inside a statement expression, or at a
// condition's level, are not facts for the rest of the full expression,
// which the compiler may evaluate in another order.
func (r *rewriter) stepSettled(d *cc.Declarator, v prov) bool {
	a := &r.avail
	if a.inExpr == 0 || a.off || r.fn.setjmp {
		return false
	}
	if _, ok := a.facts.moved[v.site]; ok {
		return true
	}
	if a.inExpr == 1 && a.cond == 0 {
		a.pending.moved[v.site] = settledStep{d: d}
	}
	return false
}

// valueFirst is assigned, the variables full expression n assigns, but
// for v where n is v = value or v op= value and value assigns no v: value
// is evaluated before v changes, so the facts depending on v hold while it
// is (last = last->next after a check of last->next); they die at the end
// of n (fullExpr).
func valueFirst(n cc.Node, assigned map[*cc.Declarator]bool) map[*cc.Declarator]bool {
	if s, ok := n.(*cc.ExpressionStatement); ok {
		n = s.ExpressionList
	}
	x, ok := n.(*cc.AssignmentExpression)
	if !ok || x.Case == cc.AssignmentExpressionCond {
		return assigned
	}
	p, ok := x.UnaryExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return assigned
	}
	v := declOf(p)
	if _, ok := assigned[v]; !ok || assignmentCounts(x.AssignmentExpression)[v] != 0 {
		return assigned
	}
	early := maps.Clone(assigned)
	delete(early, v)
	return early
}

// before rewrites with render an operand sequenced before the rest of the
// full expression rendered until the caller's pop(n), where n is the
// length of a.seq before: its checks are facts there (but for the
// variables the full expression assigns, which may have changed).
func (a *availState) before(render func() frag) frag {
	if a.inExpr == 0 || a.blocked != 0 {
		return render()
	}
	c := &collector{facts: newFacts(), cond: a.cond}
	a.collectors = append(a.collectors, c)
	f := render()
	a.collectors = a.collectors[:len(a.collectors)-1]
	kill(a.assigned, c.facts)
	a.seq = append(a.seq, c.facts)
	return f
}

// cleanPart rewrites with render part of the full expression being
// rewritten: where it is a clean part (cleanParts), nothing that may free
// has run before it, so the facts from before the full expression and
// those of the operands sequenced before it hold there, and its checks
// are facts for what it is sequenced before.
func (r *rewriter) cleanPart(part cc.Node, render func() frag) frag {
	a := &r.avail
	if !a.clean[part] || a.blocked != 1 {
		return render()
	}
	saved := a.facts
	a.facts, a.blocked = a.cleanFacts, 0
	f := render()
	a.facts, a.blocked = saved, 1
	return f
}

// pop forgets the facts of the operands sequenced since a.seq had n.
func (a *availState) pop(n int) {
	if len(a.seq) > n {
		a.seq = a.seq[:n]
	}
}

// visible yields the facts, then those of the operands sequenced before.
func (a *availState) visible(yield func(facts) bool) {
	if !yield(a.facts) {
		return
	}
	for _, fs := range a.seq {
		if !yield(fs) {
			return
		}
	}
}

// lookup is what the facts, and those of the operands sequenced before,
// say of meta and of the span key (if any).
func (a *availState) lookup(meta, key string) (l live, lok bool, s span, sok bool) {
	for fs := range a.visible {
		if x, ok := fs.lives[meta]; ok {
			l.write = l.write || x.write
			lok = true
		}
		if x, ok := fs.spans[key]; ok && key != "" {
			if !sok {
				s, sok = x, true
			}
			s.lo, s.hi = min(s.lo, x.lo), max(s.hi, x.hi)
		}
	}
	return
}

// note adds to fs the check of [lo, hi) at address k (span key: key)
// through meta.
func note(fs facts, meta, key string, k addrKey, lo, hi int64, write bool) {
	if key != "" {
		s, ok := fs.spans[key]
		if !ok {
			s = span{lo: lo, hi: hi, deps: append(append([]*cc.Declarator(nil), k.baseDeps...), k.symDeps...)}
		}
		fs.spans[key] = span{lo: min(s.lo, lo), hi: max(s.hi, hi), deps: s.deps}
	}
	l, ok := fs.lives[meta]
	own := k.own
	if !ok {
		l.deps, l.own = k.baseDeps, own
	} else if len(k.baseDeps) != 0 {
		l.deps = append(append([]*cc.Declarator(nil), l.deps...), k.baseDeps...)
		l.own = l.own && own
	}
	l.write = l.write || write
	fs.lives[meta] = l
}

// What is known of an access before its check: which tests it may leave
// out (memlens.h's __ml_chk_range and co.).
const (
	knownLive     = 1 << iota // the block is alive: no generation test
	knownAbove                // the address is at or above the block's base
	knownBelow                // the access ends at or below the block's end
	knownWritable             // the meta is not read-only

	knownAll = knownLive | knownAbove | knownBelow | knownWritable
)

// coverage reports which parts of the check of an access to lvalue n
// through meta are known to pass (knownLive and co.; all of them: no check
// is needed), and records the check about to be made.
func (r *rewriter) coverage(n cc.Node, meta string, write bool) int {
	a := &r.avail
	e, ok := n.(cc.ExpressionNode)
	if !ok || a.inExpr == 0 || a.off {
		return 0
	}
	k, key, lo, hi, ok := accessKey(e)
	if !ok {
		return 0
	}
	if key != "" {
		key = meta + "|" + key
	}
	var known int
	if a.blocked == 0 && !a.dead {
		if l, ok, s, sok := a.lookup(meta, key); ok {
			known |= knownLive
			if l.write {
				known |= knownWritable
			}
			if sok && s.lo <= lo {
				known |= knownAbove
			}
			if sok && hi <= s.hi {
				known |= knownBelow
			}
			if known&(knownAbove|knownBelow) != knownAbove|knownBelow && a.inCheckedArray(meta, e) {
				known |= knownAbove | knownBelow
			}
		}
	}
	if !write {
		known |= knownWritable
	}
	// (an aggregate's check proves its first byte inside the block, and
	// its start is at or below that of any member after it in every
	// layout: the scalars' span takes the start, not the end)
	start := ""
	if key != "" && !k.exact && !isScalar(objType(e)) {
		start = meta + "|" + k.base + "|" + k.sym
	}
	if a.collect && a.cond == 0 {
		note(a.pending, meta, key, k, lo, hi, write)
		if start != "" {
			note(a.pending, meta, start, k, lo, lo, write)
		}
	}
	if a.blocked == 0 {
		for _, c := range a.collectors {
			if c.cond == a.cond {
				note(c.facts, meta, key, k, lo, hi, write)
				if start != "" {
					note(c.facts, meta, start, k, lo, lo, write)
				}
			}
		}
	}
	return known
}

// inCheckedArray reports whether the access to lvalue e is an element a[i]
// of an array whose index is checked against its bound before the access
// (arrays.go), a array of scalars whose bytes checks through meta proved
// inside the block: the index check keeps the element inside a, so it is
// inside whatever i is (q->child[i] in a loop, after q's members around
// child were checked). An index out of bounds is reported by the index
// check, before the access.
func (a *availState) inCheckedArray(meta string, e cc.ExpressionNode) bool {
	x, ok := e.(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionIndex || !isArray(x.PostfixExpression) || !isScalar(objType(e)) {
		return false
	}
	at, _, _, _, _, ok := indexChecked(x)
	if !ok {
		return false
	}
	k, ok := lvalueAddr(x.PostfixExpression)
	if !ok || k.opaque || k.exact {
		return false
	}
	_, _, s, sok := a.lookup(meta, meta+"|"+k.base+"|"+k.sym)
	return sok && s.lo <= k.off && k.off+at.Len()*at.Elem().Size() <= s.hi
}

// accessKey is the address of the access to lvalue e, the key of its
// bytes [lo, hi) from that address ("" when the offset is not known), and
// whether it is known at all.
func accessKey(e cc.ExpressionNode) (k addrKey, key string, lo, hi int64, ok bool) {
	k, ok = lvalueAddr(e)
	t := objType(e)
	if !ok || t == nil || t.Size() <= 0 {
		return k, "", 0, 0, false
	}
	lo, hi = k.off, k.off+t.Size()
	if !k.opaque {
		key = k.base + "|" + k.sym
		if k.exact || !isScalar(t) {
			key += fmt.Sprintf("|=%d+%d", lo, hi-lo)
		}
	}
	return k, key, lo, hi, true
}

// byteFactsDie reports whether full expression (or loop) n ends the byte
// facts: typestates and grants may change in a call, and so may the
// definedness of any byte, as in a store of a value that may be undefined.
func (r *rewriter) byteFactsDie(n cc.Node) bool {
	return (r.typestate || r.tracksDef()) && r.containsCall(n) || r.tracksDef() && r.mayUndefine(n)
}

// mayUndefine reports whether n may make defined bytes in memory undefined
// other than through a call: a store of a value that may be undefined (a
// copy source, a struct, a pointer never assigned) or a declaration of a
// local kept in memory (poisoned). An update that is not a copy (x += 1,
// p++) leaves its bytes as defined as they were.
func (r *rewriter) mayUndefine(n cc.Node) bool {
	return !walkNodes(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if d := declOfExpr(x.UnaryExpression); x.Case == cc.AssignmentExpressionCond || d != nil && d.Type() != nil && isPureVar(d) {
				return true // (no store, or a register local's)
			}
			t := x.UnaryExpression.Type()
			switch {
			case t == nil, t.Kind() == cc.Struct, t.Kind() == cc.Union:
				return false
			case isPtrLike(t):
				return x.Case != cc.AssignmentExpressionAssign
			}
			return !r.copySourceKind(x.AssignmentExpression)
		case *cc.InitDeclarator:
			d := x.Declarator
			return d == nil || d.StorageDuration() != cc.Automatic || d.Type() != nil && isPureVar(d)
		}
		return true
	})
}

// pckProven reports whether the typestate checks that passed on every path
// to the access to lvalue n (write: a store) prove its own, and records
// the check about to be made unless it is; if not, unless is the test
// under which a transition on every path proves it ("": none), lean the
// pair whose flag spares the check when set, start the pair the check
// begins (pckPair; nil: none).
func (r *rewriter) pckProven(n cc.Node, write bool) (proven bool, unless string, lean, start *pckPair) {
	k := "r"
	if write {
		k = "w"
	}
	proven, lean, start = r.bytesProven(n, k, k, r.pckPairs())
	if proven {
		return true, "", nil, nil
	}
	a := &r.avail
	e, ok := n.(cc.ExpressionNode)
	if !ok || a.inExpr == 0 || a.off || a.calls != 0 || a.blocked != 0 || a.dead {
		return false, "", lean, start
	}
	found, unless := r.transitionProves(e, k)
	if !found {
		found, unless = r.repeatProves(e, k)
	}
	if found && unless == "" {
		if start != nil {
			start.off = true // (no check made: no flag set)
		}
		return true, "", nil, nil
	}
	return false, unless, lean, start
}

// transitionProves reports whether the facts of a transition
// (pckTransitioned) on every path to the access to lvalue e prove its
// bytes for accesses of kind, and the test under which they do ("": none).
func (r *rewriter) transitionProves(e cc.ExpressionNode, kind string) (found bool, unless string) {
	type bytes struct {
		key    string
		lo, hi int64
	}
	var at []bytes
	if _, key, lo, hi, ok := accessKey(e); ok && key != "" {
		at = append(at, bytes{key, lo, hi})
	}
	if key, lo, hi, ok := uncastAccess(e); ok {
		at = append(at, bytes{key, lo, hi})
	}
	for _, b := range at {
		prefix := b.key + "|" + kind + "?"
		for fs := range r.avail.visible {
			for k, c := range fs.pcks {
				if strings.HasPrefix(k, prefix) && c.covers(b.lo, b.hi) {
					return true, c.unless
				}
			}
		}
	}
	return false, ""
}

// uncastAccess is the access to lvalue e through a cast of a pointer, *(T
// *)p or ((T *)p)->f (seg.c's header words), keyed at p's address, which
// the conversion of an object pointer keeps: the key and the bytes [lo, hi)
// from it, as a transition of p has its facts.
func uncastAccess(e cc.ExpressionNode) (key string, lo, hi int64, ok bool) {
	t := objType(e)
	if t == nil || t.Size() <= 0 || !isScalar(t) {
		return "", 0, 0, false
	}
	var ptr cc.ExpressionNode
	var off int64
	switch x := unparen(e).(type) {
	case *cc.UnaryExpression:
		if x.Case != cc.UnaryExpressionDeref {
			return "", 0, 0, false
		}
		ptr = x.CastExpression
	case *cc.PostfixExpression:
		if x.Case != cc.PostfixExpressionPSelect {
			return "", 0, 0, false
		}
		f := x.Field()
		if f == nil || f.IsBitfield() || f.Parent() != nil {
			return "", 0, 0, false
		}
		if _, union := f.ParentType().(*cc.UnionType); union {
			return "", 0, 0, false
		}
		ptr, off = x.PostfixExpression, f.Offset()
	default:
		return "", 0, 0, false
	}
	c, isCast := unparen(ptr).(*cc.CastExpression)
	if !isCast || c.Case != cc.CastExpressionCast || !isDataPtr(c.Type()) || !isDataPtr(c.CastExpression.Type()) {
		return "", 0, 0, false
	}
	k, ok := pointerAddr(c.CastExpression)
	if !ok || k.opaque || k.exact {
		return "", 0, 0, false
	}
	return k.base + "|" + k.sym, k.off + off, k.off + off + t.Size(), true
}

// definedProven reports whether the bytes of the access to lvalue n are
// proven defined, and records them (as written by a store, or checked by
// a use) unless they are. A store needs bytes written on every path to it:
// checked bytes may have been reported undefined, and a store must then
// define them still. A use needs bytes written or checked.
func (r *rewriter) definedProven(n cc.Node, store bool) bool {
	if store {
		proven, _, _ := r.bytesProven(n, "d", "d", false)
		return proven
	}
	proven, _, _ := r.bytesProven(n, "du", "u", false)
	return proven
}

// bytesProven reports whether the byte facts of one of kinds (a letter
// each) on every path to the access to lvalue n prove its bytes, and
// records them as a fact of kind record unless they do. With pairs (a
// typestate check of 8 bytes), lean is the pair of a check of the 8 bytes
// before whose flag may spare it, and start the pair it begins for the 8
// bytes after (pckPair).
func (r *rewriter) bytesProven(n cc.Node, kinds, record string, pairs bool) (proven bool, lean, start *pckPair) {
	a := &r.avail
	e, ok := n.(cc.ExpressionNode)
	if !ok || a.inExpr == 0 || a.off || a.calls != 0 {
		return false, nil, nil
	}
	k, key, lo, hi, ok := accessKey(e)
	if !ok || key == "" {
		return false, nil, nil
	}
	pairs = pairs && hi-lo == 8
	if a.blocked == 0 && !a.dead {
		for fs := range a.visible {
			for _, kind := range kinds {
				c := fs.pcks[key+"|"+string(kind)]
				if c.covers(lo, hi) {
					return true, nil, nil
				}
				for _, p := range c.pairs {
					if pairs && lean == nil && p.takes(lo) {
						lean = p
					}
				}
			}
		}
	}
	if lean != nil {
		r.leanOn(lean) // (the check it takes the granule from tests it even if a transition then proves this access)
	} else if pairs {
		start = &pckPair{at: lo, lo: lo, hi: hi}
	}
	key += "|" + record
	add := func(fs facts) {
		c, ok := fs.pcks[key]
		if !ok {
			c.deps = append(append([]*cc.Declarator(nil), k.baseDeps...), k.symDeps...)
		}
		c = c.withRange(lo, hi)
		if start != nil {
			c.pairs = append(slices.Clone(c.pairs), start)
		}
		fs.pcks[key] = c
	}
	if a.collect && a.cond == 0 {
		add(a.pending)
	}
	if a.blocked == 0 {
		for _, c := range a.collectors {
			if c.cond == a.cond {
				add(c.facts)
			}
		}
	}
	return false, lean, start
}

// condition rewrites e, the condition of an if or a loop, as a full
// expression; true is what holds besides the facts after it where e is
// true: the checks of the right operands of its chain of && (andChain),
// each of which ran whenever e is true (while (n < count && last->next !=
// head) last = last->next: the body's access is checked in the condition).
func (r *rewriter) condition(e cc.ExpressionNode) (f frag, true_ facts) {
	a := &r.avail
	savedRights, savedTruth := a.andRights, a.truth
	a.andRights, a.truth = map[cc.ExpressionNode]bool{}, newFacts()
	andChain(e, a.andRights)
	f = r.fullExpr(e, func() frag { return r.decidingTruth(e) })
	true_ = a.truth
	a.andRights, a.truth = savedRights, savedTruth
	clear(true_.pcks) // (typestate and definedness: their own rules)
	return f, true_
}

// andChain collects in rights the right operands of the && operators of
// e's top-level chain (a && b && (c && d): b, c and d): where e is true,
// each was evaluated.
func andChain(e cc.ExpressionNode, rights map[cc.ExpressionNode]bool) {
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			andChain(x.ExpressionList, rights)
		}
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			andChain(x.LogicalAndExpression, rights)
			rights[x.InclusiveOrExpression] = true
			andChain(x.InclusiveOrExpression, rights)
		}
	}
}

// andRight rewrites b, the right operand of a && or a || (inside
// conditionally):
// in a condition's chain (andChain) its checks at its own level are
// facts where the condition is true (condition).
func (r *rewriter) andRight(b cc.ExpressionNode) frag {
	a := &r.avail
	if !a.andRights[b] || a.blocked != 0 {
		return r.decidingExpr(b)
	}
	c := &collector{facts: newFacts(), cond: a.cond}
	a.collectors = append(a.collectors, c)
	f := r.decidingExpr(b)
	a.collectors = a.collectors[:len(a.collectors)-1]
	kill(a.assigned, c.facts)
	saved := a.facts
	a.facts = a.truth
	a.merge(c.facts)
	a.truth, a.facts = a.facts, saved
	return f
}

// conditional rewrites an operand that may not be evaluated.
func (r *rewriter) conditionally(render func() frag) frag {
	r.avail.cond++
	f := render()
	r.avail.cond--
	return f
}

// addrKey is an address base + sym + off.
type addrKey struct {
	base, sym string
	off       int64
	exact     bool             // through an aggregate member of a union: covered only by the same access
	opaque    bool             // the offset is not known: only the base is
	baseDeps  []*cc.Declarator // the variables base depends on
	symDeps   []*cc.Declarator // and sym
	own       bool             // base is a pointer variable (baseDeps), reached through its own meta
}

// lvalueAddr is the address of lvalue n, reached through a pointer.
func lvalueAddr(n cc.ExpressionNode) (addrKey, bool) {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return lvalueAddr(x.ExpressionList)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			if isArray(x.CastExpression) { // *a is a[0]
				return lvalueAddr(x.CastExpression)
			}
			return pointerAddr(x.CastExpression)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPSelect, cc.PostfixExpressionSelect:
			f := x.Field()
			if f == nil || f.IsBitfield() || f.Parent() != nil { // (a member of an anonymous member)
				return addrKey{}, false
			}
			var k addrKey
			var ok bool
			if x.Case == cc.PostfixExpressionPSelect {
				k, ok = pointerAddr(x.PostfixExpression)
			} else {
				k, ok = lvalueAddr(x.PostfixExpression)
			}
			// (a scalar member of a union starts where the union does,
			// in every layout: it keeps the order of the struct around it)
			if _, union := f.ParentType().(*cc.UnionType); union && !isScalar(f.Type()) {
				k.exact = true
			}
			k.off += f.Offset()
			return k, ok
		case cc.PostfixExpressionIndex:
			switch {
			case isArray(x.PostfixExpression):
				k, ok := lvalueAddr(x.PostfixExpression)
				return k.plus(x.ExpressionList, elem(objType(x.PostfixExpression)), ok)
			case isDataPtr(x.PostfixExpression.Type()):
				k, ok := pointerAddr(x.PostfixExpression)
				return k.plus(x.ExpressionList, elem(x.PostfixExpression.Type()), ok)
			case isDataPtr(x.ExpressionList.Type()):
				k, ok := pointerAddr(x.ExpressionList)
				return k.plus(x.PostfixExpression, elem(x.ExpressionList.Type()), ok)
			}
		}
	}
	return addrKey{}, false
}

// pointerAddr is the address pointer expression n evaluates to.
func pointerAddr(n cc.ExpressionNode) (addrKey, bool) {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return pointerAddr(x.ExpressionList)
		case cc.PrimaryExpressionIdent:
			if d := pureVar(x); d != nil && isDataPtr(d.Type()) {
				return addrKey{base: fmt.Sprintf("#%p", d), baseDeps: []*cc.Declarator{d}, own: true}, true
			}
		}
	case *cc.AdditiveExpression:
		l, rt := x.AdditiveExpression, x.MultiplicativeExpression
		switch {
		case isDataPtr(l.Type()) && !isPtrLike(rt.Type()):
			k, ok := pointerAddr(l)
			if x.Case == cc.AdditiveExpressionSub {
				return k.minus(rt, elem(l.Type()), ok)
			}
			return k.plus(rt, elem(l.Type()), ok)
		case isDataPtr(rt.Type()) && !isPtrLike(l.Type()) && x.Case == cc.AdditiveExpressionAdd:
			k, ok := pointerAddr(rt)
			return k.plus(l, elem(rt.Type()), ok)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionAddrof && throughPointer(x.CastExpression) {
			return lvalueAddr(x.CastExpression)
		}
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			return steppedAddr(x.UnaryExpression)
		}
	case *cc.PostfixExpression:
		if isArray(x) && throughPointer(x) { // p->buf decays to its address
			return lvalueAddr(x)
		}
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			return steppedAddr(x.PostfixExpression)
		}
	}
	// another value: a cast, say, which views the memory as another type
	var b strings.Builder
	var deps []*cc.Declarator
	if !valueKey(n, &b, &deps) {
		return addrKey{}, false
	}
	return addrKey{base: b.String(), baseDeps: deps}, true
}

// steppedAddr is the address p++, p--, ++p or --p evaluates to, p operand
// n: somewhere in p's block, its offset not known (the step assigns p, so
// no span of p's holds after it), reached through p's own meta.
func steppedAddr(n cc.ExpressionNode) (addrKey, bool) {
	k, ok := pointerAddr(n)
	if !ok || !k.own || k.sym != "" || k.off != 0 {
		return addrKey{}, false
	}
	k.opaque = true
	return k, true
}

// plus is k + i elements of type t.
func (k addrKey) plus(i cc.ExpressionNode, t cc.Type, ok bool) (addrKey, bool) {
	return k.add(i, t, 1, ok)
}

// minus is k - i elements of type t.
func (k addrKey) minus(i cc.ExpressionNode, t cc.Type, ok bool) (addrKey, bool) {
	return k.add(i, t, -1, ok)
}

func (k addrKey) add(i cc.ExpressionNode, t cc.Type, sign int64, ok bool) (addrKey, bool) {
	size := int64(1) // (GNU arithmetic on void *)
	if t != nil && t.Kind() != cc.Void {
		size = t.Size()
	}
	if !ok || size <= 0 {
		return addrKey{}, false
	}
	sym, c, deps, ok := indexKey(i)
	if !ok {
		k.opaque = true
		return k, true
	}
	k.off += sign * c * size
	if sym != "" {
		k.sym += fmt.Sprintf("%+d*%d*(%s)", sign, size, sym)
	}
	k.symDeps = append(append([]*cc.Declarator(nil), k.symDeps...), deps...)
	return k, true
}

// indexKey splits the integer expression n into a variable part (its key,
// "" if none) and a constant: n is sym + c. Sums and differences are split
// only when they cannot wrap around differently from the address
// arithmetic (signed, or as wide as an address).
func indexKey(n cc.ExpressionNode) (sym string, c int64, deps []*cc.Declarator, ok bool) {
	if v, isConst := constValue(n); isConst {
		return "", v, nil, true
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return indexKey(x.ExpressionList)
		}
	case *cc.AdditiveExpression:
		if t := x.Type(); t != nil && cc.IsIntegerType(t) && (cc.IsSignedInteger(t) || t.Size() == 8) {
			s1, c1, d1, ok1 := indexKey(x.AdditiveExpression)
			s2, c2, d2, ok2 := indexKey(x.MultiplicativeExpression)
			if !ok1 || !ok2 {
				return "", 0, nil, false
			}
			deps = append(d1, d2...)
			if x.Case == cc.AdditiveExpressionSub {
				if s2 != "" {
					s2 = "-(" + s2 + ")"
				}
				c2 = -c2
			}
			switch {
			case s1 == "":
				sym = s2
			case s2 == "":
				sym = s1
			default:
				sym = s1 + "+" + s2
			}
			return sym, c1 + c2, deps, true
		}
	}
	var b strings.Builder
	if !valueKey(n, &b, &deps) {
		return "", 0, nil, false
	}
	return b.String(), 0, deps, true
}

// constValue is the value of n when it is an integer constant expression
// small enough for offsets.
func constValue(n cc.ExpressionNode) (int64, bool) {
	var v int64
	switch x := n.Value().(type) {
	case cc.Int64Value:
		v = int64(x)
	case cc.UInt64Value:
		v = int64(x)
	default:
		return 0, false
	}
	if v > 1<<32 || v < -(1<<32) {
		return 0, false
	}
	return v, true
}

// pureVar is the declarator of identifier x when it is a local scalar
// that only assignments in sight can change.
func pureVar(x *cc.PrimaryExpression) *cc.Declarator {
	if d := declOf(x); d != nil && isPureVar(d) {
		return d
	}
	return nil
}

// isPureVar reports whether d is a local scalar or pointer that only
// assignments we see change.
func isPureVar(d *cc.Declarator) bool {
	if d.AddressTaken() || d.IsVolatile() || d.IsStatic() || d.IsExtern() || d.IsThreadLocal() || d.StorageDuration() != cc.Automatic {
		return false
	}
	switch d.Type().Kind() {
	case cc.Array, cc.Struct, cc.Union, cc.Function:
		return false
	}
	return true
}

// valueKey writes a key for the value of expression n, which must be
// computed from constants and pure variables only (recorded in deps), and
// reports whether it is.
func valueKey(n cc.ExpressionNode, b *strings.Builder, deps *[]*cc.Declarator) bool {
	if v, ok := constValue(n); ok {
		fmt.Fprintf(b, "%d", v)
		return true
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d := pureVar(x)
			if d == nil {
				return false
			}
			fmt.Fprintf(b, "#%p", d)
			*deps = append(*deps, d)
			return true
		case cc.PrimaryExpressionExpr:
			b.WriteByte('(')
			ok := valueKey(x.ExpressionList, b, deps)
			b.WriteByte(')')
			return ok
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionMinus, cc.UnaryExpressionPlus, cc.UnaryExpressionCpl:
			b.WriteString(x.Token.SrcStr())
			return valueKey(x.CastExpression, b, deps)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			fmt.Fprintf(b, "(%s)", x.TypeName.Type())
			return valueKey(x.CastExpression, b, deps)
		}
	case *cc.AdditiveExpression:
		return binaryKey(x.AdditiveExpression, x.Token, x.MultiplicativeExpression, b, deps)
	case *cc.MultiplicativeExpression:
		return binaryKey(x.MultiplicativeExpression, x.Token, x.CastExpression, b, deps)
	case *cc.ShiftExpression:
		return binaryKey(x.ShiftExpression, x.Token, x.AdditiveExpression, b, deps)
	case *cc.AndExpression:
		return binaryKey(x.AndExpression, x.Token, x.EqualityExpression, b, deps)
	}
	return false
}

func binaryKey(l cc.ExpressionNode, op cc.Token, rt cc.ExpressionNode, b *strings.Builder, deps *[]*cc.Declarator) bool {
	b.WriteByte('(')
	if !valueKey(l, b, deps) {
		return false
	}
	b.WriteString(op.SrcStr())
	if !valueKey(rt, b, deps) {
		return false
	}
	b.WriteByte(')')
	return true
}

// isScalar reports whether t is neither an aggregate nor a union.
func isScalar(t cc.Type) bool {
	switch t.Kind() {
	case cc.Array, cc.Struct, cc.Union:
		return false
	}
	return true
}

// assignedVars adds the variables n assigns (=, op=, ++, --) to out.
func assignedVars(n cc.Node, out map[*cc.Declarator]bool) {
	eachAssignment(n, func(d *cc.Declarator, _ bool) { out[d] = true })
}

// assignedSteps adds the variables n assigns to out: false for a pointer
// every assignment of which steps it (++, --, += and -=: instrumented code
// keeps its meta), true for any other.
func assignedSteps(n cc.Node, out map[*cc.Declarator]bool) {
	eachAssignment(n, func(d *cc.Declarator, step bool) { out[d] = out[d] || !step })
}

// assignmentCounts counts the assignments (=, op=, ++, --, a declaration)
// of each variable in n.
func assignmentCounts(n cc.Node) map[*cc.Declarator]int {
	counts := map[*cc.Declarator]int{}
	eachAssignment(n, func(d *cc.Declarator, _ bool) { counts[d]++ })
	return counts
}

// eachAssignment calls assigns with the variable of each assignment in n,
// and whether it is a step of a data pointer (++, --, += or -=).
func eachAssignment(n cc.Node, assigns func(d *cc.Declarator, step bool)) {
	walkNodes(n, func(n cc.Node) bool {
		var target cc.ExpressionNode
		step := false
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				target = x.UnaryExpression
				step = x.Case == cc.AssignmentExpressionAdd || x.Case == cc.AssignmentExpressionSub
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				target, step = x.UnaryExpression, true
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				target, step = x.PostfixExpression, true
			}
		case *cc.InitDeclarator:
			if x.Declarator != nil {
				assigns(x.Declarator, false)
			}
		}
		if d := declOfExpr(target); d != nil {
			assigns(d, step && isDataPtr(d.Type()))
		}
		return true
	})
}

// walkNodes calls visit on n and its descendants, depth first, while visit
// returns true.
func walkNodes(n cc.Node, visit func(cc.Node) bool) bool {
	if n == nil || !visit(n) {
		return false
	}
	for _, c := range childNodes(n) {
		if !walkNodes(c, visit) {
			return false
		}
	}
	return true
}

// selection rewrites if, if/else and switch.
func (r *rewriter) selection(x *cc.SelectionStatement) frag {
	if x.Case == cc.SelectionStatementSwitch {
		defer r.jumpTarget(false)()
	}
	a := &r.avail
	var after facts // state after the condition, for the else branch
	var afterDead bool
	var then facts // state at the end of the then branch
	var thenDead bool
	f := r.each(x, func(c cc.Node) frag {
		switch c {
		case cc.Node(x.ExpressionList):
			if x.Case == cc.SelectionStatementSwitch {
				f := r.fullExpr(x.ExpressionList, func() frag { return r.expr(x.ExpressionList) })
				if a.dispatch == nil {
					a.dispatch = map[*cc.LabeledStatement]facts{}
				}
				for _, l := range caseLabels(x.Statement) {
					if !a.dead {
						a.dispatch[l] = a.facts.clone()
					}
				}
				a.stop() // the body is entered at its case labels
				after, afterDead = a.snapshot()
				return f
			}
			f, true_ := r.condition(x.ExpressionList)
			after, afterDead = a.snapshot()
			if !afterDead {
				a.merge(true_) // (the then branch's)
			}
			return f
		case cc.Node(x.Statement):
			f := r.code(c)
			then, thenDead = a.snapshot()
			a.facts, a.dead = after.clone(), afterDead
			return f
		}
		return r.code(c)
	})
	switch x.Case {
	case cc.SelectionStatementSwitch:
		a.reset()
	case cc.SelectionStatementIfElse:
		else_, elseDead := a.snapshot()
		a.join(then, thenDead, else_, elseDead)
	default:
		a.join(then, thenDead, after, afterDead)
	}
	return f
}

// caseLabels are the case and default labels of switch body s that only
// the switch's dispatch and the statement before them reach: those of its
// compound's own items (and the labels chained to them, case 1: case 2:),
// not one inside a nested statement (a loop's body: Duff's device) nor
// after a label a goto may reach.
func caseLabels(s *cc.Statement) []*cc.LabeledStatement {
	if s == nil || s.Case != cc.StatementCompound {
		return nil
	}
	var out []*cc.LabeledStatement
	for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItem.Case != cc.BlockItemStmt {
			continue
		}
		for st := l.BlockItem.Statement; st != nil && st.Case == cc.StatementLabeled; st = st.LabeledStatement.Statement {
			x := st.LabeledStatement
			if x.Case != cc.LabeledStatementCaseLabel && x.Case != cc.LabeledStatementRange && x.Case != cc.LabeledStatementDefault {
				break
			}
			out = append(out, x)
		}
	}
	return out
}

// caseLabel sets the facts at case label x: those of its switch's dispatch
// joined with those falling through from the statement before it; at any
// other label, none hold (a goto may reach it).
func (a *availState) caseLabel(x *cc.LabeledStatement) {
	d, ok := a.dispatch[x]
	if !ok {
		a.reset()
		return
	}
	a.join(d, false, a.facts, a.dead)
}

// iteration rewrites while, do and for loops (loop), and stores the site
// of a loop's one call in the frame once, before it (loopCall).
func (r *rewriter) iteration(x *cc.IterationStatement) frag {
	call := r.loopCall(x)
	if call == nil {
		return r.loop(x)
	}
	h := &frameHoist{call: call}
	if r.mainOptimized() {
		h.deep = r.name("__ml_deep")
	}
	r.fn.hoist = h
	f := r.loop(x)
	r.fn.hoist = nil
	if !h.hoisted {
		return f
	}
	var g frag
	g.str("{ ")
	if h.deep != "" {
		g.str("int " + h.deep + " __attribute__((unused)) = __ml_t.depth > 255u; ")
	}
	g.str("__ml_t.frames[" + r.slot() + "] = " + h.site + "; ")
	g.cat(f)
	g.str(" }")
	return g
}

// loop rewrites while, do and for loops. The back edge may have
// changed anything the loop changes: the facts from before it (a for's
// initialisation included: it runs once, first) that reach its body, and
// survive it, are those nothing in it kills (it frees nothing, assigns
// none of their variables).
func (r *rewriter) loop(x *cc.IterationStatement) frag {
	defer r.jumpTarget(true)()
	if l := r.pckLoopOf(x); l != nil {
		r.pckLoops = append(r.pckLoops, l)
		defer func() { r.pckLoops = r.pckLoops[:len(r.pckLoops)-1] }()
		body := r.iterationBody(x)
		r.pckPreChecked = r.pckPreChecked || len(l.guards) > 0
		return l.wrap(body, r.fn.pckLocal, r.pckNarrow())
	}
	return r.iterationBody(x)
}

func (r *rewriter) iterationBody(x *cc.IterationStatement) frag {
	a := &r.avail
	var inv facts
	// entered: the facts at the loop's entry (after a for's
	// initialisation, which runs once before it) that hold at its head,
	// unless a jump from outside the loop may land inside its body
	// (passing the entry, and reaching the head by the back edge)
	jumpedInto := r.jumpedInto(x.Statement)
	entered := func() {
		inv = newFacts()
		if !a.dead && !jumpedInto {
			fs := a.facts
			if r.mayFree(x, false) {
				fs = fs.onlySettled()
			}
			inv = r.survivors(fs, x)
		}
	}
	entered()
	head := func() { a.facts, a.dead = inv.clone(), false }
	var cond, step cc.ExpressionNode
	switch x.Case {
	case cc.IterationStatementWhile, cc.IterationStatementDo:
		cond = x.ExpressionList
	case cc.IterationStatementFor:
		cond, step = x.ExpressionList2, x.ExpressionList3
	case cc.IterationStatementForDecl:
		cond, step = x.ExpressionList, x.ExpressionList2
	}
	var body facts // state at the top of the body: after the condition
	haveBody := false
	f := r.each(x, func(c cc.Node) frag {
		var f frag
		switch {
		case cond != nil && c == cc.Node(cond):
			head()
			var true_ facts
			f, true_ = r.condition(cond)
			if !a.dead {
				a.merge(true_)
			}
			body, haveBody = a.facts.clone(), true
		case step != nil && c == cc.Node(step):
			if haveBody {
				a.facts, a.dead = r.stepFacts(inv, body, x.Statement), false
			} else {
				head() // runs after the body
			}
			f = r.fullExpr(step, func() frag { return r.expr(step) })
		case c == cc.Node(x.Statement):
			if cond == nil || x.Case == cc.IterationStatementDo || !haveBody {
				head()
			} else {
				a.facts, a.dead = body.clone(), false
			}
			f = r.code(c)
		case c == cc.Node(x.Declaration):
			r.fn.forInit = true
			f = r.code(c)
			r.fn.forInit = false
			entered() // the loop's facts start after it
			return f
		default: // the initialisation of a for
			e := c.(cc.ExpressionNode)
			f = r.fullExpr(e, func() frag { return r.expr(e) })
			entered()
			return f
		}
		head()
		return f
	})
	head()
	if x.Case == cc.IterationStatementForDecl {
		// the pointer locals it declares leave scope when it ends (or a
		// break leaves it), at the for statement
		if drops := r.declDrops([]*cc.Declaration{x.Declaration}, x.Token); drops != "" {
			var g frag
			g.str("{")
			g.cat(f)
			g.str(drops + "}")
			return g
		}
	}
	return f
}

// jumpedInto reports whether a jump from outside loop body s may land in
// it: a goto's label in it named by a goto outside it (or whose address is
// taken), or a case label of a switch around it (Duff's device).
func (r *rewriter) jumpedInto(s *cc.Statement) bool {
	if s.Case != cc.StatementCompound {
		return hasLabel(s)
	}
	cs := s.CompoundStatement
	return landsPast(cs, cs.Token.Position(), r.fn.gotos)
}

// hasLabel reports whether n holds any label (a goto's, a case or a
// default): the cheap test where any jump into n ends the facts.
func hasLabel(n cc.Node) bool {
	return AnyNode(n, func(n cc.Node) bool {
		_, ok := n.(*cc.LabeledStatement)
		return ok
	})
}

// stepFacts are the facts at a for's step, which runs after its body or
// a continue in it: those after the condition (cond) when the body frees
// nothing and has no label (a jump from elsewhere may enter it), but for
// those of the variables it assigns and the loads of slots it may write;
// otherwise the loop's own (inv, those from before it). lookup's
// c = &(*c)->next tests (*c) no more after the condition's *c.
func (r *rewriter) stepFacts(inv, cond facts, body *cc.Statement) facts {
	if hasLabel(body) || r.mayFree(body, false) {
		return inv.clone()
	}
	return r.survivors(cond, body)
}

// survivors are the facts of fs that running n leaves standing: those of
// the variables it does not assign and the slots it does not write, and
// the byte facts unless n's calls end them. n frees nothing, or fs is
// settled steps alone (onlySettled), which a free leaves.
func (r *rewriter) survivors(fs facts, n cc.Node) facts {
	fs = fs.clone()
	assigned := map[*cc.Declarator]bool{}
	assignedSteps(n, assigned)
	kill(assigned, fs)
	r.killLoads(n, fs)
	if r.byteFactsDie(n) {
		clear(fs.pcks)
	}
	return fs
}

// hasCleanup reports whether declaration d has a variable with
// __attribute__((cleanup(f))): f is called when the block ends.
func hasCleanup(d *cc.Declaration) bool { return says(d, "cleanup", "__cleanup__") }

// jumpTarget enters a loop or a switch (for the jumps out of blocks its
// break or continue makes); the result leaves it.
func (r *rewriter) jumpTarget(loop bool) func() {
	r.fn.targets = append(r.fn.targets, jumpTarget{loop, len(r.fn.scopes)})
	return func() { r.fn.targets = r.fn.targets[:len(r.fn.targets)-1] }
}
