/* zlib_bench.c: zlib of the real-world corpus, built from its sources,
 * compressing a large generated text (words of a xorshift64 language,
 * some lines repeated) with deflate's streaming interface, in chunks into
 * a buffer grown with realloc, then inflating it back in small chunks and
 * comparing; prints the sizes and CRC-32 checksums.
 * memlens:bench
 * memlens:realworld zlib *.c
 * memlens:cflags -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zlib.h"

#define RNG_SEED 0x6A09E667F3BCC909ULL
#include "../rng.h"

#define CHUNK 16384

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		perror("malloc");
		exit(1);
	}
	return p;
}

/* text fills buf with lines of words; one line in eight repeats an
 * earlier one, as logs and sources do. */
static void text(unsigned char *buf, size_t size)
{
	static const char *const syllables[] = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu", "ing", "er"};
	size_t at = 0, line_start = 0;
	while (at < size) {
		unsigned long long r = xorshift64();
		if (r % 97 == 0 && line_start > 200) {
			size_t from = (size_t)(xorshift64() % (line_start - 100)), n = 40 + (size_t)(r % 60);
			while (n-- && at < size)
				buf[at++] = buf[from++];
			continue;
		}
		int syl = 1 + (int)(r % 3);
		while (syl-- && at < size) {
			const char *s = syllables[(r >> (8 + 4 * syl)) % 12];
			while (*s && at < size)
				buf[at++] = (unsigned char)*s++;
		}
		if (at < size)
			buf[at++] = (unsigned char)((r >> 40) % 9 == 0 ? '\n' : ' ');
		if (buf[at - 1] == '\n')
			line_start = at;
	}
}

static void fail(const char *what, int ret)
{
	fprintf(stderr, "zlib_bench: %s: error %d\n", what, ret);
	exit(1);
}

/* compress returns in *out (malloc'd) the zlib stream of in[0..n). */
static size_t compress_all(const unsigned char *in, size_t n, int level, unsigned char **out)
{
	z_stream z;
	size_t cap = CHUNK, len = 0, fed = 0;
	int ret;
	memset(&z, 0, sizeof z);
	if ((ret = deflateInit(&z, level)) != Z_OK)
		fail("deflateInit", ret);
	*out = xmalloc(cap);
	do {
		/* input in chunks, as a program reading a file would give it */
		size_t take = n - fed < CHUNK ? n - fed : CHUNK;
		z.next_in = (unsigned char *)(in + fed);
		z.avail_in = (uInt)take;
		fed += take;
		do {
			if (cap - len < CHUNK) {
				cap *= 2;
				*out = realloc(*out, cap);
				if (!*out)
					fail("realloc", Z_MEM_ERROR);
			}
			z.next_out = *out + len;
			z.avail_out = CHUNK;
			ret = deflate(&z, fed == n ? Z_FINISH : Z_NO_FLUSH);
			if (ret == Z_STREAM_ERROR)
				fail("deflate", ret);
			len += CHUNK - z.avail_out;
		} while (z.avail_out == 0);
	} while (fed < n);
	if (ret != Z_STREAM_END)
		fail("deflate did not finish", ret);
	deflateEnd(&z);
	return len;
}

/* decompress inflates in[0..n) into out, of size cap, in small chunks. */
static size_t decompress_all(const unsigned char *in, size_t n, unsigned char *out, size_t cap)
{
	z_stream z;
	size_t len = 0;
	int ret;
	memset(&z, 0, sizeof z);
	if ((ret = inflateInit(&z)) != Z_OK)
		fail("inflateInit", ret);
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	do {
		size_t room = cap - len < CHUNK ? cap - len : CHUNK;
		if (room == 0)
			fail("inflate: more output than input", Z_DATA_ERROR);
		z.next_out = out + len;
		z.avail_out = (uInt)room;
		ret = inflate(&z, Z_NO_FLUSH);
		if (ret != Z_OK && ret != Z_STREAM_END)
			fail("inflate", ret);
		len += room - z.avail_out;
	} while (ret != Z_STREAM_END);
	inflateEnd(&z);
	return len;
}

int main(int argc, char **argv)
{
	size_t size = (size_t)(argc > 1 ? atol(argv[1]) : 6) << 20, packed, back;
	unsigned char *in = xmalloc(size), *out = xmalloc(size), *z;
	unsigned long crc_in, crc_out;
	text(in, size);
	packed = compress_all(in, size, 6, &z);
	back = decompress_all(z, packed, out, size);
	if (back != size || memcmp(in, out, size) != 0) {
		fprintf(stderr, "zlib_bench: the round trip differs\n");
		return 1;
	}
	crc_in = crc32(0L, in, (uInt)size);
	crc_out = crc32(0L, z, (uInt)packed);
	printf("zlib: size=%zu packed=%zu crc=%08lx packed-crc=%08lx\n", size, packed, crc_in, crc_out);
	free(z);
	free(out);
	free(in);
	return 0;
}
