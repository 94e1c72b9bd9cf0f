/* main returns a status that is set on one path only.
 * memlens:exit 0
 */
int main(int argc, char **argv)
{
	int status;
	(void)argv;
	if (argc > 2)
		status = 1;
	return status * 0; // want UNINITIALIZED-READ
}
