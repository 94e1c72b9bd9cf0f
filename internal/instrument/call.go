package instrument

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"modernc.org/cc/v4"
)

// wrapped lists the libc functions whose calls from instrumented code go to
// the runtime's checked replacement __ml_<name> (declared in memlens.h).
var wrapped = setOf(
	"malloc", "calloc", "realloc", "reallocarray", "free", "posix_memalign",
	"aligned_alloc", "memalign", "valloc", "pvalloc", "strdup", "strndup",
	"memcpy", "mempcpy", "memmove", "memset", "memcmp", "memchr", "memrchr",
	"strcpy", "stpcpy", "strncpy", "stpncpy", "strcat", "strncat",
	"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll",
	"strchr", "strrchr", "strstr", "strpbrk", "strspn", "strcspn", "strtok", "strtok_r",
	"sprintf", "snprintf", "vsprintf", "vsnprintf", "printf", "fprintf", "vprintf", "vfprintf",
	"fgets", "fread", "fwrite", "read", "write", "getline", "getdelim", "puts", "fputs",
	"getsockname", "getpeername", "accept", "accept4", "recvfrom", "getsockopt", "recvmsg", "readv", "preadv",
	"qsort", "qsort_r", "bsearch", "vfork", "pthread_create", "pthread_setspecific", "tss_set", "sigaction", "signal",
	"wcscpy", "wcsncpy", "wcscat", "wcsncat", "wcslen", "wcsnlen", "wcscmp", "wcsncmp",
	"wcschr", "wcsrchr", "wcsstr", "wmemcpy", "wmemmove", "wmemset", "wmemcmp", "wcsdup",
	"swprintf", "vswprintf", "fgetws", "mbstowcs", "wcstombs",
)

// newBlock lists the wrapped functions whose result is the one block
// their replacement allocates at the call's site (keptAllocation); realloc
// is not among them: it may keep the block it was given.
var newBlock = setOf("malloc", "calloc", "aligned_alloc", "memalign", "valloc", "pvalloc", "strdup", "strndup", "wcsdup")

// libmScalar are libc's mathematical functions of scalars only, which gcc
// knows as the builtins of the same names (__builtin_sqrt, expanded inline
// but for a domain error's errno): called by name, as declared by the
// system headers, each is what its builtin is to memlens (unfencedCall's
// and callBeyond's __builtin_ cases), no call: it never calls back into
// the program, frees nothing, takes and returns no pointer, and writes no
// word of memlens's nor reports, so no frame needs its site. A function
// calling only these (nbody's pull: sqrt) is then a leaf, with no frame,
// no side frame and its parameters' words in the thread's.
var libmScalar = setOf(
	"sqrt", "sqrtf", "sqrtl", "cbrt", "cbrtf", "fabs", "fabsf", "fabsl", "floor", "floorf", "floorl",
	"ceil", "ceilf", "ceill", "round", "roundf", "trunc", "truncf", "rint", "nearbyint", "fmod", "fmodf",
	"fmin", "fmax", "fminf", "fmaxf", "copysign", "copysignf", "pow", "powf", "exp", "expf", "exp2",
	"expm1", "log", "logf", "log2", "log10", "log1p", "sin", "sinf", "cos", "cosf", "tan", "tanf", "asin",
	"acos", "atan", "atan2", "atan2f", "sinh", "cosh", "tanh", "hypot", "ldexp", "lround", "lrint",
	"llround", "llrint",
)

// isLibmScalar reports whether call x is of one of libmScalar, by name,
// as the system headers declare it.
func (r *rewriter) isLibmScalar(x *cc.PostfixExpression) bool {
	name := calleeName(x)
	return libmScalar[name] && !r.defined[name] && r.isCalledByName(x) && r.declaredInSystem(x)
}

// allocas make blocks on the caller's stack, alive until it returns.
var allocas = setOf("alloca", "__builtin_alloca", "__builtin_alloca_with_align")

// libcLocations return the address of a word of libc's own thread-local
// storage (errno, the pointer to its table of character classes): no
// object of the program, so WILD, what __ml_metar would answer for it. A
// pointer read there (libcTables) points into libc's table: WILD too.
// (Not the tolower/toupper tables': made cheaper, cJSON's
// case_insensitive_strcmp was inlined into get_object_item, whose -O2
// frame grew 64 -> 96 bytes.)
var libcLocations = setOf("__errno_location", "__ctype_b_loc")
var libcTables = setOf("__ctype_b_loc")

// setjmps return twice; the second return must restore the shadow stack.
var setjmps = setOf("setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "__builtin_setjmp")

// keptInJmpBuf reports whether setjmp call x keeps its words in its
// jmp_buf (memlens.h's __ml_setjmp_kept): a jmp_buf as large as glibc's
// (200 bytes), whose signal mask's end holds them, named by an argument
// without side effects that names the same jmp_buf whenever it is read
// again, at a second return: its variables are arrays and structs, whose
// addresses stay, not pointers or indexes the program may change before
// it longjmps (setjmp(bufs[i]) in a loop).
func keptInJmpBuf(x *cc.PostfixExpression) bool {
	args := argList(x.ArgumentExpressionList)
	if calleeName(x) == "__builtin_setjmp" || len(args) == 0 || hasSideEffects(args[0]) {
		return false
	}
	fixed := true
	walkNodes(args[0], func(n cc.Node) bool {
		if p, ok := n.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
			d := declOf(p)
			fixed = d != nil && (d.Type().Kind() == cc.Array || isAggregate(d.Type()))
		}
		return fixed
	})
	if !fixed {
		return false
	}
	var e cc.Type
	switch t := args[0].Type().(type) {
	case *cc.PointerType:
		e = t.Elem()
	case *cc.ArrayType:
		e = t.Elem()
	}
	return e != nil && e.Size() >= 200
}

// setjmpsKept reports whether every setjmp call in n keeps its words in
// its jmp_buf: its function needs no variable for its depth.
func setjmpsKept(n cc.Node) bool {
	kept := true
	walkNodes(n, func(n cc.Node) bool {
		if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && setjmps[calleeName(x)] && !isVoid(x.Type()) && !keptInJmpBuf(x) {
			kept = false
		}
		return kept
	})
	return kept
}

// longjmps skip frames, whose pointer locals leave scope (loss tracking:
// the runtime's __ml_longjmp unwinds them first); pthread_exit unwinds
// them itself (__ml_pthread_exit says they return).
var longjmps = setOf("longjmp", "_longjmp", "siglongjmp", "pthread_exit")

// noreturns are libc's functions that never return, whether or not the
// declarations in sight say so (longjmp's kin are calls of their own).
var noreturns = setOf("exit", "_exit", "_Exit", "quick_exit", "abort", "__assert_fail",
	"__assert_perror_fail", "__assert", "err", "errx", "verr", "verrx", "__stack_chk_fail")

// isOverflowCheck reports whether name is one of gcc's arithmetic builtins
// that store their result through their last argument
// (__builtin_mul_overflow, __builtin_uaddl_overflow…; not the _p ones,
// which store nothing).
func isOverflowCheck(name string) bool {
	return strings.HasPrefix(name, "__builtin_") && strings.HasSuffix(name, "_overflow")
}

// vaListSet is call f of va_start or va_copy, whose first argument (args)
// it sets: with full checking, a va_list that is no local of its own (a
// struct's member, one reached through a pointer) is defined from then on
// (a local va_list's definedness is not tracked).
func (r *rewriter) vaListSet(f frag, args []cc.ExpressionNode) frag {
	if !r.tracksDef() || len(args) == 0 || declOfExpr(args[0]) != nil || hasSideEffects(args[0]) {
		return f
	}
	var g frag
	g.str("(")
	g.cat(f)
	g.str(", __ml_def((__ml_uptr)&(")
	g.cat(r.verbatim(args[0]))
	g.str("), sizeof(")
	g.cat(r.verbatim(args[0]))
	g.str(")))")
	return g
}

// exitsQuietly are the functions that never return and end the process
// without running its exit handlers, the leak check among them.
var exitsQuietly = setOf("_exit", "_Exit", "quick_exit", "abort", "__assert_fail",
	"__assert_perror_fail", "__assert", "__stack_chk_fail")

// calleeText is the callee of call x by name as the rewrite calls it.
// Optimised, a call of a function that never returns but may exit is
// made through a pointer gcc cannot see into (an asm passes it): knowing
// the path ends there, gcc would drop from its registers the pointers
// the callers still hold after the call, which exit's leak check must
// see, as at -O0 (the program keeps them: a false leak). It costs the
// failure path an indirect call.
func (r *rewriter) calleeText(x *cc.PostfixExpression, name string) string {
	if r.fn != nil && r.c.optimizing && r.noreturn[name] && !r.quiet[name] && r.isCalledByName(x) &&
		declaredInText(x) {
		return "(*__extension__({ __typeof__(&" + name + ") __ml_of = &" + name + "; __asm__(\"\" : \"+r\"(__ml_of)); __ml_of; }))"
	}
	return name
}

// exitCallWords is how many words a call of a function that may exit
// passes through __ml_exit_call: memlens.h's trampoline call keeps every
// register, so gcc keeps no value of the caller's in a callee-saved
// register (pushed at entry, on the hot path too) only because that cold
// call might return; the trampoline pushes the caller-saved ones, so
// exit's leak check still sees every pointer the callers hold.
const exitCallWords = 4

// callWords is the call x of name passing words (the arguments args and
// the extra words), through __ml_exit_call when calleeText hides the call
// of a void function taking at most exitCallWords integers and pointers.
func (r *rewriter) callWords(x *cc.PostfixExpression, name string, args []cc.ExpressionNode, words []frag) frag {
	callee := r.calleeText(x, name)
	var f frag
	if callee == name || !isVoid(x.Type()) || len(words) > exitCallWords || !wordArgs(x, args) {
		f.str(callee + "(")
		for i, w := range words {
			if i > 0 {
				f.str(",")
			}
			f.cat(w)
		}
		f.str(")")
		return f
	}
	f.str("__ml_exit_call((const void *)" + name)
	for _, w := range words {
		f.str(", (__ml_uptr)(")
		f.cat(w)
		f.str(")")
	}
	for i := len(words); i < exitCallWords; i++ {
		f.str(", 0")
	}
	f.str(")")
	return f
}

// wordArgs reports whether every argument of call x, and every parameter
// its callee declares, is an integer or a pointer (an array decays), each
// passed in an integer register.
func wordArgs(x *cc.PostfixExpression, args []cc.ExpressionNode) bool {
	isWord := func(t cc.Type) bool {
		return t != nil && (cc.IsIntegerType(t) || t.Kind() == cc.Ptr || t.Kind() == cc.Array) && t.VectorSize() <= 0
	}
	for _, a := range args {
		if !isWord(a.Type()) {
			return false
		}
	}
	for _, t := range paramTypes(x) {
		if !isWord(t) {
			return false
		}
	}
	return true
}

// endAfterExit is the end of function body cs when its last statement
// calls a function that may exit through calleeText: gcc now sees a path
// falling off the end, so a function returning a value returns one it
// cannot know (never run: the call does not return), as -Wreturn-type
// wants. Its type is that of a call of the function with its own
// parameters, a direct function's extra ones too (lz4cli's badusage).
func (r *rewriter) endAfterExit(cs *cc.CompoundStatement) string {
	if r.fn.retVoid || r.fn.main || r.fn.ft == nil {
		return ""
	}
	x := r.endingCall(cs)
	if x == nil {
		return ""
	}
	if name := calleeName(x); r.calleeText(x, name) == name {
		return ""
	}
	var args []string
	for _, p := range r.fn.ft.Parameters() {
		if p.Name() == "" {
			return ""
		}
		args = append(args, p.Name())
	}
	if fn := r.direct[r.fn.name]; fn != nil {
		extra, _ := fn.extraParams()
		args = append(args, extra...)
	}
	return "{ __typeof__(" + r.fn.name + "(" + strings.Join(args, ", ") + ")) __ml_rv; __asm__(\"\" : \"=m\"(__ml_rv)); return __ml_rv; }"
}

// findNoreturn collects the functions that never return: libc's, those
// declared noreturn (the attribute, _Noreturn), and those of the unit whose
// body has no return statement and ends calling one of them.
func (r *rewriter) findNoreturn(decls []*cc.ExternalDeclaration) {
	r.noreturn = map[string]bool{}
	for name := range noreturns {
		r.noreturn[name] = !r.defined[name]
	}
	declared := func(d *cc.Declarator, says bool) {
		if says && d != nil && d.Type() != nil && d.Type().Kind() == cc.Function && !longjmps[d.Name()] {
			r.noreturn[d.Name()] = true
		}
	}
	var defs []*cc.FunctionDefinition
	for _, ed := range decls {
		if fd := ed.FunctionDefinition; fd != nil {
			declared(fd.Declarator, fd.DeclarationSpecifiers != nil && saysNoreturn(fd.DeclarationSpecifiers) ||
				saysNoreturn(fd.Declarator))
			if r.instrumented(fd) {
				defs = append(defs, fd)
			}
			continue
		}
		d := ed.Declaration
		if d == nil {
			continue
		}
		all := d.DeclarationSpecifiers != nil && saysNoreturn(d.DeclarationSpecifiers) ||
			d.AttributeSpecifierList != nil && saysNoreturn(d.AttributeSpecifierList)
		for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if id := l.InitDeclarator; id != nil {
				declared(id.Declarator, all || saysNoreturn(id))
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range defs {
			if name := fd.Declarator.Name(); !r.noreturn[name] && !longjmps[name] && r.endsNotReturning(fd.CompoundStatement) {
				r.noreturn[name] = true
				changed = true
			}
		}
	}
	r.findQuiet(defs)
}

// findQuiet collects the functions that end the process without its exit
// handlers: libc's, and those of the unit that never return and call
// nothing else (a `floor` of the program's that aborts, which gcc may
// fold away when called as written: torture tests 20030125-1, 20021127-1).
func (r *rewriter) findQuiet(defs []*cc.FunctionDefinition) {
	r.quiet = maps.Clone(exitsQuietly)
	for changed := true; changed; {
		changed = false
		for _, fd := range defs {
			if name := fd.Declarator.Name(); r.noreturn[name] && !r.quiet[name] && !r.callsLoud(fd.CompoundStatement) {
				r.quiet[name] = true
				changed = true
			}
		}
	}
}

// callsLoud reports whether body cs calls a function not known to end the
// process quietly.
func (r *rewriter) callsLoud(cs *cc.CompoundStatement) bool {
	return AnyNode(cs, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		return ok && x.Case == cc.PostfixExpressionCall && !r.quiet[calleeName(x)]
	})
}

// saysNoreturn reports whether the tokens of n declare a function that
// never returns.
func saysNoreturn(n cc.Node) bool { return says(n, "noreturn", "__noreturn__", "_Noreturn") }

// says reports whether one of n's tokens is one of words.
func says(n cc.Node, words ...string) bool {
	return anyToken(n, func(t cc.Token) bool {
		src := t.Src() // (compared as a string without making one)
		return slices.ContainsFunc(words, func(w string) bool { return string(src) == w })
	})
}

// endsNotReturning reports whether function body cs never returns.
func (r *rewriter) endsNotReturning(cs *cc.CompoundStatement) bool { return r.endingCall(cs) != nil }

// endingCall is the call that ends function body cs when cs never returns:
// it has no return statement and its last statement calls a function that
// never returns; nil otherwise.
func (r *rewriter) endingCall(cs *cc.CompoundStatement) *cc.PostfixExpression {
	last := lastExprStmt(cs)
	if last == nil {
		return nil
	}
	x := r.noreturnCall(last)
	if x == nil {
		return nil
	}
	if AnyNode(cs, func(n cc.Node) bool {
		j, ok := n.(*cc.JumpStatement)
		return ok && j.Case == cc.JumpStatementReturn
	}) {
		return nil
	}
	return x
}

// noreturnCall is the call expression statement x is when it calls a
// function that never returns by name (the path ends there); nil otherwise.
func (r *rewriter) noreturnCall(x *cc.ExpressionStatement) *cc.PostfixExpression {
	if x.ExpressionList == nil {
		return nil
	}
	c, ok := unparen(x.ExpressionList).(*cc.PostfixExpression)
	if !ok || c.Case != cc.PostfixExpressionCall || !r.noreturn[calleeName(c)] || !r.isCalledByName(c) {
		return nil
	}
	return c
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// calleeName is the name of the function a call designates directly ("" for
// a call through a pointer).
func calleeName(x *cc.PostfixExpression) string {
	p, ok := x.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return ""
	}
	if d := declOf(p); d != nil && d.Type() != nil && d.Type().Kind() != cc.Function {
		return "" // a function pointer variable
	}
	return p.Token.SrcStr()
}

// callsNested reports whether call x names a GNU nested function (its
// definition in a block, or a block-scope declaration of a name some
// function of the unit defines nested: `auto void f(int);`).
func (r *rewriter) callsNested(x *cc.PostfixExpression) bool {
	p, ok := x.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent || !r.nestedFns[p.Token.SrcStr()] {
		return false
	}
	d := declOf(p)
	return d != nil && d.Type() != nil && d.Type().Kind() == cc.Function && d.LexicalScope().Parent != nil
}

// unfencedCall rewrites a function call. Calls into instrumented code pass the
// metas of pointer arguments through __ml_t, tagged with the callee, with
// their provenance: each argument's step, pending in the callee's
// parameter; calls to checked libc functions go to the runtime's
// replacement, with the provenance the arguments had (a report there
// shows where they came from); every call records its site as the current
// position of this frame.
func (r *rewriter) unfencedCall(x *cc.PostfixExpression, wantMeta bool) (frag, string, prov) {
	none := generated(genNone)
	name := calleeName(x)
	args := argList(x.ArgumentExpressionList)
	if r.fn != nil && r.defined[name] {
		r.fn.callees[name] = true
	}
	switch {
	case r.callsNested(x):
		// the nested function is left uninstrumented (blockItem): it
		// reads no metas, and handing them over would take its address
		// (a trampoline on the stack), so a plain call
		f := r.generic(x)
		if wantMeta {
			return r.opaqueFrag(f)
		}
		return f, metaWild, none
	case name == vaCopyMarker:
		var f frag
		f.str("__builtin_va_copy")
		f.cat(r.argsFrag(x))
		return r.vaListSet(f, args), metaWild, none
	case name == "__builtin_constant_p" || name == "__ccgo__types_compatible_p" ||
		name == "__builtin_object_size" || name == "__builtin_dynamic_object_size":
		// gcc never evaluates its operand, only folds it: as written, so
		// its answer is native's (full checking's read of an undefined
		// `i` made `i && 0` no longer a constant). cc/v4 reads
		// __builtin_types_compatible_p as a call of its own function,
		// which gcc folds too: as a call it recorded its site in a
		// statement expression, no constant where one must be
		// (__builtin_choose_expr's condition, a bit-field's width). An
		// object size's operand with a check in it has side effects, which
		// make gcc answer "unknown"
		return r.verbatim(x), metaWild, none
	case name == "__builtin_va_start":
		// (its va_list is written, not read: as written)
		return r.vaListSet(r.verbatim(x), args), metaWild, none
	case isOverflowCheck(name):
		// the result goes through its third argument
		f := r.expr(x.PostfixExpression)
		args, _ := r.externArgs(x)
		f.cat(args)
		return f, metaWild, none
	case setjmps[name] && !isVoid(x.Type()): // (a program may name a function of its own setjmp: torture pr59919)
		var f frag
		if keptInJmpBuf(x) {
			// the words below, and the depth, kept in the jmp_buf
			// (__ml_setjmp_kept)
			f.str("(")
			if r.c.full {
				f.str("__ml_setjmp_at((const void *)(")
				f.cat(r.verbatim(args[0]))
				f.str("), " + r.depth() + " + 1), ")
			}
			f.str("__ml_setjmp_kept((void *)(")
			f.cat(r.verbatim(args[0]))
			f.str("), ")
			f.cat(r.generic(x))
			f.str("))")
			return f, metaWild, none
		}
		// the count of live locals when setjmp is called: a longjmp
		// back retires those registered since
		h := r.metaTemp()
		// and the depth of the thread's typestate grants: a longjmp back
		// pops those the functions it skipped pushed
		g := r.metaTemp()
		// and the top of the thread's side stack: the frames a longjmp
		// back skips leave it higher
		top := r.metaTemp()
		f.strf("(%s = __ml_t.nobj, %s = __ml_pck_depth(), %s = (__ml_uptr)__ml_t.side, ", h, g, top)
		if r.c.full && name != "__builtin_setjmp" && len(args) != 0 && !hasSideEffects(args[0]) {
			// where a longjmp to this jmp_buf stops unwinding
			f.str("__ml_setjmp_at((const void *)(")
			f.cat(r.verbatim(args[0]))
			f.str("), " + r.depth() + " + 1), ")
		}
		f.strf("__ml_pck_after_setjmp((unsigned)%s, __ml_after_setjmp(%s, (__ml_uptr *)%s, (unsigned)%s,", g, r.depth(), top, h)
		f.cat(r.generic(x))
		f.str(")))")
		return f, metaWild, none
	case name == "__builtin_prefetch" && len(args) > 0 && isDataPtr(args[0].Type()):
		return r.prefetch(x), metaWild, none
	case allocas[name] && len(args) > 0 && r.fn != nil:
		return r.allocaCall(x, args)
	case strings.HasPrefix(name, "__builtin_") && wrapped[strings.TrimPrefix(name, "__builtin_")]:
		name = strings.TrimPrefix(name, "__builtin_")
	case strings.HasPrefix(name, "__sync_"), strings.HasPrefix(name, "__atomic_"):
		// atomics write through their pointers
		f := r.verbatim(x.PostfixExpression)
		args, _ := r.externArgs(x)
		f.cat(args)
		if wantMeta {
			return r.opaqueFrag(f)
		}
		return f, metaWild, none
	case strings.HasPrefix(name, "__builtin_"), r.isLibmScalar(x):
		f := r.generic(x)
		if wantMeta {
			return r.opaqueFrag(f)
		}
		return f, metaWild, none
	}
	siteIndex := r.site(x, siteCall)
	site := siteRef(siteIndex)
	if h := r.hoistOf(x); h != nil {
		h.site = site
	}
	if fn := r.direct[name]; fn != nil && r.isCalledByName(x) {
		if fn.callSite && r.fn != nil && r.frameless[r.fn.name] {
			r.sites[siteIndex].kind |= siteNoFrame // (the leaf pushes it: __ml_at_call)
		}
		return r.directCall(x, fn, site, args, wantMeta)
	}
	if t := r.directTableOf(x); t != nil {
		return r.tableCall(x, t, site, args, wantMeta)
	}
	// libc's functions are known by name, wherever declared: old code
	// declares malloc and free itself instead of including <stdlib.h>
	system := r.isSystem(x, name)
	replaced := system && wrapped[name] && r.checkedCall(x, name)
	callee := ""
	switch {
	case system && longjmps[name] && r.c.full:
		// the locals of the frames it skips leave scope at it
		var f frag
		callee := "__ml_longjmp"
		if name == "pthread_exit" {
			callee = "__ml_pthread_exit"
		}
		f.str("__extension__({ __ml_t.frames[" + r.slot() + "] = " + site + "; __ml_t.xsite = " + r.lossSite(x, nil) + "; " + callee)
		f.cat(r.argsFrag(x))
		f.str("; })")
		return f, metaWild, none
	case replaced:
		callee = "__ml_" + name
		if newBlock[name] {
			r.allocSites[x] = siteIndex
		}
	case system, name != "" && implicitlyDeclared(x):
		// plain libc, or a function called before any declaration (C89:
		// the call declares it, so its name cannot appear before the
		// call): no metas to pass; its pointer results are looked up
		// (and a heap block libc hands over becomes the program's); what
		// it may write through its pointer arguments is defined
		var f frag
		if callee := r.calleeText(x, name); callee != name {
			f.str(callee)
		} else {
			f.cat(r.expr(x.PostfixExpression))
		}
		args, afters := r.externArgs(x)
		f.cat(args)
		f = r.callAtSite(x, name, site, f)
		f = r.afterExtern(f, afters, isVoid(x.Type()))
		if wantMeta && system && libcLocations[name] {
			return f, metaWild, generated(genExtern)
		}
		if wantMeta {
			m := r.metaTemp()
			return r.keepValue(f, func(v string) string { return m + " = __ml_metar((__ml_uptr)" + v + ")" }), m, generated(genExtern)
		}
		return f, metaWild, none
	case name != "":
		callee = r.calleeText(x, name)
	}

	params := paramTypes(x)
	ptrArg := ptrArgs(x, args)
	objArg := make([]bool, len(args))     // a struct holding pointers, to an instrumented callee
	originArgs := make([]bool, len(args)) // its word written: the origin (carriesOrigin), else 0
	// (a variadic argument, which va_arg takes without its origin, is used)
	carriesOrigin := func(i int) bool { return originArgs[i] && i < len(params) }
	anyPtr, anyOrigin := false, false
	for i := range args {
		objArg[i] = !system && i < len(params) && i < 16 && passesShadow(params[i])
		anyPtr = anyPtr || ptrArg[i] || objArg[i]
		t := args[i].Type()
		if i < len(params) {
			t = params[i]
		}
		originArgs[i] = !system && !ptrArg[i] && !objArg[i] && r.takesOrigin(t, i)
		anyOrigin = anyOrigin || carriesOrigin(i) && r.copySourceKind(args[i])
	}
	retPtr := wantMeta && isDataPtr(x.Type())

	var f frag
	if !anyPtr && !anyOrigin && !retPtr && callee != "" {
		if callee != name {
			f.str(callee)
			f.cat(r.argsFrag(x))
		} else {
			f.cat(r.generic(x))
		}
		return r.callAtSite(x, name, site, f), metaWild, none
	}

	// General form: evaluate the callee and the arguments into temporaries,
	// then hand over the metas and call.
	f.str("__extension__({")
	fn := callee
	if fn == "" {
		fn = r.name("__ml_f")
		f.str("register __auto_type " + fn + " = ")
		f.cat(r.expr(x.PostfixExpression))
		f.str(";")
	}
	// the checked libc replacements get each argument's provenance as
	// it is; an instrumented callee (or one called through a pointer)
	// gets the step passing it, pending in its parameter
	libc := replaced
	var fixed *fixedCall
	if replaced && !retPtr && r.fn != nil {
		fixed = r.fixedCallOf(x, name, args, ptrArg)
	}
	as := r.renderArgs(x, args, func(i int) bool { return ptrArg[i] }, func(i int) bool { return objArg[i] }, carriesOrigin, fixed.localSpans())
	for i := range as {
		if as[i].isPtr && !libc && i < 16 {
			as[i].passed = r.argSite(x, i)
		}
	}
	vals, metas, provs := r.hoist(&f, as)
	if fixed == nil && r.callsPure(name, args, ptrArg) {
		return r.pureCall(f, name, vals, metas, provs, site, retPtr)
	}
	if fixed != nil {
		f.str(fixed.inline(vals, metas) + " else {")
	}
	for i := range args {
		switch {
		case (ptrArg[i] || objArg[i]) && i < 16:
			f.str(r.threadArg(i, metas[i], provs[i]))
		case originArgs[i]:
			f.str(originArg(i, as[i], metas[i]))
		}
	}
	fnWord := "(__ml_uptr)" + fn // a variable holding the callee
	if callee != "" {
		fnWord = r.funcWord(callee)
	}
	if anyPtr || anyOrigin {
		f.str("__ml_t.callee = " + fnWord + ";")
	}
	enter, leave := r.atFrame(site), ""
	if fixed != nil {
		enter, leave = r.reportFrame(site)
	}
	f.str(enter)
	callText := fn + "(" + strings.Join(vals, ", ") + ")"
	after := ""
	if anyPtr && !replaced { // (the replacements define what they write)
		var before string
		before, after = r.externWrites(x, fnWord, args, vals, metas)
		f.str(before)
	}
	switch {
	case fixed != nil:
		f.str(fixed.called(callText) + ";" + leave + " } " + fixed.result(vals, false) + "; })")
		return f, metaWild, none
	case !retPtr && (after == "" || isVoid(x.Type())):
		f.str(callText + ";" + after + " })")
		return f, metaWild, none
	case !retPtr:
		v := r.name("__ml_v")
		f.strf("register __auto_type %s = %s;%s %s; })", v, callText, after, v)
		return f, metaWild, none
	}
	m, pv := r.pointerResult(&f, callText, fnWord, after)
	return f, m, pv
}

// originArg stores the origin of argument i, a, whose meta is origin
// where it carries one (a literal is defined: 0), for its callee's
// parameter (takesOrigin).
func originArg(i int, a argCode, origin string) string {
	return "__ml_t.arg[" + strconv.Itoa(i) + "] = " + argOrigin(a, origin) + ";"
}

// argOrigin is the origin argument a hands its callee's parameter, given
// its meta.
func argOrigin(a argCode, meta string) string {
	if !a.origin {
		return "0"
	}
	return meta
}

// passOrigins hands direct function fn the origins of arguments as,
// whose metas are metas (nil: as's own): the stores of those it takes
// through __ml_t, and the extra arguments of the others.
func passOrigins(fn *directFn, as []argCode, metas []string) (stores string, words []string) {
	for _, i := range fn.origins {
		meta := as[i].meta
		if metas != nil {
			meta = metas[i]
		}
		if fn.inThread[i] {
			stores += originArg(i, as[i], meta)
		} else {
			words = append(words, argOrigin(as[i], meta))
		}
	}
	return stores, words
}

// pointerResult ends f, a call's statement expression, with callText's
// pointer result, handed back in __ml_t tagged with fnWord, then the
// statements after (none lets the result go unheld): its meta and
// provenance.
func (r *rewriter) pointerResult(f *frag, callText, fnWord, after string) (string, prov) {
	m, pv := r.metaTemp(), r.provTemp()
	if after == "" && r.resultUnheld(pv) {
		var typed, c frag
		typed.str(callText)
		c.str(callText)
		f.cat(resultAt(typed, c, m, pv, fnWord))
		f.str("; })")
		return m, pv
	}
	v := r.name("__ml_v")
	f.strf("register __auto_type %s = %s; %s%s %s; })", v, callText, r.returned(m, pv, fnWord, "", v), after, v)
	return m, pv
}

// typedAsWritten reports whether call x's own text names its type for a
// __typeof__: its arguments' text calls nothing and holds no statement
// expression (callsOrLabels).
func typedAsWritten(x *cc.PostfixExpression) bool {
	return x.ArgumentExpressionList == nil || !callsOrLabels(x.ArgumentExpressionList)
}

// resultUnheld reports whether a pointer call's result, of provenance
// variables pv, goes through __ml_result_at (resultAt) instead of a
// variable: unoptimised, where gcc gives a register variable a
// callee-saved register of the frame, when it evaluates arguments last
// first (the call before the side words' addresses, which would
// otherwise be held across it) and the function's temporaries are side
// words, whose addresses can be taken.
func (r *rewriter) resultUnheld(pv prov) bool {
	return !r.c.optimizing && r.c.order.argsRightToLeft && r.fn != nil && r.fn.side != nil && !pv.pending()
}

// resultAt is call, of the function at fnWord, with its pointer result's
// meta and provenance stored into the side words m and pv (its return's
// step made), the value cast back to the type of typed: C text of the same
// type that a __typeof__ can hold (nothing evaluated, no label).
func resultAt(typed, call frag, m string, pv prov, fnWord string) frag {
	var f frag
	f.str("((__typeof__(")
	f.cat(typed)
	f.strf("))__ml_result_at(&%s, &%s, %s, (__ml_uptr)(", m, pv.word, fnWord)
	f.cat(call)
	f.str(")))")
	return f
}

// isSystem reports whether call x of name calls libc (or a function only
// declared, in a system header or never): libc's functions are known by
// name, wherever declared.
func (r *rewriter) isSystem(x *cc.PostfixExpression, name string) bool {
	return name != "" && !r.defined[name] && (r.declaredInSystem(x) || wrapped[name] || longjmps[name] || r.onlyInlined[name])
}

// ptrArgs tells which of call x's arguments are data pointers (an array
// passed to a variadic or unprototyped parameter too).
func ptrArgs(x *cc.PostfixExpression, args []cc.ExpressionNode) []bool {
	params := paramTypes(x)
	ptrArg := make([]bool, len(args))
	for i, a := range args {
		t := a.Type()
		if i < len(params) {
			t = params[i]
		}
		ptrArg[i] = isDataPtr(t) || (i >= len(params) && t != nil && t.Kind() == cc.Array)
	}
	return ptrArg
}

// funcWord is the word naming the function name in its handshakes with
// its callers (__ml_t.callee, __ml_t.retfn): its address (read from a slot,
// calleeSlot, for one the unit does not define), or, for a static
// function of the unit only ever called by name, the address of a byte of
// the unit's own (__ml_fnids), which no other code compares: the
// function's address taken would make gcc keep an out-of-line copy of it,
// so inline it less, never as a function called once. Optimised, that of
// a function making calls is computed at each use (__ml_fn; a static
// one's by an asm reading no memory, __ml_fn_static, so that gcc still
// drops the stores of an inlined callee's return its own overwrites)
// instead of held in a register across calls; a leaf's stays a constant, so that
// gcc, inlining the leaf, still folds the handshake (__ml_own, __ml_leaf_result)
// its call makes; an address through the GOT is held either way;
// unoptimised, a constant is computed at each use.
func (r *rewriter) funcWord(name string) string {
	if r.slotted(name) {
		r.calleeSlots[name] = true
		return calleeSlot(name)
	}
	named := name
	if r.calledByNameOnly(name) {
		id, ok := r.fnIDs[name]
		if !ok {
			id = len(r.fnIDs)
			r.fnIDs[name] = id
		}
		named = "&__ml_fnids[" + strconv.Itoa(id) + "]"
	}
	word := "(__ml_uptr)" + named
	switch {
	case !r.c.optimizing:
		return word
	case !r.calling[name]:
		if r.defined[name] {
			r.leafWords[word] = true
		}
		return word
	case r.staticDefs[name]:
		return "__ml_fn_static((const void *)" + named + ")"
	}
	return "__ml_fn(" + word + ")"
}

// calleeSlot is the word naming name, a function the unit calls but does
// not define, read from a slot of the unit's (calleeSlotTable) instead of
// taken from the symbol at each call: so the object refers to the function
// where gcc's does, once per call, and a link without it prints gcc's
// undefined references and the driver drops the slots' own (linkdiag.go).
func calleeSlot(name string) string { return "__ml_callee_" + name }

// slotted reports whether funcWord reads name's word from a slot: a
// function of the program's (not a replacement of the runtime's, nor an
// expression of calleeText) that the unit calls but does not define.
func (r *rewriter) slotted(name string) bool {
	return !r.defined[name] && !r.unslotted[name] && !strings.HasPrefix(name, "__ml_") &&
		!strings.ContainsFunc(name, func(c rune) bool { return c != '_' && !unicode.IsLetter(c) && !unicode.IsDigit(c) })
}

// calleeSlotTable declares the slots of calleeSlot, for the unit's code;
// calleeSlotDefs defines them.
func (r *rewriter) calleeSlotTable() string {
	var decls strings.Builder
	for _, name := range slices.Sorted(maps.Keys(r.calleeSlots)) {
		decls.WriteString("extern __ml_uptr " + calleeSlot(name) + " __attribute__((visibility(\"hidden\")));")
	}
	return decls.String()
}

// calleeSlotDefs defines the slots of calleeSlot, as weak hidden variables
// (every unit calling the function holds the same word) of the section the
// driver knows, at the unit's end: gcc emits variables after all the
// functions, so the linker, which relocates an object's sections in its
// order, meets a slot's reference to a function nobody defines after every
// call of it, where counting it (ld stops at five undefined references to
// a name in a row) leaves gcc's cut-off in place. The function is named
// through a weak reference of its own (the unit may declare it only in a
// block, or not at all): the calls gcc keeps refer to it as gcc's do, and
// where gcc keeps none (an unused static inline function of a header, a
// call under if (sizeof(x) != 4)) the slot alone asks for no definition,
// where a plain reference made the link fail (mbedtls's
// mbedtls_ssl_sig_hash_set_init in libmbedcrypto). With -g the linker's
// message names the slot's first declaration, in the tables
// (CalleeSlotFile).
func (r *rewriter) calleeSlotDefs() string {
	if len(r.calleeSlots) == 0 {
		return ""
	}
	var defs strings.Builder
	for _, name := range slices.Sorted(maps.Keys(r.calleeSlots)) {
		ref := "__ml_callee_ref_" + name
		defs.WriteString("static void " + ref + "(void) __attribute__((weakref(\"" + name + "\")));\n")
		defs.WriteString("__ml_uptr " + calleeSlot(name) + " __attribute__((weak, visibility(\"hidden\"), section(\"" +
			CalleeSlotSection + "\"))) = (__ml_uptr)" + ref + ";\n")
	}
	return defs.String()
}

// CalleeSlotSection is the section of the callee slots (calleeSlotTable).
const CalleeSlotSection = ".data.rel.ro.memlens_callees"

// CalleeSlotFile is the file of the slots' declarations, as -g tells the
// linker (calleeSlotDefs): the header's, whose own code calls no function
// of the program's by name.
const CalleeSlotFile = headerName

// calledByNameOnly reports whether name is a static function of the unit
// whose name the unit uses only to call it.
func (r *rewriter) calledByNameOnly(name string) bool {
	return r.defined[name] && r.staticDefs[name] && !r.namedOtherwise[name]
}

// threadArg is the code handing argument i's meta and provenance (for a
// struct: its object's tag, step and address) to the callee in __ml_t.
// Optimised, a constant site goes through __ml_site_word, which keeps gcc
// from packing two of them into a vector it hoists out of loops and builds
// at each entry; but in main, entered once, where such a vector kept in a
// register saves stores (vm.c's dispatch, fully checked: +0.7% without).
func (r *rewriter) threadArg(i int, meta string, p prov) string {
	n := strconv.Itoa(i)
	site := p.site
	if r.c.optimizing && r.fn != nil && r.fn.name != "main" && strings.HasPrefix(site, "&__ml_sites[") {
		site = "__ml_site_word(" + site + ")"
	}
	return "__ml_t.arg[" + n + "] = " + meta + "; __ml_t.argsite[" + n + "] = " + site + "; __ml_t.argprov[" + n + "] = " + p.word + ";"
}

// returned is the code taking the meta (into m) and provenance (into pv)
// of the pointer v a call of the function at fnWord returned, through
// __ml_result; or, of a direct function with a resultVar, from the
// caller's variable rw.
func (r *rewriter) returned(m string, pv prov, fnWord, rw, v string) string {
	decl := ""
	if rw == "" {
		rw = r.name("__ml_rd")
		decl = r.resultWords(rw, fnWord, v)
	}
	return decl + m + " = " + rw + ".ret; " + takeProv(pv, prov{rw + ".site", rw + ".prov"}) + ";"
}

// resultWords is the declaration of the variable rw holding the words
// (struct __ml_rw) that a call of the function at fnWord handed over with
// its pointer result v: __ml_result's one asm statement, but for a leaf
// defined here, whose test gcc folds where it inlines the leaf (list.c's
// advance: with the asm, its cc1 +0.5% instructions, list 1 +0.35% Ir).
func (r *rewriter) resultWords(rw, fnWord, v string) string {
	helper := "__ml_result"
	if r.leafWords[fnWord] {
		helper = "__ml_leaf_result"
	}
	return "struct __ml_rw " + rw + "; " + helper + "(&" + rw + ", " + fnWord + ", (__ml_uptr)" + v + "); "
}

// takeProv is the code taking provenance ret, its step pending, into the
// variables of pv.
func takeProv(pv prov, ret prov) string {
	if !pv.pending() { // (eager)
		return pv.word + " = " + settled(ret)
	}
	return pv.site + " = " + ret.site + ", " + pv.word + " = " + ret.word
}

// pureCalls are the read-only libc functions glibc declares pure, by the
// kinds of their arguments (p a pointer, x another value): optimised code
// calls them through their pure entries (memlens.h's __ml_pure_), the
// handover passed as arguments, so that gcc may hoist and merge their
// calls as it does libc's (gnulib's test-strstr: a loop-invariant strstr
// over a 1 MB needle).
var pureCalls = map[string]string{
	"strlen": "p", "strnlen": "px", "strchr": "px", "strrchr": "px", "memchr": "pxx", "memrchr": "pxx",
	"strcmp": "pp", "strcasecmp": "pp", "strcoll": "pp", "strstr": "pp", "strpbrk": "pp",
	"strspn": "pp", "strcspn": "pp", "strncmp": "ppx", "strncasecmp": "ppx", "memcmp": "ppx",
}

// callsPure reports whether the rewritten function calls libc's name,
// replaced, with arguments args through its pure entry: optimised, in a
// function with a frame of its own (whose slot the entry stores the call's
// site into) and no setjmp, with the arguments libc takes, all the same on
// every iteration of a loop around the call. Elsewhere gcc would gain
// nothing, and the entry's arguments that do not fit in registers would be
// pushed (cJSON's frames at -O2: 1.44 times gcc's to 1.55).
func (r *rewriter) callsPure(name string, args []cc.ExpressionNode, ptrArg []bool) bool {
	kinds, ok := pureCalls[name]
	if !ok || !r.c.optimizing || r.fn == nil || r.fn.leaf || r.fn.setjmp || len(kinds) != len(ptrArg) || len(r.fn.loops) == 0 {
		return false
	}
	for i, k := range kinds {
		if ptrArg[i] != (k == 'p') {
			return false
		}
	}
	assigned := map[*cc.Declarator]bool{}
	assignedVars(r.fn.loops[len(r.fn.loops)-1], assigned)
	for _, a := range args {
		if !isStringLiteral(a) && !pureArg(a, assigned) {
			return false
		}
	}
	return true
}

// pureCall ends f, the evaluated arguments of a call of libc's name, with
// the call of its pure entry at site: a pointer result points into the
// first argument, so its meta and provenance are the argument's (as the
// replacement's ML_SETRET hands them back), or NULL's.
func (r *rewriter) pureCall(f frag, name string, vals, metas []string, provs []prov, site string, retPtr bool) (frag, string, prov) {
	args := slices.Clone(vals)
	for i, k := range pureCalls[name] {
		if k == 'p' {
			args = append(args, metas[i], provs[i].site, provs[i].word)
		}
	}
	args = append(args, site)
	v := r.name("__ml_v")
	f.strf("register __auto_type %s = __ml_pure_%s(%s);", v, name, strings.Join(args, ", "))
	if !retPtr {
		f.strf(" %s; })", v)
		return f, metaWild, generated(genNone)
	}
	m, pv := r.metaTemp(), r.provTemp()
	ret := prov{"0", "(" + v + " ? " + provs[0].word + " : " + genExtern + ")"}
	if provs[0].pending() {
		ret.site = "(" + v + " ? " + provs[0].site + " : 0)"
	}
	f.strf(" %s = %s ? %s : 0UL; %s; %s; })", m, v, metas[0], takeProv(pv, ret), v)
	return f, m, pv
}

// argSite is the step of argument i passed by call x: its site names the
// parameter receiving it, when the callee's prototype does.
func (r *rewriter) argSite(x *cc.PostfixExpression, i int) string {
	fn := calleeName(x)
	to := "argument " + strconv.Itoa(i+1) + " of "
	if fn == "" {
		to += "the call through " + toText(cc.NodeSource(x.PostfixExpression))
	} else {
		to += fn
		if p := paramName(x, i); p != "" {
			to = "parameter " + p + " of " + fn
		}
	}
	k := r.site(x, siteArg)
	r.sites[k].to = to
	if r.soleCalls[x] {
		// (a callee may have named it already: entryArgSite)
		if j, ok := r.entryArgSites[entryArg{x, i}]; ok {
			r.sites[j] = r.sites[k]
			r.sites, k = r.sites[:k], j
		}
		r.entryArgSite(x, i, k)
	}
	return siteRef(k)
}

// isCalledByName reports whether call x names its callee directly (and the
// name is the file-scope function, not a shadowing local).
func (r *rewriter) isCalledByName(x *cc.PostfixExpression) bool {
	p, ok := x.PostfixExpression.(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d := declOf(p)
	return d != nil && d.Type() != nil && d.Type().Kind() == cc.Function
}

// directCall rewrites a call of a direct function: the metas of its
// pointer arguments follow the arguments.
func (r *rewriter) directCall(x *cc.PostfixExpression, fn *directFn, site string, args []cc.ExpressionNode, wantMeta bool) (frag, string, prov) {
	name := calleeName(x)
	callSiteArg, atFrame := "", r.atFrame(site)
	if fn.callSite {
		callSiteArg = "," + site
		if r.fn != nil && (!r.fn.leaf || r.frameless[r.fn.name]) { // (a leaf's call pushes a frame of its own)
			atFrame = ""
		}
	}
	isPtr, isObj := map[int]bool{}, map[int]bool{}
	for _, i := range fn.ptrParams {
		isPtr[i] = true
	}
	for _, i := range fn.objParams {
		isObj[i] = true
	}
	retPtr := wantMeta && isDataPtr(x.Type())
	var pt *passThrough
	if p, ok := r.passThrough[name]; ok && retPtr && r.fn != nil && !r.eager() && !r.c.count {
		pt = &p
	}
	resultSite := -1    // the site of a passThrough's result (passedArg)
	rw, rwArg := "", "" // the variable taking a resultVar's words, its argument
	if fn.resultVar {
		rwArg = "&(struct __ml_rw)" + rwNone // (a result not used: words no one reads)
		if retPtr {
			rw = r.name("__ml_rw")
			rwArg = "&" + rw
		}
	}
	var fixed *fixedCall
	if fn.forwards != "" && !retPtr && r.fn != nil {
		fixed = r.fixedCallOf(x, fn.forwards, args, fn.copyPtrArgs())
	}
	// (a bare parameter's argument passed as written, its meta a constant: whole.go)
	spans := fixed.localSpans()
	if len(r.bare[name]) != 0 {
		spans = maps.Clone(spans)
		if spans == nil {
			spans = map[int]bool{}
		}
		maps.Copy(spans, r.bare[name])
	}
	as := r.renderArgs(x, args, func(i int) bool { return isPtr[i] }, func(i int) bool { return isObj[i] }, fn.takesOriginAt, spans)
	// (an object's address and its value are two uses: hoisted; so are
	// the arguments of a call setting __ml_t, which a call among them
	// would overwrite; and those a fixed call tests)
	entry := -1 // the parameter's step pending at entry, named in the result's site (entryFolds)
	if pt != nil && pt.param < len(as) {
		if k, ok := r.fn.entrySites[as[pt.param].prov]; ok {
			entry = k
			as[pt.param].prov.site = "0"
		}
	}
	simple := len(fn.objParams) == 0 && (len(fn.inThread) == 0 || !r.c.optimizing) && fixed == nil
	for i := range as {
		a := &as[i]
		// (an origin is valid once its value is computed: hoist)
		simple = simple && (len(fn.inThread) == 0 && (!a.origin || a.meta == "0") || plain(a.code))
		if a.isPtr {
			a.passed = r.argSite(x, i)
			// (a pending step goes into the ring as the argument is
			// passed: a statement of our own, in order)
			simple = simple && independent(a.code, a.meta, a.prov) && !a.prov.pending()
		}
	}
	var call frag
	if simple {
		if len(fn.inThread) != 0 {
			// (plain arguments call nothing that would overwrite __ml_t)
			call.str("__extension__({ ")
			for _, i := range fn.ptrParams {
				if fn.inThread[i] {
					call.str(r.threadArg(i, as[i].meta, r.pending(as[i].passed, as[i].prov.word)))
				}
			}
		}
		stores, originWords := passOrigins(fn, as, nil)
		call.str(stores)
		var words []frag
		for _, a := range as {
			words = append(words, a.code)
		}
		for _, i := range fn.ptrParams {
			if !fn.inThread[i] {
				p, k := r.passedArg(pt, i, r.pending(as[i].passed, as[i].prov.word), entry)
				resultSite = max(resultSite, k)
				r.noteParamCaller(name, i, p.site)
				words = append(words, textFrag(as[i].meta), textFrag(p.site), textFrag(p.word))
			}
		}
		for _, w := range originWords {
			words = append(words, textFrag(w))
		}
		if callSiteArg != "" {
			words = append(words, textFrag(site))
		}
		if rwArg != "" {
			words = append(words, textFrag(rwArg))
		}
		call.cat(r.callWords(x, name, args, words))
		if len(fn.inThread) != 0 {
			call.str("; })")
		}
	} else {
		call.str("__extension__({")
		vals, metas, provs := r.hoist(&call, as)
		leave := ""
		if fixed != nil {
			var enter string
			enter, leave = r.reportFrame(site)
			call.str(fixed.inline(vals, metas) + " else { " + enter)
		}
		for _, i := range fn.withExtras() {
			if fn.inThread[i] {
				call.str(r.threadArg(i, metas[i], provs[i]))
			}
		}
		stores, originWords := passOrigins(fn, as, metas)
		call.str(stores)
		var words []frag
		for _, v := range vals {
			words = append(words, textFrag(v))
		}
		for _, i := range fn.ptrParams {
			if !fn.inThread[i] {
				p, k := r.passedArg(pt, i, provs[i], entry)
				resultSite = max(resultSite, k)
				r.noteParamCaller(name, i, p.site)
				words = append(words, textFrag(metas[i]), textFrag(p.site), textFrag(p.word))
			}
		}
		for _, i := range fn.objParams {
			if !fn.inThread[i] {
				words = append(words, textFrag(provs[i].word), textFrag(metas[i]), textFrag(provs[i].site))
			}
		}
		for _, w := range originWords {
			words = append(words, textFrag(w))
		}
		if callSiteArg != "" {
			words = append(words, textFrag(site))
		}
		if rwArg != "" {
			words = append(words, textFrag(rwArg))
		}
		call.cat(r.callWords(x, name, args, words))
		if fixed != nil {
			call.str(";" + leave + " } " + fixed.result(vals, isVoid(x.Type())) + "; })")
			return call, metaWild, generated(genNone)
		}
		call.str("; })")
	}
	if !retPtr {
		return r.atStatement(atFrame, call), metaWild, generated(genNone)
	}
	var f frag
	m, pv := r.metaTemp(), r.provTemp()
	if r.resultUnheld(pv) && fn.extrasInThread() && typedAsWritten(x) {
		f.str("__extension__({ " + r.atFrame(site) + " ")
		f.cat(resultAt(r.verbatim(x), call, m, pv, r.funcWord(name)))
		f.str("; })")
		return f, m, pv
	}
	v := r.name("__ml_v")
	f.str("__extension__({ " + atFrame)
	if rw != "" {
		f.str(" struct __ml_rw " + rw + ";")
	}
	f.str(" register __auto_type " + v + " = ")
	f.cat(call)
	if k, ok := r.soleReturns[name]; ok && resultSite < 0 && r.fn != nil && !r.eager() {
		resultSite = k
	}
	fnWord := ""
	if rw == "" {
		fnWord = r.funcWord(name)
	}
	if resultSite >= 0 && pv.pending() {
		f.strf("; %s %s; })", r.passedResult(m, pv, fnWord, rw, v, resultSite), v)
		return f, m, pv
	}
	f.strf("; %s %s; })", r.returned(m, pv, fnWord, rw, v), v)
	return f, m, pv
}

// allocaCall rewrites a call of alloca: its block is registered as one of
// the calling function's stack objects, retired where the function returns
// (leave), checked like a local array.
func (r *rewriter) allocaCall(x *cc.PostfixExpression, args []cc.ExpressionNode) (frag, string, prov) {
	n, v, m := r.name("__ml_n"), r.name("__ml_v"), r.metaTemp()
	var f frag
	f.str("__extension__({ register __ml_uptr " + n + " = ")
	f.cat(r.expr(args[0]))
	f.str("; register __auto_type " + v + " = " + calleeName(x) + "(" + n)
	for _, a := range args[1:] {
		f.str(", ")
		f.cat(r.verbatim(a))
	}
	f.strf("); %s = __ml_register_alloca((__ml_uptr)%s, %s, %s); %s; })", m, v, n, siteRef(r.site(x, siteAlloca)), v)
	return f, m, generated(genAddr)
}

// calls reports whether n calls one of the functions in names.
func calls(n cc.Node, names map[string]bool) bool {
	found := false
	walkNodes(n, func(n cc.Node) bool {
		if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall && names[calleeName(x)] {
			found = true
		}
		return !found
	})
	return found
}

// atSite wraps a call in the statement that first records its site in the
// caller's frame. A statement expression, not a comma: two calls in one
// expression would make two unsequenced stores to the frame, which gcc -O2
// hoists above all the calls (every callee then saw the last site).
func (r *rewriter) atSite(site string, call frag) frag {
	return r.atStatement(r.atFrame(site), call)
}

// callAtSite is atSite for call x of name; in a leaf, the call of a
// function leafCalls allows is made in a frame of its own, its site,
// popped once it returns: the runtime captures the stack a frame of the
// leaf's own gave it.
func (r *rewriter) callAtSite(x *cc.PostfixExpression, name, site string, call frag) frag {
	if r.fn == nil || !r.fn.leaf || !r.leafCalls()[name] || !r.isCalledByName(x) {
		return r.atSite(site, call)
	}
	enter, leave := r.reportFrame(site)
	if r.fn.callSite && !r.pushedLeaves[r.fn.name] {
		enter = "__ml_enter_at(" + callSiteParam + ", " + site + ");"
	}
	var f frag
	f.str("__extension__({ " + enter + " ")
	f.cat(call)
	f.str(";" + leave + " })")
	return f
}

// atStatement is atSite given the statement recording the site (none for
// a call-site leaf's call: callSiteLeaf).
func (r *rewriter) atStatement(atFrame string, call frag) frag {
	var f frag
	f.str("__extension__({ " + atFrame + " ")
	f.cat(call)
	f.str("; })")
	return f
}

// reportFrame is the code around the call a fixed copy made inline makes
// when a test fails, to report: its site recorded as atFrame does, and in
// a leaf the frame it pushed popped after the call returns.
func (r *rewriter) reportFrame(site string) (enter, leave string) {
	if r.fn.leaf {
		leave = " __ml_leave(__ml_t.depth - 1u);"
		if done := r.atCallerDone(); done != "" {
			leave += strings.TrimPrefix(done, ",") + ";"
		}
		return r.atFrame(site), leave
	}
	return r.atFrame(site), ""
}

// atFrame is the statement recording a call's site: in the caller's frame,
// or in a frame of the call's own in a function without one (whose calls
// never return: the frame is never popped).
func (r *rewriter) atFrame(site string) string {
	if r.fn != nil && r.fn.leaf {
		return r.atCaller() + "(void)__ml_enter(" + site + ");"
	}
	if h := r.fn.hoist; h != nil && h.site == site {
		// stored before the loop (iteration); only a callee of a function
		// at depth 255 or more (the thread's 256) shares its slot, and
		// overwrites it
		h.hoisted = true
		deep := "__ml_t.depth > 255u"
		if h.deep != "" {
			deep = h.deep
		}
		return "if (__builtin_expect(" + deep + ", 0)) __ml_t.frames[255] = " + site + ";"
	}
	return "__ml_t.frames[" + r.slot() + "] = " + site + ";"
}

// frameHoist is a loop whose only call stores the same site in the
// function's frame slot each time round (loopCall): nothing else writes
// that slot while the loop runs, so the site is stored once before it.
type frameHoist struct {
	call    *cc.PostfixExpression
	site    string // the call's site, once it is rewritten
	hoisted bool   // its store made before the loop
	// deep, in main (mainOptimized), is a variable holding that test of
	// the depth, made before the loop: the depth is the function's
	// throughout, so gcc's unswitching takes the test out of the loop
	deep string
}

// hoistOf is the frameHoist of the loop being rewritten if x is its call.
func (r *rewriter) hoistOf(x *cc.PostfixExpression) *frameHoist {
	if r.fn == nil || r.fn.hoist == nil || r.fn.hoist.call != x {
		return nil
	}
	return r.fn.hoist
}

// loopCall is the one call a loop makes whose frame site can be stored
// once before it, or nil: the function has a frame and its depth is the
// thread's less one (no setjmp); the loop makes no other call that
// returns, inline copies included (a call or a failure's report stores
// a site of its own in the slot), holds no asm (which may call) and no
// label (a jump could enter it past the store). The outermost such loop
// hoists.
func (r *rewriter) loopCall(x *cc.IterationStatement) *cc.PostfixExpression {
	if r.fn == nil || r.fn.leaf || r.fn.setjmp || r.fn.hoist != nil {
		return nil
	}
	var call *cc.PostfixExpression
	calls := 0
	other := AnyNode(x, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.PostfixExpression:
			if n.Case == cc.PostfixExpressionCall && r.callBeyond(n, nil) {
				call = n
				calls++
			}
		case *cc.LabeledStatement:
			return true
		case *cc.Statement:
			return n.Case == cc.StatementAsm
		}
		return calls > 1
	})
	if other || calls != 1 {
		return nil
	}
	return call
}

// isVoid reports whether t is void (or unknown, as a call's type may be).
func isVoid(t cc.Type) bool { return t == nil || t.Kind() == cc.Void }

// calleeVariadic reports whether the function call x calls takes a
// variable argument list (or its type is unknown).
func calleeVariadic(x *cc.PostfixExpression) bool {
	t := x.PostfixExpression.Type()
	if p, ok := t.(*cc.PointerType); ok {
		t = p.Elem()
	}
	ft, ok := t.(*cc.FunctionType)
	return !ok || ft.IsVariadic()
}

// argCode is a call argument rewritten: its code and, for a pointer, the
// expressions of its meta and provenance.
type argCode struct {
	code    frag
	meta    string
	prov    prov
	passed  string // the step passing it to an instrumented callee (its site), or "" (libc)
	kept    bool   // that step stays pending even from a generated word (entry sites)
	isPtr   bool
	literal bool // a string literal or a null pointer constant: no side effect to order
	// an arithmetic value handing its definedness to an instrumented
	// callee's parameter (takesOrigin): meta is its origin, not used here
	origin bool
	// A struct holding pointers passed by value: code is the address of
	// the object copied (place), meta its shadow's tag; the callee copies
	// the shadow from there into its parameter (objParamCopy). An
	// argument that is no object passes none (prov.word 0), but for a
	// call's result (result: the function called), held in a temporary
	// whose address it passes.
	obj    bool
	result string
	// a compound literal: made, before the call, in an object of the
	// caller's (this declaration) whose address code is
	literalDecl *frag
	// pure: computed from constants and locals only assignments in sight
	// change, none of them assigned by the call's arguments (pureArg):
	// nothing evaluated before the call can change its value, meta or
	// provenance, so it needs no temporaries (unoptimised, each would be a
	// slot in the frame).
	pure bool
}

// passesShadow reports whether a parameter of type t is passed the pointer
// shadow of the argument copied into it (a struct or union holding
// pointers, passed by value).
func passesShadow(t cc.Type) bool { return isAggregate(t) && hasPtrs(t, 0) }

// objArg rewrites argument i of call x, a struct whose callee copies its
// shadow: an lvalue is evaluated as its address.
func (r *rewriter) objArg(x *cc.PostfixExpression, i int, a cc.ExpressionNode) argCode {
	ac := argCode{prov: prov{r.argSite(x, i), "0"}, meta: metaWild}
	if lit, ok := unparen(a).(*cc.PostfixExpression); ok && lit.Case == cc.PostfixExpressionComplit && r.fn != nil {
		// its pointers' metas stored as for a brace initializer, for the
		// callee to copy
		rv := r.name("__ml_cl")
		decl := r.compoundObject(lit, rv)
		ac.literalDecl, ac.obj = &decl, true
		ac.code.str("&" + rv)
		return ac
	}
	if !isObjectExpr(a) {
		ac.code = r.expr(a)
		if fn := calledByName(a); fn != "" && r.defined[fn] {
			ac.result = fn
		}
		return ac
	}
	ac.obj = true
	ac.code, ac.meta = r.objectPlace(a)
	return ac
}

// A pointer argument in spans (nil: none) is the address of a local
// nothing else needs as an object (fixedCall): as written, of unknown meta.
func (r *rewriter) renderArgs(x *cc.PostfixExpression, args []cc.ExpressionNode, isPtr, isObj, carriesOrigin func(int) bool, spans map[int]bool) []argCode {
	as := make([]argCode, len(args))
	variadic := calleeVariadic(x)
	assigned := map[*cc.Declarator]bool{}
	for _, a := range args {
		assignedVars(a, assigned)
	}
	// (rendered in the order the compiler evaluates them: the checks an
	// argument makes are facts for those after it, as a binary operator's
	// left operand's are for its right: a test one leaves out is one an
	// argument before it makes of the same block, so a bad access fails
	// that check, ahead of the call's use of either value)
	defer r.avail.pop(len(r.avail.seq))
	// (a printf-style function's: which arguments its format converts)
	fi, formatted := r.formatCall(x, len(args))
	var converts []bool
	var origins []string // (the runtime checks the format's, which the arguments are evaluated before)
	if formatted {
		if f, ok := literalFormat(args[fi]); ok {
			converts, _ = formatConverts(f, len(args)-fi-1)
		} else if r.c.order.argsRightToLeft {
			origins = make([]string, len(args)-fi-1)
		}
	}
	for _, i := range r.argOrder(len(args)) {
		a := args[i]
		r.cleanPart(a, func() frag {
			return r.avail.before(func() frag {
				if isObj(i) {
					as[i] = r.objArg(x, i, a)
					return as[i].code
				}
				// (a 0 hoisted into a temporary would be an int passed for a
				// function pointer, and a (char *)NULL no sentinel gcc's sentinel
				// check accepts: warnings the user's code did not have)
				as[i].isPtr, as[i].literal = isPtr(i), isStringLiteral(a) || isNullConst(a) || isZeroPointer(a)
				switch {
				case spans[i]:
					as[i].code, as[i].meta, as[i].prov = r.verbatim(a), metaWild, generated(genAddr)
				case variadic && isStringLiteral(a):
					// a format string stays visible to gcc's -Wformat
					as[i].code, as[i].meta, as[i].prov = r.verbatim(a), metaWild, generated(genLiteral)
				case as[i].isPtr && isZeroPointer(a):
					// ((const char *)0 as written, a sentinel gcc sees)
					as[i].code, as[i].meta, as[i].prov = r.verbatim(a), metaNull, generated(genNull)
				case as[i].isPtr:
					as[i].code, as[i].meta, as[i].prov = r.ptrExpr(a)
				case carriesOrigin(i) && !as[i].literal:
					as[i].origin = true
					as[i].code, as[i].meta = r.copySource(a)
				case formatted && i > fi && converts != nil && !converts[i-fi-1] && r.copySourceKind(a):
					as[i].code, _ = r.copySource(a) // (not converted: not used)
				case formatted && i > fi && origins != nil && r.copySourceKind(a):
					as[i].code, origins[i-fi-1] = r.copySource(a)
				case r.noAddress(a):
					as[i].code = r.autoInit(a, r.expr(a))
				default:
					as[i].code = r.expr(a)
				}
				if formatted && i == fi && origins != nil && slices.ContainsFunc(origins, func(o string) bool { return o != "" && o != "0" }) {
					as[i].code = r.formatUses(x, as[i].code, origins)
				}
				as[i].pure = plain(as[i].code) && pureArg(a, assigned)
				return as[i].code
			})
		})
	}
	return as
}

// argOrder is the order in which the host compiler evaluates a call's n
// arguments.
func (r *rewriter) argOrder(n int) []int {
	order := make([]int, n)
	for k := range order {
		order[k] = k
		if r.c.order.argsRightToLeft {
			order[k] = n - 1 - k
		}
	}
	return order
}

// pureArg reports whether argument a is computed from constants and pure
// variables (pureVar) that no argument assigns.
func pureArg(a cc.ExpressionNode, assigned map[*cc.Declarator]bool) bool {
	var b strings.Builder
	var deps []*cc.Declarator
	if !valueKey(a, &b, &deps) {
		return false
	}
	for _, d := range deps {
		if assigned[d] {
			return false
		}
	}
	return true
}

// hoist evaluates the arguments into temporaries in the order the host
// compiler evaluates them, each pointer's meta and provenance captured
// right after its value, and returns the C text standing for each
// argument, each meta and each provenance as the callee gets it: for an
// argument passed to an instrumented callee, the step passing it
// (pending) and the word it came from (its own pending step put in the
// ring); for libc, the argument's own. String literals and null pointer
// constants stay in place: there is nothing to order, and a format string
// stays visible to gcc's -Wformat; so do pure arguments, which nothing
// evaluated before the call can change.
func (r *rewriter) hoist(f *frag, as []argCode) (vals, metas []string, provs []prov) {
	vals, metas, provs = make([]string, len(as)), make([]string, len(as)), make([]prov, len(as))
	for _, i := range r.argOrder(len(as)) {
		a := as[i]
		provs[i], metas[i] = a.prov, a.meta
		if a.passed != "" {
			provs[i].site = a.passed
		}
		if a.literal {
			vals[i], metas[i] = r.unit.codeText(a.code), metaWild
			if a.isPtr {
				// a string literal's object, or NULL's meta, as a
				// variable holding NULL passes: a callee storing it
				// leaves a shadow its loads pass inline (as WILD's it
				// lay outside WILD's bounds: each load took the stub)
				metas[i] = a.meta
			}
			continue
		}
		if a.pure {
			vals[i] = "(" + r.unit.codeText(a.code) + ")"

			if a.passed != "" {
				if p, ok := r.paramSteps(f, a); ok {
					provs[i] = p
					continue
				}
				// its own pending step goes into the ring now (unless
				// settled already: the word alone would be a statement
				// with no effect)
				if m := r.moved(a.prov); m != a.prov.word {
					f.str(m + ";")
				}
				provs[i] = r.passedProv(a, a.prov.word)
			}
			continue
		}
		vals[i] = r.name("__ml_a")
		if a.obj {
			if a.literalDecl != nil {
				f.cat(*a.literalDecl)
				f.str("; ")
			}
			// the address of the object, then its value, copied now
			o := r.name("__ml_ao")
			f.str("register __auto_type " + o + " = ")
			f.cat(a.code)
			f.str(";")
			metas[i] = r.hoistedMeta(f, a.meta)
			f.strf(" register __auto_type %s = *%s;", vals[i], o)
			provs[i].word = "(__ml_uptr)" + o
			continue
		}
		if a.result != "" {
			// the object its callee returned dies with the next call (of
			// the next argument, of the callee itself): the shadow of the
			// pointers inside (and its bytes' definedness) is copied into
			// the temporary, now
			f.str("__auto_type " + vals[i] + " = ")
			f.cat(a.code)
			f.strf("; %s;", r.resultTemp("&"+vals[i], a.result, provs[i].site))
			provs[i].word = "(__ml_uptr)&" + vals[i]
			continue
		}
		f.str("register __auto_type " + vals[i] + " = ")
		f.cat(a.code)
		f.str(";")
		if a.origin && a.meta != "0" { // (valid once the value is computed)
			metas[i] = r.name("__ml_ao")
			f.str(" register __ml_uptr " + metas[i] + " = " + a.meta + ";")
		}
		if a.isPtr {
			metas[i] = r.hoistedMeta(f, a.meta)
			if a.passed != "" {
				p := r.passedProv(a, r.moved(a.prov))
				provs[i] = r.hoistedProv(f, "", p.word)
				provs[i].site = p.site
			} else if a.prov.pending() {
				provs[i] = r.hoistedProv(f, a.prov.site, a.prov.word)
			} else {
				provs[i].word = r.hoistedProv(f, "", a.prov.word).word
			}
		}
	}
	return vals, metas, provs
}

// passedProv is the provenance of argument a, from word w, as passed: its
// passing step pending (kept), or packed with a generated word.
func (r *rewriter) passedProv(a argCode, w string) prov {
	if a.kept {
		return prov{a.passed, w}
	}
	return r.pending(a.passed, w)
}

// hoistedMeta captures a hoisted argument's meta, as hoistedProv does;
// a side word of the argument's own (metaTemp), which no other argument
// assigns, is left as it is.
func (r *rewriter) hoistedMeta(f *frag, meta string) string {
	m := r.name("__ml_am")
	if r.hoistsToSide() {
		if isMetaTemp(meta) {
			return meta
		}
		m = r.metaTemp()
	}
	r.hoistedAssign(f, "__ml_meta_t ", m, meta)
	return m
}

// hoistedProv captures a hoisted argument's provenance word, and its
// pending step's site unless site is "", in new register variables, or in
// words of the side frame (hoistsToSide), and returns them; a word of the
// argument's own (wordTemp: not a pointer local's) is left as it is.
func (r *rewriter) hoistedProv(f *frag, site, word string) prov {
	var v prov
	switch {
	case r.hoistsToSide() && site == "" && r.isWordTemp(word):
		return prov{"0", word}
	case r.hoistsToSide() && site != "":
		v = r.provPair()
	case r.hoistsToSide():
		v = r.wordTemp()
	case site != "":
		v = prov{r.name("__ml_as"), r.name("__ml_aw")}
	default:
		v = prov{"0", r.name("__ml_aw")}
	}
	if site != "" {
		r.hoistedAssign(f, "const struct __ml_site *", v.site, site)
	}
	r.hoistedAssign(f, "__ml_prov_t ", v.word, word)
	return v
}

// hoistedAssign declares variable v of type typ with its value, or
// assigns the side frame's word v.
func (r *rewriter) hoistedAssign(f *frag, typ, v, value string) {
	if r.hoistsToSide() {
		f.strf("%s = %s;", v, value)
	} else {
		f.strf("register %s%s __attribute__((unused)) = %s;", typ, v, value)
	}
}

// isMetaTemp reports whether meta names a temporary of metaTemp's (a
// pointer local's companion is a __ml_p).
func isMetaTemp(meta string) bool { return isNamed(meta, "__ml_m") }

// isNamed reports whether v is a name r.name gave for prefix.
func isNamed(v, prefix string) bool {
	n, ok := strings.CutPrefix(v, prefix)
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// isWordTemp reports whether word names a temporary of wordTemp's, not a
// pointer local's provenance.
func (r *rewriter) isWordTemp(word string) bool {
	if !isNamed(word, "__ml_pw") {
		return false
	}
	for _, c := range r.fn.compProv {
		if c.word == word {
			return false
		}
	}
	return true
}

// hoistsToSide reports whether hoisted arguments' metas and provenance
// go to words of the side frame instead of register variables:
// unoptimised, gcc gives every register variable a callee-saved register
// (pushed in the frame) and the temporaries of a hoisting outer call live
// across the inner ones, five or more at a time in cJSON's functions.
func (r *rewriter) hoistsToSide() bool { return !r.c.optimizing && r.fn.side != nil }

// codeText is the C text of unrewritten code (a literal's tokens, a pure
// argument's), gcc's builtins as written (builtinUse).
func (u *unitText) codeText(f frag) string {
	var b strings.Builder
	f = f.flat()
	for i := 0; i < len(f); i++ {
		p := f[i]
		b.WriteByte(' ')
		if !p.isTok {
			b.WriteString(p.text)
		} else if end, last, ok := u.builtinUse(f, i); ok {
			b.Write(u.orig[u.origOffset(p.tok.Position().Offset):end])
			i = last
		} else {
			b.WriteString(u.literalSource(p.tok))
		}
	}
	return b.String()
}

// opaqueFrag wraps already rewritten pointer code so its meta is derived
// from its value.
func (r *rewriter) opaqueFrag(code frag) (frag, string, prov) {
	m := r.metaTemp()
	return r.keepValue(code, func(v string) string { return m + " = __ml_metav((__ml_uptr)" + v + ")" }), m, generated(genOpaque)
}

// argsFrag renders the parenthesised argument list of call x.
func (r *rewriter) argsFrag(x *cc.PostfixExpression) frag {
	var f frag
	f.tok(x.Token)
	if x.ArgumentExpressionList != nil {
		f.cat(r.generic(x.ArgumentExpressionList))
	}
	f.tok(x.Token2)
	return f
}

// prefetch rewrites __builtin_prefetch(p, …): a prefetch never faults and
// decides nothing, so its address is computed as a copy's is, not used (a
// pointer never set may be prefetched: gcc's torture test
// builtin-prefetch-2).
func (r *rewriter) prefetch(x *cc.PostfixExpression) frag {
	l := x.ArgumentExpressionList
	f := r.verbatim(x.PostfixExpression)
	f.tok(x.Token)
	code, _, _ := r.ptrExpr(l.AssignmentExpression)
	f.cat(code)
	if l.ArgumentExpressionList != nil {
		f.cat(r.generic(l.ArgumentExpressionList)) // (constants)
	}
	f.tok(x.Token2)
	return f
}

func argList(l *cc.ArgumentExpressionList) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for ; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// paramName is the name of parameter i in the prototype of the function
// call x calls, "" if it has none.
func paramName(x *cc.PostfixExpression, i int) string {
	ft := calleeType(x)
	if ft == nil || i >= len(ft.Parameters()) {
		return ""
	}
	if d := ft.Parameters()[i].Declarator; d != nil {
		return d.Name()
	}
	return ""
}

// calleeType is the type of the function call x calls, or nil.
func calleeType(x *cc.PostfixExpression) *cc.FunctionType {
	t := x.PostfixExpression.Type()
	if t == nil {
		return nil
	}
	if t.Kind() == cc.Ptr {
		t = t.(*cc.PointerType).Elem()
	}
	ft, _ := t.(*cc.FunctionType)
	return ft
}

// paramTypes returns the declared parameter types of the called function
// (none for an unprototyped one).
func paramTypes(x *cc.PostfixExpression) []cc.Type {
	ft := calleeType(x)
	if ft == nil {
		return nil
	}
	var out []cc.Type
	for _, p := range ft.Parameters() {
		out = append(out, passedType(p.Type()))
	}
	if len(out) == 1 && out[0] != nil && out[0].Kind() == cc.Void {
		return nil
	}
	return out
}

// passedType is what an argument for a parameter of type t is converted
// to: a transparent union's first member (glibc's __SOCKADDR_ARG under
// _GNU_SOURCE, getsockname's address: a pointer the callee writes
// through), else t.
func passedType(t cc.Type) cc.Type {
	u, ok := t.(*cc.UnionType)
	if !ok || u.NumFields() == 0 {
		return t
	}
	// (a union declared with no attribute at all has no Attributes)
	if a := u.Attributes(); a != nil && (a.IsAttrSet("__transparent_union__") || a.IsAttrSet("transparent_union")) {
		return u.FieldByIndex(0).Type()
	}
	return t
}

// declaredInSystem reports whether the function called by x is declared in
// a system header (libc), not in the user's code.
func (r *rewriter) declaredInSystem(x *cc.PostfixExpression) bool {
	d := declOf(x.PostfixExpression.(*cc.PrimaryExpression))
	return d != nil && r.unit.isSystem(d.Position())
}

// noteReplacements records the types of the checked replacements d (a
// declaration of memlens.h) declares.
func (r *rewriter) noteReplacements(d *cc.Declaration) {
	if d == nil {
		return
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if id := l.InitDeclarator; id != nil {
			if name, ok := strings.CutPrefix(id.Declarator.Name(), "__ml_"); ok && wrapped[name] {
				r.replacements[name] = id.Declarator.Type()
			}
		}
	}
}

// checkedCall reports whether call x of libc's function name (one of
// wrapped) goes to its checked replacement: not when the program declared
// the function itself with another type, which gcc then calls as declared
// (autoconf's AC_CHECK_FUNCS declares `char memmove ();` and calls it
// with no arguments to see that it links).
func (r *rewriter) checkedCall(x *cc.PostfixExpression, name string) bool {
	p, ok := x.PostfixExpression.(*cc.PrimaryExpression)
	if !ok {
		return true
	}
	t := r.replacements[name]
	if ft, ok := t.(*cc.FunctionType); ok {
		// (called with no declaration in sight, with other arguments than
		// libc's: fputs("") in gcc's torture test pr38360)
		n, params := len(argList(x.ArgumentExpressionList)), ft.Parameters()
		if len(params) == 1 && params[0].Type().Kind() == cc.Void {
			params = nil // (void): vfork's
		}
		if n < len(params) || n > len(params) && !ft.IsVariadic() {
			return false
		}
	}
	d := declOf(p)
	if d == nil || d.IsSynthetic() || r.unit.isSystem(d.Position()) {
		return true
	}
	return t == nil || d.Type().IsCompatible(t)
}

// declaredInText reports whether the callee of call x, by name, is declared
// before it in the unit's text (gcc knows its name there: not one called
// before any declaration, nor one only the front end's prelude declares).
func declaredInText(x *cc.PostfixExpression) bool {
	d := declOf(x.PostfixExpression.(*cc.PrimaryExpression))
	return !implicitlyDeclared(x) && !isOurSource(d.Position().Filename)
}

// implicitlyDeclared reports whether the function called by name in x has
// no declaration before the call: the front end makes one up, or resolves
// the name to a declaration that comes later.
func implicitlyDeclared(x *cc.PostfixExpression) bool {
	p := x.PostfixExpression.(*cc.PrimaryExpression)
	d := declOf(p)
	if d == nil || d.IsSynthetic() {
		return true
	}
	name := d.NameTok()
	return name.Seq() > p.Token.Seq()
}

// hasSideEffects reports whether evaluating n may change something (an
// assignment, an increment, a call).
func hasSideEffects(n cc.Node) bool {
	return AnyNode(n, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			return x.Case != cc.AssignmentExpressionCond
		case *cc.UnaryExpression:
			return x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec
		case *cc.PostfixExpression:
			return x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec || x.Case == cc.PostfixExpressionCall
		}
		return false
	})
}
