/* An uninitialised local passed as an argument its callee reads only when
 * a flag says so (Oniguruma's regparse.c: `level` passed with
 * exist_level 0): passing it decides nothing, as with Valgrind. */
#include <stdio.h>

struct name_ref {
	int back_num;
	int level;
};

static int ref_value(int back_num, int exist_level, int level)
{
	if (exist_level)
		return back_num * 100 + level;
	return back_num;
}

/* two levels: the value passes through a callee that only hands it on */
static int ref_through(int back_num, int exist_level, int level)
{
	return ref_value(back_num + 1, exist_level, level);
}

static int ref_struct(struct name_ref r, int exist_level)
{
	if (exist_level)
		return r.level;
	return r.back_num;
}

int main(void)
{
	int level;
	struct name_ref r;
	r.back_num = 7;
	int total = ref_value(3, 0, level);
	total += ref_through(4, 0, level);
	total += ref_struct(r, 0);
	level = 2;
	total += ref_value(1, 1, level);
	printf("%d\n", total);
	return 0;
}
