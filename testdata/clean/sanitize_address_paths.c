/* A hash reading whole words past a key's end and masking the bytes beyond
 * it, except under AddressSanitizer (as jansson's lookup3.h), and an arena
 * marking its unused part with ASan's poisoning macros, as programs do under
 * __SANITIZE_ADDRESS__. memlens defines the macro, as gcc -fsanitize=address
 * does: the hash reads bytewise, and the poisoning calls link. The hashes are
 * the same either way. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define WHOLE_WORDS 0
#else
#define ASAN_POISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#define WHOLE_WORDS 1
#endif

static uint32_t mix(uint32_t h, uint32_t word)
{
	return (h ^ word) * 16777619u;
}

static uint32_t hash(const char *key, size_t len)
{
	uint32_t h = 2166136261u;
#if WHOLE_WORDS
	const uint32_t *w = (const uint32_t *)key;
	for (; len >= 4; len -= 4, w++)
		h = mix(h, *w);
	if (len)
		h = mix(h, *w & (0xffffffffu >> (8 * (4 - len))));
#else
	for (; len >= 4; len -= 4, key += 4) {
		uint32_t word;
		memcpy(&word, key, 4);
		h = mix(h, word);
	}
	if (len) {
		uint32_t word = 0;
		memcpy(&word, key, len);
		h = mix(h, word);
	}
#endif
	return h;
}

struct arena {
	char *base;
	size_t used, size;
};

static void *arena_take(struct arena *a, size_t n)
{
	void *p = a->base + a->used;
	ASAN_UNPOISON_MEMORY_REGION(p, n);
	a->used += n;
	return p;
}

int main(void)
{
	static const char *const words[] = {"a", "memlens", "sanitizer", "arena", "hash"};
	struct arena a = {malloc(64), 0, 64};
	ASAN_POISON_MEMORY_REGION(a.base, a.size);
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		size_t len = strlen(words[i]);
		char *key = malloc(len);
		memcpy(key, words[i], len);
		char *copy = arena_take(&a, len);
		memcpy(copy, key, len);
		printf("%s %08x %08x\n", words[i], (unsigned)hash(key, len), (unsigned)hash(copy, len));
		free(key);
	}
	ASAN_POISON_MEMORY_REGION(a.base, a.size);
	free(a.base);
	return 0;
}
