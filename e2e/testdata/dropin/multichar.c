/* Multi-character constants (gcc: an int of the last four bytes, first
 * byte highest; -Wmultichar warns): a RIFF header's four-character codes. */
#include <stdio.h>
#include <string.h>

static const char *kind(int tag)
{
	switch (tag) {
	case 'RIFF':
		return "riff";
	case 'WAVE':
		return "wave";
	case 'ab':
		return "ab";
	default:
		return "other";
	}
}

int main(void)
{
	unsigned char header[8] = "RIFFWAVE";
	int tags[3] = {0, 0, 'ab'};
	for (int i = 0; i < 2; i++)
		tags[i] = header[4 * i] << 24 | header[4 * i + 1] << 16 | header[4 * i + 2] << 8 | header[4 * i + 3];
	for (int i = 0; i < 3; i++)
		printf("%s %x\n", kind(tags[i]), (unsigned)tags[i]);
	printf("%d %x %x %zu\n", '\377\377\377\377', 'abcde', '\n\0', sizeof 'xy');
	return 0;
}
