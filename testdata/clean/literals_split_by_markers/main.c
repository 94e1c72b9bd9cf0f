/* String literals the front end joined across line markers are written
 * whole: the last one, ")", was dropped once a marker's file name was
 * taken for one of them (a typestate report printed
 * "PCK_RW(PCK_Slot_Live at main.c:54"). */
#include <stdio.h>
#include "annotate.h"

WRAP(1, first)
WRAP(2, second)

int main(void)
{
	printf("%s %s\n", note_1.text, note_2.text);
	return 0;
}
