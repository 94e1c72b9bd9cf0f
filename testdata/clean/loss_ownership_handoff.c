/* Ownership moves through callees, struct fields, return values and a
 * thread's argument; every block is freed by its last owner. */
// memlens:cflags -pthread
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct box { char *item; };

static void consume(char *s) { printf("consumed %s\n", s); free(s); }
static char *id(char *s) { return s; }
static char *make(const char *t) { char *s = malloc(strlen(t) + 1); strcpy(s, t); return s; }

static void *worker(void *arg)
{
	char *s = arg;
	printf("thread got %s\n", s);
	free(s);
	return NULL;
}

int main(void)
{
	consume(make("one"));
	struct box a = {make("two")}, b = {NULL};
	b.item = a.item; /* moved */
	a.item = NULL;
	consume(id(id(b.item)));
	b.item = NULL;
	pthread_t t;
	char *msg = make("three");
	pthread_create(&t, NULL, worker, msg);
	msg = NULL;
	pthread_join(t, NULL);
	return 0;
}
