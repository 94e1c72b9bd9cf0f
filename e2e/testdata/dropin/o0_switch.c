/* At -O0 with -Werror=return-type: a switch that returns on every path. */
#include <stdio.h>

enum color { RED, GREEN };

static const char *name(enum color c)
{
	switch (c) {
	case RED:
		return "red";
	case GREEN:
		return "green";
	}
	return "?";
}

int main(void)
{
	puts(name(GREEN));
	return 0;
}
