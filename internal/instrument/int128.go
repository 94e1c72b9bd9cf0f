package instrument

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"

	"modernc.org/cc/v4"
)

// int128CaseViews returns text (the view being made: of the unit's
// length, its lines where the unit's are) with the constant of each case
// label that names __int128 or a typedef of it (`case (__int128)1 << 70:`,
// `case (i128)3 ... (i128)9:`) written `0`, and the end of each such
// constant in the unit by its offset. cc/v4 evaluates a case label's
// constant in 64 bits and rejected those past them (the unit was compiled
// uninstrumented); memlens has no use for their values, and the
// instrumented unit copies the constant from the unit (unitText.viewed),
// so gcc reads what the user wrote. text itself when there is none.
func int128CaseViews(text []byte) ([]byte, map[int]int) {
	if !bytes.Contains(text, []byte("int128")) {
		return text, nil
	}
	names := int128Names(text)
	var view []byte
	var ends map[int]int
	eachCodeWord(text, "case", func(next int) {
		for _, c := range caseConstants(text, next) {
			if !namesAny(text[c[0]:c[1]], names) {
				continue
			}
			if view == nil {
				view, ends = bytes.Clone(text), map[int]int{}
			}
			for k := c[0]; k < c[1]; k++ {
				if view[k] != '\n' {
					view[k] = ' '
				}
			}
			view[c[0]] = '0'
			ends[c[0]] = c[1]
		}
	})
	if view == nil {
		return text, nil
	}
	return view, ends
}

// caseConstants returns the stretches (start, end; white space around
// them left out) of the constants of the case label whose expression
// starts at b[i]: one, or a GNU range's two; none when its colon is not
// found before a `;` or a brace, or a directive line lies in it.
func caseConstants(b []byte, i int) [][2]int {
	var out [][2]int
	start, depth, pending := skipBlanks(b, i), 0, 0
	add := func(end int) {
		for end > start && (b[end-1] == ' ' || b[end-1] == '\t' || b[end-1] == '\n') {
			end--
		}
		out = append(out, [2]int{start, end})
	}
	for k := start; k < len(b); k++ {
		switch c := b[k]; {
		case c == '"' || c == '\'':
			k = literalEnd(b, k) - 1
		case isNumberStart(b, k):
			k = ppNumberEnd(b, k) - 1
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '?':
			pending++
		case c == ':' && pending > 0:
			pending--
		case c == ':' && depth == 0:
			add(k)
			return out
		case c == '.' && depth == 0 && bytes.HasPrefix(b[k:], []byte("...")):
			add(k)
			k += 2
			start = skipBlanks(b, k+1)
		case c == ';' || c == '{' || c == '}' || c == '\n' && k+1 < len(b) && b[k+1] == '#':
			return nil
		}
	}
	return nil
}

// int128Names are gcc's 128-bit integer type names and the typedefs of
// text that declare one of them (`typedef __int128 i128;`).
func int128Names(text []byte) map[string]bool {
	return withTypedefs(text, map[string]bool{"__int128": true, "__int128_t": true, "__uint128_t": true})
}

// withTypedefs returns names with the typedefs of text that name one of
// them (`typedef i128 j128;` after `typedef __int128 i128;`: in order).
func withTypedefs(text []byte, names map[string]bool) map[string]bool {
	eachCodeWord(text, "typedef", func(next int) {
		end := bytes.IndexByte(text[next:], ';')
		if end < 0 {
			return
		}
		decl := text[next : next+end+1]
		if bytes.ContainsAny(decl, "{(") || !namesAny(decl, names) {
			return // a struct's body, a function's or pointer's parentheses
		}
		for name := range typedefNames(append([]byte("typedef"), decl...)) {
			names[name] = true
		}
	})
	return names
}

var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)

// namesAny reports whether an identifier of b is among names.
func namesAny(b []byte, names map[string]bool) bool {
	for _, id := range identifier.FindAll(b, -1) {
		if names[string(id)] {
			return true
		}
	}
	return false
}

// wideBitFields returns, by its offset in text, the end and the value of
// each width past 64 bits of a bit-field declared with __int128 or a
// typedef of it (`unsigned __int128 f : 100;`, which gcc accepts and
// cc/v4 rejects: the unit was compiled uninstrumented): a decimal
// constant after the colon, followed by `;` or `,`. The view spells such
// a field as two (appendCode: `f : 64, : 36`), its bits and the unit's
// layout as gcc's where the field fits in its 16-byte unit from where it
// starts, as a field past 64 bits after another 128-bit one does.
func wideBitFields(text []byte) map[int][2]int {
	if !bytes.Contains(text, []byte("int128")) {
		return nil
	}
	var names map[string]bool
	var widths map[int][2]int
	eachByte(text, ':', func(i int) {
		start := skipBlanks(text, i+1)
		end := start
		for end < len(text) && text[end] >= '0' && text[end] <= '9' {
			end++
		}
		if end == start || text[start] == '0' || end-start > 3 {
			return
		}
		if next := skipBlanks(text, end); next == len(text) || text[next] != ';' && text[next] != ',' {
			return
		}
		bits, _ := strconv.Atoi(string(text[start:end]))
		if bits <= 64 || bits > 128 || inLiteral(text, i) {
			return
		}
		decl := bytes.LastIndexAny(text[:i], ";{}") + 1
		if names == nil {
			names = int128Names(text)
		}
		if bytes.ContainsAny(text[decl:i], "?=()") || !namesAny(text[decl:i], names) {
			return
		}
		if widths == nil {
			widths = map[int][2]int{}
		}
		widths[start] = [2]int{end, bits}
	})
	return widths
}

// misplacedWideFields returns, by the offset of its name in the text,
// each bit-field past 64 bits (wideBitFields) that cc/v4, reading it as
// `f : 64, : rest`, placed where gcc would not: in a 16-byte unit whose
// remaining bits hold its 64 but not all its bits, where gcc starts the
// next unit. The view then puts `: 0,` before its name (appendCode), which
// starts the next unit as gcc does; and an error naming the first, for a
// view that does so already.
func (u *unitText) misplacedWideFields(ast *cc.AST) (names map[int]bool, err error) {
	if u.wideWidths == nil {
		return nil, nil
	}
	Inspect(ast.TranslationUnit, func(n cc.Node) bool {
		s, ok := n.(*cc.StructOrUnionSpecifier)
		if !ok {
			return true
		}
		t, ok := s.Type().(*cc.StructType)
		for i := 0; ok && i < t.NumFields(); i++ {
			f := t.FieldByIndex(i)
			if bits := u.wideWidth(f); bits != 0 && f.OffsetBits()+bits > 128 {
				pos := f.Declarator().Position()
				if names == nil {
					names = map[int]bool{}
					err = &ParseError{Msg: fmt.Sprintf("%s:%d:%d: a bit-field of %d bits after %d bits of its unit", pos.Filename, pos.Line, pos.Column, bits, f.OffsetBits())}
				}
				names[u.origOffset(pos.Offset)] = true
			}
		}
		return true
	})
	return names, err
}

// wideWidth returns the width of bit-field f when it is past 64 bits
// (wideBitFields), or 0.
func (u *unitText) wideWidth(f *cc.Field) int {
	d := f.Declarator()
	if !f.IsBitfield() || d == nil || isOurSource(d.Position().Filename) {
		return 0
	}
	o := skipBlanks(u.orig, u.origOffset(d.Position().Offset)+len(d.Name()))
	if o >= len(u.orig) || u.orig[o] != ':' {
		return 0
	}
	return u.wideWidths[skipBlanks(u.orig, o+1)][1]
}
