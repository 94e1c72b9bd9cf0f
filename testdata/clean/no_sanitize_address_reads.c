/* Functions that read past their blocks on purpose and say so with ASan's
 * attribute, on the definition or on a prototype only: a hash reading whole
 * words past a key's end and masking the bytes beyond it, and a scan for a
 * block's end reading words past it. ASan leaves their accesses unchecked,
 * and so does memlens. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t zero_word(const char *s) __attribute__((no_sanitize("address")));

__attribute__((no_sanitize_address)) static uint32_t hash(const char *key, size_t len)
{
	const uint32_t *w = (const uint32_t *)key;
	uint32_t h = 2166136261u;
	for (; len >= 4; len -= 4, w++)
		h = (h ^ *w) * 16777619u;
	if (len)
		h = (h ^ (*w & (0xffffffffu >> (8 * (4 - len))))) * 16777619u;
	return h;
}

/* the index of the first word of s holding a zero byte */
static size_t zero_word(const char *s)
{
	const uint64_t *w = (const uint64_t *)s;
	size_t i = 0;
	while (((w[i] - 0x0101010101010101u) & ~w[i] & 0x8080808080808080u) == 0)
		i++;
	return i;
}

int main(void)
{
	static const char *const words[] = {"a", "memlens", "sanitizer", "hash"};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		size_t len = strlen(words[i]);
		char *key = malloc(len);
		memcpy(key, words[i], len);
		printf("%s %08x\n", words[i], (unsigned)hash(key, len));
		free(key);
	}
	char *s = malloc(12);
	memcpy(s, "abcdefghijk", 12);
	printf("%zu\n", zero_word(s));
	free(s);
	return 0;
}
