/* A transition of many parts: the generated header gathers a transition's
 * puts sixteen at a time, and makes them when the array is full as well
 * as at its end. Every cell of the table must have its parts' typestates
 * (a failed PCK_ASSERT is a report), the tags' readers may read them, and
 * a second transition over the table changes nothing. */
#include <stdio.h>

#include "table_pck.h"

#define CELLS 64

static long table[2 * CELLS];

PCK_R(PCK_Cell_Tag)
static long tag(const long *cell)
{
	return cell[0];
}

PCK_W(PCK_Cell_Tag, PCK_Cell_Val)
static void fill(void)
{
	for (int i = 0; i < CELLS; i++) {
		table[2 * i] = i;
		table[2 * i + 1] = 10 * i;
	}
}

int main(void)
{
	for (int round = 0; round < 2; round++) {
		pck_transition_Table(table, sizeof table);
		for (int i = 0; i < CELLS; i++) {
			PCK_ASSERT(&table[2 * i], PCK_Cell_Tag);
			PCK_ASSERT(&table[2 * i + 1], PCK_Cell_Val);
		}
	}
	fill();
	long sum = 0;
	for (int i = 0; i < CELLS; i++)
		sum += tag(&table[2 * i]);
	printf("tags sum to %ld\n", sum);
	return 0;
}
