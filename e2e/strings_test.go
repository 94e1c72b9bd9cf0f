package e2e

import "testing"

// stringExtents are the corpus programs TestStringReadExtent builds, and
// by the line of each report: the bytes read, the block's size, the offset
// read at.
var stringExtents = map[string]map[int]extent{
	"hbo_strcmp_block_end.c":     {17: {13, 12, 0}},
	"hbo_strncmp_block_end.c":    {17: {17, 16, 0}},
	"hbo_strcasecmp_block_end.c": {16: {9, 8, 0}},
	"hbo_strlen_odd_block.c":     {15: {14, 13, 0}},
	"hbo_strlen_unterminated.c":  {15: {5, 4, 0}},
	"hbo_strlen_strcpy.c":        {12: {4, 3, 0}},
	"hbo_strchr_block_end.c":     {16: {22, 21, 0}},
	"hbo_strcat.c":               {15: {5, 15, 11}},
	"hbo_wcscmp_block_end.c":     {16: {24, 20, 0}},
	"hbo_wcsncmp.c":              {13: {20, 16, 0}},
	"hbo_wcslen.c":               {17: {20, 16, 0}},
	"hbo_wcsrchr.c":              {15: {24, 20, 0}},
	"gbo_wcschr.c":               {11: {20, 16, 0}},
	"sbo_wcsnlen.c":              {13: {20, 16, 0}},
	"dpd_wcscmp.c":               {22: {24, 24, 0}},
}

type extent struct {
	size, block uint64
	offset      int64
}

// TestStringReadExtent checks what the reports of the checked string
// functions say was read: exactly the bytes libc reads, from the pointer
// given up to the first element past the block (or the first element of a
// dead block), in both modes. The scans read a word at a time; a report
// must not say more or less than the element-by-element scan.
func TestStringReadExtent(t *testing.T) {
	t.Parallel()
	needMemlens(t)
	for prog, want := range stringExtents {
		for _, full := range []bool{false, true} {
			name := prog + "/detect"
			if full {
				name = prog + "/full"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				var flags []string
				if full {
					flags = []string{"--memlens-full"}
				}
				exe := buildCorpus(t, prog, flags...)
				seen := map[int]bool{}
				for _, r := range runReports(t, exe, "") {
					w, ok := want[r.Line]
					if !ok || r.Block == nil {
						t.Errorf("unexpected %s at line %d", r.Kind, r.Line)
						continue
					}
					seen[r.Line] = true
					if got := (extent{r.Size, r.Block.Size, r.Block.Offset}); got != w {
						t.Errorf("line %d: read of %d bytes at offset %d of a %d-byte block, want %d at %d of %d",
							r.Line, got.size, got.offset, got.block, w.size, w.offset, w.block)
					}
				}
				for line := range want {
					if !seen[line] {
						t.Errorf("no report at line %d", line)
					}
				}
			})
		}
	}
}
