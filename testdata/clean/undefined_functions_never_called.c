/* Functions declared, never defined, whose calls gcc never emits: one in a
 * static inline function of a header that nothing calls (mbedtls 2.28's
 * mbedtls_ssl_sig_hash_set_init calls mbedtls_ssl_sig_hash_set_const_hash,
 * which is in libmbedtls, and libmbedcrypto's programs include the header
 * without linking it), one under a condition gcc folds at every level
 * (a size check calling an undefined function, as the kernel's
 * __bad_size does). gcc's link needs neither; memlens's callee slots
 * named both, so every program of mbedtls failed to link, with no message
 * but collect2's (the driver drops the slots' own lines). */
#include <stdio.h>

extern void defined_in_another_library(int *set);
extern void bad_size(void);

static inline void set_init(int *set)
{
	defined_in_another_library(set);
}

#define CHECK_SIZE(x)                 \
	do {                          \
		if (sizeof(x) != 4)   \
			bad_size();   \
	} while (0)

int main(void)
{
	int v = 3;
	CHECK_SIZE(v);
	printf("%d\n", v);
	return 0;
}
