package instrument

import (
	"bytes"
	"unicode/utf8"
)

// wideLiteralViews returns the view of pre's string literals cc/v4 reads
// (a text of pre's length, its lines where pre's are) and the prefix
// gcc gives each literal the view changed, by the offset of its first
// piece. cc/v4 lexes neither C11's u"…" nor U"…" (char16_t and char32_t
// arrays), and joins adjacent pieces only when the first carries the
// prefix (`"a" u8"b"` became `"a8"b"`, `"a" L"b"` did not parse): in the
// view, a run of adjacent pieces has its prefix on its first piece alone,
// and u and U are written L, which cc/v4 reads as a literal of as many
// elements; a character past 16 bits in a u"…" (UTF-16's surrogate pair,
// one element to cc/v4) is two elements there (surrogatePairs). The
// instrumented unit copies the literals from the text, and a literal's
// object is declared with the text's pieces (literalSource), so gcc sees
// what the user wrote. A run of mixed prefixes (gcc's error) is left.
func wideLiteralViews(pre []byte) ([]byte, map[int]string) {
	var view []byte
	prefixes := map[int]string{}
	done := 0 // where the last run ends
	eachLiteral(pre, func(i, end int) bool {
		if pre[i] != '"' || i < done {
			return true
		}
		start := i
		for start > 0 && i-start < 2 && isLiteralPrefix(pre[start-1]) {
			start--
		}
		if start > 0 && isIdentByte(pre[start-1]) || !validPrefix(pre[start:i]) {
			return true
		}
		pieces, runEnd := literalRun(pre, start)
		done = runEnd
		prefix, ok := runPrefix(pre, pieces)
		if len(pieces) == 0 || !ok {
			return true
		}
		seen := prefix
		if prefix == "u" || prefix == "U" {
			seen = "L"
		}
		b := make([]byte, 0, runEnd-start)
		b = append(b, seen...)
		for k, p := range pieces {
			if k > 0 {
				b = append(b, pre[pieces[k-1][1]:p[0]]...)
			}
			piece := pre[bytes.IndexByte(pre[p[0]:p[1]], '"')+p[0] : p[1]]
			if prefix == "u" {
				piece = surrogatePairs(piece)
			}
			b = append(b, piece...)
		}
		b = append(b, bytes.Repeat([]byte{' '}, runEnd-start-len(b))...)
		if bytes.Equal(b, pre[start:runEnd]) {
			return true
		}
		if view == nil {
			view = bytes.Clone(pre)
		}
		copy(view[start:], b)
		prefixes[start] = prefix
		return true
	})
	if view == nil {
		return pre, nil
	}
	return view, prefixes
}

// literalRun returns the pieces (start and end, prefix included) of the
// run of adjacent string literals starting at pre[start], separated by
// white space alone, and the run's end; none when a piece does not end
// on its line.
func literalRun(pre []byte, start int) ([][2]int, int) {
	var pieces [][2]int
	for i := start; ; {
		q := i
		for q < len(pre) && q-i < 2 && isLiteralPrefix(pre[q]) {
			q++
		}
		if q >= len(pre) || pre[q] != '"' || !validPrefix(pre[i:q]) {
			break
		}
		end := literalEnd(pre, q)
		if pre[end-1] != '"' || end-1 == q || bytes.IndexByte(pre[q:end], '\n') >= 0 {
			return nil, 0
		}
		pieces = append(pieces, [2]int{i, end})
		for i = end; i < len(pre) && (pre[i] == ' ' || pre[i] == '\t' || pre[i] == '\n' && (i+1 == len(pre) || pre[i+1] != '#')); i++ {
		}
	}
	if len(pieces) == 0 {
		return nil, 0
	}
	return pieces, pieces[len(pieces)-1][1]
}

// validPrefix reports whether p is a string literal's prefix (or none).
func validPrefix(p []byte) bool {
	switch string(p) {
	case "", "L", "u", "U", "u8":
		return true
	}
	return false
}

// runPrefix returns the prefix gcc gives the run of pieces: the one its
// prefixed pieces share; false when they differ (gcc's error) or a u
// piece is not valid UTF-8 or has a \U escape past Unicode, which gcc
// rejects.
func runPrefix(pre []byte, pieces [][2]int) (string, bool) {
	prefix := ""
	for _, p := range pieces {
		q := bytes.IndexByte(pre[p[0]:p[1]], '"') + p[0]
		switch own := string(pre[p[0]:q]); {
		case own == "":
		case prefix == "":
			prefix = own
		case own != prefix:
			return "", false
		}
	}
	if prefix == "u" {
		for _, p := range pieces {
			if surrogatePairs(pre[p[0]:p[1]]) == nil {
				return "", false
			}
		}
	}
	return prefix, true
}

// surrogatePairs returns the literal piece s with each character past 16
// bits, which UTF-16 writes as two elements, written as two elements of
// L"…" in the same bytes: a 4-byte UTF-8 character as "ÿÿ", a \U escape as
// `\xffff\377` (cc/v4 needs their number alone; gcc compiles the text's).
// It returns nil when s is not valid UTF-8 or a \U escape is past
// Unicode.
func surrogatePairs(s []byte) []byte {
	if !utf8.Valid(s) {
		return nil
	}
	out := s
	for i := 0; i < len(s); i++ {
		var pair string
		switch {
		case s[i] >= 0xf0:
			pair = "ÿÿ"
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == 'U':
			v, ok := wideCharValue(s[i:min(len(s), i+10)])
			if !ok || v > 0x10ffff {
				return nil
			}
			if v > 0xffff {
				pair = `\xffff\377`
			}
		case s[i] == '\\':
			i++
		}
		if pair == "" {
			continue
		}
		if &out[0] == &s[0] {
			out = bytes.Clone(s)
		}
		i += copy(out[i:], pair) - 1
	}
	return out
}
