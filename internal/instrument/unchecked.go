package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// Functions declared no_sanitize_address (or no_sanitize("address"),
// no_address_safety_analysis) read outside their objects on purpose: a
// garbage collector scanning the stack, an allocator testing whether an
// address is its own, word-at-a-time string code. ASan leaves their
// accesses unchecked, and programs give the attribute under
// __SANITIZE_ADDRESS__, which memlens defines (Python's obmalloc): their
// accesses go unchecked here too. Everything else in them is instrumented
// as usual, so the pointers they pass on keep their blocks.

// findUnchecked collects the functions declared not to be address-checked.
func (r *rewriter) findUnchecked(decls []*cc.ExternalDeclaration) {
	r.unchecked = r.declaredWith(decls, func(a *cc.AttributeValue) bool {
		switch a.Token.SrcStr() {
		case "no_sanitize_address", "__no_sanitize_address__", "no_address_safety_analysis", "__no_address_safety_analysis__":
			return true
		case "no_sanitize", "__no_sanitize__":
			return a.ArgumentExpressionList != nil && anyToken(a.ArgumentExpressionList, func(t cc.Token) bool {
				return strings.Contains(t.SrcStr(), "address")
			})
		}
		return false
	})
}
