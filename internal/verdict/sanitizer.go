package verdict

import (
	"bufio"
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

var (
	// ==1234==ERROR: AddressSanitizer: heap-buffer-overflow on address …
	sanHeader = regexp.MustCompile(`^==\d+==(?:ERROR|WARNING): (\w+Sanitizer): (.*)$`)
	//     #1 0x5555 in main /tmp/x.c:7:3   (or …/x.c:7, or (binary+0x12))
	sanFrame = regexp.MustCompile(`^\s+#\d+ 0x[0-9a-fA-F]+ in (\S+)(?: (.*?):(\d+)(?::\d+)?)?(?: \(.*\))?$`)
	// Direct leak of 40 byte(s) in 1 object(s) allocated from:
	sanLeak = regexp.MustCompile(`^(Direct|Indirect) leak of \d+ byte\(s\) in \d+ object\(s\) allocated from:`)
	sanAddr = regexp.MustCompile(`address (0x[0-9a-fA-F]+)`)
)

// sanitizerKinds maps the bug types of ASan and MSan reports (the words
// after "AddressSanitizer: ") to memlens kinds; a type missing here is
// Other.
var sanitizerKinds = map[string]string{
	"heap-buffer-overflow":                                 "HEAP-BUFFER-OVERFLOW",
	"stack-buffer-overflow":                                "STACK-BUFFER-OVERFLOW",
	"stack-buffer-underflow":                               "STACK-BUFFER-OVERFLOW",
	"dynamic-stack-buffer-overflow":                        "STACK-BUFFER-OVERFLOW",
	"global-buffer-overflow":                               "GLOBAL-BUFFER-OVERFLOW",
	"heap-use-after-free":                                  "DANGLING-POINTER-DEREF",
	"attempting double-free":                               "DOUBLE-FREE",
	"attempting free on address which was not malloc()-ed": "UNMATCHED-FREE",
	"bad-free":                   "UNMATCHED-FREE",
	"alloc-dealloc-mismatch":     "UNMATCHED-FREE",
	"stack-use-after-return":     "USE-AFTER-RETURN",
	"stack-use-after-scope":      "USE-AFTER-SCOPE",
	"use-of-uninitialized-value": "UNINITIALIZED-READ",
	"detected memory leaks":      "MEMORY-LEAK",
	"SEGV":                       "", // by the address: wildKind
	"BUS":                        "", // likewise
	"stack-overflow":             "STACK-OVERFLOW",
	"FPE":                        "ARITHMETIC-ERROR",
	"ILL":                        "ILLEGAL-INSTRUCTION",
	"attempting to call malloc_usable_size() for pointer which is not owned": "UNMATCHED-FREE",
}

// sanKind returns the bug type a report's header text starts with (the
// longest known, else its first word) and its memlens kind.
func sanKind(text string) (typ, kind string) {
	for t, k := range sanitizerKinds {
		if strings.HasPrefix(text, t) && len(t) > len(typ) {
			typ, kind = t, k
		}
	}
	if typ == "" {
		typ, _, _ = strings.Cut(text, " ")
		return typ, Other
	}
	if kind == "" {
		var addr uint64
		if a := sanAddr.FindStringSubmatch(text); a != nil {
			addr, _ = strconv.ParseUint(a[1][2:], 16, 64)
		}
		kind = wildKind(addr)
	}
	return typ, kind
}

// Sanitizer reads the reports of AddressSanitizer, LeakSanitizer and
// MemorySanitizer in a run's stderr. Each header is a finding whose first
// stack is where it happened and whose stack after "allocated by" (or
// "Uninitialized value was created by") is the allocation; each leak of
// LeakSanitizer's report is a finding of its own, its stack the
// allocation.
func Sanitizer(stderr []byte) []Finding {
	var out []Finding
	var cur *Finding
	var into *[]Frame // the stack frames go to
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if m := sanHeader.FindStringSubmatch(line); m != nil {
			typ, kind := sanKind(m[2])
			if kind == "MEMORY-LEAK" {
				cur, into = nil, nil // the leaks follow, one finding each
				continue
			}
			out = append(out, Finding{Kind: kind, Tool: typ})
			cur = &out[len(out)-1]
			into = &cur.Stack
			continue
		}
		if m := sanLeak.FindStringSubmatch(line); m != nil {
			out = append(out, Finding{Kind: "MEMORY-LEAK", Tool: strings.ToLower(m[1]) + " leak"})
			cur = &out[len(out)-1]
			into = &cur.Alloc
			continue
		}
		if cur == nil {
			continue
		}
		trimmed := strings.TrimSpace(line)
		frame := sanFrame.FindStringSubmatch(line)
		switch {
		case frame != nil:
			if into != nil {
				f := Frame{Function: frame[1], File: frame[2]}
				f.Line, _ = strconv.Atoi(frame[3])
				*into = append(*into, f)
			}
		case strings.HasPrefix(trimmed, "allocated by thread"),
			strings.HasPrefix(trimmed, "previously allocated by thread"),
			strings.HasPrefix(trimmed, "Uninitialized value was created by"):
			into = &cur.Alloc
			if len(cur.Alloc) > 0 {
				into = nil
			}
		case trimmed == "":
			// A blank line ends a stack; the next heading says where
			// frames go.
			if into != nil && len(*into) > 0 {
				into = nil
			}
		case strings.HasPrefix(trimmed, "SUMMARY:"):
			cur, into = nil, nil
		}
	}
	return out
}
