package instrument

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// unitText is a translation unit as the host compiler preprocessed it (gcc
// -E): the text the instrumented unit is made of. The compiler evaluated
// every directive, macro, __has_builtin and line marker itself, so the
// unit means what it means to the compiler; the instrumented unit is this
// text with memlens's insertions, untouched code copied byte for byte with
// its #pragma lines and line markers where they stand.
//
// cc/v4 reads a view of it in which each GNU line marker (`# 12 "a.c" 3`)
// is a #line directive, which it understands; offsets into the view map
// back to the text through shifts.
type unitText struct {
	orig    []byte               // the compiler's output
	view    []byte               // what the front end parses
	shifts  []shift              // from view offset on, orig = view + delta; in order
	regions []region             // the system-header flag of each stretch, by view offset
	main    string               // the main file, as the first line marker names it
	lines   map[string][]string  // the user's source files, by line (sourceLine)
	aligned map[int]*alignedLine // the view's lines aligned with the user's, by offset (column)
	orders  []byteOrder          // the #pragma scalar_storage_order lines, in order
	packs   []packing            // the #pragma pack lines, in order
	// the cap #pragma pack sets as the text is read, and those it pushed
	packCap   int
	packStack []int
	// the cap the unit starts with (-fpack-struct=n's n, 0 for none),
	// which `#pragma pack()` returns to, and whether every struct and
	// union is packed (plain -fpack-struct): Config.packText
	packInit int
	packAll  bool
	// the prefix of each literal the view spells otherwise, by its
	// offset in the text (wideLiteralViews)
	literalPrefixes map[int]string
	// the end of each stretch of the text the view spells as one token
	// otherwise, by its offset (int128CaseViews): the stretch is written
	viewed map[int]int
	// the end and value of each bit-field width past 64 bits, by its
	// offset in the text (wideBitFields), and the view's offsets of the
	// tokens it adds to spell them, which the writer skips
	wideWidths map[int][2]int
	viewOnly   map[int]bool
	wideBreaks map[int]bool    // where the view starts a unit before a wide bit-field (misplacedWideFields)
	spaceNames map[string]bool // the address space qualifiers and their typedefs (addressSpaceNames)
	resolvers  map[string]bool // the indirect functions' resolvers (ifuncResolvers), and what they call (withResolverCallees)
	// isSystemDecl's answers: a dozen walks ask of every declaration, and
	// finding a node's position walks down to its first token
	systemDecl map[*cc.ExternalDeclaration]bool
}

// byteOrder is a `#pragma scalar_storage_order` line: from its offset in
// the text on, the structs declared are stored big-endian or not.
type byteOrder struct {
	off       int
	bigEndian bool
}

type shift struct{ view, delta int }

// region is a stretch of the view, from its offset to the next region's,
// whose code the line markers place in a system header (or not).
type region struct {
	view   int
	system bool
}

// newUnitText reads the preprocessed text pre, the view starting a new
// unit before the wide bit-fields named at breaks (misplacedWideFields).
func newUnitText(pre []byte, breaks map[int]bool) *unitText {
	pre = withRangesExpanded(withNullPointerArms(withLocalLabelsRenamed(withAutoTypeLoops(withTypeofTypeNames(withConstantMiddles(withNumberConstants(withAlignofParens(withCharConstants(withSeparableLiterals(withEnumAttributesLast(withGNUAttributes(withoutEmptyMembers(withStarBounds(withBlockTagsRenamed(withoutHidden(pre))))))))))))))))
	literals, prefixes := wideLiteralViews(pre)
	code, viewed := addressSpaceViews(int128CaseViews(literals))
	u := &unitText{orig: pre, literalPrefixes: prefixes, viewed: viewed, wideWidths: wideBitFields(pre), spaceNames: addressSpaceNames(pre), resolvers: ifuncResolvers(pre), wideBreaks: breaks, systemDecl: map[*cc.ExternalDeclaration]bool{}}
	u.view = make([]byte, 0, len(pre)+len(pre)/16)
	for off := 0; off < len(pre); {
		end := bytes.IndexByte(pre[off:], '\n')
		if end < 0 {
			end = len(pre)
		} else {
			end += off + 1
		}
		line := pre[off:end]
		if m, ok := parseMarker(line); ok {
			if u.main == "" {
				u.main = m.file
			}
			u.view = append(u.view, "#line "...)
			u.view = strconv.AppendInt(u.view, int64(m.line), 10)
			u.view = append(u.view, ' ')
			u.view = append(u.view, m.quoted...)
			u.view = append(u.view, '\n')
			u.shifts = append(u.shifts, shift{len(u.view), end - len(u.view)})
			if n := len(u.regions); n == 0 || u.regions[n-1].system != m.system {
				u.regions = append(u.regions, region{len(u.view), m.system})
			}
		} else {
			u.notePragma(line, off)
			u.appendCode(code[off:end], off)
		}
		off = end
	}
	return u
}

// withoutHidden returns pre with what cc/v4 does not parse and memlens has
// no use for blanked (hiddenEnd), keeping newlines and directive lines so
// lines do not move; pre itself when there is none (the driver keeps it
// for -save-temps). The instrumented unit is compiled with warnings off,
// and gcc's compile of the user's file checks the static assertions.
func withoutHidden(pre []byte) []byte {
	b := pre
	for i := 0; i < len(b); i++ {
		if b[i] != '_' && b[i] != '[' {
			continue
		}
		end := hiddenEnd(b, i)
		if end < 0 || inLiteral(b, i) {
			continue
		}
		if &b[0] == &pre[0] {
			b = append([]byte(nil), pre...)
		}
		for ; i < end; i++ {
			switch {
			case b[i] == '#' && b[i-1] == '\n':
				if n := bytes.IndexByte(b[i:end], '\n'); n > 0 {
					i += n
				} else {
					i = end
				}
			case b[i] != '\n':
				b[i] = ' '
			}
		}
		i--
	}
	return b
}

// hiddenEnd returns the end of what withoutHidden blanks at b[i], or -1:
// a static assertion, its semicolon included (C23's one-argument
// `_Static_assert(expr);` cc/v4 does not parse; one on the size of a
// packed struct, which cc/v4 lays out unpacked, it found false), or its
// semicolon kept where it is a for loop's first clause
// (`for (_Static_assert(1, "");;)`, which cc/v4 does not parse), or a C23
// attribute specifier whose attributes only change gcc's warnings
// (`[[nodiscard]]`, `[[fallthrough]]`…), which the instrumented unit,
// compiled with warnings off, does without.
func hiddenEnd(b []byte, i int) int {
	if bytes.HasPrefix(b[i:], []byte("[[")) {
		return attributesEnd(b, i)
	}
	const kw = "_Static_assert"
	if !bytes.HasPrefix(b[i:], []byte(kw)) || i > 0 && isIdentByte(b[i-1]) {
		return -1
	}
	j := skipSpace(b, i+len(kw))
	if j >= len(b) || b[j] != '(' {
		return -1
	}
	end, message := parenEnd(b, j)
	forClause := followsForParen(b, i)
	if end < 0 || message && !forClause && !declarationStart(b, i) {
		return -1 // (not a declaration: gcc's error)
	}
	if j = skipSpace(b, end); j < len(b) && b[j] == ';' && !forClause {
		return j + 1
	}
	return end
}

// declarationStart reports whether a declaration may start at b[i]: the
// text's start, or after a `;`, a brace, a label's or member's colon or a
// directive line.
func declarationStart(b []byte, i int) bool {
	k := bytes.TrimRight(b[:i], " \t\n")
	if len(k) == 0 || bytes.IndexByte([]byte(";{}:"), k[len(k)-1]) >= 0 {
		return true
	}
	return b[bytes.LastIndexByte(k, '\n')+1] == '#'
}

// followsForParen reports whether b[i] is the first thing in a for
// loop's parentheses.
func followsForParen(b []byte, i int) bool {
	k := bytes.TrimRight(b[:i], " \t\n")
	if len(k) == 0 || k[len(k)-1] != '(' {
		return false
	}
	k = bytes.TrimRight(k[:len(k)-1], " \t\n")
	return bytes.HasSuffix(k, []byte("for")) && (len(k) == 3 || !isIdentByte(k[len(k)-4]))
}

// warningAttributes are the C23 standard attributes that only change
// gcc's warnings.
var warningAttributes = map[string]bool{"nodiscard": true, "maybe_unused": true, "deprecated": true, "fallthrough": true}

// attributesEnd returns the end of the C23 attribute specifier `[[…]]` at
// b[i] when it holds only warningAttributes, or -1.
func attributesEnd(b []byte, i int) int {
	j := i + 2
	for {
		j = skipSpace(b, j)
		if bytes.HasPrefix(b[j:], []byte("]]")) {
			return j + 2
		}
		k := j
		for k < len(b) && isIdentByte(b[k]) {
			k++
		}
		name := string(b[j:k])
		if len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") {
			name = name[2 : len(name)-2]
		}
		if !warningAttributes[name] {
			return -1
		}
		if j = skipSpace(b, k); j < len(b) && b[j] == '(' {
			if j, _ = parenEnd(b, j); j < 0 {
				return -1
			}
			j = skipSpace(b, j)
		}
		if j < len(b) && b[j] == ',' {
			j++
		}
	}
}

// withGNUAttributes returns pre with each C23 attribute specifier
// withoutHidden left (`[[gnu::packed]]`, `[[noreturn]]`: cc/v4 parses none
// but a parameter's or a declarator's) written as the GNU attributes gcc
// reads alike, `__attribute__((packed))`, where GNU attributes stand in
// any place a C23 specifier may (a declaration's start, after struct,
// after a declarator, before a statement's `;`). Standard and other
// vendors' attributes are dropped: the unit is compiled with warnings
// off, gcc ignores other vendors', and a standard one says what a correct
// program does anyway (gcc 12 ignores `[[noreturn]]`, gcc 13 honours it).
// pre itself when there is none; a specifier spanning lines is left as it
// is, so lines do not move.
func withGNUAttributes(pre []byte) []byte {
	out := splice{text: pre}
	for i := 0; ; {
		n := bytes.Index(pre[i:], []byte("[["))
		if n < 0 {
			break
		}
		i += n
		repl, end := gnuAttributes(pre, i)
		if end < 0 || inLiteral(pre, i) {
			i += 2
			continue
		}
		out.replace(i, end, string(repl))
		i = end
	}
	return out.result()
}

// gnuAttributes returns the GNU form of the C23 attribute specifier at
// b[i] and its end, or -1 if it is none or spans lines: blanks if no
// attribute is kept.
func gnuAttributes(b []byte, i int) ([]byte, int) {
	var kept []string
	j := i + 2
	for {
		j = skipBlanks(b, j)
		if bytes.HasPrefix(b[j:], []byte("]]")) {
			break
		}
		scope, name := "", identAt(b, j)
		if name == "" {
			return nil, -1
		}
		if j = skipBlanks(b, j+len(name)); bytes.HasPrefix(b[j:], []byte("::")) {
			j = skipBlanks(b, j+2)
			scope, name = name, identAt(b, j)
			if name == "" {
				return nil, -1
			}
			j = skipBlanks(b, j+len(name))
		}
		var args []byte
		if j < len(b) && b[j] == '(' {
			end, _ := parenEnd(b, j)
			if end < 0 {
				return nil, -1
			}
			args, j = b[j:end], skipBlanks(b, end)
		}
		if strings.Trim(scope, "_") == "gnu" {
			kept = append(kept, name+string(args))
		}
		if j < len(b) && b[j] == ',' {
			j++
		} else if !bytes.HasPrefix(b[j:], []byte("]]")) {
			return nil, -1
		}
	}
	end := j + 2
	if bytes.IndexByte(b[i:end], '\n') >= 0 {
		return nil, -1
	}
	if len(kept) == 0 {
		return bytes.Repeat([]byte{' '}, end-i), end
	}
	return []byte("__attribute__((" + strings.Join(kept, ", ") + "))"), end
}

// withEnumAttributesLast returns pre with the GNU attributes written
// between `enum` and an enumeration's tag or body (`enum
// __attribute__((packed)) E {…}`, which cc/v4 does not parse) moved after
// the body's `}`, where gcc reads them alike: blanked where they stood, so
// only what follows the `}` on its line moves. pre itself when there is
// none; an enum without a body keeps them (its unit is not instrumented).
func withEnumAttributesLast(pre []byte) []byte {
	b := pre
	for i := 0; ; i += len("enum") {
		n := bytes.Index(b[i:], []byte("enum"))
		if n < 0 {
			return b
		}
		if i += n; i > 0 && isIdentByte(b[i-1]) || identAt(b, i) != "enum" || inLiteral(b, i) {
			continue
		}
		start := skipSpace(b, i+len("enum"))
		end := start
		for j := start; ; j = skipSpace(b, end) {
			name := identAt(b, j)
			if name != "__attribute__" && name != "__attribute" {
				break
			}
			if j = skipSpace(b, j+len(name)); j >= len(b) || b[j] != '(' {
				break
			}
			if j, _ = parenEnd(b, j); j < 0 {
				break
			}
			end = j
		}
		if end == start {
			continue
		}
		body := skipSpace(b, end)
		if tag := identAt(b, body); tag != "" {
			body = skipSpace(b, body+len(tag))
		}
		if body >= len(b) || b[body] != '{' {
			continue
		}
		close, _ := groupEnd(b, body, '{', '}')
		if close < 0 {
			continue
		}
		attrs := append([]byte{' '}, b[start:end]...)
		moved := append(append(append([]byte(nil), b[:close]...), attrs...), b[close:]...)
		for k := start; k < end; k++ {
			if moved[k] != '\n' {
				moved[k] = ' '
			}
		}
		b = moved
	}
}

// withoutEmptyMembers returns pre with each empty declaration in a struct
// or union body blanked (`struct s { ; int x; }`, `int a;;`: a GNU
// extension, often a macro that expands to nothing before its `;`), which
// cc/v4 takes for a member of type int, printing a trace of its own on
// stderr. pre itself when there is none; lines never move.
func withoutEmptyMembers(pre []byte) []byte {
	b := pre
	for _, kw := range []string{"struct", "union"} {
		for i := 0; ; {
			n := bytes.Index(b[i:], []byte(kw))
			if n < 0 {
				break
			}
			at := i + n
			i = at + len(kw)
			if at > 0 && isIdentByte(b[at-1]) || i < len(b) && isIdentByte(b[i]) {
				continue
			}
			body := bodyStart(b, i)
			if body < 0 || inLiteral(b, at) {
				continue
			}
			end, _ := groupEnd(b, body, '{', '}')
			if end < 0 {
				continue
			}
			last := byte('{') // the last byte of the body's last token, at its top level
			for j := body + 1; j < end-1; j++ {
				switch c := b[j]; {
				case c == ' ' || c == '\t' || c == '\n' || c == '\r':
				case c == '#' && b[j-1] == '\n':
					j += max(bytes.IndexByte(b[j:end], '\n'), 0)
				case c == ';' && (last == '{' || last == ';'):
					if &b[0] == &pre[0] {
						b = append([]byte(nil), pre...)
					}
					b[j] = ' '
				case c == '(' || c == '{' || c == '[':
					k, _ := groupEnd(b, j, c, closers[c])
					if k < 0 {
						break
					}
					j, last = k-1, b[k-1]
				case c == '"' || c == '\'':
					j = literalEnd(b, j) - 1
					last = c
				default:
					last = c
				}
			}
		}
	}
	return b
}

// closers are the closing brackets of the opening ones.
var closers = map[byte]byte{'(': ')', '{': '}', '[': ']'}

// bodyStart returns the offset of the `{` opening the body of the struct
// or union whose keyword ends at b[i] (past its attributes and tag), or -1.
func bodyStart(b []byte, i int) int {
	tagged := false
	for {
		j := skipSpace(b, i)
		switch name := identAt(b, j); {
		case j < len(b) && b[j] == '{':
			return j
		case name == "__attribute__" || name == "__attribute":
			k := skipSpace(b, j+len(name))
			if k >= len(b) || b[k] != '(' {
				return -1
			}
			if i, _ = parenEnd(b, k); i < 0 {
				return -1
			}
		case name != "" && !tagged:
			tagged = true
			i = j + len(name)
		default:
			return -1
		}
	}
}

// withAlignofParens returns pre with the operand of each `__alignof__`
// written without parentheses (`__alignof__ x`, `__alignof__ f()`: a GNU
// extension cc/v4 does not parse) put in parentheses, which gcc reads
// alike: only what follows on its line moves. pre itself when there is
// none; an operand spanning lines, or whose end the text alone leaves in
// doubt (`*(p) - 1`: a cast's operand or a subtraction), is left as it is.
func withAlignofParens(pre []byte) []byte {
	b := pre
	for i := 0; ; {
		start, name, next := nextNamed(b, i, "lignof", "__alignof__", "__alignof", "_Alignof")
		if start < 0 {
			return b
		}
		i = next
		if inLiteral(b, start) {
			continue
		}
		op := skipSpace(b, start+len(name))
		if op >= len(b) || b[op] == '(' {
			continue
		}
		end := unaryEnd(b, op)
		if end < 0 || bytes.IndexByte(b[start:end], '\n') >= 0 {
			continue
		}
		b = slices.Concat(b[:op], []byte{'('}, b[op:end], []byte{')'}, b[end:])
		i = end + 2
	}
}

// nextNamed finds in b, from i, the next identifier that is one of names,
// each of which contains stem: its start and name, and where to look on
// from; start is -1 when there is none.
func nextNamed(b []byte, i int, stem string, names ...string) (start int, name string, next int) {
	for {
		n := bytes.Index(b[i:], []byte(stem))
		if n < 0 {
			return -1, "", len(b)
		}
		start = i + n
		for start > 0 && isIdentByte(b[start-1]) {
			start--
		}
		i += n + len(stem)
		if name = identAt(b, start); slices.Contains(names, name) {
			return start, name, i
		}
	}
}

// withTypeofTypeNames returns pre with each `typeof` of a type name that
// starts with a keyword (`typeof(float)`, `__typeof__(struct s *)`), which
// cc/v4 parses but does not type-check among declaration specifiers,
// written as the typeof of an lvalue of that type (`typeof(*(float *)0)`),
// which gcc reads alike: the same type, qualifiers kept, and typeof does
// not evaluate it (but a variable length array's length, as gcc's typeof
// of the type name does). pre itself when there is none; a type name with
// parentheses or braces (a function, a struct's body) or a lone `void` is
// left as it is. A type name may also start with one of the unit's
// typedef names (`typeof(pair)`, `typeof(myint *)`).
func withTypeofTypeNames(pre []byte) []byte {
	b := pre
	var typedefs map[string]bool // (found at the first typeof of a name)
	for i := 0; ; {
		start, name, next := nextNamed(b, i, "typeof", "typeof", "__typeof__", "__typeof")
		if start < 0 {
			return b
		}
		i = next
		if inLiteral(b, start) || inDirective(b, start) {
			continue
		}
		open := skipSpace(b, start+len(name))
		if open >= len(b) || b[open] != '(' {
			continue
		}
		end, _ := parenEnd(b, open)
		if end < 0 {
			continue
		}
		operand := b[open+1 : end-1]
		first := identAt(b, skipSpace(b, open+1))
		if first != "" && !typeNameKeywords[first] && typedefs == nil {
			typedefs = typedefNames(pre)
		}
		if !typeNameKeywords[first] && !typedefs[first] || bytes.ContainsAny(operand, "({#") ||
			first == "void" && !bytes.Contains(operand, []byte("*")) {
			continue
		}
		// a pointer to it: `int *` → `int * *`, `int[3]` → `int (*)[3]`
		pointer := slices.Concat(operand, []byte(" *"))
		if dims := bytes.IndexByte(operand, '['); dims >= 0 {
			pointer = slices.Concat(operand[:dims], []byte(" (*)"), operand[dims:])
		}
		b = slices.Concat(b[:open+1], []byte("*("), pointer, []byte(")0"), b[end-1:])
		i = end + len("*()0") + len(pointer) - len(operand)
	}
}

// withAutoTypeLoops returns pre with each `__auto_type` declaring a for
// loop's variable (`for (__auto_type i = 0; …)`, which cc/v4 does not
// parse there) written as the typeof of its initializer after a comma,
// `__typeof__((0, 0))`: the comma gives the initializer's type as
// `__auto_type` infers it (arrays and functions decayed, qualifiers
// dropped, no promotion), and typeof does not evaluate it. pre itself
// when there is none; an initializer with braces (a statement expression)
// or running past its line's `;` is left.
func withAutoTypeLoops(pre []byte) []byte {
	out := splice{text: pre}
	for i := 0; ; {
		start, _, next := nextNamed(pre, i, "__auto_type", "__auto_type")
		if start < 0 {
			return out.result()
		}
		i = next
		if !followsForParen(pre, start) || inLiteral(pre, start) || inDirective(pre, start) {
			continue
		}
		eq := skipSpace(pre, skipSpace(pre, next)+len(identAt(pre, skipSpace(pre, next))))
		if identAt(pre, skipSpace(pre, next)) == "" || eq >= len(pre) || pre[eq] != '=' || eq+1 < len(pre) && pre[eq+1] == '=' {
			continue
		}
		end := initializerEnd(pre, eq+1)
		if end < 0 {
			continue
		}
		init := bytes.ReplaceAll(bytes.TrimSpace(pre[eq+1:end]), []byte("\n"), []byte(" "))
		out.replace(start, next, "__typeof__((0, "+string(init)+"))")
	}
}

// initializerEnd returns where the initializer starting at b[i] ends: the
// `;` or `,` outside parentheses, brackets and literals after it; -1 at
// a brace or the text's end.
func initializerEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth < 0 {
				return -1
			}
		case ';', ',':
			if depth == 0 {
				return i
			}
		case '"', '\'':
			i = literalEnd(b, i) - 1
		case '{', '}', '#':
			return -1
		}
	}
	return -1
}

// typedefNames returns the names b's typedefs declare: in each, a
// declarator's name is the last identifier before `[`, `)`, `,`, `;` or a
// parameter list, with struct bodies, parameter lists, brackets and
// attributes skipped.
func typedefNames(b []byte) map[string]bool {
	names := map[string]bool{}
	eachCodeWord(b, "typedef", func(next int) {
		name := ""
		note := func() {
			if name != "" {
				names[name] = true
			}
			name = ""
		}
	walk:
		for k := next; k < len(b); {
			switch c := b[k]; {
			case c >= '0' && c <= '9':
				k = ppNumberEnd(b, k)
			case isIdentByte(c):
				id := identAt(b, k)
				k += len(id)
				if groupWords[id] { // its parentheses hold no declarator
					if open := skipSpace(b, k); open < len(b) && b[open] == '(' {
						if k, _ = parenEnd(b, open); k < 0 {
							break walk
						}
					}
				} else if !typeNameKeywords[id] {
					name = id
				}
			case c == '{':
				if k, _ = groupEnd(b, k, '{', '}'); k < 0 {
					break walk
				}
				name = ""
			case c == '(':
				if n := skipSpace(b, k+1); n < len(b) && (b[n] == '*' || b[n] == '(' || b[n] == '^') {
					k++ // a declarator's grouping
					continue
				}
				note()
				if k, _ = parenEnd(b, k); k < 0 {
					break walk
				}
			case c == '[':
				note()
				if k, _ = groupEnd(b, k, '[', ']'); k < 0 {
					break walk
				}
			case c == ')' || c == ',':
				note()
				k++
			case c == ';':
				note()
				break walk
			case c == '"' || c == '\'':
				k = literalEnd(b, k)
			default:
				k++
			}
		}
	})
	return names
}

// groupWords are the words whose parenthesized operand a typedef's
// declarators are not in.
var groupWords = map[string]bool{"__attribute__": true, "__attribute": true, "typeof": true, "__typeof__": true, "__typeof": true,
	"typeof_unqual": true, "__typeof_unqual__": true, "_Atomic": true, "_Alignas": true, "__asm__": true, "__asm": true, "asm": true}

// withStarBounds returns pre with each `[*]`, a variable length array of
// unspecified size in a prototype (`int a[*][*]`, which cc/v4 does not
// parse), written `[(0, 1)]`: a bound that is no constant expression, so
// the array is still of variable length and compatible with the same
// arrays, and a prototype's bounds are not evaluated. pre itself when
// there is none.
func withStarBounds(pre []byte) []byte {
	out := splice{text: pre}
	eachByte(pre, '[', func(i int) {
		star := skipBlanks(pre, i+1)
		if star >= len(pre) || pre[star] != '*' {
			return
		}
		if end := skipBlanks(pre, star+1); end < len(pre) && pre[end] == ']' && !inLiteral(pre, i) && !inDirective(pre, i) {
			out.replace(i+1, end, "(0, 1)")
		}
	})
	return out.result()
}

// typeNameKeywords are the keywords a type name can start with, which no
// expression does.
var typeNameKeywords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "_Complex": true, "__complex__": true, "__int128": true,
	"_Float16": true, "_Float32": true, "_Float64": true, "_Float128": true, "__float128": true,
	"struct": true, "union": true, "enum": true, "const": true, "volatile": true, "__const": true, "__volatile__": true,
}

// withLocalLabelsRenamed returns pre with each label a block declares
// local (`__label__ out;`) renamed in that block where it is declared,
// defined (`out:`) and used (`goto out`, `&&out`): cc/v4 keeps one label
// scope a function and took a local label named as one of the function's
// own for its redefinition. gcc reads the renamed labels alike: a label
// has no linkage, and the new names are memlens's. Innermost blocks are
// renamed first, so an outer block's label never takes an inner one's
// uses. pre itself when there is none.
func withLocalLabelsRenamed(pre []byte) []byte {
	var decls []int
	for i := 0; ; i += len("__label__") {
		n := bytes.Index(pre[i:], []byte("__label__"))
		if n < 0 {
			break
		}
		i += n
		if (i == 0 || !isIdentByte(pre[i-1])) && !isIdentByte(pre[min(i+len("__label__"), len(pre)-1)]) && !inLiteral(pre, i) && !inDirective(pre, i) {
			decls = append(decls, i)
		}
	}
	b := pre
	for d := len(decls) - 1; d >= 0; d-- {
		start := decls[d]
		open := labelBlockStart(b, start)
		if open < 0 {
			continue
		}
		end, _ := groupEnd(b, open, '{', '}')
		semi := bytes.IndexByte(b[start:], ';')
		if end < 0 || semi < 0 || start+semi >= end {
			continue
		}
		block := b[open:end]
		for _, name := range strings.FieldsFunc(string(b[start+len("__label__"):start+semi]), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			block = renameLabel(block, start+len("__label__")-open, name, "__ml_label"+strconv.Itoa(d)+"_"+name)
		}
		b = slices.Concat(b[:open], block, b[end:])
	}
	return b
}

// labelBlockStart returns the offset of the `{` opening the block whose
// local label declaration starts at b[decl] (only other such declarations
// and line markers stand between), or -1.
func labelBlockStart(b []byte, decl int) int {
	for k := decl - 1; k >= 0; k-- {
		switch c := b[k]; {
		case c == '{':
			return k
		case c == '\n' && k > 0 && inDirective(b, k-1):
			k = bytes.LastIndexByte(b[:k], '\n') + 1
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ';' || isIdentByte(c):
		default:
			return -1
		}
	}
	return -1
}

// renameLabel returns block with the label name renamed where it is
// declared (in the declaration list from offset decl on, up to its `;`),
// defined (after `;`, `{`, `}`, `:`, `else` or `do`, before `:`) and used
// (after `goto` or `&&`).
func renameLabel(block []byte, decl int, name, renamed string) []byte {
	declEnd := decl + bytes.IndexByte(block[decl:], ';')
	out := splice{text: block}
	for i := 0; i < len(block); i++ {
		switch c := block[i]; {
		case c == '#' && (i == 0 || block[i-1] == '\n'):
			if n := bytes.IndexByte(block[i:], '\n'); n > 0 {
				i += n
			}
		case c == '"' || c == '\'':
			i = literalEnd(block, i) - 1
		case isNumberStart(block, i):
			i = ppNumberEnd(block, i) - 1
		case isIdentByte(c):
			word := identAt(block, i)
			if word == "" {
				continue
			}
			if word == name && (i >= decl && i < declEnd || isLabelPlace(block, i, len(word))) {
				out.replace(i, i+len(word), renamed)
			}
			i += len(word) - 1
		}
	}
	return out.result()
}

// isLabelPlace reports whether the identifier of n bytes at b[i] stands
// where a label does: after `goto` or `&&`, or before the `:` of a
// label's definition.
func isLabelPlace(b []byte, i, n int) bool {
	p := i
	for p > 0 && strings.IndexByte(" \t\r\n", b[p-1]) >= 0 {
		p--
	}
	before := ""
	if p > 0 && isIdentByte(b[p-1]) {
		s := p - 1
		for s > 0 && isIdentByte(b[s-1]) {
			s--
		}
		before = string(b[s:p])
	}
	if before == "goto" {
		return true
	}
	if p >= 2 && b[p-1] == '&' && b[p-2] == '&' {
		return true // `(long)&&l` and `x && l` look alike: taken for the label, as a variable named so is rarer
	}
	next := skipSpace(b, i+n)
	if next >= len(b) || b[next] != ':' || next+1 < len(b) && b[next+1] == ':' {
		return false
	}
	return before == "else" || before == "do" || before == "" && p > 0 && strings.IndexByte(";{}:", b[p-1]) >= 0
}

// unaryEnd returns the end of the unary expression at b[j], or -1 when the
// text leaves it in doubt.
func unaryEnd(b []byte, j int) int {
	j = skipSpace(b, j)
	switch {
	case j >= len(b):
		return -1
	case bytes.HasPrefix(b[j:], []byte("&&")): // a label's address
		k := skipSpace(b, j+2)
		if name := identAt(b, k); name != "" {
			return k + len(name)
		}
		return -1
	case bytes.HasPrefix(b[j:], []byte("++")), bytes.HasPrefix(b[j:], []byte("--")):
		return unaryEnd(b, j+2)
	case strings.IndexByte("&*+-~!", b[j]) >= 0:
		return castEnd(b, j+1)
	}
	switch name := identAt(b, j); name {
	case "sizeof", "__alignof__", "__alignof", "_Alignof", "__real__", "__imag__", "__extension__":
		k := skipSpace(b, j+len(name))
		if k < len(b) && b[k] == '(' {
			return groupThenPostfix(b, k)
		}
		return unaryEnd(b, k)
	}
	return postfixEnd(b, j)
}

// castEnd is unaryEnd for a cast expression: a parenthesized group is a
// cast when an operand follows it.
func castEnd(b []byte, j int) int {
	j = skipSpace(b, j)
	if j >= len(b) || b[j] != '(' {
		return unaryEnd(b, j)
	}
	k, _ := parenEnd(b, j)
	if k < 0 {
		return -1
	}
	n := skipSpace(b, k)
	switch {
	case n >= len(b):
		return k
	case isIdentByte(b[n]) || b[n] == '"' || b[n] == '\'' || b[n] == '(' || b[n] == '~' || b[n] == '!':
		return castEnd(b, n) // a cast's operand, or a call's arguments
	case b[n] == '{':
		return groupThenPostfix(b, j) // a compound literal
	case strings.IndexByte("&*+-", b[n]) >= 0:
		return -1
	}
	return postfixAfter(b, k)
}

// postfixEnd returns the end of the postfix expression at b[j], or -1.
func postfixEnd(b []byte, j int) int {
	switch c := b[j]; {
	case c == '(':
		return groupThenPostfix(b, j)
	case isNumberStart(b, j):
		return postfixAfter(b, ppNumberEnd(b, j))
	case c == '\'':
		return postfixAfter(b, literalEnd(b, j))
	case c == '"':
		k := literalEnd(b, j)
		for n := skipSpace(b, k); n < len(b) && b[n] == '"'; n = skipSpace(b, k) {
			k = literalEnd(b, n)
		}
		return postfixAfter(b, k)
	}
	if name := identAt(b, j); name != "" {
		return postfixAfter(b, j+len(name))
	}
	return -1
}

// groupThenPostfix is postfixAfter the group at b[j], `(…)` and the `{…}`
// of a compound literal after it.
func groupThenPostfix(b []byte, j int) int {
	k, _ := parenEnd(b, j)
	if k < 0 {
		return -1
	}
	if n := skipSpace(b, k); n < len(b) && b[n] == '{' {
		if k, _ = groupEnd(b, n, '{', '}'); k < 0 {
			return -1
		}
	}
	return postfixAfter(b, k)
}

// postfixAfter returns the end of the postfix operators from b[k] on.
func postfixAfter(b []byte, k int) int {
	for {
		n := skipSpace(b, k)
		switch {
		case n >= len(b):
			return k
		case b[n] == '[':
			k, _ = groupEnd(b, n, '[', ']')
		case b[n] == '(':
			k, _ = parenEnd(b, n)
		case bytes.HasPrefix(b[n:], []byte("++")), bytes.HasPrefix(b[n:], []byte("--")):
			k = n + 2
		case bytes.HasPrefix(b[n:], []byte("->")), b[n] == '.':
			m := n + 1
			if b[n] == '-' {
				m++
			}
			m = skipSpace(b, m)
			name := identAt(b, m)
			if name == "" {
				return -1
			}
			k = m + len(name)
		default:
			return k
		}
		if k < 0 {
			return -1
		}
	}
}

// withSeparableLiterals returns pre with the first character of each
// string literal that starts with a hex digit and follows one ending in a
// hex escape (`"\x04" "8"`, two characters; `L"\x1234" "5"`) written as
// its 3-digit octal escape (`"\x04" "\070"`), which gcc reads alike and
// which ends where it starts: cc/v4 joins adjacent literals' text before
// reading escapes, and read `\x048`, one character, so the literal's type
// and the instrumented unit's text (`L"\x12345"`, one character where gcc
// reads two) were wrong. pre itself when there is none.
func withSeparableLiterals(pre []byte) []byte {
	out := splice{text: pre}
	eachLiteral(pre, func(i, end int) bool {
		if pre[i] != '"' {
			return true
		}
		if end-1 <= i {
			return false
		}
		next := skipSpace(pre, end)
		for n := 0; n < 2 && next < len(pre) && isLiteralPrefix(pre[next]); n++ {
			next++
		}
		if endsInHexEscape(pre[i+1:end-1]) && next+1 < len(pre) && pre[next] == '"' && isHexDigit(pre[next+1]) {
			out.replace(next+1, next+2, fmt.Sprintf("\\%03o", pre[next+1]))
		}
		return true
	})
	return out.result()
}

// splice is a copy of text being made with stretches of it replaced, in
// the order they stand: the text passes' one way to edit.
type splice struct {
	text, out []byte
	last      int // where the text not yet copied starts
}

// replace writes with in place of text[from:to], which starts at or
// after the end of the stretch replaced before.
func (s *splice) replace(from, to int, with string) {
	if s.out == nil {
		s.out = make([]byte, 0, len(s.text)+len(with))
	}
	s.out = append(append(s.out, s.text[s.last:from]...), with...)
	s.last = to
}

// result is the copy: text itself when nothing was replaced.
func (s *splice) result() []byte {
	if s.out == nil {
		return s.text
	}
	return append(s.out, s.text[s.last:]...)
}

// eachLiteral calls f with the start and end of each character constant,
// string literal and preprocessing number of pre's code, in order (line
// markers skipped), until f returns false: the walk the text passes share.
func eachLiteral(pre []byte, f func(start, end int) bool) {
	for i := 0; i < len(pre); i++ {
		switch c := pre[i]; {
		case c == '#' && (i == 0 || pre[i-1] == '\n'):
			n := bytes.IndexByte(pre[i:], '\n')
			if n <= 0 {
				return
			}
			i += n
		case isNumberStart(pre, i):
			end := ppNumberEnd(pre, i)
			if !f(i, end) {
				return
			}
			i = end - 1
		case c == '\'' || c == '"':
			end := literalEnd(pre, i)
			if !f(i, end) {
				return
			}
			i = end - 1
		}
	}
}

// withCharConstants returns pre with each character constant cc/v4 does
// not read written as its value converted to its type, which gcc reads
// alike: the same value, type (sizeof, _Generic) and constness. C23's
// `u8'a'` is `((unsigned char)'a')` (`u8'\xff'` is 255); C11's `u'a'` and
// `U'a'`, which cc/v4 does not lex, are `((unsigned short)0x61)` and
// `((unsigned int)0x61)` (gcc's char16_t and char32_t); a wide constant
// cc/v4 rejects (`L'\x1234'`, a hex escape past a byte, or `L'ab'`, which
// gcc reads as its last character) is `((__typeof__(L'\0'))0x1234)`, so
// it keeps wchar_t's width and sign under -fshort-wchar too. A constant
// whose value gcc rejects is left, and its unit compiled uninstrumented.
// pre itself when there is none.
func withCharConstants(pre []byte) []byte {
	if !bytes.Contains(pre, []byte("'")) {
		return pre
	}
	out := splice{text: pre}
	eachLiteral(pre, func(i, end int) bool {
		if pre[i] != '\'' || i == 0 {
			return true
		}
		if !isIdentByte(pre[i-1]) {
			if end < i+2 || pre[end-1] != '\'' {
				return true // not closed on its line
			}
			if v, ok := multiCharValue(pre[i+1 : end-1]); ok {
				out.replace(i, end, fmt.Sprintf("((int)0x%x)", v))
			}
			return true
		}
		prefix := 1
		if pre[i-1] == '8' && i >= 2 && pre[i-2] == 'u' {
			prefix = 2
		}
		if start := i - prefix; start > 0 && isIdentByte(pre[start-1]) {
			return true
		}
		var text string
		switch pre[i-1] {
		case '8':
			if prefix != 2 {
				return true
			}
			text = "((unsigned char)" + string(pre[i:end]) + ")"
		case 'u', 'U', 'L':
			v, ok := wideCharValue(pre[i+1 : end-1])
			switch {
			case !ok, pre[i-1] == 'u' && v > 0xffff, pre[i-1] == 'U' && v > 0xffffffff:
				return true
			case pre[i-1] == 'L' && frontEndReadsWide(pre[i+1:end-1]):
				return true
			}
			text = "((" + wideCharType[pre[i-1]] + ")0x" + strconv.FormatUint(v, 16) + ")"
		default:
			return true
		}
		out.replace(i-prefix, end, text)
		return true
	})
	return out.result()
}

// multiCharValue returns the value gcc gives a plain character constant
// of contents s (between its quotes) of more than one character (`'ab'`,
// each byte of a UTF-8 character one): an int of the last four bytes,
// first byte highest; false for one character, which cc/v4 reads, and
// for an escape past a byte (gcc's error or warning).
func multiCharValue(s []byte) (uint32, bool) {
	var v uint32
	n := 0
	for i := 0; i < len(s); n++ {
		c := uint64(s[i])
		if c == '\\' {
			if i+1 >= len(s) {
				return 0, false
			}
			k := i + 2
			switch e := s[i+1]; {
			case e == 'x':
				for k < len(s) && isHexDigit(s[k]) {
					k++
				}
				c, _ = strconv.ParseUint(string(s[i+2:k]), 16, 64)
				if k == i+2 || k-i-2 > 2 {
					return 0, false
				}
			case e >= '0' && e <= '7':
				for k = i + 1; k < len(s) && k < i+4 && s[k] >= '0' && s[k] <= '7'; k++ {
				}
				c, _ = strconv.ParseUint(string(s[i+1:k]), 8, 64)
			case simpleEscapes[e] != 0:
				c = uint64(simpleEscapes[e])
			case e == '\\' || e == '\'' || e == '"' || e == '?':
				c = uint64(e)
			default: // a universal character name, an unknown escape
				return 0, false
			}
			if c > 0xff {
				return 0, false
			}
			i = k
		} else {
			i++
		}
		v = v<<8 | uint32(c)
	}
	return v, n > 1
}

// wideCharType is the type gcc gives a character constant by its prefix.
var wideCharType = map[byte]string{'u': "unsigned short", 'U': "unsigned int", 'L': `__typeof__(L'\0')`}

// wideCharValue returns the value gcc gives a wide character constant of
// contents s (between its quotes): its last character's (gcc warns of
// more than one), a UTF-8 character as its code point; false if s is
// empty or malformed or a hex escape exceeds 32 bits (gcc's errors).
func wideCharValue(s []byte) (uint64, bool) {
	var v uint64
	if len(s) == 0 {
		return 0, false
	}
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			r, n := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError {
				return 0, false
			}
			v, i = uint64(r), i+n
			continue
		}
		if i+1 >= len(s) {
			return 0, false
		}
		c := s[i+1]
		switch {
		case c == 'x' || c == 'u' || c == 'U':
			digits := ucnDigits[c] // \x takes every hex digit that follows
			k := i + 2
			for k < len(s) && isHexDigit(s[k]) && (c == 'x' || k < i+2+digits) {
				k++
			}
			n, err := strconv.ParseUint(string(s[i+2:k]), 16, 32)
			if err != nil || c != 'x' && k-i-2 != digits {
				return 0, false
			}
			v, i = n, k
		case c >= '0' && c <= '7':
			k := i + 1
			for k < len(s) && k < i+4 && s[k] >= '0' && s[k] <= '7' {
				k++
			}
			n, _ := strconv.ParseUint(string(s[i+1:k]), 8, 32)
			v, i = n, k
		default:
			v, i = uint64(simpleEscapes[c]), i+2
			if v == 0 {
				v = uint64(c) // gcc warns of an unknown escape and keeps its character
			}
		}
	}
	return v, true
}

// ucnDigits is the number of hex digits of a universal character name.
var ucnDigits = map[byte]int{'u': 4, 'U': 8}

// simpleEscapes are the values of the escapes `\n`, `\t`… (GNU's `\e` too).
var simpleEscapes = map[byte]byte{'a': 7, 'b': 8, 'e': 27, 'E': 27, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}

// frontEndReadsWide reports whether cc/v4 reads the wide character
// constant of contents s as gcc does: one character, or one escape but a
// hex escape of more than two digits.
func frontEndReadsWide(s []byte) bool {
	if s[0] != '\\' {
		_, n := utf8.DecodeRune(s)
		return n == len(s)
	}
	if len(s) > 1 && s[1] == 'x' {
		return len(s) <= 4
	}
	if len(s) > 1 && s[1] >= '0' && s[1] <= '7' {
		return len(s) <= 4 && bytes.IndexFunc(s[1:], func(r rune) bool { return r < '0' || r > '7' }) < 0
	}
	if len(s) > 1 && (s[1] == 'u' || s[1] == 'U') {
		return len(s) == 2+ucnDigits[s[1]]
	}
	return len(s) == 2
}

// withNumberConstants returns pre with the numeric constants cc/v4 does
// not read written as constants of the same type and value it does. A
// floating one without suffix beyond double's range (`1e5000`, which gcc
// reads as +inf of type double, and its compile of the user's file warns
// of) is `(__builtin_inf())`, glibc's INFINITY, a constant expression too;
// GNU's suffixes `q` and `w` (`1.5Q`: gcc's _Float128 and long double on
// x86-64) are `f128` and `L`. An integer one past 64 bits or a decimal one
// past long long without `u`: see frontEndInteger. pre itself when there
// is none.
func withNumberConstants(pre []byte) []byte {
	out := splice{text: pre}
	eachLiteral(pre, func(i, end int) bool {
		text := frontEndFloat(pre[i:end])
		if text == "" {
			text = frontEndInteger(pre[i:end])
		}
		if text != "" {
			out.replace(i, end, text)
		}
		return true
	})
	return out.result()
}

// frontEndInteger returns what withNumberConstants writes for the
// preprocessing number s, "" to leave it. gcc's preprocessor keeps 64
// bits of an integer constant (warning that it is too large) and types
// the rest as C does, but a decimal one without `u` past long long is
// __int128 (warning that it is so large that it is unsigned); cc/v4
// rejects both. The first is written as its low 64 bits, in its base with
// its suffix, the second as `((__int128)Nu)`: the same type and value.
func frontEndInteger(s []byte) string {
	digits, suffix := s, ""
	if i := bytes.IndexFunc(s, func(r rune) bool { return r == 'u' || r == 'U' || r == 'l' || r == 'L' }); i >= 0 {
		digits, suffix = s[:i], string(s[i:])
	}
	unsigned := strings.ContainsAny(suffix, "uU")
	switch strings.ToLower(suffix) {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
	default:
		return ""
	}
	if strings.Contains(suffix, "lL") || strings.Contains(suffix, "Ll") {
		return ""
	}
	base, prefix := 10, ""
	switch {
	case len(digits) > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'):
		base, prefix, digits = 16, "0x", digits[2:]
	case len(digits) > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B'):
		base, prefix, digits = 2, "0x", digits[2:] // (written in hex: the same type rules)
	case len(digits) > 1 && digits[0] == '0':
		base, prefix = 8, "0"
	}
	v, ok := new(big.Int).SetString(string(digits), base)
	if !ok || len(digits) == 0 {
		return ""
	}
	low := new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64))
	switch {
	case base == 10 && !unsigned && low.Cmp(big.NewInt(math.MaxInt64)) > 0:
		return "((__int128)" + low.String() + "u)"
	case v.BitLen() <= 64:
		return ""
	case base == 8:
		return prefix + low.Text(8) + suffix
	case base == 10:
		return low.String() + suffix
	}
	return prefix + low.Text(16) + suffix
}

// frontEndFloat returns what withNumberConstants writes for the
// preprocessing number s, "" to leave it.
func frontEndFloat(s []byte) string {
	v, ok := floatConstant(s)
	if ok && math.IsInf(v, 1) { // the sign is an operator of its own
		return "(__builtin_inf())"
	}
	if n := len(s) - 1; n > 0 {
		if _, ok := floatConstant(s[:n]); ok {
			switch s[n] {
			case 'q', 'Q':
				return string(s[:n]) + "f128"
			case 'w', 'W':
				return string(s[:n]) + "L"
			}
		}
	}
	return ""
}

// floatConstant returns the value as a double of the preprocessing number
// s if it is a floating constant without suffix: false for an integer,
// a suffix or a digit separator.
func floatConstant(s []byte) (float64, bool) {
	hex := len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	if hex && bytes.IndexAny(s, "pP") < 0 || !hex && bytes.IndexAny(s, ".eE") < 0 {
		return 0, false
	}
	if bytes.IndexFunc(s, func(r rune) bool { return !isHexDigit(byte(r)) && !strings.ContainsRune(".xXpP+-", r) }) >= 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(s), 64)
	return v, err == nil || math.IsInf(v, 0)
}

// withConstantMiddles returns pre with the middle operand gcc lets a
// conditional leave out (`c ?: d`, `c ? c : d` evaluating c once) written
// out where c is made of numbers, the unit's enumeration constants,
// parentheses and operators alone (`34 ?: -1`, `E ?: -1`: a constant, no
// side effect to repeat), which cc/v4's checker panics on when c is
// nonzero; other conditions are left as they are. pre itself when there is
// none.
func withConstantMiddles(pre []byte) []byte {
	out := splice{text: pre}
	var enums map[string]bool // (found at the first left-out operand)
	eachByte(pre, '?', func(i int) {
		if next := skipSpace(pre, i+1); next < len(pre) && pre[next] == ':' && !inDirective(pre, i) && !inLiteral(pre, i) {
			if enums == nil {
				enums = enumConstants(pre)
			}
			if start := constantOperandStart(pre, i, enums); start >= 0 {
				operand := bytes.ReplaceAll(bytes.TrimSpace(pre[start:i]), []byte("\n"), []byte(" "))
				out.replace(i+1, i+1, " ("+string(operand)+")")
			}
		}
	})
	return out.result()
}

// withNullPointerArms returns pre with each operand of a parenthesized
// conditional that is `(void *)0` (NULL, as glibc spells it) written `0`
// where the conditional is dereferenced (`(c ? NULL : s)->i`, `[…]`):
// gcc gives the conditional the other operand's type, a null pointer
// constant converting to it, and so does cc/v4 for `0`, though it types
// `(void *)0` as void *, and stops on the member of it. The other operand
// must then be a pointer of that type, which `0` converts to alike: the
// same type and value. pre itself when there is none.
func withNullPointerArms(pre []byte) []byte {
	out := splice{text: pre}
	eachByte(pre, '?', func(i int) {
		if open := enclosingParen(pre, i); open >= 0 && !isCallParen(pre, open) && !inLiteral(pre, i) && !inDirective(pre, i) {
			close, _ := parenEnd(pre, open)
			if after := skipSpace(pre, max(close, 0)); close > 0 && after+1 < len(pre) &&
				(pre[after] == '[' || pre[after] == '-' && pre[after+1] == '>') {
				if colon := conditionalColon(pre, i+1, close-1); colon > 0 {
					for _, arm := range [][2]int{{i + 1, colon}, {colon + 1, close - 1}} {
						if start, end := nullPointer(pre, arm[0], arm[1]); start >= 0 {
							out.replace(start, end, "0")
						}
					}
				}
			}
		}
	})
	return out.result()
}

// withRangesExpanded returns pre with each GNU range designator followed
// by more designators (`[0 ... 3].a[1] = 7`, which cc/v4 rejects as nested
// ranged designations) written as one designation an index (`[0].a[1] =
// 7, [1].a[1] = 7, …`) where its bounds are numbers, at most
// maxRangeExpanded apart, and its value, on the designation's line, has no
// call, string, increment or assignment: gcc gives each element the value
// it evaluates once, and a value without side effects is the same
// evaluated each time. pre itself when there is none.
func withRangesExpanded(pre []byte) []byte {
	out := splice{text: pre}
	for i := 0; ; {
		n := bytes.Index(pre[i:], []byte("..."))
		if n < 0 {
			return out.result()
		}
		dots := i + n
		i = dots + 3
		open := dots
		for open > 0 && (pre[open-1] == ' ' || pre[open-1] == '\t' || isIdentByte(pre[open-1])) {
			open--
		}
		if open == 0 || pre[open-1] != '[' || inLiteral(pre, dots) || inDirective(pre, dots) {
			continue
		}
		close := dots + 3
		for close < len(pre) && (pre[close] == ' ' || pre[close] == '\t' || isIdentByte(pre[close])) {
			close++
		}
		first, err1 := strconv.ParseUint(string(bytes.TrimSpace(pre[open:dots])), 0, 32)
		last, err2 := strconv.ParseUint(string(bytes.TrimSpace(pre[dots+3:close])), 0, 32)
		if close >= len(pre) || pre[close] != ']' || err1 != nil || err2 != nil || last < first || last-first > maxRangeExpanded {
			continue
		}
		eq, end := designationEnds(pre, close+1)
		if eq < 0 {
			continue
		}
		end = eq + len(bytes.TrimRight(pre[eq:end], " \t"))
		designators, value := string(pre[close+1:eq]), string(pre[eq:end])
		var b strings.Builder
		for k := first; k <= last; k++ {
			if k > first {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "[%d]%s%s", k, designators, value)
		}
		out.replace(open-1, end, b.String())
		i = end
	}
}

// maxRangeExpanded bounds the elements withRangesExpanded writes a range's
// designation for.
const maxRangeExpanded = 256

// designationEnds returns where the `=` of the designation whose
// designators continue at b[i] (`.a[1] = 7`) is and where its value ends
// (before the `,` or `}` that follows it), when the designators continue
// (`.` or `[`) and the value qualifies for withRangesExpanded; -1, -1 if
// not.
func designationEnds(b []byte, i int) (eq, end int) {
	if j := skipBlanks(b, i); j >= len(b) || b[j] != '.' && b[j] != '[' {
		return -1, -1
	}
	eq = i + bytes.IndexByte(b[i:], '=')
	if eq < i || bytes.ContainsAny(b[i:eq], "\n;{},\"'") || bytes.Contains(b[i:eq], []byte("...")) {
		return -1, -1
	}
	depth := 0
	for end = eq + 1; end < len(b); end++ {
		switch c := b[end]; {
		case c == '(' && isIdentByte(lastByte(bytes.TrimRight(b[:end], " \t"))):
			return -1, -1 // a call (or sizeof's operand: left alike)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}' && depth > 0:
			depth--
		case depth == 0 && (c == ',' || c == '}'):
			return eq, end
		case c == '\n' || c == '"' || c == '\'' || c == ';':
			return -1, -1
		case c == '=' && !bytes.ContainsRune([]byte("=!<>"), rune(b[end-1])) && (end+1 >= len(b) || b[end+1] != '='):
			return -1, -1 // an assignment
		case (c == '+' || c == '-') && end+1 < len(b) && b[end+1] == c:
			return -1, -1
		}
	}
	return -1, -1
}

// lastByte is b's last byte, 0 if it is empty.
func lastByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[len(b)-1]
}

// enclosingParen returns where the parenthesis that holds b[i] opens, on
// b[i]'s line, walking back over balanced brackets; -1 if a `;`, a brace
// or the line's start comes first.
func enclosingParen(b []byte, i int) int {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch b[k] {
		case ')', ']':
			depth++
		case '[':
			depth--
		case '(':
			if depth == 0 {
				return k
			}
			depth--
		case ';', '{', '}', '\n', '"', '\'':
			return -1
		}
	}
	return -1
}

// isCallParen reports whether the parenthesis at b[open] opens a call's
// arguments (or a macro-like keyword's operand): it follows a name other
// than `return`, or a closing bracket.
func isCallParen(b []byte, open int) bool {
	k := open
	for k > 0 && (b[k-1] == ' ' || b[k-1] == '\t') {
		k--
	}
	if k == 0 || b[k-1] == ')' || b[k-1] == ']' {
		return k > 0
	}
	start := k
	for start > 0 && isIdentByte(b[start-1]) {
		start--
	}
	return start < k && string(b[start:k]) != "return"
}

// conditionalColon returns the `:` of the conditional whose `?` precedes
// b[from], when that conditional runs to b[to] with no comma after it at
// its level; -1 otherwise.
func conditionalColon(b []byte, from, to int) int {
	depth, questions, colon := 0, 0, -1
	for k := from; k < to; k++ {
		switch c := b[k]; {
		case c == '\n' && k+1 < len(b) && b[k+1] == '#': // a line marker (NULL's, a system header's)
			if n := bytes.IndexByte(b[k+1:to], '\n'); n >= 0 {
				k += n
			}
		case c == '"' || c == '\'':
			return -1
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth != 0:
		case c == '?':
			questions++
		case c == ':' && colon < 0:
			if questions == 0 {
				colon = k
			} else {
				questions--
			}
		case c == ',' && colon >= 0:
			return -1
		}
	}
	return colon
}

// nullPointer returns where glibc's NULL, `((void *)0)`, or `(void *)0`
// lies in b[from:to] when it is all there is but spaces and line markers
// (a macro of a system header expands between two); -1 if it is not.
func nullPointer(b []byte, from, to int) (start, end int) {
	start = -1
	var code []byte
	for k := from; k < to; k++ {
		switch c := b[k]; {
		case c == '#' && b[k-1] == '\n':
			if n := bytes.IndexByte(b[k:to], '\n'); n >= 0 {
				k += n
			} else {
				k = to
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			if start < 0 {
				start = k
			}
			end = k + 1
			code = append(code, c)
		}
	}
	if string(code) != "((void*)0)" && string(code) != "(void*)0" || bytes.Contains(b[start:end], []byte("\n")) {
		return -1, -1
	}
	return start, end
}

// enumConstants returns the names of the enumeration constants b's enum
// bodies declare (a set, never nil).
func enumConstants(b []byte) map[string]bool {
	names := map[string]bool{}
	eachCodeWord(b, "enum", func(next int) {
		open := skipSpace(b, next)
		if name := identAt(b, open); name != "" {
			open = skipSpace(b, open+len(name))
		}
		if open >= len(b) || b[open] != '{' {
			return
		}
		end, _ := groupEnd(b, open, '{', '}')
		if end < 0 {
			return
		}
		for k, depth, item := open+1, 0, true; k < end-1; k++ {
			if item {
				k = skipSpace(b, k)
				if name := identAt(b, k); name != "" {
					names[name] = true
				}
				item = false
			}
			switch b[k] {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case ',':
				item = depth == 0
			}
		}
	})
	return names
}

// eachCodeWord calls f with the end of each use of keyword word in b's
// code (in no literal nor directive), in order.
func eachCodeWord(b []byte, word string, f func(next int)) {
	for i := 0; ; {
		start, _, next := nextNamed(b, i, word, word)
		if start < 0 {
			return
		}
		i = next
		if !inLiteral(b, start) && !inDirective(b, start) {
			f(next)
		}
	}
}

// inDirective reports whether b[i] is on a directive line (a line marker,
// a #pragma).
func inDirective(b []byte, i int) bool {
	start := skipBlanks(b, bytes.LastIndexByte(b[:i], '\n')+1)
	return start < len(b) && b[start] == '#'
}

// constantOperandStart returns where the operand of the conditional whose
// `?` is at b[q] starts, walking back to the assignment, comma, bracket,
// brace, `;`, `?`, `:`, `return` or `case` before it; -1 unless it is made
// of numbers, enumeration constants (enums), sizeof or alignof of the
// arithmetic types' keywords, parentheses and operators alone, with one
// of those, on lines without a directive between.
func constantOperandStart(b []byte, q int, enums map[string]bool) int {
	depth, number := 0, false
	end := func(k int) int {
		if depth != 0 || !number {
			return -1
		}
		return k
	}
	for k := q; k > 0; {
		switch c := b[k-1]; {
		case c == ' ' || c == '\t' || c == '\r':
			k--
		case c == '\n':
			if k >= 2 && inDirective(b, k-2) {
				return -1
			}
			k--
		case isIdentByte(c) || c == '.':
			s := k - 1
			for s > 0 && (isIdentByte(b[s-1]) || b[s-1] == '.') {
				s--
			}
			switch word := string(b[s:k]); {
			case isNumberStart(b, s) || enums[word] || sizeWords[word]:
				number, k = true, s
			case typeWords[word]:
				k = s
			case word == "return" || word == "case":
				return end(k)
			default:
				return -1
			}
		case c == ')':
			depth, k = depth+1, k-1
		case c == '(':
			if depth == 0 {
				return end(k)
			}
			depth, k = depth-1, k-1
		case c == '=':
			// `==`, `!=`, `<=` and `>=` compare; any other `=` assigns
			if k >= 2 && (b[k-2] == '=' || b[k-2] == '!') || k >= 2 && (b[k-2] == '<' || b[k-2] == '>') && (k < 3 || b[k-3] != b[k-2]) {
				k -= 2
				continue
			}
			return end(k)
		case strings.IndexByte("+-*/%<>!~&|^", c) >= 0:
			k--
		case strings.IndexByte(";,{}[?:", c) >= 0:
			return end(k)
		default:
			return -1
		}
	}
	return -1
}

// sizeWords are the operators giving a constant of their operand's type
// without evaluating it (`sizeof(int) ?: 1`): constants to repeat.
var sizeWords = map[string]bool{"sizeof": true, "_Alignof": true, "alignof": true, "__alignof__": true, "__alignof": true}

// typeWords are the keywords naming arithmetic types, which a condition
// holds only in a type name (`sizeof(unsigned long)`, `(int)2.5`): no
// side effect.
var typeWords = map[string]bool{"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "__int128": true, "const": true}

// endsInHexEscape reports whether a string literal's contents s end in a
// hex escape.
func endsInHexEscape(s []byte) bool {
	for j := 0; j < len(s)-1; j++ {
		if s[j] != '\\' {
			continue
		}
		if s[j+1] != 'x' {
			j++
			continue
		}
		k := j + 2
		for k < len(s) && isHexDigit(s[k]) {
			k++
		}
		if k == len(s) && k > j+2 {
			return true
		}
		j = k - 1
	}
	return false
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// skipBlanks returns the offset of the first byte of b from i on that is
// neither a space nor a tab.
func skipBlanks(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// identAt returns the identifier at b[i], "" if none starts there.
func identAt(b []byte, i int) string {
	k := i
	for k < len(b) && isIdentByte(b[k]) {
		k++
	}
	if k == i || b[i] >= '0' && b[i] <= '9' {
		return ""
	}
	return string(b[i:k])
}

// parenEnd returns the end of the parenthesized text at b[j], '(', and
// whether a comma separates it at its top level; -1 when it does not end.
func parenEnd(b []byte, j int) (end int, comma bool) {
	return groupEnd(b, j, '(', ')')
}

// groupEnd is parenEnd for the text between any pair of brackets.
func groupEnd(b []byte, j int, open, close byte) (end int, comma bool) {
	for depth := 0; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"' || c == '\'':
			for j++; j < len(b) && b[j] != c && b[j] != '\n'; j++ {
				if b[j] == '\\' {
					j++
				}
			}
		case isNumberStart(b, j):
			j = ppNumberEnd(b, j) - 1
		case c == open:
			depth++
		case c == ',' && depth == 1:
			comma = true
		case c == '\n' && j+1 < len(b) && b[j+1] == '#':
			// a line marker: a system header's macro spelled the keyword
			n := bytes.IndexByte(b[j+1:], '\n')
			if n < 0 {
				return -1, comma
			}
			j += n
		case c == close:
			if depth--; depth == 0 {
				return j + 1, comma
			}
		}
	}
	return -1, comma
}

// inLiteral reports whether b[i] lies inside a string or character
// literal of its line.
func inLiteral(b []byte, i int) bool {
	var quote byte
	for j := bytes.LastIndexByte(b[:i], '\n') + 1; j < i; j++ {
		switch c := b[j]; {
		case quote != 0 && c == '\\':
			j++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case isNumberStart(b, j):
			j = ppNumberEnd(b, j) - 1
		case c == '"' || c == '\'':
			quote = c
		}
	}
	return quote != 0
}

// skipSpace returns the offset of the first byte of b from i on that is
// neither white space nor in a directive line.
func skipSpace(b []byte, i int) int {
	for ; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
		case '#':
			if i == 0 || b[i-1] != '\n' {
				return i
			}
			if n := bytes.IndexByte(b[i:], '\n'); n > 0 {
				i += n - 1
			}
		default:
			return i
		}
	}
	return i
}

// appendCode appends to the view a line of code that starts at offset off
// of the text, each universal character name outside literals (gcc -E
// spells `привет` as `\U0000043f…`, which cc/v4 does not read) as the
// UTF-8 character it names, which gcc reads as the same identifier, and
// each number without its C23 digit separators (`0b1010'0101`, which
// cc/v4 reads as the start of a character constant), and an empty
// statement after each label that ends a block (C23, and gcc 11 on in any
// mode: `out: }`, which cc/v4 does not parse).
func (u *unitText) appendCode(line []byte, off int) {
	var quote byte // the delimiter of the literal the scan is in, or 0
	start := 0     // of the line's part not yet appended
	for i := 0; i < len(line); i++ {
		if quote == 0 && u.wideBreaks[off+i] {
			// `: 0, f : 64, : rest`: the added tokens skipped
			u.view = append(u.view, line[start:i]...)
			if u.viewOnly == nil {
				u.viewOnly = map[int]bool{}
			}
			for _, k := range []int{0, 2, 3} {
				u.viewOnly[len(u.view)+k] = true
			}
			u.view = append(u.view, ": 0, "...)
			start = i
			u.shifts = append(u.shifts, shift{len(u.view), off + start - len(u.view)})
		}
		switch c := line[i]; {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case u.wideWidths[off+i][1] != 0:
			// `64, : rest`: the 64 written as the text's width, the rest skipped
			w := u.wideWidths[off+i]
			u.view = append(u.view, line[start:i]...)
			if u.viewed == nil {
				u.viewed = map[int]int{}
			}
			u.viewed[off+i] = w[0]
			if u.viewOnly == nil {
				u.viewOnly = map[int]bool{}
			}
			for _, k := range []int{2, 4, 6} {
				u.viewOnly[len(u.view)+k] = true
			}
			u.view = fmt.Appendf(u.view, "64, : %d", w[1]-64)
			start = w[0] - off
			u.shifts = append(u.shifts, shift{len(u.view), off + start - len(u.view)})
			i = start - 1
		case isNumberStart(line, i):
			end := ppNumberEnd(line, i)
			for ; i < end; i++ {
				if line[i] == '\'' {
					u.view = append(u.view, line[start:i]...)
					start = i + 1
					u.shifts = append(u.shifts, shift{len(u.view), off + start - len(u.view)})
				}
			}
			i--
		case c == '"' || c == '\'':
			quote = c
		case c == ':' && u.labelEndsBlock(off+i):
			u.view = append(u.view, line[start:i+1]...)
			u.view = append(u.view, ';')
			start = i + 1
			u.shifts = append(u.shifts, shift{len(u.view), off + start - len(u.view)})
		case c == '\\' && i+1 < len(line) && (line[i+1] == 'u' || line[i+1] == 'U'):
			n := 6
			if line[i+1] == 'U' {
				n = 10
			}
			if i+n > len(line) {
				continue
			}
			r, err := strconv.ParseUint(string(line[i+2:i+n]), 16, 32)
			if err != nil || !utf8.ValidRune(rune(r)) {
				continue
			}
			u.view = append(u.view, line[start:i]...)
			u.view = utf8.AppendRune(u.view, rune(r))
			start = i + n
			u.shifts = append(u.shifts, shift{len(u.view), off + start - len(u.view)})
			i += n - 1
		}
	}
	u.view = append(u.view, line[start:]...)
}

// labelEndsBlock reports whether the colon at offset o of the text ends a
// label that a block's closing brace follows: no other colon of C stands
// right before a brace closing a block.
func (u *unitText) labelEndsBlock(o int) bool {
	b := u.orig
	j := skipSpace(b, o+1)
	return j < len(b) && b[j] == '}' && (o == 0 || b[o-1] != ':') && b[o+1] != ':'
}

// ppNumberEnd returns the end of the preprocessing number starting at
// b[i] (isNumberStart), its digit separators included.
func ppNumberEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\'' && i+1 < len(b) && isIdentByte(b[i+1]):
			i++
		case (c == '+' || c == '-') && strings.IndexByte("eEpP", b[i-1]) >= 0:
		case c != '.' && !isIdentByte(c):
			return i
		}
	}
	return i
}

// isNumberStart reports whether a preprocessing number starts at line[i]:
// a digit, or a period before one, that does not continue an identifier.
func isNumberStart(line []byte, i int) bool {
	c := line[i]
	if c == '.' && i+1 < len(line) {
		c = line[i+1]
	}
	return c >= '0' && c <= '9' && (i == 0 || !isIdentByte(line[i-1]))
}

// marker is a GNU line marker: `# LINE "FILE" FLAGS…`.
type marker struct {
	line   int
	file   string
	quoted []byte // the file name as written, with its quotes
	system bool   // flag 3: what follows comes from a system header
}

// parseMarker parses line as a GNU line marker.
func parseMarker(line []byte) (marker, bool) {
	var m marker
	s := bytes.TrimLeft(line, " \t")
	if len(s) < 2 || s[0] != '#' {
		return m, false
	}
	s = bytes.TrimLeft(s[1:], " \t")
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n > 9 {
		return m, false
	}
	m.line, _ = strconv.Atoi(string(s[:n]))
	s = bytes.TrimLeft(s[n:], " \t")
	if len(s) == 0 || s[0] != '"' {
		return m, false
	}
	end := 1
	for end < len(s) && s[end] != '"' {
		if s[end] == '\\' {
			end++
		}
		end++
	}
	if end >= len(s) {
		return m, false
	}
	m.quoted = s[:end+1]
	name, err := strconv.Unquote(string(m.quoted))
	if err != nil {
		name = string(m.quoted[1:end])
	}
	m.file = name
	for _, f := range bytes.Fields(s[end+1:]) {
		if string(f) == "3" {
			m.system = true
		}
	}
	return m, true
}

// notePragma notes line, at offset off of the text, when it is a
// `#pragma scalar_storage_order` (big-endian, little-endian or default:
// x86-64's order) or a `#pragma pack` (notePack).
func (u *unitText) notePragma(line []byte, off int) {
	words, ok := pragmaWords(line)
	if !ok || len(words) == 0 {
		return
	}
	switch string(words[0]) {
	case "scalar_storage_order":
		u.orders = append(u.orders, byteOrder{off, len(words) > 1 && string(words[1]) == "big-endian"})
	case "pack":
		u.notePack(bytes.Join(words[1:], nil), off)
	}
}

// bigEndianAt reports whether a struct declared at offset off of the text
// is stored big-endian by the #pragma scalar_storage_order in force there.
func (u *unitText) bigEndianAt(off int) bool {
	i := sort.Search(len(u.orders), func(i int) bool { return u.orders[i].off > off })
	return i > 0 && u.orders[i-1].bigEndian
}

// origOffset maps an offset of the view to the text.
func (u *unitText) origOffset(view int) int {
	i := sort.Search(len(u.shifts), func(i int) bool { return u.shifts[i].view > view })
	if i == 0 {
		return view
	}
	return view + u.shifts[i-1].delta
}

// isSystem reports whether the code at pos is left uninstrumented: it comes
// from a system header (as the line markers say) or a source of memlens's
// own.
func (u *unitText) isSystem(pos token.Position) bool {
	if isOurSource(pos.Filename) {
		return true
	}
	i := sort.Search(len(u.regions), func(i int) bool { return u.regions[i].view > pos.Offset })
	return i > 0 && u.regions[i-1].system
}

// isSystemDecl reports whether ed is a declaration of a system header,
// judged as gcc judges it, by its first declarator: a user's definition
// whose type comes from a system header's macro (`bool f(void)`, whose
// `_Bool` the line markers place in <stdbool.h>) is the user's. A function
// definition is judged by its body (isSystemDef).
func (u *unitText) isSystemDecl(ed *cc.ExternalDeclaration) bool {
	system, ok := u.systemDecl[ed]
	if !ok {
		system = u.judgeDecl(ed)
		u.systemDecl[ed] = system
	}
	return system
}

// judgeDecl is isSystemDecl's answer for ed, worked out.
func (u *unitText) judgeDecl(ed *cc.ExternalDeclaration) bool {
	switch {
	case ed.FunctionDefinition != nil:
		return u.isSystemDef(ed.FunctionDefinition)
	case ed.Declaration != nil && ed.Declaration.InitDeclaratorList != nil:
		if id := ed.Declaration.InitDeclaratorList.InitDeclarator; id != nil && id.Declarator != nil {
			return u.isSystem(id.Declarator.Position())
		}
	}
	return u.isSystem(ed.Position())
}

// isSystemDef reports whether fd's body is a system header's: a function
// whose name a system header's macro gives (gnulib's replacement headers,
// #pragma GCC system_header, rename strerror_r to rpl_strerror_r) is the
// user's, and its body calls the user's functions as they are rewritten.
func (u *unitText) isSystemDef(fd *cc.FunctionDefinition) bool {
	return u.isSystem(fd.CompoundStatement.Position())
}

// gap describes the text between two tokens: what the instrumented unit
// must keep of it.
type gap struct {
	blank     bool // only white space, comments, directives and __extension__
	directive bool // holds a directive (a #pragma, a line marker…)
	marker    bool // holds a line marker: after it, the text places itself
	end       int  // where the reading stopped: to, or the first byte of something else
}

// scanGap reads orig[from:to].
func (u *unitText) scanGap(from, to int) gap {
	g := gap{blank: true}
	b := u.orig
	lineStart := from == 0 || b[from-1] == '\n'
	for i := from; i < to; {
		c := b[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '#' && lineStart:
			end := bytes.IndexByte(b[i:to], '\n')
			if end < 0 {
				end = to - i
			}
			g.directive = true
			if _, ok := parseMarker(b[i : i+end]); ok {
				g.marker = true
			}
			i += end
		case c == '/' && i+1 < to && b[i+1] == '*':
			end := bytes.Index(b[i+2:to], []byte("*/"))
			if end < 0 {
				return gap{}
			}
			i += end + 4
			lineStart = false
		case c == '/' && i+1 < to && b[i+1] == '/':
			end := bytes.IndexByte(b[i:to], '\n')
			if end < 0 {
				end = to - i
			}
			i += end
		case bytes.HasPrefix(b[i:to], []byte("__extension__")) && (i+13 == to || !isIdentByte(b[i+13])) && (i == 0 || !isIdentByte(b[i-1])):
			// cc/v4 defines it away: the front end has no token for it
			i += 13
			lineStart = false
		default:
			g.blank, g.end = false, i
			return g
		}
	}
	g.end = to
	return g
}

// pragmaBefore returns the words of the #pragma line nearest before
// offset off of the text, when only white space and other directive lines
// lie between.
func (u *unitText) pragmaBefore(off int) ([][]byte, bool) {
	b := u.orig
	end := off
	for end > 0 && (b[end-1] == ' ' || b[end-1] == '\t') {
		end--
	}
	for end > 0 && b[end-1] == '\n' {
		start := bytes.LastIndexByte(b[:end-1], '\n') + 1
		line := bytes.TrimSpace(b[start:end])
		if len(line) != 0 && line[0] != '#' {
			return nil, false
		}
		if words, ok := pragmaWords(line); ok {
			return words, true
		}
		end = start
	}
	return nil, false
}

// pragmaWords returns the words of directive line after `#pragma`, a
// parenthesis split off the word before it (`omp for(…)`, `critical(x)`),
// false if line is no #pragma.
func pragmaWords(line []byte) ([][]byte, bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '#' {
		return nil, false
	}
	words := bytes.Fields(bytes.ReplaceAll(line[1:], []byte("("), []byte(" (")))
	if len(words) == 0 || string(words[0]) != "pragma" {
		return nil, false
	}
	return words[1:], true
}

// directiveLines returns the spans of the directive lines of
// orig[from:to], each with its newline when it has one.
func (u *unitText) directiveLines(from, to int) [][2]int {
	var spans [][2]int
	b := u.orig
	for i := from; i < to; {
		end := bytes.IndexByte(b[i:to], '\n')
		if end < 0 {
			end = to
		} else {
			end += i + 1
		}
		if t := bytes.TrimLeft(b[i:end], " \t"); len(t) > 0 && t[0] == '#' && (i == 0 || b[i-1] == '\n') {
			spans = append(spans, [2]int{i, end})
		}
		i = end
	}
	return spans
}

// invocation returns the end of the call-like text starting at orig offset
// off, an identifier: past the parenthesis that closes its arguments, or
// past the identifier when no argument list follows.
func (u *unitText) invocation(off int) int {
	b := u.orig
	i := off
	for i < len(b) && isIdentByte(b[i]) {
		i++
	}
	j := i
	for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
		j++
	}
	if j >= len(b) || b[j] != '(' {
		return i
	}
	depth, quote := 0, byte(0)
	for ; j < len(b); j++ {
		switch c := b[j]; {
		case quote != 0:
			if c == '\\' {
				j++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return i
}

// joinedLiterals returns the end of the adjacent string literals of the
// text starting at offset o when t, a string literal, is the front end's
// concatenation of them (`"" "name"`, a macro's string and a literal) or
// their view (`u"name"`, read as `L"name"`: wideLiteralViews): the
// text is written as it stands, which inside an attribute, copied whole,
// must not follow the joined literal (`alias("namename")`).
func (u *unitText) joinedLiterals(t cc.Token, o int) (end int, ok bool) {
	if t.Ch != rune(cc.STRINGLITERAL) && t.Ch != rune(cc.LONGSTRINGLITERAL) {
		return 0, false
	}
	end, n := o, 0
	for start := o; start >= 0; start = u.nextLiteral(end) {
		if end = u.literalEnd(start); end < 0 {
			return 0, false
		}
		n++
	}
	_, view := u.literalPrefixes[o]
	return end, n > 1 || view
}

// literalEnd returns the end of the string literal (with its prefix: L, u,
// U, u8) at offset i of the text, or -1 if none starts there.
func (u *unitText) literalEnd(i int) int {
	b := u.orig
	for n := 0; n < 2 && i < len(b) && isLiteralPrefix(b[i]); n++ {
		i++
	}
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	return i + 1
}

// nextLiteral returns the offset of the string literal following, past
// white space, comments and directives only (line markers, which hold
// quotes of their own, split a macro's literals), the text's offset from,
// or -1.
func (u *unitText) nextLiteral(from int) int {
	g := u.scanGap(from, len(u.orig))
	if g.blank || u.literalEnd(g.end) < 0 {
		return -1
	}
	return g.end
}

// isLiteralPrefix reports whether c may be part of a string literal's
// prefix (L, u, U, u8).
func isLiteralPrefix(c byte) bool { return c == 'L' || c == 'u' || c == 'U' || c == '8' }

// literalEnd is the offset just past the string or character literal that
// starts at text[i], its quote (len(text) if it does not end).
func literalEnd(text []byte, i int) int {
	j := i + 1
	for j < len(text) && text[j] != text[i] {
		if text[j] == '\\' {
			j++
		}
		j++
	}
	return min(j+1, len(text))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// eachByte calls f with the offset of each c in pre, in order.
func eachByte(pre []byte, c byte, f func(i int)) {
	for i := 0; ; i++ {
		n := bytes.IndexByte(pre[i:], c)
		if n < 0 {
			return
		}
		i += n
		f(i)
	}
}
