#include <cstdio>
#include <cstdlib>

extern "C" char *util_dup(const char *);
extern "C" int util_fill(int, int);

int main(int argc, char **)
{
	char *s = util_dup("mixed");
	std::printf("%s %d\n", s, util_fill(4, argc > 1));
	std::free(s);
	return 0;
}
