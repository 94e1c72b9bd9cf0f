package instrument

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Reloads: a pointer read again from a slot nothing can have written since
// its last read takes the meta that read fetched, not the shadow's again
// (__ml_ld verifies the shadow's hash and the block's bounds: about twenty
// instructions). zlib's longest_match reads s->window at each candidate of
// its chain; only s->match_start is stored meanwhile.
//
// A load fact: the slot at an address key (a pure base, as the other facts'
// are) was read through tag, and the meta temporary of that read holds the
// meta of the value there. It is made where the read runs whenever its full
// expression does, and dies, besides as the other facts (an assignment of
// its variables, a call that may free, a label, a join, asm), at any call
// (a callee may store anything), and at any store to memory that may
// overlap the slot: only a store through the same base and index to bytes
// beside the slot's, or to a local no pointer can reach (a pure variable),
// keeps it. With nothing written, the slot holds the same value, and that
// value the same meta: its block can change only by a call (free).

// loaded is a load fact: meta (a temporary of the function) holds the meta
// of the pointer in the slot [lo, hi) from base and sym.
type loaded struct {
	meta      string
	base, sym string
	lo, hi    int64
	deps      []*cc.Declarator
	id        int
}

// loadKey is the key of the load of pointer lvalue n through tag, its
// fact (but for meta and id), and whether n's slot has a known address.
func loadKey(n cc.ExpressionNode, tag string) (string, loaded, bool) {
	k, _, lo, hi, ok := accessKey(n)
	if !ok || k.opaque || k.exact || volatileSlot(n) {
		return "", loaded{}, false
	}
	l := loaded{base: k.base, sym: k.sym, lo: lo, hi: hi, deps: append(append([]*cc.Declarator(nil), k.baseDeps...), k.symDeps...)}
	return fmt.Sprintf("%s|%s|%d|%s", k.base, k.sym, lo, tag), l, true
}

// reload is the meta temporary holding the meta of the pointer lvalue n
// read through tag, when a load fact says so.
func (r *rewriter) reload(n cc.ExpressionNode, tag string) (string, bool) {
	a := &r.avail
	if a.inExpr == 0 || a.blocked != 0 || a.dead || a.off {
		return "", false
	}
	key, _, ok := loadKey(n, tag)
	if !ok {
		return "", false
	}
	l, ok := a.facts.loads[key]
	return l.meta, ok
}

// noteLoad records that the load of pointer lvalue n through tag left its
// meta in temporary m, when the load runs whenever its full expression does.
func (r *rewriter) noteLoad(n cc.ExpressionNode, tag, m string) {
	a := &r.avail
	if a.inExpr == 0 || a.off || !a.collect || a.cond != 0 {
		return
	}
	key, l, ok := loadKey(n, tag)
	if !ok {
		return
	}
	l.meta = m
	a.pending.loads[key] = l
}

// memStore is the address of the bytes a store writes: known (ok) when it is
// written through a pure base; local when it is a pure variable, in no
// memory a pointer reaches.
type memStore struct {
	base, sym string
	lo, hi    int64
	ok, local bool
}

// killLoads removes from fs the load facts the calls and stores in n may
// falsify.
func (r *rewriter) killLoads(n cc.Node, fs facts) {
	if len(fs.loads) == 0 {
		return
	}
	stores, calls := r.storesIn(n)
	if calls {
		clear(fs.loads)
		return
	}
	for k, l := range fs.loads {
		for _, s := range stores {
			if !s.local && (!s.ok || s.base != l.base || s.sym != l.sym || s.lo < l.hi && l.lo < s.hi) {
				delete(fs.loads, k)
				break
			}
		}
	}
}

// storesIn is what n writes in memory, and whether it makes a call (any
// call but a builtin's that stores nothing: the __sync_ and __atomic_ ones
// do).
func (r *rewriter) storesIn(n cc.Node) (stores []memStore, calls bool) {
	walkNodes(n, func(n cc.Node) bool {
		var target cc.ExpressionNode
		switch x := n.(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall:
				name := calleeName(x)
				if r.callBeyond(x, nil) || strings.HasPrefix(name, "__sync_") || strings.HasPrefix(name, "__atomic_") {
					calls = true
				}
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				target = x.PostfixExpression
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				target = x.UnaryExpression
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				target = x.UnaryExpression
			}
		case *cc.InitDeclarator:
			if d := x.Declarator; d != nil && x.Initializer != nil && !isPureVar(d) {
				stores = append(stores, memStore{})
			}
		}
		if target != nil {
			stores = append(stores, storeOf(target))
		}
		return !calls
	})
	return stores, calls
}

// storeOf is the address of the bytes a store to lvalue n writes.
func storeOf(n cc.ExpressionNode) memStore {
	if d := declOfExpr(n); d != nil && isPureVar(d) {
		return memStore{local: true}
	}
	k, _, lo, hi, ok := accessKey(n)
	if !ok || k.opaque || k.exact {
		return memStore{}
	}
	return memStore{base: k.base, sym: k.sym, lo: lo, hi: hi, ok: true}
}

// volatileSlot reports whether lvalue n may be volatile: its type, or the
// object a member or element of which it is (p->m of a volatile *p), is.
// Such a slot may change unseen between two reads.
func volatileSlot(n cc.ExpressionNode) bool {
	for {
		if t := n.Type(); t == nil || t.Attributes().IsVolatile() {
			return true
		}
		switch x := unparen(n).(type) {
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionSelect:
				n = x.PostfixExpression
				continue
			case cc.PostfixExpressionPSelect:
				return volatileElem(x.PostfixExpression.Type())
			case cc.PostfixExpressionIndex:
				if isArray(x.PostfixExpression) {
					n = x.PostfixExpression
					continue
				}
				return volatileElem(x.PostfixExpression.Type()) || volatileElem(x.ExpressionList.Type())
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref {
				return volatileElem(x.CastExpression.Type())
			}
		}
		return false
	}
}

// volatileElem reports whether the elements of pointer or array type t are
// volatile.
func volatileElem(t cc.Type) bool {
	e := elem(t)
	return e != nil && e.Attributes().IsVolatile()
}
