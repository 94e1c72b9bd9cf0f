package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// Calls that cannot free: a check that passed before such a call still
// holds after it (avail.go), since only freeing memory (free, realloc, a
// block's end retiring its locals, a return retiring the frame's) changes
// a block's generation or bounds, and the callee's own locals are newer
// than any pointer the caller holds. A function of the unit frees nothing
// when it calls nothing that may (found by a fixpoint over the unit's
// bodies); of the rest, the libc functions below, declared by the system
// headers, and the compiler's builtins of the same names.

// nonFreeing are libc functions that never free or reallocate a block of
// the program, nor call back into it.
var nonFreeing = setOf(
	// allocation (a new block changes no other)
	"malloc", "calloc", "aligned_alloc", "memalign", "posix_memalign", "valloc", "pvalloc",
	"strdup", "strndup", "alloca",
	// memory and strings
	"memcpy", "mempcpy", "memmove", "memset", "memcmp", "memchr", "memrchr", "bcmp", "bzero",
	"strcpy", "stpcpy", "strncpy", "stpncpy", "strcat", "strncat",
	"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll",
	"strchr", "strrchr", "strstr", "strpbrk", "strspn", "strcspn",
	// conversions and characters
	"atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof",
	"strtold", "abs", "labs", "llabs", "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc",
	"isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint",
	"ispunct", "isspace", "isupper", "isxdigit", "tolower", "toupper", "__errno_location",
	// output and input
	"printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf",
	"puts", "fputs", "putchar", "fputc", "putc", "fwrite", "fflush", "perror",
	"fgets", "fread", "getchar", "fgetc", "getc", "read", "write",
	// mathematics
	"sqrt", "sqrtf", "cbrt", "fabs", "fabsf", "floor", "floorf", "ceil", "ceilf", "round", "roundf",
	"trunc", "truncf", "fmod", "fmodf", "fmin", "fmax", "pow", "powf", "exp", "expf", "exp2", "log",
	"logf", "log2", "log10", "sin", "sinf", "cos", "cosf", "tan", "tanf", "asin", "acos", "atan",
	"atan2", "atan2f", "sinh", "cosh", "tanh", "hypot", "ldexp", "frexp", "modf", "lround", "lrint",
	"rand", "srand", "time", "clock",
	// never return
	"exit", "_exit", "_Exit", "abort", "__assert_fail",
	// builtins that are no library function
	"expect", "unreachable", "trap", "constant_p", "object_size", "dynamic_object_size", "prefetch",
	"assume_aligned", "add_overflow", "sub_overflow", "mul_overflow", "clz", "clzl", "clzll", "ctz",
	"ctzl", "ctzll", "popcount", "popcountl", "popcountll", "ffs", "ffsl", "ffsll", "parity",
	"bswap16", "bswap32", "bswap64", "isnan", "isinf", "isfinite", "signbit", "huge_val", "inf",
	"nan", "va_start", "va_end", "va_copy", "classify_type", "frame_address", "return_address",
	"alloca_with_align",
)

// findFreeing decides, for the functions the unit defines (those another
// definition cannot replace at link time: not C99 inline ones, which
// become weak), whether a call to them may free.
func (r *rewriter) findFreeing(decls []*cc.ExternalDeclaration) {
	r.freeing = map[string]bool{}
	bodies := map[string]*cc.CompoundStatement{}
	for _, ed := range decls {
		fd := ed.FunctionDefinition
		if fd == nil || !r.instrumented(fd) ||
			fd.Declarator.IsInline() && fd.Declarator.Linkage() == cc.External {
			continue
		}
		name := fd.Declarator.Name()
		bodies[name] = fd.CompoundStatement
		r.freeing[name] = false
	}
	for changed := true; changed; {
		changed = false
		for name, body := range bodies {
			if !r.freeing[name] && r.mayFree(body, false) {
				r.freeing[name] = true
				changed = true
			}
		}
	}
}

// mayFree reports whether running n may free memory: it calls a function
// that may, runs a cleanup attribute's function or an asm statement, or
// (with stmtExprs) holds a statement expression, whose statements the
// rewrite of a full expression does not follow.
func (r *rewriter) mayFree(n cc.Node, stmtExprs bool) bool {
	found := false
	walkNodes(n, func(n cc.Node) bool {
		found = r.freesHere(n, stmtExprs)
		return !found
	})
	return found
}

// freesHere reports whether node n itself is one that mayFree looks for.
func (r *rewriter) freesHere(n cc.Node, stmtExprs bool) bool {
	switch x := n.(type) {
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionCall && r.callFrees(x)
	case *cc.PrimaryExpression:
		return stmtExprs && x.Case == cc.PrimaryExpressionStmt
	case *cc.Declaration:
		return hasCleanup(x)
	case *cc.AsmStatement, *cc.AsmExpressionList:
		return true
	}
	return false
}

// freeingNodes counts the nodes in n that may free memory (freesHere,
// statement expressions included).
func (r *rewriter) freeingNodes(n cc.Node) int {
	count := 0
	walkNodes(n, func(n cc.Node) bool {
		if r.freesHere(n, true) {
			count++
		}
		return true
	})
	return count
}

// cleanParts are the parts of full expression n (which may free) that
// hold nothing that may free and run before anything in n that may: n
// itself but for what it holds, an operand of a comma, && or || whose
// operands before it hold nothing that may free, an arm of a conditional
// whose condition holds none (next_ci's L->ci->next ? L->ci->next :
// luaE_extendCI(L, 1)), and any other operand, a call's callee and
// arguments among them (they run before the call), whose sibling operands
// hold none; each under a part of that kind. Nothing that may free can
// have run when one starts, so the facts from before n hold there
// (cleanPart): Lua's luaV_fastget(t, k, res, luaH_getshortstr, tag), whose
// call's argument hvalue(t) runs after its condition's check of t's tag.
func (r *rewriter) cleanParts(n cc.Node) map[cc.Node]bool {
	clean := map[cc.Node]bool{}
	var mark func(n cc.Node)
	// (sequenced: operands evaluated in this order, each after the one
	// before it is complete)
	sequenced := func(parts ...cc.Node) {
		for _, p := range parts {
			mark(p)
			if r.freeingNodes(p) != 0 {
				return
			}
		}
	}
	mark = func(n cc.Node) {
		frees := r.freeingNodes(n)
		if frees == 0 {
			walkNodes(n, func(n cc.Node) bool {
				clean[n] = true
				return true
			})
			return
		}
		if x, ok := n.(*cc.PostfixExpression); r.freesHere(n, true) && (!ok || x.Case != cc.PostfixExpressionCall) {
			return // a statement expression, an asm, a cleanup: not followed
		}
		switch x := n.(type) {
		case *cc.ConditionalExpression:
			if x.Case == cc.ConditionalExpressionCond {
				mark(x.LogicalOrExpression)
				if r.freeingNodes(x.LogicalOrExpression) == 0 {
					if x.ExpressionList != nil {
						mark(x.ExpressionList)
					}
					mark(x.ConditionalExpression)
				}
				return
			}
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				sequenced(x.AssignmentExpression, x.ExpressionList)
				return
			}
		case *cc.LogicalAndExpression:
			if x.Case == cc.LogicalAndExpressionLAnd {
				sequenced(x.LogicalAndExpression, x.InclusiveOrExpression)
				return
			}
		case *cc.LogicalOrExpression:
			if x.Case == cc.LogicalOrExpressionLOr {
				sequenced(x.LogicalOrExpression, x.LogicalAndExpression)
				return
			}
		}
		if r.freesHere(n, true) {
			frees-- // a call's own: its parts run before it
		}
		for _, p := range childNodes(n) {
			if r.freeingNodes(p) == frees {
				mark(p)
			}
		}
	}
	mark(n)
	return clean
}

// callFrees reports whether call x may free memory.
func (r *rewriter) callFrees(x *cc.PostfixExpression) bool {
	name := calleeName(x)
	switch {
	case name == vaArgMarker, name == vaCopyMarker:
		return false
	case name == "":
		return true // through a pointer
	}
	if frees, ok := r.freeing[name]; ok {
		return frees
	}
	if r.defined[name] {
		return true
	}
	if b, ok := strings.CutPrefix(name, "__builtin_"); ok {
		// __builtin_memcpy, __builtin___memcpy_chk
		if c, ok := strings.CutPrefix(b, "__"); ok {
			b = strings.TrimSuffix(c, "_chk")
		}
		return !nonFreeing[b]
	}
	if strings.HasPrefix(name, "__sync_") || strings.HasPrefix(name, "__atomic_") {
		return false
	}
	return !nonFreeing[name] || !r.declaredInSystem(x)
}
