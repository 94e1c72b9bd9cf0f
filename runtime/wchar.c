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

/* ---- copies ---- */

wchar_t *__ml_wcscpy(wchar_t *d, const wchar_t *s)
{
	ML_OWN(__ml_wcscpy);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t n = ml_read_until(s, ms, SIZE_MAX, W, 0, 0, "wcscpy");
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
	ml_read_until(s, ms, n, W, 0, 0, "wcsncpy");
	ml_check(d, md, ml_mul_sat(n, W), 1, "wcsncpy");
	wcsncpy(d, s, n);
	ml_def_clear(d, ml_mul_sat(n, W));
	ML_SETRET(__ml_wcsncpy, md);
	return d;
}

wchar_t *__ml_wcscat(wchar_t *d, const wchar_t *s)
{
	ML_OWN(__ml_wcscat);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t dn = ml_read_until(d, md, SIZE_MAX, W, 0, 0, "wcscat");
	size_t sn = ml_read_until(s, ms, SIZE_MAX, W, 0, 0, "wcscat");
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
	size_t dn = ml_read_until(d, md, SIZE_MAX, W, 0, 0, "wcsncat");
	ml_read_until(s, ms, n, W, 0, 0, "wcsncat");
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
	size_t k = ml_read_until(s, ms, SIZE_MAX, W, 0, 0, "wcslen") / W;
	if (ML_LIKELY((uptr)s >= ML_NULL_LIMIT && ((const ml_wu *)s)[k - 1] == 0))
		return k - 1;
	return wcslen(s); /* as the program would (it may fault) */
}

size_t __ml_wcsnlen(const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wcsnlen);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_until(s, ms, n, W, 0, 0, "wcsnlen") / W;
	if (ML_LIKELY(k > 0 && (uptr)s >= ML_NULL_LIMIT && ((const ml_wu *)s)[k - 1] == 0))
		return k - 1;
	return wcsnlen(s, n);
}

int __ml_wcscmp(const wchar_t *a, const wchar_t *b)
{
	ML_OWN(__ml_wcscmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_read_cmp(a, ma, b, mb, SIZE_MAX, W, 0, "wcscmp");
	return wcscmp(a, b);
}

int __ml_wcsncmp(const wchar_t *a, const wchar_t *b, size_t n)
{
	ML_OWN(__ml_wcsncmp);
	meta_t ma = ML_ARGM(0, a), mb = ML_ARGM(1, b);
	ml_read_cmp(a, ma, b, mb, n, W, 0, "wcsncmp");
	return wcsncmp(a, b, n);
}

wchar_t *__ml_wcschr(const wchar_t *s, wchar_t c)
{
	ML_OWN(__ml_wcschr);
	meta_t ms = ML_ARGM(0, s);
	size_t k = ml_read_until(s, ms, SIZE_MAX, W, c != 0, (unsigned)c, "wcschr") / W;
	const ml_wu *u = (const ml_wu *)s;
	wchar_t *r;
	if (ML_LIKELY((uptr)s >= ML_NULL_LIMIT && (u[k - 1] == c || u[k - 1] == 0)))
		r = u[k - 1] == c ? (wchar_t *)&u[k - 1] : 0; /* where the scan stopped */
	else
		r = wcschr(s, c); /* as the program would (it may fault) */
	ML_SETRET(__ml_wcschr, r ? ms : __ML_NULL);
	return r;
}

wchar_t *__ml_wcsrchr(const wchar_t *s, wchar_t c)
{
	ML_OWN(__ml_wcsrchr);
	meta_t ms = ML_ARGM(0, s);
	ml_read_until(s, ms, SIZE_MAX, W, 0, 0, "wcsrchr");
	wchar_t *r = wcsrchr(s, c);
	ML_SETRET(__ml_wcsrchr, r ? ms : __ML_NULL);
	return r;
}

/* The haystack is read up to the end of the match (or whole). */
wchar_t *__ml_wcsstr(const wchar_t *h, const wchar_t *n)
{
	ML_OWN(__ml_wcsstr);
	meta_t mh = ML_ARGM(0, h), mn = ML_ARGM(1, n);
	size_t kn = ml_read_until(n, mn, SIZE_MAX, W, 0, 0, "wcsstr");
	int bad = ml_pre_scan(h, mh, W, "wcsstr");
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
	size_t b = ml_mul_sat(n, W);
	ml_copy_checks(d, md, s, ms, b, "wmemcpy");
	wmemcpy(d, s, n);
	ml_copied(d, md, s, ms, b);
	ML_SETRET(__ml_wmemcpy, md);
	return d;
}

wchar_t *__ml_wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
	ML_OWN(__ml_wmemmove);
	meta_t md = ML_ARGM(0, d), ms = ML_ARGM(1, s);
	size_t b = ml_mul_sat(n, W);
	ml_copy_checks(d, md, s, ms, b, "wmemmove");
	wmemmove(d, s, n);
	ml_copied(d, md, s, ms, b);
	ML_SETRET(__ml_wmemmove, md);
	return d;
}

wchar_t *__ml_wmemset(wchar_t *d, wchar_t c, size_t n)
{
	ML_OWN(__ml_wmemset);
	meta_t md = ML_ARGM(0, d);
	size_t b = ml_mul_sat(n, W);
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
	size_t k = ml_mul_sat(n, W);
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
	size_t n = ml_read_until(s, sm, SIZE_MAX, W, 0, 0, "wcsdup");
	wchar_t *p = __ml_malloc(n);
	meta_t m = __ML_NULL;
	if (p) {
		struct __ml_rw r;
		__ml_result(&r, (uptr)&__ml_malloc, (uptr)p);
		m = r.ret;
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
				ml_read_until(str, ARGM(str), prec, W, 0, 0, fn);
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
	ml_read_until(fmt, mf, SIZE_MAX, W, 0, 0, fn);
	ml_check_wformat_args(fmt, ap, own, first, fn);
	size_t w = 0;
	if (n > 0) {
		long need = ml_wformat_len(fmt, ap, n);
		if (need >= 0) {
			w = (size_t)need < n ? (size_t)need + 1 : n;
			ml_check(buf, mb, ml_mul_sat(w, W), 1, fn);
		}
	}
	int r = vswprintf(buf, n, fmt, ap);
	if (r >= 0)
		ml_def_clear(buf, ((size_t)r + 1) * W);
	else if (w)
		ml_def_clear(buf, ml_mul_sat(w, W));
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
	ml_check_file(f, mf, "fgetws");
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
	ml_check(d, md, ml_mul_sat(k, W), 1, "mbstowcs");
	size_t r = mbstowcs(d, s, n);
	ml_def_clear(d, ml_mul_sat(k, W));
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
			ml_read_until(s, ms, SIZE_MAX, W, 0, 0, "wcstombs");
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
		size_t used = ml_mul_sat(seen, W);
		ml_use_range(s, ms, used < inb ? used : inb, "wcstombs");
	}
	ml_check(d, md, bytes, 1, "wcstombs");
	size_t r = wcstombs(d, s, n);
	ml_def_clear(d, bytes);
	return r;
}
