package verdict

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The parts of Valgrind's XML output (docs/internals/xml-output-protocol4.txt
// in Valgrind's sources) a verdict needs.
type vgOutput struct {
	Errors []vgError       `xml:"error"`
	Fatal  []vgFatalSignal `xml:"fatal_signal"`
}

type vgError struct {
	Kind    string    `xml:"kind"`
	What    string    `xml:"what"`
	XWhat   string    `xml:"xwhat>text"`
	AuxWhat []string  `xml:"auxwhat"`
	Stacks  []vgStack `xml:"stack"`
}

type vgFatalSignal struct {
	SigName string    `xml:"signame"`
	SiCode  int       `xml:"sicode"`
	SiAddr  string    `xml:"siaddr"`
	Stacks  []vgStack `xml:"stack"`
}

type vgStack struct {
	Frames []struct {
		Fn   string `xml:"fn"`
		File string `xml:"file"`
		Line int    `xml:"line"`
	} `xml:"frame"`
}

func (s vgStack) frames() []Frame {
	var out []Frame
	for _, f := range s.Frames {
		out = append(out, Frame{Function: f.Fn, File: f.File, Line: f.Line})
	}
	return out
}

var vgAddr = regexp.MustCompile(`Address (0x[0-9a-fA-F]+) `)

// Valgrind reads the XML Memcheck wrote with --xml=yes --xml-file. Errors
// are mapped by their kind and, for invalid accesses and frees, by what
// the address was (auxwhat: inside a freed block, past an allocated one,
// on a stack, nowhere); a fatal SIGSEGV or SIGBUS (a write to read-only
// memory, say) is a finding too, as the tool reports it.
func Valgrind(data []byte) ([]Finding, error) {
	var doc vgOutput
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("valgrind XML: %v", err)
	}
	var out []Finding
	for _, e := range doc.Errors {
		f := Finding{Kind: vgKind(e), Tool: e.Kind}
		if len(e.Stacks) > 0 {
			f.Stack = e.Stacks[0].frames()
		}
		if f.Kind == "MEMORY-LEAK" {
			f.Alloc = f.Stack
		} else if len(e.Stacks) > 1 {
			// The last stack is the block's allocation (a freed block's
			// free stack comes before it).
			f.Alloc = e.Stacks[len(e.Stacks)-1].frames()
		}
		out = append(out, f)
	}
	for _, s := range doc.Fatal {
		addr, _ := strconv.ParseUint(strings.TrimPrefix(s.SiAddr, "0x"), 16, 64)
		f := Finding{Kind: wildKind(addr), Tool: s.SigName}
		switch s.SigName {
		case "SIGSEGV", "SIGBUS":
			// SEGV_ACCERR (2): a mapped page that does not allow the
			// access, which for a readable page of the program is a write.
			if s.SigName == "SIGSEGV" && s.SiCode == 2 && addr >= nullPage {
				f.Kind = "READ-ONLY-WRITE"
			}
		case "SIGFPE":
			f.Kind = "ARITHMETIC-ERROR"
		case "SIGILL":
			f.Kind = "ILLEGAL-INSTRUCTION"
		default:
			continue
		}
		if len(s.Stacks) > 0 {
			f.Stack = s.Stacks[0].frames()
		}
		out = append(out, f)
	}
	return out, nil
}

// vgKind maps one Memcheck error to a memlens kind.
func vgKind(e vgError) string {
	aux := strings.Join(e.AuxWhat, "\n")
	switch e.Kind {
	case "Leak_DefinitelyLost", "Leak_IndirectlyLost", "Leak_PossiblyLost":
		return "MEMORY-LEAK"
	case "UninitValue", "UninitCondition":
		return "UNINITIALIZED-READ"
	case "SyscallParam":
		if strings.Contains(e.What, "uninitialised") {
			return "UNINITIALIZED-READ"
		}
		return vgAccessKind(aux)
	case "InvalidRead", "InvalidWrite":
		return vgAccessKind(aux)
	case "InvalidFree":
		if strings.Contains(aux, " 0 bytes inside a block") && strings.Contains(aux, "free'd") {
			return "DOUBLE-FREE"
		}
		return "UNMATCHED-FREE"
	case "MismatchedFree":
		return "UNMATCHED-FREE"
	case "InvalidJump":
		return "INVALID-DEREF"
	}
	return Other
}

// vgAccessKind tells an invalid access's kind from what Memcheck says of
// its address.
func vgAccessKind(aux string) string {
	switch {
	case strings.Contains(aux, "free'd"):
		return "DANGLING-POINTER-DEREF"
	case strings.Contains(aux, "alloc'd"):
		return "HEAP-BUFFER-OVERFLOW"
	case strings.Contains(aux, "below stack pointer"):
		return "USE-AFTER-RETURN"
	case strings.Contains(aux, "'s stack"):
		return "STACK-BUFFER-OVERFLOW"
	}
	if m := vgAddr.FindStringSubmatch(aux); m != nil {
		addr, _ := strconv.ParseUint(m[1][2:], 16, 64)
		return wildKind(addr)
	}
	return "INVALID-DEREF"
}
