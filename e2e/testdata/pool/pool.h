/* A pool allocator split over units: pool.c defines the free list's head
 * and carves chunks; ops.c, which sees only the extern declarations,
 * hands blocks out and takes them back. */
struct block {
	struct block *next;
	char data[48];
};
extern struct block *pool_free;
extern char names[8][16];
struct block *pool_chunk(void);
void *pool_get(void);
void pool_put(void *p);
void name_copy(int i, char *to, unsigned long n);
