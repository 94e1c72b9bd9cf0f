package instrument

import (
	"maps"
	"testing"
)

// TestInt128CaseViews: a case label's constant naming __int128 or a
// typedef of it is `0` in the view, at its length and lines, its end kept
// by its offset; other labels, and words in literals, are left.
func TestInt128CaseViews(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ends     map[int]int
	}{
		{`case (__int128)1 << 70: f();`, `case 0                : f();`, map[int]int{5: 22}},
		{`typedef __int128 i128; typedef i128 w; switch (v) { case (w)1 << 70 :`, `typedef __int128 i128; typedef i128 w; switch (v) { case 0          :`, map[int]int{57: 67}},
		{`case (__uint128_t)1 ... (__int128_t)2: case 3:`, `case 0              ... 0            : case 3:`, map[int]int{5: 19, 24: 37}},
		{"case (x ? (__int128)1 << 70\n : 2):", "case 0                     \n     :", map[int]int{5: 33}},
		{`case 1 << 20: s = "case (__int128)1:"; case 'c':`, `case 1 << 20: s = "case (__int128)1:"; case 'c':`, nil},
		{`typedef struct { __int128 x; } s; case (s)1: case sizeof(__int128):`, `typedef struct { __int128 x; } s; case (s)1: case 0               :`, map[int]int{50: 66}},
		{`case (__int128)1`, `case (__int128)1`, nil},
	} {
		got, ends := int128CaseViews([]byte(tc.in))
		if string(got) != tc.want || !maps.Equal(ends, tc.ends) {
			t.Errorf("%s: got\n%s %v, want\n%s %v", tc.in, got, ends, tc.want, tc.ends)
		}
	}
}
