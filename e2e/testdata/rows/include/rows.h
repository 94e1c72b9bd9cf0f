/* A library's API, in a system header (as libpng's and libjpeg's are):
 * it fills n rows of w samples each, which rows points to. */
void rows_fill(unsigned char **rows, int n, int w);
