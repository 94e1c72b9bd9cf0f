/* Puts of no bytes change nothing: a transition of a block with no
 * payload (its payload's put is of 0 bytes, a size gcc does not know) and
 * a pck_put of 0 bytes leave the words at and after the block's end as
 * they were, whichever typestates those have (a failed PCK_ASSERT is a
 * report). */
#include <stdio.h>

#include "block_pck.h"

static long mem[16] __attribute__((aligned(64)));

int main(void)
{
	volatile unsigned long hdr_only = sizeof(long), none = 0;
	pck_transition_Spare(mem, sizeof mem);
	pck_transition_Block(&mem[2], hdr_only); /* a payload put of 0 bytes at mem[3] */
	pck_transition_Block(&mem[1], hdr_only); /* and at mem[2], the Block_Hdr above */
	pck_put(&mem[6], sizeof(long), PCK_Block);
	pck_put(&mem[6], none, PCK_Block);
	PCK_ASSERT(&mem[0], PCK_Spare);
	PCK_ASSERT(&mem[1], PCK_Block_Hdr);
	PCK_ASSERT(&mem[2], PCK_Block_Hdr);
	PCK_ASSERT(&mem[6], PCK_Block);
	for (int i = 3; i < 16; i++)
		if (i != 6)
			PCK_ASSERT(&mem[i], PCK_Spare);
	mem[1] = 1;
	printf("a header of %ld word\n", mem[1]);
	return 0;
}
