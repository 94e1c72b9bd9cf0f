package instrument

import (
	"strings"

	"modernc.org/cc/v4"
)

// Formats. A value passed to a printf-style function of libc is used only
// if its format converts it: libjpeg-turbo's format_message passes all
// eight of an error's parameters to snprintf, however few its message
// prints, and Valgrind reports none left unset. With a literal format the
// arguments it converts are known here and only they are checked at the
// call; with a format made at run time the arguments' origins are handed
// to the runtime, which checks those the format converts
// (__ml_format_uses).

// formatParam is the index of the format parameter of libc's printf-style
// functions, by name.
var formatParam = map[string]int{
	"printf": 0, "fprintf": 1, "dprintf": 1, "sprintf": 1, "snprintf": 2, "asprintf": 1,
	"syslog": 1, "warn": 0, "warnx": 0, "err": 1, "errx": 1, "error": 2,
}

// formatCall is the index of the format argument of call x when it calls
// one of libc's printf-style functions with arguments after the format,
// with full checking.
func (r *rewriter) formatCall(x *cc.PostfixExpression, nargs int) (int, bool) {
	name := calleeName(x)
	i, ok := formatParam[name]
	if !ok || !r.tracksDef() || !r.isSystem(x, name) || nargs <= i+1 {
		return 0, false
	}
	return i, true
}

// formatConverts lists, for each argument after the format, whether the
// printf format converts it; ok is false for a format it cannot follow
// (positional arguments, a conversion it does not know).
func formatConverts(format string, n int) (converts []bool, ok bool) {
	converts = make([]bool, n)
	arg, i := 0, 0
	skip := func(set string) {
		for i < len(format) && strings.IndexByte(set, format[i]) >= 0 {
			i++
		}
	}
	// a field width or precision, * taking an argument
	field := func() {
		if i < len(format) && format[i] == '*' {
			if arg < n {
				converts[arg] = true
			}
			arg++
			i++
		}
		skip("0123456789")
	}
	for ; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		if j := i + strings.IndexFunc(format[i:], func(c rune) bool { return c < '0' || c > '9' }); j >= i && format[j] == '$' {
			return nil, false
		}
		skip("-+ #0'I")
		field()
		if i < len(format) && format[i] == '.' {
			i++
			field()
		}
		skip("hlqLjzZt")
		if i >= len(format) || format[i] != 'm' && strings.IndexByte("diouxXcCeEfFgGaAsSpn", format[i]) < 0 {
			return nil, false
		}
		if format[i] != 'm' {
			if arg < n {
				converts[arg] = true
			}
			arg++
		}
	}
	return converts, true
}

// literalFormat is the value of string literal e, without its
// terminating NUL.
func literalFormat(e cc.ExpressionNode) (string, bool) {
	v, ok := unparen(e).Value().(cc.StringValue)
	if !ok {
		return "", false
	}
	return strings.TrimSuffix(string(v), "\x00"), true
}

// formatUses wraps the format argument code of printf-style call x, made
// at run time, so that the runtime checks the arguments after it that the
// format converts, by their origins (evaluated already: gcc evaluates a
// call's arguments right to left).
func (r *rewriter) formatUses(x *cc.PostfixExpression, code frag, origins []string) frag {
	list := make([]string, len(origins))
	for i, o := range origins {
		list[i] = "0"
		if o != "" {
			list[i] = "(__ml_uptr)(" + o + ")"
		}
	}
	v := r.name("__ml_v")
	var f frag
	f.str("__extension__({ register __auto_type " + v + " = ")
	f.cat(code)
	f.strf("; __ml_format_uses((const char *)%s, %s, %d, (const __ml_uptr[]){%s}); %s; })", v, siteRef(r.site(x, siteAccess)), len(origins), strings.Join(list, ", "), v)
	return f
}
