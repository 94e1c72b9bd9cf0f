/* interceptors.c: checked replacements for libc functions that read or
 * write caller memory.
 *
 * Instrumented code calls __ml_<name> instead of <name>. Each replacement
 * takes its pointer arguments' metas from __ml_t.arg (when the caller tagged
 * the call for it; otherwise from __ml_meta_of), checks the exact byte
 * ranges libc will read and write against those metas (a READ or WRITE
 * event at the DEREF_R / DEREF_W detection point, reported against the
 * caller's site), then calls the real libc function - also after a report,
 * unless halt_on_error stopped the program. Pointer results carry the meta
 * of the argument they point into.
 *
 * Strings are measured within the block first: a string with no NUL before
 * its block ends is an overflow read of (end - s + 1) bytes, reported
 * before libc runs off the end. A string whose pointer is already bad
 * (NULL, freed block, outside its block) is reported before libc touches
 * it, measuring it with page probes so the report itself cannot fault.
 *
 * Not checked: the arguments of printf-style %s / %n conversions (their
 * metas are not known to the format walker).
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>
#include <wchar.h>

/* ---- helpers ---- */

/* Can the page at `page` be read without faulting? Error paths only. */
int ml_page_readable(uptr page)
{
	int e = errno, ok;
	char c;
	struct iovec l = {&c, 1}, r = {(void *)page, 1};
	ssize_t n = process_vm_readv(getpid(), &l, 1, &r, 1, 0);
	if (n == 1)
		ok = 1;
	else if (n < 0 && errno == EFAULT)
		ok = 0;
	else /* syscall filtered: is it at least mapped? */
		ok = msync((void *)page, 1, MS_ASYNC) == 0;
	errno = e;
	return ok;
}

/* ---- word-at-a-time scans ----
 *
 * Strings are scanned a word (8 bytes: 8 narrow or 2 wide characters, the
 * word's lanes) at a time. A word is read only when every lane is an
 * element the scan may reach (before its limit, which is inside the
 * string's block when the block is known) and, for a string of unknown
 * extent (paged), when it does not cross a 4096-byte boundary: the scan
 * touches no page the element-by-element scan would not, so it faults no
 * earlier than libc. Only the first stopping lane of a word counts. The
 * helpers are inlined with w a constant (a lane's constants are divisions
 * by it). */

#define ML_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Each lane of w bytes holding 1 (w = 1: 0x0101…01). */
#define ML_LANE_ONES(w) (~(uint64_t)0 / (~(uint64_t)0 >> (64 - 8 * (w))))

/* The top bit of each lane of x that is 0 (no carry crosses lanes, so
 * every bit is exact). */
ML_ALWAYS_INLINE uint64_t ml_zero_lanes(uint64_t x, size_t w)
{
	uint64_t low = ~(ML_LANE_ONES(w) << (8 * w - 1)); /* each lane but its top bit */
	return ~(((x & low) + low) | x | low);
}

/* The lane of x's first set bit in memory order (x not 0). */
ML_ALWAYS_INLINE size_t ml_first_lane(uint64_t x, size_t w)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (size_t)__builtin_ctzll(x) / (8 * w);
#else
	return (size_t)__builtin_clzll(x) / (8 * w);
#endif
}

ML_ALWAYS_INLINE int ml_word_in_page(const char *p)
{
	return ((uptr)p & 4095) <= 4096 - sizeof(uint64_t);
}

ML_ALWAYS_INLINE uint64_t ml_word(const char *p)
{
	uint64_t x;
	memcpy(&x, p, sizeof x);
	return x;
}

ML_ALWAYS_INLINE unsigned ml_elem(const char *p, size_t w)
{
	return w == 1 ? *(const unsigned char *)p : (unsigned)*(const ml_wu *)p;
}

/* The index of the first of the n elements at s that is 0, or c when
 * has_c; n if none is. */
ML_ALWAYS_INLINE size_t ml_find_stop(const void *s, size_t n, size_t w, int has_c, unsigned c,
                                     int paged)
{
	const size_t lanes = sizeof(uint64_t) / w;
	const uint64_t cs = has_c ? ML_LANE_ONES(w) * c : 0;
	size_t i = 0;
	while (i < n) {
		const char *p = (const char *)s + i * w;
		if (n - i >= lanes && (!paged || ml_word_in_page(p))) {
			uint64_t x = ml_word(p);
			uint64_t stop = ml_zero_lanes(x, w) | (has_c ? ml_zero_lanes(x ^ cs, w) : 0);
			if (stop)
				return i + ml_first_lane(stop, w);
			i += lanes;
			continue;
		}
		unsigned e = ml_elem(p, w);
		if (e == 0 || (has_c && e == c))
			return i;
		i++;
	}
	return n;
}

/* Does a compare stop at the elements at pa and pb (they differ, as
 * tolower's when icase, or are 0)? */
ML_ALWAYS_INLINE int ml_cmp_stops(const char *pa, const char *pb, size_t w, int icase)
{
	unsigned ca = ml_elem(pa, w), cb = ml_elem(pb, w);
	if (icase) {
		ca = (unsigned)tolower((int)ca);
		cb = (unsigned)tolower((int)cb);
	}
	return ca != cb || ca == 0;
}

/* The index of the first of the n elements where a compare of a and b
 * stops; n if it does not. */
ML_ALWAYS_INLINE size_t ml_find_diff(const void *a, const void *b, size_t n, size_t w, int icase,
                                     int paged)
{
	const size_t lanes = sizeof(uint64_t) / w;
	size_t i = 0;
	while (i < n) {
		const char *pa = (const char *)a + i * w, *pb = (const char *)b + i * w;
		if (n - i >= lanes && (!paged || (ml_word_in_page(pa) && ml_word_in_page(pb)))) {
			uint64_t x = ml_word(pa), y = ml_word(pb);
			uint64_t stop = ml_zero_lanes(x, w) | (x ^ y);
			if (!stop) {
				i += lanes;
				continue;
			}
			size_t j = ml_first_lane(stop, w);
			if (!icase)
				return i + j;
			/* (equal as tolower's, the compare goes on after it) */
			i += j;
			pa += j * w;
			pb += j * w;
		}
		if (ml_cmp_stops(pa, pb, w, icase))
			return i;
		i++;
	}
	return n;
}

/* The elements of s (each w bytes) a scan as ml_plain_until's reads when
 * its first off elements hold no terminator: the rest, in growing chunks
 * by libc's vector scans, so that the cost follows the distance to the
 * terminator (strchr on a long text must not measure the whole text
 * first). */
__attribute__((noinline)) static size_t ml_chunks_until(const void *s, size_t off, size_t max,
                                                        size_t w, int has_c, unsigned c, int *term)
{
	size_t chunk = 64;
	while (off < max) {
		size_t n = max - off < chunk ? max - off : chunk, len;
		const void *r = 0;
		if (w == 1) {
			const char *b = (const char *)s + off, *z = memchr(b, 0, n);
			len = z ? (size_t)(z - b) : n;
			if (has_c)
				r = memchr(b, (int)c, len);
		} else {
			const wchar_t *b = (const wchar_t *)s + off;
			len = wcsnlen(b, n);
			if (has_c)
				r = wmemchr(b, (wchar_t)c, len);
		}
		if (r) {
			*term = 1;
			return (size_t)((const char *)r - (const char *)s) / w + 1;
		}
		if (len < n) {
			*term = 1;
			return off + len + 1;
		}
		off += n;
		if (chunk < 65536)
			chunk *= 2;
	}
	*term = 0;
	return max;
}

/* How many of the first max elements of s a scan reads word by word
 * before it turns to libc's scans: 64 bytes (most strings are shorter);
 * all of them for misaligned wide strings, which libc's wide scans do not
 * take. */
ML_ALWAYS_INLINE size_t ml_head(const void *s, size_t max, size_t w)
{
	size_t head = w != 1 && (uptr)s % _Alignof(wchar_t) ? max : 64 / w;
	return head < max ? head : max;
}

/* Elements of s (each w bytes: 1, or sizeof(wchar_t)) a scan reads that
 * stops after the first element equal to c (when has_c), after the 0, or
 * after max elements; head_clear: its head is known to hold neither.
 * *term: stopped at a terminator rather than at max. */
ML_ALWAYS_INLINE size_t ml_plain_until(const void *s, size_t max, size_t w, int has_c, unsigned c,
                                       int paged, int head_clear, int *term)
{
	size_t head = ml_head(s, max, w);
	size_t i = head_clear ? head : ml_find_stop(s, head, w, has_c, c, paged);
	*term = i < head;
	if (i < head || head == max)
		return i < head ? i + 1 : max;
	return ml_chunks_until(s, head, max, w, has_c, c, term);
}

/* Same, never touching an unreadable page (the count then includes the
 * first element that cannot be read). Error paths only. */
static size_t ml_safe_until(const void *s, size_t max, size_t w, int has_c, unsigned c)
{
	uptr page = 1; /* no page starts at 1 */
	for (size_t i = 0; i < max; i++) {
		uptr a = (uptr)s + i * w;
		for (uptr pg = a & ~(uptr)4095; pg <= ((a + w - 1) & ~(uptr)4095); pg += 4096) {
			if (pg == page)
				continue;
			if (!ml_page_readable(pg))
				return i + 1;
			page = pg;
		}
		unsigned e = ml_elem((const char *)a, w);
		if (e == 0 || (has_c && e == c))
			return i + 1;
	}
	return max;
}

/* ml_read_until's general path, with w a constant; head_clear: s is in
 * its live block, whose share of the scan's head holds no terminator. */
ML_ALWAYS_INLINE size_t ml_read_until_body(const void *s, meta_t m, size_t max, size_t w, int has_c,
                                           unsigned c, const char *fn, int head_clear)
{
	uptr lim;
	int term = 0;
	if (max == 0)
		return 0;
	if (ML_LIKELY(ml_live_bound(s, m, &lim))) {
		size_t k = lim / w; /* elements wholly inside the block */
		if (k > max)
			k = max;
		size_t got = k ? ml_plain_until(s, k, w, has_c, c, 0, head_clear, &term) : 0;
		if (!term && k < max) {
			/* No terminator before the block ends: libc reads element
			 * k, which runs past it. */
			ml_access_slow(s, m, (k + 1) * w, 0, fn, ml_caller_site());
			got = k + ml_safe_until((const char *)s + k * w, max - k, w, has_c, c);
		}
		size_t n = got * w;
		if (ML_LOAD(&ml_def_on)) /* (detection mode: nothing to use) */
			ml_use_range(s, m, n < lim ? n : lim, fn);
		return n;
	}
	if (ML_UNLIKELY(ml_bad_start(s, m))) {
		size_t n = (uptr)s < ML_NULL_LIMIT ? 1 : ml_safe_until(s, max, w, has_c, c);
		ml_check(s, m, n * w, 0, fn);
		return n * w;
	}
	return ml_plain_until(s, max, w, has_c, c, 1, 0, &term) * w;
}

__attribute__((noinline)) static size_t ml_read_until_rest(const void *s, meta_t m, size_t max,
                                                           size_t w, int has_c, unsigned c,
                                                           const char *fn, int head_clear)
{
	if (w == 1)
		return ml_read_until_body(s, m, max, 1, has_c, c, fn, head_clear);
	return ml_read_until_body(s, m, max, sizeof(wchar_t), has_c, c, fn, head_clear);
}

/* ml_read_until with w a constant: the common case (detection mode, a
 * string in its live block ending within the scan's head) inline, with no
 * call; anything else on the general path. */
ML_ALWAYS_INLINE size_t ml_read_until_w(const void *s, meta_t m, size_t max, size_t w, int has_c,
                                        unsigned c, const char *fn)
{
	uptr lim;
	int head_clear = 0;
	if (ML_LIKELY(max && ml_live_bound(s, m, &lim) && !ML_LOAD(&ml_def_on))) {
		size_t k = lim / w < max ? lim / w : max, head = ml_head(s, k, w);
		size_t i = ml_find_stop(s, head, w, has_c, c, 0);
		if (i < head)
			return (i + 1) * w;
		head_clear = 1;
	}
	return ml_read_until_rest(s, m, max, w, has_c, c, fn, head_clear);
}

size_t ml_read_until(const void *s, meta_t m, size_t max, size_t w, int has_c, unsigned c,
                     const char *fn)
{
	if (w == 1)
		return ml_read_until_w(s, m, max, 1, has_c, c, fn);
	return ml_read_until_w(s, m, max, sizeof(wchar_t), has_c, c, fn);
}

size_t ml_read_str(const char *s, meta_t m, size_t max, const char *fn)
{
	return ml_read_until_w(s, m, max, 1, 0, 0, fn);
}

int ml_pre_scan(const void *s, meta_t m, size_t w, const char *fn)
{
	if (ML_UNLIKELY(ml_bad_start(s, m))) {
		ml_read_until(s, m, SIZE_MAX, w, 0, 0, fn);
		return 1;
	}
	return 0;
}

size_t ml_mul_sat(size_t a, size_t b)
{
	size_t r;
	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

/* ---- mem* ---- */

/* (inlined into memcpy and memmove: their fixed cost per call) */
__attribute__((always_inline)) inline void ml_copy_checks(void *d, meta_t md, const void *s, meta_t ms,
                                                          size_t n, const char *fn)
{
	ml_check(s, ms, n, 0, fn);
	ml_check(d, md, n, 1, fn);
	if (ML_LOAD(&ml_loss_on) && ((uptr)d + n <= (uptr)s || (uptr)s + n <= (uptr)d))
		ml_loss_release((uptr)d, n, md, __ML_LOSS_ASSIGN);
}

__attribute__((always_inline)) inline void ml_copied(void *d, meta_t md, const void *s, meta_t ms,
                                                     size_t n)
{
	if (ML_LOAD(&ml_def_on)) /* a copy, not a use */
		__ml_def_copy((uptr)d, (uptr)s, n, md, ms, ml_caller_site());
	if (n >= 8) /* pointers inside survive the copy */
		__ml_copy_shadow(d, s, n, md, ms, ml_caller_site());
}

/* memcpy checked, for memcpy and mempcpy (fn) */
static void ml_memcpy_checked(void *d, meta_t md, const void *s, meta_t ms, size_t n, const char *fn)
{
	ml_copy_checks(d, md, s, ms, n, fn);
	if (ML_LOAD(&ml_pck_on)) {
		ml_pck_range(s, n, 0);
		ml_pck_range(d, n, 1);
	}
	memcpy(d, s, n);
	ml_copied(d, md, s, ms, n);
}

void *__ml_memcpy(void *d, const void *s, size_t n)
{
	ML_OWN(__ml_memcpy);
	meta_t md = ML_ARGM(0, d);
	ml_memcpy_checked(d, md, s, ML_ARGM(1, s), n, "memcpy");
	ML_SETRET(__ml_memcpy, md);
	return d;
}

/* A vfork child runs in its parent's memory until it execs or exits: its
 * instrumented calls moved this thread's state (__ml_t, the side stack)
 * under the suspended parent, which then took the child's metas for its
 * own. vfork runs as fork, as under Valgrind: a child that only execs or
 * _exits, as POSIX allows, does the same. */
int __ml_vfork(void)
{
	return fork();
}

/* mempcpy's result lies in its destination, at the end of what it copied:
 * looked up by address, as the result of a function memlens does not see,
 * an end that is the start of the next object named that object (dash's
 * `q = mempcpy(…); q[-1] &= …` was an overflow before nullstr). */
void *__ml_mempcpy(void *d, const void *s, size_t n)
{
	ML_OWN(__ml_mempcpy);
	meta_t md = ML_ARGM(0, d);
	ml_memcpy_checked(d, md, s, ML_ARGM(1, s), n, "mempcpy");
	ML_SETRET(__ml_mempcpy, md);
	return (char *)d + n;
}

void *__ml_memmove(void *d, const void *s, size_t n)
{
	ML_OWN(__ml_memmove);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	ml_copy_checks(d, md, s, ms, n, "memmove");
	if (ML_LOAD(&ml_pck_on)) {
		ml_pck_range(s, n, 0);
		ml_pck_range(d, n, 1);
	}
	memmove(d, s, n);
	ml_copied(d, md, s, ms, n);
	ML_SETRET(__ml_memmove, md);
	return d;
}

void *__ml_memset(void *d, int c, size_t n)
{
	ML_OWN(__ml_memset);
	meta_t md = ML_ARGM(0, d);
	ml_check(d, md, n, 1, "memset");
	if (ML_LOAD(&ml_pck_on))
		ml_pck_range(d, n, 1);
	ml_loss_release((uptr)d, n, md, __ML_LOSS_ASSIGN);
	memset(d, c, n);
	ml_def_clear(d, n);
	ML_SETRET(__ml_memset, md);
	return d;
}

/* All n bytes of both: libc's memcmp may read them all (word at a time). */
int __ml_memcmp(const void *a, const void *b, size_t n)
{
	ML_OWN(__ml_memcmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_check(a, ma, n, 0, "memcmp");
	ml_check(b, mb, n, 0, "memcmp");
	if (ML_LOAD(&ml_def_on)) {
		/* the result depends on the bytes up to the first that differs
		 * only (Valgrind's rule): dash compares a short string's bytes
		 * with "@\"" and its buffer's unwritten ones never decide */
		const unsigned char *x = a, *y = b;
		size_t k = 0;
		while (k < n && x[k] == y[k])
			k++;
		k += k < n;
		ml_use_range(a, ma, k, "memcmp");
		ml_use_range(b, mb, k, "memcmp");
	}
	return memcmp(a, b, n);
}

void *__ml_memchr(const void *s, int c, size_t n)
{
	ML_OWN(__ml_memchr);
	meta_t ms = ML_ARGM(0, s);
	size_t k = n;
	uptr lim;
	const char *r = 0;
	int found = 0; /* r is libc's answer */
	/* The scan stops at the match: only a match-less overrun is a bug. */
	if (n && ml_live_bound(s, ms, &lim)) {
		r = memchr(s, c, n < lim ? n : lim);
		found = r || n <= lim;
		if (r)
			k = (size_t)(r - (const char *)s) + 1;
	}
	ml_check(s, ms, k, 0, "memchr");
	ml_use_range(s, ms, k, "memchr");
	if (!found)
		r = memchr(s, c, n);
	ML_SETRET(__ml_memchr, r ? ms : __ML_NULL);
	return (void *)r;
}

void *__ml_memrchr(const void *s, int c, size_t n)
{
	ML_OWN(__ml_memrchr);
	meta_t ms = ML_ARGM(0, s);
	ml_check(s, ms, n, 0, "memrchr"); /* scans from the end */
	ml_use_range(s, ms, n, "memrchr");
	void *r = memrchr(s, c, n);
	ML_SETRET(__ml_memrchr, r ? ms : __ML_NULL);
	return r;
}

/* ---- string copies ---- */

char *__ml_strcpy(char *d, const char *s)
{
	ML_OWN(__ml_strcpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t n = ml_read_str(s, ms, SIZE_MAX, "strcpy");
	ml_check(d, md, n, 1, "strcpy");
	strcpy(d, s);
	ml_def_clear(d, n);
	ML_SETRET(__ml_strcpy, md);
	return d;
}

char *__ml_stpcpy(char *d, const char *s)
{
	ML_OWN(__ml_stpcpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t n = ml_read_str(s, ms, SIZE_MAX, "stpcpy");
	ml_check(d, md, n, 1, "stpcpy");
	char *r = stpcpy(d, s);
	ml_def_clear(d, n);
	ML_SETRET(__ml_stpcpy, md);
	return r;
}

/* strncpy writes exactly n bytes (padding with NULs). */
char *__ml_strncpy(char *d, const char *s, size_t n)
{
	ML_OWN(__ml_strncpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	ml_read_str(s, ms, n, "strncpy");
	ml_check(d, md, n, 1, "strncpy");
	strncpy(d, s, n);
	ml_def_clear(d, n);
	ML_SETRET(__ml_strncpy, md);
	return d;
}

char *__ml_stpncpy(char *d, const char *s, size_t n)
{
	ML_OWN(__ml_stpncpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	ml_read_str(s, ms, n, "stpncpy");
	ml_check(d, md, n, 1, "stpncpy");
	char *r = stpncpy(d, s, n);
	ml_def_clear(d, n);
	ML_SETRET(__ml_stpncpy, md);
	return r;
}

char *__ml_strcat(char *d, const char *s)
{
	ML_OWN(__ml_strcat);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t dn = ml_read_str(d, md, SIZE_MAX, "strcat");
	size_t sn = ml_read_str(s, ms, SIZE_MAX, "strcat");
	ml_check(d + dn - 1, md, sn, 1, "strcat"); /* from d's NUL on */
	strcat(d, s);
	ml_def_clear(d + dn - 1, sn);
	ML_SETRET(__ml_strcat, md);
	return d;
}

/* strncat appends at most n bytes of s, then always a NUL. */
char *__ml_strncat(char *d, const char *s, size_t n)
{
	ML_OWN(__ml_strncat);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t dn = ml_read_str(d, md, SIZE_MAX, "strncat");
	ml_read_str(s, ms, n, "strncat");
	size_t sl = strnlen(s, n);
	ml_check(d + dn - 1, md, sl + 1, 1, "strncat");
	strncat(d, s, n);
	ml_def_clear(d + dn - 1, sl + 1);
	ML_SETRET(__ml_strncat, md);
	return d;
}

/* ---- string reads ---- */

size_t __ml_strlen(const char *s)
{
	ML_OWN(__ml_strlen);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_until_w(s, ms, SIZE_MAX, 1, 0, 0, "strlen");
	if (ML_LIKELY((uptr)s >= ML_NULL_LIMIT && s[k - 1] == 0))
		return k - 1;
	return strlen(s); /* as the program would (it may fault) */
}

size_t __ml_strnlen(const char *s, size_t n)
{
	ML_OWN(__ml_strnlen);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_until_w(s, ms, n, 1, 0, 0, "strnlen");
	if (ML_LIKELY(k > 0 && (uptr)s >= ML_NULL_LIMIT && s[k - 1] == 0))
		return k - 1;
	return strnlen(s, n);
}

/* A compare's pointers not both inside live blocks: a bad one (NULL, freed,
 * outside its block) is read as a string and reported (1). */
static int ml_cmp_bad_starts(const void *a, meta_t ma, const void *b, meta_t mb, size_t max,
                             size_t w, const char *fn)
{
	int bad = 0;
	if (ml_bad_start(a, ma)) {
		ml_read_until(a, ma, max, w, 0, 0, fn);
		bad = 1;
	}
	if (ml_bad_start(b, mb)) {
		ml_read_until(b, mb, max, w, 0, 0, fn);
		bad = 1;
	}
	return bad;
}

/* A compare equal and unterminated up to a block's end, the first element
 * not wholly inside a (la) or b (lb): libc reads on past it, which is
 * reported first. The index where the compare stops. */
ML_SLOW static size_t ml_cmp_past_end(const void *a, meta_t ma, uptr la, const void *b, meta_t mb,
                                      uptr lb, size_t max, size_t w, int icase, const char *fn)
{
	const site_t *site = ml_caller_site();
	for (size_t i = la < lb ? la : lb;; i++) {
		if (i == la)
			ml_access_slow(a, ma, (la + 1) * w, 0, fn, site);
		if (i == lb)
			ml_access_slow(b, mb, (lb + 1) * w, 0, fn, site);
		const char *pa = (const char *)a + i * w, *pb = (const char *)b + i * w;
		if (ml_cmp_stops(pa, pb, w, icase) || i + 1 == max)
			return i;
	}
}

/* Comparisons read both strings (elements of w bytes) up to the first
 * difference or 0, at most max elements. The wide ones also use what they
 * read (full mode); the narrow ones have not been made to yet. Returns
 * the index where the compare stopped when the scan found it without
 * running past a block (max: equal throughout), else ML_CMP_UNKNOWN. This
 * is the general path, with w a constant. */
#define ML_CMP_UNKNOWN SIZE_MAX
ML_ALWAYS_INLINE size_t ml_read_cmp_body(const void *a, meta_t ma, const void *b, meta_t mb,
                                         size_t max, size_t w, int icase, const char *fn)
{
	uptr la, lb;
	if (max == 0)
		return max;
	int ka = ml_live_bound(a, ma, &la), kb = ml_live_bound(b, mb, &lb);
	if (!(ka & kb) && ml_cmp_bad_starts(a, ma, b, mb, max, w, fn))
		return ML_CMP_UNKNOWN;
	la = ka ? la / w : SIZE_MAX; /* the first element not wholly inside */
	lb = kb ? lb / w : SIZE_MAX;
	int use = w != 1 && ML_LOAD(&ml_def_on);
	if (!use && la >= max && lb >= max)
		return ML_CMP_UNKNOWN; /* both blocks hold every element the compare can read */
	size_t n = max < la ? max : la;
	if (lb < n)
		n = lb;
	size_t i = ml_find_diff(a, b, n, w, icase, !(ka & kb)), found = i;
	if (i == n && n < max) {
		i = ml_cmp_past_end(a, ma, la, b, mb, lb, max, w, icase, fn);
		found = ML_CMP_UNKNOWN;
	}
	if (use) {
		size_t k = i < max ? i + 1 : max; /* elements read */
		if (ka)
			ml_use_range(a, ma, (k < la ? k : la) * w, fn);
		if (kb)
			ml_use_range(b, mb, (k < lb ? k : lb) * w, fn);
	}
	return found;
}

__attribute__((noinline)) static size_t ml_read_cmp_rest(const void *a, meta_t ma, const void *b,
                                                         meta_t mb, size_t max, size_t w, int icase,
                                                         const char *fn)
{
	if (w == 1)
		return ml_read_cmp_body(a, ma, b, mb, max, 1, icase, fn);
	return ml_read_cmp_body(a, ma, b, mb, max, sizeof(wchar_t), icase, fn);
}

/* ml_read_cmp_body's common case inline, with no call: both strings in
 * their live blocks, the compare stopping inside both (or at max), nothing
 * to use. */
ML_ALWAYS_INLINE size_t ml_read_cmp_w(const void *a, meta_t ma, const void *b, meta_t mb, size_t max,
                                      size_t w, int icase, const char *fn)
{
	uptr la, lb;
	if (ML_LIKELY(ml_live_bound(a, ma, &la) && ml_live_bound(b, mb, &lb) &&
	              (w == 1 || !ML_LOAD(&ml_def_on)))) {
		la /= w;
		lb /= w;
		if (la >= max && lb >= max)
			return ML_CMP_UNKNOWN; /* both blocks hold every element the compare can read */
		size_t n = max < la ? max : la;
		if (lb < n)
			n = lb;
		size_t i = ml_find_diff(a, b, n, w, icase, 0);
		if (i < n || n == max)
			return i;
	}
	return ml_read_cmp_rest(a, ma, b, mb, max, w, icase, fn);
}

void ml_read_cmp(const void *a, meta_t ma, const void *b, meta_t mb, size_t max, size_t w,
                 int icase, const char *fn)
{
	if (w == 1)
		ml_read_cmp_w(a, ma, b, mb, max, 1, icase, fn);
	else
		ml_read_cmp_w(a, ma, b, mb, max, sizeof(wchar_t), icase, fn);
}

/* What strcmp and strncmp return where the strings differ (or end) at i,
 * in glibc and musl alike: the bytes' difference as unsigned chars. */
static inline int ml_byte_diff(const char *a, const char *b, size_t i)
{
	return (int)((const unsigned char *)a)[i] - (int)((const unsigned char *)b)[i];
}

int __ml_strcmp(const char *a, const char *b)
{
	ML_OWN(__ml_strcmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	size_t i = ml_read_cmp_w(a, ma, b, mb, SIZE_MAX, 1, 0, "strcmp");
	if (i != ML_CMP_UNKNOWN)
		return ml_byte_diff(a, b, i);
	return strcmp(a, b);
}

int __ml_strncmp(const char *a, const char *b, size_t n)
{
	ML_OWN(__ml_strncmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	size_t i = ml_read_cmp_w(a, ma, b, mb, n, 1, 0, "strncmp");
	if (i != ML_CMP_UNKNOWN)
		return i < n ? ml_byte_diff(a, b, i) : 0;
	return strncmp(a, b, n);
}

int __ml_strcasecmp(const char *a, const char *b)
{
	ML_OWN(__ml_strcasecmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_read_cmp(a, ma, b, mb, SIZE_MAX, 1, 1, "strcasecmp");
	return strcasecmp(a, b);
}

int __ml_strncasecmp(const char *a, const char *b, size_t n)
{
	ML_OWN(__ml_strncasecmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_read_cmp(a, ma, b, mb, n, 1, 1, "strncasecmp");
	return strncasecmp(a, b, n);
}

/* strcoll transforms both strings whole. */
int __ml_strcoll(const char *a, const char *b)
{
	ML_OWN(__ml_strcoll);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_read_str(a, ma, SIZE_MAX, "strcoll");
	ml_read_str(b, mb, SIZE_MAX, "strcoll");
	return strcoll(a, b);
}

char *__ml_strchr(const char *s, int c)
{
	ML_OWN(__ml_strchr);
	meta_t ms = ML_ARGM(0, s);
	unsigned char u = (unsigned char)c;
	size_t k = ml_read_until_w(s, ms, SIZE_MAX, 1, u != 0, u, "strchr");
	char *r;
	if (ML_LIKELY((uptr)s >= ML_NULL_LIMIT && (s[k - 1] == (char)u || s[k - 1] == 0)))
		r = s[k - 1] == (char)u ? (char *)s + k - 1 : 0; /* where the scan stopped */
	else
		r = strchr(s, c); /* as the program would (it may fault) */
	ML_SETRET(__ml_strchr, r ? ms : __ML_NULL);
	return r;
}

char *__ml_strrchr(const char *s, int c)
{
	ML_OWN(__ml_strrchr);
	meta_t ms = ML_ARGM(0, s);
	ml_read_str(s, ms, SIZE_MAX, "strrchr");
	char *r = strrchr(s, c);
	ML_SETRET(__ml_strrchr, r ? ms : __ML_NULL);
	return r;
}

char *__ml_strstr(const char *h, const char *n)
{
	ML_OWN(__ml_strstr);
	meta_t mh = ML_ARGM(0, h), mn = ML_ARGM(1, n);
	size_t kn = ml_read_str(n, mn, SIZE_MAX, "strstr");
	int bad = ml_pre_scan(h, mh, 1, "strstr");
	char *r = strstr(h, n);
	if (!bad)
		ml_check(h, mh, r ? (size_t)(r - h) + kn - 1 : strlen(h) + 1, 0, "strstr");
	ML_SETRET(__ml_strstr, r ? mh : __ML_NULL);
	return r;
}

char *__ml_strpbrk(const char *s, const char *accept)
{
	ML_OWN(__ml_strpbrk);
	meta_t ms = ML_ARGM(0, s), ma = ML_ARGM(1, accept);
	ml_read_str(accept, ma, SIZE_MAX, "strpbrk");
	int bad = ml_pre_scan(s, ms, 1, "strpbrk");
	char *r = strpbrk(s, accept);
	if (!bad)
		ml_check(s, ms, r ? (size_t)(r - s) + 1 : strlen(s) + 1, 0, "strpbrk");
	ML_SETRET(__ml_strpbrk, r ? ms : __ML_NULL);
	return r;
}

size_t __ml_strspn(const char *s, const char *accept)
{
	ML_OWN(__ml_strspn);
	meta_t ms = ML_ARGM(0, s), ma = ML_ARGM(1, accept);
	ml_read_str(accept, ma, SIZE_MAX, "strspn");
	int bad = ml_pre_scan(s, ms, 1, "strspn");
	size_t r = strspn(s, accept);
	if (!bad)
		ml_check(s, ms, r + 1, 0, "strspn");
	return r;
}

size_t __ml_strcspn(const char *s, const char *reject)
{
	ML_OWN(__ml_strcspn);
	meta_t ms = ML_ARGM(0, s), mr = ML_ARGM(1, reject);
	ml_read_str(reject, mr, SIZE_MAX, "strcspn");
	int bad = ml_pre_scan(s, ms, 1, "strcspn");
	size_t r = strcspn(s, reject);
	if (!bad)
		ml_check(s, ms, r + 1, 0, "strcspn");
	return r;
}

/* The pure entries (memlens.h's __ml_pure_): the caller's handover to
 * __ml_<name>, in __ml_t, made here. Their writes are the runtime's own
 * words, which the caller's code never reads: the callee tag is consumed
 * at once, and every call or report sets its own argument words and site. */
static inline void ml_hand_arg(unsigned i, meta_t m, const site_t *site, prov_t w)
{
	__ml_t.arg[i] = m;
	__ml_t.argsite[i] = site;
	__ml_t.argprov[i] = w;
}

static inline void ml_hand_call(uptr self, const site_t *site)
{
	__ml_at_caller(site);
	__ml_t.callee = self;
}

#define ML_PTR_PARAM(i) meta_t m##i, const site_t *s##i, prov_t w##i
#define ML_PURE_CALL(name, ...)                    \
	ml_hand_call((uptr)&__ml_##name, site); \
	return __ml_##name(__VA_ARGS__)
/* One pointer argument s, then the others' types X and Y. */
#define ML_PURE1(R, name, S)                                                          \
	R __ml_pure_##name(S s, ML_PTR_PARAM(0), const site_t *site)                   \
	{                                                                               \
		ml_hand_arg(0, m0, s0, w0);                                             \
		ML_PURE_CALL(name, s);                                                  \
	}
#define ML_PURE1X(R, name, S, X)                                                      \
	R __ml_pure_##name(S s, X x, ML_PTR_PARAM(0), const site_t *site)              \
	{                                                                               \
		ml_hand_arg(0, m0, s0, w0);                                             \
		ML_PURE_CALL(name, s, x);                                               \
	}
#define ML_PURE1XY(R, name, S, X, Y)                                                  \
	R __ml_pure_##name(S s, X x, Y y, ML_PTR_PARAM(0), const site_t *site)         \
	{                                                                               \
		ml_hand_arg(0, m0, s0, w0);                                             \
		ML_PURE_CALL(name, s, x, y);                                            \
	}
/* Two pointer arguments a and b. */
#define ML_PURE2(R, name, S)                                                          \
	R __ml_pure_##name(S a, S b, ML_PTR_PARAM(0), ML_PTR_PARAM(1), const site_t *site) \
	{                                                                               \
		ml_hand_arg(0, m0, s0, w0);                                             \
		ml_hand_arg(1, m1, s1, w1);                                             \
		ML_PURE_CALL(name, a, b);                                               \
	}
#define ML_PURE2X(R, name, S, X)                                                      \
	R __ml_pure_##name(S a, S b, X x, ML_PTR_PARAM(0), ML_PTR_PARAM(1), const site_t *site) \
	{                                                                               \
		ml_hand_arg(0, m0, s0, w0);                                             \
		ml_hand_arg(1, m1, s1, w1);                                             \
		ML_PURE_CALL(name, a, b, x);                                            \
	}

ML_PURE1(size_t, strlen, const char *)
ML_PURE1X(size_t, strnlen, const char *, size_t)
ML_PURE1X(char *, strchr, const char *, int)
ML_PURE1X(char *, strrchr, const char *, int)
ML_PURE1XY(void *, memchr, const void *, int, size_t)
ML_PURE1XY(void *, memrchr, const void *, int, size_t)
ML_PURE2(int, strcmp, const char *)
ML_PURE2(int, strcasecmp, const char *)
ML_PURE2(int, strcoll, const char *)
ML_PURE2(char *, strstr, const char *)
ML_PURE2(char *, strpbrk, const char *)
ML_PURE2(size_t, strspn, const char *)
ML_PURE2(size_t, strcspn, const char *)
ML_PURE2X(int, strncmp, const char *, size_t)
ML_PURE2X(int, strncasecmp, const char *, size_t)
ML_PURE2X(int, memcmp, const void *, size_t)

/* strtok_r on behalf of both tokenizers: start is the string being cut
 * (s, or the saved position), mstart its meta. */
static char *ml_strtok(char *s, const char *delim, char **save, meta_t ms, meta_t md,
                       meta_t *mout, const char *fn)
{
	ml_read_str(delim, md, SIZE_MAX, fn);
	char *start = s ? s : *save;
	meta_t mstart = s ? ms : *mout;
	if (!start) {
		/* strtok(NULL, ...) before any string: glibc dereferences it. */
		ml_check(start, __ML_NULL, 1, 0, fn);
		return strtok_r(s, delim, save);
	}
	int bad = ml_pre_scan(start, mstart, 1, fn);
	char *r = strtok_r(s, delim, save);
	if (!bad) {
		if (r) {
			char *end = r + strlen(r);
			ml_check(start, mstart, (size_t)(end - start) + 1, 0, fn);
			if (*save == end + 1) /* the delimiter became the NUL */
				ml_check(end, mstart, 1, 1, fn);
		} else {
			ml_check(start, mstart, strlen(start) + 1, 0, fn);
		}
	}
	*mout = mstart;
	return r;
}

/* Tokenizes with a per-thread position (libc's strtok keeps a global one;
 * per-thread is what every correct program can tell apart from it). */
static __thread char *ml_strtok_save;

char *__ml_strtok(char *s, const char *delim)
{
	ML_OWN(__ml_strtok);
	meta_t ms = ML_ARGM(0, s), md = ML_ARGM(1, delim);
	char *r = ml_strtok(s, delim, &ml_strtok_save, ms, md, &ml_tls.strtok_meta, "strtok");
	ML_SETRET(__ml_strtok, r ? ml_tls.strtok_meta : __ML_NULL);
	return r;
}

char *__ml_strtok_r(char *s, const char *delim, char **save)
{
	ML_OWN(__ml_strtok_r);
	meta_t ms = ML_ARGM(0, s), md = ML_ARGM(1, delim), msave = ML_ARGM(2, save);
	ml_check(save, msave, sizeof *save, 1, "strtok_r"); /* read (s == NULL) and written */
	meta_t mpos = s ? ms : ml_load_ptr((void *const *)save, *save, msave);
	char *r = ml_strtok(s, delim, save, ms, md, &mpos, "strtok_r");
	ml_store_ptr(save, *save, *save ? mpos : __ML_NULL, msave, __ML_GEN_EXTERN);
	ML_SETRET(__ml_strtok_r, r ? mpos : __ML_NULL);
	return r;
}

/* ---- formatted output ---- */

/* A read of string s whose length the caller does not need. A string in
 * no known block at a sound start (a literal argument of a variadic call
 * has the WILD meta) has nothing to check: its scan would only measure it. */
static inline void ml_check_str(const char *s, meta_t m, size_t max, const char *fn)
{
	if (!ml_unknown_block(s, m))
		ml_read_str(s, m, max, fn);
}

/* Is c one of a conversion's flags (-+ #0'I)? */
static inline int ml_format_flag(char c)
{
	const uint64_t flags = 1ULL << (' ' - ' ') | 1ULL << ('#' - ' ') | 1ULL << ('\'' - ' ') |
	                       1ULL << ('+' - ' ') | 1ULL << ('-' - ' ') | 1ULL << ('0' - ' ') |
	                       1ULL << ('I' - ' ');
	unsigned i = (unsigned char)c - (unsigned)' ';
	return i < 64 && (flags >> i & 1);
}

/* What a printf-family call reads or writes in caller memory: fmt itself
 * (meta mf), then its conversions' %s strings (up to the precision) and %n
 * targets. The variadic arguments are the call's from position first on;
 * their metas come from the caller when it passed them (own), from the
 * address otherwise. Positional arguments (%1$s) and unknown conversions
 * end the walk. */
static void ml_check_format(const char *fmt, meta_t mf, va_list ap, int own, unsigned first,
                            const char *fn)
{
	ml_check_str(fmt, mf, SIZE_MAX, fn);
	va_list a;
	va_copy(a, ap);
	unsigned argi = first;
	for (const char *p = fmt; *p; p++) {
		if (*p != '%')
			continue;
		if (*++p == '%')
			continue;
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == '$')
			break;
		while (ml_format_flag(*p))
			p++;
		if (*p == '*') {
			(void)va_arg(a, int);
			argi++;
			p++;
		}
		while (*p >= '0' && *p <= '9')
			p++;
		size_t prec = SIZE_MAX;
		if (*p == '.') {
			p++;
			if (*p == '*') {
				int v = va_arg(a, int);
				argi++;
				p++;
				if (v >= 0)
					prec = (size_t)v;
			} else {
				prec = 0;
				while (*p >= '0' && *p <= '9')
					prec = prec * 10 + (size_t)(*p++ - '0');
			}
		}
		int lng = 0, ldbl = 0;
		for (;; p++) {
			if (*p == 'h')
				continue;
			if (*p == 'l' || *p == 'q' || *p == 'j' || *p == 'z' || *p == 'Z' || *p == 't')
				lng++;
			else if (*p == 'L')
				ldbl = 1;
			else
				break;
		}
		switch (*p) {
		case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'c': case 'C':
			if (lng)
				(void)va_arg(a, long);
			else
				(void)va_arg(a, int);
			break;
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
			if (ldbl)
				(void)va_arg(a, long double);
			else
				(void)va_arg(a, double);
			break;
		case 'p': case 'S':
			(void)va_arg(a, void *);
			break;
		case 's': {
			const char *str = va_arg(a, const char *);
			if (str && !lng) /* glibc prints NULL as (null) */
				ml_check_str(str, own && argi < __ML_MAX_ARGS ? __ml_t.arg[argi] : __ml_meta_of(str), prec, fn);
			break;
		}
		case 'n': {
			void *w = va_arg(a, void *);
			ml_check(w, own && argi < __ML_MAX_ARGS ? __ml_t.arg[argi] : __ml_meta_of(w), sizeof(int), 1, fn);
			ml_def_clear(w, sizeof(int));
			break;
		}
		case 'm': /* strerror(errno): no argument */
			continue;
		default:
			goto done;
		}
		argi++;
	}
done:
	va_end(a);
}

static int ml_vsprintf_checked(char *buf, meta_t mb, size_t n, int bounded, const char *fmt,
                               meta_t mf, int own, unsigned first, va_list ap, const char *fn)
{
	va_list ap2;
	ml_check_format(fmt, mf, ap, own, first, fn);
	/* Measure first, check, then write; unless the block holds all n bytes
	 * snprintf may write. */
	if (!bounded || (n > 0 && !ml_access_ok(buf, mb, n, 1))) {
		va_copy(ap2, ap);
		int need = vsnprintf(0, 0, fmt, ap2);
		va_end(ap2);
		if (need >= 0) {
			size_t w = (size_t)need + 1;
			if (bounded && n < w)
				w = n;
			ml_check(buf, mb, w, 1, fn);
		}
	}
	int r = bounded ? vsnprintf(buf, n, fmt, ap) : vsprintf(buf, fmt, ap);
	if (r >= 0 && (!bounded || n > 0))
		ml_def_clear(buf, bounded && (size_t)r >= n ? n : (size_t)r + 1);
	return r;
}

int __ml_sprintf(char *buf, const char *fmt, ...)
{
	ML_OWN(__ml_sprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(1, fmt);
	va_list ap;
	va_start(ap, fmt);
	int r = ml_vsprintf_checked(buf, mb, 0, 0, fmt, mf, own_, 2, ap, "sprintf");
	va_end(ap);
	return r;
}

int __ml_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	ML_OWN(__ml_snprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, fmt);
	va_list ap;
	va_start(ap, fmt);
	int r = ml_vsprintf_checked(buf, mb, n, 1, fmt, mf, own_, 3, ap, "snprintf");
	va_end(ap);
	return r;
}

int __ml_vsprintf(char *buf, const char *fmt, __builtin_va_list ap)
{
	ML_OWN(__ml_vsprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(1, fmt);
	return ml_vsprintf_checked(buf, mb, 0, 0, fmt, mf, 0, 0, ap, "vsprintf");
}

int __ml_vsnprintf(char *buf, size_t n, const char *fmt, __builtin_va_list ap)
{
	ML_OWN(__ml_vsnprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, fmt);
	return ml_vsprintf_checked(buf, mb, n, 1, fmt, mf, 0, 0, ap, "vsnprintf");
}

int __ml_printf(const char *fmt, ...)
{
	ML_OWN(__ml_printf);
	meta_t mf = ML_ARGM(0, fmt);
	va_list ap;
	va_start(ap, fmt);
	ml_check_format(fmt, mf, ap, own_, 1, "printf");
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}

int __ml_fprintf(void *f, const char *fmt, ...)
{
	ML_OWN(__ml_fprintf);
	meta_t mfile = ML_ARGM(0, f), mf = ML_ARGM(1, fmt);
	va_list ap;
	va_start(ap, fmt);
	ml_check_file(f, mfile, "fprintf");
	ml_check_format(fmt, mf, ap, own_, 2, "fprintf");
	int r = vfprintf((FILE *)f, fmt, ap);
	va_end(ap);
	return r;
}

int __ml_vprintf(const char *fmt, __builtin_va_list ap)
{
	ML_OWN(__ml_vprintf);
	ml_check_format(fmt, ML_ARGM(0, fmt), ap, 0, 0, "vprintf");
	return vprintf(fmt, ap);
}

int __ml_vfprintf(void *f, const char *fmt, __builtin_va_list ap)
{
	ML_OWN(__ml_vfprintf);
	ml_check_file(f, ML_ARGM(0, f), "vfprintf");
	ml_check_format(fmt, ML_ARGM(1, fmt), ap, 0, 0, "vfprintf");
	return vfprintf((FILE *)f, fmt, ap);
}

/* ---- stdio and fds ---- */

char *__ml_fgets(char *buf, int n, void *f)
{
	ML_OWN(__ml_fgets);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, f);
	ml_check_file(f, mf, "fgets");
	if (n > 0)
		ml_check(buf, mb, (size_t)n, 1, "fgets");
	char *r = fgets(buf, n, (FILE *)f);
	if (r)
		ml_def_clear(buf, strlen(buf) + 1);
	ML_SETRET(__ml_fgets, r ? mb : __ML_NULL);
	return r;
}

size_t __ml_fread(void *p, size_t sz, size_t nm, void *f)
{
	ML_OWN(__ml_fread);
	meta_t mp = ML_ARGM(0, p), mf = ML_ARGM(3, f);
	ml_check_file(f, mf, "fread");
	ml_check(p, mp, ml_mul_sat(sz, nm), 1, "fread");
	size_t r = fread(p, sz, nm, (FILE *)f);
	ml_def_clear(p, ml_mul_sat(sz, r));
	return r;
}

size_t __ml_fwrite(const void *p, size_t sz, size_t nm, void *f)
{
	ML_OWN(__ml_fwrite);
	meta_t mp = ML_ARGM(0, p), mf = ML_ARGM(3, f);
	ml_check_file(f, mf, "fwrite");
	ml_check(p, mp, ml_mul_sat(sz, nm), 0, "fwrite");
	ml_use_range(p, mp, ml_mul_sat(sz, nm), "fwrite");
	return fwrite(p, sz, nm, (FILE *)f);
}

long __ml_read(int fd, void *buf, size_t n)
{
	ML_OWN(__ml_read);
	meta_t mb = ML_ARGM(1, buf);
	ml_check(buf, mb, n, 1, "read");
	long r = read(fd, buf, n);
	if (r > 0)
		ml_def_clear(buf, (size_t)r);
	return r;
}

long __ml_write(int fd, const void *buf, size_t n)
{
	ML_OWN(__ml_write);
	meta_t mb = ML_ARGM(1, buf);
	ml_check(buf, mb, n, 0, "write");
	ml_use_range(buf, mb, n, "write");
	return write(fd, buf, n);
}

/* getline/getdelim realloc *lineptr: it must be NULL or a live heap block
 * (validated as realloc would), and *n must not claim more room than the
 * block has. The new buffer is a heap block with its record (libc
 * allocates it through our malloc/realloc). */
static long ml_getdelim(char **lp, size_t *np, int delim, void *f, meta_t mlp, meta_t mnp,
                        meta_t mf, const char *fn)
{
	if (!lp || !np) /* glibc: EINVAL, no dereference */
		return getdelim(lp, np, delim, (FILE *)f);
	ml_check(lp, mlp, sizeof *lp, 1, fn);
	ml_check(np, mnp, sizeof *np, 1, fn);
	ml_check_file(f, mf, fn);

	char *old = *lp;
	size_t n0 = *np;
	uint64_t cap = 0;
	meta_t mold = ml_load_ptr((void *const *)lp, old, mlp);
	if (old && !ml_check_realloc_arg(old, mold, fn, &cap)) {
		/* Do not let libc realloc a bad pointer: read into a fresh
		 * buffer; the bad one is dropped. */
		char *tmp = 0;
		size_t tn = 0;
		long r = getdelim(&tmp, &tn, delim, (FILE *)f);
		*lp = tmp;
		*np = tn;
		ml_store_ptr(lp, tmp, __ml_metar((uptr)tmp), mlp, __ML_GEN_ALLOC);
		return r;
	}
	int clamped = 0;
	if (old && n0 > cap) {
		/* libc would write up to *n bytes into a smaller block: report,
		 * and let it see the real size so it reallocs instead. */
		ml_check(old, mold, n0, 1, fn);
		*np = (size_t)cap;
		clamped = 1;
	}
	long r = getdelim(lp, np, delim, (FILE *)f);
	char *now = *lp;
	ml_def_clear(lp, sizeof *lp);
	ml_def_clear(np, sizeof *np);
	if (now && r >= 0)
		ml_def_clear(now, (size_t)r + 1);
	if (now != old)
		ml_store_ptr(lp, now, __ml_metar((uptr)now), mlp, __ML_GEN_ALLOC); /* the program's now */
	else if (clamped && *np == cap)
		*np = n0; /* unchanged buffer: the program keeps its own view */
	return r;
}

long __ml_getline(char **lp, size_t *np, void *f)
{
	ML_OWN(__ml_getline);
	meta_t mlp = ML_ARGM(0, lp), mnp = ML_ARGM(1, np), mf = ML_ARGM(2, f);
	return ml_getdelim(lp, np, '\n', f, mlp, mnp, mf, "getline");
}

long __ml_getdelim(char **lp, size_t *np, int delim, void *f)
{
	ML_OWN(__ml_getdelim);
	meta_t mlp = ML_ARGM(0, lp), mnp = ML_ARGM(1, np), mf = ML_ARGM(3, f);
	return ml_getdelim(lp, np, delim, f, mlp, mnp, mf, "getdelim");
}

int __ml_puts(const char *s)
{
	ML_OWN(__ml_puts);
	meta_t ms = ML_ARGM(0, s);
	ml_read_str(s, ms, SIZE_MAX, "puts");
	return puts(s);
}

int __ml_fputs(const char *s, void *f)
{
	ML_OWN(__ml_fputs);
	meta_t ms = ML_ARGM(0, s), mf = ML_ARGM(1, f);
	ml_check_file(f, mf, "fputs");
	ml_read_str(s, ms, SIZE_MAX, "fputs");
	return fputs(s, (FILE *)f);
}

/* ---- sorting and searching ---- */

/* A comparator called by libc on behalf of instrumented code gets the
 * metas of its arguments the way an instrumented caller would pass them:
 * each argument inside the array has the array's meta. */
struct ml_cmp_ctx {
	int (*cmp)(const void *, const void *);
	uptr lo, hi;      /* the array */
	meta_t m;         /* its meta */
	const void *key;  /* bsearch: the key and its meta */
	meta_t mkey;
	const site_t *site; /* the call of qsort or bsearch */
	prov_t w, wkey;   /* the provenance of the array and of the key */
	int (*cmp_r)(const void *, const void *, void *); /* qsort_r: the comparator instead, */
	void *arg;        /* its argument, */
	meta_t marg;      /* that argument's meta */
	prov_t warg;      /* and provenance */
	prov_t step;      /* ml_cmp_tramp: the step of the array's word at the call, */
	struct __ml_step *stepat; /* the thread's next slot after it, */
	uptr stepbase;    /* in the lap of this base (__ml_t.stepbase) */
};

static meta_t ml_cmp_arg(const struct ml_cmp_ctx *c, const void *p, unsigned i)
{
	__ml_t.argsite[i] = c->site;
	if ((uptr)p >= c->lo && (uptr)p < c->hi) {
		__ml_t.argprov[i] = c->w;
		return c->m;
	}
	if (c->key && p == c->key) {
		__ml_t.argprov[i] = c->wkey;
		return c->mkey;
	}
	__ml_t.argprov[i] = __ML_GEN_EXTERN;
	return __ml_meta_of(p); /* a libc that compares copies */
}

static int ml_cmp_call(const struct ml_cmp_ctx *c, const void *a, const void *b)
{
	__ml_t.arg[0] = ml_cmp_arg(c, a, 0);
	__ml_t.arg[1] = ml_cmp_arg(c, b, 1);
	if (c->cmp_r) {
		__ml_t.arg[2] = c->marg;
		__ml_t.argprov[2] = c->warg;
		__ml_t.argsite[2] = c->site;
		__ml_t.callee = (uptr)c->cmp_r;
		return c->cmp_r(a, b, c->arg);
	}
	__ml_t.callee = (uptr)c->cmp;
	return c->cmp(a, b);
}

/* qsort's comparator, called for every comparison: both elements in the
 * array (all but a libc that compares copies) take the array's words with
 * no test more; anything else is ml_cmp_call's. Both take one step of the
 * array's word at the call of qsort, made here, not left pending for each
 * comparator's copy of each argument to make its own (two ring entries a
 * comparison alike but for their ids), and made again once the thread has
 * put another step into the ring (or its chunk of ids is used up: in a
 * program counting statements, a chunk a step, each with its clock): it is
 * the thread's newest step whenever a comparison takes it, as the
 * comparison's own would be, so it is lost in a lap no sooner. */
static int ml_cmp_tramp(const void *a, const void *b, void *ctx)
{
	struct ml_cmp_ctx *c = ctx;
	uptr len = c->hi - c->lo;
	if (ML_LIKELY(!c->cmp_r && (uptr)a - c->lo < len && (uptr)b - c->lo < len)) {
		meta_t m = c->m;
		prov_t w = c->step;
		if (ML_UNLIKELY(c->stepat != __ml_t.stepat || c->stepbase != __ml_t.stepbase ||
		                __ml_t.stepat == __ml_t.stepend)) {
			if (!c->site)
				w = c->w;
			else if (!ML_LOAD(&__ml_explain))
				w = 0; /* (what the step would give) */
			else {
				c->step = w = ml_step(c->site, c->w);
				c->stepat = __ml_t.stepat;
				c->stepbase = __ml_t.stepbase;
			}
		}
		__ml_t.arg[0] = m;
		__ml_t.argsite[0] = 0;
		__ml_t.argprov[0] = w;
		__ml_t.arg[1] = m;
		__ml_t.argsite[1] = 0;
		__ml_t.argprov[1] = w;
		__ml_t.callee = (uptr)c->cmp;
		return c->cmp(a, b);
	}
	return ml_cmp_call(c, a, b);
}

void __ml_qsort(void *base, size_t nmemb, size_t size, int (*cmp)(const void *, const void *))
{
	ML_OWN(__ml_qsort);
	meta_t mb = ML_ARGM(0, base);
	size_t len = ml_mul_sat(nmemb, size);
	if (nmemb > 1)
		ml_check(base, mb, len, 1, "qsort"); /* read and written */
	struct ml_cmp_ctx c = {cmp, (uptr)base, (uptr)base + len, mb, 0, 0, ml_caller_site(), ml_arg_word(0), 0};
	ml_sort_shadowed(base, nmemb, size, ml_cmp_tramp, &c, c.site);
}

void __ml_qsort_r(void *base, size_t nmemb, size_t size, int (*cmp)(const void *, const void *, void *), void *arg)
{
	ML_OWN(__ml_qsort_r);
	meta_t mb = ML_ARGM(0, base);
	size_t len = ml_mul_sat(nmemb, size);
	if (nmemb > 1)
		ml_check(base, mb, len, 1, "qsort_r"); /* read and written */
	struct ml_cmp_ctx c = {0, (uptr)base, (uptr)base + len, mb, 0, 0, ml_caller_site(), ml_arg_word(0), 0,
	                       cmp, arg, ML_ARGM(4, arg), ml_arg_word(4)};
	ml_sort_shadowed(base, nmemb, size, ml_cmp_tramp, &c, c.site);
}

/* glibc's bsearch, step for step (the same element is found when several
 * compare equal), calling the comparator with metas. */
void *__ml_bsearch(const void *key, const void *base, size_t nmemb, size_t size,
                   int (*cmp)(const void *, const void *))
{
	ML_OWN(__ml_bsearch);
	meta_t mk = ML_ARGM(0, key), mb = ML_ARGM(1, base);
	size_t len = ml_mul_sat(nmemb, size);
	if (nmemb > 0)
		ml_check(base, mb, len, 0, "bsearch");
	struct ml_cmp_ctx c = {cmp, (uptr)base, (uptr)base + len, mb, key, mk, ml_caller_site(),
	                       ml_arg_word(1), ml_arg_word(0)};
	size_t l = 0, u = nmemb;
	while (l < u) {
		size_t idx = (l + u) / 2;
		const void *p = (const char *)base + idx * size;
		int r = ml_cmp_call(&c, key, p);
		if (r < 0)
			u = idx;
		else if (r > 0)
			l = idx + 1;
		else {
			ML_SETRET(__ml_bsearch, mb);
			return (void *)p;
		}
	}
	ML_SETRET(__ml_bsearch, __ML_NULL);
	return 0;
}
