/* Only the macros of this file are taken (-imacros). */
#define GREETING "hello"
#define REPEAT 3
int never_declared_by_imacros(void);
