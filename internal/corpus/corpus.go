// Package corpus loads annotated C programs: the end-to-end test corpus
// (testdata/bugs, testdata/clean) and, later, the programs of memlens bench.
//
// A program is either a single file NAME.c or a directory NAME/ holding .c
// and .h files (all .c files are compiled and linked together). Annotations
// live in C comments:
//
//	p[n] = 0; // want HEAP-BUFFER-OVERFLOW
//
// says memlens must report HEAP-BUFFER-OVERFLOW with the record's file base
// name and line equal to this comment's file and line. A comment whose text
// starts with the word "want" is always an annotation and must follow code on
// the same line; it names one or more kinds. Program directives may appear in
// any comment, one per line of comment text, running to the end of that line:
//
//	memlens:cflags FLAGS...    extra compiler flags (native and memlens builds)
//	memlens:args ARGS...       command-line arguments
//	memlens:options K=V:...    extra MEMLENS_OPTIONS
//	memlens:stdin FILE         file beside the program fed to stdin (default /dev/null)
//	memlens:exit N             expected exit status of the native run
//	memlens:bench              a benchmark: memlens bench measures its overhead
//	memlens:typestate          annotated with typestates (docs/TYPESTATE.md): memlens
//	                           bench's memlens and memlens-full build it with them
//	                           compiled out, memlens-typestate with them
//	memlens:libs LIBS...       linker inputs after the sources (-lm)
//	memlens:realworld PROJECT PATTERN...
//	                           sources of a project of the real-world corpus
//	                           (memlens bench only; see Program.Project)
//	memlens:rules FILE         the program's own rules (docs/RULES.md), a file
//	                           beside it: memlens builds get --memlens-rules=FILE,
//	                           and want annotations may name its rules
//
// Arguments are split at white space; there is no quoting.
package corpus

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"memlens/internal/report"
	"memlens/internal/rules"
)

// Kinds are the bug kinds memlens reports today; Load and LoadDir accept
// exactly these in want annotations.
var Kinds = []string{
	"HEAP-BUFFER-OVERFLOW",
	"DANGLING-POINTER-DEREF",
	"DOUBLE-FREE",
	"UNMATCHED-FREE",
	"NULL-POINTER-DEREF",
	"STACK-BUFFER-OVERFLOW",
	"GLOBAL-BUFFER-OVERFLOW",
	"INTRA-OBJECT-OVERFLOW",
	"USE-AFTER-RETURN",
	"USE-AFTER-SCOPE",
	"INVALID-DEREF",
	"UNINITIALIZED-READ",
	"READ-ONLY-WRITE",
	"MEMORY-LEAK",
	"STACK-OVERFLOW",
	"ARITHMETIC-ERROR",
	"ILLEGAL-INSTRUCTION",
	"TYPESTATE-VIOLATION",
}

// Directives are the names accepted after "memlens:".
var Directives = []string{"cflags", "args", "options", "stdin", "exit", "bench", "typestate", "libs", "realworld", "rules"}

// Want is one expected report: Kind at File (a base name) and Line.
// Written "want [MODE:][ROLE:]KIND": with the alloc role, the line is
// where the reported block was allocated (a MEMORY-LEAK found where the
// program lost it is reported at that statement, and allocated here);
// with a chain role, a report of Kind (expected by a want of its own)
// has a value propagation chain through this line: chain for the
// pointer (or value) the report is about, freechain for the pointer that
// freed the block, origin for where the first chain ends, the value made
// there. With the cause role, the line is the bug's cause, away from where
// it shows (the shallow copy whose block is freed twice): a report of Kind
// must name it, at its own place, in its stack, at its block's allocation
// or in a step of its value propagation chains. With the after role, the
// line may get a follow-on report of Kind once an expected one came: a
// consequence of the bug that shows only where the layout lets it (an
// overflow reaching the return address, which natively kills the program
// at the return too); it is allowed, not required. With a mode (ModeFull,
// ModeDetect), it applies to that mode only.
type Want struct {
	Kind string
	File string // base name of the file holding the annotation
	Line int
	Role string // "" (the record's own location) or RoleAlloc
	Mode string // "" (every mode), ModeFull or ModeDetect
}

// Roles and modes of want annotations.
const (
	RoleAlloc     = "alloc"
	RoleChain     = "chain"
	RoleFreeChain = "freechain"
	RoleOrigin    = "origin"
	RoleCause     = "cause"
	RoleAfter     = "after"
	ModeFull      = "full"   // memlens cc --memlens-full
	ModeDetect    = "detect" // memlens cc
)

func (w Want) String() string {
	k := w.Kind
	if w.Role != "" {
		k = w.Role + ":" + k
	}
	if w.Mode != "" {
		k = w.Mode + ":" + k
	}
	return fmt.Sprintf("%s at %s:%d", k, w.File, w.Line)
}

// Matches reports whether record r satisfies w.
func (w Want) Matches(r *report.Record) bool {
	if r.Kind != w.Kind {
		return false
	}
	switch w.Role {
	case RoleAlloc:
		alloc := r.Alloc
		if alloc == nil && r.Block != nil {
			alloc = r.Block.Alloc // the block an access or a free is about
		}
		return alloc != nil && alloc.Line == w.Line && alloc.Base() == w.File
	case RoleChain:
		return len(r.Chains) > 0 && w.through(r.Chains[0])
	case RoleFreeChain:
		return len(r.Chains) > 1 && w.through(r.Chains[1])
	case RoleOrigin:
		if len(r.Chains) == 0 || len(r.Chains[0]) == 0 {
			return false
		}
		last := r.Chains[0][len(r.Chains[0])-1]
		return last.Origin != "" && w.at(last)
	case RoleCause:
		for _, c := range r.Chains {
			if w.through(c) {
				return true
			}
		}
		for _, f := range r.Stack {
			if f.Line == w.Line && path.Base(filepath.ToSlash(f.File)) == w.File {
				return true
			}
		}
		return Want{Kind: w.Kind, File: w.File, Line: w.Line, Role: RoleAlloc}.Matches(r) || r.Line == w.Line && r.Base() == w.File
	}
	return r.Line == w.Line && r.Base() == w.File
}

// Describes reports whether w says something of a record other wants
// expect (a chain role) rather than expecting one.
func (w Want) Describes() bool {
	return w.Role == RoleChain || w.Role == RoleFreeChain || w.Role == RoleOrigin
}

// through reports whether chain has a step at w's line.
func (w Want) through(chain []report.Step) bool {
	for _, s := range chain {
		if w.at(s) {
			return true
		}
	}
	return false
}

func (w Want) at(s report.Step) bool {
	return s.Line == w.Line && path.Base(filepath.ToSlash(s.File)) == w.File
}

// Program is one corpus program and its annotations.
type Program struct {
	Name    string   // NAME: file name without .c, or the directory name
	Path    string   // NAME.c or NAME/ as given to Load
	Dir     string   // directory holding the sources (Path itself for a directory program)
	Sources []string // .c files relative to Dir, sorted: what the compiler is given
	Headers []string // .h files relative to Dir, sorted

	Wants     []Want   // sorted by file, line, kind
	CFlags    []string // memlens:cflags, in order of appearance
	Args      []string // memlens:args, in order of appearance
	Options   []string // memlens:options items, each K=V
	Stdin     string   // memlens:stdin, relative to Dir; "" means /dev/null
	Exit      int      // memlens:exit; 0 if absent
	Bench     bool     // memlens:bench
	Typestate bool     // memlens:typestate
	Libs      []string // memlens:libs: given to the compiler after the sources
	Rules     string   // memlens:rules, relative to Dir; "" if none

	// Project and ProjectSources (memlens:realworld PROJECT PATTERN...):
	// the program is also made of the sources of PROJECT, a directory of
	// the real-world corpus outside the repository, that match the glob
	// patterns (relative to PROJECT; a pattern starting with ! leaves out
	// what it matches). See ProjectFiles.
	Project        string
	ProjectSources []string
}

// ProjectFiles returns the absolute paths of the program's project
// sources, PROJECT being a directory of root, and that directory (which
// the program's own sources include headers from). It fails when the
// directory is missing or a pattern matches nothing.
func (p *Program) ProjectFiles(root string) (files []string, dir string, err error) {
	dir, err = filepath.Abs(filepath.Join(root, p.Project))
	if err != nil {
		return nil, "", err
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, "", fmt.Errorf("project %s: no directory %s", p.Project, dir)
	}
	var excluded []string
	for _, pat := range p.ProjectSources {
		if rest, ok := strings.CutPrefix(pat, "!"); ok {
			excluded = append(excluded, rest)
		}
	}
	for _, pat := range p.ProjectSources {
		if strings.HasPrefix(pat, "!") {
			continue
		}
		matches, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, "", fmt.Errorf("project %s: pattern %s: %v", p.Project, pat, err)
		}
		if len(matches) == 0 {
			return nil, "", fmt.Errorf("project %s: no file %s in %s", p.Project, pat, dir)
		}
		for _, m := range matches {
			name := filepath.Base(m)
			if !slices.ContainsFunc(excluded, func(x string) bool { ok, _ := filepath.Match(x, name); return ok }) && !slices.Contains(files, m) {
				files = append(files, m)
			}
		}
	}
	return files, dir, nil
}

// Files returns every file the program needs, relative to Dir: sources,
// headers and the stdin file.
func (p *Program) Files() []string {
	files := append(append([]string{}, p.Sources...), p.Headers...)
	if p.Stdin != "" {
		files = append(files, p.Stdin)
	}
	if p.Rules != "" {
		files = append(files, p.Rules)
	}
	return files
}

// MemlensFlags are the flags memlens cc builds the program with besides
// its cflags: its rules.
func (p *Program) MemlensFlags() []string {
	if p.Rules == "" {
		return nil
	}
	return []string{"--memlens-rules=" + p.Rules}
}

// Bugs returns the wants that expect a report (not the chain roles that
// describe one, nor the follow-on reports after allows), in every mode: a
// program with none is a clean program.
func (p *Program) Bugs() []Want {
	var out []Want
	for _, w := range p.Wants {
		if !w.Describes() && w.Role != RoleAfter {
			out = append(out, w)
		}
	}
	return out
}

// OptionString returns the memlens:options items joined as MEMLENS_OPTIONS
// expects them (K=V:K=V), or "".
func (p *Program) OptionString() string { return strings.Join(p.Options, ":") }

// Match compares the records a run produced with the program's wants. A want
// is missing if no record has its kind, file base name and line (an after
// want is never missing); a record is unexpected if it matches no want, or
// only after wants before any record matched another. Several records may
// match one want (a loop reporting the same line each iteration).
func (p *Program) Match(recs []report.Record) (missing []Want, unexpected []report.Record) {
	seen := make([]bool, len(p.Wants))
	expected := false // (a record matched a want other than after)
	for i := range recs {
		r := &recs[i]
		ok, follows := false, false
		for j, w := range p.Wants {
			if w.Matches(r) {
				seen[j] = true
				if w.Role == RoleAfter {
					follows = expected
				} else {
					ok = ok || !w.Describes()
				}
			}
		}
		expected = expected || ok
		if !ok && !follows {
			unexpected = append(unexpected, *r)
		}
	}
	for j, w := range p.Wants {
		if !seen[j] && w.Role != RoleAfter {
			missing = append(missing, w)
		}
	}
	return missing, unexpected
}

// Load loads the program at path (NAME.c or a directory) with the known
// Kinds.
func Load(path string) (*Program, error) { return LoadKinds(path, Kinds) }

// LoadDir loads every program in dir: each *.c file and each subdirectory
// (other files, such as stdin inputs, and names starting with '.' or '_' are
// skipped), sorted by name.
func LoadDir(dir string) ([]*Program, error) { return LoadDirKinds(dir, Kinds) }

// LoadDirKinds is LoadDir accepting the given kinds in want annotations.
func LoadDirKinds(dir string, kinds []string) ([]*Program, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var progs []*Program
	names := map[string]string{}
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		if !e.IsDir() && !strings.HasSuffix(n, ".c") {
			continue
		}
		p, err := LoadKinds(filepath.Join(dir, n), kinds)
		if err != nil {
			return nil, err
		}
		if other, dup := names[p.Name]; dup {
			return nil, fmt.Errorf("%s: program %s is also %s", p.Path, p.Name, other)
		}
		names[p.Name] = p.Path
		progs = append(progs, p)
	}
	return progs, nil
}

// LoadKinds is Load accepting the given kinds in want annotations.
func LoadKinds(path string, kinds []string) (*Program, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	p := &Program{Path: path}
	if st.IsDir() {
		p.Name = filepath.Base(path)
		p.Dir = path
		ents, err := os.ReadDir(path)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if e.IsDir() {
				continue
			}
			switch filepath.Ext(e.Name()) {
			case ".c":
				p.Sources = append(p.Sources, e.Name())
			case ".h":
				p.Headers = append(p.Headers, e.Name())
			}
		}
		if len(p.Sources) == 0 {
			return nil, fmt.Errorf("%s: program directory holds no .c file", path)
		}
	} else {
		if filepath.Ext(path) != ".c" {
			return nil, fmt.Errorf("%s: a program is a .c file or a directory", path)
		}
		p.Name = strings.TrimSuffix(filepath.Base(path), ".c")
		p.Dir = filepath.Dir(path)
		p.Sources = []string{filepath.Base(path)}
	}
	sort.Strings(p.Sources)
	sort.Strings(p.Headers)

	files := append(append([]string{}, p.Sources...), p.Headers...)
	// the kinds of the program's own rules, which its wants may name
	kinds, err = withRuleKinds(p, files, kinds)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, k := range kinds {
		known[k] = true
	}
	ps := &parseState{p: p, kinds: kinds, known: known}
	for _, f := range files {
		full := filepath.Join(p.Dir, f)
		src, err := os.ReadFile(full)
		if err != nil {
			return nil, err
		}
		if err := ps.file(full, src); err != nil {
			return nil, err
		}
	}
	if p.Stdin != "" {
		fi, err := os.Stat(filepath.Join(p.Dir, p.Stdin))
		if err != nil || fi.IsDir() {
			return nil, fmt.Errorf("%s: memlens:stdin %s: no such file beside the program", ps.stdinPos, p.Stdin)
		}
	}
	sort.Slice(p.Wants, func(i, j int) bool {
		a, b := p.Wants[i], p.Wants[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Kind < b.Kind
	})
	return p, nil
}

type parseState struct {
	p        *Program
	kinds    []string
	known    map[string]bool
	stdinPos string // file:line of the memlens:stdin directive
	exitPos  string
	rulesPos string
}

var rulesDirective = regexp.MustCompile(`memlens:rules[ \t]+([^ \t\r\n*/]+)`)

// withRuleKinds adds to kinds the names of the rules of the rules file the
// program's sources name (memlens:rules, checked again as a directive).
func withRuleKinds(p *Program, files []string, kinds []string) ([]string, error) {
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			return nil, err
		}
		m := rulesDirective.FindSubmatch(src)
		if m == nil {
			continue
		}
		path := filepath.Join(p.Dir, string(m[1]))
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%s: memlens:rules %s: %v", filepath.Join(p.Dir, f), m[1], err)
		}
		rs, err := rules.LoadUser(path, text)
		if err != nil {
			return nil, err
		}
		kinds = slices.Clone(kinds)
		for _, r := range rs.Rules {
			kinds = append(kinds, r.Name)
		}
		return kinds, nil
	}
	return kinds, nil
}

// comment is one C comment: its text split into physical lines.
type comment struct {
	line       int      // line of the opening // or /*
	afterCode  bool     // code precedes the comment on its first line
	textLines  []string // text without the delimiters, one entry per physical line
	firstLines []int    // line number of each entry of textLines
}

func (ps *parseState) file(name string, src []byte) error {
	for _, c := range comments(src) {
		if err := ps.comment(name, c); err != nil {
			return err
		}
	}
	return nil
}

func (ps *parseState) comment(name string, c comment) error {
	// A want annotation: the comment's text starts with the word "want".
	first := strings.TrimSpace(c.textLines[0])
	if f := strings.Fields(first); len(f) > 0 && f[0] == "want" {
		pos := fmt.Sprintf("%s:%d", name, c.line)
		if !c.afterCode {
			return fmt.Errorf("%s: want annotation must end a line of code (it applies to its own line)", pos)
		}
		if len(f) == 1 {
			return fmt.Errorf("%s: want annotation names no kind; expected \"want KIND [KIND...]\" with KIND one of %s", pos, strings.Join(ps.kinds, ", "))
		}
		base := path.Base(filepath.ToSlash(name))
		have := map[string]bool{}
		for _, item := range f[1:] {
			w := Want{File: base, Line: c.line}
			parts := strings.Split(item, ":")
			w.Kind = parts[len(parts)-1]
			for _, q := range parts[:len(parts)-1] {
				switch {
				case (q == RoleAlloc || q == RoleChain || q == RoleFreeChain || q == RoleOrigin || q == RoleCause || q == RoleAfter) && w.Role == "":
					w.Role = q
				case (q == ModeFull || q == ModeDetect) && w.Mode == "" && w.Role == "":
					w.Mode = q
				default:
					return fmt.Errorf("%s: bad qualifier %q in %q; expected [full:|detect:][alloc:|chain:|freechain:|origin:|cause:|after:]KIND", pos, q, item)
				}
			}
			k := w.Kind
			if !ps.known[k] {
				return fmt.Errorf("%s: unknown kind %q in want annotation%s; expected one of %s", pos, k, ps.suggest(k), strings.Join(ps.kinds, ", "))
			}
			if have[item] {
				return fmt.Errorf("%s: %s named twice in one want annotation", pos, item)
			}
			have[item] = true
			ps.p.Wants = append(ps.p.Wants, w)
		}
		return nil
	}
	for i, text := range c.textLines {
		if err := ps.directives(fmt.Sprintf("%s:%d", name, c.firstLines[i]), text); err != nil {
			return err
		}
	}
	return nil
}

// directives parses the memlens: directive on one line of comment text, if
// any: a word starting with "memlens:" names it, the rest of the line holds
// its arguments.
func (ps *parseState) directives(pos, text string) error {
	const tag = "memlens:"
	f := strings.Fields(text)
	k := slices.IndexFunc(f, func(w string) bool { return strings.HasPrefix(w, tag) })
	if k < 0 {
		return nil
	}
	name, args := strings.TrimPrefix(f[k], tag), f[k+1:]
	if name == "" {
		return fmt.Errorf("%s: expected a directive name right after memlens: (one of %s)", pos, strings.Join(Directives, ", "))
	}
	if slices.ContainsFunc(args, func(w string) bool { return strings.HasPrefix(w, tag) }) {
		return fmt.Errorf("%s: one memlens: directive per line", pos)
	}
	p := ps.p
	switch name {
	case "cflags":
		if len(args) == 0 {
			return fmt.Errorf("%s: memlens:cflags needs at least one compiler flag", pos)
		}
		p.CFlags = append(p.CFlags, args...)
	case "args":
		if len(args) == 0 {
			return fmt.Errorf("%s: memlens:args needs at least one argument", pos)
		}
		p.Args = append(p.Args, args...)
	case "options":
		if len(args) == 0 {
			return fmt.Errorf("%s: memlens:options needs K=V items", pos)
		}
		for _, a := range args {
			for _, kv := range strings.Split(a, ":") {
				if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
					return fmt.Errorf("%s: memlens:options item %q: expected K=V", pos, kv)
				}
				p.Options = append(p.Options, kv)
			}
		}
	case "stdin":
		if err := besideOnce(pos, name, args, &ps.stdinPos); err != nil {
			return err
		}
		p.Stdin = args[0]
	case "exit":
		if len(args) != 1 {
			return fmt.Errorf("%s: memlens:exit takes exactly one status", pos)
		}
		if ps.exitPos != "" {
			return fmt.Errorf("%s: second memlens:exit (first at %s)", pos, ps.exitPos)
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 || n > 255 {
			return fmt.Errorf("%s: memlens:exit %s: expected an exit status 0..255", pos, args[0])
		}
		p.Exit, ps.exitPos = n, pos
	case "libs":
		if len(args) == 0 {
			return fmt.Errorf("%s: memlens:libs needs at least one linker input", pos)
		}
		p.Libs = append(p.Libs, args...)
	case "realworld":
		if len(args) < 2 {
			return fmt.Errorf("%s: memlens:realworld takes a project and at least one source pattern", pos)
		}
		if p.Project != "" {
			return fmt.Errorf("%s: second memlens:realworld (a program has one project)", pos)
		}
		if filepath.IsAbs(args[0]) || strings.Contains(filepath.ToSlash(args[0]), "/") || args[0] == ".." {
			return fmt.Errorf("%s: memlens:realworld %s: expected a project's directory name", pos, args[0])
		}
		p.Project, p.ProjectSources = args[0], args[1:]
	case "bench", "typestate":
		if len(args) != 0 {
			return fmt.Errorf("%s: memlens:%s takes no argument", pos, name)
		}
		*map[string]*bool{"bench": &p.Bench, "typestate": &p.Typestate}[name] = true
	case "rules":
		if err := besideOnce(pos, name, args, &ps.rulesPos); err != nil {
			return err
		}
		p.Rules = args[0]
	default:
		return fmt.Errorf("%s: unknown directive memlens:%s; expected one of %s", pos, name, strings.Join(Directives, ", "))
	}
	return nil
}

// besideOnce validates a directive naming one file beside the program, given
// at most once: *seen holds the position of an earlier one and takes pos.
func besideOnce(pos, name string, args []string, seen *string) error {
	if len(args) != 1 {
		return fmt.Errorf("%s: memlens:%s takes exactly one file name", pos, name)
	}
	if *seen != "" {
		return fmt.Errorf("%s: second memlens:%s (first at %s)", pos, name, *seen)
	}
	if filepath.IsAbs(args[0]) || strings.Contains(filepath.ToSlash(args[0]), "/") {
		return fmt.Errorf("%s: memlens:%s %s: expected a file name beside the program", pos, name, args[0])
	}
	*seen = pos
	return nil
}

// suggest returns ` (did you mean X?)` for the known kind closest to k.
func (ps *parseState) suggest(k string) string {
	best, bestD := "", 4
	for _, kk := range ps.kinds {
		if d := distance(strings.ToUpper(k), kk); d < bestD {
			best, bestD = kk, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// comments returns the comments of C source src, skipping string and
// character literals. Line splices inside comments are not interpreted.
func comments(src []byte) []comment {
	var out []comment
	line := 1
	lineStart := 0 // offset of the current line's first byte
	codeOnLine := func(at int) bool {
		return len(bytes.TrimSpace(src[lineStart:at])) > 0
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = i + 1
		case c == '"' || c == '\'':
			// Skip the literal; stop at an unescaped newline (malformed C).
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' && i+1 < len(src) {
					i++
					if src[i] == '\n' {
						line++
						lineStart = i + 1
					}
				}
			}
			if i < len(src) && src[i] == '\n' {
				line++
				lineStart = i + 1
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			cm := comment{line: line, afterCode: codeOnLine(i)}
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			cm.textLines = []string{string(src[i+2 : end])}
			cm.firstLines = []int{line}
			out = append(out, cm)
			i = end - 1 // the newline is handled by the loop
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			cm := comment{line: line, afterCode: codeOnLine(i)}
			start := i + 2
			end := bytes.Index(src[start:], []byte("*/"))
			if end < 0 {
				end = len(src)
			} else {
				end += start
			}
			text := string(src[start:end])
			for k, l := range strings.Split(text, "\n") {
				cm.textLines = append(cm.textLines, l)
				cm.firstLines = append(cm.firstLines, line+k)
			}
			for j := start; j < end; j++ {
				if src[j] == '\n' {
					line++
					lineStart = j + 1
				}
			}
			out = append(out, cm)
			i = end + 1
		}
	}
	return out
}
