/* Memory the program gets without a declaration it can name: alloca,
 * compound literals, VLAs passed down, statement expressions whose value
 * is a copy, and struct returns by value that contain arrays. */
#include <alloca.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define container_of(ptr, type, member) \
	({ const char *mptr_ = (const char *)(ptr); (type *)(mptr_ - offsetof(type, member)); })

struct link {
	int before;
	struct link *next;
};

struct name {
	char text[12];
};

static struct name make_name(int i)
{
	struct name n;
	snprintf(n.text, sizeof n.text, "n%d", i);
	return n;
}

static int sum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	(void)argv;
	int n = argc + 3;
	char *scratch = alloca((size_t)n + 1);
	memset(scratch, 'x', (size_t)n);
	scratch[n] = 0;
	int vla[n];
	for (int i = 0; i < n; i++)
		vla[i] = i;
	int *lit = (int[]){5, 6, 7};
	int copy = ({ int t = lit[1]; t * 2; });
	struct link l = {41, NULL};
	struct link *back = container_of(&l.next, struct link, next);
	back->before++;
	struct name nm = make_name(7);
	char *p = nm.text;
	printf("%s %d %d %d %s %d\n", scratch, sum(vla, n), sum(lit, 3), copy, p, l.before);
	return 0;
}
