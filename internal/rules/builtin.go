package rules

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

// DefaultSource is default.rules: memlens's built-in detectors, as rules.
//
//go:embed default.rules
var DefaultSource []byte

// DefaultName is the name errors in the built-in rules carry.
const DefaultName = "default.rules"

var defaultOnce = sync.OnceValues(func() (*File, error) { return Load(DefaultName, DefaultSource) })

// Default returns the built-in rules, parsed and checked.
func Default() (*File, error) { return defaultOnce() }

// SignalKinds are the kinds memlens reports for fatal signals (runtime/signals.c),
// which no rule detects: a rule of the user's may not take their names.
var SignalKinds = []string{"STACK-OVERFLOW", "ARITHMETIC-ERROR", "ILLEGAL-INSTRUCTION"}

// LoadUser parses and checks a file of the user's rules: besides Load's
// checks, no rule may take a built-in kind's name.
func LoadUser(name string, src []byte) (*File, error) {
	errs := &ErrorList{file: name}
	f := parse(name, src, errs)
	if errs.count() == 0 {
		check(f, errs)
	}
	if errs.count() == 0 {
		def, err := Default()
		if err != nil {
			return nil, fmt.Errorf("the built-in rules: %w", err)
		}
		taken := map[string]bool{}
		for _, r := range def.Rules {
			taken[strings.ToUpper(r.Name)] = true
		}
		for _, k := range SignalKinds {
			taken[k] = true
		}
		for _, r := range f.Rules {
			if taken[strings.ToUpper(r.Name)] {
				errs.add(r.Pos, "rule %s has the name of a kind memlens reports already (memlens rules list shows them)", r.Name)
			}
		}
	}
	return f, errs.Err()
}
