package graph

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// An Invariant is one line of an invariants file (paper 004 §IV-B):
//
//	invariant NAME: for n in TYPE: EXPR
//	invariant NAME: for n in root ROOT: EXPR
//
// EXPR is a C expression over n->field paths (n->a.b->c) to pointer and
// integer members, NULL, integer constants, == != < > && || ! and parentheses; it must hold for every
// live node of TYPE (a typedef name stands for its type), or for the
// pointer the root named ROOT (head, main:l) holds.
type Invariant struct {
	Name string
	Var  string
	Type string
	Root string // the root n is, "" for a type's nodes
	Expr expr
	Line int // in the file
	Text string
}

var invariantLine = regexp.MustCompile(`^invariant\s+([A-Za-z_]\w*)\s*:\s*for\s+([A-Za-z_]\w*)\s+in\s+(root\s+[A-Za-z_][\w:.\[\]]*|[^:]+?)\s*:\s*(.+)$`)

// ParseInvariants reads an invariants file; name is its path, for errors
// (FILE:LINE: error: ...). Blank lines and lines starting with # are
// skipped.
func ParseInvariants(name string, r io.Reader) ([]Invariant, error) {
	var invs []Invariant
	sc := bufio.NewScanner(r)
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		m := invariantLine.FindStringSubmatch(text)
		if m == nil {
			return nil, fmt.Errorf("%s:%d: error: expected \"invariant NAME: for n in TYPE: EXPR\"", name, ln)
		}
		p := exprParser{toks: tokenize(m[4]), v: m[2]}
		e, err := p.parse()
		if err != nil {
			return nil, fmt.Errorf("%s:%d: error: %v", name, ln, err)
		}
		inv := Invariant{Name: m[1], Var: m[2], Type: strings.Join(strings.Fields(m[3]), " "), Expr: e, Line: ln, Text: text}
		if r, ok := strings.CutPrefix(inv.Type, "root "); ok {
			inv.Type, inv.Root = "", r
		}
		invs = append(invs, inv)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return invs, nil
}

// expr is a parsed expression.
type expr interface{}

type (
	nullLit  struct{}
	intLit   uint64
	varRef   struct{}
	fieldRef struct {
		of   expr
		path string // a.b: members after one ->
	}
	notExpr struct{ x expr }
	binExpr struct {
		op   string
		l, r expr
	}
)

var tokenRE = regexp.MustCompile(`\s*(->|==|!=|&&|\|\||[<>!().]|[A-Za-z_]\w*|0[xX][0-9a-fA-F]+|\d+|\S)`)

func tokenize(s string) []string {
	var toks []string
	for _, m := range tokenRE.FindAllStringSubmatch(s, -1) {
		toks = append(toks, m[1])
	}
	return toks
}

type exprParser struct {
	toks []string
	i    int
	v    string
}

func (p *exprParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *exprParser) next() string {
	t := p.peek()
	p.i++
	return t
}

func (p *exprParser) parse() (expr, error) {
	e, err := p.binary(0)
	if err == nil && p.i < len(p.toks) {
		err = fmt.Errorf("unexpected %q", p.peek())
	}
	return e, err
}

var precedence = map[string]int{"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4}

func (p *exprParser) binary(min int) (expr, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		op := p.peek()
		prec, ok := precedence[op]
		if !ok || prec <= min-1 || prec < min {
			return l, nil
		}
		p.next()
		r, err := p.binary(prec + 1)
		if err != nil {
			return nil, err
		}
		l = binExpr{op, l, r}
	}
}

func (p *exprParser) unary() (expr, error) {
	switch t := p.next(); {
	case t == "!":
		x, err := p.unary()
		return notExpr{x}, err
	case t == "(":
		e, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		if p.next() != ")" {
			return nil, fmt.Errorf("missing )")
		}
		return p.postfix(e)
	case t == "NULL":
		return nullLit{}, nil
	case t == p.v:
		return p.postfix(varRef{})
	case t != "" && t[0] >= '0' && t[0] <= '9':
		v, err := strconv.ParseUint(t, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("bad number %q", t)
		}
		return intLit(v), nil
	case t == "":
		return nil, fmt.Errorf("the expression ends early")
	default:
		return nil, fmt.Errorf("unexpected %q (only %s->field paths, NULL, numbers, == != < > && || ! and parentheses)", t, p.v)
	}
}

func (p *exprParser) postfix(e expr) (expr, error) {
	for p.peek() == "->" {
		p.next()
		var path []string
		for {
			f := p.next()
			if !regexp.MustCompile(`^[A-Za-z_]\w*$`).MatchString(f) {
				return nil, fmt.Errorf("expected a member name after -> or ., found %q", f)
			}
			path = append(path, f)
			if p.peek() != "." {
				break
			}
			p.next()
		}
		e = fieldRef{e, strings.Join(path, ".")}
	}
	return e, nil
}

// A Violation is an invariant broken at a node (nil: a root holding no
// node): TS is the store after which it stayed broken, Site its statement.
type Violation struct {
	Invariant *Invariant
	Node      *Node
	TS        int64
	Site      *Site
}

func (v Violation) String() string {
	loc := "?:0"
	if v.Site != nil {
		loc = fmt.Sprintf("%s:%d", v.Site.File, v.Site.Line)
	}
	n := "NULL"
	if v.Node != nil {
		n = fmt.Sprintf("node#%d (%s)", v.Node.ID, v.Node.Type)
	}
	if v.Invariant.Root != "" {
		return fmt.Sprintf("%s: invariant %s broken at ts %d: %s=%s=%s", loc, v.Invariant.Name, v.TS, v.Invariant.Var, v.Invariant.Root, n)
	}
	return fmt.Sprintf("%s: invariant %s broken at ts %d: %s=%s", loc, v.Invariant.Name, v.TS, v.Invariant.Var, n)
}

// memory answers what a slot held at a moment, from the stores.
type memory struct {
	g     *Graph
	slots map[uint64][]int // slot -> its histories in g.slots
	// members: (type, member path) -> offset and pointee type
	members map[[2]string]*Field
	// typedef name -> the type as C spells it
	typedefs map[string]string
	reads    []uint64 // the slots loads read, for Check to know what to watch
}

func (g *Graph) memory() *memory {
	m := &memory{g: g, slots: map[uint64][]int{}, members: map[[2]string]*Field{}, typedefs: map[string]string{}}
	for i := range g.slots {
		m.slots[g.slots[i].slot] = append(m.slots[g.slots[i].slot], i)
	}
	for _, e := range g.Trace.Events {
		if f := e.Field; f != nil {
			if f.Path != "" {
				m.members[[2]string{f.Container, f.Path}] = f
			}
			if f.ContainerTypedef != "" {
				m.typedefs[f.ContainerTypedef] = f.Container
			}
			if f.ValueTypedef != "" {
				m.typedefs[f.ValueTypedef] = f.Value
			}
		}
	}
	return m
}

// load is the pointer at slot right after ts (0 if none was stored).
func (m *memory) load(slot uint64, ts int64) uint64 {
	m.reads = append(m.reads, slot)
	var v uint64
	var at int64
	for _, i := range m.slots[slot] {
		h := &m.g.slots[i]
		k := sort.Search(len(h.stores), func(k int) bool { return h.stores[k].ts > ts }) - 1
		if k >= 0 && h.stores[k].ts > at {
			v, at = h.stores[k].value, h.stores[k].ts
		}
	}
	return v
}

// check checks that every member path of e exists in the trace, for
// type typ; it returns e's pointee type.
func (m *memory) check(e expr, typ string) (string, error) {
	switch x := e.(type) {
	case varRef:
		return typ, nil
	case fieldRef:
		t, err := m.check(x.of, typ)
		if err != nil {
			return "", err
		}
		f := m.members[[2]string{t, x.path}]
		if f == nil {
			return "", fmt.Errorf("nothing is ever stored to %s of %s in the trace (only pointer and integer members stored through a pointer are traced, not bit-fields)", x.path, t)
		}
		return f.Value, nil
	case notExpr:
		_, err := m.check(x.x, typ)
		return "", err
	case binExpr:
		if _, err := m.check(x.l, typ); err != nil {
			return "", err
		}
		_, err := m.check(x.r, typ)
		return "", err
	}
	return "", nil
}

// eval computes e for the node at address n right after ts; a member
// read through NULL is 0.
func (m *memory) eval(e expr, n uint64, typ string, ts int64) (uint64, string) {
	switch x := e.(type) {
	case nullLit:
		return 0, ""
	case intLit:
		return uint64(x), ""
	case varRef:
		return n, typ
	case fieldRef:
		p, t := m.eval(x.of, n, typ, ts)
		f := m.members[[2]string{t, x.path}]
		if p == 0 || f == nil {
			return 0, ""
		}
		return m.load(p+f.Offset, ts), f.Value
	case notExpr:
		v, _ := m.eval(x.x, n, typ, ts)
		return b2u(v == 0), ""
	case binExpr:
		l, _ := m.eval(x.l, n, typ, ts)
		switch x.op {
		case "&&":
			if l == 0 {
				return 0, ""
			}
			r, _ := m.eval(x.r, n, typ, ts)
			return b2u(r != 0), ""
		case "||":
			if l != 0 {
				return 1, ""
			}
			r, _ := m.eval(x.r, n, typ, ts)
			return b2u(r != 0), ""
		}
		r, _ := m.eval(x.r, n, typ, ts)
		switch x.op {
		case "==":
			return b2u(l == r), ""
		case "!=":
			return b2u(l != r), ""
		case "<": // (integers were traced as long long; pointers are below 2^63)
			return b2u(int64(l) < int64(r)), ""
		case ">":
			return b2u(int64(l) > int64(r)), ""
		}
	}
	return 0, ""
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Check finds, for each invariant, its first violation. An invariant is
// checked where the program's data structures are at rest: before each
// allocation, after each free and at the end (an update in progress breaks
// invariants between its stores); it is checked on every node of its type
// that is live then. The violation names the store after which the node
// broke it and did not recover. An invariant naming a member no pointer is
// ever stored to is an error (FILE:LINE).
func (g *Graph) Check(name string, invs []Invariant) ([]Violation, error) {
	m := g.memory()
	for i := range invs {
		if r := invs[i].Root; r != "" {
			t, ok := g.rootType(r)
			if !ok {
				return nil, fmt.Errorf("%s:%d: error: no root %s in the trace (roots are named variables a pointer was stored into, a local after its function: main:head)", name, invs[i].Line, r)
			}
			invs[i].Type = t
		}
		if t, ok := m.typedefs[invs[i].Type]; ok {
			invs[i].Type = t // (for n in Node: the nodes of struct node)
		}
		if _, err := m.check(invs[i].Expr, invs[i].Type); err != nil {
			return nil, fmt.Errorf("%s:%d: error: %v", name, invs[i].Line, err)
		}
	}
	var out []Violation
	for i := range invs {
		first := g.firstViolation
		if invs[i].Root != "" {
			first = g.firstRootViolation
		}
		if v := first(m, &invs[i]); v != nil {
			out = append(out, *v)
		}
	}
	return out, nil
}

func (g *Graph) firstViolation(m *memory, inv *Invariant) *Violation {
	holds := func(n *Node, ts int64) bool {
		v, _ := m.eval(inv.Expr, n.Start, inv.Type, ts)
		return v != 0
	}
	// A node is evaluated again only when a slot its last evaluation read
	// was stored to since: the others still hold.
	readers := map[uint64][]int{}
	check := func(k int, ts int64) bool {
		m.reads = m.reads[:0]
		ok := holds(&g.Nodes[k], ts)
		for _, slot := range m.reads {
			readers[slot] = append(readers[slot], k)
		}
		return ok
	}
	dirty := map[int]bool{}
	evaluated := 0    // nodes below it were evaluated once
	var checked int64 // the last moment at rest
	for i, e := range g.Trace.Events {
		ts := int64(i + 1)
		atRest := ts - 1 // before an allocation
		switch {
		case e.Kind == Free || ts == g.Events():
			atRest = ts // after a free: the node unlinked is gone
		}
		if e.Kind == Store || e.Kind == RootStore || e.Kind == Data || e.Kind == Copy {
			written := func(slot uint64) {
				for _, k := range readers[slot] {
					dirty[k] = true
				}
				delete(readers, slot)
			}
			if e.Kind != Copy {
				written(e.Addr)
			} else {
				for slot := range readers { // (copies are rare: a scan)
					if slot-e.Addr < e.Size {
						written(slot)
					}
				}
			}
			if ts != g.Events() {
				continue
			}
		}
		var todo []int
		for k := range dirty {
			todo = append(todo, k)
		}
		for ; evaluated < len(g.Nodes) && g.Nodes[evaluated].TS <= atRest; evaluated++ {
			todo = append(todo, evaluated)
		}
		sort.Ints(todo)
		clear(dirty)
		for _, k := range todo {
			n := &g.Nodes[k]
			bl := &g.Blocks[n.Block]
			if n.Type != inv.Type || (bl.Freed != 0 && bl.Freed <= atRest) || check(k, atRest) {
				continue
			}
			// the store after which n stayed broken
			at := atRest
			for t := atRest; t > checked && t > n.TS; t-- {
				if holds(n, t-1) {
					break
				}
				at = t - 1
			}
			if at < 1 {
				at = 1
			}
			return &Violation{Invariant: inv, Node: n, TS: at, Site: g.Trace.Events[at-1].Site}
		}
		checked = atRest
	}
	return nil
}

// rootType is the type the pointers stored into root name point to.
func (g *Graph) rootType(name string) (string, bool) {
	for _, e := range g.Trace.Events {
		if e.Kind == RootStore && e.Field.Path == name {
			return e.Field.Value, true
		}
	}
	return "", false
}

// rootAt is the pointer root name holds right after ts (its last store by
// then, whatever its slot), 0 if none.
func (g *Graph) rootAt(name string, ts int64) uint64 {
	var v uint64
	var at int64
	for i := range g.Roots {
		if rt := &g.Roots[i]; rt.Name == name {
			if st, ok := lastStore(rt.stores, ts); ok && st.ts > at {
				v, at = st.value, st.ts
			}
		}
	}
	return v
}

// firstRootViolation is firstViolation for an invariant over a root: it is
// checked at every moment at rest.
func (g *Graph) firstRootViolation(m *memory, inv *Invariant) *Violation {
	holds := func(ts int64) bool {
		v, _ := m.eval(inv.Expr, g.rootAt(inv.Root, ts), inv.Type, ts)
		return v != 0
	}
	var checked int64
	for i, e := range g.Trace.Events {
		ts := int64(i + 1)
		atRest := ts - 1
		switch {
		case e.Kind == Free || ts == g.Events():
			atRest = ts
		case e.Kind != Alloc && e.Kind != Realloc:
			continue
		}
		if holds(atRest) {
			checked = atRest
			continue
		}
		at := atRest
		for t := atRest; t > checked && t > 1 && !holds(t-1); t-- {
			at = t - 1
		}
		if at < 1 {
			at = 1
		}
		var node *Node
		if p := g.rootAt(inv.Root, atRest); p != 0 {
			for bi := range g.Blocks {
				if bl := &g.Blocks[bi]; bl.Base <= p && p < bl.End && bl.TS <= atRest && (bl.Freed == 0 || bl.Freed >= atRest) {
					node = g.nodeAt(bi, p, atRest)
				}
			}
		}
		return &Violation{Invariant: inv, Node: node, TS: at, Site: g.Trace.Events[at-1].Site}
	}
	return nil
}
