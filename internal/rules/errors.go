package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one diagnostic about a rules file, printed as gcc prints its
// own: FILE:LINE:COL: error: MESSAGE (a note, "note:", adds to the error
// before it).
type Error struct {
	File string
	Pos  Pos
	Msg  string
	Note bool
}

func (e *Error) Error() string {
	sev := "error"
	if e.Note {
		sev = "note"
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Pos.Line, e.Pos.Col, sev, e.Msg)
}

// ErrorList is the diagnostics of one file, in the order of their
// positions (a note stays after its error).
type ErrorList struct {
	file string
	list []*Error
}

func (l *ErrorList) add(p Pos, format string, args ...any) {
	l.list = append(l.list, &Error{File: l.file, Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// note adds a note to the error added last.
func (l *ErrorList) note(p Pos, format string, args ...any) {
	if len(l.list) > 0 {
		l.list = append(l.list, &Error{File: l.file, Pos: p, Msg: fmt.Sprintf(format, args...), Note: true})
	}
}

func (l *ErrorList) count() int {
	n := 0
	for _, e := range l.list {
		if !e.Note {
			n++
		}
	}
	return n
}

// Errors returns the diagnostics sorted by position, each error followed
// by its notes.
func (l *ErrorList) Errors() []*Error {
	type group struct{ errs []*Error }
	var groups []group
	for _, e := range l.list {
		if e.Note && len(groups) > 0 {
			groups[len(groups)-1].errs = append(groups[len(groups)-1].errs, e)
			continue
		}
		groups = append(groups, group{[]*Error{e}})
	}
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i].errs[0].Pos, groups[j].errs[0].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	var out []*Error
	for _, g := range groups {
		out = append(out, g.errs...)
	}
	return out
}

// Err is the list as an error, or nil when it holds none.
func (l *ErrorList) Err() error {
	if l.count() == 0 {
		return nil
	}
	return &FileError{l.Errors()}
}

// FileError is the diagnostics of a rules file that does not check.
type FileError struct{ List []*Error }

func (e *FileError) Error() string {
	var b strings.Builder
	for i, d := range e.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}
