package typestate

import (
	"fmt"
	"slices"
	"strings"
)

// MaxStates is how many typestates a layout may have besides UNMAPPED: the
// runtime's shadow keeps one byte per application byte, and 255 marks the
// bytes past the end of its chunks.
const MaxStates = 254

// reserved names cannot start a typestate's path: PCK_<name> is the
// header's own (PCK_R, PCK_ALL_…, PCK_PERM_R, PCK_UNMAPPED, …).
var reserved = []string{"UNMAPPED", "ALL", "PERM", "R", "W", "RW", "NONE", "ASSERT", "NTYPESTATES", "LAYOUT"}

// State is one typestate of the layout.
type State struct {
	ID   int      // 1…; 0 is UNMAPPED
	Path []string // from the nearest enclosing repeated or root typestate down to it
	Size int64    // bytes, or -1 when it depends on the memory transitioned
	body *node
	pos  pos
}

// Name is the typestate's name after PCK_: its path joined by '_'.
func (s *State) Name() string { return strings.Join(s.Path, "_") }

// node is a resolved layout expression: what a transition lays out.
type node struct {
	kind  kind   // kDef (a typestate: state), kSeq, kUnion, kPrim, kRep
	state *State // kDef
	size  int64  // bytes, -1 variable
	parts []*node
	elem  *State // kRep of a typestate: its own transition fills the rest
	esize int64  // kRep: the element's size (-1 variable)
}

// Layout is a resolved layout spec.
type Layout struct {
	File   string
	States []*State // by ID - 1
}

type resolver struct {
	file   string
	top    map[string]*expr
	byPath map[string]*State
	states []*State
	// the top-level typestates, expanded once each (a '#' of one refers to it)
	roots map[string]*State
	// the typestates a reference to a statement made, by the statement's name
	// (a seq may name it again: a boundary tag at both ends of a chunk)
	refs map[*State]string
}

// Parse reads and resolves the layout spec src (named file in errors).
func Parse(file, src string) (*Layout, error) {
	stmts, err := parseSpec(file, src)
	if err != nil {
		return nil, err
	}
	r := &resolver{file: file, top: map[string]*expr{}, byPath: map[string]*State{}, roots: map[string]*State{}, refs: map[*State]string{}}
	for _, s := range stmts {
		if prev, ok := r.top[s.name]; ok {
			return nil, r.errAt(s.pos, "typestate %s is defined twice (first at %d:%d)", s.name, prev.pos.line, prev.pos.col)
		}
		if slices.Contains(reserved, s.name) {
			return nil, r.errAt(s.pos, "%s is reserved (PCK_%s is the header's own)", s.name, s.name)
		}
		r.top[s.name] = s
	}
	for _, s := range stmts {
		if _, err := r.root(s.name, s.pos); err != nil {
			return nil, err
		}
	}
	if len(r.states) > MaxStates {
		return nil, r.errAt(stmts[0].pos, "the layout has %d typestates; memlens tracks at most %d", len(r.states), MaxStates)
	}
	return &Layout{File: file, States: r.states}, nil
}

func (r *resolver) errAt(p pos, format string, args ...any) error {
	return &Error{r.file, p.line, p.col, fmt.Sprintf(format, args...)}
}

// root expands the top-level statement name (once).
func (r *resolver) root(name string, at pos) (*State, error) {
	if s, ok := r.roots[name]; ok {
		return s, nil
	}
	d, ok := r.top[name]
	if !ok {
		return nil, r.errAt(at, "typestate %s is not defined", name)
	}
	// known before its body is expanded: the body may repeat it ("# Name")
	s, err := r.newState([]string{name}, d.pos)
	if err != nil {
		return nil, err
	}
	r.roots[name] = s
	if err := r.fill(s, d.kids[0], []string{name}); err != nil {
		return nil, err
	}
	return s, nil
}

func (r *resolver) newState(path []string, at pos) (*State, error) {
	key := strings.Join(path, "_")
	if prev, ok := r.byPath[key]; ok {
		return nil, r.errAt(at, "typestate PCK_%s is defined twice (first at %d:%d)", key, prev.pos.line, prev.pos.col)
	}
	s := &State{ID: len(r.states) + 1, Path: path, Size: -1, pos: at}
	r.byPath[key] = s
	r.states = append(r.states, s)
	return s, nil
}

func (r *resolver) fill(s *State, body *expr, stack []string) error {
	b, err := r.expand(body, s.Path, stack)
	if err != nil {
		return err
	}
	s.body, s.Size = b, b.size
	return nil
}

// named makes the typestate prefix+name with the given body.
func (r *resolver) named(name string, body *expr, prefix, stack []string, at pos) (*node, error) {
	s, err := r.newState(append(slices.Clip(prefix), name), at)
	if err != nil {
		return nil, err
	}
	if err := r.fill(s, body, stack); err != nil {
		return nil, err
	}
	return &node{kind: kDef, state: s, size: s.Size}, nil
}

func (r *resolver) expand(e *expr, prefix, stack []string) (*node, error) {
	switch e.kind {
	case kDef:
		return r.named(e.name, e.kids[0], prefix, stack, e.pos)
	case kRef:
		d, ok := r.top[e.name]
		if !ok {
			return nil, r.errAt(e.pos, "typestate %s is not defined", e.name)
		}
		if slices.Contains(stack, e.name) {
			return nil, r.errAt(e.pos, "%s contains itself without '#' (its size would be infinite)", e.name)
		}
		if s, ok := r.byPath[strings.Join(append(slices.Clip(prefix), e.name), "_")]; ok && r.refs[s] == e.name {
			return &node{kind: kDef, state: s, size: s.Size}, nil
		}
		n, err := r.named(e.name, d.kids[0], prefix, append(slices.Clip(stack), e.name), e.pos)
		if err != nil {
			return nil, err
		}
		r.refs[n.state] = e.name
		return n, nil
	case kPrim:
		return &node{kind: kPrim, size: e.bytes}, nil
	case kRep:
		el := e.kids[0]
		n := &node{kind: kRep, size: -1}
		switch el.kind {
		case kPrim:
			n.esize = el.bytes
		case kRef:
			s, err := r.root(el.name, el.pos)
			if err != nil {
				return nil, err
			}
			n.elem, n.esize = s, s.Size
		case kDef: // a repeated typestate's path starts at it
			d, err := r.named(el.name, el.kids[0], nil, stack, el.pos)
			if err != nil {
				return nil, err
			}
			n.elem, n.esize = d.state, d.size
		default:
			return nil, r.errAt(el.pos, "'#' repeats a typestate or a size, not an anonymous seq or union")
		}
		return n, nil
	case kSeq:
		n := &node{kind: kSeq}
		for _, k := range e.kids {
			p, err := r.expand(k, prefix, stack)
			if err != nil {
				return nil, err
			}
			if p.kind == kSeq { // an anonymous seq inside a seq is its parts
				n.parts = append(n.parts, p.parts...)
			} else {
				n.parts = append(n.parts, p)
			}
		}
		n.size = 0
		for _, p := range n.parts {
			if p.size < 0 {
				n.size = -1
				break
			}
			n.size += p.size
		}
		return n, nil
	case kUnion:
		n := &node{kind: kUnion}
		for i, k := range e.kids {
			p, err := r.expand(k, prefix, stack)
			if err != nil {
				return nil, err
			}
			n.parts = append(n.parts, p)
			if i == 0 {
				n.size = p.size
			} else if p.size != n.size {
				n.size = -1
			}
		}
		return n, nil
	}
	panic("typestate: unknown expression")
}
