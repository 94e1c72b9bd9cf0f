/* gcc's error, and gcc's alone: no message of memlens's own. */
int main(void)
{
	int x = ;
	return x;
}
