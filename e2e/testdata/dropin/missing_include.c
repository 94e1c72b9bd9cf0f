/* A header that is not there: gcc's one fatal error, once. */
#include "not_there.h"

int main(void) { return 0; }
