/* A library built without memlens, its header a system one (-isystem):
 * the compression libraries' stream conventions, whose calls write their
 * output through a cursor they advance. */
#include <stddef.h>

/* zlib's z_stream, bzip2's bz_stream, liblzma's lzma_stream */
struct zs {
	const unsigned char *next_in;
	unsigned avail_in;
	unsigned char *next_out;
	unsigned avail_out;
};
int zs_copy(struct zs *s);

/* zstd's ZSTD_outBuffer */
struct outbuf {
	void *dst;
	size_t size;
	size_t pos;
};
size_t ob_fill(struct outbuf *o, size_t n);

/* brotli's BrotliDecoderDecompressStream: the cursor passed by address */
int by_address(size_t *available_out, unsigned char **next_out);
