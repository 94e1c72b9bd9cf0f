package driver

import (
	"fmt"
	"os"
	"strings"
)

// maxResponseDepth bounds response files naming response files, which
// could otherwise name themselves.
const maxResponseDepth = 64

// expandResponseFiles replaces each @file argument by the arguments the
// file holds, recursively, as gcc (libiberty's expandargv) does: an @file
// that cannot be read stays as it is, for gcc to report.
func expandResponseFiles(args []string) ([]string, error) {
	return expand(args, 0)
}

func expand(args []string, depth int) ([]string, error) {
	var out []string
	for _, a := range args {
		name, ok := strings.CutPrefix(a, "@")
		if !ok {
			out = append(out, a)
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			out = append(out, a)
			continue
		}
		if depth == maxResponseDepth {
			return nil, fmt.Errorf("response files nested more than %d deep at %s", maxResponseDepth, a)
		}
		sub, err := expand(splitResponse(string(data)), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// splitResponse splits a response file's content into arguments by
// libiberty's buildargv rules: whitespace separates arguments; single and
// double quotes group; a backslash takes the next character literally,
// inside quotes too.
func splitResponse(s string) []string {
	var args []string
	i := 0
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i == len(s) {
			return args
		}
		var b strings.Builder
		var squote, dquote, escaped bool
		for ; i < len(s); i++ {
			c := s[i]
			if isSpace(c) && !squote && !dquote && !escaped {
				break
			}
			switch {
			case escaped:
				escaped = false
				b.WriteByte(c)
			case c == '\\':
				escaped = true
			case squote:
				if c == '\'' {
					squote = false
				} else {
					b.WriteByte(c)
				}
			case dquote:
				if c == '"' {
					dquote = false
				} else {
					b.WriteByte(c)
				}
			case c == '\'':
				squote = true
			case c == '"':
				dquote = true
			default:
				b.WriteByte(c)
			}
		}
		args = append(args, b.String())
	}
}

// isSpace is C's isspace in the C locale.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
