/* __builtin_va_arg_pack() and __builtin_va_arg_pack_len() in an extern inline
 * always_inline gnu_inline wrapper whose attribute list has three entries
 * (the front end drops the middle one, gnu_inline): the wrapper, which
 * gcc only inlines, stays as written, the packs in place. */
#include <stdio.h>
#include <stdarg.h>
#include <fcntl.h>
#include <unistd.h>
struct buf { char *p; int n; };
extern int sink(struct buf *b, const char *fmt, ...);
int sink(struct buf *b, const char *fmt, ...) { va_list ap; va_start(ap, fmt); int r = vsnprintf(b->p, b->n, fmt, ap); va_end(ap); return r; }
extern inline __attribute__((always_inline, gnu_inline, artificial)) int wrap(struct buf *b, const char *fmt, ...)
{
	int n = __builtin_va_arg_pack_len();
	if (n > 3)
		return -1;
	return sink(b, fmt, __builtin_va_arg_pack()) + n * 0;
}
int main(void) {
	char text[64];
	struct buf b = {text, sizeof text};
	char name[] = "xy";
	int n = wrap(&b, "%d %s %p\n", 3, name, (void *)0);
	printf("%d %s", n, text);
	snprintf(text, sizeof text, "%s-%d", name, 7);
	printf("%s %d\n", text, open("/nonexistent", O_RDONLY) < 0);
	return 0;
}
