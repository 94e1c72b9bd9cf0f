/* Built by gcc, without memlens: its stack writes are not seen. */
#include <string.h>

int count_x(const char *p, int n);

int plain_fill_and_count(void)
{
	char buf[1000];
	memset(buf, 'x', sizeof buf);
	__asm__ volatile("" : : "r"(buf) : "memory");
	return count_x(buf, sizeof buf);
}

struct status {
	int position;
	unsigned char parsing; /* (3 bytes of padding follow) */
};

void get_status(struct status *out);

/* Has instrumented code copy a struct, whose padding was never written,
 * into a local of its own (expat's XML_GetParsingStatus called from C++),
 * one frame down: where plain_fill_and_count's buffer lies next. */
__attribute__((noinline)) static int ask_status(void)
{
	struct status st;
	get_status(&st);
	__asm__ volatile("" : : "r"(&st) : "memory");
	return st.position + st.parsing;
}

int plain_ask_status(void)
{
	int n = ask_status();
	__asm__ volatile("" : "+r"(n));
	return n;
}
