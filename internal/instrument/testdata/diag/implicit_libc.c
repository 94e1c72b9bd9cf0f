/* libc's functions called with no declaration in sight and with other
 * arguments than libc's (gcc's torture test pr38360): gcc compiles the calls
 * as written, so memlens must not make them calls of its checked
 * replacements, which take libc's arguments. */
int main(void)
{
	fputs("");
	return 0;
}
