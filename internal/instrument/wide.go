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
// elements. The instrumented unit copies the literals from the text, and
// a literal's object is declared with its real prefix (literalObject), so
// gcc sees what the user wrote. A u"…" holding a character past 16 bits
// (two elements, one to cc/v4) and a run of mixed prefixes (gcc's error)
// are left.
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
			b = append(b, pre[bytes.IndexByte(pre[p[0]:p[1]], '"')+p[0]:p[1]]...)
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
// piece holds a character past 16 bits, which the view cannot keep.
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
			if pastSixteenBits(pre[p[0]:p[1]]) {
				return "", false
			}
		}
	}
	return prefix, true
}

// pastSixteenBits reports whether the literal piece s names or holds a
// character past 16 bits (UTF-16's two elements): a 4-byte UTF-8 one or
// a \U escape past 0xffff.
func pastSixteenBits(s []byte) bool {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] >= 0xf0:
			return true
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == 'U':
			if v, ok := wideCharValue(s[i:min(len(s), i+10)]); !ok || v > 0xffff {
				return true
			}
			i++
		case s[i] == '\\':
			i++
		}
	}
	return !utf8.Valid(s)
}
