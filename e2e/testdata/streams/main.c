/* Bytes a library built without memlens writes through an output cursor
 * it advances (include/streams.h) are defined; those past the cursor are
 * not. */
#include <stdio.h>
#include <stdlib.h>
#include <streams.h>

struct mine {
	unsigned char *next_out;
	unsigned avail_out;
};
void mine_fill(struct mine *m); /* a declaration of the program's own */
int own_by_address(size_t *available_out, unsigned char **next_out); /* and one more */

int main(void)
{
	unsigned char *out = malloc(64), *cur;
	struct zs s = {(const unsigned char *)"hello, world", 12, out, 64};
	struct outbuf o = {0};
	struct mine m;
	size_t avail = 16;
	int sum = 0, i;

	zs_copy(&s);
	for (i = 0; i < 12; i++)
		sum += out[i] == 'l';
	o.dst = out + 16;
	o.size = 8;
	ob_fill(&o, 4);
	ob_fill(&o, 8);
	for (i = 16; i < 24; i++)
		sum += out[i] == 'z';
	cur = out + 24;
	by_address(&avail, &cur);
	for (i = 24; i < 36; i++)
		sum += out[i] == 'b';
	m.next_out = out + 36;
	m.avail_out = 8;
	mine_fill(&m);
	for (i = 36; i < 44; i++)
		sum += out[i] == 'm';
	cur = out + 44;
	avail = 4; /* room for no byte */
	own_by_address(&avail, &cur);
	printf("%d\n", sum);
	if (out[44] == 0) /* never written */
		puts("zero");
	free(out);
	return 0;
}
