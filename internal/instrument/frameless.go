package instrument

import "modernc.org/cc/v4"

// findFrameless picks the functions that push no frame although they make
// calls: optimised in detection mode, of a direct table or direct and
// called only by such functions (vm.c's handlers and binary), whose only calls (but those that never return) are of
// call-site leaves (callSiteLeaf), as vm.c's handlers call push, pop,
// local and next. Not the unit's other functions: Lua's API functions
// (lua_type, lua_rotate) made index2value and reverse leaves pushing a
// frame out of line, too big for gcc to inline in lapi.c (-O2 frames
// 3,840 to 3,984 bytes, over TestFrameSizeLua's 1.80 times gcc's). Nothing looks at the shadow
// stack while such a function runs but its own reports and its leaves'
// failing paths, so it is a leaf (its sites marked __ML_SITE_NOFRAME, as
// a leaf's are) and its calls' sites are marked too: a leaf called from
// it, where it would store the site in its caller's slot (that of its
// caller's caller then), pushes the site as a frame of its own, popped
// again after a report that returns (memlens.h's __ml_at_call). Those
// leaves are pushedLeaves: out of line, their entry pushes, and a cleanup
// pops once the return's value is made.
func (r *rewriter) findFrameless(decls []*cc.ExternalDeclaration) {
	r.frameless, r.pushedLeaves = map[string]bool{}, map[string]bool{}
	if !r.c.optimizing || r.c.full || r.c.every || r.c.graph {
		return
	}
	leaves := map[string]bool{}
	for name, d := range r.direct {
		if d.callSite {
			leaves[name] = true
		}
	}
	if len(leaves) == 0 {
		return
	}
	// the direct functions only a direct table's functions call (binary)
	calledOnlyBy, calledElsewhere := map[string]bool{}, map[string]bool{}
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil {
			caller := fd.Declarator.Name()
			AnyNode(fd.CompoundStatement, func(n cc.Node) bool {
				if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && r.direct[calleeName(x)] != nil {
					if r.tableFns[caller] {
						calledOnlyBy[calleeName(x)] = true
					} else {
						calledElsewhere[calleeName(x)] = true
					}
				}
				return false
			})
		}
	}
	for name := range calledElsewhere {
		delete(calledOnlyBy, name)
	}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil {
			continue
		}
		name, body := fd.Declarator.Name(), fd.CompoundStatement
		ft, _ := fd.Declarator.Type().(*cc.FunctionType)
		if leaves[name] || !r.tableFns[name] && !calledOnlyBy[name] || !r.containsCall(body) || r.callsBeyond(body, leaves) ||
			calls(body, allocas) || calls(body, setjmps) || r.declaresLocals(fd, ft) {
			continue
		}
		r.frameless[name] = true
		AnyNode(body, func(n cc.Node) bool {
			if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && leaves[calleeName(x)] && r.isCalledByName(x) {
				r.pushedLeaves[calleeName(x)] = true
			}
			return false
		})
	}
}
