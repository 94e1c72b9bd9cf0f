package report

import (
	"os"
	"path/filepath"
	"strings"
)

// Sources reads the source files records name, relative to a root (the
// directory the program was compiled in), each file once. Front ends use
// it for the source lines the records do not carry.
type Sources struct {
	Root  string
	files map[string][]string // nil: the file could not be read
}

// NewSources reads files under root ("" for the current directory).
func NewSources(root string) *Sources {
	return &Sources{Root: root, files: map[string][]string{}}
}

// Path is where file is read from: itself when absolute, else under Root.
func (s *Sources) Path(file string) string {
	if s == nil || filepath.IsAbs(file) || s.Root == "" {
		return file
	}
	return filepath.Join(s.Root, file)
}

// Lines returns the lines of file without their line ends, or false when
// it cannot be read (or s is nil: no sources).
func (s *Sources) Lines(file string) ([]string, bool) {
	if s == nil || file == "" {
		return nil, false
	}
	lines, seen := s.files[file]
	if !seen {
		if data, err := os.ReadFile(s.Path(file)); err == nil {
			text := strings.TrimSuffix(string(data), "\n")
			lines = strings.Split(text, "\n")
			for i, l := range lines {
				lines[i] = strings.TrimSuffix(l, "\r")
			}
		}
		s.files[file] = lines
	}
	return lines, lines != nil
}

// Line returns line n (1-based) of file.
func (s *Sources) Line(file string, n int) (string, bool) {
	lines, ok := s.Lines(file)
	if !ok || n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}
