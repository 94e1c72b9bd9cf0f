package rules

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Wrapping the functions a program's rules watch (call F, ret F, FindLast
// over F's calls or returns). Before a unit is instrumented, each
// definition of such a function in its preprocessed text is renamed (its
// body is compiled as it was, under another name) and followed by a
// wrapper of F's own name and signature, placed under a system-header line
// marker so the instrumenter copies it as it is: the wrapper tells the
// runtime F was entered, with the address, size and class of each
// argument, calls the body (handing it the metas its caller passed for F:
// the wrapper pushes no frame and touches no meta), and tells the runtime F
// returned. Every call of F, from anywhere, goes through it; reports inside
// F still name F (Rename fixes the instrumented unit's sites).

// Wrapped is a definition Wrap rewrote: F, the name its body now has.
type Wrapped struct {
	Name, Body string
}

// ctok is a token of preprocessed C.
type ctok struct {
	text       string
	start, end int // byte offsets
	ident      bool
	line       int    // the logical line it is on
	file       []byte // its file, quoted as its line marker writes it
	system     bool   // under a system header's line marker
}

// lexC splits preprocessed C into tokens, reading its line markers.
func lexC(src []byte) []ctok {
	var toks []ctok
	line, file, system := 1, []byte(`""`), false
	lineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && lineStart:
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			if n, f, sys, ok := lineMarker(src[i : i+end]); ok {
				line, file, system = n-1, f, sys // (its newline comes next)
			}
			i += end
			continue
		}
		lineStart = false
		start := i
		switch {
		case isLetter(c):
			for i < len(src) && (isLetter(src[i]) || isDigit(src[i])) {
				i++
			}
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			for i < len(src) && (isLetter(src[i]) || isDigit(src[i]) || src[i] == '.' ||
				(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E' || src[i-1] == 'p' || src[i-1] == 'P')) {
				i++
			}
		case c == '"' || c == '\'':
			i++
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i = min(i+1, len(src))
		case c == '.' && bytes.HasPrefix(src[i:], []byte("...")):
			i += 3
		case c == '-' && i+1 < len(src) && src[i+1] == '>':
			i += 2
		default:
			i++
		}
		toks = append(toks, ctok{text: string(src[start:i]), start: start, end: i, ident: isLetter(c),
			line: line, file: file, system: system})
	}
	return toks
}

// lineMarker parses `# N "FILE" FLAGS`.
func lineMarker(l []byte) (line int, file []byte, system, ok bool) {
	f := bytes.Fields(bytes.TrimPrefix(bytes.TrimSpace(l), []byte("#")))
	if len(f) >= 2 && f[0][0] == 'l' { // #line N "FILE"
		f = f[1:]
	}
	if len(f) < 2 || f[1][0] != '"' {
		return 0, nil, false, false
	}
	n, err := strconv.Atoi(string(f[0]))
	if err != nil {
		return 0, nil, false, false
	}
	q := bytes.TrimSpace(l)[bytes.Index(bytes.TrimSpace(l), []byte(`"`)):]
	end := 1
	for end < len(q) && q[end] != '"' {
		if q[end] == '\\' {
			end++
		}
		end++
	}
	if end >= len(q) {
		return 0, nil, false, false
	}
	for _, flag := range bytes.Fields(q[end+1:]) {
		if string(flag) == "3" {
			system = true
		}
	}
	return n, q[:end+1], system, true
}

// declKeywords are the words of declaration specifiers that say nothing of
// the return type.
var declKeywords = map[string]bool{"static": true, "extern": true, "inline": true, "__inline": true,
	"__inline__": true, "_Noreturn": true, "__extension__": true, "_Thread_local": true, "__thread": true}

// paramNonNames are words a parameter's declaration ends with that are not
// its name (an unnamed parameter, which a definition cannot wrap).
var paramNonNames = map[string]bool{"const": true, "volatile": true, "restrict": true, "__restrict": true,
	"__restrict__": true, "_Atomic": true, "int": true, "char": true, "short": true, "long": true,
	"unsigned": true, "signed": true, "float": true, "double": true, "void": true, "_Bool": true,
	"register": true, "struct": true, "union": true, "enum": true, "__const": true, "__volatile__": true}

// Wrap rewrites the definitions of the functions in funcs (by name: the
// function's id for the runtime) found in pre, the preprocessed text of one
// unit; tag makes the bodies' names unique to the unit. It returns the new
// text, what it wrapped, and a warning for each definition it cannot wrap.
func Wrap(pre []byte, funcs map[string]int, tag string) ([]byte, []Wrapped, []string) {
	if len(funcs) == 0 {
		return pre, nil, nil
	}
	toks := lexC(pre)
	var out bytes.Buffer
	var wrapped []Wrapped
	var warnings []string
	copied := 0
	depth, paren := 0, 0
	declStart := 0 // the first token of the current file-scope declaration
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.text {
		case "{":
			depth++
		case "}":
			depth--
			if depth == 0 {
				declStart = i + 1
			}
		case "(":
			paren++
		case ")":
			paren--
		case ";":
			if depth == 0 {
				declStart = i + 1
			}
		}
		id, watched := funcs[t.text]
		if !t.ident || !watched || depth != 0 || paren != 0 || t.system || t.text == "main" ||
			i+1 >= len(toks) || toks[i+1].text != "(" || i > 0 && (toks[i-1].text == "." || toks[i-1].text == "->") {
			continue
		}
		rp := matching(toks, i+1)
		if rp < 0 || rp+1 >= len(toks) {
			continue
		}
		lb := rp + 1
		knr := toks[lb].text != "{"
		if knr { // K&R: the parameters' declarations, then the body
			if lb = knrBody(toks, i+2, rp); lb < 0 {
				continue // a declaration
			}
		}
		rb := matching(toks, lb)
		if rb < 0 {
			continue
		}
		where := fmt.Sprintf("%s:%d", unquote(t.file), t.line)
		params, variadic, ok, why := paramNames(toks[i+2 : rp])
		if !ok {
			warnings = append(warnings, fmt.Sprintf("%s: %s is not watched by the rules: %s", where, t.text, why))
			continue
		}
		body := fmt.Sprintf("__mlr_%s_%s", t.text, tag)
		header := headerText(pre, toks[declStart:lb])
		decl := header // F's declaration: a K&R definition's declares no parameters
		if knr {
			decl = headerText(pre, toks[declStart:i+1]) + "()"
		}
		// F declared in the program's code, before the body (which may
		// call it) and after the wrapper: its callers see a function of the
		// program's, which takes metas, not one of a system header's
		first := toks[declStart]
		lineStart := bytes.LastIndexByte(pre[:first.start], '\n') + 1
		if lineStart < copied {
			warnings = append(warnings, fmt.Sprintf("%s: %s is not watched by the rules: its definition shares a line with the code before it", where, t.text))
			continue
		}
		out.Write(pre[copied:lineStart])
		fmt.Fprintf(&out, "%s;\n# %d %s\n", decl, first.line, first.file)
		copied = lineStart
		// the body: the definition as written, under the new name, its
		// __func__ still F's; not static (the instrumenter would pass the
		// metas of a static function only ever called by name as extra
		// parameters, which the wrapper does not), but hidden
		last := copied
		for k := declStart; k < i; k++ {
			if toks[k].text == "static" {
				out.Write(pre[last:toks[k].start])
				out.WriteString("__attribute__((visibility(\"hidden\")))")
				last = toks[k].end
			}
		}
		out.Write(pre[last:t.start])
		out.WriteString(body)
		last = t.end
		for k := i + 1; k < rb; k++ {
			switch {
			case k < lb && toks[k].text == "...":
				// a variadic F's body takes the wrapper's arguments as a
				// va_list, which its va_start copies
				out.Write(pre[last:toks[k].start])
				out.WriteString("__builtin_va_list *__mlr_ap")
				last = toks[k].end
			case toks[k].text == "__builtin_va_start" && variadic && k+1 < rb && toks[k+1].text == "(":
				end := matching(toks, k+1)
				if end < 0 {
					continue
				}
				comma := k + 2 + topLevelComma(toks[k+2:end])
				if comma >= end {
					continue
				}
				out.Write(pre[last:toks[k].start])
				out.WriteString("__builtin_va_copy(" + string(pre[toks[k+2].start:toks[comma-1].end]) + ", *__mlr_ap)")
				last = toks[end].end
				k = end
			case k > lb && (toks[k].text == "__func__" || toks[k].text == "__FUNCTION__" || toks[k].text == "__PRETTY_FUNCTION__"):
				out.Write(pre[last:toks[k].start])
				out.WriteString(strconv.Quote(t.text))
				last = toks[k].end
			}
		}
		out.Write(pre[last:toks[rb].end])
		copied = toks[rb].end
		// the wrapper, right after it, and F declared again
		void := returnsVoid(toks[declStart:i])
		out.WriteString(wrapper(header, t.text, body, id, params, variadic, void, toks[rb]))
		out.WriteString(decl + ";")
		wrapped = append(wrapped, Wrapped{t.text, body})
		i = rb
		declStart = rb + 1
	}
	out.Write(pre[copied:])
	return out.Bytes(), wrapped, warnings
}

func unquote(q []byte) string {
	s, err := strconv.Unquote(string(q))
	if err != nil {
		return string(q)
	}
	return s
}

// matching finds the token closing the bracket at toks[i].
func matching(toks []ctok, i int) int {
	open, close := toks[i].text, map[string]string{"(": ")", "{": "}", "[": "]"}[toks[i].text]
	n := 0
	for k := i; k < len(toks); k++ {
		switch toks[k].text {
		case open:
			n++
		case close:
			n--
			if n == 0 {
				return k
			}
		}
	}
	return -1
}

// knrBody finds the body of a K&R definition whose identifier list is
// toks[from:rp]: the parameters' declarations, each ending with ';', then
// '{' (-1 if this is no such definition).
func knrBody(toks []ctok, from, rp int) int {
	if from == rp || !toks[rp+1].ident {
		return -1
	}
	for k := from; k < rp; k++ {
		if !toks[k].ident && toks[k].text != "," {
			return -1
		}
	}
	semi := false
	for k := rp + 1; k < len(toks); k++ {
		switch toks[k].text {
		case "{":
			if semi {
				return k
			}
			return -1
		case ";":
			semi = true
		case "(", "[":
			if k = matching(toks, k); k < 0 {
				return -1
			}
		case "=", "}":
			return -1
		}
	}
	return -1
}

// paramNames reads the names of a definition's parameters, and whether it
// takes more (...).
func paramNames(toks []ctok) ([]string, bool, bool, string) {
	if len(toks) == 0 || len(toks) == 1 && toks[0].text == "void" {
		return nil, false, true, ""
	}
	variadic := false
	if n := len(toks); n >= 2 && toks[n-1].text == "..." && toks[n-2].text == "," {
		variadic = true
		toks = toks[:n-2]
	}
	var names []string
	for len(toks) > 0 {
		end := topLevelComma(toks)
		name, why := paramName(toks[:end])
		if name == "" {
			return nil, false, false, why
		}
		names = append(names, name)
		if end < len(toks) {
			end++
		}
		toks = toks[end:]
	}
	return names, variadic, true, ""
}

// topLevelComma is the index of toks' first comma outside parentheses and
// brackets, len(toks) if there is none.
func topLevelComma(toks []ctok) int {
	n := 0
	for i, t := range toks {
		switch t.text {
		case "(", "[":
			n++
		case ")", "]":
			n--
		case ",":
			if n == 0 {
				return i
			}
		}
	}
	return len(toks)
}

// paramName is the name one parameter's declaration declares: inside its
// first parenthesized declarator (int (*cb)(int)), else its last word that
// is not a type or qualifier, brackets and attributes aside.
func paramName(toks []ctok) (string, string) {
	var flat []ctok
	for k := 0; k < len(toks); k++ {
		switch {
		case toks[k].text == "...":
			return "", "a parameter it cannot read"
		case toks[k].text == "__attribute__" || toks[k].text == "__attribute":
			if k+1 < len(toks) && toks[k+1].text == "(" {
				if e := matching(toks, k+1); e > 0 {
					k = e
				}
			}
		case toks[k].text == "[":
			if e := matching(toks, k); e > 0 {
				k = e
			}
		case toks[k].text == "(" && k+1 < len(toks) && toks[k+1].text == "*":
			e := matching(toks, k)
			if e < 0 {
				return "", "a parameter it cannot read"
			}
			return paramName(toks[k+1 : e])
		default:
			flat = append(flat, toks[k])
		}
	}
	for k := len(flat) - 1; k >= 0; k-- {
		if flat[k].ident && !paramNonNames[flat[k].text] {
			return flat[k].text, ""
		}
		if flat[k].ident || flat[k].text == "*" {
			break
		}
	}
	return "", "a parameter has no name"
}

// returnsVoid says whether the specifiers and declarator before the name
// are void alone (the wrapper then keeps no value).
func returnsVoid(toks []ctok) bool {
	n := 0
	for k := 0; k < len(toks); k++ {
		switch {
		case toks[k].text == "__attribute__" || toks[k].text == "__attribute":
			if k+1 < len(toks) && toks[k+1].text == "(" {
				if e := matching(toks, k+1); e > 0 {
					k = e
				}
			}
		case declKeywords[toks[k].text]:
		case toks[k].text == "void":
			n++
		default:
			return false
		}
	}
	return n == 1
}

// headerText is the definition's text up to its body, without `register`
// (the wrapper takes its parameters' addresses).
func headerText(pre []byte, toks []ctok) string {
	if len(toks) == 0 {
		return ""
	}
	var b strings.Builder
	last := toks[0].start
	for _, t := range toks {
		if t.text == "register" {
			b.Write(pre[last:t.start])
			last = t.end
		}
	}
	b.Write(pre[last:toks[len(toks)-1].end])
	return strings.ReplaceAll(b.String(), "\n", " ")
}

// wrapper is the text of F's wrapper, after the closing brace rb of its
// body: under a system-header line marker, then back to rb's line. A
// variadic F hands its body the arguments after params as a va_list.
func wrapper(header, name, body string, id int, params []string, variadic, void bool, rb ctok) string {
	var b strings.Builder
	b.WriteString("\n# 1 \"<memlens rules>\" 1 3\n")
	b.WriteString("extern void __ml_rules_call(int, int, __ml_meta_t *, unsigned, ...);\n" +
		"extern void __ml_rules_ret(int, const __ml_meta_t *, int, unsigned, unsigned, ...);\n")
	// drop a line marker's stray lines: the header is one line here
	b.WriteString(strings.TrimSpace(header) + "\n{\n")
	// the caller's registers, saved in this frame, where the runtime's scan
	// of the stack for the pointer map begins (rules.c)
	b.WriteString("\t__builtin_unwind_init();\n")
	fmt.Fprintf(&b, "\tint __mlr_own = __ml_t.callee == (__ml_uptr)%s;\n", name)
	fmt.Fprintf(&b, "\t__ml_meta_t __mlr_m[%d];\n", max(len(params), 1))
	args := ""
	for _, p := range params {
		args += ", " + argTriple(p)
	}
	fmt.Fprintf(&b, "\t__ml_rules_call(%d, __mlr_own, __mlr_m, %d%s);\n", id, len(params), args)
	fmt.Fprintf(&b, "\t__ml_t.callee = __mlr_own ? (__ml_uptr)%s : 0;\n", body)
	actuals := params
	if variadic {
		b.WriteString("\t__builtin_va_list __mlr_ap;\n")
		fmt.Fprintf(&b, "\t__builtin_va_start(__mlr_ap, %s);\n", params[len(params)-1])
		// the va_list is the wrapper's: of no object the body knows
		fmt.Fprintf(&b, "\tif (__mlr_own && %d < sizeof __ml_t.arg / sizeof __ml_t.arg[0])\n\t\t__ml_t.arg[%d] = 1;\n",
			len(params), len(params))
		actuals = append(actuals[:len(actuals):len(actuals)], "&__mlr_ap")
	}
	call := body + "(" + strings.Join(actuals, ", ") + ")"
	end := ""
	if variadic {
		end = "\t__builtin_va_end(__mlr_ap);\n"
	}
	if void {
		fmt.Fprintf(&b, "\t%s;\n%s\t__ml_rules_ret(%d, __mlr_m, 0, %d, 0%s);\n}\n", call, end, id, len(params), args)
	} else {
		fmt.Fprintf(&b, "\t__typeof__(%s) __mlr_v = %s;\n%s", call, call, end)
		// the body left the meta of a pointer it returned for F's caller
		fmt.Fprintf(&b, "\tint __mlr_ownret = __ml_t.retfn == (__ml_uptr)%s;\n", body)
		fmt.Fprintf(&b, "\tif (__mlr_ownret)\n\t\t__ml_t.retfn = (__ml_uptr)%s;\n", name)
		fmt.Fprintf(&b, "\t__ml_rules_ret(%d, __mlr_m, __mlr_ownret, %d, 1%s, %s);\n\treturn __mlr_v;\n}\n",
			id, len(params), args, argTriple("__mlr_v"))
	}
	fmt.Fprintf(&b, "# %d %s 2\n", rb.line, rb.file)
	return b.String()
}

// argTriple is how a wrapper hands the runtime a value: its address, size
// and class (rules.h's ML_ARG_SIGNED, ML_ARG_POINTER).
func argTriple(v string) string {
	return fmt.Sprintf("(const void *)&%s, sizeof %s, _Generic((%s), signed char: 1, short: 1, int: 1, long: 1, "+
		"long long: 1, char: (char)-1 < 0, default: 0) | (__builtin_classify_type(%s) == 5) << 1", v, v, v, v)
}

// Rename makes the instrumented unit's sites name each wrapped function as
// the program does: its body's name is memlens's.
func Rename(text []byte, wrapped []Wrapped) []byte {
	for _, w := range wrapped {
		text = bytes.ReplaceAll(text, []byte(`"`+w.Body+`"`), []byte(`"`+w.Name+`"`))
	}
	return text
}
