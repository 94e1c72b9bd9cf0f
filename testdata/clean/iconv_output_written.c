/* iconv writes its output through the cursor *outbuf and moves it past
 * the bytes it wrote, as the compression libraries' stream calls do: those
 * bytes are defined (gnulib's test-iconv and test-striconv, run by GNU
 * grep 3.8's make check, compare them with memcmp). */
#include <iconv.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	iconv_t cd = iconv_open("UTF-8", "ISO-8859-1");
	if (cd == (iconv_t)-1) {
		puts("no converter");
		return 0;
	}
	char input[] = "\304rger"; /* "Ärger" in ISO-8859-1 */
	char buf[50];
	char *inptr = input, *outptr = buf;
	size_t inbytes = strlen(input), outbytes = sizeof buf;
	size_t r = iconv(cd, &inptr, &inbytes, &outptr, &outbytes);
	if (r != 0 || inbytes != 0)
		return 1;
	const char *expected = "\303\204rger";
	puts(memcmp(buf, expected, strlen(expected)) == 0 && outptr - buf == 6 ? "converted" : "differs");
	iconv_close(cd);
	return 0;
}
