/* wchar.c: checked replacements for the wide-character functions of libc
 * (wcs*, wmem*, wcsdup, swprintf, fgetws, mbstowcs, wcstombs).
 *
 * The same protocol as interceptors.c: instrumented code calls
 * __ml_<name> with its pointer arguments' metas in __ml_t.arg; each
 * replacement checks the exact byte ranges libc will read and write (a wide
 * character is sizeof(wchar_t) bytes, so every size reported is in bytes),
 * reports against the caller's site, then calls the real libc function.
 * Results, errno included, are libc's.
 *
 * A wide string with no L'\0' before its block ends is an overflow read of
 * the elements up to the first one that does not fit in the block; a bad
 * pointer (NULL, freed, outside its block) is reported before libc touches
 * it, measured with page probes. With definedness tracked, what libc reads
 * is a use and what it writes becomes defined.
 *
 * Not checked: the wide-string arguments of the narrow printf family's
 * %ls conversions (interceptors.c's walker skips them).
 */
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#define W sizeof(wchar_t)

/* An element at any address (misaligned wide strings are read as libc
 * reads them). */
typedef wchar_t ml_wu __attribute__((aligned(1), may_alias));

static size_t ml_wmul(size_t n)
{
	size_t r;
	return __builtin_mul_overflow(n, W, &r) ? SIZE_MAX : r;
}

static inline void ml_wcheck_file(void *f, meta_t mf, const char *fn)
{
	ml_check(f, mf, 1, 0, fn);
}

/* Elements of s a scan reads that stops after the first element equal to
 * c (when has_c), after the L'\0', or after max elements. *term: stopped
 * at a terminator rather than at max. */
static size_t ml_wplain_until(const wchar_t *s, size_t max, int has_c, wchar_t c, int *term)
{
	if (ML_UNLIKELY((uptr)s % _Alignof(wchar_t))) {
		const ml_wu *u = (const ml_wu *)s;
		for (size_t i = 0; i < max; i++)
			if (u[i] == 0 || (has_c && u[i] == c)) {
				*term = 1;
				return i + 1;
			}
		*term = 0;
		return max;
	}
	/* growing chunks: the cost follows the distance to the terminator */
	size_t off = 0, chunk = 64;
	while (off < max) {
		size_t n = max - off < chunk ? max - off : chunk;
		size_t len = wcsnlen(s + off, n);
		if (has_c) {
			const wchar_t *r = wmemchr(s + off, c, len);
			if (r) {
				*term = 1;
				return (size_t)(r - s) + 1;
			}
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

/* Same, never touching an unreadable page (the count then includes the
 * first element that cannot be read). */
static size_t ml_wsafe_until(const wchar_t *s, size_t max, int has_c, wchar_t c)
{
	uptr page = 1; /* no page starts at 1 */
	const ml_wu *u = (const ml_wu *)s;
	for (size_t i = 0; i < max; i++) {
		uptr a = (uptr)(u + i);
		for (uptr pg = a & ~(uptr)4095; pg <= ((a + W - 1) & ~(uptr)4095); pg += 4096) {
			if (pg == page)
				continue;
			if (!ml_page_readable(pg))
				return i + 1;
			page = pg;
		}
		if (u[i] == 0 || (has_c && u[i] == c))
			return i + 1;
	}
	return max;
}

/* Bytes libc reads at the wide string s for a scan as in ml_wplain_until
 * (max elements); reports what is wrong with that read as fn's. */
static size_t ml_wscan_until(const wchar_t *s, meta_t m, size_t max, int has_c, wchar_t c,
                             const char *fn)
{
	uptr lim;
	int term = 0;
	if (max == 0)
		return 0;
	if (ML_LIKELY(ml_live_bound(s, m, &lim))) {
		size_t k = lim / W; /* elements wholly inside the block */
		if (k > max)
			k = max;
		size_t got = k ? ml_wplain_until(s, k, has_c, c, &term) : 0;
		if (term || k == max)
			return got * W;
		/* No terminator before the block ends: libc reads element k,
		 * which runs past it. */
		ml_access_slow(s, m, (k + 1) * W, 0, fn, ml_caller_site());
		return (k + ml_wsafe_until(s + k, max - k, has_c, c)) * W;
	}
	if (ML_UNLIKELY(ml_bad_start(s, m))) {
		size_t n = (uptr)s < ML_NULL_LIMIT ? 1 : ml_wsafe_until(s, max, has_c, c);
		ml_check(s, m, n * W, 0, fn);
		return n * W;
	}
	return ml_wplain_until(s, max, has_c, c, &term) * W;
}

/* The same, and the bytes scanned are used (those inside the string's
 * object). */
static size_t ml_read_wuntil(const wchar_t *s, meta_t m, size_t max, int has_c, wchar_t c,
                             const char *fn)
{
	size_t k = ml_wscan_until(s, m, max, has_c, c, fn);
	uptr lim;
	if (ML_LOAD(&ml_def_on) && ml_live_bound(s, m, &lim))
		ml_use_range(s, m, k < lim ? k : lim, fn);
	return k;
}

/* Bytes of the wide string s (at most max elements) libc reads, its
 * L'\0' included. */
static size_t ml_read_wstr(const wchar_t *s, meta_t m, size_t max, const char *fn)
{
	return ml_read_wuntil(s, m, max, 0, 0, fn);
}

/* A read whose extent depends on what libc finds: a bad s is reported
 * before the call (1), a good one is checked after it. */
static int ml_wpre_scan(const wchar_t *s, meta_t m, const char *fn)
{
	if (ML_UNLIKELY(ml_bad_start(s, m))) {
		ml_read_wstr(s, m, SIZE_MAX, fn);
		return 1;
	}
	return 0;
}

/* ---- copies ---- */

wchar_t *__ml_wcscpy(wchar_t *d, const wchar_t *s)
{
	ML_OWN(__ml_wcscpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t n = ml_read_wstr(s, ms, SIZE_MAX, "wcscpy");
	ml_check(d, md, n, 1, "wcscpy");
	wcscpy(d, s);
	ml_def_clear(d, n);
	ML_SETRET(__ml_wcscpy, md);
	return d;
}

/* wcsncpy writes exactly n wide characters (padding with L'\0'). */
wchar_t *__ml_wcsncpy(wchar_t *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wcsncpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	ml_read_wstr(s, ms, n, "wcsncpy");
	ml_check(d, md, ml_wmul(n), 1, "wcsncpy");
	wcsncpy(d, s, n);
	ml_def_clear(d, ml_wmul(n));
	ML_SETRET(__ml_wcsncpy, md);
	return d;
}

wchar_t *__ml_wcscat(wchar_t *d, const wchar_t *s)
{
	ML_OWN(__ml_wcscat);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t dn = ml_read_wstr(d, md, SIZE_MAX, "wcscat");
	size_t sn = ml_read_wstr(s, ms, SIZE_MAX, "wcscat");
	wchar_t *at = (wchar_t *)((char *)d + dn - W); /* d's L'\0' on */
	ml_check(at, md, sn, 1, "wcscat");
	wcscat(d, s);
	ml_def_clear(at, sn);
	ML_SETRET(__ml_wcscat, md);
	return d;
}

/* wcsncat appends at most n wide characters of s, then always L'\0'. */
wchar_t *__ml_wcsncat(wchar_t *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wcsncat);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t dn = ml_read_wstr(d, md, SIZE_MAX, "wcsncat");
	ml_read_wstr(s, ms, n, "wcsncat");
	size_t sl = wcsnlen(s, n);
	wchar_t *at = (wchar_t *)((char *)d + dn - W);
	ml_check(at, md, (sl + 1) * W, 1, "wcsncat");
	wcsncat(d, s, n);
	ml_def_clear(at, (sl + 1) * W);
	ML_SETRET(__ml_wcsncat, md);
	return d;
}

/* ---- reads ---- */

size_t __ml_wcslen(const wchar_t *s)
{
	ML_OWN(__ml_wcslen);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_wstr(s, ms, SIZE_MAX, "wcslen") / W;
	if (ML_LIKELY((uptr)s >= ML_NULL_LIMIT && ((const ml_wu *)s)[k - 1] == 0))
		return k - 1;
	return wcslen(s); /* as the program would (it may fault) */
}

size_t __ml_wcsnlen(const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wcsnlen);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_wstr(s, ms, n, "wcsnlen") / W;
	if (ML_LIKELY(k > 0 && (uptr)s >= ML_NULL_LIMIT && ((const ml_wu *)s)[k - 1] == 0))
		return k - 1;
	return wcsnlen(s, n);
}

/* Comparisons read both strings up to the first difference or L'\0' (at
 * most max elements); what they read is used. */
static void ml_wread_cmp(const wchar_t *a, meta_t ma, const wchar_t *b, meta_t mb, size_t max,
                         const char *fn)
{
	if (max == 0)
		return;
	int bad = 0;
	if (ML_UNLIKELY(ml_bad_start(a, ma))) {
		ml_read_wstr(a, ma, max, fn);
		bad = 1;
	}
	if (ML_UNLIKELY(ml_bad_start(b, mb))) {
		ml_read_wstr(b, mb, max, fn);
		bad = 1;
	}
	if (bad)
		return;
	uptr la, lb;
	int ka = ml_live_bound(a, ma, &la), kb = ml_live_bound(b, mb, &lb);
	la = ka ? la / W : SIZE_MAX; /* the first element not wholly inside */
	lb = kb ? lb / W : SIZE_MAX;
	int def = ML_LOAD(&ml_def_on);
	if (!def && la >= max && lb >= max)
		return; /* both blocks hold every element the compare can read */
	const site_t *site = ml_caller_site();
	const ml_wu *ua = (const ml_wu *)a, *ub = (const ml_wu *)b;
	size_t i = 0;
	for (;; i++) {
		if (i == la)
			ml_access_slow(a, ma, (la + 1) * W, 0, fn, site);
		if (i == lb)
			ml_access_slow(b, mb, (lb + 1) * W, 0, fn, site);
		wchar_t ca = ua[i], cb = ub[i];
		if (ca != cb || ca == 0 || i + 1 == max)
			break;
	}
	if (def) {
		size_t k = i + 1;
		if (ka)
			ml_use_range(a, ma, (k < la ? k : la) * W, fn);
		if (kb)
			ml_use_range(b, mb, (k < lb ? k : lb) * W, fn);
	}
}

int __ml_wcscmp(const wchar_t *a, const wchar_t *b)
{
	ML_OWN(__ml_wcscmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_wread_cmp(a, ma, b, mb, SIZE_MAX, "wcscmp");
	return wcscmp(a, b);
}

int __ml_wcsncmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	ML_OWN(__ml_wcsncmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_wread_cmp(a, ma, b, mb, n, "wcsncmp");
	return wcsncmp(a, b, n);
}

wchar_t *__ml_wcschr(const wchar_t *s, wchar_t c)
{
	ML_OWN(__ml_wcschr);
	meta_t ms = ML_ARGM(0, s);
	ml_read_wuntil(s, ms, SIZE_MAX, c != 0, c, "wcschr");
	wchar_t *r = wcschr(s, c);
	ML_SETRET(__ml_wcschr, r ? ms : __ML_NULL);
	return r;
}

wchar_t *__ml_wcsrchr(const wchar_t *s, wchar_t c)
{
	ML_OWN(__ml_wcsrchr);
	meta_t ms = ML_ARGM(0, s);
	ml_read_wstr(s, ms, SIZE_MAX, "wcsrchr");
	wchar_t *r = wcsrchr(s, c);
	ML_SETRET(__ml_wcsrchr, r ? ms : __ML_NULL);
	return r;
}

/* The haystack is read up to the end of the match (or whole). */
wchar_t *__ml_wcsstr(const wchar_t *h, const wchar_t *n)
{
	ML_OWN(__ml_wcsstr);
	meta_t mh = ML_ARGM(0, h), mn = ML_ARGM(1, n);
	size_t kn = ml_read_wstr(n, mn, SIZE_MAX, "wcsstr");
	int bad = ml_wpre_scan(h, mh, "wcsstr");
	wchar_t *r = wcsstr(h, n);
	if (!bad) {
		size_t k = r ? (size_t)(r - h) * W + kn - W : (wcslen(h) + 1) * W;
		ml_check(h, mh, k, 0, "wcsstr");
		ml_use_range(h, mh, k, "wcsstr");
	}
	ML_SETRET(__ml_wcsstr, r ? mh : __ML_NULL);
	return r;
}

/* ---- wmem* ---- */

wchar_t *__ml_wmemcpy(wchar_t *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wmemcpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t b = ml_wmul(n);
	ml_check(s, ms, b, 0, "wmemcpy");
	ml_check(d, md, b, 1, "wmemcpy");
	ml_loss_release((uptr)d, b, md, __ML_LOSS_ASSIGN);
	wmemcpy(d, s, n);
	__ml_def_copy((uptr)d, (uptr)s, b, md, ms, ml_caller_site()); /* a copy, not a use */
	if (b >= 8)
		__ml_copy_shadow(d, s, b, md, ms, ml_caller_site());
	ML_SETRET(__ml_wmemcpy, md);
	return d;
}

wchar_t *__ml_wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wmemmove);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t b = ml_wmul(n);
	ml_check(s, ms, b, 0, "wmemmove");
	ml_check(d, md, b, 1, "wmemmove");
	if ((uptr)d + b <= (uptr)s || (uptr)s + b <= (uptr)d)
		ml_loss_release((uptr)d, b, md, __ML_LOSS_ASSIGN);
	wmemmove(d, s, n);
	__ml_def_copy((uptr)d, (uptr)s, b, md, ms, ml_caller_site());
	if (b >= 8)
		__ml_copy_shadow(d, s, b, md, ms, ml_caller_site());
	ML_SETRET(__ml_wmemmove, md);
	return d;
}

wchar_t *__ml_wmemset(wchar_t *d, wchar_t c, size_t n)
{
	ML_OWN(__ml_wmemset);
	meta_t md = ML_ARGM(0, d);
	size_t b = ml_wmul(n);
	ml_check(d, md, b, 1, "wmemset");
	ml_loss_release((uptr)d, b, md, __ML_LOSS_ASSIGN);
	wmemset(d, c, n);
	ml_def_clear(d, b);
	ML_SETRET(__ml_wmemset, md);
	return d;
}

/* All n elements of both: libc may read them all. */
int __ml_wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	ML_OWN(__ml_wmemcmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	size_t k = ml_wmul(n);
	ml_check(a, ma, k, 0, "wmemcmp");
	ml_check(b, mb, k, 0, "wmemcmp");
	ml_use_range(a, ma, k, "wmemcmp");
	ml_use_range(b, mb, k, "wmemcmp");
	return wmemcmp(a, b, n);
}

/* ---- wcsdup ---- */

/* A heap block of the program's, as strdup's: allocated by the
 * program's malloc at the caller's site (leak-checked, freed with free). */
wchar_t *__ml_wcsdup(const wchar_t *s)
{
	ML_OWN(__ml_wcsdup);
	meta_t sm = ML_ARGM(0, s);
	size_t n = ml_read_wstr(s, sm, SIZE_MAX, "wcsdup");
	wchar_t *p = __ml_malloc(n);
	meta_t m = p ? __ml_retm((uptr)&__ml_malloc, (uptr)p) : __ML_NULL;
	if (p) {
		memcpy(p, s, n);
		ml_def_clear(p, n);
	}
	ML_SETRET_NEW(__ml_wcsdup, m);
	return p;
}

/* ---- formatted output ---- */

/* What the conversions of the wide format fmt read or write in caller
 * memory: %s multibyte strings, %ls/%S wide strings (up to the precision)
 * and %n targets. The variadic arguments are the call's from position
 * first on; their metas come from the caller when it passed them (own),
 * from the address otherwise. Positional arguments and unknown
 * conversions end the walk. */
static void ml_check_wformat_args(const wchar_t *fmt, va_list ap, int own, unsigned first,
                                  const char *fn)
{
	va_list a;
	va_copy(a, ap);
	unsigned argi = first;
#define ARGM(p) (own && argi < __ML_MAX_ARGS ? __ml_t.arg[argi] : __ml_meta_of(p))
	for (const wchar_t *p = fmt; *p; p++) {
		if (*p != L'%')
			continue;
		if (*++p == L'%')
			continue;
		const wchar_t *q = p;
		while (*q >= L'0' && *q <= L'9')
			q++;
		if (*q == L'$')
			break;
		while (*p && wcschr(L"-+ #0'I", *p))
			p++;
		if (*p == L'*') {
			(void)va_arg(a, int);
			argi++;
			p++;
		}
		while (*p >= L'0' && *p <= L'9')
			p++;
		size_t prec = SIZE_MAX;
		if (*p == L'.') {
			p++;
			if (*p == L'*') {
				int v = va_arg(a, int);
				argi++;
				p++;
				if (v >= 0)
					prec = (size_t)v;
			} else {
				prec = 0;
				while (*p >= L'0' && *p <= L'9')
					prec = prec * 10 + (size_t)(*p++ - L'0');
			}
		}
		int lng = 0, ldbl = 0, shrt = 0;
		for (;; p++) {
			if (*p == L'h')
				shrt++;
			else if (*p == L'l' || *p == L'q' || *p == L'j' || *p == L'z' || *p == L'Z' ||
			         *p == L't')
				lng++;
			else if (*p == L'L')
				ldbl = 1;
			else
				break;
		}
		switch (*p) {
		case L'd': case L'i': case L'u': case L'o': case L'x': case L'X': case L'c': case L'C':
			if (lng)
				(void)va_arg(a, long);
			else
				(void)va_arg(a, int);
			break;
		case L'e': case L'E': case L'f': case L'F': case L'g': case L'G': case L'a': case L'A':
			if (ldbl)
				(void)va_arg(a, long double);
			else
				(void)va_arg(a, double);
			break;
		case L'p':
			(void)va_arg(a, void *);
			break;
		case L's': case L'S': {
			const void *str = va_arg(a, const void *);
			if (!str) /* glibc prints NULL as (null) */
				break;
			if (lng || *p == L'S')
				ml_read_wstr(str, ARGM(str), prec, fn);
			else /* a multibyte string: at least prec bytes make prec characters */
				ml_read_str(str, ARGM(str), prec, fn);
			break;
		}
		case L'n': {
			void *w = va_arg(a, void *);
			size_t sz = lng ? sizeof(long) : shrt >= 2 ? 1 : shrt ? sizeof(short) : sizeof(int);
			ml_check(w, ARGM(w), sz, 1, fn);
			ml_def_clear(w, sz);
			break;
		}
		case L'm':
			continue;
		default:
			goto done;
		}
		argi++;
	}
done:
#undef ARGM
	va_end(a);
}

/* The wide characters vswprintf(.., fmt, ap) would produce unbounded, or
 * -1 (an encoding error). errno is left as it was. */
static long ml_wformat_len(const wchar_t *fmt, va_list ap, size_t n)
{
	int e = errno;
	long need = -1;
	va_list a;
	if (n <= 256) {
		/* the common case: it fits in n, then libc says how much */
		wchar_t tmp[256];
		va_copy(a, ap);
		int r = vswprintf(tmp, n, fmt, a);
		va_end(a);
		if (r >= 0) {
			errno = e;
			return r;
		}
	}
	wchar_t *buf = 0;
	size_t sz = 0;
	FILE *f = open_wmemstream(&buf, &sz);
	if (f) {
		va_copy(a, ap);
		need = vfwprintf(f, fmt, a);
		va_end(a);
		fclose(f);
		free(buf);
	}
	errno = e;
	return need;
}

/* swprintf writes the output and L'\0' if they fit in n wide characters
 * (and returns the length), else at most n and returns -1. */
static int ml_vswprintf_checked(wchar_t *buf, meta_t mb, size_t n, const wchar_t *fmt, meta_t mf,
                                int own, unsigned first, va_list ap, const char *fn)
{
	ml_read_wstr(fmt, mf, SIZE_MAX, fn);
	ml_check_wformat_args(fmt, ap, own, first, fn);
	size_t w = 0;
	if (n > 0) {
		long need = ml_wformat_len(fmt, ap, n);
		if (need >= 0) {
			w = (size_t)need < n ? (size_t)need + 1 : n;
			ml_check(buf, mb, ml_wmul(w), 1, fn);
		}
	}
	int r = vswprintf(buf, n, fmt, ap);
	if (r >= 0)
		ml_def_clear(buf, ((size_t)r + 1) * W);
	else if (w)
		ml_def_clear(buf, ml_wmul(w));
	return r;
}

int __ml_swprintf(wchar_t *buf, size_t n, const wchar_t *fmt, ...)
{
	ML_OWN(__ml_swprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, fmt);
	va_list ap;
	va_start(ap, fmt);
	int r = ml_vswprintf_checked(buf, mb, n, fmt, mf, own_, 3, ap, "swprintf");
	va_end(ap);
	return r;
}

int __ml_vswprintf(wchar_t *buf, size_t n, const wchar_t *fmt, __builtin_va_list ap)
{
	ML_OWN(__ml_vswprintf);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, fmt);
	return ml_vswprintf_checked(buf, mb, n, fmt, mf, 0, 0, ap, "vswprintf");
}

/* ---- stdio ---- */

/* fgetws stores at most n - 1 wide characters and L'\0'. */
wchar_t *__ml_fgetws(wchar_t *buf, int n, void *f)
{
	ML_OWN(__ml_fgetws);
	meta_t mb = ML_ARGM(0, buf), mf = ML_ARGM(2, f);
	ml_wcheck_file(f, mf, "fgetws");
	if (n > 0)
		ml_check(buf, mb, (size_t)n * W, 1, "fgetws");
	wchar_t *r = fgetws(buf, n, (FILE *)f);
	if (r)
		ml_def_clear(buf, (wcslen(buf) + 1) * W);
	ML_SETRET(__ml_fgetws, r ? mb : __ML_NULL);
	return r;
}

/* ---- conversions ---- */

/* mbstowcs(d, s, n): converts the multibyte string s until its NUL
 * (stored if it fits) or until n wide characters are stored; a NULL d
 * only measures s, all of it. */
size_t __ml_mbstowcs(wchar_t *d, const char *s, size_t n)
{
	ML_OWN(__ml_mbstowcs);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	uptr lim;
	if (!d || !ml_live_bound(s, ms, &lim)) {
		/* (a string of unknown provenance is trusted as libc would) */
		if (!d || ml_bad_start(s, ms)) {
			ml_read_str(s, ms, SIZE_MAX, "mbstowcs");
			return mbstowcs(d, s, n);
		}
		lim = SIZE_MAX;
	}
	/* What libc will read of s and store in d: convert as it does. */
	int e = errno, inside = 1;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t off = 0, k = 0, blk = lim;
	while (k < n) {
		if (off >= lim) {
			ml_access_slow(s, ms, lim + 1, 0, "mbstowcs", ml_caller_site());
			lim = SIZE_MAX;
			inside = 0;
		}
		wchar_t wc;
		size_t r = mbrtowc(&wc, s + off, lim - off, &st);
		if (r == (size_t)-2) { /* a character cut by the block's end */
			if (lim == SIZE_MAX)
				break;
			off = lim;
			continue;
		}
		if (r == (size_t)-1) { /* libc stops there */
			off++;
			break;
		}
		if (r == 0) { /* the NUL: stored */
			off++;
			k++;
			break;
		}
		off += r;
		k++;
	}
	errno = e;
	ml_use_range(s, ms, inside ? off : blk, "mbstowcs");
	ml_check(d, md, ml_wmul(k), 1, "mbstowcs");
	size_t r = mbstowcs(d, s, n);
	ml_def_clear(d, ml_wmul(k));
	return r;
}

/* wcstombs(d, s, n): converts the wide string s until its L'\0' (stored
 * if it fits) or until the next character would not fit in n bytes; a
 * NULL d only measures s, all of it. */
size_t __ml_wcstombs(char *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wcstombs);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	uptr lim;
	if (!d || !ml_live_bound(s, ms, &lim)) {
		if (!d || ml_bad_start(s, ms)) {
			ml_read_wstr(s, ms, SIZE_MAX, "wcstombs");
			return wcstombs(d, s, n);
		}
		lim = SIZE_MAX;
	}
	/* What libc will read of s and store in d: convert as it does. */
	int e = errno;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t la = lim == SIZE_MAX ? SIZE_MAX : lim / W; /* elements inside */
	size_t k = 0, bytes = 0, seen = 0;
	const ml_wu *u = (const ml_wu *)s;
	while (bytes < n) {
		if (k == la) {
			ml_access_slow(s, ms, (la + 1) * W, 0, "wcstombs", ml_caller_site());
			la = SIZE_MAX;
		}
		wchar_t wc = u[k];
		seen = k + 1;
		if (wc == 0) {
			bytes++; /* the NUL fits */
			break;
		}
		char tmp[MB_LEN_MAX];
		size_t r = wcrtomb(tmp, wc, &st);
		if (r == (size_t)-1 || bytes + r > n)
			break;
		bytes += r;
		k++;
	}
	errno = e;
	uptr inb;
	if (ml_live_bound(s, ms, &inb)) {
		size_t used = ml_wmul(seen);
		ml_use_range(s, ms, used < inb ? used : inb, "wcstombs");
	}
	ml_check(d, md, bytes, 1, "wcstombs");
	size_t r = wcstombs(d, s, n);
	ml_def_clear(d, bytes);
	return r;
}
