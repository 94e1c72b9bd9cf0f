package instrument

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"modernc.org/token"
)

// Columns. The compiler's preprocessed text keeps every token on its line
// and the first token of each line at its column, but folds the white
// space between tokens and replaces macros by their expansions; the front
// end's columns are the text's. A token's column in the user's file is
// found by aligning the tokens of its line in the text with those of the
// source line (a longest common subsequence): a token of a macro's
// expansion gets the column of the macro's name.

// sourceLine returns line n (1-based) of file as the user wrote it,
// without its newline; "" when it cannot be read. A relative name the
// compiler's directory does not have is looked for beside the main file:
// a generated parser's line markers name its grammar as the generator
// found it (flex's `#line 2 "scan.l"` in a scan.c built out of tree).
func (u *unitText) sourceLine(file string, n int) string {
	ls, ok := u.lines[file]
	if !ok {
		b, err := os.ReadFile(file)
		if err != nil && !filepath.IsAbs(file) && u.main != "" {
			b, err = os.ReadFile(filepath.Join(filepath.Dir(u.main), file))
		}
		if err == nil {
			ls = strings.Split(string(b), "\n")
		}
		if u.lines == nil {
			u.lines = map[string][]string{}
		}
		u.lines[file] = ls
	}
	if n < 1 || n > len(ls) {
		return ""
	}
	return strings.TrimRight(ls[n-1], "\r")
}

// column returns the column in the user's source of the token at pos, a
// position of the view.
func (u *unitText) column(pos token.Position) int {
	if isOurSource(pos.Filename) || pos.Offset < 0 || pos.Offset >= len(u.view) {
		return pos.Column
	}
	start := bytes.LastIndexByte(u.view[:pos.Offset], '\n') + 1
	l := u.aligned[start]
	if l == nil {
		l = u.alignLine(pos, start)
	}
	k := -1
	for i, t := range l.text {
		if t.col == pos.Column {
			k = i
		}
	}
	if k < 0 || l.orig == nil {
		return pos.Column
	}
	for i := k; i >= 0; i-- {
		if m := l.match[i]; m >= 0 {
			if i == k || m+1 >= len(l.orig) {
				return l.orig[m].col
			}
			return l.orig[m+1].col // in a macro's expansion: the macro's name
		}
	}
	if len(l.orig) > 0 {
		return l.orig[0].col
	}
	return pos.Column
}

// alignedLine is a line of the view aligned with its source line: its
// tokens, the source line's (nil when it cannot be read) and the match.
type alignedLine struct {
	text, orig []lineToken
	match      []int
}

// alignLine aligns the view's line starting at start, the line of pos,
// once for all its tokens: a macro's expansion puts hundreds of sites on
// one line, and aligning it for each took most of an instrumented
// compile's time.
func (u *unitText) alignLine(pos token.Position, start int) *alignedLine {
	end := bytes.IndexByte(u.view[start:], '\n')
	if end < 0 {
		end = len(u.view)
	} else {
		end += start
	}
	l := &alignedLine{text: lexLine(string(u.view[start:end]))}
	if src := u.sourceLine(pos.Filename, pos.Line); src != "" && len(l.text) > 0 {
		l.orig = lexLine(src)
		// the line's first token stands at its own column: the text's line
		// may hold only the rest of a source line the compiler split
		for i, t := range l.orig {
			if t.col == l.text[0].col && t.text == l.text[0].text {
				l.orig = l.orig[i:]
				break
			}
		}
		l.match = align(l.text, l.orig)
	}
	if u.aligned == nil {
		u.aligned = map[int]*alignedLine{}
	}
	u.aligned[start] = l
	return l
}

// lineToken is a token of one line and its column (1-based, in bytes).
type lineToken struct {
	text string
	col  int
}

// align returns, for each token of a, the index of the token of b it is
// matched with in a longest common subsequence of their texts, or -1.
func align(a, b []lineToken) []int {
	match := make([]int, len(a))
	// The traceback below matches equal first tokens whatever follows
	// (lcs[i][j] is then lcs[i+1][j+1]+1): a common prefix is matched
	// without the table, quadratic in the line's tokens, which a line
	// without macros (20,000 tokens in TestFullLargeFunctionDropsByCall:
	// 1.6 GB) then never builds.
	p := 0
	for ; p < len(a) && p < len(b) && a[p].text == b[p].text; p++ {
		match[p] = p
	}
	for i := p; i < len(a); i++ {
		match[i] = -1
	}
	a, b = a[p:], b[p:]
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return match
	}
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i].text == b[j].text:
				lcs[i][j] = lcs[i+1][j+1] + 1
			case lcs[i+1][j] >= lcs[i][j+1]:
				lcs[i][j] = lcs[i+1][j]
			default:
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i].text == b[j].text && lcs[i][j] == lcs[i+1][j+1]+1:
			match[p+i] = p + j
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return match
}

// punctuators longer than one byte, longest first.
var punctuators = []string{"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
	"&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##"}

// lexLine splits a line of C into tokens, roughly as the preprocessor
// does: enough to tell the same tokens apart on two versions of a line.
func lexLine(s string) []lineToken {
	var out []lineToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 4
			continue
		case strings.HasPrefix(s[i:], "//"):
			return out
		}
		j := i + 1
		switch {
		case c == '"' || c == '\'':
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(s))
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			for j < len(s) && (isIdentByte(s[j]) || s[j] == '.' ||
				(s[j] == '+' || s[j] == '-') && strings.ContainsRune("eEpP", rune(s[j-1]))) {
				j++
			}
		case isIdentByte(c) || c == '$':
			for j < len(s) && (isIdentByte(s[j]) || s[j] == '$') {
				j++
			}
		default:
			for _, p := range punctuators {
				if strings.HasPrefix(s[i:], p) {
					j = i + len(p)
					break
				}
			}
		}
		out = append(out, lineToken{s[i:j], i + 1})
		i = j
	}
	return out
}
