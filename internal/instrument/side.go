package instrument

import (
	"maps"
	"regexp"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// sideFrame lays out a function's side frame (memlens.h's __ml_side_push):
// the metas and provenance of its pointers, which live across its calls,
// are words of the thread's side stack instead of variables gcc would keep
// in callee-saved registers or slots of the native frame (cJSON's -O2
// frames: 4.23 to 3.3 times gcc's). The function reaches word k of its n
// as __ml_t.side[k - n] (each callee pops its own before returning) and
// pops them at every exit (leave).
type sideFrame struct {
	names  []string          // the variables in the side frame, in the order declared
	sites  map[string]bool   // those holding a site
	groups []int             // the prologue items assigning their first values
	inits  [][]string        // and those values' assignments
	pop    string            // the placeholder of the statement popping it (leave)
	count  string            // the placeholder of its number of words (an exit's helper pops them: exitValue)
	words  map[string]string // each variable's word, and the pop (lay)
	pushed int               // the parameters' words its caller pushed, read in place instead
	topVar bool              // its top is a variable of its own (lay)
	loops  bool              // the function has a loop (lay)
}

// sideFrame is the function's side frame, or nil if its variables stay
// in the native frame: optimizing, those of a function whose only calls
// are of the helpers gcc inlines (findDirect) live across no call, and
// cost no store where they stay in registers (vm.c's op_push), while
// unoptimised the helpers are calls too, which they would live across in
// callee-saved registers, a leaf's as well (cJSON's -O0 frames: 9,112 to
// 8,696 bytes); those of a function calling setjmp may have to be volatile; asm or a nested function may
// read them where they are named. The typestate header's transitions and
// pck_put count as such helpers too: they only hand their puts to the
// runtime, and a side frame around them cost an allocator's small
// functions more than their registers (docs/ARCHITECTURE.md). Optimising,
// main has none either: its frame is made once, at the stack's bottom, so
// registers held across its calls cost no depth, and a loop in main
// (vm.c's dispatch) no longer stores and reloads its pointer's words.
func (r *rewriter) sideFrame(body *cc.CompoundStatement) *sideFrame {
	if r.c.optimizing && (r.fn.name == "main" || !r.callsBeyond(body, r.inlinedHelpers())) || r.fn.setjmp || r.fn.unseenWrites {
		return nil
	}
	loops := hasLoop(body)
	return &sideFrame{sites: map[string]bool{}, pop: r.name("__ml_sn"), count: r.name("__ml_sk"), loops: loops}
}

// registerLocalsFrom is the number of pointer locals from which a
// function keeps those read between calls in variables (readBetweenCalls).
const registerLocalsFrom = 8

// countPointerLocals is the number of pointer locals with companions body
// declares.
func (r *rewriter) countPointerLocals(body *cc.CompoundStatement) int {
	n := 0
	Inspect(body, func(x cc.Node) bool {
		if id, ok := x.(*cc.InitDeclarator); ok && r.hasCompanion(id.Declarator) {
			n++
		}
		return true
	})
	return n
}

// inlinedHelpers are the functions whose calls gcc inlines, optimising.
func (r *rewriter) inlinedHelpers() map[string]bool {
	if len(r.pckNoGrants) == 0 {
		return r.inlineHinted
	}
	helpers := maps.Clone(r.inlineHinted)
	maps.Copy(helpers, r.pckNoGrants)
	return helpers
}

// readBetweenCalls reports whether pointer local d, declared with a value
// in block cs, is read after no call made once its declaration starts
// (optimising, in detection mode: full checking reads a local's words again
// where its scope ends). Its words then live only between calls, where a
// register costs no frame: they are variables, not side words, which gcc
// stores, and loads again after each store of the program's that may
// alias them (Lua's opcodes: `ra`, a `TValue`'s tag). A label after the
// declaration, or a loop there reading d and calling, may run a read
// after a call. Only in a function of many pointer locals
// (registerLocalsFrom): in one of few, their side words are reloaded
// seldom, and the variables took a callee-saved register more in some
// (zlib's build_tree, Lua's luaK_exp2K: +16 and +32 bytes of frame).
// Or in one whose lone pointer local d is, and which has no pointer
// parameter, when nothing is called once d holds its value but in blocks
// that end in a call never returning (list.c's new_item: `it =
// malloc(...)`, perror and exit if NULL, then its fields written a char at
// a time, each store one that may alias side words, which gcc loads
// again): its words would be the side frame's only ones, and the function
// has none (callgrind Ir of list 1 249.2M -> 242.6M).
func (r *rewriter) readBetweenCalls(d *cc.Declarator, cs *cc.CompoundStatement) bool {
	if !r.c.optimizing || r.c.full {
		return false
	}
	if r.fn.ptrLocals >= registerLocalsFrom {
		return r.readOnlyBetweenCalls(d, cs, false, false)
	}
	return r.fn.ptrLocals == 1 && !hasPointerParams(r.fn.ft) && r.readOnlyBetweenCalls(d, cs, true, false)
}

// paramReadBeforeCalls reports whether pointer parameter d of a function
// with a side frame is read only as the value of pointer locals declared
// first in its body, before any call (optimising, in detection mode): a
// comparator's x = a (sort.c's cmp_record, called through qsort: its 12
// side words became 6). Its words then die there, so they are variables,
// not side words its prologue stores and those locals' initializers load
// again. Not for any read before the first call: held in registers further
// into the function, the words grew Lua's and zlib's frames (ldebug.c's
// -O2 sum 2,080 -> 2,312 bytes).
func (r *rewriter) paramReadBeforeCalls(d *cc.Declarator, body *cc.CompoundStatement) bool {
	return r.c.optimizing && !r.c.full && r.fn.side != nil && !d.AddressTaken() &&
		readOnlyInLeadingInits(d, body) && r.readOnlyBetweenCalls(d, body, false, true)
}

// readOnlyInLeadingInits reports whether d is read in body only as the
// whole initializer of a declarator in the declarations body starts with.
func readOnlyInLeadingInits(d *cc.Declarator, body *cc.CompoundStatement) bool {
	reads := 0
	Inspect(body, func(n cc.Node) bool {
		if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent && declOf(x) == d {
			reads++
		}
		return true
	})
	for l := body.BlockItemList; l != nil && l.BlockItem.Case == cc.BlockItemDecl; l = l.BlockItemList {
		Inspect(l.BlockItem.Declaration, func(n cc.Node) bool {
			if id, ok := n.(*cc.InitDeclarator); ok && id.Initializer != nil && id.Initializer.Case == cc.InitializerExpr &&
				declOfExpr(id.Initializer.AssignmentExpression) == d {
				reads--
			}
			return true
		})
	}
	return reads == 0
}

// paramInRegisters makes pointer parameter pd's words variables, not side
// words, where it is read only before body's first call.
func (r *rewriter) paramInRegisters(pd *cc.Declarator, body *cc.CompoundStatement) {
	if r.paramReadBeforeCalls(pd, body) {
		r.fn.inRegisters[r.fn.comp[pd]] = true
		r.fn.inRegisters[r.fn.compProv[pd].word] = true
	}
}

// readOnlyBetweenCalls is readBetweenCalls's walk of cs; lone: d's
// initializer's calls return before it holds a value, the calls of a
// block ending in one never returning (perror then exit) run no read of
// it after them, and no other call may follow; param: d holds its value
// from cs's start (a parameter, cs the body).
func (r *rewriter) readOnlyBetweenCalls(d *cc.Declarator, cs *cc.CompoundStatement, lone, param bool) bool {
	helpers := r.inlinedHelpers()
	reads := func(n cc.Node) bool {
		return AnyNode(n, func(n cc.Node) bool {
			x, ok := n.(*cc.PrimaryExpression)
			return ok && x.Case == cc.PrimaryExpressionIdent && declOf(x) == d
		})
	}
	started, called, between := param, false, true
	var walk func(n cc.Node)
	walk = func(n cc.Node) {
		calledBefore := called
		switch x := n.(type) {
		case *cc.InitDeclarator:
			if lone && x.Declarator == d {
				if x.Initializer != nil {
					walk(x.Initializer)
				}
				started = true
				return
			}
			started = started || x.Declarator == d
		case *cc.ExpressionStatement:
			if x.ExpressionList != nil {
				if y, fixed := r.inlineCopyStatement(x); fixed != nil {
					n = y.ArgumentExpressionList
				}
			}
		case *cc.LabeledStatement:
			between = between && !started
		case *cc.IterationStatement:
			between = between && !(started && r.callsBeyond(x, helpers) && reads(x))
		case *cc.PrimaryExpression:
			between = between && !(called && x.Case == cc.PrimaryExpressionIdent && declOf(x) == d)
		}
		for _, c := range r.children(n) {
			if between && c.node != nil {
				walk(c.node)
			}
		}
		called = called || started && r.callBeyond(n, helpers)
		if x, ok := n.(*cc.CompoundStatement); ok && lone && x != cs && r.endsInExit(x) {
			called = calledBefore
		}
	}
	walk(cs)
	return between && !(lone && called)
}

// hasPointerParams reports whether function type ft has a parameter of
// pointer type (or one decaying to a pointer).
func hasPointerParams(ft *cc.FunctionType) bool {
	if ft == nil {
		return false
	}
	for _, p := range ft.Parameters() {
		if isPtrLike(p.Type()) {
			return true
		}
	}
	return false
}

// temps is the side frame for the function's temporaries: unoptimised,
// where every helper is a call they live across; optimising, none, since
// they mostly live between two calls, and a word costs a store and loads
// again after every store of the program's that may alias it.
func (s *sideFrame) temps(r *rewriter) *sideFrame {
	if r.c.optimizing {
		return nil
	}
	return s
}

// own declares one of the function's variables as the package's own does,
// or makes it a word of the side frame: pro gets its first value's
// assignment, unless set is false: then the variable is assigned before
// any read (the companion of a local declared with a value, in a function
// without labels to jump past the declaration), and a word left as the
// stack had it costs no store. A variable with a cleanup needs its own
// address.
func (s *sideFrame) own(pro []string, vol *setjmpWrites, typ, name, attrs, init string, set bool) []string {
	if s == nil || strings.Contains(attrs, "cleanup(") {
		return append(pro, own(vol, typ, name, attrs, init))
	}
	s.names = append(s.names, name)
	s.sites[name] = strings.HasSuffix(typ, "*")
	// (the first group pushes the frame)
	if n := len(s.groups); n == 0 || set && s.groups[n-1] != len(pro)-1 {
		s.groups = append(s.groups, len(pro))
		s.inits = append(s.inits, nil)
		pro = append(pro, "")
	}
	if set {
		s.inits[len(s.inits)-1] = append(s.inits[len(s.inits)-1], name+" = "+init)
	}
	return pro
}

// sideTopWords is the size of a side frame from which an optimised
// function with a loop keeps its top in a variable (lay): Lua's
// luaV_execute (216 words) has such a frame; cJSON's functions
// (TestFrameSizeCJSON) do not, nor Lua's others (15 to 30 words), whose
// frames that register grew more often than it spared them spills (Lua
// -O2 frames from 13 words to 64: lgc.c 2,136 -> 2,072 bytes, ldo.c's
// luaD_pretailcall 16 more; callgrind Ir of bench.lua unchanged).
const sideTopWords = 64

// sideNames are the names a side frame renames in a function's text: its
// variables and the placeholders of the statement popping it (leave) and
// of its number of words.
var sideNames = regexp.MustCompile(`\b__ml_(?:p|ps|pw|m|o|h|sn|sk)\d+\b`)

// lay writes the side frame's assignments into the prologue pro (the
// first pushes the frame) and names its variables' words, for rename.
func (s *sideFrame) lay(r *rewriter, pro []string) {
	if s == nil {
		return
	}
	n := len(s.names)
	// Optimising, a large frame's top is a variable of its own (a
	// declaration, which the push's statement is not): gcc reads the
	// thread's side pointer again after every store that may alias it, a
	// variable whose address is not taken it keeps in a register. That
	// register lives across the calls, so a small frame's function
	// (cJSON's) would grow its native frame by more than the reads cost;
	// unoptimised, the variable would be a slot of the native frame.
	// Without a loop each read runs once a call, so the register costs
	// more frame than the reads cost instructions there too (Lua's
	// lapi.c: lua_copy, lua_setupvalue 16 bytes each). The words read in
	// place count as the frame's: they were its own (nbody.c's force: 6
	// side words and 9 pushed).
	push := "__ml_side_push(" + strconv.Itoa(n) + ")"
	top, decl := "__ml_t.side", ""
	if r.c.optimizing && s.loops && n+s.pushed >= sideTopWords {
		top = r.name("__ml_sb")
		decl = "__ml_uptr *const " + top + " = (" + push + ", __ml_t.side); "
		push = ""
	}
	s.topVar = top != "__ml_t.side"
	s.words = map[string]string{s.pop: "(void)0", s.count: strconv.Itoa(n)}
	if n != 0 {
		s.words[s.pop] = "__ml_t.side -= " + strconv.Itoa(n)
	}
	for k, name := range s.names {
		w := top + "[" + strconv.Itoa(k-n) + "]"
		if s.sites[name] {
			w = "(*(const struct __ml_site **)&" + w + ")"
		}
		s.words[name] = w
	}
	for i, g := range s.groups {
		inits := append(s.inits[i], "0")
		first := ""
		if i == 0 {
			first = decl
			if push != "" {
				inits = append([]string{push}, inits...)
			}
		}
		pro[g] = first + "register int " + r.name("__ml_sf") + " __attribute__((unused)) = (" + strings.Join(inits, ", ") + ");"
	}
}

// sideWordsChecks are the checks reading their provenance from side words
// (inSideWords): in a function with a side frame, only those take the
// _tw form. A frame whose top is a variable has them load the words (_tv):
// there the words' addresses are loop invariants (luaV_execute's
// interpreter loop), which gcc hoisted and spilled to its native frame
// (callgrind Ir, Lua bench.lua 1: luaV_execute +5.0M with the _tw form).
var sideWordsChecks = regexp.MustCompile(`\b(__ml_chk(?:_range|_end|_base|_ro)?)_tw\(`)

// inSideWords reports whether provenance v is held in two words of the
// function's side frame, optimising (a pointer's companions: provDecls,
// the prologue's parameters), decided before the prologue is laid: a
// check then reads them as memory operands (its _tw form), which only a
// failure's stub reads, instead of loading both into registers on its
// hot path (Lua's luaV_execute: its pointers' pending sites and words are
// side words, read again after every store of a value's tag that may
// alias them).
func (r *rewriter) inSideWords(v prov) bool {
	return r.c.optimizing && r.fn.side != nil && v.pending() && !r.fn.inRegisters[v.word] &&
		sideNames.FindString(v.site) == v.site && sideNames.FindString(v.word) == v.word && r.isCompanionProv(v)
}

// rename puts the side frame's words in place of its variables in the
// function's text f, and its pops at the placeholder of each exit.
func (s *sideFrame) rename(f frag) {
	if s == nil {
		return
	}
	f.rename(func(t string) string {
		if s.topVar {
			t = sideWordsChecks.ReplaceAllString(t, "${1}_tv(")
		}
		return sideNames.ReplaceAllStringFunc(t, func(v string) string {
			if w, ok := s.words[v]; ok {
				return w
			}
			return v
		})
	})
}

// endsInExit reports whether block cs, once entered, is left only by a
// call that never returns, which ends it (perror then exit), or by a
// return: no statement after it runs once its calls have.
func (r *rewriter) endsInExit(cs *cc.CompoundStatement) bool {
	if last := lastExprStmt(cs); last == nil || r.noreturnCall(last) == nil {
		return false
	}
	return !AnyNode(cs, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.JumpStatement:
			return x.Case != cc.JumpStatementReturn
		case *cc.LabeledStatement:
			return true
		}
		return false
	})
}
