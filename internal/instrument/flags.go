package instrument

import "strings"

// probeFlags returns the flags of a gcc command line that change what the
// compiler predefines for the runtime header and the front end's prelude,
// or how the front end reads C (keywords, long double). The unit itself
// comes preprocessed by the compiler.
func probeFlags(args []string) []string {
	var probe []string
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "-std="), a == "-ansi", a == "-pthread",
			strings.HasPrefix(a, "-O"), strings.HasPrefix(a, "-m"), strings.HasPrefix(a, "-f"):
			probe = append(probe, a)
		}
	}
	return probe
}
