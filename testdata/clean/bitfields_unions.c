/* Bit-fields packing a date and flags, a union punning float and integer
 * representations, and a tagged union dispatched with switch, including a
 * deliberate fallthrough. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct date {
	unsigned day : 5;
	unsigned month : 4;
	unsigned year : 12;
	unsigned weekend : 1;
	unsigned holiday : 1;
};

union pun {
	float f;
	uint32_t u;
	unsigned char bytes[4];
};

enum kind { K_INT, K_REAL, K_TEXT, K_NONE };

struct value {
	enum kind kind;
	union {
		long i;
		double r;
		const char *s;
	} as;
};

static const char *describe(const struct value *v, char *buf, size_t n)
{
	switch (v->kind) {
	case K_INT:
		snprintf(buf, n, "int %ld", v->as.i);
		break;
	case K_REAL:
		snprintf(buf, n, "real %.3f", v->as.r);
		break;
	case K_TEXT:
		if (v->as.s[0] == '\0') {
			snprintf(buf, n, "empty text");
			break;
		}
		snprintf(buf, n, "text \"%s\"", v->as.s);
		break;
	case K_NONE:
	default:
		snprintf(buf, n, "nothing");
		break;
	}
	return buf;
}

static int days_left_in_quarter(int month)
{
	int months = 0;
	switch (month % 3) {
	case 1:
		months++;
		/* fall through */
	case 2:
		months++;
		/* fall through */
	case 0:
		months++;
		break;
	}
	return months;
}

int main(void)
{
	struct date d = {.day = 29, .month = 2, .year = 2024, .weekend = 0, .holiday = 0};
	d.day += 3; /* 32 does not fit in 5 bits: wraps to 0 */
	d.weekend = 1;
	printf("date %u-%02u-%02u weekend=%u holiday=%u, sizeof %zu\n",
	       d.year, d.month, d.day, d.weekend, d.holiday, sizeof d);
	unsigned m = 15;
	d.month = m + 1; /* truncated to 4 bits */
	printf("month after overflow: %u\n", d.month);

	float samples[] = {1.0f, -2.5f, 0.15625f};
	for (int i = 0; i < 3; i++) {
		union pun p = {.f = samples[i]};
		uint32_t sign = p.u >> 31, exp = (p.u >> 23) & 0xff, mant = p.u & 0x7fffff;
		printf("%g = 0x%08x sign %u exp %u mant 0x%06x\n", (double)p.f, p.u, sign, exp, mant);
	}
	union pun q;
	q.u = 0x40490fdbu;
	printf("0x40490fdb as float: %.6f\n", (double)q.f);

	struct value vals[] = {
		{K_INT, {.i = -42}},
		{K_REAL, {.r = 2.71828}},
		{K_TEXT, {.s = "hello"}},
		{K_TEXT, {.s = ""}},
		{K_NONE, {0}},
	};
	char buf[32];
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
		printf("%zu: %s\n", i, describe(&vals[i], buf, sizeof buf));
	for (int m = 1; m <= 6; m++)
		printf("month %d: %d month(s) left in quarter\n", m, days_left_in_quarter(m));
	return 0;
}
