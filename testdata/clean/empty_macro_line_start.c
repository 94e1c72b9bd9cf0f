/* From mir's c-tests (lacc/macro-repeat-expand.c): a declaration whose line
 * starts with a macro that expands to nothing is a line that starts with a
 * blank in gcc's preprocessed text. memlens placed a line marker right after
 * that blank, which gcc took for a stray '#' in the program. (The first
 * declaration of the unit: no header before it.) */
#define STD_TYPE		
#define UQUAD_TYPE unsigned long int

STD_TYPE UQUAD_TYPE dev_count;

int printf(const char *, ...);

int main(void)
{
	dev_count += 3;
	printf("%lu\n", dev_count);
	return 0;
}
