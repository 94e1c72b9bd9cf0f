package instrument

import (
	"fmt"
	"strings"
)

// preprocFlags is what the user's compiler flags mean to the preprocessor.
type preprocFlags struct {
	probe    []string // flags that change the compiler's predefined macros
	quote    []string // -iquote: #include "…" only
	include  []string // -I
	system   []string // -isystem
	after    []string // -idirafter
	includes []string // -include
	defines  strings.Builder
}

// parseFlags extracts the preprocessor's view of a gcc command line.
func parseFlags(args []string) *preprocFlags {
	f := &preprocFlags{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		// value returns the argument of a flag given as -Xval or -X val.
		value := func(flag string) (string, bool) {
			if !strings.HasPrefix(a, flag) {
				return "", false
			}
			if len(a) > len(flag) {
				return a[len(flag):], true
			}
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		if v, ok := value("-isystem"); ok {
			f.system = append(f.system, v)
			continue
		}
		if v, ok := value("-idirafter"); ok {
			f.after = append(f.after, v)
			continue
		}
		if v, ok := value("-iquote"); ok {
			f.quote = append(f.quote, v)
			continue
		}
		if v, ok := value("-imacros"); ok {
			// its macros come with the compiler's predefined ones
			f.probe = append(f.probe, "-imacros", v)
			continue
		}
		if v, ok := value("-include"); ok {
			f.includes = append(f.includes, v)
			continue
		}
		if v, ok := value("-I"); ok {
			f.include = append(f.include, v)
			continue
		}
		if v, ok := value("-D"); ok {
			name, val, has := strings.Cut(v, "=")
			if !has {
				val = "1"
			}
			fmt.Fprintf(&f.defines, "#define %s %s\n", name, val)
			continue
		}
		if v, ok := value("-U"); ok {
			fmt.Fprintf(&f.defines, "#undef %s\n", v)
			continue
		}
		switch {
		case strings.HasPrefix(a, "-std="), a == "-ansi", a == "-pthread",
			strings.HasPrefix(a, "-O"), strings.HasPrefix(a, "-m"),
			strings.HasPrefix(a, "-f"), a == "-nostdinc", a == "-undef",
			a == "-traditional":
			f.probe = append(f.probe, a)
		}
	}
	return f
}
