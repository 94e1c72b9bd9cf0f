package instrument

import (
	"bytes"
	"testing"
)

// TestLibcTablesWithoutLookups: ctype.h's macros read libc's pointer to
// its table (*__ctype_b_loc()) and errno is *__errno_location(); both are
// libc's and WILD, answered by the rewriter without asking the runtime
// (__ml_metar for the call's result, a load's shadow test failing into
// __ml_ld_fail for the table's pointer) in both modes.
func TestLibcTablesWithoutLookups(t *testing.T) {
	code := "#include <ctype.h>\n#include <errno.h>\n" +
		"int classify(const char *s) { errno = 0; return isalpha((unsigned char)s[0]) + isdigit((unsigned char)s[1]) + errno; }\n"
	for _, full := range []bool{false, true} {
		_, src, out := writeInstrumentedCode(t, newTestConfig(t, full), "classify.c", code)
		body := out[bytes.LastIndex(out, []byte("classify(")):]
		for _, lookup := range []string{"__ml_metar(", "__ml_ld(", "__ml_ld_at("} {
			if bytes.Contains(body, []byte(lookup)) {
				t.Errorf("full=%v: classify calls %s:\n%s", full, lookup, body)
			}
		}
		unitAssembly(t, src, out)
	}
}
