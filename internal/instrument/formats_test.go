package instrument

import (
	"slices"
	"testing"
)

// TestFormatConverts: the arguments after a printf format that it
// converts, * widths and precisions included, %% and %m taking none; a
// positional argument or an unknown conversion is a format not followed.
func TestFormatConverts(t *testing.T) {
	for _, tc := range []struct {
		format string
		n      int
		want   []bool
	}{
		{"%d", 3, []bool{true, false, false}},
		{"%%d %m %s", 2, []bool{true, false}},
		{"[%*.*lf] %-5zu", 4, []bool{true, true, true, true}},
		{"%.*s|%5.2Lg", 3, []bool{true, true, true}},
		{"no conversion", 1, []bool{false}},
		{"%2$d %1$d", 2, nil},
		{"%y", 1, nil},
		{"%", 1, nil},
	} {
		got, ok := formatConverts(tc.format, tc.n)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) && tc.want != nil {
			t.Errorf("formatConverts(%q, %d) = %v, %v; want %v", tc.format, tc.n, got, ok, tc.want)
		}
	}
}
