package instrument

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// wrapped lists the libc functions whose calls from instrumented code go to
// the runtime's checked replacement __ml_<name> (declared in memlens.h).
var wrapped = setOf(
	"malloc", "calloc", "realloc", "reallocarray", "free", "posix_memalign",
	"aligned_alloc", "memalign", "valloc", "pvalloc", "strdup", "strndup",
	"memcpy", "memmove", "memset", "memcmp", "memchr", "memrchr",
	"strcpy", "stpcpy", "strncpy", "stpncpy", "strcat", "strncat",
	"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll",
	"strchr", "strrchr", "strstr", "strpbrk", "strspn", "strcspn", "strtok", "strtok_r",
	"sprintf", "snprintf", "vsprintf", "vsnprintf", "printf", "fprintf", "vprintf", "vfprintf",
	"fgets", "fread", "fwrite", "read", "write", "getline", "getdelim", "puts", "fputs",
	"qsort", "bsearch", "pthread_create",
)

// setjmps return twice; the second return must restore the shadow stack.
var setjmps = setOf("setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "__builtin_setjmp")

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

// call rewrites a function call. Calls into instrumented code pass the
// metas of pointer arguments through __ml_t, tagged with the callee; calls
// to checked libc functions go to the runtime's replacement; every call
// records its site as the current position of this frame.
func (r *rewriter) call(x *cc.PostfixExpression, wantMeta bool) (frag, string) {
	name := calleeName(x)
	args := argList(x.ArgumentExpressionList)
	switch {
	case name == vaCopyMarker:
		var f frag
		f.str("__builtin_va_copy")
		f.cat(r.argsFrag(x))
		return f, metaWild
	case setjmps[name]:
		r.fn.setjmp = true
		var f frag
		f.str("__ml_after_setjmp(__ml_d,")
		f.cat(r.generic(x))
		f.str(")")
		return f, metaWild
	case strings.HasPrefix(name, "__builtin_") && wrapped[strings.TrimPrefix(name, "__builtin_")]:
		name = strings.TrimPrefix(name, "__builtin_")
	case strings.HasPrefix(name, "__builtin_"), strings.HasPrefix(name, "__sync_"), strings.HasPrefix(name, "__atomic_"):
		f := r.generic(x)
		if wantMeta {
			return r.opaqueFrag(f)
		}
		return f, metaWild
	}
	site := siteRef(r.site(x, siteCall))
	if fn := r.direct[name]; fn != nil && r.isCalledByName(x) {
		return r.directCall(x, fn, site, args, wantMeta)
	}
	system := name != "" && !r.defined[name] && r.declaredInSystem(x)
	callee := ""
	switch {
	case system && wrapped[name]:
		callee = "__ml_" + name
	case system:
		// plain libc: no metas to pass; its pointer results are looked up
		var f frag
		f.str("(__ml_t.frames[__ml_slot] = " + site + ",")
		f.cat(r.generic(x))
		f.str(")")
		if wantMeta {
			return r.opaqueFrag(f)
		}
		return f, metaWild
	case name != "":
		callee = name
	}

	params := paramTypes(x)
	ptrArg := make([]bool, len(args))
	anyPtr := false
	for i, a := range args {
		t := a.Type()
		if i < len(params) {
			t = params[i]
		}
		ptrArg[i] = isDataPtr(t) || (i >= len(params) && t != nil && t.Kind() == cc.Array)
		anyPtr = anyPtr || ptrArg[i]
	}
	retPtr := wantMeta && isDataPtr(x.Type())

	var f frag
	if !anyPtr && !retPtr && callee != "" {
		f.str("(__ml_t.frames[__ml_slot] = " + site + ",")
		if callee != name {
			f.str(callee)
			f.cat(r.argsFrag(x))
		} else {
			f.cat(r.generic(x))
		}
		f.str(")")
		return f, metaWild
	}

	// General form: evaluate the callee and the arguments into temporaries,
	// then hand over the metas and call.
	f.str("__extension__({")
	fn := callee
	if fn == "" {
		fn = r.name("__ml_f")
		f.str("__auto_type " + fn + " = ")
		f.cat(r.expr(x.PostfixExpression))
		f.str(";")
	}
	stores := make([]string, len(args))
	names := make([]string, len(args))
	order := make([]int, len(args))
	for i := range args {
		order[i] = i
		if r.c.order.argsRightToLeft {
			order[i] = len(args) - 1 - i
		}
	}
	for _, i := range order {
		a := args[i]
		if isStringLiteral(a) {
			// no side effects, so no order to keep; in place, a format
			// string stays visible to gcc's -Wformat
			names[i] = cc.NodeSource(a)
			if ptrArg[i] && i < 16 {
				stores[i] = "__ml_t.arg[" + strconv.Itoa(i) + "] = " + metaWild + ";"
			}
			continue
		}
		v := r.name("__ml_a")
		names[i] = v
		f.str("__auto_type " + v + " = ")
		if ptrArg[i] {
			code, meta := r.ptrExpr(a)
			f.cat(code)
			if i < 16 {
				stores[i] = "__ml_t.arg[" + strconv.Itoa(i) + "] = " + meta + ";"
			}
		} else if isBitfield(a) {
			f.str("+(")
			f.cat(r.expr(a))
			f.str(")")
		} else {
			f.cat(r.expr(a))
		}
		f.str(";")
	}
	f.str(strings.Join(stores, " "))
	if anyPtr {
		f.str("__ml_t.callee = (__ml_uptr)" + fn + ";")
	}
	f.str("__ml_t.frames[__ml_slot] = " + site + ";")
	callText := fn + "(" + strings.Join(names, ", ") + ")"
	if !retPtr {
		f.str(callText + "; })")
		return f, metaWild
	}
	m := r.metaTemp()
	v := r.name("__ml_v")
	f.strf("__auto_type %s = %s; %s = __ml_retm((__ml_uptr)%s, (__ml_uptr)%s); %s; })", v, callText, m, fn, v, v)
	return f, m
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
func (r *rewriter) directCall(x *cc.PostfixExpression, fn *directFn, site string, args []cc.ExpressionNode, wantMeta bool) (frag, string) {
	name := calleeName(x)
	isPtr := map[int]bool{}
	for _, i := range fn.ptrParams {
		isPtr[i] = true
	}
	codes := make([]frag, len(args))
	metas := make([]string, len(args))
	simple := true
	for i, a := range args {
		if isPtr[i] {
			codes[i], metas[i] = r.ptrExpr(a)
			simple = simple && independent(codes[i], metas[i])
		} else {
			codes[i] = r.expr(a)
		}
	}
	retPtr := wantMeta && isDataPtr(x.Type())
	var call frag
	if simple {
		call.str(name + "(")
		for i := range args {
			if i > 0 {
				call.str(",")
			}
			call.cat(codes[i])
		}
		for _, i := range fn.ptrParams {
			call.str("," + metas[i])
		}
		call.str(")")
	} else {
		// evaluate in the compiler's order, each meta right after its value
		names := make([]string, len(args))
		mnames := map[int]string{}
		call.str("__extension__({")
		for k := range args {
			i := k
			if r.c.order.argsRightToLeft {
				i = len(args) - 1 - k
			}
			names[i] = r.name("__ml_a")
			call.str("__auto_type " + names[i] + " = ")
			if isBitfield(args[i]) {
				call.cat(paren(codes[i]))
				call.str("+0")
			} else {
				call.cat(codes[i])
			}
			call.str(";")
			if isPtr[i] {
				mnames[i] = r.name("__ml_am")
				call.strf("__ml_meta_t %s = %s;", mnames[i], metas[i])
			}
		}
		call.str(name + "(" + strings.Join(names, ", "))
		for _, i := range fn.ptrParams {
			call.str("," + mnames[i])
		}
		call.str("); })")
	}
	var f frag
	if !retPtr {
		f.str("(__ml_t.frames[__ml_slot] = " + site + ",")
		f.cat(call)
		f.str(")")
		return f, metaWild
	}
	m := r.metaTemp()
	v := r.name("__ml_v")
	f.str("__extension__({ __ml_t.frames[__ml_slot] = " + site + "; __auto_type " + v + " = ")
	f.cat(call)
	f.strf("; %s = __ml_retm((__ml_uptr)%s, (__ml_uptr)%s); %s; })", m, name, v, v)
	return f, m
}

// isStringLiteral reports whether n is a string literal (parenthesised or
// not).
func isStringLiteral(n cc.ExpressionNode) bool {
	x, ok := n.(*cc.PrimaryExpression)
	if !ok {
		return false
	}
	switch x.Case {
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		return true
	case cc.PrimaryExpressionExpr:
		return isStringLiteral(x.ExpressionList)
	}
	return false
}

// opaqueFrag wraps already rewritten pointer code so its meta is derived
// from its value.
func (r *rewriter) opaqueFrag(code frag) (frag, string) {
	m := r.metaTemp()
	v := r.name("__ml_v")
	var f frag
	f.str("__extension__({ __auto_type " + v + " = ")
	f.cat(code)
	f.strf("; %s = __ml_metav((__ml_uptr)%s); %s; })", m, v, v)
	return f, m
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

func argList(l *cc.ArgumentExpressionList) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for ; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// paramTypes returns the declared parameter types of the called function
// (none for an unprototyped one).
func paramTypes(x *cc.PostfixExpression) []cc.Type {
	t := x.PostfixExpression.Type()
	if t == nil {
		return nil
	}
	if t.Kind() == cc.Ptr {
		t = t.(*cc.PointerType).Elem()
	}
	ft, ok := t.(*cc.FunctionType)
	if !ok {
		return nil
	}
	var out []cc.Type
	for _, p := range ft.Parameters() {
		out = append(out, p.Type())
	}
	if len(out) == 1 && out[0] != nil && out[0].Kind() == cc.Void {
		return nil
	}
	return out
}

// declaredInSystem reports whether the function called by x is declared in
// a system header (libc), not in the user's code.
func (r *rewriter) declaredInSystem(x *cc.PostfixExpression) bool {
	p := x.PostfixExpression.(*cc.PrimaryExpression)
	d := declOf(p)
	if d == nil {
		return false // implicitly declared: assume the user's
	}
	return r.c.isSystem(d.Position().Filename)
}
