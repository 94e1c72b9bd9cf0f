#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int plain_fill_and_count(void);
int plain_ask_status(void);

/* Its buffer is never written (k is never above 1000) and dies with it. */
__attribute__((noinline)) int scratch(int k)
{
	char buffer[1024];
	if (k > 1000)
		memset(buffer, 0, sizeof buffer);
	return k;
}

/* Its buffer, initialized, gets never-written bytes by a copy. */
__attribute__((noinline)) void copy_in(const char *src)
{
	char mirror[1024] = {0};
	memcpy(mirror, src, sizeof mirror);
}

static jmp_buf back;

/* Its buffer is never written either, and a longjmp skips its end. */
__attribute__((noinline)) void jump_back(int k)
{
	char deep[1024];
	if (k > 1000)
		memset(deep, 0, sizeof deep);
	longjmp(back, 1);
}

/* Called back by plain.c (built by gcc) with its stack buffer. */
int count_x(const char *p, int n)
{
	char *copy = malloc(n);
	memcpy(copy, p, n);
	int count = 0;
	for (int i = 0; i < n; i++)
		if (copy[i] == 'x')
			count++;
	free(copy);
	return count;
}

/* Reads its own local, written only when asked. */
__attribute__((noinline)) int own_local(int write)
{
	int v[4];
	if (write)
		v[2] = 1;
	return v[2] == 1; /* never written on the second call */
}

struct status {
	int position;
	unsigned char parsing;
};

/* Called by plain.c with its local: copies a struct whose padding was
 * never written (only its members were). */
void get_status(struct status *out)
{
	struct status *current = malloc(sizeof *current);
	current->position = 41;
	current->parsing = 1;
	*out = *current;
	free(current);
}

int main(int argc, char **argv)
{
	(void)argv;
	scratch(argc);
	printf("%d\n", plain_fill_and_count());
	char *never_written = malloc(1024);
	copy_in(never_written);
	free(never_written);
	printf("%d\n", plain_fill_and_count());
	if (!setjmp(back))
		jump_back(argc);
	printf("%d\n", plain_fill_and_count());
	printf("%d\n", plain_ask_status());
	printf("%d\n", plain_fill_and_count());
	printf("%d\n", own_local(1));
	volatile int unset = own_local(0); /* (its value is the stack's) */
	(void)unset;
	return 0;
}
